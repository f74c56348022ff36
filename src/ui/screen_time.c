/* SPDX-License-Identifier: MIT */
/* flametui - screen_time.c: the time view (SCREEN_TIME): a FlameScope-style heat map of
 * the samples over time, from the time index of perf input (core/samples.h). Columns
 * are equal spans of time, each cut into rows from the top down (sub-column offsets),
 * sized by timeline_bins (a cell spans a sample period or more and holds about ten
 * samples or more on average, every row of the screen is used and the columns are as
 * wide as the width allows); a cell is coloured by its sample count (render/heat.h: a
 * white-yellow-red ramp on 256 colours and truecolor, shade characters on 8 colours and
 * monochrome), with a legend of the samples per cell under the map. A cursor moves over
 * the cells; m marks a start and then an end (or a click, then another, or a drag);
 * Enter shows the flame graph of that range (graph_set_range), Esc clears it. Pure: the
 * painter draws it as a heat map (PAINT_MAP) through its ops. */
#include "config.h"

#include "ui/state.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/samples.h"
#include "query/graph.h"
#include "query/timeline.h"
#include "render/heat.h"
#include "ui/text.h"

#define LEGEND_CELL 2      /* characters per level in the legend */
#define MAP_LINES 5        /* the lines that are not the map's rows: title, header, axis,
                            * legend, status */

