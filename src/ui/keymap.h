/* SPDX-License-Identifier: MIT */
/* flametui - keymap.h: the action table (one X-macro gives the enum, the default keys,
 * the help screen and the man page check) and key -> action lookup.
 * Pure: no curses. Keys are struct-free ints: a Unicode code point for a printable key
 * or a control character (Ctrl-C is 3), or one of the FT_KEY_* values for special keys
 * (tui_input.c translates curses codes into these). */
#ifndef FLAMETUI_KEYMAP_H
#define FLAMETUI_KEYMAP_H
#include <stddef.h>

#include "core/util.h"

/* The screens of the viewer (ui/app.h): the action table says in which ones a key works
 * (tig's per-view keymaps), and the help lists the keys of the screen it was opened from. */
/* (not "enum screen": <curses.h> owns struct screen) */
enum ui_screen { SCREEN_GRAPH, SCREEN_CALLERS, SCREEN_TABLE, SCREEN_HELP, SCREEN_TIME,
                 SCREEN_CHART, SCREEN_TREE, SCREEN_ANNOTATE, SCREEN_COUNT };
#define SCR_G (1u << SCREEN_GRAPH)
#define SCR_C (1u << SCREEN_CALLERS)
#define SCR_T (1u << SCREEN_TABLE)
#define SCR_H (1u << SCREEN_HELP)
#define SCR_M (1u << SCREEN_TIME)   /* the time view (heat map) */
#define SCR_K (1u << SCREEN_CHART)  /* the flame chart */
#define SCR_V (1u << SCREEN_TREE)   /* the call tree */
#define SCR_A (1u << SCREEN_ANNOTATE)   /* the source lines of a function */
#define SCR_GC (SCR_G | SCR_C)
#define SCR_GCT (SCR_G | SCR_C | SCR_T)
#define SCR_ALL (SCR_G | SCR_C | SCR_T | SCR_H | SCR_M | SCR_K | SCR_V | SCR_A)

/* X(id, default keys separated by spaces, screens, help text). Key names: a single
 * character, C-x (control), Up Down Left Right Enter Backspace Esc Space Tab PgUp PgDn
 * Home End. */
