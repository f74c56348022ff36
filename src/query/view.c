/* SPDX-License-Identifier: MIT */
/* flametui - view.c: filters and the reversed view (see view.h for the semantics).
 * Base nodes are visited in id order: a parent's id is always smaller than its
 * children's, so per-node state (hidden, excluded, include bits, visible depth) flows
 * down in one sequential pass, and the same pass extends it when the base grew (live
 * mode). Derived nodes are created lazily, only for stacks that are kept. */
#include "config.h"

#include "query/view.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "query/regex.h"
#include "query/hidebuild.h"
#include "query/revbuild.h"
#include "core/strtab.h"
#include "core/trie.h"

struct filter {
    enum filter_kind kind;
    struct regex *re;
    unsigned char *match;   /* per name id: 1 = matches (cache, grows with the strtab) */
    size_t nmatched;        /* names [0, nmatched) are in match[] */
    size_t nclean;          /* names [0, nclean) are known not to match (view_keeps_all) */
};

enum {
    N_HIDDEN = 1,           /* the node's name is hidden */
    N_DEAD = 2,             /* an excluded frame is on the path: nothing below survives */
    N_TERM = 4,             /* tracked: was a stack end at the last build/update */
    N_PREV_FLOAT = 8,       /* tracked: prev[] holds the bits of a double */
    N_VIS = 16,             /* a frame on the path, itself included, is not hidden */
    N_KEEP = 32,            /* view_build only: a kept stack ends here */
    N_BELOW = 64,           /* view_build only: a kept stack ends below */
};

/* Passes over the base's nodes read them BLK at a time (trie_read_nodes); view_build
 * with hides asks for random reads AHEAD nodes early. */
enum { BLK = 512, AHEAD = 16 };

/* Per-node state of one build (kept after view_build when tracking). */
struct state {
    struct trie *base, *out;
    unsigned epoch;          /* view epoch it was built for */
    uint64_t gen;            /* trie_generation(base) when last synced */
    size_t nnames, nnodes;   /* names / nodes processed */
    size_t capnames, capnodes;
    uint64_t *mask;          /* per name: the include/exclude bits it sets */
    unsigned char *hide;     /* per name: hidden by some hide filter */
    size_t nhidden;          /* names hidden */
    uint64_t need, forbid;   /* include bits that must be set; exclude bits that must not */
    bool reverse;
    unsigned char *fl;       /* per node: N_* */
    uint64_t *has;           /* per node: include bits seen on the path (or NULL: none) */
    uint32_t *map;           /* per node: derived node, TRIE_NONE until created (NULL when
                              * reversed) */
    uint64_t *prev;          /* per node, tracked: self at the last sync */
    uint32_t *tmp;           /* a path (max depth + 1) */
    size_t tmpcap;
};

struct view {
    struct filter f[VIEW_MAX_FILTERS];
    size_t n;
    bool reverse;
    bool track;
    unsigned epoch;          /* bumped by every change of the specification */
    struct state *st;        /* tracked state of the last build, or NULL */
};

static void state_free(struct state *st)
{
    if (!st)
        return;
    free(st->mask);
    free(st->hide);
    free(st->fl);
    free(st->has);
    free(st->map);
    free(st->prev);
    free(st->tmp);
    free(st);
}

struct view *view_new(void)
{
    return xcalloc(1, sizeof(struct view));
}

static void filter_fini(struct filter *f)
{
    regex_free(f->re);
    free(f->match);
    memset(f, 0, sizeof *f);
}

void view_free(struct view *v)
{
    if (!v)
        return;
    view_clear_filters(v);
    state_free(v->st);
    free(v);
}

int view_push_filter(struct view *v, enum filter_kind kind, const char *re,
                     struct ft_error *err)
{
    if (v->n == VIEW_MAX_FILTERS)
        return ft_error_set(err, 0, "too many filters: at most %d filters", VIEW_MAX_FILTERS);
    struct regex *r = regex_new(re, err);
    if (!r)
        return -1;
    struct filter *f = &v->f[v->n++];
    memset(f, 0, sizeof *f);
    f->kind = kind;
    f->re = r;
    v->epoch++;
    return 0;
}

