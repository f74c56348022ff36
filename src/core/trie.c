/* SPDX-License-Identifier: MIT */
/* flametui - trie.c: see trie.h (the layout is in trie_impl.h; the counts are
 * trie_counts.c; the sorted-children index is trie_kids.c).
 * Nodes live in one array of 32-byte nodes (parents always have smaller ids than their
 * children). A hash table of 4-byte slots maps (parent, name) to the child by the 32-bit
 * path hash, so inserting a frame costs one lookup: the slot keeps the high bits of the
 * hash that the slot index does not use as a tag next to the node id, so only matching
 * tags read a node.
 * A full table grows incrementally: it becomes the old table, a larger one is made, and
 * every insertion moves the nodes of the next TRIE_MOVE_STEP of its slots into it, so no single
 * insertion rehashes millions of nodes (a live viewer stays responsive). A lookup probes
 * the new table, then the old one while it is there. A rebuild (a stale table, a
 * reservation) is still done at once. */
#include "config.h"

#include "core/trie.h"

#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "core/stacks.h"
#include "core/strtab.h"
#include "core/trie_impl.h"
#include "core/util.h"

#define ROOT_PHASH 0x243f6a88u
#define MIN_SLOTS 2048u

/* trie_reserve_hint. The lookup table is zeroed when it is made, so it is sized from a
 * bytes per node at the low end of `perf script` text (113 B/node on the benchmark's
 * real recording, 134 on the issue's, 238 in the generated large input); folded text
 * has fewer bytes per node (8 to 47), so its table is under-reserved and keeps growing.
 * The node array only takes address space until its pages are used, and regrowing it
 * (huge pages) raises the peak RSS, so it is reserved for a generous count: 16 B/node.
 * Nothing is reserved until the trie has HINT_MIN_NODES nodes (inputs with a small trie
 * never pay), and at most HINT_MAX_NODES (table) and HINT_MAX_CAP (array); past those,
 * both grow as usual. */
#define HINT_BYTES_PER_NODE 128u
#define HINT_BYTES_PER_NODE_MIN 16u
#define HINT_MIN_NODES ((size_t)1 << 16)
#define HINT_MAX_NODES ((uint64_t)8 << 20)
#define HINT_MAX_CAP ((uint64_t)16 << 20)

/* A zeroed table of n slots (xcalloc_table: big ones are mapped for huge pages). */
static uint32_t *slots_alloc(size_t n, bool *mapped)
{
    return xcalloc_table(n * sizeof(uint32_t), mapped);
}

/* The old table of a growth in progress: gone (its nodes are all in the new one, or the
 * new one is about to be rebuilt from the nodes). */
static void old_free(struct trie *t)
{
    if (t->oslots)
        xfree_table(t->oslots, t->onslots * sizeof *t->oslots, t->oslots_mapped);
    t->oslots = NULL;
    t->oslots_mapped = false;
    t->onslots = 0;
    t->mv_next = t->mv_end = 0;
}

static void slots_free(struct trie *t)
{
    xfree_table(t->slots, t->nslots * sizeof *t->slots, t->slots_mapped);
    t->slots = NULL;
    t->slots_mapped = false;
    old_free(t);
}

/* The slot a path hash starts probing at in a table of ns slots: a multiply-shift, so
 * any table size works. */
static inline size_t home_in(size_t ns, uint32_t ph)
{
    return (size_t)(((uint64_t)ph * ns) >> 32);
}

static inline size_t slot_home(const struct trie *t, uint32_t ph)
{
    return home_in(t->nslots, ph);
}

static inline uint32_t id_mask(const struct trie *t)
{
    return (uint32_t)(((uint64_t)1 << t->idbits) - 1);
}

/* The tag part of a slot: the low bits of the path hash (the index comes from its high
 * bits), shifted above the id (idbits of them). */
static inline uint32_t tag_of(unsigned idbits, uint32_t ph)
{
    return (uint32_t)((uint64_t)ph << idbits);
}

static inline uint32_t slot_tag(const struct trie *t, uint32_t ph)
{
    return tag_of(t->idbits, ph);
}

