/* SPDX-License-Identifier: MIT */
/* flametui - nav.c: selection, zoom and scroll in the graph screens (profile and
 * callers/callees): moves with layout's rules, Up back along the path the selection came
 * down, scroll bounded by the deepest drawable row, n/N in screen order inside the zoom.
 * Pure, like app.c. */
#include "config.h"

#include "ui/nav.h"

#include <string.h>

#include "core/strtab.h"
#include "core/trie.h"
#include "query/search.h"
#include "render/layout.h"
#include "ui/state.h"
#include "ui/text.h"

static bool path_is_prefix(const struct name_path *pre, const struct name_path *p)
{
    return pre->n <= p->n && (pre->n == 0 || memcmp(pre->v, p->v, pre->n * sizeof(*p->v)) == 0);
}

/* The child of node named name, or TRIE_NONE (trie_child_sorted: not trie_find_child,
 * which would build a lookup table for a whole appended view). */
static uint32_t child_named(const struct trie *t, uint32_t node, uint32_t name)
{
    return trie_child_sorted((struct trie *)(uintptr_t)t, node, name);   /* fills a cache */
}

/* Deepest node along the path that exists in a->t. */
static uint32_t path_resolve(struct app *a, const struct name_path *p)
{
    uint32_t n = TRIE_ROOT;
    for (size_t i = 0; i < p->n; i++) {
        state_lazy_expand_node(a, n);
        uint32_t c = child_named(a->t, n, p->v[i]);
        if (c == TRIE_NONE)
            break;
        n = c;
    }
    return n;
}

static int nav_max_scroll(const struct app *a)
{
    struct layout_in in;
    app_layout_in(a, &in);
    int levels = layout_depth(&in) + 1;
    int m = levels - (a->vp.rows > 0 ? a->vp.rows : 1);
    return m > 0 ? m : 0;
}

static void clamp_scroll(struct app *a)
{
    int m = nav_max_scroll(a);
    if (a->vp.scroll > m)
        a->vp.scroll = m;
    if (a->vp.scroll < 0)
        a->vp.scroll = 0;
}

void nav_keep_visible(struct app *a)
{
    int d = (int)trie_depth(a->t, a->sel);
    int rows = a->vp.rows > 0 ? a->vp.rows : 1;
    if (d < a->vp.scroll)
        a->vp.scroll = d;
    else if (d >= a->vp.scroll + rows)
        a->vp.scroll = d - rows + 1;
    clamp_scroll(a);
    if (d >= a->vp.scroll + rows)     /* a selection deeper than anything drawable */
        a->vp.scroll = d - rows + 1;
}

bool nav_sync(struct app *a, bool force)
{
    uint64_t g = trie_generation(a->t);
    if (!force && g == a->gen)
        return false;
    a->zoom = path_resolve(a, &a->zoom_path);
    a->sel = path_resolve(a, &a->sel_path);
    a->gen = trie_generation(a->t);   /* the lookups may have filled in a lazy view */
    a->rank_node = TRIE_NONE;
    clamp_scroll(a);
    return true;
}

/* Selects node; the trail (where Up leads back to) follows unless the new selection
 * lies on it. */
static void set_sel(struct app *a, uint32_t node)
{
    a->sel = node;
    state_path_set(&a->sel_path, a->t, node);
    if (!path_is_prefix(&a->sel_path, &a->trail))
        state_path_copy(&a->trail, &a->sel_path);
    a->rank_node = TRIE_NONE;
    nav_keep_visible(a);
}

void nav_set_zoom(struct app *a, uint32_t node)
{
    a->zoom = node;
    state_path_set(&a->zoom_path, a->t, node);
    a->rank_node = TRIE_NONE;
}

enum reaction nav_select(struct app *a, uint32_t node)
{
    if (node == TRIE_NONE || node >= trie_size(a->t))
        return RE_NONE;
    set_sel(a, node);
    return RE_RELAYOUT;
}

/* Moves the selection with layout's rules (widest drawable child, the path to the zoom
 * root below its ancestors, neighbours on the row as laid out); towards the leaves it
 * goes back down the trail first when that child is drawn. */
