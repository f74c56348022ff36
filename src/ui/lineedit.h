/* SPDX-License-Identifier: MIT */
/* flametui - lineedit.h: the editing model of a one-line prompt (search and filter
 * regexes): insert, cursor left/right/home/end, backspace, delete, Ctrl-U, Ctrl-W and
 * history up/down. Pure: no curses; keys are those of keymap.h (code points and
 * FT_KEY_*). Text is UTF-8; the cursor is a byte offset on a character boundary.
 * Ownership: lineedit_fini() frees the text and the history. */
#ifndef FLAMETUI_LINEEDIT_H
#define FLAMETUI_LINEEDIT_H
#include <stddef.h>

#include "core/util.h"

struct lineedit {
    struct buf text;  /* always NUL-terminated after a lineedit_* call */
    size_t cur;       /* cursor, byte offset into text */
    char **hist;      /* accepted lines, oldest first */
    size_t nhist;
    size_t hpos;      /* nhist = editing a new line; else showing hist[hpos] */
    char *draft;      /* the new line saved while browsing the history */
};

enum le_result {
    LE_NONE,     /* key not used */
    LE_MOVED,    /* cursor moved, text unchanged */
    LE_CHANGED,  /* text changed */
    LE_ACCEPT,   /* Enter: the text is final (and was added to the history) */
    LE_CANCEL,   /* Esc or C-g */
};

void lineedit_init(struct lineedit *le);
void lineedit_fini(struct lineedit *le);
/* Empties the line (history kept) and puts text in it (NULL: empty). */
void lineedit_set(struct lineedit *le, const char *text);
enum le_result lineedit_key(struct lineedit *le, int key);
const char *lineedit_text(const struct lineedit *le);
/* Adds a line to the history as if it had been accepted (the history file, keep.h). */
void lineedit_history_add(struct lineedit *le, const char *line);
#endif
