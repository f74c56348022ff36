/* SPDX-License-Identifier: MIT */
/* flametui - recursion.h: collapses direct recursion: a frame whose parent has the same
 * name is merged into the parent (its children and samples go to the parent), exactly as
 * FlameGraph's stackcollapse-recursive.pl removes consecutive equal frames from each
 * stack (so fib;fib;fib;x becomes fib;x). Pure. */
#ifndef FLAMETUI_RECURSION_H
#define FLAMETUI_RECURSION_H

struct trie;

/* A new trie (sharing src's strtab; the caller frees it): src with direct recursion
 * merged. One pass over src's nodes. */
struct trie *recursion_build(const struct trie *src);
#endif
