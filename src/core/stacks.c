/* SPDX-License-Identifier: MIT */
/* flametui - stacks.c: see stacks.h. The stacks' ids live one after another in one
 * array; an open-addressing table on the caller's hash finds a stack again.
 * The order: a stack's text is a sequence of tokens, each a name followed by ';' or, for
 * the last frame, by the end of the text (lower than any byte). Without a ';' inside a
 * name no token is a prefix of another, so comparing two texts is comparing their token
 * sequences token by token: each (name, ';' or end) gets its rank among all tokens, and
 * the stacks are sorted as sequences of ranks by a multikey quicksort (Bentley and
 * Sedgewick), which reads each stack only as deep as it must to tell it from the others.
 * The ranks come from the string table's byte order of the names (strtab_ranks): a name
 * followed by the end sits at its own place, and followed by ';' just after it too,
 * unless the name is a strict prefix of others; then the ';' goes after the names that
 * continue it with a byte below ';' and before those that continue with one above. */
#include "config.h"

#include "core/stacks.h"

#include <pthread.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "core/strtab.h"
#include "core/util.h"

#define MIN_SLOTS 1024u
#define SMALL_SORT 12u          /* parts this small are sorted by insertion */
#define SORT_TWO_MIN 20000u     /* stacks from which two threads sort */
#define SPLIT_STEPS 64u

struct entry {
    uint64_t h;
    size_t off;                 /* ids[off .. off + n) */
    uint32_t n;
    struct count c;
};

struct stacks {
    struct entry *e;
    size_t n, cap;
    uint32_t *ids;
    size_t nids, capids;
    uint32_t *slots;            /* 0: empty; else the entry's index + 1 */
    size_t mask;
};

struct stacks *stacks_new(void)
{
    struct stacks *s = xcalloc(1, sizeof *s);
    s->slots = xcalloc(MIN_SLOTS, sizeof *s->slots);
    s->mask = MIN_SLOTS - 1;
    return s;
}

void stacks_free(struct stacks *s)
{
    if (!s)
        return;
    free(s->e);
    free(s->ids);
    free(s->slots);
    free(s);
}

static void grow_slots(struct stacks *s)
{
    size_t ns = (s->mask + 1) * 2;
    uint32_t *sl = xcalloc(ns, sizeof *sl);
    for (size_t i = 0; i < s->n; i++) {
        size_t j = s->e[i].h & (ns - 1);
        while (sl[j])
            j = (j + 1) & (ns - 1);
        sl[j] = (uint32_t)(i + 1);
    }
    free(s->slots);
    s->slots = sl;
    s->mask = ns - 1;
}

size_t stacks_add(struct stacks *s, const uint32_t *names, size_t n, uint64_t h,
                  struct count c)
{
    if ((s->n + 1) * 2 > s->mask + 1)
        grow_slots(s);
    size_t j = h & s->mask;
    for (uint32_t x; (x = s->slots[j]) != 0; j = (j + 1) & s->mask) {
        struct entry *e = &s->e[x - 1];
        if (e->h == h && e->n == n && memcmp(s->ids + e->off, names, n * sizeof *names) == 0) {
            count_add(&e->c, c);
            return x - 1;
        }
    }
    if (s->n >= UINT32_MAX - 1 || n > UINT32_MAX)
        die("too many stacks");
    FT_GROW(s->ids, s->capids, s->nids + n);
    memcpy(s->ids + s->nids, names, n * sizeof *names);
    FT_GROW(s->e, s->cap, s->n + 1);
    s->e[s->n] = (struct entry){h, s->nids, (uint32_t)n, c};
    s->nids += n;
    s->slots[j] = (uint32_t)(++s->n);
    return s->n - 1;
}

size_t stacks_count(const struct stacks *s)
{
    return s->n;
}

size_t stacks_bytes(const struct stacks *s)
{
    return s->cap * sizeof *s->e + s->capids * sizeof *s->ids + (s->mask + 1) * sizeof *s->slots;
}