bool view_pop_filter(struct view *v)
{
    if (v->n == 0)
        return false;
    filter_fini(&v->f[--v->n]);
    v->epoch++;
    return true;
}

void view_clear_filters(struct view *v)
{
    while (view_pop_filter(v))
        ;
}

size_t view_filter_count(const struct view *v)
{
    return v->n;
}

enum filter_kind view_filter_kind(const struct view *v, size_t i)
{
    return v->f[i].kind;
}

const char *view_filter_pattern(const struct view *v, size_t i)
{
    return regex_pattern(v->f[i].re);
}

void view_set_reverse(struct view *v, bool reverse)
{
    if (v->reverse != reverse)
        v->epoch++;
    v->reverse = reverse;
}

bool view_reverse(const struct view *v)
{
    return v->reverse;
}

bool view_is_identity(const struct view *v)
{
    return v->n == 0 && !v->reverse;
}

void view_describe(const struct view *v, struct buf *out)
{
    static const char *const word[] = {
        [FILTER_INCLUDE] = "include", [FILTER_EXCLUDE] = "exclude", [FILTER_HIDE] = "hide"};
    for (size_t i = 0; i < v->n; i++) {
        buf_printf(out, "%s%s:%s", i ? " " : "", word[v->f[i].kind],
                   regex_pattern(v->f[i].re));
        if (regex_too_expensive(v->f[i].re))   /* it matches nothing from then on */
            buf_printf(out, " (pattern too expensive)");
    }
    if (v->reverse)
        buf_printf(out, "%sreverse", v->n ? " " : "");
}

const char *view_too_expensive(const struct view *v)
{
    for (size_t i = 0; i < v->n; i++)
        if (regex_too_expensive(v->f[i].re))
            return regex_pattern(v->f[i].re);
    return NULL;
}

void view_track(struct view *v, bool on)
{
    v->track = on;
    if (!on) {
        state_free(v->st);
        v->st = NULL;
    }
}

/* Brings every filter's match cache, and the per-name masks, up to the strtab's size:
 * hide[] from all hide filters; for include/exclude filter number j (counted among
 * include/exclude filters), bit j when the name matches it and no hide filter pushed
 * before it hides the name. */
static void extend_names(struct view *v, struct state *st)
{
    const struct strtab *names = trie_names(st->base);
    size_t count = strtab_count(names);
    if (count <= st->nnames)
        return;
    for (size_t i = 0; i < v->n; i++) {
        struct filter *f = &v->f[i];
        if (f->nmatched >= count)
            continue;
        f->match = xrealloc(f->match, count);
        regex_match_names(f->re, names, f->nmatched, count, f->match);
        f->nmatched = count;
    }
    if (count > st->capnames) {
        st->capnames = count + count / 2;
        st->mask = xreallocarray(st->mask, st->capnames, sizeof *st->mask);
        st->hide = xreallocarray(st->hide, st->capnames, 1);
    }
    for (size_t id = st->nnames; id < count; id++) {
        uint64_t mask = 0;
        unsigned char hide = 0;
        unsigned j = 0;
        for (size_t i = 0; i < v->n; i++) {
            const struct filter *f = &v->f[i];
            if (f->kind == FILTER_HIDE)
                hide |= f->match[id];
            else if (f->match[id] && !hide)
                mask |= UINT64_C(1) << j;
            j += f->kind != FILTER_HIDE;
        }
        st->mask[id] = mask;
        st->hide[id] = hide;
        st->nhidden += hide;
    }
    st->nnames = count;
}

