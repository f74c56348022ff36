/* SPDX-License-Identifier: MIT */
/* flametui - stack_pipe.c: see stack_pipe.h.
 * A batch holds, per stack, its count, how many frames it shares with the stack before
 * it and its frame count; per new frame, the name's hash, the path hash, the name's
 * number and, the first time a number comes (or when a name has none), its bytes. The
 * consumer keeps the node of each frame of the previous stack, so a shared prefix costs
 * nothing, prefetches the trie slots of the frames a few ahead, and keeps the string
 * table id of every number. */
#include "config.h"

#include "input/stack_pipe.h"

#include <errno.h>
#include <pthread.h>
#include <signal.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <time.h>

#include "core/stacks.h"
#include "core/strtab.h"
#include "core/trie.h"

#define SP_BATCH_FRAMES 16384u
#define SP_NBATCHES 4u
#define SP_FULL_BYTES ((size_t)4 << 20)  /* a batch is handed over past this many bytes */
#define SP_PREFETCH 12u                   /* frames between a prefetch and its probe */
#define SP_FAULT_NODES ((size_t)1 << 17)  /* nodes (4 MiB) faulted in ahead */
#define SP_FAULT_STEP ((uintptr_t)2 << 20)
#define SP_MAX_NAMES (1u << 22)           /* names the pipe numbers; later ones go as bytes */

struct sp_frame {
    uint64_t hash, phash;
    uint32_t off, len;         /* in the batch's bytes; not there when id was sent before */
    uint32_t id;               /* the name's number, or STACK_ID_NONE */
};
struct sp_stack {
    struct count c;
    uint32_t keep, n;          /* frames shared with the stack before; all frames */
};
struct sp_batch {
    struct sp_frame *f;
    size_t nf, capf;
    struct sp_stack *s;
    size_t ns, caps;
    struct buf bytes;
    size_t in_bytes;           /* input bytes this batch covers */
    size_t skipped;            /* lines skipped up to the batch's end */
    struct ft_error first;
};
/* The pipe's numbers of names without a parser id: records in one arena (the hash, the
 * length, the number, then the bytes, 8-byte aligned), found through slots that hold the
 * top of the hash and the record's offset / 8 + 1, so a probe reads one slot and a hit
 * one record. */
struct pslot {
    uint32_t tag, rec;         /* rec 0: empty */
};
struct prec {
    uint64_t h;
    uint32_t len, pid;
};

struct stack_pipe {
    struct trie *t;
    struct stack_pipe_opts o;
    struct sp_batch *b;
    pthread_mutex_t mu;
    pthread_cond_t filled;     /* head moved or closed */
    pthread_cond_t drained;    /* tail moved or stop */
    size_t head, tail;         /* batches handed over / inserted */
    bool closed, stop, started;
    pthread_t th;
    /* node pages the consumer will write next (trie_next_nodes), faulted in by whichever
     * side waits for the other, and how far that went (under mu) */
    uintptr_t fault_lo, fault_hi, fault_done;
    bool fault_off;
    /* the producer's */
    size_t pending;            /* input bytes parsed since the last hand-over */
    unsigned char *sent;       /* parser ids whose bytes went over */
    size_t sent_cap;
    struct pslot *pslots;      /* opts.number_names: the pipe's name table */
    size_t pmask, npn;
    struct buf pbytes;         /* its records */
    int status;                /* set before closed: 0, or -1 with err */
    struct ft_error err;
    /* the consumer's */
    void (*idle)(void *);
    void *idle_ctx;
    uint32_t *names;           /* string table id of each number (UINT32_MAX: not yet) */
    size_t names_cap;
    uint32_t *nodes;           /* node of each frame of the previous stack, */
    uint32_t *fnames;          /* its name */
    uint64_t *phs;             /* and its path hash */
    size_t capn;
    bool lost;                 /* trie replaced: nodes[] means nothing */
    struct stacks *flat;       /* trie_flat: whole stacks go there, not into nodes */
    uint64_t *flat_h;          /* a batch's stacks' hashes */
    size_t flat_hcap;
    size_t samples, skipped;
    struct ft_error first;
};

