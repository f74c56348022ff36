/* SPDX-License-Identifier: MIT */
/* flametui - foldesc.h: the escapes of folded output, for the names that would not read
 * back. A folded line is "frame;frame;... COUNT": a name holding ';' or a newline, a
 * first frame starting with '#' (after any blanks: a comment line), or a last frame
 * ending in a blank and a number (read as the count, or as the first count of a
 * differential line) would change or lose samples. In those places one byte is written
 * as "\xHH" (two lowercase hex digits):
 *     ';' \x3b    newline \x0a    the '#' \x23    the blank before the number: \x20 \x09
 *     \x0b \x0c \x0d    a backslash that starts one of these nine sequences: \x5c
 * Nothing else is escaped, so ordinary names are written byte for byte; the folded
 * reader (input/parse_folded.c) turns these nine sequences back into their bytes.
 * Pure; nothing is retained. */
#ifndef FLAMETUI_FOLDESC_H
#define FLAMETUI_FOLDESC_H
#include <stdbool.h>
#include <stddef.h>

struct buf;
struct trie;

/* Appends name[0..len) escaped to out: first / last say whether it is a stack's first
 * (root-most) or last frame. Returns true when anything was escaped. */
bool foldesc_name(const char *name, size_t len, bool first, bool last, struct buf *out);
/* Could a name of t's string table need an escape in some place (the first frame, a
 * stack's last)? */
bool foldesc_names_maybe(const struct trie *t);
/* NULL when every stack of t writes as it reads back (the usual case, checked in one pass
 * over the names); else a copy of t (own string table, same shape, counts and base
 * counts) whose names are escaped, for the folded writers to write instead. */
struct trie *foldesc_trie(struct trie *t);
#endif