/* The status message for n frames narrower than a cell holding w samples. */
static void narrow_message(struct app *a, unsigned long n, double w)
{
    double all = trie_total_d(a->t, TRIE_ROOT);
    struct unit u;
    struct buf b = {0};
    struct count c = w >= 0 && w < 1e19 && w == (double)(uint64_t)w ? count_u64((uint64_t)w)
                                              : (struct count){0, w, true};
    state_unit(a, &u);
    state_put_weight(&b, c, &u, false);
    app_message(a, "+ %lu frame%s narrower than a cell: %.*s, %.2f%% of all; "
                "Enter zooms in", n, n == 1 ? "" : "s", (int)b.len, b.p,
                all > 0 ? 100.0 * w / all : 0.0);
    buf_fini(&b);
}

static enum reaction move(struct app *a, enum layout_move m)
{
    state_lazy_expand_node(a, a->sel);   /* its children are read below */
    struct layout_in in;
    app_layout_in(a, &in);
    uint32_t n = layout_move(&in, a->rects, a->sel, m);
    if (n != TRIE_NONE && n != a->sel && trie_parent(a->t, n) == a->sel) {
        size_t d = trie_depth(a->t, a->sel);
        if (d < a->trail.n && path_is_prefix(&a->sel_path, &a->trail)) {
            uint32_t back = child_named(a->t, a->sel, a->trail.v[d]);
            if (back != TRIE_NONE && layout_drawable(&in, back))
                n = back;
        }
    }
    bool down_the_stack = m == LAYOUT_CHILD ||
                          m == (a->vp.orient == ORIENT_FLAME ? LAYOUT_UP : LAYOUT_DOWN);
    size_t nk;
    const uint32_t *k = trie_children(a->t, a->sel, &nk);
    if (n == a->sel && down_the_stack && nk > 0) {   /* every child is too narrow */
        double w = 0;
        for (size_t i = 0; i < nk; i++)
            w += trie_total_d(a->t, k[i]);
        narrow_message(a, (unsigned long)nk, w);
        return RE_REDRAW;
    }
    if (n == a->sel || n == TRIE_NONE)
        return RE_NONE;
    set_sel(a, n);
    return RE_RELAYOUT;
}

static enum reaction scroll_by(struct app *a, int rows)
{
    int old = a->vp.scroll;
    a->vp.scroll += rows;
    clamp_scroll(a);
    return a->vp.scroll != old ? RE_RELAYOUT : RE_NONE;
}

/* Screen direction (up = -1) to depth direction. */
static int depth_dir(const struct app *a, int screen_dir)
{
    return a->vp.orient == ORIENT_FLAME ? -screen_dir : screen_dir;
}

enum reaction nav_wheel(struct app *a, int dir)
{
    return scroll_by(a, depth_dir(a, dir < 0 ? -1 : 1) * 3);
}

enum reaction nav_click(struct app *a, int x, int y, int clicks)
{
    const struct rect *r = a->rects ? layout_hit(a->rects, x, y) : NULL;
    if (!r)
        return RE_NONE;
    enum reaction re = nav_select(a, r->node);
    if (r->flags & RECT_MERGED) {   /* say what the '+' cells stand for */
        narrow_message(a, (unsigned long)r->hidden, r->hidden_total);
        re |= RE_REDRAW;
    }
    if (clicks >= 2) {   /* as the key: the message goes */
        a->msg[0] = '\0';
        a->msg_error = false;
        re |= nav_action(a, ACT_ZOOM_IN);
    }
    return re;
}

enum reaction nav_action(struct app *a, enum action act)
{
    int rows = a->vp.rows > 1 ? a->vp.rows - 1 : 1;
    switch (act) {
    case ACT_MOVE_UP:
        return move(a, LAYOUT_UP);
    case ACT_MOVE_DOWN:
        return move(a, LAYOUT_DOWN);
    case ACT_MOVE_LEFT:
        return move(a, LAYOUT_LEFT);
    case ACT_MOVE_RIGHT:
        return move(a, LAYOUT_RIGHT);
    case ACT_ZOOM_IN:
        if (a->sel == a->zoom)
            return RE_NONE;
        nav_set_zoom(a, a->sel);
        nav_keep_visible(a);
        return RE_RELAYOUT;
    case ACT_ZOOM_OUT:
        if (a->zoom == TRIE_ROOT)
            return RE_NONE;
        nav_set_zoom(a, trie_parent(a->t, a->zoom));
        nav_keep_visible(a);
        return RE_RELAYOUT;
    case ACT_ZOOM_RESET:
        if (a->zoom == TRIE_ROOT)
            return RE_REDRAW;
        nav_set_zoom(a, TRIE_ROOT);
        nav_keep_visible(a);
        return RE_RELAYOUT;
    case ACT_ORIENT:
        a->vp.orient = a->vp.orient == ORIENT_FLAME ? ORIENT_ICICLE : ORIENT_FLAME;
        return RE_RELAYOUT;
    case ACT_ORDER:
        a->vp.order = a->vp.order == ORDER_NAME ? ORDER_WEIGHT : ORDER_NAME;
        a->rank_node = TRIE_NONE;
        app_message(a, "order: %s", a->vp.order == ORDER_NAME ? "by name" : "heaviest first");
        return RE_RELAYOUT;
    case ACT_PAGE_UP:
        return scroll_by(a, depth_dir(a, -1) * rows) | RE_REDRAW;
    case ACT_PAGE_DOWN:
        return scroll_by(a, depth_dir(a, 1) * rows) | RE_REDRAW;
    case ACT_SCROLL_HOME:
        return scroll_by(a, -a->vp.scroll) | RE_REDRAW;
    case ACT_SCROLL_END:
        return scroll_by(a, nav_max_scroll(a) - a->vp.scroll) | RE_REDRAW;
    default:
        return RE_NONE;
    }
}

