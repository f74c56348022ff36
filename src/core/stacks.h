/* SPDX-License-Identifier: MIT */
/* flametui - stacks.h: a flat table of whole stacks (their frames' string table ids,
 * root-most first) and their counts: what `--collapse` needs when nothing looks at the
 * profile as a tree. A profile whose stacks share little (deep, varied call chains) has
 * a trie node for almost every frame of every distinct stack; the table holds each
 * distinct stack once, as an array of ids, and orders them only at the end.
 * Filled by the stack pipe's consumer (stack_pipe.c, when the trie has one: trie_flat);
 * read by the folded writer (collapse.c), or poured into the trie (trie_unflatten) when
 * the output needs a tree after all. Single-threaded; never
 * prints; allocation failure aborts. */
#ifndef FLAMETUI_STACKS_H
#define FLAMETUI_STACKS_H
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "core/count.h"

struct stacks;
struct strtab;

struct stacks *stacks_new(void);
void stacks_free(struct stacks *s);   /* NULL is a no-op */

/* Adds c to the stack names[0..n) (n >= 1; a new stack, even with a count of 0, is kept:
 * it is a line of the output), h being a hash of the sequence that equal sequences share
 * (the pipe's path hash of the last frame). Returns the stack's index (stacks_get). */
size_t stacks_add(struct stacks *s, const uint32_t *names, size_t n, uint64_t h,
                  struct count c);

size_t stacks_count(const struct stacks *s);          /* distinct stacks */
double stacks_total_d(const struct stacks *s);        /* the sum of their counts */
size_t stacks_bytes(const struct stacks *s);          /* memory held */
/* Stack i's ids (*n of them) and count. */
const uint32_t *stacks_get(const struct stacks *s, size_t i, size_t *n, struct count *c);
/* Asks for what stacks_add(..., h, ...) will read, in stages some stacks apart: 0 its
 * slot, 1 the entry there, 2 that entry's ids (a hint). */
void stacks_prefetch_key(const struct stacks *s, uint64_t h, unsigned stage);
/* Asks for stack i's entry (ids false), or for its ids (ids true: the entry asked for
 * some time before): a hint, for readers in an order of their own. */
void stacks_prefetch(const struct stacks *s, size_t i, bool ids);

/* The stacks' indices in the byte order of their texts, the names joined by ';' (the
 * order of `sort` on stackcollapse-perf.pl's keys: a text that is a prefix of another
 * comes first). Exact when no name holds a ';' (the folded writer escapes those and
 * does not come here). A new array of stacks_count entries (the caller frees it).
 * threads > 1: big tables are sorted on two threads (the same order). */
uint32_t *stacks_order(const struct stacks *s, struct strtab *names, int threads);

/* Forgets every stack (the table is empty, its memory kept). */
void stacks_clear(struct stacks *s);
#endif
