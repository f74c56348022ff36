/* SPDX-License-Identifier: MIT */
/* flametui - trie_kids.c: the sorted children of trie.h (trie_children,
 * trie_sort_children), from the parent ids alone (nodes keep no child links).
 * The full index is a CSR array over the nodes that existed when it was built: a batch
 * load builds it once, after loading. When a trie is read while it grows (live tail),
 * the nodes added since the index are linked into their parents' lists (two cold
 * arrays, caught up at each read), and the children of such a parent are sorted on
 * demand and kept until it gets another child, as the visible nodes of a redraw need;
 * once many nodes were sorted that way, the full index is rebuilt instead. */
#include "config.h"

#include "core/trie.h"

#include <stdlib.h>
#include <string.h>

#include "core/strtab.h"
#include "core/trie_impl.h"
#include "core/util.h"

static void retire(struct trie *t, uint32_t *p)
{
    if (!p)
        return;
    FT_GROW(t->k.grave, t->k.grave_cap, t->k.ngrave + 1);
    t->k.grave[t->k.ngrave++] = p;
}

void trie_kids_grave_free(struct trie *t)
{
    for (size_t i = 0; i < t->k.ngrave; i++)
        free(t->k.grave[i]);
    t->k.ngrave = 0;
}

/* Drops the per-node cache and the links of new children. now: free the sorted arrays
 * at once (trie_free), else retire them. */
static void kc_clear(struct trie *t, bool now)
{
    struct trie_kids *k = &t->k;
    for (size_t i = 0; k->kc && i <= k->kc_mask; i++) {
        if (k->kc[i].node == TRIE_NONE)
            continue;
        if (now)
            free(k->kc[i].kids);
        else
            retire(t, k->kc[i].kids);
    }
    free(k->kc);
    k->kc = NULL;
    k->kc_mask = k->kc_n = 0;
    if (k->dhead)
        memset(k->dhead, 0xff, k->dhcap * sizeof *k->dhead); /* TRIE_NONE */
    k->dn = k->kn;
}

void trie_kids_free(struct trie *t)
{
    kc_clear(t, true);
    trie_kids_grave_free(t);
    free(t->k.grave);
    free(t->k.off);
    free(t->k.kids);
    free(t->k.dhead);
    free(t->k.dnext);
    memset(&t->k, 0, sizeof t->k);
}

size_t trie_kids_bytes(const struct trie *t)
{
    const struct trie_kids *k = &t->k;
    size_t b = 0;
    if (k->off)
        b += (k->kn + 1) * sizeof *k->off + (k->kn ? k->kn - 1 : 0) * sizeof *k->kids;
    b += k->dcap * sizeof *k->dnext + k->dhcap * sizeof *k->dhead;
    if (k->kc)
        b += (k->kc_mask + 1) * sizeof *k->kc;
    return b;
}

/* Whether p goes before q: heavier, or as heavy and first in name order. */
static inline bool heavier(const struct trie_heavy *p, const struct trie_heavy *q)
{
    return p->total != q->total ? p->total > q->total : p->idx < q->idx;
}

static int cmp_heavy(const void *a, const void *b)
{
    return heavier(a, b) ? -1 : heavier(b, a);
}

void trie_sort_heaviest(struct trie_heavy *k, size_t n)
{
    if (n > 16) {   /* (idx is unique: every sort gives the same order) */
        qsort(k, n, sizeof *k, cmp_heavy);
        return;
    }
    for (size_t i = 1; i < n; i++) {
        struct trie_heavy x = k[i];
        size_t j = i;
        for (; j > 0 && heavier(&x, &k[j - 1]); j--)
            k[j] = k[j - 1];
        k[j] = x;
    }
}

/* Sorts one sibling group of (name rank << 32 | node) keys (names are distinct among
 * siblings, so the ranks decide). */
static int cmp_u64(const void *a, const void *b)
{
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return (x > y) - (x < y);
}

void trie_sort_keys(uint64_t *g, size_t n)
{
    if (n > 16) {
        qsort(g, n, sizeof *g, cmp_u64);
        return;
    }
    for (size_t i = 1; i < n; i++) {
        uint64_t x = g[i];
        size_t j = i;
        for (; j > 0 && g[j - 1] > x; j--)
            g[j] = g[j - 1];
        g[j] = x;
    }
}

/* The sorted children of every node: one counting pass places (rank, node) keys into
 * their parent's slice (a parent is usually close to its child in id order, so both
 * passes run nearly sequentially), then each sibling group (mostly of one or two) is
 * sorted by the byte-order rank of the names, and the keys shrink to node ids in place. */