struct stack_pipe *stack_pipe_new(struct trie *t, const struct stack_pipe_opts *o)
{
    struct stack_pipe *sp = xcalloc(1, sizeof *sp);
    sp->t = t;
    sp->flat = trie_flat(t);
    sp->fault_off = sp->flat != NULL;   /* no node pages to fault in */
    if (o)
        sp->o = *o;
    if (!sp->o.batch_frames)
        sp->o.batch_frames = SP_BATCH_FRAMES;
    if (!sp->o.fault_nodes)
        sp->o.fault_nodes = SP_FAULT_NODES;
    if (sp->o.nbatches < 2)
        sp->o.nbatches = SP_NBATCHES;
    sp->b = xcalloc(sp->o.nbatches, sizeof *sp->b);
    pthread_mutex_init(&sp->mu, NULL);
    pthread_condattr_t ca;
    pthread_condattr_init(&ca);
    pthread_condattr_setclock(&ca, CLOCK_MONOTONIC);
    pthread_cond_init(&sp->filled, &ca);
    pthread_condattr_destroy(&ca);
    pthread_cond_init(&sp->drained, NULL);
    return sp;
}

struct producer {
    void (*fn)(void *);
    void *arg;
};

static void *run(void *arg)
{
    struct producer pr = *(struct producer *)arg;
    free(arg);
    pr.fn(pr.arg);
    return NULL;
}

int stack_pipe_start(struct stack_pipe *sp, void (*fn)(void *), void *arg)
{
    struct producer *pr = xcalloc(1, sizeof *pr);
    *pr = (struct producer){fn, arg};
    /* signals (the viewer's SIGWINCH, SIGINT, SIGTSTP) go to the calling thread, whose
     * poll() they must interrupt; faults stay with the thread that makes them */
    sigset_t all, old;
    sigfillset(&all);
    sigdelset(&all, SIGBUS);
    sigdelset(&all, SIGSEGV);
    sigdelset(&all, SIGFPE);
    sigdelset(&all, SIGILL);
    sigdelset(&all, SIGABRT);
    pthread_sigmask(SIG_BLOCK, &all, &old);
    int rc = pthread_create(&sp->th, NULL, run, pr);
    pthread_sigmask(SIG_SETMASK, &old, NULL);
    if (rc != 0) {
        free(pr);
        return -1;
    }
    sp->started = true;
    return 0;
}

void stack_pipe_free(struct stack_pipe *sp)
{
    if (!sp)
        return;
    if (sp->started) {
        pthread_mutex_lock(&sp->mu);
        sp->stop = true;
        pthread_cond_broadcast(&sp->drained);
        pthread_mutex_unlock(&sp->mu);
        pthread_join(sp->th, NULL);
    }
    for (unsigned i = 0; i < sp->o.nbatches; i++) {
        free(sp->b[i].f);
        free(sp->b[i].s);
        buf_fini(&sp->b[i].bytes);
    }
    free(sp->b);
    free(sp->sent);
    free(sp->pslots);
    buf_fini(&sp->pbytes);
    free(sp->names);
    free(sp->nodes);
    free(sp->fnames);
    free(sp->phs);
    free(sp->flat_h);
    pthread_mutex_destroy(&sp->mu);
    pthread_cond_destroy(&sp->filled);
    pthread_cond_destroy(&sp->drained);
    free(sp);
}

/* With mu held, by a side that would wait: faults in the next piece of the node pages
 * the consumer will write (the first write of a fresh page costs the kernel's zeroing,
 * which can be most of the consumer's time), mu released meanwhile. False: nothing
 * left to do. A hint: when the array moved meanwhile, madvise fails or touches memory
 * of this process that is unused; it never reads or writes the nodes. */
