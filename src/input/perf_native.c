/* SPDX-License-Identifier: MIT */
/* flametui - perf_native.c: see perf_native.h. */
#include "config.h"

#include "input/perf_native.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "input/mapguard.h"
#include "input/perfdata.h"
#include "input/stack_pipe.h"

#define HAND_OVER_BYTES ((size_t)1 << 20) /* record bytes between two progress reports */
#define RELEASE_BYTES ((size_t)8 << 20)   /* file pages given back at a time */
#define PIPE_BATCHES 8u   /* the ring: room for the producer while the trie's owner
                           * faults in node pages (a fresh huge page can take ms) */

struct perf_native {
    const struct pd_file *f;
    struct perf_parser *p;
    struct pd_machine *m;
    const uint64_t *off;        /* the records in perf's order (pd_records) */
    uint64_t *own_off;          /* off when made here, else NULL */
    uint64_t *low;              /* low[i]: the lowest of off[i..n) */
    size_t n, next;
    uint64_t released;          /* the file's pages below are given back */
    bool ended, faulted;
    struct stack_pipe *pipe;    /* threaded: the producer's pipe, else NULL */
    size_t step_max;            /* a step's bytes (map_guard's argument) */
    size_t step_bytes;
};

static uint16_t rec_size(const unsigned char *r)
{
    uint16_t size;
    memcpy(&size, r + 6, 2);
    return size;
}

/* Gives back the pages of the file below the records still to come (they are read
 * again from the file if touched: a hint), so a big file does not stay in memory. */
static void release_read(struct perf_native *n)
{
    uint64_t upto = n->next < n->n ? n->low[n->next] : n->f->len;
    uint64_t pg = (uint64_t)sysconf(_SC_PAGESIZE);
    uint64_t from = n->released > n->f->data_off ? n->released : n->f->data_off;
    from = (from + pg - 1) / pg * pg;
    upto = upto / pg * pg;
    if (upto < from + RELEASE_BYTES)
        return;
    madvise((void *)(uintptr_t)(n->f->p + from), upto - from, MADV_DONTNEED);
    n->released = upto;
}

/* Records from n->next on, until step_max bytes were read. */
static void run_records(void *arg)
{
    struct perf_native *n = arg;
    size_t bytes = 0;
    while (n->next < n->n && bytes < n->step_max) {
        const unsigned char *r = n->f->p + n->off[n->next++];
        pd_machine_record(n->m, r);
        bytes += rec_size(r);
    }
    n->step_bytes = bytes;
    release_read(n);
}

static void end_machine(struct perf_native *n)
{
    if (n->m) {
        char why[64];
        pd_machine_end(n->m, why, sizeof why);   /* no text: cannot fail */
        n->m = NULL;
    }
    n->ended = true;
}

/* The producer thread: every record, a hand-over per HAND_OVER_BYTES. */
static void produce(void *arg)
{
    struct perf_native *n = arg;
    n->step_max = HAND_OVER_BYTES;
    while (n->next < n->n) {
        if (map_guard(n->f->p, n->f->len, run_records, n) < 0) {
            n->faulted = true;
            break;
        }
        stack_pipe_input(n->pipe, n->step_bytes);
        if (n->next < n->n && !stack_pipe_hand_over(n->pipe))
            break;
    }
    end_machine(n);
    struct ft_error e = {0, "changed while it was read"};
    stack_pipe_close(n->pipe, n->faulted ? &e : NULL);
}

