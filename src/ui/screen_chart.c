/* SPDX-License-Identifier: MIT */
/* flametui - screen_chart.c: the flame chart (SCREEN_CHART): x is time, one lane per
 * thread (per process with P at pid, per CPU at cpu), each lane the stacks of its
 * samples in time order with identical neighbouring frames merged (query/chart.h),
 * lanes sorted by samples. Keys: PgUp/PgDn scroll the lanes, + and - zoom the time axis
 * (around the selection), Left/Right pan, Up/Down move the selection between rows,
 * Enter zooms the time axis to the selected frame's extent, Esc shows the whole time
 * again. The lanes are rects (chart_layout) painted like the flame graph's frames.
 * Also the layout of `--chart --text` (screen_chart.h). */
#include "config.h"

#include "ui/screen_chart.h"

#include <stdlib.h>
#include <string.h>

#include "core/samples.h"
#include "core/strtab.h"
#include "core/trie.h"
#include "query/chart.h"
#include "query/graph.h"
#include "query/timeline.h"
#include "render/label.h"
#include "render/names.h"
#include "render/textrender.h"
#include "render/theme.h"
#include "ui/state.h"
#include "ui/text.h"

#define LANE_ROWS_MAX 12    /* frame rows of a lane at most (more lanes fit) */
#define LANE_ROWS_MIN 3
#define TEXT_LANE_ROWS 16   /* --chart --text */

/* --- the layout --------------------------------------------------------------------- */

struct lay {
    const struct chart_layout_in *in;
    struct rect_list *out;
    struct chart_rect_src **src;
    size_t *cap;
    enum label_mode mode;
};

static void add_rect(struct lay *l, const struct rect *r, const struct chart_rect_src *src)
{
    struct rect_list *out = l->out;
    FT_GROW(out->v, out->cap, out->n + 1);
    if (out->n >= *l->cap)
        FT_GROW(*l->src, *l->cap, out->n + 1);
    out->v[out->n] = *r;
    (*l->src)[out->n] = *src;
    out->n++;
}

/* A frame's label: its short or full name fitted to the inner width. */
static void frame_label(struct lay *l, struct rect *r, uint32_t name)
{
    struct rect_list *out = l->out;
    int inner = r->w - 2;
    r->label = out->labels.len;
    r->label_cols = 0;
    if (inner > 0) {
        size_t len, tail;
        const char *s;
        if (l->in->names) {
            s = names_get(l->in->names, trie_names(l->in->base), name, &len, &tail);
            len = label_strip_kind(s, len);
            r->label_cols = label_fit_tail(&out->labels, s, len, tail < len ? tail : 0, inner,
                                           l->mode);
        } else {
            s = strtab_get(trie_names(l->in->base), name, &len);
            r->label_cols = label_fit(&out->labels, s, label_strip_kind(s, len), inner, l->mode);
        }
    }
    buf_putc(&out->labels, '\0');
}

/* A lane's label row: "comm-PID/TID  N samples" (+ when its frames were cut). */
static void lane_row(struct lay *l, size_t k, int y, bool cut)
{
    const struct chart_lane *ln = chart_lane(l->in->c, k);
    struct buf t = {0};
    size_t len = 0;
    const char *name = ln->name == SAMPLES_NO_NAME
                           ? "?"
                           : strtab_get(trie_names(l->in->base), ln->name, &len);
    if (ln->name == SAMPLES_NO_NAME)
        len = 1;
    label_escape(&t, name, len, l->mode);
    buf_printf(&t, "  %zu sample%s%s", ln->samples, ln->samples == 1 ? "" : "s",
               cut ? "  (+ deeper frames)" : "");
    struct rect r = {0, y, l->in->cols, TRIE_ROOT, 0, theme_slot(name, len), RECT_ANCESTOR,
                     0, 0, 0, 0};
    struct rect_list *out = l->out;
    r.label = out->labels.len;
    r.label_cols = label_slice(&out->labels, t.p, t.len, 0, r.w - 2 > 0 ? r.w - 2 : 0);
    buf_putc(&out->labels, '\0');
    buf_fini(&t);
    struct chart_rect_src src = {k, UINT32_MAX, l->in->from_us, l->in->to_us};
    add_rect(l, &r, &src);
}

