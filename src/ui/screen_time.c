/* SPDX-License-Identifier: MIT */
/* flametui - screen_time.c: the time view (SCREEN_TIME): a FlameScope-style heat map of
 * the samples over time, from the time index of perf input (core/samples.h). Columns
 * are equal spans of time (a "nice" length: 1, 2 or 5 x 10^k ms, so that the whole
 * profile fits the width), each cut into rows from the top down (sub-column offsets);
 * a cell is shaded by its sample count. A cursor moves over the cells; m marks a start
 * and then an end; Enter shows the flame graph of that range (graph_set_range), Esc
 * clears it. Pure: the painter draws it as a heat map (PAINT_MAP) through its ops. */
#include "config.h"

#include "ui/state.h"

#include <stdlib.h>
#include <string.h>

#include "core/samples.h"
#include "query/graph.h"
#include "query/timeline.h"
#include "ui/text.h"

#define MAX_ROWS 20
static const char shades[] = " .:-=+*#%@";

/* Times in microseconds since t0. */
struct time_view {
    uint64_t cursor;          /* the cursor cell's start */
    bool marking;             /* a start is marked, the end follows the cursor */
    uint64_t anchor;          /* ... that start cell's start */
    bool sel;                 /* a selection (marked, or the range shown) */
    uint64_t from, to;        /* ... [from, to) */
    uint32_t *cells;          /* cached sample counts per cell, column-major */
    size_t ncells;
    size_t nsamples;          /* samples_count when the cells were counted */
    uint64_t col_us;          /* the geometry they were counted for */
    int cols, rows;
    uint32_t max;             /* the fullest cell */
};

static struct time_view *tv(const struct app *a)
{
    return a->view[SCREEN_TIME];
}

static void time_fini(struct app *a)
{
    free(tv(a)->cells);
}

static const struct samples *usable(const struct app *a)
{
    return graph_has_time(a->graph) ? graph_samples(a->graph) : NULL;
}

/* The smallest of 1, 2, 5 x 10^k microseconds (at least 1 ms) that is >= v. */
static uint64_t nice_at_least(uint64_t v)
{
    uint64_t m = 1000;
    for (;;) {
        if (m >= v)
            return m;
        if (2 * m >= v)
            return 2 * m;
        if (5 * m >= v)
            return 5 * m;
        if (m > UINT64_MAX / 100)
            return UINT64_MAX / 10;
        m *= 10;
    }
}

static bool time_geom(const struct app *a, struct map_geom *g)
{
    const struct samples *s = usable(a);
    memset(g, 0, sizeof *g);
    if (!s || a->cols < 1 || a->lines < 5)
        return false;
    g->cols = a->cols;
    g->top = 2;
    g->end_us = samples_end_us(s) + 1;
    g->col_us = nice_at_least((g->end_us + (uint64_t)g->cols - 1) / (uint64_t)g->cols);
    /* rows: as many as fit (at most 20), but no more than keep about 4 samples per
     * cell on average: a sparse profile reads better as a strip of shaded columns */
    uint64_t used = (g->end_us + g->col_us - 1) / g->col_us;
    uint64_t fill = samples_count(s) / (4 * (used ? used : 1));
    int avail = a->lines - 4 < MAX_ROWS ? a->lines - 4 : MAX_ROWS;
    g->rows = fill < 1 ? 1 : fill < (uint64_t)avail ? (int)fill : avail;
    return true;
}

/* Start of cell (col, row): rows cut a column at ceil(row * col_us / rows). */
static uint64_t cell_start(const struct map_geom *g, int col, int row)
{
    return (uint64_t)col * g->col_us + ((uint64_t)row * g->col_us + (uint64_t)g->rows - 1) /
                                           (uint64_t)g->rows;
}

static void cell_of(const struct map_geom *g, uint64_t t, int *col, int *row)
{
    uint64_t c = t / g->col_us;
    *col = c > (uint64_t)INT32_MAX ? INT32_MAX : (int)c;
    *row = (int)((t % g->col_us) * (uint64_t)g->rows / g->col_us);
}

