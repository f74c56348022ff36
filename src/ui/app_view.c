/* flametui - app_view.c: the app's derived views: filters and reverse (view.h), the
 * search (search.h), callers/callees of a function (callers.h) and the hottest-functions
 * table (top.h). Pure like app.c. The shown trie a->t is a->base itself when nothing is
 * derived, else a trie owned here; all of them share the base strtab, so name paths and
 * the search's per-name match array stay valid across rebuilds. */
#include "config.h"

#include "ui/app.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "query/callers.h"
#include "core/count.h"
#include "render/label.h"
#include "query/search.h"
#include "core/strtab.h"
#include "core/trie.h"
#include "query/view.h"
#include "query/window.h"

static void drop_derived(struct app *a)
{
    if (a->t && a->t != a->base)
        trie_free(a->t);
    a->t = a->base;
    a->rects = NULL;
}

void app_view_fini(struct app *a)
{
    drop_derived(a);
    view_free(a->view);
    a->view = NULL;
    search_free(a->search);
    a->search = NULL;
    free(a->search_saved);
    a->search_saved = NULL;
    free(a->saved_zoom.v);
    free(a->saved_sel.v);
    top_fini(&a->table);
    window_free(a->win);
    a->win = NULL;
}

static bool derived(const struct app *a)
{
    return a->mode != GRAPH_PROFILE || !view_is_identity(a->view) || a->windowed;
}

/* Re-derives the shown trie from the base. */
static void rebuild(struct app *a)
{
    drop_derived(a);
    struct trie *src = a->base, *t;
    if (a->windowed && a->win)   /* shares the base strtab, like every derived trie */
        src = window_build(a->win, a->base, a->now);
    t = view_is_identity(a->view) ? src : view_build(a->view, src);
    if (a->mode != GRAPH_PROFILE) {
        struct trie *c = a->mode == GRAPH_CALLEES ? callers_callees(t, a->focus)
                                                  : callers_callers(t, a->focus);
        if (t != src)
            trie_free(t);
        t = c;
    }
    if (src != a->base && src != t)
        trie_free(src);
    a->t = t;
    a->win_dirty = false;
    a->base_gen = trie_generation(a->base);
    if (a->search)
        search_attach(a->search, a->t);
    if (a->top)
        top_compute(a->t, a->top_by, &a->table);
    app_sync(a, true);
}

void app_set_trie(struct app *a, struct trie *t)
{
    drop_derived(a);
    a->base = a->t = t;
    rebuild(a);
    app_keep_visible(a);
}

/* Snapshots are taken only while the window is shown (they cost 16 bytes per node each):
 * switching it on starts from the samples present at that moment. */
static void window_on(struct app *a, bool on)
{
    double s = window_seconds(a->win);
    window_free(a->win);
    a->win = window_new(s);
    if (on)
        window_record(a->win, a->base, a->now);
    a->windowed = on;
    rebuild(a);
}

void app_set_window(struct app *a, double seconds, bool on)
{
    window_free(a->win);
    a->win = window_new(seconds);
    window_on(a, on);
}

bool app_tick(struct app *a, double now)
{
    a->now = now;
    if (a->win && a->windowed && window_record(a->win, a->base, now))
        a->win_dirty = true;
    return a->win_dirty;
}

bool app_refresh(struct app *a)
{
    if (a->win_dirty) {
        rebuild(a);
        return true;
    }
    if (trie_generation(a->base) == a->base_gen)
        return false;
    if (derived(a)) {
        rebuild(a);
        return true;
    }
    a->t = a->base;
    a->base_gen = trie_generation(a->base);
    if (a->search)
        search_refresh(a->search);
    if (a->top)
        top_compute(a->t, a->top_by, &a->table);
    app_sync(a, false);
    return true;
}

int app_set_search(struct app *a, const char *pattern, struct ft_error *err)
{
    if (!pattern || !*pattern) {
        search_free(a->search);
        a->search = NULL;
        return 0;
    }
    struct search *s = search_new(pattern, err);
    if (!s)
        return -1;
    search_free(a->search);
    a->search = s;
    search_attach(s, a->t);
    return 0;
}

int app_apply_options(struct app *a, const struct app_opts *o, struct ft_error *err)
{
    for (size_t i = 0; i < o->nfilters; i++)
        if (view_push_filter(a->view, o->filters[i].kind, o->filters[i].re, err) < 0)
            return -1;
    view_set_reverse(a->view, o->reverse);
    a->reverse = o->reverse;
    if (o->icicle)
        a->vp.orient = ORIENT_ICICLE;
    rebuild(a);
    return app_set_search(a, o->search, err);
}