/* Computes the state of the nodes added since the last call (the down pass). */
static void extend_nodes(struct state *st, bool track)
{
    struct trie *base = st->base;
    size_t n = trie_size(base);
    if (n <= st->nnodes)
        return;
    if (n > st->capnodes) {
        size_t cap = st->nnodes ? n + n / 2 : n;
        st->fl = xreallocarray(st->fl, cap, 1);
        if (!st->reverse)   /* the reversed view maps no node (revbuild.h) */
            st->map = xreallocarray(st->map, cap, sizeof *st->map);
        if (st->need)
            st->has = xreallocarray(st->has, cap, sizeof *st->has);
        if (track)
            st->prev = xreallocarray(st->prev, cap, sizeof *st->prev);
        st->capnodes = cap;
    }
    bool bits = st->need != 0, map = !st->reverse;
    size_t i = st->nnodes;
    if (i == 0) {
        st->fl[0] = 0;
        if (map)
            st->map[0] = TRIE_ROOT;
        if (bits)
            st->has[0] = 0;
        if (track)
            st->prev[0] = 0;
        i = 1;
    }
    uint32_t par[BLK], nam[BLK];
    for (size_t b = i; b < n; b += BLK) {
        size_t m = n - b < BLK ? n - b : BLK;
        trie_read_nodes(base, b, m, par, nam, NULL, NULL);
        for (size_t j = 0; j < m; j++) {
            i = b + j;
            if (map)
                st->map[i] = TRIE_NONE;
            if (track)
                st->prev[i] = 0;
            uint32_t p = par[j], name = nam[j];
            if (bits)
                st->has[i] = st->has[p] | st->mask[name];
            unsigned char pf = st->fl[p];
            st->fl[i] = (pf & N_DEAD) || (st->mask[name] & st->forbid) ? N_DEAD
                        : st->hide[name] ? (unsigned char)(N_HIDDEN | (pf & N_VIS))
                                         : N_VIS;
        }
    }
    st->nnodes = n;
    size_t need = (size_t)trie_max_depth(base) + 1;
    if (need > st->tmpcap) {
        st->tmpcap = need;
        st->tmp = xreallocarray(st->tmp, need, sizeof *st->tmp);
    }
}

/* Whether the filters keep a stack ending at node i. */
static bool kept(const struct state *st, size_t i)
{
    if (st->fl[i] & N_DEAD)
        return false;
    if (st->need && (st->has[i] & st->need) != st->need)
        return false;
    return i == 0 || (st->fl[i] & N_VIS);      /* every frame hidden: gone */
}

/* The derived node of base node i (non-reverse), created with its ancestors as needed. */
static uint32_t materialise(struct state *st, uint32_t i)
{
    size_t k = 0;
    uint32_t a = i;
    while (st->map[a] == TRIE_NONE) {           /* map[0] is the root: always set */
        st->tmp[k++] = a;
        a = trie_parent(st->base, a);
    }
    while (k) {
        uint32_t x = st->tmp[--k], up = st->map[trie_parent(st->base, x)];
        st->map[x] = st->fl[x] & N_HIDDEN ? up : trie_child(st->out, up, trie_name(st->base, x));
    }
    return st->map[i];
}

/* Adds c samples of the stack ending at base node i to the derived trie, and in a diff
 * its base samples too when with_base (once per stack: when it first gets there). */
static void add_stack(struct state *st, uint32_t i, struct count c, bool with_base)
{
    uint32_t leaf;
    if (!st->reverse) {
        leaf = materialise(st, i);
        trie_add(st->out, leaf, c);
    } else {
        size_t k = 0;                           /* leaf first: walk up */
        for (uint32_t a = i; a != TRIE_ROOT; a = trie_parent(st->base, a))
            if (!(st->fl[a] & N_HIDDEN))
                st->tmp[k++] = trie_name(st->base, a);
        leaf = trie_insert(st->out, st->tmp, k, c);
    }
    if (with_base && trie_has_base(st->base))
        trie_add_base(st->out, leaf, trie_base_self(st->base, i));
}

static struct state *state_new(struct view *v, struct trie *base)
{
    struct state *st = xcalloc(1, sizeof *st);
    st->base = base;
    st->out = trie_new(trie_names(base));
    if (trie_has_base(base))
        trie_enable_base(st->out);   /* a diff stays a diff (core/diff.h) */
    st->epoch = v->epoch;
    st->reverse = v->reverse;
    unsigned j = 0;
    for (size_t i = 0; i < v->n; i++) {
        if (v->f[i].kind == FILTER_HIDE)
            continue;
        uint64_t bit = UINT64_C(1) << j++;
        if (v->f[i].kind == FILTER_INCLUDE)
            st->need |= bit;
        else
            st->forbid |= bit;
    }
    return st;
}