static bool fault_step(struct stack_pipe *sp)
{
#ifdef MADV_POPULATE_WRITE
    if (sp->fault_off)
        return false;
    uintptr_t a = sp->fault_done > sp->fault_lo ? sp->fault_done : sp->fault_lo;
    a = (a + SP_FAULT_STEP - 1) & ~(SP_FAULT_STEP - 1);
    if (!sp->fault_lo || a + SP_FAULT_STEP > sp->fault_hi)
        return false;
    sp->fault_done = a + SP_FAULT_STEP;
    pthread_mutex_unlock(&sp->mu);
    bool ok = madvise((void *)a, SP_FAULT_STEP, MADV_POPULATE_WRITE) == 0 || errno != EINVAL;
    pthread_mutex_lock(&sp->mu);
    if (!ok)
        sp->fault_off = true; /* an older kernel */
    return true;
#else
    (void)sp;
    return false;
#endif
}

/* --- producer --------------------------------------------------------------------- */

void stack_pipe_input(struct stack_pipe *sp, size_t n)
{
    sp->pending += n;
}

static void mark_batch(struct stack_pipe *sp, struct sp_batch *b)
{
    b->in_bytes = sp->pending;
    sp->pending = 0;
    b->skipped = sp->o.skipped ? sp->o.skipped(sp->o.skipped_ctx, &b->first) : 0;
}

bool stack_pipe_hand_over(struct stack_pipe *sp)
{
    mark_batch(sp, &sp->b[sp->head % sp->o.nbatches]);
    pthread_mutex_lock(&sp->mu);
    sp->head++;
    pthread_cond_signal(&sp->filled);
    while (!sp->stop) {
        size_t ahead = sp->head - sp->tail;
        if (ahead >= sp->o.nbatches / 2 && fault_step(sp))
            continue;   /* well ahead of the consumer: do some of its work */
        if (sp->head - sp->tail < sp->o.nbatches)
            break;
        pthread_cond_wait(&sp->drained, &sp->mu);
    }
    bool go = !sp->stop;
    pthread_mutex_unlock(&sp->mu);
    return go;
}

void stack_pipe_close(struct stack_pipe *sp, const struct ft_error *err)
{
    if (err) {
        sp->status = -1;
        sp->err = *err;
    }
    mark_batch(sp, &sp->b[sp->head % sp->o.nbatches]);
    pthread_mutex_lock(&sp->mu);
    if (!sp->stop)
        sp->head++;   /* the last batch, even empty: it holds the final counts */
    sp->closed = true;
    pthread_cond_signal(&sp->filled);
    pthread_mutex_unlock(&sp->mu);
}

static void pgrow(struct stack_pipe *sp)
{
    size_t ns = sp->pmask ? (sp->pmask + 1) * 2 : 4096;
    struct pslot *sl = xcalloc(ns, sizeof *sl);
    for (size_t off = 0; off < sp->pbytes.len;) {
        struct prec r;
        memcpy(&r, sp->pbytes.p + off, sizeof r);
        size_t j = r.h & (ns - 1);
        while (sl[j].rec)
            j = (j + 1) & (ns - 1);
        sl[j] = (struct pslot){(uint32_t)(r.h >> 32), (uint32_t)(off / 8 + 1)};
        off += sizeof r + ((r.len + 7u) & ~(size_t)7);
    }
    free(sp->pslots);
    sp->pslots = sl;
    sp->pmask = ns - 1;
}

static inline bool same_bytes(const char *a, const char *b, size_t n)
{
    while (n >= 8) {
        uint64_t x, y;
        memcpy(&x, a, 8);
        memcpy(&y, b, 8);
        if (x != y)
            return false;
        a += 8, b += 8, n -= 8;
    }
    while (n && *a == *b)
        a++, b++, n--;
    return n == 0;
}

/* The pipe's number of the name p[0..len) with util_hash h (numbered when new: then
 * *fresh is set; STACK_ID_NONE when the table is full). */