/* Selects the next/previous match; zooms out when it is not drawn under the zoom. */
static enum reaction next_match(struct app *a, bool back)
{
    bool wrapped = false;
    if (!a->search) {
        app_message(a, "no search: press / first");
        return RE_REDRAW;
    }
    uint32_t n = back ? search_prev(a->search, a->sel, &wrapped)
                      : search_next(a->search, a->sel, &wrapped);
    if (n == TRIE_NONE) {
        app_message(a, "no match");
        return RE_REDRAW;
    }
    struct layout_in in;
    app_select(a, n);
    app_layout_in(a, &in);
    if (!layout_drawable(&in, n))
        app_zoom_to(a, TRIE_ROOT);
    if (wrapped)
        app_message(a, "search wrapped");
    return RE_RELAYOUT;
}

static void copy_path(struct name_path *dst, const struct name_path *src)
{
    if (src->n > dst->cap) {
        dst->cap = src->n;
        dst->v = xreallocarray(dst->v, dst->cap, sizeof(*dst->v));
    }
    if (src->n)
        memcpy(dst->v, src->v, src->n * sizeof(*src->v));
    dst->n = src->n;
}

/* s: profile -> callees of the selected function -> its callers -> profile.
 * name != UINT32_MAX: open the callees of that function from the profile (the table). */
static enum reaction cycle_callers(struct app *a, uint32_t name)
{
    if (a->mode == GRAPH_PROFILE) {
        if (name == UINT32_MAX && a->sel == TRIE_ROOT) {
            app_message(a, "select a function first");
            return RE_REDRAW;
        }
        a->focus = name != UINT32_MAX ? name : trie_name(a->t, a->sel);
        copy_path(&a->saved_zoom, &a->zoom_path);
        copy_path(&a->saved_sel, &a->sel_path);
        a->mode = GRAPH_CALLEES;
    } else if (a->mode == GRAPH_CALLEES) {
        a->mode = GRAPH_CALLERS;
    } else {
        a->mode = GRAPH_PROFILE;
        copy_path(&a->zoom_path, &a->saved_zoom);
        copy_path(&a->sel_path, &a->saved_sel);
        rebuild(a);
        return RE_REBUILD | RE_RELAYOUT;
    }
    a->zoom_path.n = 0;
    a->sel_path.n = 1;
    if (!a->sel_path.cap) {
        a->sel_path.cap = 4;
        a->sel_path.v = xreallocarray(NULL, 4, sizeof(*a->sel_path.v));
    }
    a->sel_path.v[0] = a->focus;
    rebuild(a);
    return RE_REBUILD | RE_RELAYOUT;
}

enum reaction app_view_action(struct app *a, enum action act)
{
    switch (act) {
    case ACT_REVERSE:
        a->reverse = !a->reverse;
        view_set_reverse(a->view, a->reverse);
        rebuild(a);
        return RE_REBUILD | RE_RELAYOUT;
    case ACT_FILTER_CLEAR:
        if (view_filter_count(a->view) == 0) {
            app_message(a, "no filters");
            return RE_REDRAW;
        }
        view_clear_filters(a->view);
        rebuild(a);
        app_message(a, "filters cleared");
        return RE_REBUILD | RE_RELAYOUT;
    case ACT_SEARCH_NEXT:
    case ACT_SEARCH_PREV:
        return next_match(a, act == ACT_SEARCH_PREV);
    case ACT_TOP:
        a->top = true;
        a->top_sel = a->top_scroll = 0;
        top_compute(a->t, a->top_by, &a->table);
        return RE_REDRAW;
    case ACT_CALLERS:
        return cycle_callers(a, UINT32_MAX);
    case ACT_WINDOW:
        if (!a->win) {
            app_message(a, "no sliding window: not a live input");
            return RE_REDRAW;
        }
        window_on(a, !a->windowed);
        return RE_REBUILD | RE_RELAYOUT;
    default:
        return RE_NONE;
    }
}