/* The end of the cell holding t (the next cell's start). */
static uint64_t cell_end(const struct map_geom *g, uint64_t t)
{
    int col, row;
    cell_of(g, t, &col, &row);
    return row + 1 < g->rows ? cell_start(g, col, row + 1) : cell_start(g, col + 1, 0);
}

static uint64_t snap(const struct map_geom *g, uint64_t t)
{
    int col, row;
    cell_of(g, t, &col, &row);
    return cell_start(g, col, row);
}

/* Counts the samples per cell again when the index grew or the geometry changed. */
static void sync_cells(struct app *a)
{
    struct time_view *v = tv(a);
    struct map_geom g;
    const struct samples *s = usable(a);
    if (!time_geom(a, &g))
        return;
    size_t n = samples_count(s);
    if (v->cells && v->nsamples == n && v->col_us == g.col_us && v->cols == g.cols &&
        v->rows == g.rows)
        return;
    size_t cells = (size_t)g.cols * (size_t)g.rows;
    if (cells != v->ncells) {
        free(v->cells);
        v->cells = xcalloc(cells, sizeof *v->cells);
        v->ncells = cells;
    } else {
        memset(v->cells, 0, cells * sizeof *v->cells);
    }
    for (size_t i = 0; i < n; i++) {
        int col, row;
        cell_of(&g, samples_time_us(s, i), &col, &row);
        if (col < g.cols && v->cells[(size_t)col * (size_t)g.rows + (size_t)row] < UINT32_MAX)
            v->cells[(size_t)col * (size_t)g.rows + (size_t)row]++;
    }
    v->max = 0;
    for (size_t i = 0; i < cells; i++)
        if (v->cells[i] > v->max)
            v->max = v->cells[i];
    v->nsamples = n;
    v->col_us = g.col_us;
    v->cols = g.cols;
    v->rows = g.rows;
}

/* The selection shown: the marked range, or start .. cursor while marking. */
static bool selection(const struct app *a, const struct map_geom *g, uint64_t *from,
                      uint64_t *to)
{
    const struct time_view *v = tv(a);
    if (v->marking) {
        uint64_t lo = v->anchor < v->cursor ? v->anchor : v->cursor;
        uint64_t hi = v->anchor < v->cursor ? v->cursor : v->anchor;
        *from = lo;
        *to = cell_end(g, hi);
        return true;
    }
    *from = v->from;
    *to = v->to;
    return v->sel;
}

static struct map_cell time_cell(const struct app *a, int col, int row)
{
    const struct time_view *v = tv(a);
    struct map_cell c = {' ', false, false};
    struct map_geom g;
    if (!time_geom(a, &g) || col < 0 || row < 0 || col >= g.cols || row >= g.rows)
        return c;
    uint32_t max = v->max, n = 0;
    if (v->cells && v->cols == g.cols && v->rows == g.rows && v->col_us == g.col_us)
        n = v->cells[(size_t)col * (size_t)g.rows + (size_t)row];
    if (n && max)
        c.shade = shades[1 + (size_t)((uint64_t)(n - 1) * 9 / max)];
    uint64_t st = cell_start(&g, col, row), from, to;
    c.selected = selection(a, &g, &from, &to) && st >= from && st < to;
    int cc, cr;
    cell_of(&g, v->cursor, &cc, &cr);
    c.cursor = cc == col && cr == row;
    return c;
}

/* A time: "1.5s", "0.25s", "2s" (microseconds kept) */
static void fmt_time(struct buf *out, uint64_t us)
{
    buf_printf(out, "%.6gs", (double)us / 1e6);
}

/* A length: "250ms", "2s" */
static void fmt_len(struct buf *out, uint64_t us)
{
    if (us < 1000000 && us % 1000 == 0)
        buf_printf(out, "%gms", (double)us / 1e3);
    else
        buf_printf(out, "%gs", (double)us / 1e6);
}

