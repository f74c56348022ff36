/* SPDX-License-Identifier: MIT */
/* flametui - screen_table.c: the hottest-functions screen. Its rows come from the filtered
 * profile (graph_profile: never reversed or focused, so self samples belong to the
 * function whatever the graph shows). Enter opens the callers/callees of the row, s finds
 * the function in the graph, o sorts, / n N search the rows, the mouse selects and
 * scrolls. Pure. */
#include "config.h"

#include "ui/screen_table.h"

#include <string.h>

#include "core/count.h"
#include "core/strtab.h"
#include "core/trie.h"
#include "query/graph.h"
#include "query/search.h"
#include "render/label.h"
#include "render/numfmt.h"
#include "ui/diff_status.h"
#include "ui/nav.h"
#include "ui/state.h"
#include "ui/text.h"

struct table_view {
    struct top table;         /* the rows, of graph_profile() */
    bool stale;
    uint64_t uid, gen;        /* the profile the rows were computed from */
    size_t sel, scroll;       /* the selected row, the first row shown */
    enum top_sort by;
};

static struct table_view *tv(const struct app *a)
{
    return a->view[SCREEN_TABLE];
}

static void table_fini(struct app *a)
{
    top_fini(&tv(a)->table);
}

/* Row i (< the number of rows, or 0) becomes the selection, on screen. */
static void select_row(struct app *a, size_t i)
{
    struct table_view *v = tv(a);
    v->sel = i;
    state_list_show(v->sel, &v->scroll, state_list_page(a));
}

static void table_refresh(struct app *a)
{
    struct table_view *v = tv(a);
    if (!v->stale)
        return;
    struct trie *p = graph_profile(a->graph);
    v->stale = false;
    if (v->table.v && trie_uid(p) == v->uid && trie_generation(p) == v->gen)
        return;   /* the same profile: the rows stand (t again costs nothing) */
    top_compute(p, v->by, &v->table);
    v->uid = trie_uid(p);
    v->gen = trie_generation(p);
    select_row(a, v->sel < v->table.n ? v->sel : v->table.n ? v->table.n - 1 : 0);
}

static enum reaction table_open(struct app *a, uint32_t name)
{
    (void)name;
    struct table_view *v = tv(a);
    app_push(a, SCREEN_TABLE);
    v->sel = v->scroll = 0;
    if (state_diff(a))   /* a diff: the largest increase first */
        v->by = TOP_BY_DELTA;
    v->stale = true;
    table_refresh(a);
    return RE_REDRAW;
}

static struct strtab *names(const struct app *a)
{
    return trie_names(a->base);
}

/* A regex that matches exactly the name id (byte mode, case-sensitive). */
static void exact_pattern(const struct app *a, uint32_t name, struct buf *out)
{
    size_t n;
    const unsigned char *p = (const unsigned char *)strtab_get(names(a), name, &n);
    buf_printf(out, "(?-i)^");
    for (size_t i = 0; i < n; i++) {
        unsigned c = p[i];
        if ((c >= '0' && c <= '9') || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
            c == '_')
            buf_putc(out, (char)c);
        else
            buf_printf(out, "\\x%02x", c);
    }
    buf_printf(out, "$");
    buf_putc(out, '\0');
}

static bool row_matches(const struct app *a, size_t i)
{
    struct table_view *v = tv(a);
    const unsigned char *m = a->search ? search_matches(a->search) : NULL;
    uint32_t name = v->table.v[i].name;
    return m && name < strtab_count(names(a)) && m[name];
}

static enum reaction table_find(struct app *a, bool back)
{
    struct table_view *v = tv(a);
    size_t i = state_list_find(a, v->sel, v->table.n, back, row_matches);
    if (i != SIZE_MAX)
        select_row(a, i);
    return RE_REDRAW;
}

