/* SPDX-License-Identifier: MIT */
/* flametui - trie.c: see trie.h.
 * Nodes live in one array (parents always have smaller ids than their children). A hash
 * table maps (parent, name) to the child, so inserting a frame costs one lookup. Sorted
 * child lists are built on demand into a CSR array, from the name ranks of the strtab. */
#include "config.h"

#include "core/trie.h"

#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

#include "core/strtab.h"
#include "core/util.h"

enum { NODE_TERMINAL = 1, NODE_SELF_FLOAT = 2, NODE_TOTAL_FLOAT = 4, NODE_BASE_FLOAT = 8 };

struct node {
    uint64_t phash;       /* hash of the path from the root (trie_hash_step) */
    uint32_t name, parent, depth;
    uint32_t flags;
    uint32_t first_child;  /* newest child first; TRIE_NONE when none */
    uint32_t next_sibling;
    uint64_t self, total; /* uint64 or the bits of a double (see flags) */
};

struct trie {
    struct strtab *names;
    bool own_names;
    struct node *v;
    size_t n, cap;
    uint64_t *slots;      /* 0 = empty; else low 32 bits of phash << 32 | node id (never 0) */
    size_t mask;
    uint64_t uid;
    bool slots_stale;     /* nodes were appended without being hashed */
    uint64_t gen;         /* any change */
    uint64_t struct_gen;  /* new nodes */
    uint32_t max_depth;
    /* sorted children cache (CSR) */
    uint32_t *kid_off;    /* n + 1 */
    uint32_t *kids;
    uint64_t kids_gen;
    bool kids_valid;
    /* per-node sorted children, for the few nodes a redraw visits while the trie grows
     * (rebuilding the whole index after every batch of a live pipe is too slow) */
    struct kcache *kc;    /* open addressing on node id */
    size_t kc_mask, kc_n;
    uint32_t **grave;     /* retired per-node arrays: callers may still hold them until */
    size_t ngrave, grave_cap; /* the next change of the trie, so they are freed then */
    uint64_t *base;       /* diff: per node (cap entries) the base total, or NULL */
    bool base_swapped;    /* diff: counts are the base's, base counts the new ones */
    size_t hint_nodes;    /* trie_reserve_hint: once the trie is big, a lookup table for */
    size_t hint_cap;      /* hint_nodes nodes, and room for hint_cap nodes in the array */
};

static void base_fit(struct trie *t);

#define ROOT_PHASH 0x243f6a8885a308d3ull

/* trie_reserve_hint. The lookup table is zeroed when it is made, so it is sized from a
 * bytes per node at the low end of `perf script` text (113 B/node on the benchmark's
 * real recording, 134 on the issue's, 238 in the generated large input, where the table
 * comes out one doubling bigger than needed); folded text has fewer bytes per node (8 to
 * 47), so its table is under-reserved and keeps doubling. The node array only takes
 * address space until its pages are used, and regrowing it (huge pages) raises the peak
 * RSS, so it is reserved for a generous count: 16 B/node. Nothing is reserved until the
 * trie has HINT_MIN_NODES nodes (inputs with a small trie never pay), and at most
 * HINT_MAX_NODES (table) and HINT_MAX_CAP (array); past those, both grow as usual. */
#define HINT_BYTES_PER_NODE 128u
#define HINT_BYTES_PER_NODE_MIN 16u
#define HINT_MIN_NODES ((size_t)1 << 16)
#define HINT_MAX_NODES ((uint64_t)8 << 20)
#define HINT_MAX_CAP ((uint64_t)16 << 20)

/* Big tables are probed at random: ask for transparent huge pages so that the probes
 * do not also miss the TLB (a hint; harmless where THP is off). */
static void *huge_calloc(size_t n, size_t size)
{
    size_t bytes = n * size;
    if (bytes < (4u << 20))
        return xcalloc(n, size);
    void *p = NULL;
    if (posix_memalign(&p, 2u << 20, bytes) != 0)
        die("out of memory (%zu bytes)", bytes);
    madvise(p, bytes, MADV_HUGEPAGE);
    memset(p, 0, bytes);
    return p;
}

