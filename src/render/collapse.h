/* SPDX-License-Identifier: MIT */
/* flametui - collapse.h: the folded ("collapsed") writer: every stack of a trie as one
 * "frame;frame;... COUNT" line, what --collapse prints and stackcollapse-perf.pl writes.
 * Pure: writes to the FILE it is given, never decides where output goes, never escapes
 * names (raw bytes; main.c makes a terminal safe). Does not filter or reverse (graph.h).
 * Ownership: nothing is retained. */
#ifndef FLAMETUI_COLLAPSE_H
#define FLAMETUI_COLLAPSE_H
#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

struct trie;

/* Writes every stack of t (every terminal node, even one with a zero count) as
 * "frame;frame;... COUNT\n", COUNT as count_format() prints it, sorted in plain byte
 * order of the stack text (stackcollapse-perf.pl's `sort keys`). The root's own samples
 * (an empty stack) are not written. The stacks of t's flat table (trie_flat) are written
 * too: straight from the table when nothing went into the trie's nodes and no name needs
 * an escape (the same bytes, without building the tree), else after trie_unflatten.
 * t is not modified otherwise, except for its sorted-children cache. Returns 0, or -1 on
 * a write error (ferror(out), errno set by stdio). */
int collapse_write(FILE *out, struct trie *t);
/* Threads for collapse_write (process-wide): 1 = one; 2 or more = two on big tries;
 * 0 (the default) = two when there are two CPUs. The output is the same. */
void collapse_threads(int n);
/* A check made at every megabyte written (process-wide; NULL: none): when stop() returns
 * true, collapse_write gives up and returns -1 with errno ECANCELED. For the viewer's
 * --save at exit, which a signal may cut short. Async-signal-safe stop() not needed: it
 * runs on the writing thread. */
void collapse_stop_hook(bool (*stop)(void));
/* Tests: with two threads the stacks are written in pairs of parts of about this many
 * trie nodes each (0: the default, 2^20); the other thread holds at most two parts in
 * memory. */
void collapse_pair_nodes(size_t nodes);
#endif