static enum reaction table_action(struct app *a, enum action act)
{
    struct table_view *v = tv(a);
    size_t n = v->table.n;
    switch (act) {
    case ACT_QUIT:
    case ACT_ZOOM_RESET:
    case ACT_TOP:
        app_pop(a);
        return RE_RELAYOUT;
    case ACT_MOVE_UP:
    case ACT_MOVE_DOWN:
    case ACT_PAGE_UP:
    case ACT_PAGE_DOWN:
    case ACT_SCROLL_HOME:
    case ACT_SCROLL_END:
        v->sel = state_list_move(v->sel, n, state_list_page(a), act);
        break;
    case ACT_ORDER: /* o: self -> total -> name (-> delta in a diff) */
        if (state_diff(a) && v->by == TOP_BY_NAME) {
            v->by = TOP_BY_DELTA;
            top_sort(&v->table, graph_profile(a->graph), v->by);
            break;
        }
        v->by = v->by == TOP_BY_SELF    ? TOP_BY_TOTAL
                : v->by == TOP_BY_TOTAL ? TOP_BY_NAME
                                        : TOP_BY_SELF;
        top_sort(&v->table, graph_profile(a->graph), v->by);
        break;
    case ACT_SEARCH_NEXT:
    case ACT_SEARCH_PREV:
        return table_find(a, act == ACT_SEARCH_PREV);
    case ACT_ZOOM_IN: { /* Enter: the callers and callees of the row's function */
        if (v->sel >= n)
            return RE_NONE;
        uint32_t name = v->table.v[v->sel].name;   /* q there comes back here */
        return state_open(a, ACT_CALLERS, name);
    }
    case ACT_CALLERS: { /* s: search for the function and go back to the graph */
        struct buf pat = {0};
        if (v->sel < n) {
            exact_pattern(a, v->table.v[v->sel].name, &pat);
            /* the function's frames highlighted, as `#` does: Esc clears them */
            a->search_hl = app_set_search(a, pat.p, NULL) == 0;
        }
        buf_fini(&pat);
        app_pop(a);
        return nav_next_match(a, false) | RE_RELAYOUT;
    }
    default:
        return RE_NONE;
    }
    select_row(a, v->sel);   /* on screen */
    return RE_REDRAW;
}

static enum reaction table_mouse(struct app *a, int x, int y, int clicks, int wheel)
{
    struct table_view *v = tv(a);
    size_t i;
    (void)x;
    if (!state_list_mouse(a, y, wheel, v->sel, &v->scroll, v->table.n, &i))
        return RE_NONE;
    select_row(a, i);
    if (!wheel && clicks >= 2)
        return table_action(a, ACT_ZOOM_IN);
    return RE_REDRAW;
}

/* The number columns, left to right, and which of them fit: on a narrow screen the
 * function name keeps at least NAME_MIN columns; TOTAL goes first, then TOTAL%, then SELF
 * (SELF% stays). */
enum { COL_SELF = 1, COL_SELF_PCT = 2, COL_TOTAL = 4, COL_TOTAL_PCT = 8, NAME_MIN = 16 };

static unsigned table_columns(const struct app *a)
{
    static const unsigned sets[] = {COL_SELF | COL_SELF_PCT | COL_TOTAL | COL_TOTAL_PCT,
                                    COL_SELF | COL_SELF_PCT | COL_TOTAL_PCT,
                                    COL_SELF | COL_SELF_PCT, COL_SELF_PCT};
    for (size_t k = 0; k < FT_ARRAY_LEN(sets); k++) {
        int w = 1;   /* the gap before the name */
        for (int c = 0; c < 4; c++)
            if (sets[k] & 1u << c)
                w += (c % 2 ? 7 : 12) + 1;
        if (a->cols <= 0 || a->cols - w >= NAME_MIN)
            return sets[k];
    }
    return COL_SELF_PCT;
}

bool table_line(const struct app *a, size_t i, struct buf *out)
{
    struct table_view *v = tv(a);
    bool done;
    if (diff_top_line(a, &v->table, v->by, i, out, &done) || done)   /* a diff: delta columns */
        return !done;
    unsigned show = table_columns(a);
    size_t start = out->len;
    if (i == 0) {
        const char *head[4] = {v->by == TOP_BY_SELF ? "SELF*" : "SELF", "SELF%",
                               v->by == TOP_BY_TOTAL ? "TOTAL*" : "TOTAL", "TOTAL%"};
        for (int c = 0; c < 4; c++)
            if (show & 1u << c)
                buf_printf(out, "%*s ", c % 2 ? 7 : 12, head[c]);
        buf_printf(out, " %s", v->by == TOP_BY_NAME
                                   ? "FUNCTION*  (Enter: callers/callees, s: find, o: sort, t: close)"
                                   : "FUNCTION  (Enter: callers/callees, s: find, o: sort, t: close)");
        return true;
    }
    if (i - 1 >= v->table.n)
        return false;
    const struct top_row *r = &v->table.v[i - 1];
    /* the columns of --top, numbers grouped (compact when wider than the column) */
    char s[NUMFMT_MAX], t[NUMFMT_MAX];
    double all = count_to_double(v->table.all);
    state_number(a, r->self, 12, s, sizeof(s));
    state_number(a, r->total, 12, t, sizeof(t));
    if (show & COL_SELF)
        buf_printf(out, "%12s ", s);
    if (show & COL_SELF_PCT)
        buf_printf(out, "%6.2f%% ", ft_pct(count_to_double(r->self), all));
    if (show & COL_TOTAL)
        buf_printf(out, "%12s ", t);
    if (show & COL_TOTAL_PCT)
        buf_printf(out, "%6.2f%% ", ft_pct(count_to_double(r->total), all));
    buf_putc(out, ' ');
    int room = a->cols > 0 ? a->cols - state_cols_from(out, start) : -1;
    state_name(a, r->name, room > 0 ? room : -1, out);   /* short or full (L), its end kept */
    return true;
}