static void time_header(const struct app *a, struct buf *out)
{
    const struct time_view *v = tv(a);
    struct map_geom g;
    if (!time_geom(a, &g))
        return;
    uint64_t from, to;
    buf_printf(out, "column ");
    fmt_len(out, g.col_us);
    if (g.rows > 1) {
        buf_printf(out, ", row ");
        fmt_len(out, g.col_us / (uint64_t)g.rows ? g.col_us / (uint64_t)g.rows : 1);
    }
    if (selection(a, &g, &from, &to)) {
        buf_printf(out, "  selected ");
        fmt_time(out, from);
        buf_printf(out, "-");
        fmt_time(out, to);
        buf_printf(out, ": %zu samples", timeline_count(usable(a), from, to));
        buf_printf(out, v->marking ? "  (m: mark the end)" : "  (Enter: show, Esc: clear)");
    } else {
        buf_printf(out, "  (m: mark a start)");
    }
}

static void time_axis(const struct app *a, struct buf *out)
{
    struct map_geom g;
    if (!time_geom(a, &g))
        return;
    /* a label every step: the first nice length of whole seconds (or, for short
     * profiles, of milliseconds) at least 8 columns wide */
    uint64_t step = nice_at_least(g.col_us * 8);
    if (step < 1000000 && g.end_us > 2000000)
        step = 1000000;
    char *line = xmalloc((size_t)g.cols + 1);
    memset(line, ' ', (size_t)g.cols);
    int next_free = 0;
    for (int col = 0; col < g.cols; col++) {
        uint64_t st = (uint64_t)col * g.col_us;
        if (st % step != 0 || col < next_free || st >= g.end_us)
            continue;
        struct buf l = {0};
        fmt_time(&l, st);
        if (col + (int)l.len <= g.cols) {
            memcpy(line + col, l.p, l.len);
            next_free = col + (int)l.len + 1;
        }
        buf_fini(&l);
    }
    size_t len = (size_t)g.cols;
    while (len > 0 && line[len - 1] == ' ')
        len--;
    buf_append(out, line, len);
    free(line);
}

/* The cell under the cursor: its time and sample count. */
static void cursor_status(const struct app *a, struct buf *left, struct buf *info)
{
    const struct time_view *v = tv(a);
    struct map_geom g;
    if (!time_geom(a, &g)) {
        buf_printf(left, "no time index");
        return;
    }
    int col, row;
    cell_of(&g, v->cursor, &col, &row);
    buf_printf(left, "cursor ");
    fmt_time(left, v->cursor);
    uint32_t n = 0;
    if (v->cells && v->cols == g.cols && v->rows == g.rows && v->col_us == g.col_us &&
        col < g.cols)
        n = v->cells[(size_t)col * (size_t)g.rows + (size_t)row];
    buf_printf(info, "  %u samples in the cell", n);
}

static void time_status(const struct app *a, int cols, struct buf *left, struct buf *info,
                        struct buf *right)
{
    struct unit u;
    (void)cols;
    state_unit(a, &u);
    cursor_status(a, left, info);
    text_right(a, &u, 0, right);
}

static void time_sync(struct app *a, bool changed)
{
    (void)changed;
    sync_cells(a);
}

static enum reaction time_open(struct app *a, uint32_t name)
{
    (void)name;
    struct time_view *v = tv(a);
    if (!usable(a)) {
        app_message(a, "no time: %s",
                    graph_samples(a->graph) && samples_cleared(graph_samples(a->graph))
                        ? "the time index was dropped (window memory limit)"
                    : graph_samples(a->graph) && samples_count(graph_samples(a->graph))
                        ? "the records carry no timestamps"
                        : "folded input has no timestamps (perf script records do)");
        return RE_REDRAW;
    }
    uint64_t from, to;
    if (graph_range(a->graph, &from, &to)) {
        v->sel = true;
        v->from = from;
        v->to = to;
    }
    v->marking = false;
    app_push(a, SCREEN_TIME);
    sync_cells(a);
    return RE_REDRAW;
}

static void move_cursor(struct app *a, const struct map_geom *g, int64_t delta)
{
    struct time_view *v = tv(a);
    int64_t t = (int64_t)v->cursor + delta;
    if (t < 0)
        t = 0;
    if ((uint64_t)t >= g->end_us)
        t = (int64_t)g->end_us - 1;
    v->cursor = snap(g, (uint64_t)t);
}

