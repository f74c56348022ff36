/* SPDX-License-Identifier: MIT */
/* flametui - collapse.c: the folded writer (see collapse.h).
 * The stacks come in output order from the trie's folded walk (trie_fold_*: the order
 * of `sort` on the full lines, without building or sorting the lines); each is written
 * with its count into one large buffer that goes out in big fwrite()s. With two threads
 * the walk is split in pairs of parts of about equal size: this thread writes the even
 * parts as it walks them, the other walks the odd ones into memory (one ahead at most),
 * and they go out in order. */
#include "config.h"

#include "render/collapse.h"

#include <errno.h>
#include <pthread.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "core/count.h"
#include "core/stacks.h"
#include "core/strtab.h"
#include "core/trie.h"
#include "core/util.h"
#include "render/foldesc.h"

enum { OUT_CHUNK = 1 << 20 };
#define MT_MIN_NODES ((size_t)1 << 16) /* smaller tries: one thread */
#define MT_PAIR_NODES ((size_t)1 << 20) /* nodes per pair of parts (collapse_pair_nodes) */
#define FLAT_PART_STACKS 16384u        /* a flat table's stacks per part (two threads) */

static int nthreads_set; /* collapse_threads */
static size_t pair_nodes = MT_PAIR_NODES;

void collapse_threads(int n)
{
    nthreads_set = n;
}

static bool (*stop_hook)(void);

void collapse_stop_hook(bool (*stop)(void))
{
    stop_hook = stop;
}

void collapse_pair_nodes(size_t nodes)
{
    pair_nodes = nodes ? nodes : MT_PAIR_NODES;
}

struct out {
    const struct trie *t;
    FILE *f;                /* NULL: everything stays in p */
    char *p;
    size_t len, cap;
};

static int flush(struct out *o)
{
    if (stop_hook && stop_hook()) {
        errno = ECANCELED;
        return -1;
    }
    if (o->len && fwrite(o->p, 1, o->len, o->f) != o->len)
        return -1;
    o->len = 0;
    return 0;
}

/* Appends "TEXT COUNT\n" (flushed past OUT_CHUNK when writing to a file). 0 or -1. */
static int put_text(struct out *o, const char *text, size_t len, struct count c)
{
    size_t need = len + COUNT_FMT_MAX + 2;
    if (need > o->cap - o->len) {
        if (o->f && flush(o) < 0)
            return -1;
        if (need > o->cap - o->len) {
            size_t cap = o->cap ? o->cap : OUT_CHUNK + 4096;
            while (need > cap - o->len)
                cap *= 2;
            o->p = xreallocarray(o->p, cap, 1);
            o->cap = cap;
        }
    }
    char *d = o->p + o->len;
    memcpy(d, text, len);
    d[len] = ' ';
    len++;
    if (!c.is_float) { /* count_format's "%llu", without snprintf for every line */
        char dig[24];
        size_t nd = 0;
        uint64_t u = c.u;
        do
            dig[nd++] = (char)('0' + u % 10);
        while ((u /= 10) != 0);
        while (nd)
            d[len++] = dig[--nd];
    } else {
        len += (size_t)count_format(d + len, c);
    }
    d[len++] = '\n';
    o->len += len;
    if (o->f && o->len >= OUT_CHUNK)
        return flush(o);
    return 0;
}

static int put_line(void *ctx, uint32_t leaf, const char *text, size_t len)
{
    struct out *o = ctx;
    return put_text(o, text, len, trie_self(o->t, leaf));
}

/* Scanning: part i of the trie's index for each i (the parts split among threads). */
struct scan {
    struct trie_fold *w;
    unsigned from, step;
};

static void *scan_parts(void *arg)
{
    struct scan *sc = arg;
    for (unsigned i = sc->from; i < trie_fold_parts(sc->w); i += sc->step)
        trie_fold_scan(sc->w, i);
    return NULL;
}

/* Output written in parts, in order: write(ctx, i, o) puts part i's lines into o (a
 * part of the trie's folded walk, or a range of the flat table's order). */
struct parts {
    unsigned n;
    int (*write)(void *ctx, unsigned i, struct out *o);
    void *ctx;
};

/* The other thread writes the odd parts into memory, one ahead of the writer at most:
 * part 2k + 1 goes to buf[k % 2] once the writer wrote the part before in that buffer
 * out (so at most two parts are held: a few MB each). */
struct helper {
    const struct parts *ps;
    pthread_mutex_t mu;
    pthread_cond_t cv;
    unsigned done;          /* odd parts in memory: 1, 3, ..., 2 * done - 1 */
    unsigned written;       /* of those, written out by the writer */
    bool stop;              /* the writer failed */
    struct out buf[2];
};