/* Node i goes into a table (ns slots, idbits) at the first free slot from its home. */
static inline void place(uint32_t *s, size_t ns, unsigned idbits, uint32_t ph, size_t i)
{
    size_t j = home_in(ns, ph);
    while (s[j])
        j = j + 1 == ns ? 0 : j + 1;
    s[j] = tag_of(idbits, ph) | (uint32_t)(i + 1);
}

uint64_t trie_uid(const struct trie *t)
{
    return t->uid;
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
    t->v[0].ph = ROOT_PHASH;
    t->v[0].parent = TRIE_NONE;
    t->n = 1;
    t->nslots = MIN_SLOTS;
    t->idbits = 12;
    t->slots = slots_alloc(t->nslots, &t->slots_mapped);
    return t;
}

/* Frees the nodes, the hash slots and the children index (not the names). */
static void free_nodes(struct trie *t)
{
    xfree_table(t->v, t->cap * sizeof *t->v, t->v_mapped);
    slots_free(t);
    free(t->base);
    free(t->kmax);
    t->kmax = NULL;
    trie_kids_free(t);
}

void trie_free(struct trie *t)
{
    if (!t)
        return;
    if (t->own_names)
        strtab_free(t->names);
    free_nodes(t);
    stacks_free(t->flat);
    free(t);
}

void trie_set_flat(struct trie *t, struct stacks *s)
{
    stacks_free(t->flat);
    t->flat = s;
}

struct stacks *trie_flat(const struct trie *t)
{
    return t->flat;
}

void trie_unflatten(struct trie *t)
{
    struct stacks *s = t->flat;
    size_t ns = s ? stacks_count(s) : 0;
    for (size_t i = 0; i < ns; i++) {
        size_t n;
        struct count c;
        const uint32_t *ids = stacks_get(s, i, &n, &c);
        trie_insert(t, ids, n, c);
    }
    if (s)
        stacks_clear(s);
}

struct strtab *trie_names(const struct trie *t)
{
    return t->names;
}

uint64_t trie_phash(const struct trie *t, uint32_t node)
{
    return t->v[node].ph;
}

void trie_prefetch(const struct trie *t, uint64_t phash)
{
    if (t->slots)
        __builtin_prefetch(&t->slots[slot_home(t, (uint32_t)phash)]);
}

/* The size of a lookup table for at least want nodes at a load factor of 0.8. grow:
 * the table is full while inserting; small tables grow fourfold, from SLOTS_BY_HALF
 * slots by half (5 to 7.5 bytes per node). Otherwise (a rebuild, a reservation) it is
 * sized for want. */
#define SLOTS_BY_HALF ((size_t)1 << 20)
static size_t table_size(const struct trie *t, size_t want, bool grow)
{
    size_t ns = MIN_SLOTS;
    if (grow) {
        ns = t->nslots > MIN_SLOTS ? t->nslots : MIN_SLOTS;
        while (want * 10 > ns * 8 && ns < UINT32_MAX)
            ns = ns < SLOTS_BY_HALF ? ns * 4 : ns + ns / 2;
    } else if (want * 10 / 8 + 1 > ns) {
        ns = want * 10 / 8 + 1;
    }
    return ns > UINT32_MAX ? UINT32_MAX : ns; /* ids stay below: a free slot always remains */
}

/* A new, empty current table of ns slots (the caller has freed or kept the one before). */
static void new_table(struct trie *t, size_t ns)
{
    t->nslots = ns;
    t->idbits = 0;
    while (t->idbits < 32 && ((size_t)1 << t->idbits) <= ns)
        t->idbits++;
    t->slots = slots_alloc(ns, &t->slots_mapped);
}

/* Rebuilds the lookup table at once from the nodes' path hashes, for at least want
 * nodes (a growth in progress is dropped: every node is hashed again). */
static void rehash(struct trie *t, size_t want)
{
    size_t ns = table_size(t, want, false);
    slots_free(t);
    new_table(t, ns);
    const struct node *v = t->v;
    uint32_t *s = t->slots;
    size_t n = t->n;
    unsigned ib = t->idbits;
    for (size_t i = 1; i < n; i++) {
        if (i + 16 < n)
            __builtin_prefetch(&s[home_in(ns, v[i + 16].ph)], 1);
        place(s, ns, ib, v[i].ph, i);
    }
    t->slots_stale = false;
}