static void set_prev(struct state *st, size_t i, struct count c)
{
    st->fl[i] |= N_TERM;
    if (c.is_float) {
        memcpy(&st->prev[i], &c.d, sizeof c.d);
        st->fl[i] |= N_PREV_FLOAT;
    } else {
        st->prev[i] = c.u;
        st->fl[i] &= (unsigned char)~N_PREV_FLOAT;
    }
}

/* view_build, unreversed, once map[i] is final: the flags of the build are cleared, the
 * counts of a kept stack end go to its derived node (self, and the base self of a diff;
 * summed later), and when tracking the self count is remembered. */
static inline void count_node(struct state *st, bool track, bool diff, size_t i, bool term)
{
    struct trie *base = st->base;
    uint32_t node = (uint32_t)i;
    unsigned char f = st->fl[i];
    st->fl[i] = f & (unsigned char)~(N_KEEP | N_BELOW);
    if (!(f & N_KEEP) && !(track && term))
        return;
    if (!track && !diff) {   /* the common case, in one call */
        trie_add_self_from(st->out, st->map[i], base, node);
        return;
    }
    struct count c = trie_self(base, node);
    if (track)
        set_prev(st, i, c);
    if (f & N_KEEP) {
        trie_add_self(st->out, st->map[i], c);
        if (diff)
            trie_add_base_self(st->out, st->map[i], trie_base_self(base, node));
    }
}

static inline bool bit_get(const uint64_t *m, size_t i)
{
    return m[i / 64] >> (i % 64) & 1;
}

static inline void bit_set(uint64_t *m, size_t i)
{
    m[i / 64] |= UINT64_C(1) << (i % 64);
}

/* A second base node merged into derived node d (made by base node first, its one
 * source until now; this is base node i): from now on its children are looked up, so
 * the children it has already (those of first, whose hidden children bring none, made
 * before i) go into the map. */
static void promote(struct state *st, struct hide_map *hm, uint64_t *multi, uint32_t d,
                    uint32_t first, uint32_t i)
{
    bit_set(multi, d);
    size_t nk;
    const uint32_t *k = trie_children(st->base, first, &nk);
    for (size_t j = 0; j < nk; j++) {
        uint32_t c = k[j];
        /* made before i, and not hidden (count_node has cleared its N_KEEP/N_BELOW:
         * map[] says whether it was needed) */
        uint32_t nm = trie_name(st->base, c);
        if (c > i || st->map[c] == TRIE_NONE || st->hide[nm])
            continue;
        struct hide_ent *e = hide_map_get(hm, d, nm);
        e->node = st->map[c];
        e->first = c;
    }
}

/* build_hidden's state. */
struct hbuild {
    struct state *st;
    const uint64_t *hk;    /* mark_needed's: hidden children bring children (base node) */
    uint64_t *clean;       /* per base node: no frame above it is hidden */
    uint64_t *multi;       /* per derived node: more than one source (children looked up) */
    uint64_t *nh;          /* name hashes */
    struct hide_map hm;
    size_t nneed;
    bool reserved;         /* out's node array reserved for nneed nodes */
};

/* Prefetches for the nodes ahead of base node i (j in the block of ma nodes read): the
 * parent's map entry and the name's hash AHEAD nodes on; the parent's derived node and
 * its lookup entry AHEAD / 2 nodes on, once the parent's entry is final. */
static inline void prefetch_ahead(struct hbuild *hb, const uint32_t *par, const uint32_t *nam,
                                  size_t j, size_t ma, size_t i)
{
    const uint32_t *map = hb->st->map;
    if (j + AHEAD < ma) {   /* random reads: the parent's entry, the name's hash */
        __builtin_prefetch(&map[par[j + AHEAD]]);
        __builtin_prefetch(&hb->nh[nam[j + AHEAD]]);
    }
    if (j + AHEAD / 2 < ma && par[j + AHEAD / 2] < i) {
        /* the parent's entry is final: its derived node, and its map entry */
        uint32_t pa = par[j + AHEAD / 2], q = map[pa];
        if (q != TRIE_NONE && (!bit_get(hb->clean, pa) || hb->st->hide[nam[j + AHEAD / 2]]))
            trie_prefetch_node(hb->st->out, q);
        if (q != TRIE_NONE && bit_get(hb->multi, q))
            hide_map_prefetch(&hb->hm, q, nam[j + AHEAD / 2]);
    }
}

