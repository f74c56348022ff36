/* flametui - keymap.h: the action table (one X-macro gives the enum, the default keys,
 * the help screen and the man page check) and key -> action lookup.
 * Pure: no curses. Keys are struct-free ints: a Unicode code point for a printable key
 * or a control character (Ctrl-C is 3), or one of the FT_KEY_* values for special keys
 * (tui_input.c translates curses codes into these). */
#ifndef FLAMETUI_KEYMAP_H
#define FLAMETUI_KEYMAP_H
#include <stddef.h>

#include "core/util.h"

/* X(id, default keys separated by spaces, help text). Key names: a single character,
 * C-x (control), Up Down Left Right Enter Backspace Esc Space PgUp PgDn Home End. */
#define ACTION_TABLE(X)                                                              \
    X(QUIT, "q C-c", "Quit")                                                         \
    X(HELP, "?", "Show or hide this help")                                           \
    X(MOVE_UP, "Up k", "Move the selection up (flame: to the widest child)")         \
    X(MOVE_DOWN, "Down j", "Move the selection down (flame: to the parent)")         \
    X(MOVE_LEFT, "Left h", "Select the frame to the left on the same row")           \
    X(MOVE_RIGHT, "Right l", "Select the frame to the right on the same row")        \
    X(ZOOM_IN, "Enter", "Zoom into the selected frame")                              \
    X(ZOOM_OUT, "Backspace u", "Zoom out one level")                                 \
    X(ZOOM_RESET, "Esc z", "Reset the zoom (Esc also leaves a prompt)")              \
    X(ORIENT, "i", "Switch between flame (root at the bottom) and icicle")           \
    X(ORDER, "o", "Order frames by name or heaviest first")                          \
    X(REVERSE, "r", "Reverse (caller) view on/off")                                  \
    X(SEARCH, "/", "Regex search: highlight matching frames (smartcase)")            \
    X(SEARCH_NEXT, "n", "Select the next match")                                     \
    X(SEARCH_PREV, "N", "Select the previous match")                                 \
    X(FILTER_INCLUDE, "f", "Include filter: keep stacks with a frame matching a regex") \
    X(FILTER_EXCLUDE, "F", "Exclude filter: drop stacks with a frame matching a regex") \
    X(FILTER_HIDE, "H", "Hide filter: remove matching frames from the stacks")       \
    X(FILTER_CLEAR, "c", "Clear the filters")                                        \
    X(TOP, "t", "Table of the hottest functions")                                    \
    X(CALLERS, "s", "Callers and callees of the selected function")                  \
    X(PAGE_UP, "PgUp", "Scroll one page up")                                         \
    X(PAGE_DOWN, "PgDn", "Scroll one page down")                                     \
    X(SCROLL_HOME, "g Home", "Scroll to the root")                                   \
    X(SCROLL_END, "G End", "Scroll to the deepest frames")                           \
    X(PAUSE, "Space p", "Pause or resume live updates")                              \
    X(WINDOW, "w", "Live: last N seconds (--window, default 10) or everything")

enum action {
    ACT_NONE = -1,
#define X(id, keys, help) ACT_##id,
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
/* Appends the help screen, one line per action ("KEYS  HELP\n"), keys padded to a
 * common column, then the mouse line. */
void keymap_help_text(struct buf *out);
#endif
