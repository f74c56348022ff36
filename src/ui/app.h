/* flametui - app.h: the pure state of the interactive viewer: the trie shown, zoom root,
 * selection, scroll, orientation, order, help, prompt, pause, live counters and the
 * status message. app_handle() applies an action and says what must be redone.
 * No curses and no terminal: tui*.c feeds actions and sizes in, reads state and text
 * out. Zoom and selection are kept as frame PATHS (name-id sequences from the root), so
 * they survive the trie growing (live tail) or being replaced (a rebuilt view):
 * app_sync() re-resolves them.
 * Ownership: the trie and the rect list are not owned; app_fini() frees the rest. */
#ifndef FLAMETUI_APP_H
#define FLAMETUI_APP_H
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "ui/keymap.h"
#include "render/layout.h"
#include "ui/lineedit.h"
#include "query/top.h"
#include "core/util.h"
#include "query/view.h"

struct search;

/* The start-up state of the viewer (main.c fills it in from the command line). */
struct app_opts {
    bool icicle;                      /* -i */
    bool reverse;                     /* -r */
    const struct filter_opt *filters; /* --include/--exclude/--hide in order; not kept */
    size_t nfilters;
    const char *search;               /* -s RE, or NULL */
};
struct view;
struct window;

enum reaction {
    RE_NONE = 0,
    RE_REDRAW = 1 << 0,   /* repaint the same rects (status, help, prompt) */
    RE_RELAYOUT = 1 << 1, /* zoom, scroll, selection, orientation, resize */
    RE_REBUILD = 1 << 2,  /* filter or reverse changed */
    RE_QUIT = 1 << 3,
};

enum prompt_kind { PROMPT_NONE, PROMPT_SEARCH, PROMPT_INCLUDE, PROMPT_EXCLUDE, PROMPT_HIDE };
/* What the graph shows: the (filtered) profile, or the callees / callers of one function. */
enum graph_mode { GRAPH_PROFILE, GRAPH_CALLEES, GRAPH_CALLERS };
/* LIVE_LOAD: regular files still loading (no pipe, no --follow): shown as LOADING. */
enum live_state { LIVE_NONE, LIVE_ON, LIVE_LOAD, LIVE_EOF };

struct name_path {
    uint32_t *v;  /* name ids, root-most frame first ("all" not included) */
    size_t n, cap;
};

struct app {
    struct trie *base;        /* the loaded profile; not owned */
    struct trie *t;           /* shown: base, or a derived trie owned by the app */
    const char *input;        /* input name for the title; not owned */
    struct viewport vp;       /* graph area size, scroll, orientation, order */
    uint32_t zoom, sel;       /* resolved nodes (sel is never TRIE_NONE) */
    struct name_path zoom_path, sel_path;
    uint64_t gen;             /* trie generation when last synced */
    bool help;                /* help screen visible */
    int help_scroll;          /* first help line shown (j/k, PgUp/PgDn scroll it) */
    bool paused;              /* live updates frozen */
    bool reverse;             /* caller view requested */
    enum prompt_kind prompt;  /* PROMPT_NONE: not in a prompt */
    struct lineedit le;       /* the prompt line */
    char msg[200];            /* transient status message ("" = none) */
    /* Live input, filled in by the event loop. */
    enum live_state live;
    double rate;              /* samples per second */
    double mbps;              /* input MB per second */
    char error[200];          /* last loader error ("" = none): the right part of the
                               * status line says INPUT ERROR; the text is shown as a
                               * message until the next key */
    const struct rect_list *rects; /* last layout (for left/right moves and hit tests) */
    /* Derived views (app_view.c). */
    struct view *view;        /* filters + reverse; owned */
    struct search *search;    /* current search or NULL; owned */
    char *search_saved;       /* pattern before the search prompt opened (Esc restores) */
    enum graph_mode mode;
    uint32_t focus;           /* GRAPH_CALLEES/CALLERS: the function's name id */
    struct name_path saved_zoom, saved_sel; /* restored when leaving callers/callees */
    uint64_t base_gen;        /* base generation when t was derived */
    bool top;                 /* hottest-functions table visible */
    struct top table;         /* its rows */
    size_t top_sel, top_scroll;
    enum top_sort top_by;
    struct window *win;       /* live sliding window, or NULL; owned */
    bool windowed;            /* showing the window instead of everything */
    bool win_dirty;           /* the window moved since the shown trie was derived */
    double now;               /* seconds, from app_tick */
};