/* The derived node of the needed base node i (parent p, name nm, base path hash ph): its
 * parent's for a hidden frame, the node made before under a derived node with more than
 * one source, else a new one. */
static inline uint32_t hidden_map(struct hbuild *hb, size_t i, uint32_t p, uint32_t nm,
                                  uint32_t ph)
{
    struct state *st = hb->st;
    struct trie *out = st->out;
    uint32_t up = st->map[p];   /* map[p]: a smaller id */
    if (st->hide[nm]) {   /* (a needed node is not excluded: then N_HIDDEN) */
        if (up == TRIE_ROOT)   /* every frame hidden: the stack is gone (only */
            st->fl[i] &= (unsigned char)~N_KEEP;   /* mark_needed's fast mode kept it) */
        return up;
    }
    struct hide_ent *e = NULL;
    if (bit_get(hb->multi, up)) {
        e = hide_map_get(&hb->hm, up, nm);
        if (e->node != TRIE_NONE) {   /* merged into a node made before */
            uint32_t d = e->node;
            if (!bit_get(hb->multi, d))
                promote(st, &hb->hm, hb->multi, d, e->first, (uint32_t)i);
            return d;
        }
    }
    bool cl = bit_get(hb->clean, p);
    uint32_t d = trie_append_child(
        out, up, nm, cl ? ph : trie_hash_step(trie_phash(out, up), hb->nh[nm]));
    if (!hb->reserved) {   /* after an append: no lookup table is built */
        trie_reserve(out, hb->nneed);
        hb->reserved = true;
    }
    if (cl)
        bit_set(hb->clean, i);
    if (bit_get(hb->hk, i))
        bit_set(hb->multi, d);
    if (e) {
        e->node = d;
        e->first = (uint32_t)i;
    }
    return d;
}

/* view_build with hides, once the needed nodes are marked and hk[] has the nodes whose
 * hidden children bring children to their derived node (mark_needed): the derived
 * nodes are made in id order, as trie_child per visible node would (the same nodes, ids
 * and order of sums), but a child is looked up (hidebuild.h) only under a derived node
 * with more than one source (multi[]); the others are appended. The path hash is the
 * base's where no frame above is hidden (clean[]). */
static void build_hidden(struct state *st, bool track, bool diff, size_t nneed,
                         const uint64_t *hk, size_t nhid)
{
    struct trie *base = st->base;
    size_t n = st->nnodes;
    const struct strtab *names = trie_names(base);
    size_t nn = strtab_count(names);
    struct hbuild hb = {
        .st = st,
        .hk = hk,
        .clean = xcalloc(n / 64 + 1, sizeof(uint64_t)),
        .multi = xcalloc(nneed / 64 + 1, sizeof(uint64_t)),
        .nh = xreallocarray(NULL, nn ? nn : 1, sizeof(uint64_t)),
        .nneed = nneed,
    };
    bit_set(hb.clean, 0);
    if (bit_get(hk, 0))
        bit_set(hb.multi, 0);
    for (size_t k = 0; k < nn; k++)
        hb.nh[k] = strtab_hash(names, (uint32_t)k);
    hide_map_init(&hb.hm, nhid);   /* about as many entries as such hidden children */
    uint32_t par[BLK + AHEAD], nam[BLK + AHEAD], ph[BLK];
    unsigned char term[BLK];
    count_node(st, track, diff, 0, trie_is_terminal(base, TRIE_ROOT));
    for (size_t b = 1; b < n; b += BLK) {
        size_t m = n - b < BLK ? n - b : BLK;
        size_t ma = n - b < BLK + AHEAD ? n - b : BLK + AHEAD;
        trie_read_nodes(base, b, ma, par, nam, NULL, NULL);
        trie_read_nodes(base, b, m, NULL, NULL, ph, term);
        for (size_t j = 0; j < m; j++) {
            size_t i = b + j;
            prefetch_ahead(&hb, par, nam, j, ma, i);
            /* (not needed: mark_needed's fast mode has not set map[i] yet) */
            bool needed = st->fl[i] & (N_KEEP | N_BELOW);
            st->map[i] = needed ? hidden_map(&hb, i, par[j], nam[j], ph[j]) : TRIE_NONE;
            count_node(st, track, diff, i, term[j]);   /* map[i] is final */
        }
    }
    hide_map_fini(&hb.hm);
    free(hb.nh);
    free(hb.multi);
    free(hb.clean);
}

