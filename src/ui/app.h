/* SPDX-License-Identifier: MIT */
/* flametui - app.h: the interactive viewer as a screen state machine: the graph (the
 * profile), the callers/callees view of one function, the hottest-functions table, the
 * time view and the help, plus a prompt overlay (search, filters, file names). Each
 * screen is one file (screen_*.c) behind a struct screen_ops (state.h); the action table
 * (keymap.h) says which keys work where. Handlers change state and return what changed
 * (enum reaction); the derived trie is made by the graph (query/graph.h) only when
 * app_update() runs, once per change.
 * No curses and no terminal: the event loop (tui/) feeds keys, mouse events, sizes and
 * the live-input status in, and reads text and rects out through the functions below.
 * Ownership: the base trie is borrowed; app_fini() frees everything else. */
#ifndef FLAMETUI_APP_H
#define FLAMETUI_APP_H
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "core/util.h"
#include "query/graph.h"
#include "render/layout.h"
#include "ui/keymap.h"
#include "ui/state.h"

/* The start-up state of the viewer (main.c fills it in from the command line). */
struct app_opts {
    bool icicle;                      /* -i */
    bool reverse;                     /* -r */
    const struct filter_opt *filters; /* --include/--exclude/--hide in order; not kept */
    size_t nfilters;
    const char *search;               /* -s RE, or NULL */
    const char *base_input;           /* --base: the first base file (title), or NULL */
    size_t nbase_inputs;
    const char *colors;               /* --colors=PALETTE (for the SVG export), NULL: hot */
    bool names_full;                  /* --names=full (default: short names) */
    const char *zoom, *select;        /* --zoom=PATH, --select=PATH: frames joined by ';' */
    const char *history;              /* prompt history file (keep.h), NULL = none */
    const char *cmd_args;             /* C: the options the app does not know (input,
                                       * colours), shell-quoted, "" or " --opt ..." */
    const char *cmd_files;            /* C: the inputs, shell-quoted, " FILE..." */
    const char *cmd_event;            /* C: --event-filter, or NULL (e changes it) */
    bool cmd_stdin;                   /* C: an input is standard input, not kept in a file */
    /* a on a pprof profile: the inputs and how they were read, to read them again with
     * line frames (screen_annotate.c); kept, not owned; NULL: never read again */
    const struct load_opts *reload;
    char *const *files;
    size_t nfiles;
    /* time, threads and recursion */
    struct samples *samples;          /* the base's time index (perf input), or NULL */
    int group;                        /* enum perf_group */
    bool recursion;                   /* --collapse-recursion */
    bool range;                       /* --from/--to: from_us <= t - t0 < to_us */
    uint64_t from_us, to_us;
    bool chart;                       /* --chart: start on the flame chart */
};

/* Starts on the profile t with the root selected, no zoom, flame orientation, name order,
 * no filters and no search. */
void app_init(struct app *a, struct trie *t, const char *input);
void app_fini(struct app *a);
/* Start-up state from the command line. Returns 0, or -1 with err set for an invalid
 * regex (the rest is applied). */
int app_apply_options(struct app *a, const struct app_opts *o, struct ft_error *err);

/* ---- input ---- */
/* A key (keymap.h key code): the prompt when one is open, else the current screen's
 * action for it. */
enum reaction app_key(struct app *a, int key);
/* Applies an action in the current screen (an action that does not work there does
 * nothing). */
enum reaction app_handle(struct app *a, enum action act);
/* A key while a prompt is open (a->prompt != PROMPT_NONE). */
enum reaction app_prompt_key(struct app *a, int key);
/* Mouse at SCREEN cell (x, y) (row 0 is the title): clicks 1 selects, 2 also opens
 * (zoom, or the table row's callers/callees); wheel < 0 scrolls up, > 0 down. */
enum reaction app_mouse(struct app *a, int x, int y, int clicks, int wheel);
/* Graph-area versions (row 0 = the first graph row), for tests. */
enum reaction app_click(struct app *a, int x, int y, int clicks);
enum reaction app_wheel(struct app *a, int dir);
/* Selects node (mouse click, search hit); keeps it visible. */
enum reaction app_select(struct app *a, uint32_t node);

/* ---- the event loop's steps ---- */
/* The whole screen's size: the graph area is the lines between the title and the
 * status line. Keeps scroll in range and the selection visible. */
void app_resize(struct app *a, int cols, int lines);
/* True when the shown trie is out of date: the spec changed, the base grew (live), or
 * the window moved. */
bool app_stale(const struct app *a);
/* Derives the shown trie when stale (graph_shown: at most one rebuild per change),
 * catches the search and the table up and re-resolves zoom and selection. Returns true
 * when anything changed. */
bool app_update(struct app *a);
/* Lays the graph out into a->rl for the current state (after app_update). */
void app_layout(struct app *a);
/* The last layout. */
const struct rect_list *app_rects(const struct app *a);
/* Uses rl for moves and hits instead of app_layout's own rects (tests); NULL: own. */
void app_set_rects(struct app *a, const struct rect_list *rl);
/* The live-input status (rates, LIVE/LOADING/EOF, the first error). */
void app_set_live(struct app *a, const struct live_status *st);
/* All input ended: msg (may be NULL or "") is shown as the status message unless an
 * error is shown. */
void app_input_end(struct app *a, const char *msg);
/* All input ended without a sample: msg (its lines: why, per input) becomes the graph
 * screen's whole content, and app_empty() is true (the viewer exits 1). */