static void huge_advise(void *p, size_t bytes)
{
    if (bytes >= (4u << 20)) {
        uintptr_t a = ((uintptr_t)p + (2u << 20) - 1) & ~(uintptr_t)((2u << 20) - 1);
        uintptr_t e = (uintptr_t)p + bytes;
        if (e > a)
            madvise((void *)a, e - a, MADV_HUGEPAGE);
    }
}

static inline size_t slot_index(uint64_t low32, size_t mask)
{
    return (size_t)(low32 & 0xffffffffu) & mask;
}

static inline struct count get_count(uint64_t bits, bool fl)
{
    struct count c = {0, 0.0, fl};
    if (fl)
        memcpy(&c.d, &bits, sizeof c.d);
    else
        c.u = bits;
    return c;
}

static inline void add_count(uint64_t *bits, uint32_t *flags, uint32_t flag, struct count x)
{
    if (!(*flags & flag) && !x.is_float) {
        uint64_t s = *bits + x.u;
        if (s >= *bits) {
            *bits = s;
            return;
        }
    }
    struct count acc = get_count(*bits, *flags & flag);
    count_add(&acc, x);
    memcpy(bits, &acc.d, sizeof *bits);
    *flags |= flag;
}

uint64_t trie_uid(const struct trie *t)
{
    return t->uid;
}

struct kcache {
    uint32_t node;        /* TRIE_NONE: empty slot */
    uint32_t first;       /* first_child when sorted: unchanged = still valid */
    uint32_t n;
    uint32_t *kids;
};

static void grave_free(struct trie *t)
{
    for (size_t i = 0; i < t->ngrave; i++)
        free(t->grave[i]);
    t->ngrave = 0;
}

/* Drops the per-node cache. now: free the arrays at once (trie_free), else retire them. */
static void kc_clear(struct trie *t, bool now)
{
    for (size_t i = 0; t->kc && i <= t->kc_mask; i++) {
        if (t->kc[i].node == TRIE_NONE)
            continue;
        if (now) {
            free(t->kc[i].kids);
            continue;
        }
        FT_GROW(t->grave, t->grave_cap, t->ngrave + 1);
        t->grave[t->ngrave++] = t->kc[i].kids;
    }
    free(t->kc);
    t->kc = NULL;
    t->kc_mask = t->kc_n = 0;
}

struct trie *trie_new(struct strtab *names)
{
    static _Atomic uint64_t next_uid = 1;
    struct trie *t = xcalloc(1, sizeof *t);
    t->uid = next_uid++;
    t->own_names = names == NULL;
    t->names = names ? names : strtab_new();
    t->cap = 1024;
    t->v = xreallocarray(NULL, t->cap, sizeof *t->v);
    memset(&t->v[0], 0, sizeof t->v[0]);
    t->v[0].name = UINT32_MAX;
    t->v[0].phash = ROOT_PHASH;
    t->v[0].first_child = t->v[0].next_sibling = TRIE_NONE;
    t->v[0].parent = TRIE_NONE;
    t->n = 1;
    t->mask = 2047;
    t->slots = xcalloc(t->mask + 1, sizeof *t->slots);
    return t;
}

/* Frees the nodes, the hash slots and the children index (not the names). */
static void free_nodes(struct trie *t)
{
    free(t->v);
    free(t->slots);
    free(t->kid_off);
    free(t->kids);
    free(t->base);
    kc_clear(t, true);
    grave_free(t);
}

void trie_free(struct trie *t)
{
    if (!t)
        return;
    if (t->own_names)
        strtab_free(t->names);
    free_nodes(t);
    free(t->grave);
    free(t);
}

struct strtab *trie_names(const struct trie *t)
{
    return t->names;
}

uint64_t trie_phash(const struct trie *t, uint32_t node)
{
    return t->v[node].phash;
}

void trie_prefetch(const struct trie *t, uint64_t phash)
{
    __builtin_prefetch(&t->slots[slot_index(phash, t->mask)]);
}

