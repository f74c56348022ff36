/* SPDX-License-Identifier: MIT */
/* flametui - keep.h: keeping and sharing what the viewer shows: folded files written
 * atomically (--save, the S prompt), the OSC 52 clipboard sequence (y, Y, C), shell
 * quoting for the command line of a state (C), and the prompt history file.
 * Pure helpers: no curses; the event loop (tui/) decides when the bytes go out.
 * Never prints; errors come back in a struct ft_error. */
#ifndef FLAMETUI_KEEP_H
#define FLAMETUI_KEEP_H
#include <stdbool.h>
#include <stddef.h>

#include "core/util.h"

struct trie;

/* Writes every stack of t as folded lines (collapse.h) to path atomically: a temporary
 * file ".NAME.XXXXXX" in the same directory, flushed and synced, then renamed over
 * path, so a reader never sees half a file and an old file survives a failed write.
 * The new file gets the old one's permissions, else 0666 minus the umask. "~/" at the
 * start means $HOME. Returns 0, or -1 with err set (nothing left behind). */
int keep_write_folded(const char *path, struct trie *t, struct ft_error *err);

/* Appends the OSC 52 sequence that puts p[0..n) on the clipboard ("ESC ] 52 ; c ;
 * BASE64 BEL"); dcs wraps it in GNU screen's DCS passthrough (ESC P ... ESC \). */
void keep_osc52(struct buf *out, const char *p, size_t n, bool dcs);

/* Appends s quoted for a POSIX shell: as it is when it holds only [A-Za-z0-9_@%+=:,./-]
 * (and is not empty), else in single quotes ('\'' for a quote). */
void keep_shell_quote(struct buf *out, const char *s, size_t n);

/* The history file: $XDG_STATE_HOME/flametui/history, else
 * $HOME/.local/state/flametui/history; false when neither variable is set (absolute). */
bool keep_history_path(struct buf *out);
#define KEEP_HISTORY_MAX 500   /* lines kept in the file, the newest */
/* Calls fn for every line of the file, oldest first. A missing or unreadable file is
 * not an error (nothing is called). */
void keep_history_read(const char *path, void (*fn)(void *ctx, const char *line), void *ctx);
/* Appends line (moved to the end when it is already there) and keeps the newest
 * KEEP_HISTORY_MAX lines; creates the directory (0700) when needed. Lines with a
 * newline are not kept. Returns 0, or -1 when the file cannot be written (the caller
 * goes on without it). */
int keep_history_add(const char *path, const char *line);
#endif