double stacks_total_d(const struct stacks *s)
{
    struct count t = count_u64(0);
    for (size_t i = 0; i < s->n; i++)
        count_add(&t, s->e[i].c);
    return count_to_double(t);
}

const uint32_t *stacks_get(const struct stacks *s, size_t i, size_t *n, struct count *c)
{
    *n = s->e[i].n;
    if (c)
        *c = s->e[i].c;
    return s->ids + s->e[i].off;
}

void stacks_prefetch_key(const struct stacks *s, uint64_t h, unsigned stage)
{
    const uint32_t *slot = &s->slots[h & s->mask];
    if (stage == 0) {
        __builtin_prefetch(slot);
        return;
    }
    if (*slot)
        stacks_prefetch(s, *slot - 1, stage > 1);
}

void stacks_prefetch(const struct stacks *s, size_t i, bool ids)
{
    if (ids)
        __builtin_prefetch(s->ids + s->e[i].off);
    else
        __builtin_prefetch(&s->e[i]);
}

void stacks_clear(struct stacks *s)
{
    s->n = s->nids = 0;
    memset(s->slots, 0, (s->mask + 1) * sizeof *s->slots);
}

/* --- the order ------------------------------------------------------------------------ */

/* A token out of its name's place: a name that others continue, followed by ';'. */
struct moved {
    uint64_t key;
    uint32_t id;
};

static int cmp_moved(const void *a, const void *b)
{
    uint64_t x = ((const struct moved *)a)->key, y = ((const struct moved *)b)->key;
    return (x > y) - (x < y);
}

static bool is_prefix(const char *p, size_t n, const char *q, size_t m)
{
    return n < m && memcmp(p, q, n) == 0;
}

/* For every name id, the rank + 1 of (name, ';') in cont and of (name, end) in end
 * (0 stays free: the end of a stack in the sort). Keys in byte order: the name at
 * position p of the names' order has 3p + 1 followed by the end, 3p + 2 followed by ';';
 * a strict prefix of other names followed by ';' has 3q (less the name's length, so the
 * longer of two such names, which continues the shorter below ';', comes first), where q
 * is the first name it prefixes that continues it above ';', or the first name past all
 * those it prefixes. One pass over the names in order, with the chain of names that
 * prefix the current one; only the innermost needs a look, as the others' continuing
 * bytes are those of names seen before. */
static void token_ranks(struct strtab *names, uint32_t **cont, uint32_t **end)
{
    size_t nn = strtab_count(names);
    if (nn > UINT32_MAX / 4)
        die("too many names");
    const uint32_t *rank = strtab_ranks(names);
    uint32_t *at = xreallocarray(NULL, nn ? nn : 1, sizeof *at);   /* position -> id */
    for (size_t i = 0; i < nn; i++)
        at[rank[i]] = (uint32_t)i;
    uint32_t *q = xreallocarray(NULL, nn ? nn : 1, sizeof *q);      /* by position */
    uint32_t *chain = xreallocarray(NULL, nn ? nn : 1, sizeof *chain);
    bool *kids = xcalloc(nn ? nn : 1, sizeof *kids);
    size_t depth = 0;
    for (size_t p = 0; p <= nn; p++) {
        size_t len = 0, alen;
        const char *x = p < nn ? strtab_get(names, at[p], &len) : NULL;
        while (depth) {
            uint32_t a = chain[depth - 1];
            const char *ap = strtab_get(names, at[a], &alen);
            if (x && is_prefix(ap, alen, x, len))
                break;
            if (q[a] == UINT32_MAX)
                q[a] = (uint32_t)p;   /* past all it prefixes */
            depth--;
        }
        if (!x)
            break;
        if (depth) {
            uint32_t a = chain[depth - 1];
            strtab_get(names, at[a], &alen);
            kids[a] = true;
            if (q[a] == UINT32_MAX && (unsigned char)x[alen] > ';')
                q[a] = (uint32_t)p;
        }
        q[p] = UINT32_MAX;
        chain[depth++] = (uint32_t)p;
    }
    struct moved *mv = NULL;
    size_t nmv = 0, capmv = 0;
    for (size_t p = 0; p < nn; p++) {
        if (!kids[p])
            continue;
        size_t len;
        strtab_get(names, at[p], &len);
        FT_GROW(mv, capmv, nmv + 1);
        uint32_t lo = len < UINT32_MAX ? (uint32_t)(UINT32_MAX - len) : 0;
        mv[nmv++] = (struct moved){(uint64_t)(3 * (uint64_t)q[p]) << 32 | lo, at[p]};
    }
    if (nmv)
        qsort(mv, nmv, sizeof *mv, cmp_moved);
    *cont = xreallocarray(NULL, nn ? nn : 1, sizeof **cont);
    *end = xreallocarray(NULL, nn ? nn : 1, sizeof **end);
    uint32_t r = 1;
    size_t m = 0;
    for (size_t p = 0; p < nn; p++) {
        for (; m < nmv && mv[m].key < (uint64_t)(3 * (uint64_t)p + 1) << 32; m++)
            (*cont)[mv[m].id] = r++;
        (*end)[at[p]] = r++;
        if (!kids[p])
            (*cont)[at[p]] = r++;
    }
    for (; m < nmv; m++)
        (*cont)[mv[m].id] = r++;
    free(mv);
    free(kids);
    free(chain);
    free(q);
    free(at);
}