/* A regex that matches exactly the name id (byte mode, case-sensitive). */
static void exact_pattern(const struct app *a, uint32_t name, struct buf *out)
{
    size_t n;
    const unsigned char *p =
        (const unsigned char *)strtab_get(trie_names(a->t), name, &n);
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

enum reaction app_top_action(struct app *a, enum action act)
{
    size_t rows = a->vp.rows > 2 ? (size_t)a->vp.rows - 1 : 1;
    size_t n = a->table.n;
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
    case ACT_ORDER: /* o: self -> total -> name */
        a->top_by = a->top_by == TOP_BY_SELF    ? TOP_BY_TOTAL
                    : a->top_by == TOP_BY_TOTAL ? TOP_BY_NAME
                                                : TOP_BY_SELF;
        top_sort(&a->table, a->t, a->top_by);
        break;
    case ACT_ZOOM_IN: /* Enter: the callers and callees of the row's function */
        if (a->top_sel >= n)
            return RE_NONE;
        a->top = false;
        if (a->mode != GRAPH_PROFILE) /* the table of a callers view: back first */
            while (a->mode != GRAPH_PROFILE)
                cycle_callers(a, UINT32_MAX);
        return cycle_callers(a, a->table.v[a->top_sel].name) | RE_RELAYOUT;
    case ACT_CALLERS: { /* s: search for the function and go back to the graph */
        struct buf pat = {0};
        if (a->top_sel < n) {
            exact_pattern(a, a->table.v[a->top_sel].name, &pat);
            app_set_search(a, pat.p, NULL);
        }
        buf_fini(&pat);
        a->top = false;
        return next_match(a, false) | RE_RELAYOUT;
    }
    case ACT_TOP:
    case ACT_ZOOM_RESET:
    case ACT_ZOOM_OUT:
        a->top = false;
        return RE_RELAYOUT;
    default:
        return RE_NONE;
    }
    if (a->top_sel < a->top_scroll)
        a->top_scroll = a->top_sel;
    if (a->top_sel >= a->top_scroll + rows)
        a->top_scroll = a->top_sel - rows + 1;
    return RE_REDRAW;
}

bool app_top_line(const struct app *a, size_t i, struct buf *out)
{
    char s[COUNT_FMT_MAX], t[COUNT_FMT_MAX];
    double all = count_to_double(a->table.all);
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
    size_t n;
    const char *name = strtab_get(trie_names(a->t), r->name, &n);
    count_format(s, r->self);
    count_format(t, r->total);
    buf_printf(out, "%12s %6.2f%% %12s %6.2f%%  ", s,
               all > 0 ? 100.0 * count_to_double(r->self) / all : 0.0, t,
               all > 0 ? 100.0 * count_to_double(r->total) / all : 0.0);
    label_escape(out, name, n, LABEL_AUTO);
    return true;
}

enum reaction app_view_prompt(struct app *a, enum prompt_kind k, int accept, int popped)
{
    struct ft_error err = {0, ""};
    const char *text = lineedit_text(&a->le);
    if (k == PROMPT_SEARCH) {
        if (accept < 0) {           /* Esc: back to the search before the prompt */
            app_set_search(a, a->search_saved, NULL);
            return RE_RELAYOUT;
        }
        if (app_set_search(a, text, &err) < 0) {
            if (accept > 0)
                app_message(a, "invalid regex: %s", err.msg);
            return RE_NONE;         /* while typing: keep the last valid search */
        }
        if (accept > 0 && a->search && search_match_nodes(a->search) == 0)
            app_message(a, "no match for %s", text);
        return RE_RELAYOUT;
    }
    if (popped) {
        if (!view_pop_filter(a->view)) {
            app_message(a, "no filter to remove");
            return RE_REDRAW;
        }
        rebuild(a);
        app_message(a, "last filter removed");
        return RE_REBUILD | RE_RELAYOUT;
    }
    if (accept <= 0 || !*text)
        return RE_NONE;
    enum filter_kind fk = k == PROMPT_INCLUDE   ? FILTER_INCLUDE
                          : k == PROMPT_EXCLUDE ? FILTER_EXCLUDE
                                                : FILTER_HIDE;
    if (view_push_filter(a->view, fk, text, &err) < 0) {
        app_message(a, "invalid filter: %s", err.msg);
        return RE_REDRAW;
    }
    rebuild(a);
    return RE_REBUILD | RE_RELAYOUT;
}

void app_view_title(const struct app *a, struct buf *out)
{
    struct buf d = {0};
    view_describe(a->view, &d);
    if (d.len) {
        buf_printf(out, "  ");
        label_escape(out, d.p, d.len, LABEL_AUTO);
        if (a->mode == GRAPH_PROFILE && !a->windowed && view_filter_count(a->view) > 0)
            buf_printf(out, " (%.1f%%)", 100.0 * view_share(a->base, a->t));
    }
    buf_fini(&d);
    if (a->windowed && a->win)
        buf_printf(out, "  last %gs", window_seconds(a->win));
    if (a->mode != GRAPH_PROFILE) {
        size_t n;
        const char *name = strtab_get(trie_names(a->t), a->focus, &n);
        buf_printf(out, "  %s of ", a->mode == GRAPH_CALLEES ? "callees" : "callers");
        label_escape(out, name, n, LABEL_AUTO);
    }
}

void app_view_status(const struct app *a, struct buf *right)
{
    if (!a->search)
        return;
    const char *p = search_pattern(a->search);
    buf_printf(right, "/");
    label_escape(right, p, strlen(p), LABEL_AUTO);
    buf_printf(right, " match %.1f%%", 100.0 * search_share(a->search, a->zoom));
    if (a->live != LIVE_NONE)
        buf_printf(right, "  ");
}