/* (Re)builds the lookup table from the nodes' path hashes, sized for at least want
 * nodes at a load factor of 0.8 (tags keep probes off the nodes). */
static void rehash(struct trie *t, size_t want)
{
    while (want * 10 > t->mask * 8)
        t->mask = t->mask * 2 + 1;
    free(t->slots);
    t->slots = huge_calloc(t->mask + 1, sizeof *t->slots);
    for (size_t i = 1; i < t->n; i++) {
        uint64_t ph = t->v[i].phash;
        size_t j = slot_index(ph, t->mask);
        while (t->slots[j])
            j = (j + 1) & t->mask;
        t->slots[j] = (ph & 0xffffffffu) << 32 | (uint32_t)i;
    }
    t->slots_stale = false;
}

static inline void fresh_slots(const struct trie *t)
{
    if (t->slots_stale)
        rehash((struct trie *)(uintptr_t)t, t->n); /* logically const: a cache */
}

static uint32_t new_node(struct trie *t, uint32_t parent, uint32_t name, uint64_t phash,
                         size_t slot)
{
    if (t->n >= UINT32_MAX - 1)
        die("frame trie too large");
    if (t->n == t->cap) {
        t->cap += t->cap / 2; /* 1.5x keeps the slack, and so bytes per node, low */
        t->v = xreallocarray(t->v, t->cap, sizeof *t->v);
        huge_advise(t->v, t->cap * sizeof *t->v);
        base_fit(t);
    }
    uint32_t id = (uint32_t)t->n++;
    if (t->base)
        t->base[id] = 0;
    struct node *nd = &t->v[id];
    nd->phash = phash;
    nd->name = name;
    nd->parent = parent;
    nd->depth = t->v[parent].depth + 1;
    nd->flags = 0;
    nd->self = nd->total = 0;
    nd->first_child = TRIE_NONE;
    nd->next_sibling = t->v[parent].first_child;
    t->v[parent].first_child = id;
    if (t->ngrave)
        grave_free(t);
    if (nd->depth > t->max_depth)
        t->max_depth = nd->depth;
    if (slot == SIZE_MAX) {
        t->slots_stale = true;
    } else {
        t->slots[slot] = (phash & 0xffffffffu) << 32 | id;
        if (t->n * 10 > t->mask * 8)
            rehash(t, t->n);
    }
    t->gen++;
    t->struct_gen++;
    if (t->hint_nodes && t->n >= HINT_MIN_NODES) {
        if (t->hint_cap > t->cap) {   /* address space: only the pages used are touched */
            t->cap = t->hint_cap;
            t->v = xreallocarray(t->v, t->cap, sizeof *t->v);
            huge_advise(t->v, t->cap * sizeof *t->v);
            base_fit(t);
        }
        if (!t->slots_stale && t->hint_nodes * 10 > t->mask * 8)
            rehash(t, t->hint_nodes);   /* zeroed at once: sized conservatively */
        t->hint_nodes = 0;
    }
    return id;
}

/* Finds the child by path hash; *slot gets the free slot on a miss. The name is
 * compared by id, or by bytes (p, len) when name is UINT32_MAX (the parsers' path). */
static inline uint32_t lookup(const struct trie *t, uint32_t parent, uint32_t name,
                              const char *p, size_t len, uint64_t phash, size_t *slot)
{
    uint64_t tag = (phash & 0xffffffffu) << 32;
    size_t j = slot_index(phash, t->mask);
    for (;;) {
        uint64_t s = t->slots[j];
        if (!s)
            break;
        if ((s & 0xffffffff00000000ull) == tag) {
            const struct node *nd = &t->v[(uint32_t)s];
            if (nd->phash == phash && nd->parent == parent) {
                size_t nl;
                const char *np;
                if (name != UINT32_MAX ? nd->name == name
                                       : ((np = strtab_get(t->names, nd->name, &nl)),
                                          nl == len && memcmp(np, p, len) == 0)) {
                    *slot = j;
                    return (uint32_t)s;
                }
            }
        }
        j = (j + 1) & t->mask;
    }
    *slot = j;
    return TRIE_NONE;
}