/* Moves the nodes of up to max slots of a growth in progress from the old table into the
 * current one, in slot order: the homes of both tables grow with the path hash, so the
 * pages of the new table are written (and faulted in) front to back, a few per step,
 * not all in the first one. Frees the old table when done. */
static void move_nodes(struct trie *t, size_t max)
{
    size_t end = t->mv_end - t->mv_next > max ? t->mv_next + max : t->mv_end;
    const struct node *v = t->v;
    const uint32_t *os = t->oslots;
    uint32_t om = (uint32_t)(((uint64_t)1 << t->oidbits) - 1);
    uint32_t *s = t->slots;
    size_t ns = t->nslots;
    unsigned ib = t->idbits;
    for (size_t i = t->mv_next; i < end; i++) {
        if (i + 8 < end && os[i + 8])
            __builtin_prefetch(&v[(os[i + 8] & om) - 1]);
        uint32_t x = os[i];
        if (x)
            place(s, ns, ib, v[(x & om) - 1].ph, (x & om) - 1);
    }
    t->mv_next = end;
    if (end == t->mv_end)
        old_free(t);
}

/* The current table becomes the old one and a table of ns slots the current one; the
 * nodes move over by TRIE_MOVE_STEP per insertion (a growth before that has not finished
 * is finished first). */
static void start_growth(struct trie *t, size_t ns)
{
    if (t->oslots)
        move_nodes(t, SIZE_MAX);
    t->oslots = t->slots;
    t->onslots = t->nslots;
    t->oidbits = t->idbits;
    t->oslots_mapped = t->slots_mapped;
    t->mv_next = 0;
    t->mv_end = t->onslots;
    new_table(t, ns);
}

size_t trie_hash_moving(const struct trie *t)
{
    return t->oslots ? t->mv_end - t->mv_next : 0;
}

static inline void fresh_slots(const struct trie *t)
{
    if (t->slots_stale)
        rehash((struct trie *)(uintptr_t)t, t->n); /* logically const: a cache */
}

/* The node array grows (a mapping from 4 MiB on, advised for huge pages as a whole, that
 * grows by mremap: no copy however big). */
static void grow_nodes(struct trie *t, size_t cap)
{
    if (cap > SIZE_MAX / sizeof *t->v)
        die("frame trie too large");
    t->v = xrealloc_table(t->v, t->cap * sizeof *t->v, cap * sizeof *t->v, &t->v_mapped);
    t->cap = cap;
    trie_base_fit(t);
    trie_kmax_fit(t);
}

/* A full table grows (start_growth): by steps, or, once trie_hint_progress told how far
 * the input is parsed, to the node count its nodes per byte so far predict for its end,
 * with a margin that leaves the table at most 70 % full then (misses probe less), 1.5
 * to 4 times the current count. */
static void grow_slots(struct trie *t)
{
    if (t->hint_done && t->hint_bytes > t->hint_done) {
        double n = (double)t->n;
        double est = n * ((double)t->hint_bytes / (double)t->hint_done) * 1.15;
        est = est < 1.5 * n ? 1.5 * n : est > 4.0 * n ? 4.0 * n : est;
        start_growth(t, table_size(t, (size_t)est, false));
    } else {
        start_growth(t, table_size(t, t->n, true));
    }
}