struct skey {
    const uint32_t *ids;
    uint32_t n, idx;
};

struct sorter {
    const uint32_t *cont, *end;
};

/* The token of stack k at depth d: a rank + 1, or 0 past its end. */
static inline uint32_t tok(const struct sorter *so, const struct skey *k, size_t d)
{
    if (d + 1 < k->n)
        return so->cont[k->ids[d]];
    return d + 1 == k->n ? so->end[k->ids[d]] : 0;
}

static int cmp_from(const struct sorter *so, const struct skey *a, const struct skey *b,
                    size_t d)
{
    for (;; d++) {
        uint32_t x = tok(so, a, d), y = tok(so, b, d);
        if (x != y)
            return x < y ? -1 : 1;
        if (!x)
            return 0;
    }
}

static void swap_keys(struct skey *a, struct skey *b)
{
    struct skey t = *a;
    *a = *b;
    *b = t;
}

static uint32_t median3(uint32_t a, uint32_t b, uint32_t c)
{
    if (a > b) {
        uint32_t t = a;
        a = b;
        b = t;
    }
    return c <= a ? a : c >= b ? b : c;
}

struct part {
    struct skey *v;
    size_t n, d;              /* SIZE_MAX: all ended (equal: no two equal stacks here) */
};

/* Splits v[0..n) (tokens before depth d equal) into those whose token at d is below a
 * pivot's, equal to it (to sort from d + 1) and above it. */
static void partition(const struct sorter *so, struct skey *v, size_t n, size_t d,
                      struct part p[3])
{
    uint32_t piv = median3(tok(so, &v[0], d), tok(so, &v[n / 2], d), tok(so, &v[n - 1], d));
    size_t lt = 0, i = 0, gt = n;
    while (i < gt) {
        if (i + 8 < gt && v[i + 8].n > d)
            __builtin_prefetch(&v[i + 8].ids[d]);
        uint32_t k = tok(so, &v[i], d);
        if (k < piv)
            swap_keys(&v[lt++], &v[i++]);
        else if (k > piv)
            swap_keys(&v[i], &v[--gt]);
        else
            i++;
    }
    p[0] = (struct part){v, lt, d};
    p[1] = (struct part){v + lt, gt - lt, piv ? d + 1 : SIZE_MAX};
    p[2] = (struct part){v + gt, n - gt, d};
}

/* Sorts v[0..n), whose tokens before depth d are all equal. The two smaller of the three
 * parts recurse (each at most half), the largest loops: the recursion is log n deep. */