/* The numbers of the selected row. */
static void row_info(const struct app *a, const struct unit *u, int level, struct buf *info)
{
    const struct table_view *v = tv(a);
    if (v->sel >= v->table.n || level >= 4)
        return;
    const struct top_row *r = &v->table.v[v->sel];
    double all = count_to_double(v->table.all);
    double ps = ft_pct(count_to_double(r->self), all), pt = ft_pct(count_to_double(r->total), all);
    if (level == 3) {
        buf_printf(info, "  %.1f%% / %.1f%%", ps, pt);
        return;
    }
    buf_printf(info, "  self ");
    state_put_number(info, r->self, u, level >= 1);
    buf_printf(info, level == 2 ? " %.1f%% total " : " (%.2f%%) total ", ps);
    state_put_number(info, r->total, u, level >= 1);
    buf_printf(info, level == 2 ? " %.1f%%" : " (%.2f%%)", pt);
    if (level == 0)
        diff_table_status(a, r, info);
}

static void table_status(const struct app *a, int cols, struct buf *left, struct buf *info,
                         struct buf *right)
{
    const struct table_view *v = tv(a);
    if (v->sel >= v->table.n) {
        struct unit u;
        state_unit(a, &u);
        text_right_fit(a, &u, cols, right);
        return;
    }
    text_fit(a, cols, v->table.v[v->sel].name, row_info, left, info, right);
}

static bool table_detail(const struct app *a, const struct unit *u, struct buf *items,
                         uint32_t *name)
{
    const struct table_view *v = tv(a);
    char w[NUMFMT_MAX + 80];
    if (v->sel >= v->table.n)
        return false;
    const struct top_row *r = &v->table.v[v->sel];
    double all = count_to_double(v->table.all);
    *name = r->name;
    numfmt_weight(w, sizeof(w), r->total, u, false);
    text_item(items, "total %s (%.2f%% of all)", w, ft_pct(count_to_double(r->total), all));
    numfmt_weight(w, sizeof(w), r->self, u, false);
    text_item(items, "self %s (%.2f%%)", w, ft_pct(count_to_double(r->self), all));
    text_item(items, "merged over every call site");
    return true;
}

static bool table_row_name(const struct app *a, uint32_t *name)
{
    const struct table_view *v = tv(a);
    if (v->sel >= v->table.n)
        return false;
    *name = v->table.v[v->sel].name;
    return true;
}

/* Screen line k: the header, then the rows from the first one shown. */
static bool table_row(const struct app *a, size_t k, struct buf *out, enum row_style *st)
{
    const struct table_view *v = tv(a);
    size_t i = k == 0 ? 0 : v->scroll + k;
    *st = k == 0 ? ROW_HEADER : i - 1 == v->sel ? ROW_SELECTED : ROW_PLAIN;
    return table_line(a, i, out);
}

static void table_sync(struct app *a, bool changed)
{
    if (!changed)
        return;
    tv(a)->stale = true;
    table_refresh(a);
}

static enum reaction table_searched(struct app *a, bool entered)
{
    return entered && a->search ? table_find(a, false) : RE_REDRAW;
}

static void table_title(const struct app *a, struct buf *out)
{
    (void)a;
    buf_printf(out, "  hottest functions");
}

const struct screen_ops table_screen = {
    .state_size = sizeof(struct table_view),
    .fini = table_fini,
    .paint = PAINT_ROWS,
    .mouse_help = "Click selects a row, double-click opens it, wheel scrolls",
    .opened_by = ACT_TOP,
    .open = table_open,
    .on_action = table_action,
    .mouse = table_mouse,
    .sync = table_sync,
    .searched = table_searched,
    .title = table_title,
    .status = table_status,
    .detail = table_detail,
    .row_name = table_row_name,
    .row = table_row,
};