static uint32_t new_node(struct trie *t, uint32_t parent, uint32_t name, uint32_t ph,
                         size_t slot)
{
    if (t->n >= UINT32_MAX - 1)
        die("frame trie too large");
    if (t->n == t->cap)   /* 1.5x keeps the slack, and so bytes per node, low (+ 16: a */
        grow_nodes(t, t->cap + t->cap / 2 + 16);   /* compacted trie may hold only its root) */
    uint32_t id = (uint32_t)t->n++;
    if (t->base)
        t->base[id] = 0;
    if (t->kmax)
        t->kmax[id] = 0;
    struct node *pd = &t->v[parent];
    uint32_t depth = node_depth(pd) + 1;
    if (depth > NODE_MAX_DEPTH)
        die("stack deeper than %u frames", (unsigned)NODE_MAX_DEPTH);
    pd->df |= NODE_HAS_KIDS;
    struct node *nd = &t->v[id];
    nd->ph = ph;
    nd->parent = parent;
    nd->name = name;
    nd->df = depth << NODE_FLAG_BITS;
    nd->self = nd->total = 0;
    if (t->k.ngrave)
        trie_kids_grave_free(t);
    if (depth > t->max_depth)
        t->max_depth = depth;
    if (slot == SIZE_MAX) {
        t->slots_stale = true;
        old_free(t);   /* the whole table is rebuilt on the next lookup */
    } else {
        t->slots[slot] = slot_tag(t, ph) | (id + 1);
        if (t->oslots)
            move_nodes(t, TRIE_MOVE_STEP);
        if (t->n * 10 > t->nslots * 8 && t->nslots < UINT32_MAX)
            grow_slots(t);
    }
    t->gen++;
    t->struct_gen++;
    if (t->hint_nodes && t->n >= HINT_MIN_NODES) {
        if (t->hint_cap > t->cap) /* address space: only the pages used are touched */
            grow_nodes(t, t->hint_cap);
        if (!t->slots_stale && t->hint_nodes * 10 > t->nslots * 8)
            rehash(t, t->hint_nodes); /* zeroed at once: sized conservatively */
        t->hint_nodes = 0;
    }
    return id;
}

/* Probes a table (ns slots, idbits) for the child by path hash and name id; *slot gets
 * where it is, or the free slot that ended the probe. */
static inline uint32_t probe(const struct trie *t, const uint32_t *s, size_t ns, unsigned idbits,
                             uint32_t parent, uint32_t name, uint32_t ph, size_t *slot)
{
    uint32_t idm = (uint32_t)(((uint64_t)1 << idbits) - 1), tag = tag_of(idbits, ph);
    size_t j = home_in(ns, ph);
    for (;;) {
        uint32_t x = s[j];
        if (!x)
            break;
        if ((x & ~idm) == tag) {
            const struct node *nd = &t->v[(x & idm) - 1];
            if (nd->ph == ph && nd->parent == parent && nd->name == name) {
                *slot = j;
                return (x & idm) - 1;
            }
        }
        j = j + 1 == ns ? 0 : j + 1;
    }
    *slot = j;
    return TRIE_NONE;
}

/* The old table of a growth in progress, after a miss in the current one (a node found
 * there has not been moved yet). */
static __attribute__((noinline)) uint32_t lookup_old(const struct trie *t, uint32_t parent,
                                                     uint32_t name, uint32_t ph)
{
    size_t j;
    return probe(t, t->oslots, t->onslots, t->oidbits, parent, name, ph, &j);
}

/* Finds the child by path hash and name id; *slot gets the current table's free slot on
 * a miss. */
static inline uint32_t lookup(const struct trie *t, uint32_t parent, uint32_t name, uint32_t ph,
                              size_t *slot)
{
    uint32_t id = probe(t, t->slots, t->nslots, t->idbits, parent, name, ph, slot);
    if (id == TRIE_NONE && t->oslots)
        id = lookup_old(t, parent, name, ph);
    return id;
}

uint32_t trie_append_child(struct trie *t, uint32_t parent, uint32_t name, uint64_t phash)
{
    return new_node(t, parent, name, (uint32_t)phash, SIZE_MAX);
}

static inline uint32_t child_ph(const struct trie *t, uint32_t parent, uint32_t name)
{
    return (uint32_t)trie_hash_step(t->v[parent].ph, strtab_hash(t->names, name));
}

void trie_prefetch_child(const struct trie *t, uint32_t parent, uint32_t name)
{
    if (!t->slots_stale && parent < t->n)
        trie_prefetch(t, child_ph(t, parent, name));
}

uint32_t trie_find_child(const struct trie *t, uint32_t parent, uint32_t name)
{
    size_t slot;
    fresh_slots(t);
    return lookup(t, parent, name, child_ph(t, parent, name), &slot);
}