void app_set_empty(struct app *a, const char *msg);
bool app_empty(const struct app *a);
bool app_paused(const struct app *a);
/* Ctrl-C stopped the live input (app_interrupt). */
bool app_interrupted(const struct app *a);
/* The input's name in the title (not owned: it must outlive the app), and as it is. */
void app_set_title(struct app *a, const char *input);
const char *app_input_name(const struct app *a);
/* Live input: keeps a sliding window of the given length (seconds), shown at once when
 * on (--window) or after the WINDOW key. */
void app_set_window(struct app *a, double seconds, bool on);
/* The clock (seconds, monotonic). Returns true when the window moved (app_stale). */
bool app_tick(struct app *a, double now);
/* Memory bound of the window (graph_compact): while the window is shown and the base
 * has more than max_nodes nodes, compacts the base in place and returns true; the caller
 * must then tell every loader (loader_trie_replaced) before the next loader_step. Zoom and
 * selection survive as name paths (the next app_update re-resolves them). When the window
 * had to be cut short, says so in the status message. */
bool app_compact(struct app *a, size_t max_nodes);
/* Ctrl-C (the key, or SIGINT from the event loop): in a live session the first one
 * returns RE_INTERRUPT (the loop stops the input; the profile stays, marked EOF) and
 * says so; otherwise, or the second time, RE_QUIT. */
enum reaction app_interrupt(struct app *a);
/* The text RE_COPY asked for (raw bytes, not made safe: it goes to the clipboard). */
const char *app_clip(const struct app *a, size_t *len);
/* --save: writes every sample of the profile (no filter, window or reverse: what
 * --collapse prints for the same input) to path as folded stacks, atomically (a
 * temporary file in the same directory, then rename). Returns 0, or -1 with err set. */
int app_save_profile(struct app *a, const char *path, struct ft_error *err);
/* The command line that opens the viewer in the current state (C), shell-quoted. */
void app_cmdline(const struct app *a, struct buf *out);

/* ---- what to paint (all text is safe for a terminal) ---- */
/* Title line: left "flametui: INPUT  N samples  flame|icicle  [filters] [zoom NAME]";
 * right: the scroll indicator of the graph when not every drawable row fits:
 * "depth 2-5/8 (more ^ v)" (rows of depth 2 to 5 of 0..8 shown, more above and below). */
void app_title(const struct app *a, struct buf *left, struct buf *right);
/* The same made for cols columns: numbers grouped, else compact ("2.70k samples"), else
 * left out when even so they would be cut by the ".." of a title too long for the line
 * (the painter cuts the rest of the title). */
void app_title_fit(const struct app *a, int cols, struct buf *left, struct buf *right);
/* Status line: left the selected frame's (or table row's) name, or the prompt, or the
 * message; info the numbers after the name; right: search and live counters. */
void app_status_parts(const struct app *a, struct buf *left, struct buf *info,
                      struct buf *right);
/* The same, made to fit in cols columns (the status line as drawn): left + info, then
 * (when right is not empty) one space and right take at most cols columns. Numbers are
 * never cut: they get shorter forms first (grouped -> compact "2.70G" -> fewer), then the
 * right part is compacted or dropped, then the name is cut (short names from the left,
 * so the method stays: label_fit_tail). A prompt or a message is not fitted (left only). */
void app_status_fit(const struct app *a, int cols, struct buf *left, struct buf *info,
                    struct buf *right);
/* The detail pane (d) of the selected frame or table row: lines ending in '\n', none
 * wider than cols: the full name wrapped (never truncated; names of more than 4 KB
 * show their first 4 KB), samples and weight with its unit, % of all, of the zoom, of the
 * parent, self, depth, the event. Empty when the pane is closed. */
void app_detail_text(const struct app *a, int cols, struct buf *out);
bool app_detail_open(const struct app *a);
/* The rows the detail pane covers and whether at the top (text_detail_rows). */
int app_detail_rows(const struct app *a, bool *top);
/* The event the user asked for with e ("" none). The event loop re-reads the input with
 * that event (app_event_done() then clears it). */
const char *app_event_request(const struct app *a);
void app_event_done(struct app *a, const char *msg);
/* left + info in one. */
void app_status(const struct app *a, struct buf *left, struct buf *right);
enum status_kind app_status_kind(const struct app *a);
/* Column of the prompt's cursor in the status line, or -1 when no prompt is open. */
int app_prompt_cursor(const struct app *a);
/* The help's first line shown (its lines: app_help_text). */
int app_help_scroll(const struct app *a);
/* Hottest-functions table: line i (0 = header) as text, false past the end. */
bool app_top_line(const struct app *a, size_t i, struct buf *out);
/* How the area between the title and the status line is painted (the screen shown:
 * below the help). */
enum paint app_paint(const struct app *a);
/* The help box is open over it. */
bool app_help_open(const struct app *a);
/* PAINT_ROWS: line k of the area (0 = its first line), false past the end. */
bool app_row(const struct app *a, size_t k, struct buf *out, enum row_style *st);
/* PAINT_MAP: the heat map's geometry for the current size (false when there is none),
 * its cells, the line above it (bucket sizes, selection and its sample count) and the
 * axis below it ("0s   1s   2s"), then, after a newline, the legend's line. */
bool app_map_geom(const struct app *a, struct map_geom *g);
struct map_cell app_map_cell(const struct app *a, int col, int row);
void app_map_header(const struct app *a, struct buf *out);
void app_map_axis(const struct app *a, struct buf *out);

/* Rebuilds of the shown trie so far (graph_get_stats), for the rebuild benchmark. */
uint64_t app_rebuild_count(const struct app *a);
#endif