static void *write_odd(void *arg)
{
    struct helper *h = arg;
    for (unsigned k = 0; 2 * k + 1 < h->ps->n; k++) {
        pthread_mutex_lock(&h->mu);
        while (!h->stop && h->written + 1 < k)
            pthread_cond_wait(&h->cv, &h->mu);
        bool stop = h->stop;
        pthread_mutex_unlock(&h->mu);
        if (stop)
            break;
        struct out *o = &h->buf[k % 2];
        o->len = 0;
        h->ps->write(h->ps->ctx, 2 * k + 1, o); /* in memory: cannot fail */
        pthread_mutex_lock(&h->mu);
        h->done = k + 1;
        pthread_cond_broadcast(&h->cv);
        pthread_mutex_unlock(&h->mu);
    }
    return NULL;
}

/* Two threads: this one writes the even parts as it makes them and the odd ones from
 * the helper's memory, in order. 0 or -1. */
static int write_pairs(FILE *out, const struct trie *t, const struct parts *ps)
{
    struct out o = {t, out, NULL, 0, 0};
    struct helper h = {.ps = ps, .buf = {{t, NULL, NULL, 0, 0}, {t, NULL, NULL, 0, 0}}};
    pthread_mutex_init(&h.mu, NULL);
    pthread_cond_init(&h.cv, NULL);
    pthread_t th;
    bool helped = pthread_create(&th, NULL, write_odd, &h) == 0;
    int rc = 0;
    for (unsigned i = 0; i < ps->n && rc == 0; i++) {
        if (!helped || i % 2 == 0) {
            rc = ps->write(ps->ctx, i, &o);
            continue;
        }
        pthread_mutex_lock(&h.mu);
        while (h.done < i / 2 + 1)
            pthread_cond_wait(&h.cv, &h.mu);
        pthread_mutex_unlock(&h.mu);
        struct out *b = &h.buf[(i / 2) % 2];
        if ((rc = flush(&o)) == 0 && b->len && fwrite(b->p, 1, b->len, out) != b->len)
            rc = -1;
        pthread_mutex_lock(&h.mu);
        h.written = i / 2 + 1;
        pthread_cond_broadcast(&h.cv);
        pthread_mutex_unlock(&h.mu);
    }
    if (helped) {
        pthread_mutex_lock(&h.mu);
        h.stop = true;
        pthread_cond_broadcast(&h.cv);
        pthread_mutex_unlock(&h.mu);
        pthread_join(th, NULL);
    }
    if (rc == 0)
        rc = flush(&o);
    free(o.p);
    free(h.buf[0].p);
    free(h.buf[1].p);
    pthread_mutex_destroy(&h.mu);
    pthread_cond_destroy(&h.cv);
    return rc;
}

/* The writer's threads (collapse_threads; else two when there are two CPUs). */
static int nthreads(void)
{
    if (nthreads_set > 0)
        return nthreads_set;
    return sysconf(_SC_NPROCESSORS_ONLN) > 1 ? 2 : 1;
}

/* Pairs of parts of about pair_nodes nodes (at most 16 pairs): the memory held for the
 * odd parts stays a small share of the output. */
static unsigned parts_for(const struct trie *t)
{
    int n = nthreads();
    size_t nodes = trie_size(t);
    if (n < 2 || nodes < MT_MIN_NODES)
        return 1;
    size_t pairs = (nodes + pair_nodes - 1) / pair_nodes;
    return (unsigned)(pairs > 16 ? 32 : 2 * pairs);
}

static int fold_part(void *ctx, unsigned i, struct out *o)
{
    return trie_fold_walk(ctx, i, put_line, o);
}

/* Two threads: the index scanned in halves, then the parts written in pairs. */
static int write_mt(FILE *out, const struct trie *t, struct trie_fold *w)
{
    struct scan even = {w, 0, 2}, odd = {w, 1, 2};
    pthread_t th;
    if (pthread_create(&th, NULL, scan_parts, &odd) == 0) {
        scan_parts(&even);
        pthread_join(th, NULL);
    } else {
        scan_parts(&(struct scan){w, 0, 1});
    }
    trie_fold_index(w);
    struct parts ps = {trie_fold_parts(w), fold_part, w};
    return write_pairs(out, t, &ps);
}

