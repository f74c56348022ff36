/* SPDX-License-Identifier: MIT */
/* flametui - perf_mt.c: see perf_mt.h. */
#include "config.h"

#include "input/perf_mt.h"

#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "input/mapguard.h"
#include "input/parse_perf.h"
#include "input/stack_pipe.h"
#include "core/trie.h"
#include "core/util.h"

#define SLICE_BYTES ((size_t)8 << 20) /* parsed between two page releases */
#define POPULATE_BYTES ((size_t)2 << 20) /* mapped ahead of the producer at once */

/* --- the threads ------------------------------------------------------------------ */

static size_t slice_bytes = SLICE_BYTES;
static size_t pipe_frames; /* 0: stack_pipe's default */

void perf_mt_tune(size_t slice, size_t batch_frames)
{
    slice_bytes = slice ? slice : SLICE_BYTES;
    pipe_frames = batch_frames;
}

struct job {
    struct perf_parser *p;
    const char *buf;
    size_t len, max_line;
    bool release;
    bool faulted;
    struct stack_pipe *pipe;   /* the producer of a pipeline, else NULL */
    size_t pos;                /* producer: parsed up to here (atomic) */
    size_t mapped;             /* consumer: pages mapped up to here */
    size_t released;           /* consumer: pages given back below here */
};

static void release(const char *from, const char *to)
{
    size_t pg = (size_t)sysconf(_SC_PAGESIZE);
    uintptr_t a = ((uintptr_t)from + pg - 1) & ~(uintptr_t)(pg - 1);
    uintptr_t b = (uintptr_t)to & ~(uintptr_t)(pg - 1);
    if (b > a)
        madvise((void *)a, b - a, MADV_DONTNEED); /* a hint: failure is harmless */
}

#ifdef MADV_POPULATE_READ
static void populate(const char *from, size_t n)
{
    size_t pg = (size_t)sysconf(_SC_PAGESIZE);
    uintptr_t a = (uintptr_t)from & ~(uintptr_t)(pg - 1);
    uintptr_t b = ((uintptr_t)from + n + pg - 1) & ~(uintptr_t)(pg - 1);
    madvise((void *)a, b - a, MADV_POPULATE_READ); /* a hint: a shrunk file fails it */
}
#endif

/* Parses the whole buffer (under the guard). */
static void parse_job(void *arg)
{
    struct job *j = arg;
    struct perf_parser *p = j->p;
    size_t pos = 0, slice = slice_bytes, released = 0;
    size_t cap = j->max_line ? j->max_line : SIZE_MAX;
    while (pos < j->len) {
        size_t n = j->len - pos;
        bool last = n <= slice;
        if (!last)
            n = slice;
#ifdef MADV_POPULATE_READ
        if (j->release && !j->pipe) /* one call maps the slice, not a fault per 64 KiB */
            populate(j->buf + pos, n);
#endif
        size_t used = perf_feed(p, j->buf + pos, n, last);
        pos += used;
        __atomic_store_n(&j->pos, pos, __ATOMIC_RELAXED);
        if (used == 0 && !last) {
            /* a line longer than the slice: grow the slice to it, or skip it when it is
             * longer than the cap (found in linear time either way) */
            size_t rem = j->len - pos, look = rem;
            if (cap < SIZE_MAX && cap + 1 < look)
                look = cap + 1;
            const char *nl = memchr(j->buf + pos, '\n', look);
            if (nl) {
                size_t need = (size_t)(nl - (j->buf + pos)) + 1;
                /* --srcline may want the lines after it as well: then double */
                slice = need > slice ? need : slice * 2;
            } else if (look < rem) {
                perf_long_line(p);
                nl = memchr(j->buf + pos + look, '\n', rem - look);
                pos = nl ? (size_t)(nl - j->buf) + 1 : j->len;
            } else {
                slice = rem;
            }
        }
        if (j->release && !j->pipe && pos - released >= SLICE_BYTES) {
            release(j->buf + released, j->buf + pos);
            released = pos;
        }
    }
    if (j->release && !j->pipe)
        release(j->buf + released, j->buf + pos);
}

/* Consumer (it waits for the producer anyway): maps the input pages ahead of the
 * producer, so that its reads do not fault them in one by one, and gives back those it
 * parsed. Hints: a truncated file makes madvise fail, not fault. */
