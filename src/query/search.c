/* SPDX-License-Identifier: MIT */
/* flametui - search.c: one regex search over a trie (see search.h). */
#include "config.h"

#include "query/search.h"

#include <stdlib.h>
#include <string.h>

#include "query/regex.h"
#include "core/strtab.h"
#include "core/trie.h"

struct search {
    struct regex *re;
    struct trie *t;              /* attached trie (borrowed) */
    const struct strtab *names;  /* strtab the match cache belongs to */
    unsigned char *match;        /* per name id */
    unsigned char *below;        /* per node [0, nnodes): it or a descendant matches */
    size_t nnames;               /* names [0, nnames) are in match[] */
    size_t match_names;
    size_t nnodes;               /* nodes [0, nnodes) are counted */
    size_t match_nodes;
    struct memo *memo;           /* the last search_matched() answers (the status line asks
                                  * on every redraw, for each zoom root visited); a pointer
                                  * so const calls can fill it */
};

/* passes over all nodes read them BLK at a time (trie_read_nodes) */
enum { BLK = 512 };

#define MEMO_ROOTS 8   /* the whole trie, and the last zoom roots (zoom in and out again) */

struct memo {
    bool valid;                  /* false: every entry is void */
    unsigned next;               /* entry to replace next (round robin over 1..) */
    struct {
        bool used;
        uint32_t root;
        uint64_t gen;            /* trie_generation() it was computed at */
        double matched;
    } e[MEMO_ROOTS];
};

struct search *search_new(const char *pattern, struct ft_error *err)
{
    struct regex *re = regex_new(pattern, err);
    if (!re)
        return NULL;
    struct search *s = xcalloc(1, sizeof *s);
    s->re = re;
    s->match = xmalloc(1);
    s->match[0] = 0;
    s->memo = xcalloc(1, sizeof *s->memo);
    return s;
}

void search_free(struct search *s)
{
    if (!s)
        return;
    regex_free(s->re);
    free(s->match);
    free(s->below);
    free(s->memo);
    free(s);
}

const char *search_pattern(const struct search *s)
{
    return regex_pattern(s->re);
}

void search_attach(struct search *s, struct trie *t)
{
    s->t = t;
    if (trie_names(t) != s->names) {     /* a different name table: match it anew */
        s->names = trie_names(t);
        s->nnames = 0;
        s->match_names = 0;
    }
    s->nnodes = 0;
    s->match_nodes = 0;
    s->memo->valid = false;
    search_refresh(s);
}

void search_refresh(struct search *s)
{
    if (!s->t)
        return;
    size_t count = strtab_count(s->names);
    if (count > s->nnames) {
        s->match = xrealloc(s->match, count);
        s->match_names += regex_match_names(s->re, s->names, s->nnames, count, s->match);
        s->nnames = count;
        s->memo->valid = false;
    }
    size_t size = trie_size(s->t);
    if (size > s->nnodes) {   /* grown (or attached: nnodes 0): the new part is clear */
        s->below = xrealloc(s->below, size);
        memset(s->below + s->nnodes, 0, size - s->nnodes);
    }
    /* the new nodes backwards (children have larger ids than their parents, so a node's
     * mark is final when it is reached): a matching or marked node marks its parent;
     * an old parent, and its ancestors up to the first one already marked, by a walk */
    size_t start = s->nnodes ? s->nnodes : 1;
    uint32_t par[BLK], nam[BLK];
    for (size_t e = size; e > start;) {
        size_t b = e - start > BLK ? e - BLK : start;
        trie_read_nodes(s->t, b, e - b, par, nam, NULL, NULL);
        for (size_t j = e - b; j-- > 0;) {
            unsigned char m = s->match[nam[j]];
            s->match_nodes += m;
            if (!m && !s->below[b + j])
                continue;
            s->below[b + j] = 1;
            uint32_t a = par[j];
            if (a >= start)
                s->below[a] = 1;
            else
                for (; a != TRIE_NONE && !s->below[a]; a = trie_parent(s->t, a))
                    s->below[a] = 1;
        }
        e = b;
    }
    if (size > s->nnodes)
        s->nnodes = size;
}

bool search_too_expensive(const struct search *s)
{
    return regex_too_expensive(s->re);
}

const unsigned char *search_matches(const struct search *s)
{
    return s->match;
}

const unsigned char *search_below(const struct search *s)
{
    return s->below;
}

size_t search_match_names(const struct search *s)
{
    return s->match_names;
}

size_t search_match_nodes(const struct search *s)
{
    return s->match_nodes;
}