static uint32_t pname_id(struct stack_pipe *sp, const char *p, uint32_t len, uint64_t h,
                         bool *fresh)
{
    if (!sp->pslots)
        pgrow(sp);
    size_t j = h & sp->pmask;
    uint32_t tag = (uint32_t)(h >> 32);
    for (;;) {
        struct pslot x = sp->pslots[j];
        if (!x.rec)
            break;
        if (x.tag == tag) {
            const char *rp = sp->pbytes.p + ((size_t)x.rec - 1) * 8;
            struct prec r;
            memcpy(&r, rp, sizeof r);
            if (r.h == h && r.len == len && same_bytes(rp + sizeof r, p, len))
                return r.pid;
        }
        j = (j + 1) & sp->pmask;
    }
    size_t need = sizeof(struct prec) + ((len + 7u) & ~(size_t)7);
    *fresh = true;
    if (sp->npn >= SP_MAX_NAMES || (sp->pbytes.len + need) / 8 >= UINT32_MAX)
        return STACK_ID_NONE;
    uint32_t id = (uint32_t)sp->npn++;
    size_t off = sp->pbytes.len;
    buf_reserve(&sp->pbytes, need);
    struct prec r = {h, len, id};
    memcpy(sp->pbytes.p + off, &r, sizeof r);
    memset(sp->pbytes.p + off + sizeof r, 0, need - sizeof r);
    if (len)
        memcpy(sp->pbytes.p + off + sizeof r, p, len);
    sp->pbytes.len = off + need;
    sp->pslots[j] = (struct pslot){tag, (uint32_t)(off / 8 + 1)};
    if (sp->npn * 2 > sp->pmask)
        pgrow(sp);
    return id;
}

/* Whether the consumer has the bytes of the parser's id already (marks it sent). */
static bool id_sent(struct stack_pipe *sp, uint32_t id)
{
    if (id < sp->sent_cap && sp->sent[id])
        return true;
    if (id >= sp->sent_cap) {
        size_t old = sp->sent_cap;
        FT_GROW(sp->sent, sp->sent_cap, (size_t)id + 1);
        memset(sp->sent + old, 0, sp->sent_cap - old);
    }
    sp->sent[id] = 1;
    return false;
}

/* The sink: appends the stack (its count and frame counts, then each new frame with the
 * bytes of the names the consumer has not seen), handing the batch over when full. The
 * batch's counts move last (a fault while the input is read leaves no half stack). */
static void sink_stack(void *ctx, const struct stack_frame *f, size_t keep, size_t n,
                       struct count c)
{
    struct stack_pipe *sp = ctx;
    struct sp_batch *b = &sp->b[sp->head % sp->o.nbatches]; /* only the producer moves head */
    size_t nnew = n - keep;
    if (n > UINT32_MAX)
        die("stack too large");
    if (b->ns == b->caps)
        FT_GROW(b->s, b->caps, b->ns + 1);
    if (nnew && b->nf + nnew > b->capf)
        FT_GROW(b->f, b->capf, b->nf + nnew);
    struct sp_frame *out = nnew ? b->f + b->nf : NULL; /* b->f may be NULL */
    for (size_t i = 0; i < nnew; i++) {
        uint32_t id = f[i].id, len = f[i].len;
        bool fresh = true;
        if (id != STACK_ID_NONE) {
            fresh = !id_sent(sp, id);
        } else if (sp->o.number_names) {
            fresh = false;
            id = pname_id(sp, f[i].p, len, f[i].hash, &fresh);
        }
        out[i] = (struct sp_frame){f[i].hash, f[i].phash, (uint32_t)b->bytes.len, len, id};
        if (fresh && len) {   /* bytes no frame refers to are harmless */
            if (len > UINT32_MAX - b->bytes.len)
                die("input batch too large");
            buf_append(&b->bytes, f[i].p, len);
        }
    }
    b->nf += nnew;
    b->s[b->ns++] = (struct sp_stack){c, (uint32_t)keep, (uint32_t)n};
    if (b->bytes.len >= SP_FULL_BYTES || b->nf >= sp->o.batch_frames)
        stack_pipe_hand_over(sp); /* the producer sees a stop at its next hand-over */
}

struct stack_sink stack_pipe_sink(struct stack_pipe *sp)
{
    return (struct stack_sink){sink_stack, sp, trie_phash(sp->t, TRIE_ROOT)};
}

/* --- consumer --------------------------------------------------------------------- */

/* The string table id of frame f (whose bytes are there the first time its number comes,
 * which is also the first time it is looked up: both sides go in order). */