enum reaction nav_next_match(struct app *a, bool back)
{
    bool wrapped = false, by_weight = a->vp.order == ORDER_WEIGHT;
    if (!a->search) {
        app_message(a, "no search: press / first");
        return RE_REDRAW;
    }
    uint32_t n = search_step_in(a->search, a->zoom, a->sel, back, by_weight, &wrapped);
    if (n == TRIE_NONE) {
        if (a->zoom != TRIE_ROOT && search_match_nodes(a->search) > 0)
            app_message(a, "no match inside the zoom (z: zoom out)");
        else
            app_message(a, "no match");
        return RE_REDRAW;
    }
    set_sel(a, n);
    struct layout_in in;
    app_layout_in(a, &in);
    /* N counts every match, whatever the zoom: the same from the root and after Esc */
    a->rank_k = search_rank(a->search, TRIE_ROOT, n, by_weight, &a->rank_n);
    a->rank_node = n;
    a->rank_gen = trie_generation(a->t);
    if (!layout_drawable(&in, n)) {
        /* too narrow to draw: selected all the same (n never zooms by itself); the
         * status line says under which drawn frame it is */
        uint32_t p = n;
        while (p != TRIE_NONE && !layout_drawable(&in, p))
            p = trie_parent(a->t, p);
        struct buf safe = {0};
        if (p == TRIE_NONE || p == TRIE_ROOT)
            buf_printf(&safe, "all");
        else
            state_name(a, trie_name(a->t, p), 40, &safe);
        app_message(a, "%stoo narrow to draw, under %.*s: Enter zooms in",
                    wrapped ? "search wrapped; " : "", (int)safe.len, safe.p ? safe.p : "");
        buf_fini(&safe);
        return RE_RELAYOUT;
    }
    if (wrapped)
        app_message(a, "search wrapped");
    return RE_RELAYOUT;
}

void nav_scroll_text(const struct app *a, struct buf *out)
{
    if (a->vp.rows <= 0)
        return;
    struct layout_in in;
    app_layout_in(a, &in);
    int deepest = layout_depth(&in), first = a->vp.scroll, last = a->vp.scroll + a->vp.rows - 1;
    /* the rows under the detail pane are not shown either: at the top of a flame graph
     * (or the bottom of an icicle) the deepest ones, else the shallowest */
    bool top;
    int hid = text_detail_rows(a, &top);
    if (hid > 0 && top == (a->vp.orient == ORIENT_FLAME))
        last -= hid;
    else if (hid > 0)
        first += hid;
    if (last > deepest)
        last = deepest;
    bool deeper = last < deepest, shallower = first > 0;
    if (!deeper && !shallower)
        return;
    if (first > last) {
        buf_printf(out, "depth: all under the detail pane");
        return;
    }
    /* in a flame graph deeper rows lie above; in an icicle below */
    bool above = a->vp.orient == ORIENT_FLAME ? deeper : shallower;
    bool below = a->vp.orient == ORIENT_FLAME ? shallower : deeper;
    /* "depth 2-5/8 (more ^ v)": rows 2 to 5 of 0..8 shown, more above and below */
    buf_printf(out, "depth %d-%d/%d (more%s%s)", first, last, deepest, above ? " ^" : "",
               below ? " v" : "");
}
