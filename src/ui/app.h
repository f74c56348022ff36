/* SPDX-License-Identifier: MIT */
/* flametui - app.h: the pure state of the interactive viewer, as a screen state machine:
 * the graph (the profile), the callers/callees view of one function, the hottest-functions
 * table and the help, plus a prompt overlay (search and filter regexes). One handler per
 * screen; the action table (keymap.h) says which keys work where. Handlers change state
 * and return what changed (enum reaction); the derived trie is made by the graph
 * (query/graph.h) only when app_update() runs, once per change.
 * No curses and no terminal: the event loop (tui/) feeds keys, mouse events, sizes and
 * the live-input status in, and reads text and rects out through the functions below.
 * Zoom and selection are kept as frame PATHS (name-id sequences from the root), so they
 * survive the trie growing (live tail) or being replaced (a rebuilt view).
 * The struct is public for the unit tests only: outside src/ui/ read it through the
 * functions; nothing outside src/ui/ writes it.
 * Ownership: the base trie is borrowed; app_fini() frees everything else. */
#ifndef FLAMETUI_APP_H
#define FLAMETUI_APP_H
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "core/util.h"
#include "query/graph.h"
#include "query/top.h"
#include "query/view.h"
#include "render/layout.h"
#include "render/theme.h"
#include "ui/keymap.h"
#include "ui/lineedit.h"

struct search;

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
    /* time, threads and recursion (issue 15) */
    struct samples *samples;          /* the base's time index (perf input), or NULL */
    int group;                        /* enum perf_group */
    bool recursion;                   /* --collapse-recursion */
    bool range;                       /* --from/--to: from_us <= t - t0 < to_us */
    uint64_t from_us, to_us;
};

enum reaction {
    RE_NONE = 0,
    RE_REDRAW = 1 << 0,   /* repaint: the same rects, other text */
    RE_RELAYOUT = 1 << 1, /* zoom, scroll, selection, orientation, resize: new rects */
    RE_REBUILD = 1 << 2,  /* filter, reverse or callers changed: app_update() first */
    RE_QUIT = 1 << 3,
    RE_REPAINT = 1 << 4,  /* Ctrl-L: the terminal forgets what it shows, then redraw */
    RE_COPY = 1 << 5,     /* y Y C: send app_clip() to the clipboard (OSC 52) */
    RE_INTERRUPT = 1 << 6, /* Ctrl-C in a live session: stop the input, keep the view */
};

enum prompt_kind { PROMPT_NONE, PROMPT_SEARCH, PROMPT_INCLUDE, PROMPT_EXCLUDE, PROMPT_HIDE,
                   PROMPT_SVG, PROMPT_SAVE };
/* How the status line is painted. */
enum status_kind { STATUS_NORMAL, STATUS_PROMPT, STATUS_ERROR };

/* What the viewer shows of the live input (tui/ fills it from the input's status). */
enum ui_live { UI_LIVE_NONE, UI_LIVE_ON, UI_LIVE_LOAD, UI_LIVE_EOF };
struct live_status {
    enum ui_live live;    /* none, live (a pipe, --follow), loading files, ended */
    double rate;          /* samples per second */
    double mbps;          /* input MB per second */
    char error[200];      /* the first input error; "" none */
    char notice[200];     /* the latest notice ("NAME: message") */
    unsigned notices;     /* notices so far: a new one is shown when this moves */
    /* perf script input: events[0] is the event shown, the others the records skipped
     * because they are of another event. nevents 0: not perf script. */
    struct live_event {
        char name[64];
        uint64_t samples;
    } events[8];
    size_t nevents;
};

struct name_path {
    uint32_t *v;  /* name ids, root-most frame first ("all" not included) */
    size_t n, cap;
};

#define APP_STACK 4

