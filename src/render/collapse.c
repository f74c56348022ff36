/* SPDX-License-Identifier: MIT */
/* flametui - collapse.c: the folded writer (see collapse.h).
 * The stacks come in output order from the trie's folded walk (trie_fold_*: the order
 * of `sort` on the full lines, without building or sorting the lines); each is written
 * with its count into one large buffer that goes out in big fwrite()s. With two threads
 * the walk is split in two parts of about equal size: the first is written as it comes,
 * the second is kept in memory by the other thread and written after it. */
#include "config.h"

#include "render/collapse.h"

#include <pthread.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "core/count.h"
#include "core/trie.h"
#include "core/util.h"

enum { OUT_CHUNK = 1 << 20 };
#define MT_MIN_NODES ((size_t)1 << 16) /* smaller tries: one thread */

static int nthreads_set; /* collapse_threads */

void collapse_threads(int n)
{
    nthreads_set = n;
}

struct out {
    const struct trie *t;
    FILE *f;                /* NULL: everything stays in p */
    char *p;
    size_t len, cap;
};

static int flush(struct out *o)
{
    if (o->len && fwrite(o->p, 1, o->len, o->f) != o->len)
        return -1;
    o->len = 0;
    return 0;
}

static int put_line(void *ctx, uint32_t leaf, const char *text, size_t len)
{
    struct out *o = ctx;
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
    struct count c = trie_self(o->t, leaf);
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

struct part {
    struct trie_fold *w;
    unsigned i;
    struct out o;
    int rc;
};

static void *scan_part(void *arg)
{
    struct part *pt = arg;
    trie_fold_scan(pt->w, pt->i);
    return NULL;
}

static void *walk_part(void *arg)
{
    struct part *pt = arg;
    pt->rc = trie_fold_walk(pt->w, pt->i, put_line, &pt->o);
    return NULL;
}

/* Runs fn on the other thread for b and on this one for a; false: no thread (then fn(b)
 * has not run). */
static bool both(void *(*fn)(void *), struct part *a, struct part *b)
{
    pthread_t th;
    if (pthread_create(&th, NULL, fn, b) != 0)
        return false;
    fn(a);
    pthread_join(th, NULL);
    return true;
}

static unsigned parts_for(const struct trie *t)
{
    int n = nthreads_set;
    if (n <= 0) {
        long ncpu = sysconf(_SC_NPROCESSORS_ONLN);
        n = ncpu > 1 ? 2 : 1;
    }
    return n >= 2 && trie_size(t) >= MT_MIN_NODES ? 2 : 1;
}

int collapse_write(FILE *out, struct trie *t)
{
    struct trie_fold *w = trie_fold_new(t, parts_for(t));
    struct part a = {w, 0, {t, out, NULL, 0, 0}, 0};
    struct part b = {w, 1, {t, NULL, NULL, 0, 0}, 0};
    int rc;
    if (trie_fold_parts(w) < 2) {
        trie_fold_scan(w, 0);
        trie_fold_index(w);
        rc = trie_fold_walk(w, 0, put_line, &a.o);
    } else {
        if (!both(scan_part, &a, &b)) {
            scan_part(&a);
            scan_part(&b);
        }
        trie_fold_index(w);
        if (!both(walk_part, &a, &b)) {
            walk_part(&a);
            walk_part(&b);
        }
        rc = a.rc;
        if (rc == 0)
            rc = b.rc;
        if (rc == 0 && (rc = flush(&a.o)) == 0) {
            a.o.len = 0;
            b.o.f = out;
            rc = flush(&b.o);
        }
    }
    if (rc == 0)
        rc = flush(&a.o);
    free(a.o.p);
    free(b.o.p);
    trie_fold_free(w);
    return rc < 0 ? -1 : 0;
}
