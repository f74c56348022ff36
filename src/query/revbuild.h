/* SPDX-License-Identifier: MIT */
/* flametui - revbuild.h: the bulk builder of a reversed (bottom-up) trie, for view.c.
 * It builds level by level instead of inserting stack by stack: the stacks that share a
 * reversed prefix are one group, a group's children are found by direct addressing on
 * the name id (no hash probe into the growing trie), and the nodes are appended in
 * breadth-first order with precomputed path hashes (trie_append_child). Only the
 * public trie.h API is used. Does not filter (the caller says which stacks to take and
 * which frames to skip). */
#ifndef FLAMETUI_REVBUILD_H
#define FLAMETUI_REVBUILD_H
#include <stddef.h>
#include <stdint.h>

struct trie;

/* Adds to out (empty: only its root; sharing base's strtab) the stacks ending at base
 * nodes leaves[0..n) (terminal nodes, each once), each reversed (leaf-most frame
 * first) and merged, with the self count of its leaf (trie_self) and, when base has
 * base counts, its base self (trie_base_self; out must have them enabled). A frame
 * whose node x has (fl[x] & skip) set is left out (fl may be NULL: none is); a stack
 * left with no frames adds to out's root. Totals are summed at the end. Within a
 * node, counts are added in the order of leaves[] (pass them in id order to match
 * trie_insert stack by stack). Temporary memory: about 44 bytes per leaf plus 8 per
 * name. Cannot fail (OOM dies). */
void revbuild(struct trie *out, struct trie *base, const uint32_t *leaves, size_t n,
              const unsigned char *fl, unsigned char skip);
#endif