static int write_folded(FILE *out, struct trie *t)
{
    struct trie_fold *w = trie_fold_new(t, parts_for(t));
    int rc;
    if (trie_fold_parts(w) < 2) {
        struct out o = {t, out, NULL, 0, 0};
        trie_fold_scan(w, 0);
        trie_fold_index(w);
        rc = trie_fold_walk(w, 0, put_line, &o);
        if (rc == 0)
            rc = flush(&o);
        free(o.p);
    } else {
        rc = write_mt(out, t, w);
    }
    trie_fold_free(w);
    return rc < 0 ? -1 : 0;
}

/* Can the flat table be written as it is: nothing went into the trie's nodes, and no
 * name could need an escape (foldesc.h; else its stacks go into the trie, whose writer
 * escapes them)? */
static bool flat_as_is(const struct trie *t)
{
    if (trie_size(t) > 1)
        return false;
    return !foldesc_names_maybe(t);
}

/* The flat table in stacks_order, in parts of FLAT_PART_STACKS stacks. */
struct flat_name {
    const char *p;
    size_t len;
};
struct flat {
    const struct stacks *s;
    struct strtab *names;
    struct flat_name *nm;      /* every name's bytes */
    const uint32_t *order;
    size_t n;
    unsigned nparts;
};

/* Part i's lines, each made from the one before: the frames they share are already
 * there (at[j]: where frame j starts in the line). 0 or -1. */
static int flat_part(void *ctx, unsigned part, struct out *o)
{
    const struct flat *fl = ctx;
    size_t from = fl->n * part / fl->nparts, to = fl->n * (part + 1) / fl->nparts;
    struct buf line = {0};
    size_t *at = NULL, cap_at = 0;
    const uint32_t *prev = NULL;
    size_t pn = 0;
    int rc = 0;
    for (size_t i = from; i < to && rc == 0; i++) {
        if (i + 16 < to)
            stacks_prefetch(fl->s, fl->order[i + 16], false);
        if (i + 8 < to)
            stacks_prefetch(fl->s, fl->order[i + 8], true);
        size_t n, k = 0;
        struct count c;
        const uint32_t *ids = stacks_get(fl->s, fl->order[i], &n, &c);
        while (k < n && k < pn && ids[k] == prev[k])
            k++;
        FT_GROW(at, cap_at, n + 1);
        if (k < pn)   /* (k < n: a stack comes after its prefixes) */
            line.len = at[k];
        else if (k)
            buf_putc(&line, ';');
        size_t need = 0;
        for (size_t j = k; j < n; j++)
            need += fl->nm[ids[j]].len + 1;
        buf_reserve(&line, need + 1);
        char *d = line.p;
        size_t len = line.len;
        for (size_t j = k; j < n; j++) {
            const struct flat_name *nm = &fl->nm[ids[j]];
            if (j > k)
                d[len++] = ';';
            at[j] = len;
            memcpy(d + len, nm->p, nm->len);
            len += nm->len;
        }
        line.len = len;
        rc = put_text(o, line.p, line.len, c);
        prev = ids;
        pn = n;
    }
    free(at);
    buf_fini(&line);
    return rc;
}

static int write_flat(FILE *out, struct trie *t, const struct stacks *s)
{
    int threads = nthreads();
    struct flat fl = {s, trie_names(t), NULL, NULL, stacks_count(s), 1};
    fl.order = stacks_order(s, fl.names, threads);
    size_t nn = strtab_count(fl.names);
    fl.nm = xreallocarray(NULL, nn ? nn : 1, sizeof *fl.nm);
    for (size_t i = 0; i < nn; i++)
        fl.nm[i].p = strtab_get(fl.names, (uint32_t)i, &fl.nm[i].len);
    int rc;
    if (threads > 1 && fl.n >= 2 * FLAT_PART_STACKS) {
        size_t np = fl.n / FLAT_PART_STACKS;
        fl.nparts = (unsigned)(np < 64 ? np : 64);
        struct parts ps = {fl.nparts, flat_part, &fl};
        rc = write_pairs(out, t, &ps);
    } else {
        struct out o = {t, out, NULL, 0, 0};
        rc = flat_part(&fl, 0, &o);
        if (rc == 0)
            rc = flush(&o);
        free(o.p);
    }
    free((void *)(uintptr_t)fl.order);
    free(fl.nm);
    return rc < 0 ? -1 : 0;
}

int collapse_write(FILE *out, struct trie *t)
{
    struct stacks *flat = trie_flat(t);
    if (flat && stacks_count(flat)) {
        if (flat_as_is(t))
            return write_flat(out, t, flat);
        trie_unflatten(t);
    }
    struct trie *esc = foldesc_trie(t);   /* names that would not read back: escaped */
    int rc = write_folded(out, esc ? esc : t);
    trie_free(esc);
    return rc;
}
