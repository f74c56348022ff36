/* SPDX-License-Identifier: MIT */
/* flametui - table.c: the hottest-functions screen. Its rows come from the filtered
 * profile (graph_profile: never reversed or focused, so self samples belong to the
 * function whatever the graph shows). Enter opens the callers/callees of the row, s finds
 * the function in the graph, o sorts, / n N search the rows, the mouse selects and
 * scrolls. Pure, like app.c. */
#include "config.h"

#include "ui/app_impl.h"
#include "ui/diff_status.h"

#include <string.h>

#include "core/count.h"
#include "core/strtab.h"
#include "core/trie.h"
#include "query/graph.h"
#include "query/search.h"
#include "render/label.h"
#include "render/numfmt.h"

/* Rows of the table on screen (the graph area less the header line). */
static size_t page(const struct app *a)
{
    return a->vp.rows > 2 ? (size_t)a->vp.rows - 1 : 1;
}

static void keep_visible(struct app *a)
{
    size_t rows = page(a);
    if (a->top_sel < a->top_scroll)
        a->top_scroll = a->top_sel;
    if (a->top_sel >= a->top_scroll + rows)
        a->top_scroll = a->top_sel - rows + 1;
}

void table_refresh(struct app *a)
{
    if (!a->table_stale)
        return;
    struct trie *p = graph_profile(a->graph);
    a->table_stale = false;
    if (a->table.v && trie_uid(p) == a->table_uid && trie_generation(p) == a->table_gen)
        return;   /* the same profile: the rows stand (t again costs nothing) */
    top_compute(p, a->top_by, &a->table);
    a->table_uid = trie_uid(p);
    a->table_gen = trie_generation(p);
    if (a->top_sel >= a->table.n)
        a->top_sel = a->table.n ? a->table.n - 1 : 0;
    keep_visible(a);
}

enum reaction table_open(struct app *a)
{
    app_push(a, SCREEN_TABLE);
    a->top_sel = a->top_scroll = 0;
    if (app_diff(a))   /* a diff: the largest increase first */
        a->top_by = TOP_BY_DELTA;
    a->table_stale = true;
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
    const unsigned char *m = a->search ? search_matches(a->search) : NULL;
    uint32_t name = a->table.v[i].name;
    return m && name < strtab_count(names(a)) && m[name];
}

enum reaction table_find(struct app *a, bool back)
{
    size_t n = a->table.n;
    if (!a->search) {
        app_message(a, "no search: press / first");
        return RE_REDRAW;
    }
    for (size_t k = 1; k <= n; k++) {
        size_t i = back ? (a->top_sel + n - k) % n : (a->top_sel + k) % n;
        if (row_matches(a, i)) {
            if (back ? i > a->top_sel : i < a->top_sel)
                app_message(a, "search wrapped");
            a->top_sel = i;
            keep_visible(a);
            return RE_REDRAW;
        }
    }
    app_message(a, "no row matches");
    return RE_REDRAW;
}

