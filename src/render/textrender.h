/* SPDX-License-Identifier: MIT */
/* flametui - textrender.h: PURE text form of the graph (`flametui --text`, golden tests).
 * Prints the rows exactly as the viewer draws them, without colour: every frame is
 * layout_frame_text() at its cells ("[label   ]", "[]" for 2 cells, "|" for 1), a
 * matching frame's label starts with '*', cells without a frame are spaces, and
 * trailing spaces are trimmed. Labels are safe (label.h): with LC_CTYPE UTF-8 they stay
 * UTF-8, otherwise non-ASCII bytes are printed as \xNN escapes. No curses. */
#ifndef FLAMETUI_TEXTRENDER_H
#define FLAMETUI_TEXTRENDER_H
#include <stdint.h>
#include <stdio.h>

#include "render/layout.h"
#include "core/util.h"

struct trie;

/* Appends the rl->rows rows of a layout (cols cells wide), each ending in '\n'. */
void textrender_rows(const struct rect_list *rl, int cols, struct buf *out);

/* Lays out t (zoom root zoom, TRIE_ROOT for none; match: per name id, or NULL) with vp
 * and prints the rows to out. vp->rows <= 0: as many rows as the depth needs.
 * Returns 0, or -1 on a write error (errno set by stdio). */
int textrender_print(FILE *out, struct trie *t, uint32_t zoom, const struct viewport *vp,
                     const unsigned char *match);
/* The same with short names in the labels (names.h); names NULL: full names. */
int textrender_print_names(FILE *out, struct trie *t, uint32_t zoom, const struct viewport *vp,
                           const unsigned char *match, struct names *names);
#endif
