/* SPDX-License-Identifier: MIT */
/* flametui - tui.h: the interactive viewer. tui*.c are the only files that use curses;
 * everything they show comes from app.h (state), layout.h (rects) and keymap.h (keys).
 * The terminal is opened on /dev/tty with newterm(), so standard input may carry data.
 * setlocale() is main's job. */
#ifndef FLAMETUI_TUI_H
#define FLAMETUI_TUI_H
#include <stddef.h>

#include <stdbool.h>

#include "input/loader.h"
#include "ui/app.h"

struct trie;
struct loader;
struct app;
struct rect_list;

struct tui_opts {
    const char *colors;   /* --colors=PALETTE, NULL = hot */
    bool no_color;        /* --no-color or NO_COLOR */
    double window;        /* --window=SECONDS, 0 = off (the w key then uses 10 s) */
    const char *save;     /* --save=FILE: all samples written there when the viewer exits */
    bool no_mouse;        /* --no-mouse: the mouse is never asked for */
    struct app_opts app;
    /* how the inputs were opened, to read them again for another perf event (key e,
     * feed_reopen); NULL: not possible */
    const struct load_opts *load;
    char *const *files;   /* the nls paths given to loader_open */
    double refresh;       /* --refresh=S: network inputs are fetched again every S s */
};

/* Runs the viewer until the user quits. The loaders ls[0..nls) were opened by the caller
 * on t (loader_open(..., t, ...)) and are still owned by it: tui_run only steps them
 * (files and pipes alike, about 1 MB per step, keys checked between steps) and never
 * frees them; a loader that reports an error is no longer stepped, its message is shown
 * in the status line and the data read so far is kept. o is read, not kept.
 * Returns the process exit status: 0 after q or Ctrl-C (SIGINT), 128+N after the signal
 * N (SIGTERM, SIGHUP), 1 when the terminal cannot be opened (message on stderr, the
 * terminal untouched). The terminal is restored in every case. */
int tui_run(const struct tui_opts *o, struct trie *t, struct loader **ls, size_t nls);
/* True when the terminal on /dev/tty ($TERM) can run the viewer: its terminfo entry is
 * found and can address the cursor (cup). Otherwise writes the reason into why[0..n),
 * e.g. "TERM=dumb cannot move the cursor". Leaves no curses state behind. */
bool tui_terminal_ok(char *why, size_t n);
/* Restores the terminal (endwin) if a session is active. Idempotent, safe from the die()
 * hook. */
void tui_shutdown(void);

#endif