static void build_kids(struct trie *t)
{
    struct trie_kids *k = &t->k;
    size_t n = t->n;
    const uint32_t *ranks = strtab_ranks(t->names);
    const struct node *v = t->v;
    /* arrays handed out since the last change stay valid until the next one */
    retire(t, k->off);
    retire(t, k->kids);
    k->off = NULL;
    k->kids = NULL;
    kc_clear(t, false);
    uint32_t *off = xcalloc(n + 1, sizeof *off);
    for (size_t i = 1; i < n; i++)
        off[v[i].parent + 1]++;
    for (size_t i = 0; i < n; i++)
        off[i + 1] += off[i];
    size_t m = n - 1;
    uint64_t *keys = xreallocarray(NULL, m ? m : 1, sizeof *keys);
    for (size_t i = 1; i < n; i++) {
        const struct node *nd = &v[i];
        keys[off[nd->parent]++] = (uint64_t)ranks[nd->name] << 32 | (uint32_t)i;
    }
    /* off[p] now ends p's slice (= starts p + 1's): move everything up one place */
    memmove(off + 1, off, n * sizeof *off);
    off[0] = 0;
    for (size_t p = 0; p < n; p++)
        if (off[p + 1] - off[p] > 1)
            trie_sort_keys(keys + off[p], off[p + 1] - off[p]);
    uint32_t *ids = (uint32_t *)(void *)keys; /* in place: id i goes below key i */
    for (size_t i = 0; i < m; i++)
        ids[i] = (uint32_t)keys[i];
    k->kids = xreallocarray(keys, m ? m : 1, sizeof *k->kids);
    k->off = off;
    k->kn = n;
    k->dn = n;
}

static struct kcache *kc_slot(struct trie *t, uint32_t node)
{
    struct trie_kids *k = &t->k;
    if (!k->kc || (k->kc_n + 1) * 2 > k->kc_mask) {
        size_t om = k->kc_mask;
        struct kcache *old = k->kc;
        k->kc_mask = om ? om * 2 + 1 : 1023;
        k->kc = xcalloc(k->kc_mask + 1, sizeof *k->kc);
        for (size_t i = 0; i <= k->kc_mask; i++)
            k->kc[i].node = TRIE_NONE;
        for (size_t i = 0; old && i <= om; i++) {
            if (old[i].node == TRIE_NONE)
                continue;
            size_t j = (old[i].node * 2654435761u) & k->kc_mask;
            while (k->kc[j].node != TRIE_NONE)
                j = (j + 1) & k->kc_mask;
            k->kc[j] = old[i];
        }
        free(old);
    }
    size_t j = (node * 2654435761u) & k->kc_mask;
    while (k->kc[j].node != TRIE_NONE && k->kc[j].node != node)
        j = (j + 1) & k->kc_mask;
    struct kcache *e = &k->kc[j];
    if (e->node != node) {
        *e = (struct kcache){.node = node, .first = TRIE_NONE};
        k->kc_n++;
    }
    return e;
}

/* Links the nodes [dn, n) into their parents' lists of children added since the full
 * index (two array writes per node, once). */
static void link_new(struct trie *t)
{
    struct trie_kids *k = &t->k;
    if (k->dn < k->kn)
        k->dn = k->kn;
    if (k->dn >= t->n)
        return;
    if (t->n > k->dhcap) {
        size_t old = k->dhcap;
        FT_GROW(k->dhead, k->dhcap, t->n);
        memset(k->dhead + old, 0xff, (k->dhcap - old) * sizeof *k->dhead);
    }
    FT_GROW(k->dnext, k->dcap, t->n - k->kn);
    for (size_t i = k->dn; i < t->n; i++) {
        uint32_t p = t->v[i].parent;
        k->dnext[i - k->kn] = k->dhead[p];
        k->dhead[p] = (uint32_t)i;
    }
    k->dn = t->n;
}

static int cmp_names(const void *a, const void *b, void *ctx)
{
    const struct trie *t = ctx;
    size_t la, lb;
    const char *pa = strtab_get(t->names, t->v[*(const uint32_t *)a].name, &la);
    const char *pb = strtab_get(t->names, t->v[*(const uint32_t *)b].name, &lb);
    int c = memcmp(pa, pb, la < lb ? la : lb);
    return c ? c : (la > lb) - (la < lb);
}

static const uint32_t no_kids[1] = {TRIE_NONE};

/* The first of kids[from, n) (sorted by name) that is not before node *x: galloping from
 * from (the new children are sorted too, so each search starts where the last ended and
 * a few new children among millions of old ones cost a few compares each), then a binary
 * search in the last stride. */
static size_t first_not_before(struct trie *t, const uint32_t *kids, size_t from, size_t n,
                               const uint32_t *x)
{
    size_t lo = from, hi = from, step = 1;
    while (hi < n && cmp_names(&kids[hi], x, t) < 0) {   /* kids[from, hi] are before */
        lo = hi + 1;
        hi = lo + step;
        step *= 2;
    }
    if (hi > n)
        hi = n;
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        if (cmp_names(&kids[mid], x, t) < 0)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo;
}

