/* SPDX-License-Identifier: MIT */
/* flametui - state.h: the viewer's state below its screens, and the services every
 * screen uses: the status message, the screen stack, the search, the lazy reversed
 * view, layout requests, names and numbers made safe for a terminal. A screen is one
 * file (screen_*.c) that fills a struct screen_ops and keeps its own state in
 * a->view[its screen]; app.c holds the one table of them (indexed by enum ui_screen)
 * and dispatches through it; one screen opens another by state_open (the action that
 * opens it), never by calling it. Screens include this header and the headers of the
 * other files they call (nav.h, frames.h, text.h, prompt.h, ...), never app.c's parts;
 * this header declares only what state.c defines.
 * Zoom and selection are kept as frame PATHS (name-id sequences from the root), so they
 * survive the trie growing (live tail) or being replaced (a rebuilt view).
 * The struct is public for the unit tests only: outside src/ui/ read it through the
 * functions of app.h; nothing outside src/ui/ writes it. Pure: no curses. */
#ifndef FLAMETUI_STATE_H
#define FLAMETUI_STATE_H
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "core/count.h"
#include "core/util.h"
#include "query/graph.h"
#include "render/layout.h"
#include "render/numfmt.h"
#include "render/theme.h"
#include "ui/keymap.h"
#include "ui/lineedit.h"

struct search;
struct load_opts;
struct app;

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
    char progress[80];    /* a network input being fetched: "recording 10 s ... 4 s left" */
    /* perf script input: events[0] is the event shown, the others the records skipped
     * because they are of another event. nevents 0: not perf script. */
    struct live_event {
        char name[64];
        uint64_t samples;
    } events[8];
    size_t nevents;
    uint64_t samples;     /* records read so far, all inputs */
    /* the unit of the weights (state_unit_inputs) when has_unit; else perf input's comes
     * from events[0], any other's is samples */
    bool has_unit;
    struct unit unit;
    char mixed[200];      /* inputs in different units: "a.pb.gz: nanoseconds, ..."; "" */
};

struct name_path {
    uint32_t *v;  /* name ids, root-most frame first ("all" not included) */
    size_t n, cap;
};

/* The prompt overlay: whoever opens it says what it is and what Enter does. */
enum prompt_edit { PROMPT_TYPED, PROMPT_CANCELLED };
struct prompt_ops {
    const char *label;       /* "/", "include: " */
    const char *initial;     /* the line it opens with, NULL: empty */
    bool history;            /* an accepted line goes into the history file */
    /* Typing or Esc (Backspace on an empty line); NULL: nothing happens */
    enum reaction (*edit)(struct app *a, enum prompt_edit how);
    /* Enter, with the line */
    enum reaction (*accept)(struct app *a, const char *text);
};
#define PROMPT_NONE NULL   /* a->prompt when no prompt is open */

/* How the painter fills the area between the title and the status line. */
enum paint {
    PAINT_RECTS,   /* the layout's rects (app_rects) */
    PAINT_ROWS,    /* lines of text (app_row) */
    PAINT_MAP,     /* a heat map of cells (app_map_*) */
    PAINT_BOX,     /* a box over the screen below (app_help_text from app_help_scroll) */
};
enum row_style { ROW_PLAIN, ROW_HEADER, ROW_SELECTED };

/* A heat map's geometry: columns of col_us microseconds each (col_w characters wide),
 * rows cutting a column into rows equal parts; a legend of legend_w cells at legend_x
 * on the line under the axis (map_cell row -1; map_axis gives that line's text after a
 * newline). */
struct map_geom {
    int cols, rows;          /* the map's screen cells */
    int top;                 /* screen row of the map's first row */
    uint64_t col_us;         /* one column */
    uint64_t end_us;         /* the last sample's time + 1 */
    int col_w;               /* characters per column of time */
    int legend_x, legend_w;  /* the legend's cells on the axis line (0: none) */
};
/* One cell: its shade (' ' for none, then ".:-=+*#%@" by count relative to the
 * fullest cell) and heat level (0 none, 1..HEAT_LEVELS: render/heat.h's colours),
 * whether it is in the selection and whether the cursor is on it. */
struct map_cell {
    char shade;
    bool selected, cursor;
    signed char heat;
};

/* The numbers of a status line at a level of detail: 0 (all, grouped) .. 4 (none). */
typedef void status_info_fn(const struct app *a, const struct unit *u, int level,
                            struct buf *info);

