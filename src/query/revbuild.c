/* SPDX-License-Identifier: MIT */
/* flametui - revbuild.c: see revbuild.h.
 * Level k holds the stacks still going after k reversed frames, grouped by the derived
 * node they reached (one group per node, in node id order). For a group, every stack's
 * next frame name selects (or creates) the child: a per-name stamp array says whether
 * the name already has a child in this group. A stack whose next frame is the root
 * ends at that child (its self count goes there); the others are scattered, stably,
 * into the groups of the next level (a counting sort by child). Each stack costs one
 * step per frame, sequential over the level's arrays; the only random accesses are the
 * base's parent links and the per-name arrays (small). */
#include "config.h"

#include "query/revbuild.h"

#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "core/strtab.h"
#include "core/trie.h"
#include "core/util.h"

/* The nearest proper ancestor of x that is not skipped (TRIE_ROOT at the end). */
static inline uint32_t next_frame(const struct trie *base, uint32_t x,
                                  const unsigned char *fl, unsigned char skip)
{
    do
        x = trie_parent(base, x);
    while (x != TRIE_ROOT && fl && (fl[x] & skip));
    return x;
}

static void add_end(struct trie *out, const struct trie *base, uint32_t node, uint32_t leaf,
                    bool diff)
{
    trie_add_self(out, node, trie_self(base, leaf));
    if (diff)
        trie_add_base_self(out, node, trie_base_self(base, leaf));
}

/* The stacks of a level, grouped by the derived node they reached. */
struct level {
    uint32_t *cur, *leaf;     /* per stack: its next frame, its leaf */
    uint32_t *gnode, *gbeg;   /* per group: derived node and first stack; one more entry
                               * marks the end */
    size_t m, ng;             /* stacks, groups */
};

struct rb {
    struct trie *out;
    const struct trie *base;
    const struct strtab *names;
    bool diff;
    const unsigned char *fl;
    unsigned char skip;
    struct level lv, nx;      /* this level and the next */
    uint32_t *cid;            /* per stack: child, local to the group */
    uint32_t *cnt;            /* per child: stacks going on */
    uint32_t *nmv;            /* per stack: the level's frame name */
    uint32_t *stamp, *child;  /* per name: the group that has a child of it, and which */
    size_t bound;             /* nodes to reserve in out */
    bool reserved;
};

static void level_alloc(struct level *l, size_t cap)
{
    l->cur = xreallocarray(NULL, cap, sizeof *l->cur);
    l->leaf = xreallocarray(NULL, cap, sizeof *l->leaf);
    l->gnode = xreallocarray(NULL, cap + 1, sizeof *l->gnode);
    l->gbeg = xreallocarray(NULL, cap + 1, sizeof *l->gbeg);
}

static void level_free(struct level *l)
{
    free(l->gbeg);
    free(l->gnode);
    free(l->leaf);
    free(l->cur);
}

/* Level 0: every stack under the root, in one group; a stack whose frames are all
 * skipped ends at the root. The bound for the node array is the number of frames (a
 * reversed trie never has more nodes than that, plus the root). Only the pages used are
 * touched, but the address space is capped (deep recursion can make the bound huge):
 * past the cap the array grows as usual. */
static void level0(struct rb *r, const uint32_t *leaves, size_t n)
{
    const struct trie *base = r->base;
    size_t m = 0, bound = 1;
    for (size_t i = 0; i < n; i++) {
        uint32_t x = leaves[i];
        uint32_t c = x != TRIE_ROOT && r->fl && (r->fl[x] & r->skip)
                         ? next_frame(base, x, r->fl, r->skip)
                         : x;
        if (c == TRIE_ROOT) {
            add_end(r->out, base, TRIE_ROOT, x, r->diff);
            continue;
        }
        bound += trie_depth(base, x);
        r->lv.cur[m] = c;
        r->lv.leaf[m++] = x;
    }
    size_t cap_nodes = trie_size(base) * 16 > ((size_t)1 << 24) ? trie_size(base) * 16
                                                                  : (size_t)1 << 24;
    r->bound = bound > cap_nodes ? cap_nodes : bound;
    r->lv.m = m;
    r->lv.ng = 0;
    if (m) {
        r->lv.gnode[0] = TRIE_ROOT;
        r->lv.gbeg[0] = 0;
        r->lv.gbeg[1] = (uint32_t)m;
        r->lv.ng = 1;
    }
}

/* The names and next frames of the whole level first: the stacks' nodes are spread over
 * the base, and in this tight loop of independent loads the cache misses overlap. */
static void next_frames(struct rb *r)
{
    const struct trie *base = r->base;
    uint32_t *cur = r->lv.cur, *nmv = r->nmv;
    size_t m = r->lv.m;
    for (size_t k = 0; k < m; k++) {
        uint32_t x = cur[k];
        nmv[k] = trie_name(base, x);
        cur[k] = trie_parent(base, x);
    }
    const unsigned char *fl = r->fl;
    for (size_t k = 0; fl && k < m; k++) {
        uint32_t x = cur[k];
        while (x != TRIE_ROOT && (fl[x] & r->skip))
            x = trie_parent(base, x);
        cur[k] = x;
    }
}