#define ACTION_TABLE(X)                                                                   \
    X(QUIT, "q", SCR_ALL, "Quit; closes the table, help, tree or sandwich first")          \
    X(QUIT_ALL, "Q", SCR_ALL, "Quit from any screen")                                     \
    X(HELP, "?", SCR_ALL, "Show or hide this help")                                       \
    X(MOVE_UP, "Up k", SCR_ALL, "Move up (flame: back to the child you came from)") \
    X(MOVE_DOWN, "Down j", SCR_ALL, "Move the selection down (flame: to the parent)")   \
    X(MOVE_LEFT, "Left h", SCR_GC | SCR_M | SCR_K | SCR_V, "Select the frame to the left (tree: collapse, then the parent; chart: pan)") \
    X(MOVE_RIGHT, "Right l", SCR_GC | SCR_M | SCR_K | SCR_V, "Select the frame to the right (tree: expand, then the first child; chart: pan)") \
    X(ZOOM_IN, "Enter", SCR_GCT | SCR_M | SCR_K | SCR_V, "Zoom into the selected frame (table: open; time: the range; chart: its time; tree: expand)") \
    X(ZOOM_OUT, "Backspace u", SCR_G, "Zoom out one level")                             \
    X(ZOOM_RESET, "Esc z", SCR_ALL, "Reset the zoom; Esc also leaves a prompt or view") \
    X(ORIENT, "i", SCR_G, "Switch between flame (root at the bottom) and icicle")        \
    X(ORDER, "o", SCR_GCT, "Order by name / heaviest first (table: sort)") \
    X(REVERSE, "r", SCR_G | SCR_V, "Reverse (caller) view (tree: bottom-up)") \
    X(SEARCH, "/", SCR_GCT | SCR_V, "Regex search, smartcase (empty: clear it)") \
    X(SEARCH_NEXT, "n", SCR_GCT | SCR_V, "Next match (screen order, inside the zoom)") \
    X(SEARCH_PREV, "N", SCR_GCT | SCR_V, "Select the previous match")                             \
    X(FILTER_INCLUDE, "f", SCR_GC | SCR_V, "Include filter: keep stacks with a frame matching a regex") \
    X(FILTER_EXCLUDE, "F", SCR_GC | SCR_V, "Exclude filter: drop stacks with a frame matching a regex") \
    X(FILTER_HIDE, "H", SCR_GC | SCR_V, "Hide filter: remove matching frames from the stacks")    \
    X(FILTER_UNDO, "U", SCR_GC | SCR_V, "Drop the last filter")                                   \
    X(FILTER_CLEAR, "c", SCR_GC | SCR_V, "Clear the filters")                                     \
    X(TOP, "t", SCR_GCT | SCR_V, "Table of the hottest functions")            \
    X(CALLERS, "s", SCR_GCT | SCR_V, "Sandwich: callers above, callees below the selection (table: find)") \
    X(PANE, "Tab", SCR_C, "Sandwich: jump between the callers' pane and the callees' pane") \
    X(PAGE_UP, "PgUp", SCR_ALL, "Scroll one page up")                                     \
    X(PAGE_DOWN, "PgDn", SCR_ALL, "Scroll one page down")                                 \
    X(SCROLL_HOME, "g Home", SCR_ALL, "Scroll to the root (table: first row)")         \
    X(SCROLL_END, "G End", SCR_ALL, "Scroll to the deepest frames (table: last row)")   \
    X(PAUSE, "Space p", SCR_GCT | SCR_V, "Pause or resume live updates")                          \
    X(WINDOW, "w", SCR_GCT, "Live: last N seconds (--window, default 10) or everything")  \
    X(DIFF_BASE, "b", SCR_G, "Diff (--base): base profile's widths (what went) / new ones") \
    X(EXPORT_SVG, "x", SCR_G, "Export the view (zoom included) as an SVG file: prompts for the name") \
    X(REPAINT, "C-l", SCR_ALL, "Repaint the screen")                                    \
    X(NAMES, "L", SCR_GCT | SCR_V, "Short names (C++/Java/Rust/Go folded) or full names")         \
    X(DETAIL, "d", SCR_GCT | SCR_V, "Detail pane: full name, samples, shares, self, depth")      \
    X(EVENT, "e", SCR_GCT, "perf input with several events: show the next event") \
    X(INTERRUPT, "C-c", SCR_ALL, "Live: stop the recording (SIGINT), keep the profile; again: quit") \
    X(COPY_NAME, "y", SCR_GCT | SCR_V, "Copy the selected frame's full name (OSC 52 clipboard)") \
    X(COPY_STACK, "Y", SCR_G, "Copy the selected frame's stack, root first, one per line") \
    X(SAVE, "S", SCR_GCT | SCR_V, "Save the view as shown (filters applied) as folded stacks") \
    X(CMDLINE, "C", SCR_GCT | SCR_V, "Show the command line that reopens this state")           \
    X(TIME, "T", SCR_G | SCR_M, "Time view: heat map of samples over time; select a range") \
    X(TIME_MARK, "m", SCR_M, "Time view: mark the start, then the end of a range")        \
    X(GROUP, "P", SCR_GCT | SCR_V, "Group perf stacks by comm, pid, tid, none or cpu (cycles)")         \
    X(RECURSION, "R", SCR_GCT | SCR_V, "Collapse direct recursion on/off")                          \
    X(HIGHLIGHT_NAME, "#", SCR_G, "Highlight the selected function everywhere; # or Esc clears") \
    X(CHART, "O", SCR_G | SCR_M | SCR_K, "Flame chart: time order, a lane per thread (time view: of the range)") \
    X(CHART_ZOOM_IN, "+ =", SCR_K, "Flame chart: zoom in on the time axis")                  \
    X(CHART_ZOOM_OUT, "-", SCR_K, "Flame chart: zoom out on the time axis")                  \
    X(TREE, "v", SCR_G | SCR_V, "Call tree of the view: TOTAL% SELF% per node (v again: back)") \
    X(EXPAND_ALL, "+", SCR_V, "Tree: expand every node")                                  \
    X(COLLAPSE_ALL, "-", SCR_V, "Tree: collapse every node")                              \
    X(HEAVIEST, "*", SCR_V, "Tree: expand the heaviest path below the selection")         \
    X(ANNOTATE, "a", SCR_G | SCR_V | SCR_A, "Source lines of the selected function with self and total (a again: back)")

enum action {
    ACT_NONE = -1,
#define X(id, keys, screens, help) ACT_##id,
    ACTION_TABLE(X)
#undef X
        ACT_COUNT
};

enum ft_key {
    FT_KEY_NONE = 0,
    FT_KEY_BASE = 0x110000, /* above every Unicode code point */
    FT_KEY_UP,
    FT_KEY_DOWN,
    FT_KEY_LEFT,
    FT_KEY_RIGHT,
    FT_KEY_ENTER,
    FT_KEY_BACKSPACE,
    FT_KEY_ESC,
    FT_KEY_PGUP,
    FT_KEY_PGDN,
    FT_KEY_HOME,
    FT_KEY_END,
    FT_KEY_DELETE,
    FT_KEY_RESIZE,
    FT_KEY_MOUSE,
};

/* Name of the action ("ZOOM_IN"), its default keys ("Backspace u") and help text. */
const char *keymap_name(enum action a);
const char *keymap_keys(enum action a);
const char *keymap_help(enum action a);
/* Parses one key name of the table ("q", "C-c", "PgUp", "Space") into a key; returns
 * FT_KEY_NONE for an unknown name. */
int keymap_parse_key(const char *name, size_t len);
/* The action bound to key by default, or ACT_NONE. */
enum action keymap_lookup(int key);
/* The same, only among the actions that work in screen s. */
enum action keymap_lookup_in(int key, enum ui_screen s);
/* Mask of the screens (1 << SCREEN_x) where action a works. */
unsigned keymap_screens(enum action a);
/* Appends the help of screen s, one line per action that works there ("KEYS  HELP\n"),
 * keys padded to a common column, then the mouse line (what the mouse does there). */
void keymap_help_text(struct buf *out, enum ui_screen s, const char *mouse);
#endif