/* view_build without hides: every needed node is a new node on the base's path,
 * appended with no lookup, with the base's path hash. */
static void build_plain(struct state *st, bool track, bool diff, size_t nneed)
{
    struct trie *base = st->base, *out = st->out;
    unsigned char *fl = st->fl;
    uint32_t *map = st->map;
    size_t n = st->nnodes;
    bool reserved = false;
    uint32_t par[BLK], nam[BLK], ph[BLK];
    unsigned char term[BLK] = {0};   /* read only when tracking */
    count_node(st, track, diff, 0, trie_is_terminal(base, TRIE_ROOT));
    for (size_t b = 1; b < n; b += BLK) {
        size_t m = n - b < BLK ? n - b : BLK, k = 0;
        while (!track && k < m && !(fl[b + k] & (N_KEEP | N_BELOW)))
            k++;
        if (k == m)   /* nothing needed here (an include that keeps few stacks) */
            continue;
        trie_read_nodes(base, b, m, par, nam, ph, track ? term : NULL);
        for (size_t j = 0; j < m; j++) {
            size_t i = b + j;
            if (fl[i] & (N_KEEP | N_BELOW)) {
                map[i] = trie_append_child(out, map[par[j]], nam[j], ph[j]);
                if (!reserved) {   /* after an append the table is stale: only */
                    trie_reserve(out, nneed);   /* the node array grows */
                    reserved = true;
                }
            }
            count_node(st, track, diff, i, track && term[j]);   /* map[i] is final */
        }
    }
}

/* Marks the kept stack ends (N_KEEP) and what is above them (N_BELOW), in one backward
 * pass (children have larger ids than their parents), and in hk[] (when not NULL) the
 * nodes with a needed hidden child that has visible needed nodes below it through
 * hidden ones (*nhid counts these children). Returns the number of
 * needed nodes, the root's included. fast: the filters are hides only and the per-node
 * state was not computed (extend_nodes): every stack end is marked kept (build_hidden
 * drops those whose frames are all hidden), and hidden means a hidden name. */
static size_t mark_needed(struct state *st, uint64_t *hk, size_t *nhid, bool fast)
{
    struct trie *base = st->base;
    unsigned char *fl = st->fl;
    size_t n = st->nnodes, nneed = 1;
    uint32_t par[BLK], nam[BLK];
    unsigned char term[BLK];
    /* with hides: the nodes with a needed child that is visible or has such a child
     * itself (children come first): a hidden node without one brings no children to
     * its derived node */
    uint64_t *kids = hk ? xcalloc(n / 64 + 1, sizeof *kids) : NULL;
    for (size_t e = n; e > 1;) {
        size_t b = e - 1 > BLK ? e - BLK : 1;
        trie_read_nodes(base, b, e - b, par, hk ? nam : NULL, NULL, term);
        for (size_t i = e; i-- > b;) {
            if (term[i - b] && (fast || kept(st, i)))
                fl[i] |= N_KEEP;
            if (fl[i] & (N_KEEP | N_BELOW)) {
                uint32_t p = par[i - b];
                fl[p] |= N_BELOW;
                nneed++;
                if (!hk)
                    continue;
                if (!st->hide[nam[i - b]]) {   /* (needed: not excluded) */
                    bit_set(kids, p);
                } else if (bit_get(kids, i)) {
                    bit_set(kids, p);
                    bit_set(hk, p);
                    ++*nhid;
                }
            }
        }
        e = b;
    }
    free(kids);
    if (trie_is_terminal(base, TRIE_ROOT) && (fast || kept(st, 0)))
        fl[0] |= N_KEEP;
    return nneed;
}