/* One screen. NULL hooks do nothing. */
struct screen_ops {
    size_t state_size;      /* its state (a->view[s]), zeroed by app_init */
    void (*fini)(struct app *a);   /* frees what its state holds */
    bool overlay;           /* over the screen below: whose title, status and help show */
    enum paint paint;
    const char *mouse_help; /* the help's mouse line */
    bool any_key_closes;    /* a key that does nothing here closes the screen */
    bool drags;             /* mouse gets drags too: clicks -1 at the release */
    /* the action that opens it (state_open) and how: pushes it, about the function
     * name (an id) when it shows one; NULL: not opened by an action (the graph) */
    enum action opened_by;
    enum reaction (*open)(struct app *a, uint32_t name);
    enum reaction (*on_action)(struct app *a, enum action act);
    /* mouse at SCREEN cell (x, y) (row 0 is the title) */
    enum reaction (*mouse)(struct app *a, int x, int y, int clicks, int wheel);
    /* after app_update (changed: the shown trie changed) or a resize, when the screen
     * is the current one or the one below it */
    void (*sync)(struct app *a, bool changed);
    /* after the search changed from the prompt (entered: Enter, else typing) */
    enum reaction (*searched)(struct app *a, bool entered);
    /* the title's part of the screen ("  zoom NAME"), its right part (scroll) */
    void (*title)(const struct app *a, struct buf *out);
    void (*title_right)(const struct app *a, struct buf *right);
    /* the status line when no prompt or message is shown, fitted to cols */
    void (*status)(const struct app *a, int cols, struct buf *left, struct buf *info,
                   struct buf *right);
    /* the detail pane's items (text_item) and the name shown; false: nothing */
    bool (*detail)(const struct app *a, const struct unit *u, struct buf *items,
                   uint32_t *name);
    /* a list screen's selected function (y copies it); false: no row. NULL: frames */
    bool (*row_name)(const struct app *a, uint32_t *name);
    /* the zoom and selection of the profile while this screen shows something else */
    void (*profile_paths)(const struct app *a, const struct name_path **zoom,
                          const struct name_path **sel);
    /* PAINT_ROWS: line k of the area, false past the end */
    bool (*row)(const struct app *a, size_t k, struct buf *out, enum row_style *st);
    /* PAINT_MAP */
    bool (*map_geom)(const struct app *a, struct map_geom *g);
    struct map_cell (*map_cell)(const struct app *a, int col, int row);
    void (*map_header)(const struct app *a, struct buf *out);
    void (*map_axis)(const struct app *a, struct buf *out);
    /* PAINT_RECTS of its own: lays out its rects and shows them (app_set_rects) instead
     * of the flame graph's layout */
    void (*layout)(struct app *a);
    /* PAINT_BOX: the first line shown */
    int (*scroll)(const struct app *a);
};

#define APP_STACK 4

struct app {
    struct trie *base;        /* the loaded profile; not owned */
    struct trie *t;           /* shown: graph_shown(graph) as of the last app_update */
    struct graph *graph;      /* owned: base -> window -> filters -> reverse | callers */
    const char *input;        /* input name for the title; not owned */
    /* screens: stack[0] is always the graph; stack[depth - 1] is the current one */
    const struct screen_ops *const *ops;   /* app.c's table, by enum ui_screen */
    void *view[SCREEN_COUNT];              /* each screen's own state; owned */
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
    bool paused;              /* live updates frozen */
    bool reverse;             /* caller view requested for the profile */
    const struct prompt_ops *prompt;   /* PROMPT_NONE: not in a prompt */
    struct lineedit le;       /* the prompt line */
    char msg[1024];           /* transient status message ("" = none) */
    bool msg_error;           /* the message is an error (painted as such) */
    struct live_status live;  /* live input, from the event loop */
    struct rect_list rl;      /* the last layout (owned) */
    const struct rect_list *rects; /* the rects moves and hits use: &rl, or a test's */
    struct search *search;    /* current search or NULL; owned */
    bool search_hl;           /* ... made by `#` (highlight.c) */
    char *search_saved;       /* pattern before the search prompt opened (Esc restores) */
    bool search_saved_hl;
    uint32_t rank_node;       /* "match K/N" of the selection: cached for rank_node */
    uint64_t rank_gen;
    size_t rank_k, rank_n;
    double now;               /* seconds, from app_tick */
    bool compacted;           /* the window's memory bound dropped old samples */
    const char *diff_base;    /* --base: the first base input's name (diff_status.h) */
    size_t diff_nbases;
    enum palette palette;     /* --colors: the SVG export's palette */
    struct names *names;      /* short forms per name id (render/names.h); owned */
    bool names_full;          /* L: full names in labels, table, titles, status */
    bool detail;              /* d: the detail pane is open */
    char event_next[64];      /* e: the event asked for ("" none; tui re-reads) */
    /* keep.c: copy, save, command line, history, Ctrl-C in a live session */
    struct buf clip;          /* what RE_COPY sends */
    bool interrupted;         /* Ctrl-C stopped the live input */
    char *history;            /* prompt history file, NULL = none */
    char *empty_msg;          /* the input ended without samples: why (app_set_empty) */
    char *cmd_args, *cmd_files, *cmd_event;
    bool cmd_stdin;
    const struct load_opts *reload;   /* app_opts: a reads pprof inputs again; not owned */
    char *const *files;
    size_t nfiles;
};

