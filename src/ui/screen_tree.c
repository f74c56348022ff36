/* SPDX-License-Identifier: MIT */
/* flametui - screen_tree.c: the call tree (v) of the shown trie below the zoom: rows
 * "TOTAL% SELF% TOTAL ├─ name" (query/calltree.h), Enter, Right and Left expand and
 * collapse, + and - all, * the heaviest path, r bottom-up (the graph's reverse), / expands
 * to the matches and n / N step through them. The selected row is the graph's selection
 * (a->sel, a->sel_path), so v or q back in the graph lands on the same frame, and the
 * status line and detail pane are the graph's. Filters, grouping, recursion, time range
 * and diff apply through the shown trie. Pure. */
#include "config.h"

#include <string.h>

#include "core/strtab.h"
#include "core/trie.h"
#include "query/calltree.h"
#include "query/graph.h"
#include "query/search.h"
#include "render/label.h"
#include "ui/frames.h"
#include "ui/nav.h"
#include "ui/state.h"
#include "ui/text.h"

struct tree_view {
    struct calltree ct;
    size_t sel, scroll;   /* the selected row, the first row shown */
};

static struct tree_view *tv(const struct app *a)
{
    return a->view[SCREEN_TREE];
}

static void tree_fini(struct app *a)
{
    calltree_fini(&tv(a)->ct);
}

/* The selected row becomes the graph's selection. */
static void select_row(struct app *a, size_t i)
{
    struct tree_view *v = tv(a);
    if (v->ct.n == 0) {
        v->sel = 0;
        return;
    }
    v->sel = i < v->ct.n ? i : v->ct.n - 1;
    a->sel = v->ct.v[v->sel].node;
    state_path_set(&a->sel_path, a->t, a->sel);
    a->trail.n = 0;
    state_list_show(v->sel, &v->scroll, state_list_page(a));
}

/* The rows again, the selection kept on node (revealed) when it is below the root. */
static void rebuild(struct app *a, uint32_t node)
{
    struct tree_view *v = tv(a);
    calltree_reveal(&v->ct, node);
    calltree_rows(&v->ct);
    size_t i = calltree_find(&v->ct, node);
    select_row(a, i == SIZE_MAX ? (v->sel < v->ct.n ? v->sel : 0) : i);
}

/* Catches up with the shown trie and the zoom (a new trie: everything collapsed). */
static void tree_sync(struct app *a, bool changed)
{
    struct tree_view *v = tv(a);
    if (!changed && v->ct.t == a->t && v->ct.uid == trie_uid(a->t) && v->ct.root == a->zoom &&
        v->ct.n)
        return;
    state_lazy_complete(a);   /* a lazy reversed view: every node (the tree walks them) */
    calltree_attach(&v->ct, a->t);
    v->ct.root = a->zoom;
    rebuild(a, a->sel);
}

static enum reaction tree_open(struct app *a, uint32_t name)
{
    (void)name;
    struct tree_view *v = tv(a);
    app_push(a, SCREEN_TREE);
    state_lazy_complete(a);
    calltree_attach(&v->ct, a->t);
    v->ct.root = a->zoom;
    v->sel = v->scroll = 0;
    if (a->sel == a->zoom)   /* nothing selected: the heaviest root first */
        rebuild(a, calltree_heaviest_child(&v->ct, a->zoom));
    else
        rebuild(a, a->sel);
    return RE_REDRAW;
}

static enum reaction tree_close(struct app *a)
{
    app_pop(a);
    return RE_RELAYOUT;
}

static uint32_t sel_node(const struct app *a)
{
    const struct tree_view *v = tv(a);
    return v->sel < v->ct.n ? v->ct.v[v->sel].node : TRIE_NONE;
}

/* Right: expand, or on an expanded node its first child; Left: collapse, or the parent. */
static enum reaction side(struct app *a, bool right)
{
    struct tree_view *v = tv(a);
    uint32_t node = sel_node(a);
    if (node == TRIE_NONE)
        return RE_NONE;
    bool open = calltree_is_open(&v->ct, node), kids = calltree_has_kids(&v->ct, node);
    if (right && kids && !open) {
        calltree_set_open(&v->ct, node, true);
        rebuild(a, node);
    } else if (right && kids) {
        select_row(a, v->sel + 1);
    } else if (!right && open) {
        calltree_set_open(&v->ct, node, false);
        rebuild(a, node);
    } else if (!right && trie_parent(a->t, node) != v->ct.root) {
        rebuild(a, trie_parent(a->t, node));
    }
    return RE_REDRAW;
}

static enum reaction toggle(struct app *a)
{
    struct tree_view *v = tv(a);
    uint32_t node = sel_node(a);
    if (node == TRIE_NONE || !calltree_has_kids(&v->ct, node))
        return RE_NONE;
    calltree_set_open(&v->ct, node, !calltree_is_open(&v->ct, node));
    rebuild(a, node);
    return RE_REDRAW;
}

static bool row_matches(const struct app *a, size_t i)
{
    const struct tree_view *v = tv(a);
    return a->search && search_node_matches(a->search, v->ct.v[i].node);
}

/* n / N: the next (previous) row whose frame matches, wrapping. */
static enum reaction find(struct app *a, bool back)
{
    struct tree_view *v = tv(a);
    size_t i = state_list_find(a, v->sel, v->ct.n, back, row_matches);
    if (i != SIZE_MAX)
        select_row(a, i);
    return RE_REDRAW;
}

/* After a search: the tree expanded down to every match, the first match after the
 * selection selected. */