bool search_node_matches(const struct search *s, uint32_t node)
{
    if (!s->t || node == TRIE_ROOT || node == TRIE_NONE || node >= trie_size(s->t))
        return false;
    uint32_t name = trie_name(s->t, node);
    return name < s->nnames && s->match[name];
}

static double matched(const struct search *s, uint32_t root);

double search_matched(const struct search *s, uint32_t root)
{
    if (!s->t || root >= trie_size(s->t))
        return 0;
    struct memo *m = s->memo;
    uint64_t gen = trie_generation(s->t);
    if (!m->valid) {
        memset(m, 0, sizeof *m);
        m->valid = true;
    }
    for (unsigned i = 0; i < MEMO_ROOTS; i++)
        if (m->e[i].used && m->e[i].root == root && m->e[i].gen == gen)
            return m->e[i].matched;
    /* entry 0 keeps the whole trie's answer (a full pass; Esc comes back to it) */
    unsigned i = 0;
    if (root != TRIE_ROOT) {
        i = 1 + m->next;
        m->next = (m->next + 1) % (MEMO_ROOTS - 1);
    }
    m->e[i].used = true;
    m->e[i].root = root;
    m->e[i].gen = gen;
    m->e[i].matched = matched(s, root);
    return m->e[i].matched;
}

static double matched(const struct search *s, uint32_t root)
{
    for (uint32_t a = root; a != TRIE_NONE; a = trie_parent(s->t, a))
        if (search_node_matches(s, a))
            return trie_total_d(s->t, root);
    double sum = 0;
    if (root == TRIE_ROOT) {              /* whole trie: one sequential pass in id order */
        size_t size = trie_size(s->t);
        unsigned char *under = xcalloc(size, 1);   /* a matching frame at or above */
        uint32_t par[BLK], nam[BLK];
        for (size_t b = 1; b < size; b += BLK) {
            size_t m = size - b < BLK ? size - b : BLK;
            trie_read_nodes(s->t, b, m, par, nam, NULL, NULL);
            for (size_t j = 0; j < m; j++) {
                if (under[par[j]]) {
                    under[b + j] = 1;
                } else if (nam[j] < s->nnames && s->match[nam[j]]) {
                    under[b + j] = 1;
                    sum += trie_total_d(s->t, (uint32_t)(b + j));   /* counted once */
                }
            }
        }
        free(under);
        return sum;
    }
    size_t n = 0, cap = 64;
    uint32_t *stack = xmalloc(cap * sizeof *stack);
    stack[n++] = root;
    while (n) {
        uint32_t node = stack[--n];
        size_t nk;
        const uint32_t *kids = trie_children(s->t, node, &nk);
        for (size_t i = 0; i < nk; i++) {
            if (kids[i] < s->nnodes && !s->below[kids[i]])
                continue;                             /* no match in that subtree */
            if (search_node_matches(s, kids[i])) {
                sum += trie_total_d(s->t, kids[i]);   /* counted once: do not descend */
                continue;
            }
            if (n == cap)
                FT_GROW(stack, cap, n + 1);
            stack[n++] = kids[i];
        }
    }
    free(stack);
    return sum;
}

double search_share(const struct search *s, uint32_t root)
{
    if (!s->t || root >= trie_size(s->t))
        return 0;
    double all = trie_total_d(s->t, root);
    if (all <= 0)
        return 0;
    double m = search_matched(s, root) / all;
    return m > 1.0 ? 1.0 : m;
}

/* Pre-order walk of root's subtree, root first, children in trie_children order
 * (by_weight: heaviest first, ties in name order, as layout's ORDER_WEIGHT draws them).
 * An explicit stack, never the C stack. fn returns true to stop. */
struct walk {
    uint32_t node;
    size_t next, n;
    size_t base;       /* by_weight: this level's sorted children start at kids[base] */
};

