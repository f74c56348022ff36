/* SPDX-License-Identifier: MIT */
/* flametui - tui_private.h: between the files of src/tui/ only (check-layering.sh):
 * input events, painting. */
#ifndef FLAMETUI_TUI_PRIVATE_H
#define FLAMETUI_TUI_PRIVATE_H
#include "tui/tui.h"

struct tui_event {
    int key;          /* keymap.h key, FT_KEY_NONE when nothing was read */
    int mx, my;       /* FT_KEY_MOUSE: screen cell */
    int clicks;       /* FT_KEY_MOUSE: 1 click, 2 double click, 0 wheel, -1 the release
                       * of a drag (on another cell than its press) */
    int wheel;        /* FT_KEY_MOUSE: -1 up, +1 down, 0 none */
};
/* Reads one pending input without blocking; false when there is none. */
int tui_input_read(struct tui_event *ev);
/* Asks for mouse events unless no_mouse. Where ncurses speaks only the X10 mouse
 * protocol (kmous=\E[M: TERM=tmux-256color, screen-256color), also turns on SGR
 * reporting (1006), which has no 223-column limit, and parses its reports itself; a
 * terminal that does not know 1006 ignores it and goes on with X10. */
void tui_input_init(bool no_mouse, int tty_fd);
/* Before endwin: turns off what tui_input_init turned on beyond ncurses' own modes. */
void tui_input_fini(void);
/* Ctrl-Z: off before the process stops, on again after it continues. */
void tui_input_suspend(bool off);
/* Chooses the colour mode (truecolor, 256, 8, monochrome) and sets up the pairs. */
void tui_draw_init(const struct tui_opts *o);
/* Inside the session: how the clipboard can be set. 0: no OSC 52; 1: OSC 52; 2: OSC 52
 * through GNU screen's passthrough (tui_term.c). */
int tui_osc52_mode(void);
/* COLORTERM=truecolor (or 24bit) on a TERM whose terminfo entry has colours but no direct
 * colour (xterm-256color, as SSH terminals send): the name of a direct-colour entry of the
 * same family to open the screen with (TERM's first word + "-direct", tmux-direct inside
 * tmux, else xterm-direct), written to buf when made up; NULL: TERM as it is. */
const char *tui_direct_term(char *buf, size_t n);
/* tui_session.c: the terminal's chores. Opens the session on /dev/tty (newterm),
 * catches the signals that end the process (each only sets the flag read by
 * tui_session_signal), keeps stderr aside until tui_shutdown, sets curses' modes and
 * tui_input_init's. Returns 0, or -1 with the reason on stderr, the terminal untouched. */
int tui_session_open(bool no_mouse);
/* The terminal's fd while the session is open (to poll), else -1. */
int tui_session_fd(void);
bool tui_session_active(void);
/* The last signal caught (SIGINT, SIGTERM, ...) since tui_session_signal_clear; 0 none. */
int tui_session_signal(void);
void tui_session_signal_clear(void);
/* When Ctrl-Z was pressed since the last call: gives the terminal back, stops the
 * process until it continues, takes the terminal again and returns true (the caller
 * lays out and repaints). Otherwise returns false at once. */
bool tui_session_suspend(void);
/* Ctrl-C as a key (a terminal in raw mode): SIGINT to our process group, ignored here. */
void tui_session_interrupt_group(void);
/* Sets the clipboard to p[0..n) with OSC 52; -1 when the terminal has none. */
int tui_session_clip(const char *p, size_t n);
/* refresh(), sent to the terminal with one write() (tui_session.c). */
void tui_refresh(void);
/* Paints title, graph, status (or help / "too small") and refreshes. */
void tui_draw(const struct app *a, const struct rect_list *rl);
#endif