static enum reaction tree_searched(struct app *a, bool entered)
{
    struct tree_view *v = tv(a);
    if (!a->search || !entered)
        return RE_REDRAW;
    size_t hits = calltree_open_matches(&v->ct, search_matches(a->search),
                                        strtab_count(trie_names(a->t)));
    rebuild(a, sel_node(a));
    if (!hits) {
        app_message(a, "no match for %s", search_pattern(a->search));
        return RE_REDRAW;
    }
    return row_matches(a, v->sel) ? RE_REDRAW : find(a, false);
}

static enum reaction move(struct app *a, enum action act)
{
    struct tree_view *v = tv(a);
    select_row(a, state_list_move(v->sel, v->ct.n, state_list_page(a), act));
    return RE_REDRAW;
}

static enum reaction tree_action(struct app *a, enum action act)
{
    struct tree_view *v = tv(a);
    uint32_t node = sel_node(a);
    switch (act) {
    case ACT_QUIT:
    case ACT_ZOOM_RESET:
    case ACT_TREE:
        return tree_close(a);
    case ACT_MOVE_UP:
    case ACT_MOVE_DOWN:
    case ACT_PAGE_UP:
    case ACT_PAGE_DOWN:
    case ACT_SCROLL_HOME:
    case ACT_SCROLL_END:
        return move(a, act);
    case ACT_MOVE_LEFT:
    case ACT_MOVE_RIGHT:
        return side(a, act == ACT_MOVE_RIGHT);
    case ACT_ZOOM_IN:
        return toggle(a);
    case ACT_EXPAND_ALL:
    case ACT_COLLAPSE_ALL:
        calltree_open_all(&v->ct, act == ACT_EXPAND_ALL);
        /* collapsed: the selection moves up to its root */
        while (act == ACT_COLLAPSE_ALL && node != TRIE_NONE && node != TRIE_ROOT &&
               trie_parent(a->t, node) != v->ct.root)
            node = trie_parent(a->t, node);
        rebuild(a, node == TRIE_NONE ? TRIE_ROOT : node);
        return RE_REDRAW;
    case ACT_HEAVIEST:
        rebuild(a, calltree_open_heaviest(&v->ct, node == TRIE_NONE ? v->ct.root : node));
        return RE_REDRAW;
    case ACT_REVERSE:
        a->reverse = !a->reverse;
        graph_set_reverse(a->graph, a->reverse);
        app_message(a, a->reverse ? "bottom-up: functions by self time, callers below"
                                   : "top-down: callees below");
        return RE_REBUILD | RE_RELAYOUT;
    case ACT_SEARCH_NEXT:
    case ACT_SEARCH_PREV:
        return find(a, act == ACT_SEARCH_PREV);
    case ACT_CALLERS:
        if (node == TRIE_NONE)
            return RE_NONE;
        return state_open(a, ACT_CALLERS, trie_name(a->t, node));
    default:
        return frames_action(a, act);   /* t, filters */
    }
}

static enum reaction tree_mouse(struct app *a, int x, int y, int clicks, int wheel)
{
    struct tree_view *v = tv(a);
    size_t i;
    (void)x;
    if (!state_list_mouse(a, y, wheel, v->sel, &v->scroll, v->ct.n, &i))
        return RE_NONE;
    select_row(a, i);
    return !wheel && clicks >= 2 ? toggle(a) : RE_REDRAW;
}

/* ---- text ---- */

static void put_value(void *ctx, struct count c, char *out, size_t n)
{
    state_number(ctx, c, 12, out, n);
}

static void put_name(void *ctx, uint32_t name, struct buf *out)
{
    state_name(ctx, name, -1, out);
}

static bool tree_row(const struct app *a, size_t k, struct buf *out, enum row_style *st)
{
    struct tree_view *v = tv(a);
    struct calltree_fmt f = {
        .ascii = label_mode_resolve(LABEL_AUTO) == LABEL_ASCII,
        .bottom_up = graph_reverse(a->graph),
        .markers = true,
        .value = put_value,
        .name = put_name,
        .ctx = (void *)(uintptr_t)a,
    };
    if (k == 0) {
        *st = ROW_HEADER;
        calltree_header(&v->ct, &f, out);
        return true;
    }
    size_t i = v->scroll + k - 1;
    if (i >= v->ct.n)
        return false;
    *st = i == v->sel ? ROW_SELECTED : ROW_PLAIN;
    calltree_line(&v->ct, i, &f, out);
    return true;
}

static void tree_title(const struct app *a, struct buf *out)
{
    buf_printf(out, "  call tree%s", graph_reverse(a->graph) ? " (bottom-up)" : "");
    frames_title(a, out);
}

static bool tree_row_name(const struct app *a, uint32_t *name)
{
    uint32_t node = sel_node(a);
    if (node == TRIE_NONE)
        return false;
    *name = trie_name(a->t, node);
    return true;
}

const struct screen_ops tree_screen = {
    .state_size = sizeof(struct tree_view),
    .fini = tree_fini,
    .paint = PAINT_ROWS,
    .mouse_help = "Click selects a row, double-click expands or collapses it, wheel scrolls",
    .opened_by = ACT_TREE,
    .open = tree_open,
    .on_action = tree_action,
    .mouse = tree_mouse,
    .sync = tree_sync,
    .searched = tree_searched,
    .title = tree_title,
    .status = frames_status,
    .detail = text_frame_detail,
    .row_name = tree_row_name,
    .row = tree_row,
};