/* The cached sorted children e of a node whose new children (prepended to its list) run
 * from first to e->first: they are sorted alone and each put in place by a galloping
 * search (a live profile adds a few children to a node of thousands between two reads).
 * Returns false when e->first is not on the list (the cache is of another list). */
static bool merge_new(struct trie *t, struct kcache *e, uint32_t first)
{
    const struct trie_kids *k = &t->k;
    size_t nnew = 0;
    uint32_t c = first;
    for (; c != TRIE_NONE && c != e->first; c = k->dnext[c - k->kn])
        nnew++;
    if (c != e->first || e->first == TRIE_NONE)
        return false;
    uint32_t *add = xreallocarray(NULL, nnew ? nnew : 1, sizeof *add);
    size_t i = 0;
    for (c = first; c != e->first; c = k->dnext[c - k->kn])
        add[i++] = c;
    qsort_r(add, nnew, sizeof *add, cmp_names, t);
    uint32_t *a = xreallocarray(NULL, e->n + nnew, sizeof *a);
    size_t from = 0, o = 0;
    for (i = 0; i < nnew; i++) {
        size_t lo = first_not_before(t, e->kids, from, e->n, &add[i]);
        memcpy(a + o, e->kids + from, (lo - from) * sizeof *a);
        o += lo - from;
        a[o++] = add[i];
        from = lo;
    }
    memcpy(a + o, e->kids + from, (e->n - from) * sizeof *a);
    free(add);
    retire(t, e->kids);
    e->kids = a;
    e->n = (uint32_t)(e->n + nnew);
    e->first = first;
    return true;
}

static const uint32_t *children_grown(struct trie *t, uint32_t node, size_t *n);

const uint32_t *trie_children(struct trie *t, uint32_t node, size_t *n)
{
    const struct trie_kids *k = &t->k;
    if (k->kn == t->n) { /* the full index is up to date */
        *n = k->off[node + 1] - k->off[node];
        return k->kids + k->off[node];
    }
    return children_grown(t, node, n);
}

/* The trie has nodes that the full index does not cover (or has none). */
static const uint32_t *children_grown(struct trie *t, uint32_t node, size_t *n)
{
    struct trie_kids *k = &t->k;
    size_t limit = t->n / 16 > 4096 ? t->n / 16 : 4096;
    if (!k->off || k->kc_n >= limit) {
        /* before the first read (a batch load), or when many nodes were sorted one by
         * one: one full rebuild is cheaper than more small sorts */
        build_kids(t);
        return trie_children(t, node, n);
    }
    link_new(t); /* read while growing: the new nodes since the last read */
    uint32_t first = node < k->dhcap ? k->dhead[node] : TRIE_NONE;
    size_t nold = node < k->kn ? k->off[node + 1] - k->off[node] : 0;
    if (first == TRIE_NONE) {
        *n = nold;
        return nold ? k->kids + k->off[node] : no_kids;
    }
    struct kcache *e = kc_slot(t, node);
    /* the children added since merged into the sorted ones, or all sorted again */
    if (e->first != first && !(e->kids && merge_new(t, e, first))) {
        size_t total = nold;
        for (uint32_t c = first; c != TRIE_NONE; c = k->dnext[c - k->kn])
            total++;
        uint32_t *a = xreallocarray(NULL, total, sizeof *a);
        if (nold)
            memcpy(a, k->kids + k->off[node], nold * sizeof *a);
        size_t i = nold;
        for (uint32_t c = first; c != TRIE_NONE; c = k->dnext[c - k->kn])
            a[i++] = c;
        qsort_r(a, total, sizeof *a, cmp_names, t);
        retire(t, e->kids);
        e->kids = a;
        e->n = (uint32_t)total;
        e->first = first;
    }
    *n = e->n;
    return e->kids;
}

void trie_sort_children(struct trie *t)
{
    if (!t->k.off || t->k.kn != t->n)
        build_kids(t);
}

uint32_t trie_child_sorted(struct trie *t, uint32_t node, uint32_t name)
{
    const struct strtab *names = trie_names(t);
    if (name >= strtab_count(names))
        return TRIE_NONE;
    size_t wl, nk;
    const char *w = strtab_get(names, name, &wl);
    const uint32_t *k = trie_children(t, node, &nk);
    size_t lo = 0, hi = nk;
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2, cl;
        const char *c = trie_label(t, k[mid], &cl);
        int d = memcmp(c, w, cl < wl ? cl : wl);
        if (d == 0)
            d = (cl > wl) - (cl < wl);
        if (d == 0)
            return k[mid];
        if (d < 0)
            lo = mid + 1;
        else
            hi = mid;
    }
    return TRIE_NONE;
}