/* Whether box b is the selection. */
static bool selected(const struct chart_layout_in *in, size_t k, const struct chart_box *b)
{
    return in->sel_lane == k && in->sel_depth == b->depth && in->sel_us >= b->from_us &&
           in->sel_us < b->to_us;
}

size_t chart_layout(const struct chart_layout_in *in, struct rect_list *out,
                    struct chart_rect_src **src, size_t *cap)
{
    out->n = 0;
    out->labels.len = 0;
    out->rows = 0;
    out->more = false;
    struct lay l = {in, out, src, cap, label_mode_resolve(LABEL_AUTO)};
    struct chart_box *boxes = NULL;
    size_t bcap = 0, shown = 0;
    int y = 0;
    uint32_t lane_rows = in->lane_rows < 1 ? 1 : (uint32_t)in->lane_rows;
    for (size_t k = in->first_lane; k < chart_lanes(in->c); k++) {
        if (in->rows > 0 && y + 2 > in->rows)
            break;
        uint32_t depth;
        size_t nb = chart_boxes(in->c, k, in->from_us, in->to_us, in->cols, lane_rows, &boxes,
                                &bcap, &depth);
        uint32_t used = depth < lane_rows ? depth : lane_rows;
        if (in->rows > 0 && y + 1 + (int)used > in->rows)
            used = (uint32_t)(in->rows - y - 1);
        lane_row(&l, k, y, depth > used);
        for (size_t i = 0; i < nb; i++) {
            const struct chart_box *b = &boxes[i];
            if (b->depth >= used)
                continue;
            const char *nm;
            size_t len;
            nm = trie_label(in->base, b->node, &len);
            struct rect r = {b->x, y + 1 + (int)b->depth, b->w, b->node, b->depth,
                             theme_slot(nm, len), selected(in, k, b) ? RECT_SELECTED : 0,
                             0, 0, 0, 0};
            frame_label(&l, &r, trie_name(in->base, b->node));
            struct chart_rect_src s = {k, b->depth, b->from_us, b->to_us};
            add_rect(&l, &r, &s);
        }
        y += 1 + (int)used;
        shown++;
    }
    free(boxes);
    out->rows = y;
    out->more = in->first_lane + shown < chart_lanes(in->c);
    return shown;
}

int chart_print_text(FILE *f, const struct samples *s, const struct trie *base, int group,
                     uint64_t from_us, uint64_t to_us, int cols, bool names_full)
{
    if (!s || !samples_have_time(s))
        return 1;
    struct chart *c = chart_build(s, base, (enum perf_group)group);
    struct names *nm = names_full ? NULL : names_new(label_mode_resolve(LABEL_AUTO) ==
                                                     LABEL_ASCII);
    uint64_t end = chart_end_us(c);
    struct chart_layout_in in = {c, base, nm, from_us, to_us < end ? to_us : end,
                                 cols < 4 ? 4 : cols, 0, 0, TEXT_LANE_ROWS, SIZE_MAX, 0, 0};
    struct rect_list rl = {0};
    struct chart_rect_src *src = NULL;
    size_t cap = 0;
    chart_layout(&in, &rl, &src, &cap);
    struct buf b = {0};
    textrender_rows(&rl, in.cols, &b);
    int rc = b.len && fwrite(b.p, 1, b.len, f) != b.len ? -1 : 0;
    buf_fini(&b);
    free(src);
    rect_list_free(&rl);
    names_free(nm);
    chart_free(c);
    return rc;
}

/* --- the screen --------------------------------------------------------------------- */

struct chart_view {
    struct chart *c;
    size_t nsamples;           /* samples_count when the chart was built */
    int group;                 /* ... and the grouping */
    uint64_t from, to;         /* the time shown; to 0: everything */
    size_t first_lane;
    size_t sel_lane;           /* the selection: lane, depth, a time in its box */
    uint32_t sel_depth;
    uint64_t sel_us;
    struct rect_list rl;
    struct chart_rect_src *src;
    size_t cap;
    size_t shown;              /* lanes shown */
};