/* The children of derived node p for the stacks [b, e) of group gid: one per frame name,
 * the first made being *first (the others follow it); a stack that ends adds its counts
 * to its child. Returns the number of children; cnt[] has the stacks going on per child,
 * cid[] each stack's child (UINT32_MAX: ended). */
static inline uint32_t make_children(struct rb *r, uint32_t p, uint32_t b, uint32_t e,
                                     uint32_t gid, uint32_t *first)
{
    struct trie *out = r->out;
    uint32_t *stamp = r->stamp, *child = r->child, *cnt = r->cnt, *cid = r->cid;
    const uint32_t *nmv = r->nmv, *cur = r->lv.cur;
    uint64_t pph = trie_phash(out, p);
    uint32_t nk = 0;
    *first = TRIE_NONE;
    for (uint32_t k = b; k < e; k++) {
        uint32_t nm = nmv[k];
        if (stamp[nm] != gid) {
            stamp[nm] = gid;
            uint32_t id = trie_append_child(
                out, p, nm, trie_hash_step(pph, strtab_hash(r->names, nm)));
            if (!r->reserved) {   /* after the first append: the lookup table is */
                trie_reserve(out, r->bound);   /* stale, so only the nodes grow */
                r->reserved = true;
            }
            if (*first == TRIE_NONE)
                *first = id;
            child[nm] = id - *first;
            cnt[nk++] = 0;
        }
        uint32_t c = child[nm];
        if (cur[k] == TRIE_ROOT) {
            add_end(out, r->base, *first + c, r->lv.leaf[k], r->diff);
            cid[k] = UINT32_MAX;
        } else {
            cid[k] = c;
            cnt[c]++;
        }
    }
    return nk;
}

/* The next level's groups from the nk children (from first on) of the group of stacks
 * [b, e): the children with stacks going on, their stacks scattered there stably. */
static inline void scatter(struct rb *r, uint32_t first, uint32_t nk, uint32_t b, uint32_t e)
{
    struct level *nx = &r->nx;
    uint32_t *cnt = r->cnt;
    const uint32_t *cid = r->cid;
    uint32_t pos = (uint32_t)nx->m;
    for (uint32_t c = 0; c < nk; c++) {
        uint32_t k = cnt[c];
        if (!k)
            continue;
        cnt[c] = pos;
        nx->gnode[nx->ng] = first + c;
        nx->gbeg[nx->ng++] = pos;
        pos += k;
    }
    for (uint32_t k = b; k < e; k++) {
        if (cid[k] == UINT32_MAX)
            continue;
        uint32_t at = cnt[cid[k]]++;
        nx->cur[at] = r->lv.cur[k];
        nx->leaf[at] = r->lv.leaf[k];
    }
    nx->m = pos;
}

void revbuild(struct trie *out, struct trie *base, const uint32_t *leaves, size_t n,
              const unsigned char *fl, unsigned char skip)
{
    const struct strtab *names = trie_names(base);
    size_t nn = strtab_count(names), cap = n ? n : 1;
    struct rb r = {
        .out = out,
        .base = base,
        .names = names,
        .diff = trie_has_base(base),
        .fl = fl,
        .skip = skip,
        .cid = xreallocarray(NULL, cap, sizeof(uint32_t)),
        .cnt = xreallocarray(NULL, cap, sizeof(uint32_t)),
        .nmv = xreallocarray(NULL, cap, sizeof(uint32_t)),
        .stamp = xreallocarray(NULL, nn ? nn : 1, sizeof(uint32_t)),
        .child = xreallocarray(NULL, nn ? nn : 1, sizeof(uint32_t)),
    };
    level_alloc(&r.lv, cap);
    level_alloc(&r.nx, cap);
    memset(r.stamp, 0xff, (nn ? nn : 1) * sizeof *r.stamp);
    level0(&r, leaves, n);
    uint32_t gid = 0;
    while (r.lv.ng) {
        next_frames(&r);
        r.nx.m = r.nx.ng = 0;
        for (size_t g = 0; g < r.lv.ng; g++, gid++) {
            uint32_t b = r.lv.gbeg[g], e = r.lv.gbeg[g + 1], first;
            uint32_t nk = make_children(&r, r.lv.gnode[g], b, e, gid, &first);
            scatter(&r, first, nk, b, e);
        }
        r.nx.gbeg[r.nx.ng] = (uint32_t)r.nx.m;
        struct level t = r.lv;
        r.lv = r.nx;
        r.nx = t;
    }
    trie_sum_totals(out);
    if (r.diff)
        trie_sum_base(out);
    if (r.reserved)
        trie_compact(out);
    free(r.child);
    free(r.stamp);
    free(r.nmv);
    free(r.cnt);
    free(r.cid);
    level_free(&r.nx);
    level_free(&r.lv);
}
