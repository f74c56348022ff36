/* SPDX-License-Identifier: MIT */
/* flametui - tests/unit/helpers.h: shared helpers for the cmocka unit tests. */
#ifndef FLAMETUI_TEST_HELPERS_H
#define FLAMETUI_TEST_HELPERS_H
#include <stddef.h>
#include <stdbool.h>
#include <stdint.h>

struct app;
struct trie;

/* A trie (owning its strtab) from folded text, e.g. "main;a 3\nmain;b 1\n".
 * Aborts the test on a line that does not parse. */
struct trie *trie_from_folded(const char *text);
/* The collapsed text of t (as --collapse prints it); the caller frees. */
char *trie_to_collapsed(struct trie *t);
/* The node at the path "a;b;c" below the root, or UINT32_MAX. */
uint32_t trie_node_at(const struct trie *t, const char *path);
/* trie_node_at with frames separated by sep instead of ';'. */
uint32_t trie_node_at_sep(const struct trie *t, const char *path, char sep);
/* Inserts the stack "a<sep>b<sep>c" (at most 32 frames) into t with count n. */
void trie_insert_path(struct trie *t, const char *stack, char sep, uint64_t n);
/* The trie of new_ (folded text) with the diff against base (folded text) attached. */
struct trie *trie_diff_of(const char *base, const char *new_, bool normalize);
/* Fails the test unless a and b have the same collapsed text. */
void assert_same_collapsed(struct trie *a, struct trie *b);
/* Steps the xorshift64 generator *state (<<13, >>7, <<17); returns the new state. */
uint64_t test_xorshift64(uint64_t *state);
/* Steps the xorshift64 generator *state; returns its low 32 bits. */
uint32_t test_rand(uint64_t *state);
/* Steps the xorshift64 generator *state; returns the whole state modulo n. */
uint32_t test_rand_below(uint64_t *state, uint32_t n);
/* app_update then app_layout: a's layout for its current state. */
void sync_app(struct app *a);
/* How many '\n' there are in the len bytes at p. */
size_t count_newlines(const char *p, size_t len);
/* A new empty file $TMPDIR/TAG.XXXXXX (or under /tmp); the caller unlinks and frees the path. */
char *test_temp_path(const char *tag);
/* Replaces the contents of the file at path with the n bytes at p. */
void test_write_file(const char *path, const void *p, size_t n);
/* test_temp_path(tag) holding text; the caller unlinks and frees the path. */
char *test_temp_file(const char *tag, const char *text);
/* An already unlinked temporary file holding the n bytes at p, read from its start;
 * the caller closes it. */
int test_temp_fd(const void *p, size_t n);
/* A new pipe in p and "/dev/fd/<read end>" in path (size bytes). */
void test_pipe_path(int p[2], char *path, size_t size);
/* The whole of tests/data/NAME (under $top_srcdir), NUL-terminated; *len gets its size.
 * Aborts when it cannot be read. The caller frees. */
char *test_read_data(const char *name, size_t *len);
/* Fails the test unless a and b have the same nodes in the same order with the same
 * parents, names, terminal flags and counts (self and total), and the same collapsed
 * text. */
void assert_same_trie(struct trie *a, struct trie *b);
#endif