/* ---- state.c: the services ---- */
/* Sets the transient message (printf format); "" clears it. */
FT_PRINTF(2, 3) void app_message(struct app *a, const char *fmt, ...);
/* The screen stack: the current screen, the one below it (the graph at the bottom),
 * and the ops of a screen (the current one; what it shows: below an overlay). */
enum ui_screen app_screen(const struct app *a);
enum ui_screen app_under(const struct app *a);
const struct screen_ops *state_ops(const struct app *a);
const struct screen_ops *state_shown_ops(const struct app *a);
/* The help of the current screen (the one below the help): its keys and mouse. */
void app_help_text(const struct app *a, struct buf *out);
void app_push(struct app *a, enum ui_screen s);
void app_pop(struct app *a);
/* Opens the screen that act opens (its ops' opened_by), about the function name (an id;
 * screens that show no function ignore it): one screen opens another through this, never
 * by calling it. RE_NONE when no screen is opened by act. */
enum reaction state_open(struct app *a, enum action act, uint32_t name);
/* Sets (pattern non-empty) or clears the search. Returns 0, or -1 with err set. */
int app_set_search(struct app *a, const char *pattern, struct ft_error *err);
/* The lazy reversed view (graph.h: graph_set_lazy) grows in place; these fill in what is
 * about to be read (the children of node; everything) and keep the app in sync with it
 * (the growth changes nothing the app holds). */
void state_lazy_expand_node(struct app *a, uint32_t node);
void state_lazy_complete(struct app *a);
/* Fills a layout request from the state (match from the search). */
void app_layout_in(const struct app *a, struct layout_in *in);
/* Name paths. */
void state_path_set(struct name_path *p, const struct trie *t, uint32_t node);
void state_path_copy(struct name_path *dst, const struct name_path *src);
void state_path_set1(struct name_path *p, uint32_t name);  /* a path of one frame */
/* Appends s[0..n) made safe (label.h); a name: at most its first 4 KB. */
void state_safe(struct buf *out, const char *s, size_t n);
void state_safe_name(struct buf *out, const char *s, size_t n);
/* Columns of b's text from byte from on. */
int state_cols_from(const struct buf *b, size_t from);
/* The name id as shown (short or full, app->names_full), made safe: at most cols columns
 * (cut as label_fit_tail / label_fit) or, cols < 0, whole (at most its first 4 KB). */
void state_name(const struct app *a, uint32_t name, int cols, struct buf *out);
/* The unit of the weights; a weight with its unit (numfmt_weight); a number without the
 * word of a count ("2,700", "2.70 s", "10.4 MiB"); compact: "2.70k". */
void state_unit(const struct app *a, struct unit *u);
/* The unit of the weights of the inputs ls[0..n), whose trie holds total: each input's
 * loader_weight through numfmt_unit_set (every period 1: samples); inputs still without
 * a sample do not count. Inputs in different units give UNIT_MIXED and, when mixed is
 * not NULL, "NAME: UNIT, NAME: UNIT" appended to it. Returns false when mixed. */
struct loader;
bool state_unit_inputs(struct unit *u, struct loader *const *ls, size_t n, double total,
                       struct buf *mixed);
void state_put_weight(struct buf *out, struct count c, const struct unit *u, bool compact);
void state_put_number(struct buf *out, struct count c, const struct unit *u, bool compact);
/* A weight as text in its unit, compact when wider than cols columns. */
void state_number(const struct app *a, struct count c, int cols, char *out, size_t n);
/* True when the loaded profile is a diff (it has base counts). */
bool state_diff(const struct app *a);
/* True while an input is being read and no record has come yet: what the records hold
 * (timestamps, processes) is not known (T and P say so, not "folded input"). */
bool state_nothing_read(const struct app *a);
/* ---- lists of rows under a header line (the table, the call tree) ---- */
/* Rows on screen: the area less the header line. */
size_t state_list_page(const struct app *a);
/* The row a move (up, down, page up/down, home, end) from sel lands on, in n rows. */
size_t state_list_move(size_t sel, size_t n, size_t page, enum action act);
/* Scrolls (*scroll: the first row shown) so that row sel is on screen. */
void state_list_show(size_t sel, size_t *scroll, size_t page);
/* The mouse over n rows: the wheel (< 0 up, > 0 down) scrolls 3 rows (*scroll: the first
 * row shown) and *row is sel moved onto the rows shown; else a click on screen line y (0
 * the title, 1 the header, the rows from 2) and *row is the row under it. False when the
 * click is on no row. */
bool state_list_mouse(const struct app *a, int y, int wheel, size_t sel, size_t *scroll,
                      size_t n, size_t *row);
/* n / N: the row after sel (back: before it) that matches, wrapping around the n rows
 * (the message "search wrapped" then); SIZE_MAX, with a message, when there is no
 * search or no row matches. */
size_t state_list_find(struct app *a, size_t sel, size_t n, bool back,
                       bool (*matches)(const struct app *a, size_t i));

#endif