static struct chart_view *cv(const struct app *a)
{
    return a->view[SCREEN_CHART];
}

static void chart_fini(struct app *a)
{
    struct chart_view *v = cv(a);
    chart_free(v->c);
    rect_list_free(&v->rl);
    free(v->src);
}

static const struct samples *timed(const struct app *a)
{
    return graph_has_time(a->graph) ? graph_samples(a->graph) : NULL;
}

/* The chart of the index as it is now (built again when it grew or P changed). */
static void sync_chart(struct app *a)
{
    struct chart_view *v = cv(a);
    const struct samples *s = timed(a);
    int g = (int)graph_group(a->graph);
    if (!s) {   /* the index was dropped (its node ids are void): no chart */
        chart_free(v->c);
        v->c = NULL;
        return;
    }
    if (v->c && v->nsamples == samples_count(s) && v->group == g)
        return;
    chart_free(v->c);
    v->c = chart_build(s, a->base, (enum perf_group)g);
    v->nsamples = samples_count(s);
    v->group = g;
    if (v->first_lane >= chart_lanes(v->c))
        v->first_lane = 0;
}

static void span(const struct app *a, uint64_t *from, uint64_t *to)
{
    const struct chart_view *v = cv(a);
    uint64_t end = v->c ? chart_end_us(v->c) : 1;
    *from = v->to ? v->from : 0;
    *to = v->to ? v->to : end > 0 ? end : 1;
}

static int lane_rows(const struct app *a)
{
    const struct chart_view *v = cv(a);
    size_t n = v->c ? chart_lanes(v->c) : 1;
    int rows = a->lines - 2, per = n ? rows / (int)(n < 4 ? n : 4) - 1 : rows;
    return per > LANE_ROWS_MAX ? LANE_ROWS_MAX : per < LANE_ROWS_MIN ? LANE_ROWS_MIN : per;
}

static void chart_relayout(struct app *a)
{
    struct chart_view *v = cv(a);
    sync_chart(a);
    v->rl.n = 0;
    v->rl.rows = 0;
    v->shown = 0;
    if (v->c) {
        struct chart_layout_in in = {v->c, a->base, a->names_full ? NULL : a->names, 0, 0,
                                     a->cols, a->lines - 2, v->first_lane, lane_rows(a),
                                     v->sel_lane, v->sel_depth, v->sel_us};
        span(a, &in.from_us, &in.to_us);
        v->shown = chart_layout(&in, &v->rl, &v->src, &v->cap);
    }
    a->rects = &v->rl;   /* shown instead of the flame graph's layout */
}

static enum reaction chart_open(struct app *a, uint32_t name)
{
    (void)name;
    struct chart_view *v = cv(a);
    const struct samples *s = graph_samples(a->graph);
    bool loading = s && samples_count(s) == 0 && trie_total_d(a->base, TRIE_ROOT) == 0;
    if (!timed(a) && !loading) {   /* (still loading: the chart fills in as it comes) */
        app_message(a, "no flame chart: %s",
                    s && samples_cleared(s) ? "the time index was dropped (window memory limit)"
                    : s && samples_count(s) ? "it needs timestamps; the records carry none"
                                            : "it needs timestamps (perf script records "
                                              "have them; folded stacks do not)");
        return RE_REDRAW;
    }
    uint64_t from, to;
    v->from = v->to = 0;
    if (graph_range(a->graph, &from, &to) && to != TIMELINE_END && to > from) {
        v->from = from;   /* the time range shown in the graph */
        v->to = to;
    }
    v->sel_lane = SIZE_MAX;
    v->first_lane = 0;
    app_push(a, SCREEN_CHART);
    return RE_RELAYOUT;
}

/* The selected rect, or -1. */
static long selected_rect(const struct chart_view *v)
{
    for (size_t i = 0; i < v->rl.n; i++)
        if (v->rl.v[i].flags & RECT_SELECTED)
            return (long)i;
    return -1;
}

