/* SPDX-License-Identifier: MIT */
/* flametui - perf_pipe.c: see perf_pipe.h. */
#include "config.h"

#include "input/perf_pipe.h"

#include <pthread.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

#include "core/strtab.h"
#include "core/trie.h"
#include "core/util.h"

#define PIPE_BATCH_FRAMES 16384u
#define PIPE_NBATCHES 4u
#define PIPE_PREFETCH 12u      /* frames between the prefetch of a probe and the probe */
#define PIPE_FAULT_NODES ((size_t)1 << 17) /* node pages (4 MiB) faulted in ahead */
#define PIPE_FAULT_STEP ((uintptr_t)2 << 20)

struct pipe_frame {
    uint64_t hash, phash;
    uint32_t off, len;         /* in the batch's bytes; not there when id was sent before */
    uint32_t id;               /* the parser's id of the name (perf_stack_frame), or NONE */
};
struct pipe_stack {
    struct count period;
    uint32_t n;                /* frames */
};
struct batch {
    struct pipe_frame *f;
    size_t nf, capf;
    struct pipe_stack *s;
    size_t ns, caps;
    struct buf bytes;
};

struct perf_pipe {
    struct trie *t;
    size_t batch_frames;
    unsigned nb;
    struct batch *b;
    pthread_mutex_t mu;
    pthread_cond_t filled;     /* head moved or closed */
    pthread_cond_t drained;    /* tail moved */
    size_t head;               /* batches handed over (the producer fills b[head % nb]) */
    size_t tail;               /* batches inserted (the consumer reads b[tail % nb]) */
    bool closed;
    void (*idle)(void *);      /* perf_pipe_idle */
    void *idle_ctx;
    /* names by the parser's ids: the producer sends the bytes of an id once (sent), the
     * consumer keeps the trie's name of it (names) */
    unsigned char *sent;
    size_t sent_cap;
    uint32_t *names;
    size_t names_cap;
    /* the node pages the consumer will write next (trie_next_nodes), faulted in by
     * whichever side waits for the other, and how far that went (under mu) */
    uintptr_t fault_lo, fault_hi, fault_done;
};

struct perf_pipe *perf_pipe_new(struct trie *t, size_t batch_frames, unsigned nbatches)
{
    struct perf_pipe *pp = xcalloc(1, sizeof *pp);
    pp->t = t;
    pp->batch_frames = batch_frames ? batch_frames : PIPE_BATCH_FRAMES;
    pp->nb = nbatches >= 2 ? nbatches : PIPE_NBATCHES;
    pp->b = xcalloc(pp->nb, sizeof *pp->b);
    pthread_mutex_init(&pp->mu, NULL);
    pthread_cond_init(&pp->filled, NULL);
    pthread_cond_init(&pp->drained, NULL);
    return pp;
}

void perf_pipe_free(struct perf_pipe *pp)
{
    if (!pp)
        return;
    for (unsigned i = 0; i < pp->nb; i++) {
        free(pp->b[i].f);
        free(pp->b[i].s);
        buf_fini(&pp->b[i].bytes);
    }
    free(pp->b);
    free(pp->sent);
    free(pp->names);
    pthread_mutex_destroy(&pp->mu);
    pthread_cond_destroy(&pp->filled);
    pthread_cond_destroy(&pp->drained);
    free(pp);
}

/* With mu held, by a side that would wait: faults in the next piece of the node pages
 * the consumer will write (the first write of a fresh page costs the kernel's zeroing,
 * which can be most of the consumer's time), mu released meanwhile. False: nothing
 * left to do. A hint: when the array moved meanwhile, madvise fails or touches memory
 * of this process that is unused; it never reads or writes the nodes. */
static bool fault_step(struct perf_pipe *pp)
{
#ifdef MADV_POPULATE_WRITE
    uintptr_t a = pp->fault_done > pp->fault_lo ? pp->fault_done : pp->fault_lo;
    a = (a + PIPE_FAULT_STEP - 1) & ~(PIPE_FAULT_STEP - 1);
    if (a + PIPE_FAULT_STEP > pp->fault_hi)
        return false;
    pp->fault_done = a + PIPE_FAULT_STEP;
    pthread_mutex_unlock(&pp->mu);
    if (madvise((void *)a, PIPE_FAULT_STEP, MADV_POPULATE_WRITE) != 0)
        a = 0;
    pthread_mutex_lock(&pp->mu);
    if (!a)
        pp->fault_hi = 0; /* not supported (or the range went): stop */
    return true;
#else
    (void)pp;
    return false;
#endif
}

/* Producer: hands b[head] over and waits until the next one is free. */
static void hand_over(struct perf_pipe *pp)
{
    pthread_mutex_lock(&pp->mu);
    pp->head++;
    pthread_cond_signal(&pp->filled);
    while (pp->head - pp->tail >= pp->nb)
        if (!fault_step(pp))
            pthread_cond_wait(&pp->drained, &pp->mu);
    pthread_mutex_unlock(&pp->mu);
}