uint32_t trie_append_child(struct trie *t, uint32_t parent, uint32_t name, uint64_t phash)
{
    return new_node(t, parent, name, phash, SIZE_MAX);
}

uint32_t trie_find_child(const struct trie *t, uint32_t parent, uint32_t name)
{
    size_t slot;
    fresh_slots(t);
    uint64_t ph = trie_hash_step(t->v[parent].phash, strtab_hash(t->names, name));
    return lookup(t, parent, name, NULL, 0, ph, &slot);
}

uint32_t trie_child(struct trie *t, uint32_t parent, uint32_t name)
{
    size_t slot;
    fresh_slots(t);
    uint64_t ph = trie_hash_step(t->v[parent].phash, strtab_hash(t->names, name));
    uint32_t id = lookup(t, parent, name, NULL, 0, ph, &slot);
    if (id != TRIE_NONE)
        return id;
    return new_node(t, parent, name, ph, slot);
}

uint32_t trie_child_bytes(struct trie *t, uint32_t parent, uint64_t phash, uint64_t name_hash,
                          const char *p, size_t len)
{
    size_t j;
    fresh_slots(t);
    uint32_t id = lookup(t, parent, UINT32_MAX, p, len, phash, &j);
    if (id != TRIE_NONE)
        return id;
    uint32_t name = strtab_intern_h(t->names, p, len, name_hash);
    return new_node(t, parent, name, phash, j);
}

void trie_add(struct trie *t, uint32_t leaf, struct count c)
{
    struct node *nd = &t->v[leaf];
    nd->flags |= NODE_TERMINAL;
    add_count(&nd->self, &nd->flags, NODE_SELF_FLOAT, c);
    for (uint32_t id = leaf; id != TRIE_NONE; id = t->v[id].parent) {
        nd = &t->v[id];
        add_count(&nd->total, &nd->flags, NODE_TOTAL_FLOAT, c);
    }
    t->gen++;
}

void trie_reserve(struct trie *t, size_t nodes)
{
    if (nodes > t->cap) {
        t->cap = nodes;
        t->v = xreallocarray(t->v, t->cap, sizeof *t->v);
        huge_advise(t->v, t->cap * sizeof *t->v);
        base_fit(t);
    }
    if (!t->slots_stale && nodes * 10 > t->mask * 8)
        rehash(t, nodes); /* a stale table is rebuilt at the right size on the next lookup */
}

void trie_reserve_hint(struct trie *t, uint64_t bytes)
{
    uint64_t est = bytes / HINT_BYTES_PER_NODE;
    uint64_t cap = bytes / HINT_BYTES_PER_NODE_MIN;
    t->hint_nodes = est > HINT_MIN_NODES ? (size_t)(est < HINT_MAX_NODES ? est : HINT_MAX_NODES) : 0;
    t->hint_cap = t->hint_nodes ? (size_t)(cap < HINT_MAX_CAP ? cap : HINT_MAX_CAP) : 0;
}

void trie_add_self(struct trie *t, uint32_t leaf, struct count c)
{
    struct node *nd = &t->v[leaf];
    nd->flags |= NODE_TERMINAL;
    add_count(&nd->self, &nd->flags, NODE_SELF_FLOAT, c);
    t->gen++;
}

void trie_sum_totals(struct trie *t)
{
    /* parents have smaller ids than their children: one backward pass */
    for (size_t i = 0; i < t->n; i++) {
        struct node *nd = &t->v[i];
        nd->total = nd->self;
        nd->flags = (nd->flags & ~(uint32_t)NODE_TOTAL_FLOAT) |
                    (nd->flags & NODE_SELF_FLOAT ? NODE_TOTAL_FLOAT : 0);
    }
    for (size_t i = t->n; i-- > 1;) {
        struct node *nd = &t->v[i];
        struct node *p = &t->v[nd->parent];
        add_count(&p->total, &p->flags, NODE_TOTAL_FLOAT,
                  get_count(nd->total, nd->flags & NODE_TOTAL_FLOAT));
    }
    t->gen++;
}