/* Starts on the profile t with the root selected, no zoom, flame orientation, name order,
 * no filters and no search. */
void app_init(struct app *a, struct trie *t, const char *input);
void app_fini(struct app *a);
/* Shows another profile (t becomes the base) and re-resolves zoom and selection. */
void app_set_trie(struct app *a, struct trie *t);
/* Called before each layout: when the base grew (live input), re-derives the shown trie
 * if filters, reverse or callers/callees need it, catches the search up and re-resolves
 * zoom and selection. Returns true when anything changed. */
bool app_refresh(struct app *a);
/* Re-resolves zoom and selection from their paths if the trie changed since the last
 * call (or always when force). Returns true when it did. */
bool app_sync(struct app *a, bool force);
/* Sets the size of the graph area (cells); keeps scroll in range and the selection
 * visible. */
void app_resize(struct app *a, int cols, int rows);
/* Applies an action. */
enum reaction app_handle(struct app *a, enum action act);
/* A key while a prompt is open (a->prompt != PROMPT_NONE). */
enum reaction app_prompt_key(struct app *a, int key);
/* Selects node (mouse click, search hit); keeps it visible. */
enum reaction app_select(struct app *a, uint32_t node);
/* Mouse: clicks = 1 selects the frame at graph cell (x, y), 2 also zooms into it. */
enum reaction app_click(struct app *a, int x, int y, int clicks);
/* Mouse wheel: dir < 0 scrolls up, > 0 down (screen directions). */
enum reaction app_wheel(struct app *a, int dir);
/* The node drawn at graph cell (x, y) in a->rects, or TRIE_NONE. */
uint32_t app_hit(const struct app *a, int x, int y);
/* Fills a layout request from the state (match is left NULL). */
void app_layout_in(const struct app *a, struct layout_in *in);
/* Remembers the last layout (not owned; must live until the next call or app_fini). */
void app_set_rects(struct app *a, const struct rect_list *rl);
/* Sets the transient message (printf format); "" clears it. */
FT_PRINTF(2, 3) void app_message(struct app *a, const char *fmt, ...);
/* Title line text: "flametui: INPUT  N samples  flame|icicle  [zoom NAME]" (safe). */
void app_title(const struct app *a, struct buf *out);
/* Status line, left part (safe): the selected frame's name, samples, % of all, % of zoom
 * root, self; or the message; or the prompt. Right part: LIVE/PAUSED/EOF counters. */
void app_status(const struct app *a, struct buf *left, struct buf *right);
/* The same split in three: left is the name (or prompt, message, error), info the
 * numbers after it ("  N samples (...) self S", empty for a prompt or a message). */
void app_status_parts(const struct app *a, struct buf *left, struct buf *info,
                      struct buf *right);
/* Column of the prompt's cursor in the status line, or -1 when no prompt is open. */
int app_prompt_cursor(const struct app *a);
/* Start-up state from the command line (-r, --include/--exclude/--hide, -s). Returns 0,
 * or -1 with err set for an invalid regex. */
int app_apply_options(struct app *a, const struct app_opts *o, struct ft_error *err);
/* Sets (pattern non-empty) or clears the search. Returns 0, or -1 with err set. */
int app_set_search(struct app *a, const char *pattern, struct ft_error *err);
/* Live input: keeps a sliding window of the given length (seconds), shown at once when
 * on (--window) or after the WINDOW key. */
void app_set_window(struct app *a, double seconds, bool on);
/* The clock (seconds, monotonic) for the window. Returns true when the shown trie must be
 * re-derived because the window moved (app_refresh does it). */
bool app_tick(struct app *a, double now);
/* Hottest-functions table: line i (0 = header) as text, false past the end. */
bool app_top_line(const struct app *a, size_t i, struct buf *out);

/* --- between app*.c only --- */
void app_zoom_to(struct app *a, uint32_t node);
void app_keep_visible(struct app *a);
enum reaction app_view_action(struct app *a, enum action act);
enum reaction app_top_action(struct app *a, enum action act);
enum reaction app_view_prompt(struct app *a, enum prompt_kind k, int accept, int popped);
void app_view_fini(struct app *a);
void app_view_title(const struct app *a, struct buf *out);
void app_view_status(const struct app *a, struct buf *right);

/* Appends the name of node with control bytes, escapes and invalid UTF-8 made visible
 * (\x1b), so the text is safe to send to a terminal. */
void app_safe_name(const struct app *a, uint32_t node, struct buf *out);
#endif
