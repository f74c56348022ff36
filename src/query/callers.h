/* SPDX-License-Identifier: MIT */
/* flametui - callers.h: the callers and callees of one function (name id), as two new
 * tries sharing t's strtab (t must outlive them; t is not modified except for
 * trie_children's cache). Every sample is counted once per function: the result's
 * root total is the samples of stacks containing the function, in both tries.
 *
 * Occurrences: in each stack, the OUTERMOST occurrence of the function (nearest the
 * root) is the one used; an occurrence nested under another one is not counted again.
 *  - callees: each subtree of t rooted at an outermost occurrence, merged, under the
 *    result's root: root -> F -> what F calls (inner recursive occurrences of F stay in
 *    the subtree as ordinary frames: F;g;F;h is kept as is).
 *  - callers: inverted, for each stack containing F, the frames from the outermost
 *    occurrence of F back toward t's root, merged, under the result's root:
 *    root -> F -> caller -> caller's caller ... -> root-most frame. Since the occurrence
 *    is the outermost one, F never appears again below the callers' F.
 * Not handled: filters (build the view first and pass the view's trie). */
#ifndef FLAMETUI_CALLERS_H
#define FLAMETUI_CALLERS_H
#include <stdint.h>

#include "core/count.h"

struct trie;

/* Returns a new trie (caller frees). Empty (root total 0) when name does not occur. */
struct trie *callers_callees(struct trie *t, uint32_t name);
struct trie *callers_callers(struct trie *t, uint32_t name);
/* The function's own numbers in t, as the hottest-functions table has them: self, the
 * samples of stacks ending in it (every occurrence), and total, the samples of stacks
 * containing it (counted once per stack, however often it recurses). */
struct count callers_self(const struct trie *t, uint32_t name);
struct count callers_total(const struct trie *t, uint32_t name);
#endif