uint32_t trie_insert(struct trie *t, const uint32_t *names, size_t n, struct count c)
{
    uint32_t id = TRIE_ROOT;
    for (size_t i = 0; i < n; i++)
        id = trie_child(t, id, names[i]);
    trie_add(t, id, c);
    return id;
}

size_t trie_size(const struct trie *t)
{
    return t->n;
}

uint32_t trie_name(const struct trie *t, uint32_t node)
{
    return t->v[node].name;
}

const char *trie_label(const struct trie *t, uint32_t node, size_t *len)
{
    if (node == TRIE_ROOT) {
        if (len)
            *len = 3;
        return "all";
    }
    return strtab_get(t->names, t->v[node].name, len);
}

uint32_t trie_parent(const struct trie *t, uint32_t node)
{
    return t->v[node].parent;
}

uint32_t trie_depth(const struct trie *t, uint32_t node)
{
    return t->v[node].depth;
}

struct count trie_self(const struct trie *t, uint32_t node)
{
    return get_count(t->v[node].self, t->v[node].flags & NODE_SELF_FLOAT);
}

struct count trie_total(const struct trie *t, uint32_t node)
{
    return get_count(t->v[node].total, t->v[node].flags & NODE_TOTAL_FLOAT);
}

double trie_self_d(const struct trie *t, uint32_t node)
{
    return count_to_double(trie_self(t, node));
}

double trie_total_d(const struct trie *t, uint32_t node)
{
    return count_to_double(trie_total(t, node));
}

bool trie_is_terminal(const struct trie *t, uint32_t node)
{
    return t->v[node].flags & NODE_TERMINAL;
}

uint32_t trie_max_depth(const struct trie *t)
{
    return t->max_depth;
}

uint64_t trie_generation(const struct trie *t)
{
    return t->gen;
}

/* The sorted children of every node in two linear passes (a counting sort of all
 * nodes by (parent, name rank), least significant key first): bucket the nodes by the
 * byte-order rank of their name, then place them, in that order, into their parent's
 * slice of the CSR array. No comparison, no per-group sort. */