struct trie *view_build(struct view *v, struct trie *base)
{
    state_free(v->st);
    v->st = NULL;
    struct state *st = state_new(v, base);
    extend_names(v, st);
    /* hides only, not tracked: the per-node state of extend_nodes is not needed (the
     * forward pass of build_hidden works out what it needs) */
    bool fast = !st->reverse && !v->track && !st->need && !st->forbid && st->nhidden;
    if (fast) {
        size_t nb = trie_size(base);
        st->fl = xcalloc(nb, 1);
        st->map = xreallocarray(NULL, nb, sizeof *st->map);
        st->map[0] = TRIE_ROOT;
        st->nnodes = st->capnodes = nb;
    } else {
        extend_nodes(st, v->track);
    }
    size_t n = st->nnodes;
    if (!st->reverse) {
        /* mark kept stack ends and what is above them, then create the needed
         * derived nodes in id order (parents first) and add the self counts */
        bool diff = trie_has_base(base);
        if (st->nhidden) {
            uint64_t *hk = xcalloc(n / 64 + 1, sizeof *hk);
            size_t nhid = 0, nn = mark_needed(st, hk, &nhid, fast);
            build_hidden(st, v->track, diff, nn, hk, nhid);
            free(hk);
        } else {   /* also a hide filter that hides no name */
            build_plain(st, v->track, diff, mark_needed(st, NULL, NULL, false));
        }
        trie_sum_totals(st->out);
        trie_sum_base(st->out);
    } else {
        /* the kept stack ends in id order, then built level by level (revbuild.h) */
        size_t nl = 0, cap = 1024;
        uint32_t *leaves = xreallocarray(NULL, cap, sizeof *leaves);
        for (size_t i = 0; i < n; i++) {
            if (!trie_is_terminal(base, (uint32_t)i))
                continue;
            if (v->track)
                set_prev(st, i, trie_self(base, (uint32_t)i));
            if (!kept(st, i))
                continue;
            FT_GROW(leaves, cap, nl + 1);
            leaves[nl++] = (uint32_t)i;
        }
        revbuild(st->out, base, leaves, nl, st->nhidden ? st->fl : NULL, N_HIDDEN);
        free(leaves);
    }
    struct trie *out = st->out;
    if (v->track) {
        st->gen = trie_generation(base);
        v->st = st;
    } else {
        state_free(st);
    }
    return out;
}

bool view_keeps_all(struct view *v, const struct trie *base)
{
    const struct strtab *names = trie_names(base);
    size_t count = strtab_count(names);
    for (size_t i = 0; i < v->n; i++) {
        struct filter *f = &v->f[i];
        if (f->kind == FILTER_INCLUDE)
            return false;
        if (f->nclean >= count)
            continue;
        if (f->nmatched < count) {
            f->match = xrealloc(f->match, count);
            regex_match_names(f->re, names, f->nmatched, count, f->match);
            f->nmatched = count;
        }
        for (size_t id = f->nclean; id < count; id++)
            if (f->match[id])
                return false;
        f->nclean = count;
    }
    return true;
}

bool view_update(struct view *v, struct trie *base, struct trie *derived)
{
    struct state *st = v->st;
    if (!st || st->base != base || st->out != derived || st->epoch != v->epoch)
        return false;
    if (trie_generation(base) == st->gen)
        return true;
    extend_names(v, st);
    extend_nodes(st, true);
    for (size_t i = 0; i < st->nnodes; i++) {
        if (!trie_is_terminal(base, (uint32_t)i))
            continue;
        struct count c = trie_self(base, (uint32_t)i), d;
        bool was = st->fl[i] & N_TERM, pf = st->fl[i] & N_PREV_FLOAT;
        if (!was) {
            d = c;
        } else if (!c.is_float && !pf) {
            if (c.u == st->prev[i])
                continue;
            d = count_u64(c.u - st->prev[i]);
        } else {
            double old;
            if (pf)
                memcpy(&old, &st->prev[i], sizeof old);
            else
                old = (double)st->prev[i];
            if (count_to_double(c) == old)
                continue;
            d = (struct count){0, count_to_double(c) - old, true};
        }
        set_prev(st, i, c);
        if (kept(st, i))
            add_stack(st, (uint32_t)i, d, !was);
    }
    st->gen = trie_generation(base);
    return true;
}

double view_share(const struct trie *base, const struct trie *derived)
{
    double all = trie_total_d(base, TRIE_ROOT);
    if (all <= 0)
        return 1.0;
    double kept_ = trie_total_d(derived, TRIE_ROOT) / all;
    return kept_ > 1.0 ? 1.0 : kept_;
}
