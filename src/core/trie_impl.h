/* SPDX-License-Identifier: MIT */
/* flametui - trie_impl.h: the private layout of the trie, shared by trie.c (nodes, lookup
 * table), trie_counts.c (counts, bounds, diff bases) and trie_kids.c (the sorted-children
 * index). Nothing else includes it.
 * A node is 32 bytes (two per cache line) and holds everything an insert touches; the
 * lookup table has 4-byte slots; child links are not stored at all: the children index
 * is built from the parent ids when something asks for children. */
#ifndef FLAMETUI_TRIE_IMPL_H
#define FLAMETUI_TRIE_IMPL_H
#include <math.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "core/count.h"

/* node flags, in the low bits of node.df (the depth is above them) */
enum {
    NODE_TERMINAL = 1,
    NODE_SELF_FLOAT = 2,
    NODE_TOTAL_FLOAT = 4,
    NODE_BASE_FLOAT = 8,
    NODE_HAS_KIDS = 16,
    NODE_FLAG_BITS = 5,
};
#define NODE_MAX_DEPTH ((UINT32_C(1) << (32 - NODE_FLAG_BITS)) - 1)

struct node {
    uint32_t ph;          /* path hash (trie_hash_step only reads 32 bits of its parent's) */
    uint32_t parent;      /* TRIE_NONE for the root */
    uint32_t name;        /* UINT32_MAX for the root */
    uint32_t df;          /* depth << NODE_FLAG_BITS | flags */
    uint64_t self, total; /* uint64 or the bits of a double (see the flags) */
};

/* the sorted children of a node that got children after the full index was built */
struct kcache {
    uint32_t node;        /* TRIE_NONE: empty entry */
    uint32_t first;       /* dhead[node] when sorted: unchanged = still valid */
    uint32_t n;
    uint32_t *kids;
};

struct trie_kids {
    uint32_t *off;        /* full index over nodes [0, kn): off[kn + 1], kids[kn - 1] */
    uint32_t *kids;
    size_t kn;            /* 0: no full index */
    uint32_t *dhead;      /* per node: its newest child linked since the index (or NONE) */
    size_t dhcap;
    uint32_t *dnext;      /* for node kn + i: the previous linked child of its parent */
    size_t dn, dcap;      /* nodes [kn, dn) are linked */
    struct kcache *kc;    /* open addressing on the node id */
    size_t kc_mask, kc_n;
    uint32_t **grave;     /* retired arrays: callers may hold them until the next change */
    size_t ngrave, grave_cap;
};

struct trie {
    struct strtab *names;
    bool own_names;
    struct node *v;
    size_t n, cap;
    bool v_mapped;        /* v is a mapping (xrealloc_table), not malloc'd */
    uint32_t *slots;      /* 0 = empty; else tag << idbits | (node id + 1) */
    size_t nslots;        /* table size (any size: the index is a multiply-shift) */
    unsigned idbits;      /* bits of a slot that hold the id: nslots < 2^idbits */
    bool slots_mapped;    /* slots came from mmap (big tables) */
    bool slots_stale;     /* nodes were appended without being hashed */
    uint32_t *oslots;     /* while growing: the table before (every node made before the */
    size_t onslots;       /* growth); the nodes of its slots [0, mv_next) are in slots too. */
    unsigned oidbits;     /* Every insert moves those of TRIE_MOVE_STEP more slots (up to */
    bool oslots_mapped;   /* mv_end = onslots); NULL: no growth in progress */
    size_t mv_next, mv_end;
    uint64_t uid;
    uint64_t gen;         /* any change */
    uint64_t struct_gen;  /* new nodes */
    uint32_t max_depth;
    struct trie_kids k;
    uint64_t *base;       /* diff: per node (cap entries) the base total, or NULL */
    float *kmax;          /* per node (cap entries) an upper bound on its children's totals
                           * (trie_kids_max_bound, rounded up), or NULL until the first call */
    bool base_swapped;    /* diff: counts are the base's, base counts the new ones */
    size_t hint_nodes;    /* trie_reserve_hint: once the trie is big, a lookup table for */
    size_t hint_cap;      /* hint_nodes nodes, and room for hint_cap nodes in the array */
    uint64_t hint_bytes;  /* trie_reserve_hint's input size, and how much of it has been */
    uint64_t hint_done;   /* parsed (trie_hint_progress) */
    struct stacks *flat;  /* trie_set_flat: owned, or NULL */
};

static inline uint32_t node_depth(const struct node *nd)
{
    return nd->df >> NODE_FLAG_BITS;
}

static inline struct count trie_get_count(uint64_t bits, bool fl)
{
    struct count c = {0, 0.0, fl};
    if (fl)
        memcpy(&c.d, &bits, sizeof c.d);
    else
        c.u = bits;
    return c;
}

/* Adds x to the count in *bits (a uint64, or a double's bits once flag is set in *flags:
 * a sum past 2^64 or a fractional count turns it into a double). */
static inline void add_count(uint64_t *bits, uint32_t *flags, uint32_t flag, struct count x)
{
    if (!(*flags & flag) && !x.is_float) {
        uint64_t s = *bits + x.u;
        if (s >= *bits) {
            *bits = s;
            return;
        }
    }
    struct count acc = trie_get_count(*bits, *flags & flag);
    count_add(&acc, x);
    memcpy(bits, &acc.d, sizeof *bits);
    *flags |= flag;
}

/* The total of node as a double (trie_total_d). */
static inline double total_d(const struct node *nd)
{
    return count_to_double(trie_get_count(nd->total, nd->df & NODE_TOTAL_FLOAT));
}

/* The bound *m rises to d when d is above it: the float nearest d, or the next one up
 * when that is below d (4 bytes a node; never below a total). */
static inline void kmax_up(float *m, double d)
{
    if (d > *m) {
        float f = (float)d;
        *m = (double)f < d ? nextafterf(f, INFINITY) : f;
    }
}

/* The total of node grew: its parent's bound follows (when the bounds are kept). */
static inline void kmax_raise(struct trie *t, uint32_t node)
{
    uint32_t p = t->v[node].parent;
    if (t->kmax && p != TRIE_NONE)
        kmax_up(&t->kmax[p], total_d(&t->v[node]));
}

/* trie_counts.c: the per-node arrays (base, bounds) follow the node array's capacity */
void trie_base_fit(struct trie *t);
void trie_kmax_fit(struct trie *t);

/* trie_kids.c */
void trie_kids_free(struct trie *t);            /* everything, now */
void trie_kids_grave_free(struct trie *t);      /* the retired arrays (on a change) */
size_t trie_kids_bytes(const struct trie *t);
/* Sorts n keys ascending (a sibling group of (name rank << 32 | node) keys: insertion
 * sort when small). Also used by trie_fold.c. */
void trie_sort_keys(uint64_t *g, size_t n);
#endif
