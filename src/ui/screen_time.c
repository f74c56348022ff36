/* SPDX-License-Identifier: MIT */
/* flametui - screen_time.c: the time view (SCREEN_TIME): a FlameScope-style heat map of
 * the samples over time, from the time index of perf input (core/samples.h). Columns
 * are equal spans of time (a "nice" length: 1, 2 or 5 x 10^k ms, so that the whole
 * profile fits the width), each cut into rows from the top down (sub-column offsets);
 * a cell is shaded by its sample count. A cursor moves over the cells; m marks a start
 * and then an end; Enter shows the flame graph of that range (graph_set_range), Esc
 * clears it. Pure: tui_draw.c paints what app_time_cell and the text functions give. */
#include "config.h"

#include "ui/app_impl.h"

#include <stdlib.h>
#include <string.h>

#include "core/samples.h"
#include "query/graph.h"
#include "query/timeline.h"

#define MAX_ROWS 20
static const char shades[] = " .:-=+*#%@";

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

bool app_time_geom(const struct app *a, struct time_geom *g)
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
static uint64_t cell_start(const struct time_geom *g, int col, int row)
{
    return (uint64_t)col * g->col_us + ((uint64_t)row * g->col_us + (uint64_t)g->rows - 1) /
                                           (uint64_t)g->rows;
}

static void cell_of(const struct time_geom *g, uint64_t t, int *col, int *row)
{
    uint64_t c = t / g->col_us;
    *col = c > (uint64_t)INT32_MAX ? INT32_MAX : (int)c;
    *row = (int)((t % g->col_us) * (uint64_t)g->rows / g->col_us);
}

/* The end of the cell holding t (the next cell's start). */
static uint64_t cell_end(const struct time_geom *g, uint64_t t)
{
    int col, row;
    cell_of(g, t, &col, &row);
    return row + 1 < g->rows ? cell_start(g, col, row + 1) : cell_start(g, col + 1, 0);
}

static uint64_t snap(const struct time_geom *g, uint64_t t)
{
    int col, row;
    cell_of(g, t, &col, &row);
    return cell_start(g, col, row);
}

/* Counts the samples per cell again when the index grew or the geometry changed. */
static void sync_cells(struct app *a)
{
    struct time_geom g;
    const struct samples *s = usable(a);
    if (!app_time_geom(a, &g))
        return;
    size_t n = samples_count(s);
    if (a->tv_cells && a->tv_nsamples == n && a->tv_col_us == g.col_us && a->tv_cols == g.cols &&
        a->tv_rows == g.rows)
        return;
    size_t cells = (size_t)g.cols * (size_t)g.rows;
    if (cells != a->tv_ncells) {
        free(a->tv_cells);
        a->tv_cells = xcalloc(cells, sizeof *a->tv_cells);
        a->tv_ncells = cells;
    } else {
        memset(a->tv_cells, 0, cells * sizeof *a->tv_cells);
    }
    for (size_t i = 0; i < n; i++) {
        int col, row;
        cell_of(&g, samples_time_us(s, i), &col, &row);
        if (col < g.cols && a->tv_cells[(size_t)col * (size_t)g.rows + (size_t)row] < UINT32_MAX)
            a->tv_cells[(size_t)col * (size_t)g.rows + (size_t)row]++;
    }
    a->tv_max = 0;
    for (size_t i = 0; i < cells; i++)
        if (a->tv_cells[i] > a->tv_max)
            a->tv_max = a->tv_cells[i];
    a->tv_nsamples = n;
    a->tv_col_us = g.col_us;
    a->tv_cols = g.cols;
    a->tv_rows = g.rows;
}

/* The selection shown: the marked range, or start .. cursor while marking. */
static bool selection(const struct app *a, const struct time_geom *g, uint64_t *from,
                      uint64_t *to)
{
    if (a->tv_marking) {
        uint64_t lo = a->tv_anchor < a->tv_cursor ? a->tv_anchor : a->tv_cursor;
        uint64_t hi = a->tv_anchor < a->tv_cursor ? a->tv_cursor : a->tv_anchor;
        *from = lo;
        *to = cell_end(g, hi);
        return true;
    }
    *from = a->tv_from;
    *to = a->tv_to;
    return a->tv_sel;
}

struct time_cell app_time_cell(const struct app *a, int col, int row)
{
    struct time_cell c = {' ', false, false};
    struct time_geom g;
    if (!app_time_geom(a, &g) || col < 0 || row < 0 || col >= g.cols || row >= g.rows)
        return c;
    uint32_t max = a->tv_max, v = 0;
    if (a->tv_cells && a->tv_cols == g.cols && a->tv_rows == g.rows && a->tv_col_us == g.col_us)
        v = a->tv_cells[(size_t)col * (size_t)g.rows + (size_t)row];
    if (v && max)
        c.shade = shades[1 + (size_t)((uint64_t)(v - 1) * 9 / max)];
    uint64_t st = cell_start(&g, col, row), from, to;
    c.selected = selection(a, &g, &from, &to) && st >= from && st < to;
    int cc, cr;
    cell_of(&g, a->tv_cursor, &cc, &cr);
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

void app_time_header(const struct app *a, struct buf *out)
{
    struct time_geom g;
    if (!app_time_geom(a, &g))
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
        buf_printf(out, a->tv_marking ? "  (m: mark the end)" : "  (Enter: show, Esc: clear)");
    } else {
        buf_printf(out, "  (m: mark a start)");
    }
}