/* Times in microseconds since t0. */
struct time_view {
    uint64_t cursor;          /* the cursor cell's start */
    bool marking;             /* a start is marked, the end follows the cursor */
    uint64_t anchor;          /* ... that start cell's start */
    bool sel;                 /* a selection (marked, or the range shown) */
    uint64_t from, to;        /* ... [from, to) */
    uint32_t *cells;          /* cached sample counts per cell, column-major */
    size_t ncells;
    struct timeline_bins bins;   /* the geometry they were counted for */
    size_t nsamples;          /* ... samples_count then */
    int scr_cols, scr_lines;  /* ... and the screen size */
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

/* The cells were counted for this screen size (sync counts them again when the index
 * grew: until then the map shows them as they were, consistent with their bins). */
static bool cache_usable(const struct app *a)
{
    const struct time_view *v = tv(a);
    return v->cells && v->scr_cols == a->cols && v->scr_lines == a->lines;
}

static bool cache_valid(const struct app *a, const struct samples *s)
{
    return cache_usable(a) && tv(a)->nsamples == samples_count(s);
}

/* The bins for the screen: the counted cells' (computing them is a pass over the
 * samples: never once per cell). */
static void bins_of(const struct app *a, const struct samples *s, struct timeline_bins *b)
{
    if (cache_usable(a))
        *b = tv(a)->bins;
    else
        timeline_bins(s, a->cols, a->lines - MAP_LINES, b);
}

/* The map: title, header, rows, axis, legend, status. */
static bool time_geom(const struct app *a, struct map_geom *g)
{
    const struct samples *s = usable(a);
    memset(g, 0, sizeof *g);
    if (!s || a->cols < 1 || a->lines <= MAP_LINES)
        return false;
    struct timeline_bins b;
    bins_of(a, s, &b);
    g->cols = b.ncols * b.col_w;
    g->rows = b.rows;
    g->top = 2;
    g->col_us = b.col_us;
    g->end_us = samples_end_us(s) + 1;
    g->col_w = b.col_w;
    g->legend_w = a->cols >= 40 ? HEAT_LEVELS * LEGEND_CELL : 0;
    g->legend_x = 25;   /* after "samples/cell NNNNNNNNNN " */
    return true;
}

/* Start of cell (col, row) (col: a column of time, not of the screen): rows cut a
 * column at ceil(row * col_us / rows). */
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

/* Counts the samples per cell again when the index grew or the screen changed. */
static void sync_cells(struct app *a)
{
    struct time_view *v = tv(a);
    const struct samples *s = usable(a);
    if (!s || a->lines <= MAP_LINES || cache_valid(a, s))
        return;
    struct timeline_bins b;
    timeline_bins(s, a->cols, a->lines - MAP_LINES, &b);
    size_t cells = (size_t)b.ncols * (size_t)b.rows;
    if (cells != v->ncells || !v->cells) {
        free(v->cells);
        v->cells = xcalloc(cells ? cells : 1, sizeof *v->cells);
        v->ncells = cells;
    }
    v->max = timeline_cells(s, &b, v->cells);
    v->bins = b;
    v->nsamples = samples_count(s);
    v->scr_cols = a->cols;
    v->scr_lines = a->lines;
}

/* The count of cell (col, row) of time, 0 when not counted. */
static uint32_t count_at(const struct app *a, int col, int row)
{
    const struct time_view *v = tv(a);
    const struct samples *s = usable(a);
    if (!s || !cache_usable(a) || col < 0 || col >= v->bins.ncols || row < 0 ||
        row >= v->bins.rows)
        return 0;
    return v->cells[(size_t)col * (size_t)v->bins.rows + (size_t)row];
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

/* Legend cell k (w characters a level): the level it shows. */
static struct map_cell legend_cell(int k, int w)
{
    struct map_cell c = {' ', false, false, 0};
    c.heat = (signed char)(1 + k / w);
    c.shade = heat_shade(c.heat);
    return c;
}

/* Screen cell (x, row) of the map (row -1: the legend). */
static struct map_cell time_cell(const struct app *a, int x, int row)
{
    const struct time_view *v = tv(a);
    struct map_cell c = {' ', false, false, 0};
    struct map_geom g;
    if (!time_geom(a, &g))
        return c;
    if (row == -1)
        return x >= 0 && x < g.legend_w ? legend_cell(x, g.legend_w / HEAT_LEVELS) : c;
    if (x < 0 || row < 0 || x >= g.cols || row >= g.rows)
        return c;
    int col = x / g.col_w;
    c.heat = (signed char)heat_level(count_at(a, col, row), v->max);
    c.shade = heat_shade(c.heat);
    uint64_t st = cell_start(&g, col, row), from, to;
    c.selected = selection(a, &g, &from, &to) && st >= from && st < to;
    int cc, cr;
    cell_of(&g, v->cursor, &cc, &cr);
    c.cursor = cc == col && cr == row;
    return c;
}

/* The smallest of 1, 2, 5 x 10^k microseconds (at least 1 ms) that is >= v. */
static uint64_t nice_at_least(uint64_t v)
{
    for (uint64_t m = 1000; m <= UINT64_MAX / 100; m *= 10) {
        if (m >= v)
            return m;
        if (2 * m >= v)
            return 2 * m;
        if (5 * m >= v)
            return 5 * m;
    }
    return UINT64_MAX / 10;
}

/* A time on the axis: "0", "250ms", "1s", "1.25s" */
static void fmt_time(struct buf *out, uint64_t us)
{
    if (us == 0)
        buf_printf(out, "0");
    else if (us < 1000000)
        buf_printf(out, "%gms", (double)us / 1e3);
    else
        buf_printf(out, "%gs", (double)us / 1e6);
}

/* A length: "250ms", "2s", "0.5ms", "5.005ms" */
static void fmt_len(struct buf *out, uint64_t us)
{
    if (us < 1000000)
        buf_printf(out, "%.4gms", (double)us / 1e3);
    else
        buf_printf(out, "%.4gs", (double)us / 1e6);
}

/* The legend line: "samples/cell 1 " before its cells (at legend_x), the fullest
 * cell's count after them. */
static void legend_text(const struct app *a, const struct map_geom *g, struct buf *out)
{
    uint32_t max = tv(a)->max;
    size_t start = out->len;
    buf_printf(out, "samples/cell %u ", heat_level_min(1, max));
    while (out->len - start < (size_t)g->legend_x)
        buf_putc(out, ' ');
    buf_printf(out, "%*s %u", g->legend_w, "", max);
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
    buf_printf(out, ", row ");
    uint64_t row_us = g.col_us / (uint64_t)g.rows ? g.col_us / (uint64_t)g.rows : 1;
    fmt_len(out, row_us);
    uint64_t p = tv(a)->bins.period_us;
    if (p && row_us % p == 0)
        buf_printf(out, " = %llu period%s", (unsigned long long)(row_us / p),
                   row_us / p == 1 ? "" : "s");
    if (selection(a, &g, &from, &to)) {
        buf_printf(out, "  selected ");
        fmt_time(out, from);
        buf_printf(out, "-");
        fmt_time(out, to);
        buf_printf(out, ": %zu samples", timeline_count(usable(a), from, to));
        buf_printf(out, v->marking ? "  (m: mark the end)" : "  (Enter: show, Esc: clear)");
    } else {
        buf_printf(out, "  m/drag: mark a range");
    }
}

/* The time labels under the map, then (after a newline) the legend's line. */
static void time_axis(const struct app *a, struct buf *out)
{
    struct map_geom g;
    if (!time_geom(a, &g))
        return;
    int width = a->cols;
    char *line = xmalloc((size_t)width + 1);
    memset(line, ' ', (size_t)width);
    int end = width;
    /* a label every step, a nice length at least 10 characters of the map apart, at the
     * character its time falls in */
    double us_per_char = (double)g.col_us / g.col_w;
    uint64_t step = nice_at_least((uint64_t)(us_per_char * 10) + 1);
    int next_free = 0;
    for (uint64_t t = 0; t < g.end_us && t / us_per_char < g.cols; t += step) {
        int x = (int)((double)t / us_per_char);
        struct buf l = {0};
        fmt_time(&l, t);
        if (x >= next_free && x + (int)l.len <= end) {
            memcpy(line + x, l.p, l.len);
            next_free = x + (int)l.len + 1;
        }
        buf_fini(&l);
    }
    size_t len = (size_t)width;
    while (len > 0 && line[len - 1] == ' ')
        len--;
    buf_append(out, line, len);
    free(line);
    if (g.legend_w) {
        buf_putc(out, '\n');
        legend_text(a, &g, out);
    }
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
    buf_printf(info, "  %u samples in the cell", count_at(a, col, row));
}

static void time_status(const struct app *a, int cols, struct buf *left, struct buf *info,
                        struct buf *right)
{
    struct unit u;
    state_unit(a, &u);
    cursor_status(a, left, info);
    text_right_fit(a, &u, cols, right);
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
                    : state_nothing_read(a) ? "no record read yet"
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
    case ACT_CHART:   /* the flame chart of the selection (which applies, as Enter's) */
        if (v->marking)
            mark(a, &g);
        if (v->sel)
            graph_set_range(a->graph, true, v->from, v->to);
        app_pop(a);
        return state_open(a, ACT_CHART, 0) | RE_REBUILD | RE_RELAYOUT;
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

/* A click marks a start, the next one the end; a drag (press, release on another cell)
 * marks the range it covers. */
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
    uint64_t t = cell_start(&g, x / g.col_w, row);
    if (t >= g.end_us)
        t = snap(&g, g.end_us - 1);
    if (clicks < 0 && !v->marking)
        return RE_NONE;   /* a release with no press marked here */
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
    .mouse_help = "Click marks the start, then the end of a range; or drag over it",
    .drags = true,
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
