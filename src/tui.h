/* flametui - tui.h: the interactive viewer. tui*.c are the only files that use curses;
 * everything they show comes from app.h (state), layout.h (rects) and keymap.h (keys).
 * The terminal is opened on /dev/tty with newterm(), so standard input may carry data.
 * setlocale() is main's job. */
#ifndef FLAMETUI_TUI_H
#define FLAMETUI_TUI_H
#include <stddef.h>

#include "options.h"

struct trie;
struct loader;
struct app;
struct rect_list;

/* Runs the viewer until the user quits. The loaders ls[0..nls) were opened by the caller
 * on t (loader_open(..., t, ...)) and are still owned by it: tui_run only steps them
 * (files and pipes alike, about 1 MB per step, keys checked between steps) and never
 * frees them; a loader that reports an error is no longer stepped, its message is shown
 * in the status line and the data read so far is kept. o is read, not kept.
 * Returns the process exit status: 0 after q or Ctrl-C (SIGINT), 128+N after the signal
 * N (SIGTERM, SIGHUP), 1 when the terminal cannot be opened (message on stderr, the
 * terminal untouched). The terminal is restored in every case. */
int tui_run(const struct options *o, struct trie *t, struct loader **ls, size_t nls);
/* Restores the terminal (endwin) if a session is active. Idempotent, safe from the die()
 * hook. */
void tui_shutdown(void);

/* --- between tui*.c only --- */
struct tui_event {
    int key;          /* keymap.h key, FT_KEY_NONE when nothing was read */
    int mx, my;       /* FT_KEY_MOUSE: screen cell */
    int clicks;       /* FT_KEY_MOUSE: 1 click, 2 double click, 0 wheel */
    int wheel;        /* FT_KEY_MOUSE: -1 up, +1 down, 0 none */
};
/* Reads one pending input without blocking; false when there is none. */
int tui_input_read(struct tui_event *ev);
void tui_input_init(void);
/* Chooses the colour mode (truecolor, 256, 8, monochrome) and sets up the pairs. */
void tui_draw_init(const struct options *o);
/* Paints title, graph, status (or help / "too small") and refreshes. */
void tui_draw(const struct app *a, const struct rect_list *rl);
/* Size of the graph area for a screen of cols x rows. */
void tui_draw_graph_size(int cols, int rows, int *gcols, int *grows);
#endif
