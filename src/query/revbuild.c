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

void revbuild(struct trie *out, struct trie *base, const uint32_t *leaves, size_t n,
              const unsigned char *fl, unsigned char skip)
{
    const struct strtab *names = trie_names(base);
    bool diff = trie_has_base(base);
    size_t nn = strtab_count(names), cap = n ? n : 1;
    /* the stacks of this level and the next: cursor (next frame) and leaf */
    uint32_t *cur = xreallocarray(NULL, cap, sizeof *cur);
    uint32_t *leaf = xreallocarray(NULL, cap, sizeof *leaf);
    uint32_t *cur2 = xreallocarray(NULL, cap, sizeof *cur2);
    uint32_t *leaf2 = xreallocarray(NULL, cap, sizeof *leaf2);
    uint32_t *cid = xreallocarray(NULL, cap, sizeof *cid);   /* child, local to the group */
    uint32_t *cnt = xreallocarray(NULL, cap, sizeof *cnt);   /* stacks per child, going on */
    uint32_t *nmv = xreallocarray(NULL, cap, sizeof *nmv);   /* the level's frame names */
    /* groups: derived node and first stack; one more entry marks the end */
    uint32_t *gnode = xreallocarray(NULL, cap + 1, sizeof *gnode);
    uint32_t *gbeg = xreallocarray(NULL, cap + 1, sizeof *gbeg);
    uint32_t *gnode2 = xreallocarray(NULL, cap + 1, sizeof *gnode2);
    uint32_t *gbeg2 = xreallocarray(NULL, cap + 1, sizeof *gbeg2);
    uint32_t *stamp = xreallocarray(NULL, nn ? nn : 1, sizeof *stamp);
    uint32_t *child = xreallocarray(NULL, nn ? nn : 1, sizeof *child);
    memset(stamp, 0xff, (nn ? nn : 1) * sizeof *stamp);

    /* level 0: every stack under the root; the bound for the node array is the number
     * of frames (a reversed trie never has more nodes than that, plus the root). Only
     * the pages used are touched, but the address space is capped (deep recursion can
     * make the bound huge): past the cap the array grows as usual. */
    size_t m = 0, bound = 1;
    for (size_t i = 0; i < n; i++) {
        uint32_t x = leaves[i];
        uint32_t c = x != TRIE_ROOT && fl && (fl[x] & skip) ? next_frame(base, x, fl, skip) : x;
        if (c == TRIE_ROOT) {
            add_end(out, base, TRIE_ROOT, x, diff);
            continue;
        }
        bound += trie_depth(base, x);
        cur[m] = c;
        leaf[m++] = x;
    }
    size_t cap_nodes = trie_size(base) * 16 > ((size_t)1 << 24) ? trie_size(base) * 16
                                                                  : (size_t)1 << 24;
    if (bound > cap_nodes)
        bound = cap_nodes;
    size_t ng = 0;
    if (m) {
        gnode[0] = TRIE_ROOT;
        gbeg[0] = 0;
        gbeg[1] = (uint32_t)m;
        ng = 1;
    }
    bool reserved = false;
    uint32_t gid = 0;
    while (ng) {
        size_t m2 = 0, ng2 = 0;
        /* the names and next frames of the whole level first: the stacks' nodes are
         * spread over the base, and in this tight loop of independent loads the
         * cache misses overlap */
        for (size_t k = 0; k < m; k++) {
            uint32_t x = cur[k];
            nmv[k] = trie_name(base, x);
            cur[k] = trie_parent(base, x);
        }
        for (size_t k = 0; fl && k < m; k++) {
            uint32_t x = cur[k];
            while (x != TRIE_ROOT && (fl[x] & skip))
                x = trie_parent(base, x);
            cur[k] = x;
        }
        for (size_t g = 0; g < ng; g++, gid++) {
            uint32_t p = gnode[g], b = gbeg[g], e = gbeg[g + 1];
            uint64_t pph = trie_phash(out, p);
            uint32_t first = TRIE_NONE, nk = 0;
            for (uint32_t k = b; k < e; k++) {
                uint32_t nm = nmv[k];
                if (stamp[nm] != gid) {
                    stamp[nm] = gid;
                    uint32_t id = trie_append_child(
                        out, p, nm, trie_hash_step(pph, strtab_hash(names, nm)));
                    if (!reserved) {   /* after the first append: the lookup table is */
                        trie_reserve(out, bound);   /* stale, so only the nodes grow */
                        reserved = true;
                    }
                    if (first == TRIE_NONE)
                        first = id;
                    child[nm] = id - first;
                    cnt[nk++] = 0;
                }
                uint32_t c = child[nm];
                if (cur[k] == TRIE_ROOT) {
                    add_end(out, base, first + c, leaf[k], diff);
                    cid[k] = UINT32_MAX;
                } else {
                    cid[k] = c;
                    cnt[c]++;
                }
            }
            /* the next level's groups: this group's children with stacks going on */
            uint32_t pos = (uint32_t)m2;
            for (uint32_t c = 0; c < nk; c++) {
                uint32_t k = cnt[c];
                if (!k)
                    continue;
                cnt[c] = pos;
                gnode2[ng2] = first + c;
                gbeg2[ng2++] = pos;
                pos += k;
            }
            for (uint32_t k = b; k < e; k++) {
                if (cid[k] == UINT32_MAX)
                    continue;
                uint32_t at = cnt[cid[k]]++;
                cur2[at] = cur[k];
                leaf2[at] = leaf[k];
            }
            m2 = pos;
        }
        gbeg2[ng2] = (uint32_t)m2;
        uint32_t *t;
        t = cur, cur = cur2, cur2 = t;
        t = leaf, leaf = leaf2, leaf2 = t;
        t = gnode, gnode = gnode2, gnode2 = t;
        t = gbeg, gbeg = gbeg2, gbeg2 = t;
        ng = ng2;
        m = m2;
    }
    trie_sum_totals(out);
    if (diff)
        trie_sum_base(out);
    if (reserved)
        trie_compact(out);
    free(child);
    free(stamp);
    free(gbeg2);
    free(gnode2);
    free(gbeg);
    free(gnode);
    free(nmv);
    free(cnt);
    free(cid);
    free(leaf2);
    free(cur2);
    free(leaf);
    free(cur);
}