void perf_pipe_stack(void *ctx, const struct perf_stack_frame *f, size_t n, struct count c)
{
    struct perf_pipe *pp = ctx;
    struct batch *b = &pp->b[pp->head % pp->nb]; /* only the producer moves head */
    if (n > UINT32_MAX)
        die("perf record too large");
    if (b->ns == b->caps)
        FT_GROW(b->s, b->caps, b->ns + 1);
    if (b->nf + n > b->capf)
        FT_GROW(b->f, b->capf, b->nf + n);
    b->s[b->ns++] = (struct pipe_stack){c, (uint32_t)n};
    /* one pass: most frames have an id sent before, and no bytes to copy */
    struct pipe_frame *out = b->f + b->nf;
    for (size_t i = 0; i < n; i++) {
        uint32_t id = f[i].id, len = f[i].len;
        out[i] = (struct pipe_frame){f[i].hash, f[i].phash, (uint32_t)b->bytes.len, len, id};
        if (id != UINT32_MAX) {
            if (id < pp->sent_cap && pp->sent[id])
                continue; /* the consumer knows it by now */
            if (id >= pp->sent_cap) {
                size_t old = pp->sent_cap;
                FT_GROW(pp->sent, pp->sent_cap, (size_t)id + 1);
                memset(pp->sent + old, 0, pp->sent_cap - old);
            }
            pp->sent[id] = 1;
        }
        if (len > UINT32_MAX - b->bytes.len)
            die("perf input batch too large");
        buf_append(&b->bytes, f[i].p, len);
    }
    b->nf += n;
    if (b->nf >= pp->batch_frames)
        hand_over(pp);
}

void perf_pipe_close(struct perf_pipe *pp)
{
    struct batch *b = &pp->b[pp->head % pp->nb];
    pthread_mutex_lock(&pp->mu);
    if (b->ns)
        pp->head++;
    pp->closed = true;
    pthread_cond_signal(&pp->filled);
    pthread_mutex_unlock(&pp->mu);
}

/* Consumer: the trie's name of frame f (whose bytes are there the first time its id
 * comes, which is also the first time it is looked up: both sides go in order). */
static uint32_t frame_name(struct perf_pipe *pp, const struct pipe_frame *f, const char *bytes)
{
    if (f->id == UINT32_MAX)
        return strtab_intern_h(trie_names(pp->t), bytes + f->off, f->len, f->hash);
    if (f->id >= pp->names_cap) {
        size_t old = pp->names_cap;
        FT_GROW(pp->names, pp->names_cap, (size_t)f->id + 1);
        memset(pp->names + old, 0xff, (pp->names_cap - old) * sizeof *pp->names);
    }
    uint32_t *nm = &pp->names[f->id];
    if (*nm == UINT32_MAX)
        *nm = strtab_intern_h(trie_names(pp->t), bytes + f->off, f->len, f->hash);
    return *nm;
}

/* Consumer: the probes of a batch, prefetched a few frames ahead across stacks. */
static size_t insert_batch(struct perf_pipe *pp, struct batch *b)
{
    struct trie *t = pp->t;
    const struct pipe_frame *f = b->f;
    const char *bytes = b->bytes.p ? b->bytes.p : ""; /* all names empty: no bytes */
    size_t nf = b->nf, k = 0;
    for (size_t i = 0; i < PIPE_PREFETCH && i < nf; i++)
        trie_prefetch(t, f[i].phash);
    for (size_t s = 0; s < b->ns; s++) {
        uint32_t node = TRIE_ROOT;
        for (uint32_t i = 0; i < b->s[s].n; i++, k++) {
            if (k + PIPE_PREFETCH < nf)
                trie_prefetch(t, f[k + PIPE_PREFETCH].phash);
            node = trie_child_named(t, node, f[k].phash, frame_name(pp, &f[k], bytes));
        }
        trie_add(t, node, b->s[s].period); /* the consumer has time to spare */
    }
    size_t ns = b->ns;
    b->nf = b->ns = 0;
    b->bytes.len = 0;
    return ns;
}

void perf_pipe_idle(struct perf_pipe *pp, void (*fn)(void *), void *ctx)
{
    pp->idle = fn;
    pp->idle_ctx = ctx;
}

size_t perf_pipe_consume(struct perf_pipe *pp)
{
    size_t stacks = 0;
    for (;;) {
        if (pp->idle)
            pp->idle(pp->idle_ctx);
        void *np;
        size_t nlen;
        trie_next_nodes(pp->t, PIPE_FAULT_NODES, &np, &nlen);
        pthread_mutex_lock(&pp->mu);
        if (pp->fault_hi || !pp->fault_lo) { /* (0 after a failed madvise: off) */
            pp->fault_lo = (uintptr_t)np;
            pp->fault_hi = (uintptr_t)np + nlen;
        }
        while (pp->tail == pp->head && !pp->closed)
            if (!fault_step(pp))
                pthread_cond_wait(&pp->filled, &pp->mu);
        bool done = pp->tail == pp->head; /* and closed */
        pthread_mutex_unlock(&pp->mu);
        if (done)
            return stacks;
        stacks += insert_batch(pp, &pp->b[pp->tail % pp->nb]);
        pthread_mutex_lock(&pp->mu);
        pp->tail++;
        pthread_cond_signal(&pp->drained);
        pthread_mutex_unlock(&pp->mu);
    }
}