static void select_rect(struct chart_view *v, size_t i)
{
    const struct chart_rect_src *s = &v->src[i];
    v->sel_lane = s->lane;
    v->sel_depth = s->depth == UINT32_MAX ? 0 : s->depth;
    if (s->depth == UINT32_MAX || v->sel_us < s->from_us || v->sel_us >= s->to_us)
        v->sel_us = s->from_us + (s->to_us - s->from_us) / 2;
}

/* Zooms the time shown by num/den around t (kept at its place on the screen). */
static void zoom_time(struct app *a, uint64_t num, uint64_t den, uint64_t t)
{
    struct chart_view *v = cv(a);
    uint64_t from, to, end = v->c ? chart_end_us(v->c) : 1;
    span(a, &from, &to);
    if (t < from || t >= to)
        t = from + (to - from) / 2;
    double f = (double)num / (double)den;
    double w = (double)(to - from) * f, nf = (double)t - (double)(t - from) * f;
    if (w < (double)a->cols)   /* at most a microsecond a column */
        return;
    if (w > (double)end * 0.999)   /* (rounding: a column short of everything is all) */
        w = (double)end;
    if (nf + w > (double)end)   /* shifted back inside, not cut */
        nf = (double)end - w;
    v->from = nf < 0 ? 0 : (uint64_t)nf;
    v->to = v->from + (uint64_t)w;
    if (v->from == 0 && v->to >= end)
        v->to = 0;
}

static void pan(struct app *a, int dir)
{
    struct chart_view *v = cv(a);
    uint64_t from, to, end = v->c ? chart_end_us(v->c) : 1;
    span(a, &from, &to);
    if (!v->to)
        return;   /* everything is shown */
    uint64_t w = to - from, step = w / 8 ? w / 8 : 1;
    if (dir < 0)
        from = from > step ? from - step : 0;
    else
        from = from + step + w > end ? end - w : from + step;
    v->from = from;
    v->to = from + w;
}

/* Up/Down: the row above or below the selection (across lanes). */
static void move_sel(struct app *a, int dir)
{
    struct chart_view *v = cv(a);
    long cur = selected_rect(v);
    int y = cur >= 0 ? v->rl.v[cur].y + dir : 0;
    uint64_t t = v->sel_us;
    for (; y >= 0 && y < v->rl.rows; y += dir ? dir : 1)
        for (size_t i = 0; i < v->rl.n; i++)
            if (v->rl.v[i].y == y && v->src[i].depth != UINT32_MAX &&
                (cur < 0 || (t >= v->src[i].from_us && t < v->src[i].to_us))) {
                select_rect(v, i);
                return;
            }
}

static enum reaction zoom_to_selection(struct app *a)
{
    struct chart_view *v = cv(a);
    long cur = selected_rect(v);
    if (cur < 0) {
        app_message(a, "select a frame first (click it, or Up/Down)");
        return RE_REDRAW;
    }
    const struct chart_rect_src *s = &v->src[cur];
    if (s->to_us - s->from_us >= (uint64_t)a->cols) {
        v->from = s->from_us;
        v->to = s->to_us;
    }
    return RE_RELAYOUT;
}