uint32_t trie_child(struct trie *t, uint32_t parent, uint32_t name)
{
    size_t slot;
    fresh_slots(t);
    uint32_t ph = child_ph(t, parent, name);
    uint32_t id = lookup(t, parent, name, ph, &slot);
    if (id != TRIE_NONE)
        return id;
    return new_node(t, parent, name, ph, slot);
}

/* The name is interned first (the string table is small and hot; the parsers prefetch
 * its slot), so the probe compares ids and never reads the bytes of a node's name. */
uint32_t trie_child_bytes(struct trie *t, uint32_t parent, uint64_t phash, uint64_t name_hash,
                          const char *p, size_t len)
{
    size_t j;
    fresh_slots(t);
    uint32_t name = strtab_intern_h(t->names, p, len, name_hash);
    uint32_t id = lookup(t, parent, name, (uint32_t)phash, &j);
    if (id != TRIE_NONE)
        return id;
    return new_node(t, parent, name, (uint32_t)phash, j);
}

uint32_t trie_child_named(struct trie *t, uint32_t parent, uint64_t phash, uint32_t name)
{
    size_t j;
    fresh_slots(t);
    uint32_t id = lookup(t, parent, name, (uint32_t)phash, &j);
    if (id != TRIE_NONE)
        return id;
    return new_node(t, parent, name, (uint32_t)phash, j);
}

void trie_next_nodes(const struct trie *t, size_t nodes, void **p, size_t *len)
{
    size_t end = t->cap - t->n < nodes ? t->cap : t->n + nodes;
    *p = t->v + t->n;
    *len = (end - t->n) * sizeof *t->v;
}

void trie_reserve(struct trie *t, size_t nodes)
{
    if (nodes > t->cap)
        grow_nodes(t, nodes);
    if (!t->slots_stale && nodes * 10 > t->nslots * 8)
        rehash(t, nodes); /* a stale table is rebuilt at the right size on the next lookup */
}

void trie_reserve_hint(struct trie *t, uint64_t bytes)
{
    uint64_t est = bytes / HINT_BYTES_PER_NODE;
    uint64_t cap = bytes / HINT_BYTES_PER_NODE_MIN;
    t->hint_nodes = est > HINT_MIN_NODES ? (size_t)(est < HINT_MAX_NODES ? est : HINT_MAX_NODES) : 0;
    t->hint_cap = t->hint_nodes ? (size_t)(cap < HINT_MAX_CAP ? cap : HINT_MAX_CAP) : 0;
    t->hint_bytes = bytes;
    t->hint_done = 0;
}

void trie_hint_progress(struct trie *t, uint64_t bytes)
{
    t->hint_done += bytes;
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
    return node_depth(&t->v[node]);
}

struct count trie_self(const struct trie *t, uint32_t node)
{
    return trie_get_count(t->v[node].self, t->v[node].df & NODE_SELF_FLOAT);
}

struct count trie_total(const struct trie *t, uint32_t node)
{
    return trie_get_count(t->v[node].total, t->v[node].df & NODE_TOTAL_FLOAT);
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
    return t->v[node].df & NODE_TERMINAL;
}

bool trie_has_children(const struct trie *t, uint32_t node)
{
    return t->v[node].df & NODE_HAS_KIDS;
}

uint32_t trie_max_depth(const struct trie *t)
{
    return t->max_depth;
}

uint64_t trie_generation(const struct trie *t)
{
    return t->gen;
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
    fresh_slots(dst);
    for (size_t i = 0; i < n; i++) {
        const struct node *s = &src->v[i];
        uint32_t d = 0;
        if (i + 16 < n) /* the path hash is the same in both tries: probe ahead */
            trie_prefetch(dst, src->v[i + 16].ph);
        if (i > 0) {
            size_t slot;
            uint32_t name = same ? s->name : names[s->name];
            d = lookup(dst, map[s->parent], name, s->ph, &slot);
            if (d == TRIE_NONE)
                d = new_node(dst, map[s->parent], name, s->ph, slot);
            map[i] = d;
        }
        struct node *dn = &dst->v[d];
        add_count(&dn->total, &dn->df, NODE_TOTAL_FLOAT,
                  trie_get_count(s->total, s->df & NODE_TOTAL_FLOAT));
        kmax_raise(dst, d);
        if (s->df & NODE_TERMINAL) {
            dn->df |= NODE_TERMINAL;
            add_count(&dn->self, &dn->df, NODE_SELF_FLOAT,
                      trie_get_count(s->self, s->df & NODE_SELF_FLOAT));
        }
        if (src->base) {
            trie_enable_base(dst);
            add_count(&dst->base[d], &dst->v[d].df, NODE_BASE_FLOAT,
                      trie_get_count(src->base[i], s->df & NODE_BASE_FLOAT));
        }
    }
    dst->gen++;
    free(names);
    free(map);
}