static inline uint32_t frame_name(struct stack_pipe *sp, const struct sp_frame *f,
                                  const char *bytes)
{
    if (f->id == STACK_ID_NONE)
        return strtab_intern_h(trie_names(sp->t), bytes + f->off, f->len, f->hash);
    if (f->id >= sp->names_cap) {
        size_t old = sp->names_cap;
        FT_GROW(sp->names, sp->names_cap, (size_t)f->id + 1);
        memset(sp->names + old, 0xff, (sp->names_cap - old) * sizeof *sp->names);
    }
    uint32_t *nm = &sp->names[f->id];
    if (*nm == UINT32_MAX)
        *nm = strtab_intern_h(trie_names(sp->t), bytes + f->off, f->len, f->hash);
    return *nm;
}

/* After trie_replace: the kept frames of the stack are found again by their names and
 * path hashes (the string table is the same). */
static uint32_t resolve_kept(struct stack_pipe *sp, uint32_t keep)
{
    uint32_t node = TRIE_ROOT;
    for (uint32_t i = 0; i < keep; i++) {
        node = trie_child_named(sp->t, node, sp->phs[i], sp->fnames[i]);
        sp->nodes[i] = node;
    }
    return node;
}

static void reserve_nodes(struct stack_pipe *sp, size_t n)
{
    size_t c = sp->capn;
    FT_GROW(sp->nodes, c, n);
    c = sp->capn;
    FT_GROW(sp->fnames, c, n);
    c = sp->capn;
    FT_GROW(sp->phs, c, n);
    sp->capn = c;
}

/* A flat table's batch: each stack's names (those of the frames kept from the stack
 * before are still in fnames) go to the table under the path hash of the last frame. A
 * stack of no frames goes to the root. */
static void insert_flat(struct stack_pipe *sp, const struct sp_batch *b)
{
    const struct sp_frame *f = b->f;
    const char *bytes = b->bytes.p ? b->bytes.p : "";
    size_t k = 0;
    /* the stacks' hashes first (0: one with no new frame), for the table's memory to be
     * asked for a few stacks ahead */
    FT_GROW(sp->flat_h, sp->flat_hcap, b->ns);
    for (size_t si = 0; si < b->ns; si++) {
        k += b->s[si].n - b->s[si].keep;
        sp->flat_h[si] = b->s[si].n > b->s[si].keep ? f[k - 1].phash : 0;
    }
    k = 0;
    for (size_t si = 0; si < b->ns; si++) {
        const struct sp_stack *s = &b->s[si];
        for (unsigned st = 0; st < 3; st++)
            if (si + 6 - 2 * st < b->ns && sp->flat_h[si + 6 - 2 * st])
                stacks_prefetch_key(sp->flat, sp->flat_h[si + 6 - 2 * st], st);
        if (s->n > sp->capn)
            reserve_nodes(sp, s->n);
        for (uint32_t i = s->keep; i < s->n; i++, k++) {
            sp->fnames[i] = frame_name(sp, &f[k], bytes);
            sp->phs[i] = f[k].phash;
        }
        if (s->n)
            stacks_add(sp->flat, sp->fnames, s->n, sp->phs[s->n - 1], s->c);
        else
            trie_add(sp->t, TRIE_ROOT, s->c);
    }
}

static void insert_nodes(struct stack_pipe *sp, const struct sp_batch *b)
{
    struct trie *t = sp->t;
    const struct sp_frame *f = b->f;
    const char *bytes = b->bytes.p ? b->bytes.p : ""; /* all names empty: no bytes */
    size_t nf = b->nf, k = 0;
    for (size_t i = 0; i < SP_PREFETCH && i < nf; i++)
        trie_prefetch(t, f[i].phash);
    for (size_t si = 0; si < b->ns; si++) {
        const struct sp_stack *s = &b->s[si];
        if (s->n > sp->capn)
            reserve_nodes(sp, s->n);
        uint32_t node = TRIE_ROOT;
        if (s->keep)
            node = sp->lost ? resolve_kept(sp, s->keep) : sp->nodes[s->keep - 1];
        sp->lost = false;
        for (uint32_t i = s->keep; i < s->n; i++, k++) {
            if (k + SP_PREFETCH < nf)
                trie_prefetch(t, f[k + SP_PREFETCH].phash);
            uint32_t name = frame_name(sp, &f[k], bytes);
            node = trie_child_named(t, node, f[k].phash, name);
            sp->nodes[i] = node;
            sp->fnames[i] = name;
            sp->phs[i] = f[k].phash;
        }
        trie_add(t, node, s->c);
    }
}

