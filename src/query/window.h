/* SPDX-License-Identifier: MIT */
/* flametui - window.h: the sliding window of live mode (--window=SECONDS): the samples
 * that arrived during the last N seconds, as a trie.
 * Trie node ids are stable and counts only grow, so the window is the difference between
 * the trie now and a snapshot of every node's self samples taken N seconds ago. Snapshots
 * are taken at most every N/8 seconds (at least 0.25 s), so the window is exact to that
 * granularity. Times are seconds on any monotonic clock (the TUI uses arrival time).
 * Pure: no clock, no I/O. Memory: at most 10 snapshots (9 in steady state) of 8 bytes
 * per trie node, taken only when the trie grew; building needs 12 more bytes per node
 * for the moment. The base trie keeps every distinct stack until window_compact() drops
 * what the window no longer needs (the caller decides when: graph_compact).
 * Ownership: the window keeps no pointer to the trie between calls. */
#ifndef FLAMETUI_WINDOW_H
#define FLAMETUI_WINDOW_H
#include <stdbool.h>
#include <stddef.h>

struct trie;
struct window;

struct window *window_new(double seconds);
void window_free(struct window *w);            /* NULL is a no-op */
double window_seconds(const struct window *w);
/* Takes a snapshot of t at time now if the last one is older than the granularity and t
 * changed since (trie_generation or size), and drops the ones that are no longer needed.
 * Returns true when the window may show something else than at the last call: it took
 * a snapshot, or window_build now subtracts another one (one aged out). False while
 * nothing arrives and nothing ages out: the caller need not rebuild (idle). */
bool window_record(struct window *w, const struct trie *t, double now);
/* A new trie (sharing t's strtab; the caller frees it) with the samples added to t since
 * the newest snapshot taken at or before now - seconds, or since the oldest snapshot when
 * none is that old (recording started less than a window ago); all of t when there is no
 * snapshot at all. */
struct trie *window_build(const struct window *w, struct trie *t, double now);
/* Memory bound: rebuilds t IN PLACE (trie_replace: t stays at its address, its node ids
 * change) with only the samples since the oldest snapshot window_build may still subtract
 * at now, and translates the snapshots to the new node ids exactly (counts only grow), so
 * window_build gives the same trie before and after and later. When that keeps more than
 * keep_nodes nodes, newer snapshots are used as the start instead (the window then shows
 * less than its length until it has refilled), and when even the newest one keeps too
 * many, nothing is kept: the window starts again at now. *since (may be NULL) gets the
 * time the kept samples start at. Names (the strtab) are not compacted. t must be the
 * trie the window recorded. Returns the nodes kept (root included). */
size_t window_compact(struct window *w, struct trie *t, double now, size_t keep_nodes,
                      double *since);
#endif