struct perf_native *perf_native_new(const struct pd_file *f, struct trie *t,
                                    const struct perf_opts *o, bool threaded)
{
    struct perf_native *n = xcalloc(1, sizeof *n);
    n->f = f;
    n->p = perf_new(t, o);
    n->m = pd_machine_new_parser(f, n->p);
    if (threaded)
        pd_machine_preload_kernel(n->m);   /* ready, on its own thread, by the first kernel frame */
    n->off = pd_records(f, &n->n, &n->own_off);
    n->low = xmalloc((n->n ? n->n : 1) * sizeof *n->low);
    for (size_t i = n->n; i-- > 0;)
        n->low[i] = i + 1 < n->n && n->low[i + 1] < n->off[i] ? n->low[i + 1] : n->off[i];
    if (!threaded || o->samples)
        return n;
    struct stack_pipe_opts po = {.nbatches = PIPE_BATCHES};
    n->pipe = stack_pipe_new(t, &po);
    struct stack_sink sink = stack_pipe_sink(n->pipe);
    perf_set_sink(n->p, &sink);
    if (stack_pipe_start(n->pipe, produce, n) < 0) {   /* no thread: in steps here */
        perf_set_sink(n->p, NULL);
        stack_pipe_free(n->pipe);
        n->pipe = NULL;
    }
    return n;
}

int perf_native_step(struct perf_native *n, size_t max_bytes, int wait_ms, size_t *bytes,
                     struct ft_error *err)
{
    if (n->pipe) {
        int rc = stack_pipe_step(n->pipe, max_bytes, wait_ms, bytes, err);
        if (rc <= 0) {
            stack_pipe_free(n->pipe);   /* joins the producer: its counters are final */
            n->pipe = NULL;
        }
        return rc;
    }
    if (n->ended)
        return 0;
    n->step_max = max_bytes ? max_bytes : 1;
    if (map_guard(n->f->p, n->f->len, run_records, n) < 0) {
        n->faulted = true;
        end_machine(n);
        ft_error_set(err, 0, "changed while it was read");
        return -1;
    }
    *bytes += n->step_bytes;
    if (n->next < n->n)
        return 1;
    end_machine(n);
    return 0;
}

/* The parser's counters may be read: no thread reads into it. */
static bool readable(const struct perf_native *n)
{
    return !n->pipe;
}

void perf_native_stats(const struct perf_native *n, struct perf_mt_stats *st)
{
    struct perf_mt_stats s = {.last_time = -1};
    if (!readable(n)) {
        s.samples = stack_pipe_samples(n->pipe);
        *st = s;
        return;
    }
    perf_mt_stats_of(n->p, st);
}

size_t perf_native_events(const struct perf_native *n, size_t i, const char **name,
                          size_t *len, size_t *samples)
{
    return readable(n) ? perf_events(n->p, i, name, len, samples) : 0;
}

void perf_native_trie_replaced(struct perf_native *n)
{
    if (n->pipe)
        stack_pipe_trie_replaced(n->pipe);
}

void perf_native_free(struct perf_native *n)
{
    if (!n)
        return;
    stack_pipe_free(n->pipe);   /* stops and joins the producer */
    if (n->m) {
        char why[64];
        pd_machine_end(n->m, why, sizeof why);
    }
    perf_free(n->p);
    free(n->own_off);
    free(n->low);
    free(n);
}

/* -- perf's pipe format, pushed */

struct perf_native_stream {
    struct perf_parser *p;
    struct pd_stream *s;
    bool ended;
};

struct perf_native_stream *perf_native_stream_new(struct trie *t, const struct perf_opts *o)
{
    struct perf_native_stream *n = xcalloc(1, sizeof *n);
    n->p = perf_new(t, o);
    n->s = pd_stream_new(n->p, -1, o->srcline);
    return n;
}

size_t perf_native_stream_feed(struct perf_native_stream *n, const void *p, size_t len,
                               bool eof, struct ft_error *err)
{
    if (n->ended)
        return len;
    char why[200];
    bool ok = pd_stream_push(n->s, p, len);
    if (ok && !eof)
        return len;
    n->ended = true;
    if (pd_stream_end(n->s, why, sizeof why) < 0) {
        ft_error_set(err, 0, "%s", why);
        return (size_t)-1;
    }
    return len;
}

const struct perf_parser *perf_native_stream_parser(const struct perf_native_stream *n)
{
    return n->p;
}

size_t perf_native_stream_late_execs(const struct perf_native_stream *n)
{
    return pd_stream_late_execs(n->s);
}

void perf_native_stream_free(struct perf_native_stream *n)
{
    if (!n)
        return;
    pd_stream_free(n->s);
    perf_free(n->p);
    free(n);
}
