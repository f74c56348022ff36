/* SPDX-License-Identifier: MIT */
/* flametui - search.h: the state of one regex search over a trie: which names match
 * (a byte per name id, what layout_in.match takes), how many nodes match, the share of
 * samples in matching stacks, and next/previous match navigation.
 * Does not draw and does not filter (view.h). The trie is borrowed, never modified
 * except for trie_children's cache.
 *
 * Match order (search_next / search_prev): pre-order DFS from the root with children
 * in trie_children() order (plain byte order of names). In a flame graph laid out with
 * ORDER_NAME this is "left to right, then by depth": sorted by the frame's left edge,
 * an ancestor (shallower) before the descendants that share its left edge. The root
 * "all" never matches. */
#ifndef FLAMETUI_SEARCH_H
#define FLAMETUI_SEARCH_H
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "core/util.h"

struct search;
struct trie;

/* Compiles pattern (smartcase, see regex.h). Returns NULL with err set on an invalid
 * regex ("missing closing parenthesis at offset 4"). Not attached to any trie yet. */
struct search *search_new(const char *pattern, struct ft_error *err);
void search_free(struct search *s);              /* NULL is a no-op */
const char *search_pattern(const struct search *s);

/* Attaches to t and computes everything for it (all names, all nodes). Call when the
 * search is new or the displayed trie was replaced (e.g. view_build made a new one). */
void search_attach(struct search *s, struct trie *t);
/* Catches up with growth of the attached trie (live mode): matches only names and
 * counts only nodes added since the last attach/refresh. Cheap when nothing changed. */
void search_refresh(struct search *s);

/* True when the regex gave up on a name (regex.h: catastrophic backtracking or the time
 * budget): nothing matches from then on; the UI says "pattern too expensive". */
bool search_too_expensive(const struct search *s);
/* Per name id, nonzero = the name matches. Has at least strtab_count() entries as of
 * the last attach/refresh; valid until the next attach/refresh/free. */
const unsigned char *search_matches(const struct search *s);
/* Per node id, nonzero = the node or one of its descendants matches (the root counts
 * its subtree too); entries for the nodes as of the last attach/refresh, valid until
 * the next one; NULL before the first attach. */
const unsigned char *search_below(const struct search *s);
size_t search_match_names(const struct search *s);  /* distinct matching names */
size_t search_match_nodes(const struct search *s);  /* matching frames (nodes) */
/* True when node's name matches (false for the root and TRIE_NONE). */
bool search_node_matches(const struct search *s, uint32_t node);

/* Samples under root (root's total) in stacks containing at least one matching frame,
 * each sample counted once (flamegraph.pl's "Matched:"). A matching ancestor of root
 * (or root itself) makes it root's whole total. */
double search_matched(const struct search *s, uint32_t root);
/* search_matched / trie_total_d(root), in [0, 1]; 0 when root has no samples. */
double search_share(const struct search *s, uint32_t root);

/* The first matching node after `from` in match order, wrapping around to the first
 * match; from == TRIE_NONE or TRIE_ROOT starts at the beginning. Returns TRIE_NONE when
 * nothing matches. *wrapped (may be NULL) is set to true when it wrapped around.
 * O(nodes) per call. */
uint32_t search_next(const struct search *s, uint32_t from, bool *wrapped);
/* The same backwards: the last match before `from`, wrapping to the last match. */
uint32_t search_prev(const struct search *s, uint32_t from, bool *wrapped);
/* search_next (back false) or search_prev (back true) in the order of either layout:
 * by_weight false = ORDER_NAME (as above); true = ORDER_WEIGHT, where children are
 * visited heaviest first (total descending, ties in name order), matching what
 * layout draws left to right. O(nodes log fan-out) per call with by_weight. */
uint32_t search_step(const struct search *s, uint32_t from, bool back, bool by_weight,
                     bool *wrapped);
/* search_step inside the zoom: the next (back: previous) match among root and its
 * descendants, in the same order, wrapping inside that subtree. root itself counts when
 * it matches (the trie root never does); root == TRIE_NONE or out of range means
 * TRIE_ROOT (the whole trie, = search_step). When from is not in the subtree (TRIE_NONE,
 * TRIE_ROOT, elsewhere) it returns the subtree's first (back: last) match and does not
 * count as a wrap. TRIE_NONE when the subtree has no match. *wrapped as above.
 * O(subtree nodes) per call (by_weight: times log fan-out); no recursion. */
uint32_t search_step_in(const struct search *s, uint32_t root, uint32_t from, bool back,
                        bool by_weight, bool *wrapped);
/* The "match K/N" of the status line: *count (may be NULL) = N, the matching nodes in
 * root's subtree (root as in search_step_in); returns K, the 1-based position of node
 * among them in the order of search_step_in (by_weight as there), or 0 when node is not
 * one of them (no match, outside the subtree, TRIE_NONE). O(subtree nodes). */
size_t search_rank(const struct search *s, uint32_t root, uint32_t node, bool by_weight,
                   size_t *count);
#endif