static void map_ahead(void *arg)
{
    struct job *j = arg;
    size_t pos = __atomic_load_n(&j->pos, __ATOMIC_RELAXED);
    /* the pages it parsed are given back here too (the producer never reads below pos
     * again; the names in batches are copies) */
    if (pos - j->released >= SLICE_BYTES) {
        release(j->buf + j->released, j->buf + pos);
        j->released = pos;
    }
#ifdef MADV_POPULATE_READ
    /* the producer's position moves once per slice: stay a slice ahead of it, a step
     * at a time (between two batches) */
    if (j->mapped < pos)
        j->mapped = pos;
    size_t want = pos + SLICE_BYTES + POPULATE_BYTES;
    if (want > j->len)
        want = j->len;
    if (j->mapped >= want)
        return;
    if (want - j->mapped > POPULATE_BYTES)
        want = j->mapped + POPULATE_BYTES;
    size_t pg = (size_t)sysconf(_SC_PAGESIZE);
    uintptr_t a = ((uintptr_t)j->buf + j->mapped) & ~(uintptr_t)(pg - 1);
    uintptr_t b = ((uintptr_t)j->buf + want + pg - 1) & ~(uintptr_t)(pg - 1);
    if (madvise((void *)a, b - a, MADV_POPULATE_READ) != 0)
        j->mapped = j->len; /* not supported, or the file shrank: stop */
    else
        j->mapped = want;
#endif
}

static void run_producer(void *arg)
{
    struct job *j = arg;
    j->faulted = map_guard(j->buf, j->len, parse_job, j) < 0;
    stack_pipe_close(j->pipe, NULL); /* also after a fault: the consumer must end */
}

/* Parses on a second thread through a stack_pipe, inserting here. False: no thread
 * could be started (nothing was parsed). */
static bool parse_piped(struct trie *t, struct job *j)
{
    struct stack_pipe_opts po = {.batch_frames = pipe_frames};
    j->pipe = stack_pipe_new(t, &po);
    struct stack_sink sink = stack_pipe_sink(j->pipe);
    perf_set_sink(j->p, &sink);
    if (j->release) /* a file mapping */
        stack_pipe_idle(j->pipe, map_ahead, j);
    bool piped = stack_pipe_start(j->pipe, run_producer, j) == 0;
    if (piped) {
        size_t bytes = 0;
        while (stack_pipe_step(j->pipe, SIZE_MAX, -1, &bytes, NULL) > 0)
            continue;
    } else {
        perf_set_sink(j->p, NULL); /* no thread: parse here */
    }
    stack_pipe_free(j->pipe);   /* joins the producer */
    j->pipe = NULL;
    return piped;
}

void perf_mt_stats_of(const struct perf_parser *p, struct perf_mt_stats *st)
{
    struct perf_mt_stats s = {.last_time = -1};
    s.samples = perf_samples(p);
    s.no_callchain = perf_no_callchain(p);
    s.skipped = perf_skipped(p, &s.first_skipped);
    s.long_lines = perf_long_lines(p, &s.first_long);
    s.lines = perf_lines(p);
    s.last_time = perf_last_time(p);
    for (size_t i = 0; i < PERF_EVENTS_MAX; i++) {
        const char *name;
        size_t nlen;
        struct perf_mt_event *e = &s.events[i];
        if (perf_events(p, i, &name, &nlen, &e->samples) <= i)
            break;
        snprintf(e->name, sizeof(e->name), "%.*s", (int)nlen, name);
        s.nevents = i + 1;
    }
    *st = s;
}

int perf_parse_buffer_mt(struct trie *t, const struct perf_opts *o, const char *buf, size_t len,
                         int nthreads, bool release_pages, struct perf_mt_stats *st)
{
    struct job j = {.p = perf_new(t, o),
                    .buf = buf, .len = len, .max_line = o->max_line, .release = release_pages};
    /* the time index (o->samples) needs leaf nodes in input order: one thread then */
    bool piped = nthreads >= 2 && !o->samples && parse_piped(t, &j);
    if (!piped)
        j.faulted = map_guard(buf, len, parse_job, &j) < 0;
    else if (release_pages)
        release(buf + j.released, buf + len);

    struct perf_parser *p = j.p;
    struct perf_mt_stats s;
    perf_mt_stats_of(p, &s);
    perf_free(p);
    if (st)
        *st = s;
    return j.faulted ? -1 : 0;
}
