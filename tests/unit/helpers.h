/* SPDX-License-Identifier: MIT */
/* flametui - tests/unit/helpers.h: shared helpers for the cmocka unit tests. */
#ifndef FLAMETUI_TEST_HELPERS_H
#define FLAMETUI_TEST_HELPERS_H
#include <stddef.h>
#include <stdint.h>

struct trie;

/* A trie (owning its strtab) from folded text, e.g. "main;a 3\nmain;b 1\n".
 * Aborts the test on a line that does not parse. */
struct trie *trie_from_folded(const char *text);
/* The collapsed text of t (as --collapse prints it); the caller frees. */
char *trie_to_collapsed(struct trie *t);
/* The node at the path "a;b;c" below the root, or UINT32_MAX. */
uint32_t trie_node_at(const struct trie *t, const char *path);
/* The whole of tests/data/NAME (under $top_srcdir), NUL-terminated; *len gets its size.
 * Aborts when it cannot be read. The caller frees. */
char *test_read_data(const char *name, size_t *len);
/* Fails the test unless a and b have the same nodes in the same order with the same
 * parents, names, terminal flags and counts (self and total), and the same collapsed
 * text. */
void assert_same_trie(struct trie *a, struct trie *b);
#endif