static enum reaction mark(struct app *a, const struct map_geom *g)
{
    struct time_view *v = tv(a);
    if (!v->marking) {
        v->marking = true;
        v->anchor = v->cursor;
        v->sel = false;
        return RE_REDRAW;
    }
    uint64_t from, to;
    selection(a, g, &from, &to);
    v->marking = false;
    v->sel = true;
    v->from = from;
    v->to = to;
    return RE_REDRAW;
}

static enum reaction time_action(struct app *a, enum action act)
{
    struct time_view *v = tv(a);
    struct map_geom g;
    if (!time_geom(a, &g)) {
        app_pop(a);
        return RE_RELAYOUT;
    }
    uint64_t row_us = g.col_us / (uint64_t)g.rows ? g.col_us / (uint64_t)g.rows : 1;
    v->cursor = snap(&g, v->cursor < g.end_us ? v->cursor : g.end_us - 1);
    switch (act) {
    case ACT_QUIT:
    case ACT_TIME:
        app_pop(a);
        return RE_RELAYOUT;
    case ACT_MOVE_LEFT:
        move_cursor(a, &g, -(int64_t)g.col_us);
        return RE_REDRAW;
    case ACT_MOVE_RIGHT:
        move_cursor(a, &g, (int64_t)g.col_us);
        return RE_REDRAW;
    case ACT_MOVE_UP:
        move_cursor(a, &g, -(int64_t)row_us);
        return RE_REDRAW;
    case ACT_MOVE_DOWN:
        move_cursor(a, &g, (int64_t)(cell_end(&g, v->cursor) - v->cursor));
        return RE_REDRAW;
    case ACT_SCROLL_HOME:
        v->cursor = 0;
        return RE_REDRAW;
    case ACT_SCROLL_END:
        v->cursor = snap(&g, g.end_us - 1);
        return RE_REDRAW;
    case ACT_TIME_MARK:
        return mark(a, &g);
    case ACT_ZOOM_IN:
        if (v->marking)
            mark(a, &g);
        if (!v->sel) {
            app_message(a, "mark a start and an end with m first");
            return RE_REDRAW;
        }
        graph_set_range(a->graph, true, v->from, v->to);
        app_pop(a);
        a->zoom_path.n = 0;
        return RE_REBUILD | RE_RELAYOUT;
    case ACT_ZOOM_RESET: {
        bool had = graph_range(a->graph, NULL, NULL) || v->sel || v->marking;
        v->marking = v->sel = false;
        graph_set_range(a->graph, false, 0, 0);
        app_message(a, had ? "time range cleared: all samples" : "no time range");
        return RE_REBUILD | RE_REDRAW;
    }
    default:
        return RE_NONE;
    }
}

static enum reaction time_mouse(struct app *a, int x, int y, int clicks, int wheel)
{
    struct time_view *v = tv(a);
    (void)wheel;
    struct map_geom g;
    if (!clicks || !time_geom(a, &g))
        return RE_NONE;
    int row = y - g.top;
    if (x < 0 || x >= g.cols || row < 0 || row >= g.rows)
        return RE_NONE;
    uint64_t t = cell_start(&g, x, row);
    if (t >= g.end_us)
        return RE_NONE;
    v->cursor = t;
    return mark(a, &g);
}

static void time_title(const struct app *a, struct buf *out)
{
    (void)a;
    buf_printf(out, "  time view");
}

const struct screen_ops time_screen = {
    .state_size = sizeof(struct time_view),
    .fini = time_fini,
    .paint = PAINT_MAP,
    .mouse_help = "Click marks the start, then the end of a range",
    .opened_by = ACT_TIME,
    .open = time_open,
    .on_action = time_action,
    .mouse = time_mouse,
    .sync = time_sync,
    .title = time_title,
    .status = time_status,
    .detail = text_frame_detail,
    .map_geom = time_geom,
    .map_cell = time_cell,
    .map_header = time_header,
    .map_axis = time_axis,
};