static void insert_batch(struct stack_pipe *sp, struct sp_batch *b)
{
    if (sp->flat)
        insert_flat(sp, b);
    else
        insert_nodes(sp, b);
    sp->samples += b->ns;
    sp->skipped = b->skipped;
    sp->first = b->first;
    trie_hint_progress(sp->t, b->in_bytes);
    b->nf = b->ns = 0;
    b->bytes.len = 0;
}

static void deadline(struct timespec *ts, int ms)
{
    clock_gettime(CLOCK_MONOTONIC, ts);
    ts->tv_sec += ms / 1000;
    ts->tv_nsec += (long)(ms % 1000) * 1000000L;
    if (ts->tv_nsec >= 1000000000L) {
        ts->tv_sec++;
        ts->tv_nsec -= 1000000000L;
    }
}

/* With mu held: waits (faulting node pages in meanwhile) until a batch is ready, the
 * input closed, or wait_ms passed (-1: no limit). */
static void wait_filled(struct stack_pipe *sp, int wait_ms)
{
    struct timespec ts;
    if (wait_ms > 0)
        deadline(&ts, wait_ms);
    while (sp->tail == sp->head && !sp->closed) {
        if (fault_step(sp))
            continue;
        if (wait_ms < 0)
            pthread_cond_wait(&sp->filled, &sp->mu);
        else if (pthread_cond_timedwait(&sp->filled, &sp->mu, &ts) == ETIMEDOUT)
            break;
    }
}

/* Publishes the node pages the next batches will write, for fault_step. */
static void publish_nodes(struct stack_pipe *sp)
{
    void *next;
    size_t len;
    trie_next_nodes(sp->t, sp->o.fault_nodes, &next, &len);
    sp->fault_lo = (uintptr_t)next;
    sp->fault_hi = (uintptr_t)next + len;
}

int stack_pipe_step(struct stack_pipe *sp, size_t max_bytes, int wait_ms, size_t *bytes,
                    struct ft_error *err)
{
    size_t done = 0;
    bool first = true;
    for (;;) {
        if (sp->idle)
            sp->idle(sp->idle_ctx);
        pthread_mutex_lock(&sp->mu);
        publish_nodes(sp);
        if (first && wait_ms != 0)
            wait_filled(sp, wait_ms);
        bool have = sp->tail != sp->head;
        bool ended = !have && sp->closed;
        pthread_mutex_unlock(&sp->mu);
        if (ended) {
            if (sp->status < 0 && err)
                *err = sp->err;
            return sp->status < 0 ? -1 : 0;
        }
        if (!have)
            return 1;
        struct sp_batch *b = &sp->b[sp->tail % sp->o.nbatches];
        insert_batch(sp, b);
        done += b->in_bytes;
        *bytes += b->in_bytes;
        first = false;
        pthread_mutex_lock(&sp->mu);
        sp->tail++;
        pthread_cond_signal(&sp->drained);
        pthread_mutex_unlock(&sp->mu);
        if (done >= max_bytes)
            return 1;
    }
}

void stack_pipe_idle(struct stack_pipe *sp, void (*fn)(void *), void *ctx)
{
    sp->idle = fn;
    sp->idle_ctx = ctx;
}

void stack_pipe_trie_replaced(struct stack_pipe *sp)
{
    sp->lost = true;
}

size_t stack_pipe_samples(const struct stack_pipe *sp)
{
    return sp->samples;
}

size_t stack_pipe_skipped(const struct stack_pipe *sp, struct ft_error *first)
{
    if (first)
        *first = sp->first;
    return sp->skipped;
}