static enum reaction chart_action(struct app *a, enum action act)
{
    struct chart_view *v = cv(a);
    size_t n = v->c ? chart_lanes(v->c) : 0, page = v->shown ? v->shown : 1;
    switch (act) {
    case ACT_QUIT:
    case ACT_CHART:
        app_pop(a);
        return RE_RELAYOUT;
    case ACT_PAGE_DOWN:
        if (v->first_lane + page < n)
            v->first_lane += page;
        return RE_RELAYOUT;
    case ACT_PAGE_UP:
        v->first_lane = v->first_lane > page ? v->first_lane - page : 0;
        return RE_RELAYOUT;
    case ACT_SCROLL_HOME:
        v->first_lane = 0;
        return RE_RELAYOUT;
    case ACT_SCROLL_END:
        v->first_lane = n > page ? n - page : 0;
        return RE_RELAYOUT;
    case ACT_CHART_ZOOM_IN:   /* around the selection, else the middle */
        zoom_time(a, 1, 2, v->sel_lane != SIZE_MAX ? v->sel_us : UINT64_MAX);
        return RE_RELAYOUT;
    case ACT_CHART_ZOOM_OUT:
        zoom_time(a, 2, 1, v->sel_lane != SIZE_MAX ? v->sel_us : UINT64_MAX);
        return RE_RELAYOUT;
    case ACT_MOVE_LEFT:
    case ACT_MOVE_RIGHT:
        pan(a, act == ACT_MOVE_LEFT ? -1 : 1);
        return RE_RELAYOUT;
    case ACT_MOVE_UP:
    case ACT_MOVE_DOWN:
        move_sel(a, act == ACT_MOVE_UP ? -1 : 1);
        return RE_RELAYOUT;
    case ACT_ZOOM_IN:
        return zoom_to_selection(a);
    case ACT_ZOOM_RESET:
        v->from = v->to = 0;
        return RE_RELAYOUT;
    default:
        return RE_NONE;
    }
}

static enum reaction chart_mouse(struct app *a, int x, int y, int clicks, int wheel)
{
    struct chart_view *v = cv(a);
    if (wheel)
        return chart_action(a, wheel < 0 ? ACT_PAGE_UP : ACT_PAGE_DOWN);
    const struct rect *r = layout_hit(&v->rl, x, y - 1);
    if (!r || clicks <= 0)
        return RE_NONE;
    size_t i = (size_t)(r - v->rl.v);
    if (v->src[i].depth == UINT32_MAX)
        return RE_NONE;
    select_rect(v, i);
    return clicks == 2 ? zoom_to_selection(a) : RE_RELAYOUT;
}

static void chart_sync(struct app *a, bool changed)
{
    (void)changed;
    if (app_screen(a) == SCREEN_CHART || state_shown_ops(a) == a->ops[SCREEN_CHART])
        chart_relayout(a);
}

/* A time: "0", "1.5s", "250ms" */
static void put_time(struct buf *out, uint64_t us)
{
    if (us == 0)
        buf_printf(out, "0");
    else if (us < 1000000)
        buf_printf(out, "%gms", (double)us / 1e3);
    else
        buf_printf(out, "%.6gs", (double)us / 1e6);
}

static void chart_title(const struct app *a, struct buf *out)
{
    const struct chart_view *v = cv(a);
    uint64_t from, to;
    span(a, &from, &to);
    buf_printf(out, "  chart ");
    put_time(out, from);
    buf_printf(out, "-");
    put_time(out, to);
    if (v->c)
        buf_printf(out, "  lanes %zu-%zu of %zu", v->shown ? v->first_lane + 1 : 0,
                   v->first_lane + v->shown, chart_lanes(v->c));
}

static void chart_status(const struct app *a, int cols, struct buf *left, struct buf *info,
                         struct buf *right)
{
    const struct chart_view *v = cv(a);
    struct unit u;
    state_unit(a, &u);
    long cur = selected_rect(v);
    if (cur < 0) {
        buf_printf(left, v->c && chart_lanes(v->c)
                             ? "click a frame; Enter zooms to it"
                             : "no timestamped samples: a flame chart needs timestamps");
    } else {
        state_name(a, trie_name(a->base, v->rl.v[cur].node), cols / 2, left);
        buf_printf(info, "  ");
        put_time(info, v->src[cur].from_us);
        buf_printf(info, "-");
        put_time(info, v->src[cur].to_us);
    }
    text_right_fit(a, &u, cols, right);
}

const struct screen_ops chart_screen = {
    .state_size = sizeof(struct chart_view),
    .fini = chart_fini,
    .paint = PAINT_RECTS,
    .mouse_help = "Click selects a frame, double-click zooms the time to it, wheel scrolls",
    .opened_by = ACT_CHART,
    .open = chart_open,
    .on_action = chart_action,
    .mouse = chart_mouse,
    .sync = chart_sync,
    .layout = chart_relayout,
    .title = chart_title,
    .status = chart_status,
};