void app_time_axis(const struct app *a, struct buf *out)
{
    struct time_geom g;
    if (!app_time_geom(a, &g))
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

void time_status(const struct app *a, struct buf *left, struct buf *info)
{
    struct time_geom g;
    if (!app_time_geom(a, &g)) {
        buf_printf(left, "no time index");
        return;
    }
    int col, row;
    cell_of(&g, a->tv_cursor, &col, &row);
    buf_printf(left, "cursor ");
    fmt_time(left, a->tv_cursor);
    uint32_t v = 0;
    if (a->tv_cells && a->tv_cols == g.cols && a->tv_rows == g.rows && a->tv_col_us == g.col_us &&
        col < g.cols)
        v = a->tv_cells[(size_t)col * (size_t)g.rows + (size_t)row];
    buf_printf(info, "  %u samples in the cell", v);
}

void time_sync(struct app *a)
{
    if (app_screen(a) == SCREEN_TIME || app_under(a) == SCREEN_TIME)
        sync_cells(a);
}

enum reaction time_open(struct app *a)
{
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
        a->tv_sel = true;
        a->tv_from = from;
        a->tv_to = to;
    }
    a->tv_marking = false;
    app_push(a, SCREEN_TIME);
    sync_cells(a);
    return RE_REDRAW;
}

static void move_cursor(struct app *a, const struct time_geom *g, int64_t delta)
{
    int64_t t = (int64_t)a->tv_cursor + delta;
    if (t < 0)
        t = 0;
    if ((uint64_t)t >= g->end_us)
        t = (int64_t)g->end_us - 1;
    a->tv_cursor = snap(g, (uint64_t)t);
}

static enum reaction mark(struct app *a, const struct time_geom *g)
{
    if (!a->tv_marking) {
        a->tv_marking = true;
        a->tv_anchor = a->tv_cursor;
        a->tv_sel = false;
        return RE_REDRAW;
    }
    uint64_t from, to;
    selection(a, g, &from, &to);
    a->tv_marking = false;
    a->tv_sel = true;
    a->tv_from = from;
    a->tv_to = to;
    return RE_REDRAW;
}

enum reaction time_action(struct app *a, enum action act)
{
    struct time_geom g;
    if (!app_time_geom(a, &g)) {
        app_pop(a);
        return RE_RELAYOUT;
    }
    uint64_t row_us = g.col_us / (uint64_t)g.rows ? g.col_us / (uint64_t)g.rows : 1;
    a->tv_cursor = snap(&g, a->tv_cursor < g.end_us ? a->tv_cursor : g.end_us - 1);
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
        move_cursor(a, &g, (int64_t)(cell_end(&g, a->tv_cursor) - a->tv_cursor));
        return RE_REDRAW;
    case ACT_SCROLL_HOME:
        a->tv_cursor = 0;
        return RE_REDRAW;
    case ACT_SCROLL_END:
        a->tv_cursor = snap(&g, g.end_us - 1);
        return RE_REDRAW;
    case ACT_TIME_MARK:
        return mark(a, &g);
    case ACT_ZOOM_IN:
        if (a->tv_marking)
            mark(a, &g);
        if (!a->tv_sel) {
            app_message(a, "mark a start and an end with m first");
            return RE_REDRAW;
        }
        graph_set_range(a->graph, true, a->tv_from, a->tv_to);
        app_pop(a);
        a->zoom_path.n = 0;
        return RE_REBUILD | RE_RELAYOUT;
    case ACT_ZOOM_RESET: {
        bool had = graph_range(a->graph, NULL, NULL) || a->tv_sel || a->tv_marking;
        a->tv_marking = a->tv_sel = false;
        graph_set_range(a->graph, false, 0, 0);
        app_message(a, had ? "time range cleared: all samples" : "no time range");
        return RE_REBUILD | RE_REDRAW;
    }
    default:
        return RE_NONE;
    }
}

enum reaction time_mouse(struct app *a, int x, int y, int clicks)
{
    struct time_geom g;
    if (!clicks || !app_time_geom(a, &g))
        return RE_NONE;
    int row = y - g.top;
    if (x < 0 || x >= g.cols || row < 0 || row >= g.rows)
        return RE_NONE;
    uint64_t t = cell_start(&g, x, row);
    if (t >= g.end_us)
        return RE_NONE;
    a->tv_cursor = t;
    return mark(a, &g);
}
