/* SPDX-License-Identifier: MIT */
/* flametui - revlazy.h: the reversed (bottom-up) view for the viewer, built only as far
 * as it is drawn. Every node it holds has its exact total, self and terminal flag, as in
 * the full reversed trie (view.h), but a node is either EXPANDED (all its children are
 * there) or PENDING (none is; the stacks through it are kept instead: 8 bytes each, as
 * (leaf, next frame) pairs of the base). A pending node becomes expanded when something
 * needs its children: revlazy_expand() expands what a layout of a zoom root at a width
 * reads (every node under the zoom with total * cols >= the zoom's total: the frames
 * that are at least one cell wide, each with ALL its children, so merged narrow runs
 * look the same), revlazy_expand_node() one node (name lookups), revlazy_complete()
 * everything (the trie is then the full reversed trie, node ids aside). Expanding only
 * appends nodes: ids stay valid, the generation moves.
 * Built level by level like revbuild.c (the stacks of a level grouped by node, children
 * found by direct addressing on the name id). Only for integer counts without base
 * counts (revlazy_ok): totals are summed per stack, which is exact only for integers.
 * Ownership: the base is borrowed and must not change while the revlazy lives (graph.c
 * drops it with the shown trie); out is the caller's. */
#ifndef FLAMETUI_REVLAZY_H
#define FLAMETUI_REVLAZY_H
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

struct trie;
struct revlazy;

/* True when base can be shown through a revlazy: no base counts, integer counts. */
bool revlazy_ok(const struct trie *base);
/* Adds to out (empty: only its root; sharing base's strtab) the reversed view of every
 * stack of base, with the root expanded and its children pending. Cannot fail. */
struct revlazy *revlazy_new(struct trie *out, struct trie *base);
void revlazy_free(struct revlazy *z);                 /* NULL is a no-op */
/* Expands what a layout of out with zoom root zoom at cols columns reads. Returns true
 * when nodes were added. Repeated calls with the same zoom, width and trie cost O(1). */
bool revlazy_expand(struct revlazy *z, struct trie *out, uint32_t zoom, int cols);
/* Expands node (its children only). Returns true when nodes were added. */
bool revlazy_expand_node(struct revlazy *z, struct trie *out, uint32_t node);
/* Expands every pending node. Returns true when nodes were added. */
bool revlazy_complete(struct revlazy *z, struct trie *out);
/* True when node is pending (not expanded and stacks go on below it). */
bool revlazy_pending(const struct revlazy *z, uint32_t node);
/* Number of pending nodes (0: out is the whole reversed trie). */
size_t revlazy_npending(const struct revlazy *z);
/* Memory kept for the pending nodes, for benchmarks. */
size_t revlazy_bytes(const struct revlazy *z);
#endif