struct app {
    struct trie *base;        /* the loaded profile; not owned */
    struct trie *t;           /* shown: graph_shown(graph) as of the last app_update */
    struct graph *graph;      /* owned: base -> window -> filters -> reverse | callers */
    const char *input;        /* input name for the title; not owned */
    /* screens: stack[0] is always SCREEN_GRAPH; stack[depth - 1] is the current one */
    enum ui_screen stack[APP_STACK];
    size_t depth;
    int cols, lines;          /* the whole screen */
    struct viewport vp;       /* graph area size, scroll, orientation, order */
    uint32_t zoom, sel;       /* resolved nodes (sel is never TRIE_NONE) */
    struct name_path zoom_path, sel_path;
    struct name_path trail;   /* the deepest path the selection came down: Up goes back */
    uint64_t gen;             /* shown trie's generation when last synced */
    uint64_t shown_uid;       /* trie_uid of a->t: a new trie may reuse a freed address */
    uint64_t rebuilds;        /* graph rebuilds seen (layout cache reset on change) */
    int help_scroll;          /* first help line shown */
    bool paused;              /* live updates frozen */
    bool reverse;             /* caller view requested for the profile */
    enum prompt_kind prompt;  /* PROMPT_NONE: not in a prompt */
    struct lineedit le;       /* the prompt line */
    char msg[1024];           /* transient status message ("" = none) */
    bool msg_error;           /* the message is an error (painted as such) */
    struct live_status live;  /* live input, from the event loop */
    struct rect_list rl;      /* the last layout (owned) */
    const struct rect_list *rects; /* the rects moves and hits use: &rl, or a test's */
    struct search *search;    /* current search or NULL; owned */
    char *search_saved;       /* pattern before the search prompt opened (Esc restores) */
    uint32_t rank_node;       /* "match K/N" of the selection: cached for rank_node */
    uint64_t rank_gen;
    size_t rank_k, rank_n;
    /* callers/callees (SCREEN_CALLERS) */
    uint32_t focus;           /* the function's name id */
    struct name_path saved_zoom, saved_sel; /* restored when leaving callers/callees */
    /* the hottest-functions table (SCREEN_TABLE), of graph_profile() */
    struct top table;
    bool table_stale;
    uint64_t table_uid, table_gen; /* the profile the rows were computed from */
    size_t top_sel, top_scroll;
    enum top_sort top_by;
    double now;               /* seconds, from app_tick */
    bool compacted;           /* the window's memory bound dropped old samples */
    const char *diff_base;    /* --base: the first base input's name (diff_status.h) */
    size_t diff_nbases;
    enum palette palette;     /* --colors: the SVG export's palette */
    /* -- added by names */
    struct names *names;      /* short forms per name id (render/names.h); owned */
    bool names_full;          /* L: full names in labels, table, titles, status */
    bool detail;              /* d: the detail pane is open */
    char event_next[64];      /* e: the event asked for ("" none; tui re-reads) */
    /* keep.c: copy, save, command line, history, Ctrl-C in a live session */
    struct buf clip;          /* what RE_COPY sends */
    bool interrupted;         /* Ctrl-C stopped the live input */
    char *history;            /* prompt history file, NULL = none */
    char *cmd_args, *cmd_files;
    /* the time view (SCREEN_TIME, screen_time.c): times in microseconds since t0 */
    uint64_t tv_cursor;       /* the cursor cell's start */
    bool tv_marking;          /* a start is marked, the end follows the cursor */
    uint64_t tv_anchor;       /* ... that start cell's start */
    bool tv_sel;              /* a selection (marked, or the range shown) */
    uint64_t tv_from, tv_to;  /* ... [from, to) */
    uint32_t *tv_cells;       /* cached sample counts per cell, column-major */
    size_t tv_ncells;
    size_t tv_nsamples;       /* samples_count when the cells were counted */
    uint64_t tv_col_us;       /* the geometry they were counted for */
    int tv_cols, tv_rows;
    uint32_t tv_max;          /* the fullest cell */
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
/* Fills a layout request from the state (match from the search). */
void app_layout_in(const struct app *a, struct layout_in *in);
/* The live-input status (rates, LIVE/LOADING/EOF, the first error). */
void app_set_live(struct app *a, const struct live_status *st);
/* All input ended: msg (may be NULL or "") is shown as the status message unless an
 * error is shown. */
void app_input_end(struct app *a, const char *msg);
bool app_paused(const struct app *a);
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
/* Sets (pattern non-empty) or clears the search. Returns 0, or -1 with err set. */
int app_set_search(struct app *a, const char *pattern, struct ft_error *err);
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
/* Sets the transient message (printf format); "" clears it. */
FT_PRINTF(2, 3) void app_message(struct app *a, const char *fmt, ...);

/* ---- what to paint (all text is safe for a terminal) ---- */
enum ui_screen app_screen(const struct app *a);       /* the current screen */
enum ui_screen app_under(const struct app *a);        /* the screen below the current one */
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
/* The event the user asked for with e ("" none). The event loop re-reads the input with
 * that event (app_event_done() then clears it). */
const char *app_event_request(const struct app *a);
void app_event_done(struct app *a, const char *msg);
/* left + info in one. */
void app_status(const struct app *a, struct buf *left, struct buf *right);
enum status_kind app_status_kind(const struct app *a);
/* Column of the prompt's cursor in the status line, or -1 when no prompt is open. */
int app_prompt_cursor(const struct app *a);
/* The help of the screen below it: its lines, and the first one shown. */
void app_help_text(const struct app *a, struct buf *out);
int app_help_scroll(const struct app *a);
/* Hottest-functions table: line i (0 = header) as text, false past the end. */
bool app_top_line(const struct app *a, size_t i, struct buf *out);
/* Appends the name of node of the shown trie, made safe (at most 4 KB of it). */
void app_safe_name(const struct app *a, uint32_t node, struct buf *out);
/* ---- the time view (SCREEN_TIME) ---- */
/* Its geometry for the current size: columns of col_us microseconds each, rows cutting a
 * column into rows equal parts; false when there is no time index with timestamps. */
struct time_geom {
    int cols, rows;          /* the map's cells */
    int top;                 /* screen row of the map's first row */
    uint64_t col_us;         /* one column */
    uint64_t end_us;         /* the last sample's time + 1 */
};
bool app_time_geom(const struct app *a, struct time_geom *g);
/* (The cell counts are cached; app_update and app_resize count them again when the index
 * grew or the size changed.) */
/* One cell: its shade (' ' for none, then ".:-=+*#%@" by count relative to the
 * fullest cell), whether it is in the selection and whether the cursor is on it. */
struct time_cell {
    char shade;
    bool selected, cursor;
};
struct time_cell app_time_cell(const struct app *a, int col, int row);
/* The lines around the map: the header above it (bucket sizes, selection and its
 * sample count) and the time axis below it ("0s   1s   2s"). */
void app_time_header(const struct app *a, struct buf *out);
void app_time_axis(const struct app *a, struct buf *out);

/* Rebuilds of the shown trie so far (graph_get_stats), for the rebuild benchmark. */
uint64_t app_rebuild_count(const struct app *a);
#endif
