/* SPDX-License-Identifier: MIT */
/* flametui - keep.h: keeping and sharing what the viewer shows: folded files written
 * atomically (--save, the S prompt), the OSC 52 clipboard sequence (y, Y, C), shell
 * quoting for the command line of a state (C), the path of the prompt history file
 * (history.h reads and writes it); and the app's keys for them (y Y S C, Ctrl-C in a live
 * session) and its start paths (--zoom, --select).
 * No curses; the event loop (tui/) decides when the bytes go out.
 * Never prints; errors come back in a struct ft_error. */
#ifndef FLAMETUI_KEEP_H
#define FLAMETUI_KEEP_H
#include <stdbool.h>
#include <stddef.h>

#include "core/util.h"
#include "ui/state.h"

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

/* The prompt history file (history.h): $XDG_STATE_HOME/flametui/history, else
 * $HOME/.local/state/flametui/history; false when neither variable is set (absolute). */
bool keep_history_path(struct buf *out);

/* The app's side: y Y S C and Ctrl-C (keep_interrupt: app.h's app_interrupt); the start
 * paths (app_opts' zoom and select); the command line of the state (app_cmdline). */
enum reaction keep_action(struct app *a, enum action act);
void keep_start_paths(struct app *a, const char *zoom, const char *select);
enum reaction keep_interrupt(struct app *a);
void keep_cmdline(const struct app *a, struct buf *out);
#endif