static void preorder(const struct search *s, uint32_t root, bool by_weight,
                     bool (*fn)(void *ctx, uint32_t node), void *ctx)
{
    if (fn(ctx, root))
        return;
    uint32_t maxd = trie_max_depth(s->t), d = trie_depth(s->t, root);
    size_t cap = (size_t)(maxd > d ? maxd - d : 0) + 2;
    size_t l = 0, kn = 0, kcap = 0;
    struct walk *w = xcalloc(cap, sizeof *w);
    struct trie_heavy *kids = NULL;           /* by_weight: a stack of sorted child lists */
    w[0].node = root;
    for (;;) {
        struct walk *lv = &w[l];
        size_t n;
        const uint32_t *k = trie_children(s->t, lv->node, &n);
        if (by_weight && lv->next == 0 && n > 0 && kn == lv->base) {
            FT_GROW(kids, kcap, kn + n);
            for (size_t i = 0; i < n; i++)
                kids[kn + i] = (struct trie_heavy){k[i], (uint32_t)i, trie_total_d(s->t, k[i])};
            trie_sort_heaviest(kids + kn, n);
            kn += n;
        }
        if (lv->next == n) {
            if (l == 0)
                break;
            kn = lv->base;
            l--;
            continue;
        }
        uint32_t c = by_weight ? kids[lv->base + lv->next].node : k[lv->next];
        lv->next++;
        if (fn(ctx, c))
            break;
        if (l + 2 > cap)   /* once per node: no call unless full */
            FT_GROW(w, cap, l + 2);
        w[l + 1] = (struct walk){c, 0, 0, kn};
        l++;
    }
    free(kids);
    free(w);
}

struct nav {
    const struct search *s;
    uint32_t from;
    bool seen;          /* from was visited, or the walk starts at the beginning */
    bool visited;       /* from was visited (it is in the subtree) */
    uint32_t first;     /* next: first match overall; prev: last match overall */
    uint32_t found;     /* next: first match after from; prev: last match before from */
};

static bool nav_next(void *ctx, uint32_t node)
{
    struct nav *nv = ctx;
    if (search_node_matches(nv->s, node)) {
        if (nv->first == TRIE_NONE)
            nv->first = node;
        if (nv->seen) {
            nv->found = node;
            return true;
        }
    }
    if (node == nv->from)
        nv->seen = nv->visited = true;
    return false;
}

static bool nav_prev(void *ctx, uint32_t node)
{
    struct nav *nv = ctx;
    if (node == nv->from)
        nv->seen = nv->visited = true;
    if (search_node_matches(nv->s, node)) {
        nv->first = node;
        if (!nv->seen)
            nv->found = node;
    }
    return false;
}

static bool valid_start(const struct search *s, uint32_t from)
{
    return from != TRIE_NONE && from != TRIE_ROOT && from < trie_size(s->t);
}

uint32_t search_step_in(const struct search *s, uint32_t root, uint32_t from, bool back,
                        bool by_weight, bool *wrapped)
{
    if (wrapped)
        *wrapped = false;
    if (!s->t || s->match_nodes == 0)
        return TRIE_NONE;
    if (root >= trie_size(s->t))
        root = TRIE_ROOT;
    if (!valid_start(s, from))
        from = TRIE_NONE;
    /* next: from outside the subtree (never visited) starts at the beginning, so the
     * walk stops at the first match; prev: the walk always runs to the end, and an
     * unvisited from leaves found == the last match. */
    struct nav nv = {s, from, !back && from == TRIE_NONE, false, TRIE_NONE, TRIE_NONE};
    preorder(s, root, by_weight, back ? nav_prev : nav_next, &nv);
    if (!back && nv.found == TRIE_NONE && !nv.visited)
        return nv.first;   /* from outside the subtree, after the walk: its first match */
    if (nv.found != TRIE_NONE)
        return nv.found;
    if (wrapped)
        *wrapped = nv.visited && nv.first != TRIE_NONE;
    return nv.first;
}

uint32_t search_step(const struct search *s, uint32_t from, bool back, bool by_weight,
                     bool *wrapped)
{
    return search_step_in(s, TRIE_ROOT, from, back, by_weight, wrapped);
}

uint32_t search_next(const struct search *s, uint32_t from, bool *wrapped)
{
    return search_step(s, from, false, false, wrapped);
}

uint32_t search_prev(const struct search *s, uint32_t from, bool *wrapped)
{
    return search_step(s, from, true, false, wrapped);
}

struct rank {
    const struct search *s;
    uint32_t node;
    size_t count, pos;
};

static bool rank_visit(void *ctx, uint32_t node)
{
    struct rank *r = ctx;
    if (search_node_matches(r->s, node)) {
        r->count++;
        if (node == r->node)
            r->pos = r->count;
    }
    return false;
}

size_t search_rank(const struct search *s, uint32_t root, uint32_t node, bool by_weight,
                   size_t *count)
{
    struct rank r = {s, node, 0, 0};
    if (s->t && s->match_nodes > 0) {
        if (root >= trie_size(s->t))
            root = TRIE_ROOT;
        preorder(s, root, by_weight, rank_visit, &r);
    }
    if (count)
        *count = r.count;
    return r.pos;
}