enum reaction table_action(struct app *a, enum action act)
{
    size_t rows = page(a), n = a->table.n;
    switch (act) {
    case ACT_MOVE_UP:
        if (a->top_sel > 0)
            a->top_sel--;
        break;
    case ACT_MOVE_DOWN:
        if (a->top_sel + 1 < n)
            a->top_sel++;
        break;
    case ACT_PAGE_UP:
        a->top_sel = a->top_sel > rows ? a->top_sel - rows : 0;
        break;
    case ACT_PAGE_DOWN:
        a->top_sel = a->top_sel + rows < n ? a->top_sel + rows : (n ? n - 1 : 0);
        break;
    case ACT_SCROLL_HOME:
        a->top_sel = 0;
        break;
    case ACT_SCROLL_END:
        a->top_sel = n ? n - 1 : 0;
        break;
    case ACT_ORDER: /* o: self -> total -> name (-> delta in a diff) */
        if (app_diff(a) && a->top_by == TOP_BY_NAME) {
            a->top_by = TOP_BY_DELTA;
            top_sort(&a->table, graph_profile(a->graph), a->top_by);
            break;
        }
        a->top_by = a->top_by == TOP_BY_SELF    ? TOP_BY_TOTAL
                    : a->top_by == TOP_BY_TOTAL ? TOP_BY_NAME
                                                : TOP_BY_SELF;
        top_sort(&a->table, graph_profile(a->graph), a->top_by);
        break;
    case ACT_SEARCH_NEXT:
    case ACT_SEARCH_PREV:
        return table_find(a, act == ACT_SEARCH_PREV);
    case ACT_ZOOM_IN: { /* Enter: the callers and callees of the row's function */
        if (a->top_sel >= n)
            return RE_NONE;
        uint32_t name = a->table.v[a->top_sel].name;
        app_pop(a);
        enum reaction re = RE_NONE;
        if (app_screen(a) == SCREEN_CALLERS)
            re = app_close_callers(a);
        return re | app_open_callers(a, name);
    }
    case ACT_CALLERS: { /* s: search for the function and go back to the graph */
        struct buf pat = {0};
        if (a->top_sel < n) {
            exact_pattern(a, a->table.v[a->top_sel].name, &pat);
            app_set_search(a, pat.p, NULL);
        }
        buf_fini(&pat);
        app_pop(a);
        return nav_next_match(a, false) | RE_RELAYOUT;
    }
    default:
        return RE_NONE;
    }
    keep_visible(a);
    return RE_REDRAW;
}

enum reaction table_mouse(struct app *a, int y, int clicks, int wheel)
{
    if (wheel) {
        size_t n = a->table.n, rows = page(a);
        size_t max = n > rows ? n - rows : 0;
        if (wheel < 0)
            a->top_scroll = a->top_scroll > 3 ? a->top_scroll - 3 : 0;
        else
            a->top_scroll = a->top_scroll + 3 < max ? a->top_scroll + 3 : max;
        if (a->top_sel < a->top_scroll)
            a->top_sel = a->top_scroll;
        if (a->top_sel >= a->top_scroll + rows)
            a->top_sel = a->top_scroll + rows - 1;
        return RE_REDRAW;
    }
    /* screen rows: 0 title, 1 header, 2.. rows */
    if (y < 2 || (size_t)(y - 2) >= page(a))
        return RE_NONE;
    size_t i = a->top_scroll + (size_t)(y - 2);
    if (i >= a->table.n)
        return RE_NONE;
    a->top_sel = i;
    if (clicks >= 2)
        return table_action(a, ACT_ZOOM_IN);
    return RE_REDRAW;
}

bool app_top_line(const struct app *a, size_t i, struct buf *out)
{
    bool done;
    if (app_diff_top_line(a, i, out, &done) || done)   /* a diff: delta columns */
        return !done;
    if (i == 0) {
        buf_printf(out, "%12s %7s %12s %7s  %s", a->top_by == TOP_BY_SELF ? "SELF*" : "SELF",
                   "SELF%", a->top_by == TOP_BY_TOTAL ? "TOTAL*" : "TOTAL", "TOTAL%",
                   a->top_by == TOP_BY_NAME
                       ? "FUNCTION*  (Enter: callers/callees, s: find, o: sort, t: close)"
                       : "FUNCTION  (Enter: callers/callees, s: find, o: sort, t: close)");
        return true;
    }
    if (i - 1 >= a->table.n)
        return false;
    const struct top_row *r = &a->table.v[i - 1];
    /* the columns of --top, numbers grouped (compact when wider than the column) */
    char s[NUMFMT_MAX], t[NUMFMT_MAX];
    double all = count_to_double(a->table.all);
    screen_number(a, r->self, 12, s, sizeof(s));
    screen_number(a, r->total, 12, t, sizeof(t));
    buf_printf(out, "%12s %6.2f%% %12s %6.2f%%  ", s, ft_pct(count_to_double(r->self), all), t,
               ft_pct(count_to_double(r->total), all));
    screen_name(a, r->name, -1, out);   /* short or full (L) */
    return true;
}