static void build_kids(struct trie *t)
{
    size_t n = t->n;
    size_t nn = strtab_count(t->names);
    const uint32_t *ranks = strtab_ranks(t->names);
    free(t->kid_off);
    free(t->kids);
    t->kid_off = xcalloc(n + 1, sizeof *t->kid_off);
    t->kids = xreallocarray(NULL, n ? n : 1, sizeof *t->kids);
    uint32_t *roff = xcalloc(nn + 1, sizeof *roff); /* start of each rank's bucket */
    for (size_t i = 1; i < n; i++) {
        const struct node *nd = &t->v[i];
        t->kid_off[nd->parent + 1]++;
        roff[ranks[nd->name] + 1]++;
    }
    for (size_t r = 0; r < nn; r++)
        roff[r + 1] += roff[r];
    /* pass 1: the nodes by name rank */
    uint32_t *byrank = xreallocarray(NULL, n ? n : 1, sizeof *byrank);
    for (size_t i = 1; i < n; i++)
        byrank[roff[ranks[t->v[i].name]]++] = (uint32_t)i;
    free(roff);
    /* pass 2: stable placement by parent; kid_off[p] runs from the start of p's slice to
     * its end (= the start of p + 1), then everything moves up one place. The parents
     * are read out of order: prefetched a few nodes ahead (keeping (parent, node) pairs
     * instead would cost 4 more bytes per node at the peak). */
    for (size_t i = 0; i < n; i++)
        t->kid_off[i + 1] += t->kid_off[i];
    for (size_t k = 0; k + 1 < n; k++) {
        if (k + 16 + 1 < n)
            __builtin_prefetch(&t->v[byrank[k + 16]].parent);
        uint32_t c = byrank[k];
        t->kids[t->kid_off[t->v[c].parent]++] = c;
    }
    free(byrank);
    memmove(t->kid_off + 1, t->kid_off, n * sizeof *t->kid_off);
    t->kid_off[0] = 0;
    t->kids_gen = t->struct_gen;
    t->kids_valid = true;
    kc_clear(t, false);
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

static struct kcache *kc_slot(struct trie *t, uint32_t node)
{
    if (!t->kc || (t->kc_n + 1) * 2 > t->kc_mask) {
        size_t om = t->kc_mask;
        struct kcache *old = t->kc;
        t->kc_mask = om ? om * 2 + 1 : 1023;
        t->kc = xcalloc(t->kc_mask + 1, sizeof *t->kc);
        for (size_t i = 0; i <= t->kc_mask; i++)
            t->kc[i].node = TRIE_NONE;
        for (size_t i = 0; old && i <= om; i++) {
            if (old[i].node == TRIE_NONE)
                continue;
            size_t j = (old[i].node * 2654435761u) & t->kc_mask;
            while (t->kc[j].node != TRIE_NONE)
                j = (j + 1) & t->kc_mask;
            t->kc[j] = old[i];
        }
        free(old);
    }
    size_t j = (node * 2654435761u) & t->kc_mask;
    while (t->kc[j].node != TRIE_NONE && t->kc[j].node != node)
        j = (j + 1) & t->kc_mask;
    return &t->kc[j];
}

const uint32_t *trie_children(struct trie *t, uint32_t node, size_t *n)
{
    if (t->kids_valid && t->kids_gen == t->struct_gen) {
        uint32_t a = t->kid_off[node], b = t->kid_off[node + 1];
        *n = b - a;
        return t->kids + a;
    }
    /* The trie changed since the full index was built. A redraw visits few nodes: sort
     * just those, and keep them until they get new children. A walk over much of the
     * trie (collapse, search) rebuilds the full index instead. */
    size_t limit = t->n / 16 > 4096 ? t->n / 16 : 4096;
    if (t->kc_n >= limit) {
        build_kids(t);
        return trie_children(t, node, n);
    }
    struct kcache *e = kc_slot(t, node);
    uint32_t first = t->v[node].first_child;
    if (e->node == node && e->first == first) {
        *n = e->n;
        return e->kids;
    }
    if (e->node != node) {
        e->node = node;
        e->kids = NULL;
        t->kc_n++;
    }
    size_t k = 0;
    for (uint32_t c = first; c != TRIE_NONE; c = t->v[c].next_sibling)
        k++;
    e->kids = xreallocarray(e->kids, k ? k : 1, sizeof *e->kids);
    k = 0;
    for (uint32_t c = first; c != TRIE_NONE; c = t->v[c].next_sibling)
        e->kids[k++] = c;
    if (k > 1)
        qsort_r(e->kids, k, sizeof *e->kids, cmp_names, t);
    e->first = first;
    e->n = (uint32_t)k;
    *n = k;
    return e->kids;
}

void trie_sort_children(struct trie *t)
{
    if (!t->kids_valid || t->kids_gen != t->struct_gen)
        build_kids(t);
}

bool trie_has_children(const struct trie *t, uint32_t node)
{
    return t->v[node].first_child != TRIE_NONE;
}

void trie_merge(struct trie *dst, const struct trie *src)
{
    size_t n = src->n;
    uint32_t *map = xreallocarray(NULL, n, sizeof *map);
    uint32_t *names = NULL;
    bool same = dst->names == src->names;
    if (!same) {
        size_t nn = strtab_count(src->names);
        names = xreallocarray(NULL, nn ? nn : 1, sizeof *names);
        for (size_t i = 0; i < nn; i++) {
            size_t len;
            const char *p = strtab_get(src->names, (uint32_t)i, &len);
            names[i] = strtab_intern(dst->names, p, len);
        }
    }
    map[0] = TRIE_ROOT;
    for (size_t i = 0; i < n; i++) {
        const struct node *s = &src->v[i];
        uint32_t d = 0;
        if (i > 0) {
            d = trie_child(dst, map[s->parent], same ? s->name : names[s->name]);
            map[i] = d;
        }
        struct node *dn = &dst->v[d];
        add_count(&dn->total, &dn->flags, NODE_TOTAL_FLOAT,
                  get_count(s->total, s->flags & NODE_TOTAL_FLOAT));
        if (s->flags & NODE_TERMINAL) {
            dn->flags |= NODE_TERMINAL;
            add_count(&dn->self, &dn->flags, NODE_SELF_FLOAT,
                      get_count(s->self, s->flags & NODE_SELF_FLOAT));
        }
        if (src->base) {
            trie_enable_base(dst);
            add_count(&dst->base[d], &dst->v[d].flags, NODE_BASE_FLOAT,
                      get_count(src->base[i], s->flags & NODE_BASE_FLOAT));
        }
    }
    dst->gen++;
    free(names);
    free(map);
}

void trie_foreach_stack(const struct trie *t, void (*fn)(void *ctx, uint32_t leaf), void *ctx)
{
    for (size_t i = 0; i < t->n; i++)
        if (t->v[i].flags & NODE_TERMINAL)
            fn(ctx, (uint32_t)i);
}

size_t trie_path(const struct trie *t, uint32_t node, uint32_t *path)
{
    size_t d = t->v[node].depth;
    for (size_t i = d; i > 0; i--) {
        path[i - 1] = node;
        node = t->v[node].parent;
    }
    return d;
}

void trie_replace(struct trie *t, struct trie *src)
{
    if (src->names != t->names)
        die("trie_replace: the tries do not share their names");
    free_nodes(t);
    t->v = src->v;
    t->n = src->n;
    t->cap = src->cap;
    t->slots = src->slots;
    t->base = src->base;
    t->mask = src->mask;
    t->slots_stale = src->slots_stale;
    t->max_depth = src->max_depth;
    t->kid_off = NULL;
    t->kids = NULL;
    t->kids_valid = false;
    t->gen = (t->gen > src->gen ? t->gen : src->gen) + 1;
    t->struct_gen = (t->struct_gen > src->struct_gen ? t->struct_gen : src->struct_gen) + 1;
    src->v = NULL;
    src->slots = NULL;
    src->base = NULL;
    src->own_names = false;
    trie_free(src);
}

void trie_compact(struct trie *t)
{
    if (t->cap > t->n) {
        t->cap = t->n;
        t->v = xreallocarray(t->v, t->cap, sizeof *t->v);
        base_fit(t);
    }
}

size_t trie_bytes(const struct trie *t)
{
    size_t b = t->cap * sizeof *t->v + (t->mask + 1) * sizeof *t->slots;
    if (t->kids_valid)
        b += (t->n + 1) * sizeof *t->kid_off + t->n * sizeof *t->kids;
    if (t->base)
        b += t->cap * sizeof *t->base;
    return b;
}

/* ---- differential profiles: the base total per node (trie.h) ---- */

static void base_fit(struct trie *t)
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
    return get_count(t->base[node], t->v[node].flags & NODE_BASE_FLOAT);
}

struct count trie_base_self(const struct trie *t, uint32_t node)
{
    struct count c = trie_base_total(t, node);
    if (!t->base || count_is_zero(c))
        return c;
    struct count kids = count_u64(0);
    for (uint32_t k = t->v[node].first_child; k != TRIE_NONE; k = t->v[k].next_sibling)
        count_add(&kids, trie_base_total(t, k));
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
    t->v[leaf].flags |= NODE_TERMINAL;
    for (uint32_t id = leaf; id != TRIE_NONE; id = t->v[id].parent)
        add_count(&t->base[id], &t->v[id].flags, NODE_BASE_FLOAT, c);
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
    t->v[leaf].flags |= NODE_TERMINAL;
    add_count(&t->base[leaf], &t->v[leaf].flags, NODE_BASE_FLOAT, c);
    t->gen++;
}

void trie_sum_base(struct trie *t)
{
    if (!t->base)
        return;
    for (size_t i = t->n; i-- > 1;) {   /* children before parents */
        uint32_t p = t->v[i].parent;
        add_count(&t->base[p], &t->v[p].flags, NODE_BASE_FLOAT,
                  get_count(t->base[i], t->v[i].flags & NODE_BASE_FLOAT));
    }
    t->gen++;
}