static void mkqs(const struct sorter *so, struct skey *v, size_t n, size_t d)
{
    while (n > SMALL_SORT && d != SIZE_MAX) {
        struct part p[3];
        partition(so, v, n, d, p);
        size_t big = 0;
        for (size_t j = 1; j < 3; j++)
            if (p[j].n > p[big].n)
                big = j;
        for (size_t j = 0; j < 3; j++)
            if (j != big && p[j].n > 1)
                mkqs(so, p[j].v, p[j].n, p[j].d);
        v = p[big].v;
        n = p[big].n;
        d = p[big].d;
    }
    if (d == SIZE_MAX)
        return;
    for (size_t i = 1; i < n; i++)
        for (size_t j = i; j > 0 && cmp_from(so, &v[j - 1], &v[j], d) > 0; j--)
            swap_keys(&v[j - 1], &v[j]);
}

/* Two threads: the largest part is split until none holds more than half of the stacks
 * (or SPLIT_STEPS splits were made); the parts, largest first, go to the less loaded
 * side. The parts are disjoint ranges of v, each sorted where it is. */
struct half {
    const struct sorter *so;
    struct part *p;
    size_t np;
};

static void *sort_half(void *arg)
{
    const struct half *h = arg;
    for (size_t i = 0; i < h->np; i++)
        mkqs(h->so, h->p[i].v, h->p[i].n, h->p[i].d);
    return NULL;
}

static int cmp_part_n(const void *a, const void *b)
{
    size_t x = ((const struct part *)a)->n, y = ((const struct part *)b)->n;
    return (x < y) - (x > y);
}

static void sort_two(const struct sorter *so, struct skey *v, size_t n)
{
    struct part *p = xreallocarray(NULL, 2 * SPLIT_STEPS + 1, sizeof *p);
    size_t np = 1;
    p[0] = (struct part){v, n, 0};
    for (unsigned step = 0; step < SPLIT_STEPS; step++) {
        size_t big = 0;
        for (size_t j = 1; j < np; j++)
            if (p[j].n > p[big].n)
                big = j;
        if (2 * p[big].n <= n || p[big].n <= SMALL_SORT || p[big].d == SIZE_MAX)
            break;
        struct part q[3];
        partition(so, p[big].v, p[big].n, p[big].d, q);
        p[big] = q[1];
        p[np++] = q[0];
        p[np++] = q[2];
    }
    qsort(p, np, sizeof *p, cmp_part_n);
    struct part *side[2] = {xreallocarray(NULL, np, sizeof *p), xreallocarray(NULL, np, sizeof *p)};
    size_t nside[2] = {0, 0}, load[2] = {0, 0};
    for (size_t j = 0; j < np; j++) {
        int k = load[1] < load[0];
        side[k][nside[k]++] = p[j];
        load[k] += p[j].n;
    }
    struct half h[2] = {{so, side[0], nside[0]}, {so, side[1], nside[1]}};
    pthread_t th;
    bool two = pthread_create(&th, NULL, sort_half, &h[1]) == 0;
    sort_half(&h[0]);
    if (two)
        pthread_join(th, NULL);
    else
        sort_half(&h[1]);
    free(side[0]);
    free(side[1]);
    free(p);
}

uint32_t *stacks_order(const struct stacks *s, struct strtab *names, int threads)
{
    struct sorter so;
    uint32_t *cont, *end;
    token_ranks(names, &cont, &end);
    so.cont = cont;
    so.end = end;
    struct skey *v = xreallocarray(NULL, s->n ? s->n : 1, sizeof *v);
    for (size_t i = 0; i < s->n; i++)
        v[i] = (struct skey){s->ids + s->e[i].off, s->e[i].n, (uint32_t)i};
    if (s->n >= SORT_TWO_MIN && threads > 1)
        sort_two(&so, v, s->n);
    else
        mkqs(&so, v, s->n, 0);
    uint32_t *order = xreallocarray(NULL, s->n ? s->n : 1, sizeof *order);
    for (size_t i = 0; i < s->n; i++)
        order[i] = v[i].idx;
    free(v);
    free(cont);
    free(end);
    return order;
}
