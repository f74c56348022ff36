/* SPDX-License-Identifier: MIT */
/* flametui - history.h: the prompt history file (its path: keep_history_path in keep.h):
 * read into the prompt's line editor at start, an accepted line appended. A missing or
 * unwritable file is not an error: the viewer goes on without it. No curses. */
#ifndef FLAMETUI_HISTORY_H
#define FLAMETUI_HISTORY_H
struct app;

#define HISTORY_MAX 500   /* lines kept in the file, the newest */
/* Calls fn for every line of the file, oldest first. A missing or unreadable file is
 * not an error (nothing is called). */
void history_read(const char *path, void (*fn)(void *ctx, const char *line), void *ctx);
/* Appends line (moved to the end when it is already there) and keeps the newest
 * HISTORY_MAX lines; creates the directory (0700) when needed. Lines with a
 * newline are not kept. Returns 0, or -1 when the file cannot be written (the caller
 * goes on without it). */
int history_add(const char *path, const char *line);

/* The app's history: path (NULL: none) is kept and its lines go into the prompt's line
 * editor; an accepted prompt line is appended to it (an unwritable file is dropped). */
void history_load(struct app *a, const char *path);
void history_accepted(struct app *a, const char *line);
#endif