void trie_foreach_stack(const struct trie *t, void (*fn)(void *ctx, uint32_t leaf), void *ctx)
{
    for (size_t i = 0; i < t->n; i++)
        if (t->v[i].df & NODE_TERMINAL)
            fn(ctx, (uint32_t)i);
}

size_t trie_path(const struct trie *t, uint32_t node, uint32_t *path)
{
    size_t d = node_depth(&t->v[node]);
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
    t->v_mapped = src->v_mapped;
    t->n = src->n;
    t->cap = src->cap;
    t->slots = src->slots;
    t->nslots = src->nslots;
    t->idbits = src->idbits;
    t->slots_mapped = src->slots_mapped;
    t->oslots = src->oslots;
    t->onslots = src->onslots;
    t->oidbits = src->oidbits;
    t->oslots_mapped = src->oslots_mapped;
    t->mv_next = src->mv_next;
    t->mv_end = src->mv_end;
    t->base = src->base;
    t->kmax = src->kmax;
    t->slots_stale = src->slots_stale;
    t->max_depth = src->max_depth;
    t->gen = (t->gen > src->gen ? t->gen : src->gen) + 1;
    t->struct_gen = (t->struct_gen > src->struct_gen ? t->struct_gen : src->struct_gen) + 1;
    src->v = NULL;
    src->v_mapped = false;
    src->slots = NULL;
    src->slots_mapped = false;
    src->oslots = NULL;
    src->base = NULL;
    src->kmax = NULL;
    src->own_names = false;
    trie_free(src);
}

void trie_compact(struct trie *t)
{
    if (t->cap > t->n) {
        t->v = xrealloc_table(t->v, t->cap * sizeof *t->v, t->n * sizeof *t->v, &t->v_mapped);
        t->cap = t->n;
        trie_base_fit(t);
        trie_kmax_fit(t);
    }
    /* loading is over: the lookup table goes too, and comes back on the next lookup */
    if (t->slots && !t->slots_stale && t->n > MIN_SLOTS) {
        slots_free(t);
        t->slots_stale = true;
    }
}

size_t trie_bytes(const struct trie *t)
{
    /* nodes in use: the capacity past them is address space whose pages are never
     * touched (a reservation, or realloc's slack) */
    size_t b = t->n * sizeof *t->v + trie_kids_bytes(t);
    if (t->slots)
        b += t->nslots * sizeof *t->slots;
    if (t->oslots)
        b += t->onslots * sizeof *t->oslots;
    if (t->base)
        b += t->n * sizeof *t->base;
    if (t->kmax)
        b += t->n * sizeof *t->kmax;
    return b;
}

void trie_read_nodes(const struct trie *t, size_t first, size_t n, uint32_t *parent,
                     uint32_t *name, uint32_t *phash, unsigned char *terminal)
{
    const struct node *v = t->v + first;
    if (parent)
        for (size_t i = 0; i < n; i++)
            parent[i] = v[i].parent;
    if (name)
        for (size_t i = 0; i < n; i++)
            name[i] = v[i].name;
    if (phash)
        for (size_t i = 0; i < n; i++)
            phash[i] = v[i].ph;
    if (terminal)
        for (size_t i = 0; i < n; i++)
            terminal[i] = (unsigned char)(v[i].df & NODE_TERMINAL);
}

void trie_prefetch_node(const struct trie *t, uint32_t node)
{
    __builtin_prefetch(&t->v[node]);
}
