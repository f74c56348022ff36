/* SPDX-License-Identifier: MIT */
/* flametui - trie_counts.c: the counts of trie.h's nodes: adding samples (self, totals),
 * summing totals, the bound on a node's children's totals that the layout prunes by
 * (trie_kids_max_bound), and the base counts of differential profiles. The nodes and
 * their lookup are trie.c's; the layout is trie_impl.h. */
#include "config.h"

#include "core/trie.h"

#include <stdlib.h>
#include <string.h>

#include "core/trie_impl.h"
#include "core/util.h"

void trie_add(struct trie *t, uint32_t leaf, struct count c)
{
    struct node *v = t->v;
    struct node *nd = &v[leaf];
    nd->df |= NODE_TERMINAL;
    add_count(&nd->self, &nd->df, NODE_SELF_FLOAT, c);
    for (uint32_t id = leaf; id != TRIE_NONE; id = v[id].parent) {
        add_count(&v[id].total, &v[id].df, NODE_TOTAL_FLOAT, c);
        if (t->kmax)
            kmax_raise(t, id);
    }
    t->gen++;
}

void trie_add_self(struct trie *t, uint32_t leaf, struct count c)
{
    struct node *nd = &t->v[leaf];
    nd->df |= NODE_TERMINAL;
    add_count(&nd->self, &nd->df, NODE_SELF_FLOAT, c);
    t->gen++;
}

void trie_add_total(struct trie *t, uint32_t node, struct count c)
{
    struct node *nd = &t->v[node];
    add_count(&nd->total, &nd->df, NODE_TOTAL_FLOAT, c);
    kmax_raise(t, node);
    t->gen++;
}

/* Every bound from the totals: the largest child's (children have larger ids). */
static void kmax_build(struct trie *t)
{
    float *m = t->kmax;
    memset(m, 0, t->n * sizeof *m);
    for (size_t i = t->n; i-- > 1;)
        kmax_up(&m[t->v[i].parent], total_d(&t->v[i]));
}

void trie_kmax_fit(struct trie *t)
{
    if (t->kmax)
        t->kmax = xreallocarray(t->kmax, t->cap, sizeof *t->kmax);
}

double trie_kids_max_bound(const struct trie *t, uint32_t node)
{
    const float *k = t->kmax;
    if (!k) {   /* logically const: from now on the changes keep it */
        struct trie *w = (struct trie *)(uintptr_t)t;
        w->kmax = xreallocarray(NULL, w->cap, sizeof *w->kmax);
        kmax_build(w);
        k = w->kmax;
    }
    return k[node];
}

void trie_sum_totals(struct trie *t)
{
    /* parents have smaller ids than their children: one backward pass */
    for (size_t i = 0; i < t->n; i++) {
        struct node *nd = &t->v[i];
        nd->total = nd->self;
        nd->df = (nd->df & ~(uint32_t)NODE_TOTAL_FLOAT) |
                 (nd->df & NODE_SELF_FLOAT ? NODE_TOTAL_FLOAT : 0);
    }
    for (size_t i = t->n; i-- > 1;) {
        struct node *nd = &t->v[i];
        struct node *p = &t->v[nd->parent];
        add_count(&p->total, &p->df, NODE_TOTAL_FLOAT,
                  trie_get_count(nd->total, nd->df & NODE_TOTAL_FLOAT));
    }
    if (t->kmax)
        kmax_build(t);
    t->gen++;
}

/* ---- differential profiles: the base total per node (trie.h) ---- */

void trie_base_fit(struct trie *t)
{
    if (t->base)
        t->base = xreallocarray(t->base, t->cap, sizeof *t->base);
}

void trie_enable_base(struct trie *t)
{
    if (t->base)
        return;
    t->base = xcalloc(t->cap, sizeof *t->base);
    t->gen++;
}

bool trie_has_base(const struct trie *t)
{
    return t->base != NULL;
}

struct count trie_base_total(const struct trie *t, uint32_t node)
{
    if (!t->base)
        return count_u64(0);
    return trie_get_count(t->base[node], t->v[node].df & NODE_BASE_FLOAT);
}

struct count trie_base_self(const struct trie *t, uint32_t node)
{
    struct count c = trie_base_total(t, node);
    if (!t->base || count_is_zero(c))
        return c;
    struct count kids = count_u64(0);
    size_t nk = 0;
    const uint32_t *k = NULL;
    if (t->v[node].df & NODE_HAS_KIDS) /* logically const: trie_children fills a cache */
        k = trie_children((struct trie *)(uintptr_t)t, node, &nk);
    for (size_t i = 0; i < nk; i++)
        count_add(&kids, trie_base_total(t, k[i]));
    if (!c.is_float && !kids.is_float)
        return count_u64(c.u >= kids.u ? c.u - kids.u : 0);
    double d = count_to_double(c) - count_to_double(kids);
    return (struct count){0, d > 0 ? d : 0.0, true};
}

double trie_base_total_d(const struct trie *t, uint32_t node)
{
    return count_to_double(trie_base_total(t, node));
}

void trie_add_base(struct trie *t, uint32_t leaf, struct count c)
{
    trie_enable_base(t);
    t->v[leaf].df |= NODE_TERMINAL;
    for (uint32_t id = leaf; id != TRIE_NONE; id = t->v[id].parent)
        add_count(&t->base[id], &t->v[id].df, NODE_BASE_FLOAT, c);
    t->gen++;
}

void trie_set_base_swapped(struct trie *t, bool on)
{
    t->base_swapped = on;
}

bool trie_base_swapped(const struct trie *t)
{
    return t->base_swapped;
}

void trie_add_base_self(struct trie *t, uint32_t leaf, struct count c)
{
    trie_enable_base(t);
    t->v[leaf].df |= NODE_TERMINAL;
    add_count(&t->base[leaf], &t->v[leaf].df, NODE_BASE_FLOAT, c);
    t->gen++;
}

void trie_sum_base(struct trie *t)
{
    if (!t->base)
        return;
    for (size_t i = t->n; i-- > 1;) {   /* children before parents */
        uint32_t p = t->v[i].parent;
        add_count(&t->base[p], &t->v[p].df, NODE_BASE_FLOAT,
                  trie_get_count(t->base[i], t->v[i].df & NODE_BASE_FLOAT));
    }
    t->gen++;
}

void trie_add_self_from(struct trie *t, uint32_t leaf, const struct trie *src, uint32_t node)
{
    const struct node *sn = &src->v[node];
    struct node *nd = &t->v[leaf];
    nd->df |= NODE_TERMINAL;
    add_count(&nd->self, &nd->df, NODE_SELF_FLOAT,
              trie_get_count(sn->self, sn->df & NODE_SELF_FLOAT));
    t->gen++;
}
