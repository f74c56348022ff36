/* SPDX-License-Identifier: MIT */
/* flametui - screen_callers.c: the sandwich of one function (s): its callers above and
 * its callees below it, on one screen, as two call trees (query/calltree.h) of the
 * callers and callees tries (query/callers.h) of the filtered profile. The function's row
 * in the middle has its own total and self over the whole profile (as the table); every
 * percentage is of all samples. The halves are two panes, the function's row fixed
 * between them: the panes share the area's rows in proportion to their row counts (each
 * at least a few rows when it has them) and scroll on their own. Up and Down move
 * through both halves (across the middle row), Tab jumps to the other pane, Right and
 * Left expand and collapse, Enter re-centres on the selected function, s, q or Esc go
 * back to the screen it was opened from (the graph or the table). Pure. */
#include "config.h"

#include <stdlib.h>

#include "core/strtab.h"
#include "core/trie.h"
#include "query/callers.h"
#include "query/calltree.h"
#include "query/graph.h"
#include "query/search.h"
#include "render/label.h"
#include "ui/frames.h"
#include "ui/state.h"
#include "ui/text.h"

struct sandwich {
    uint32_t name;                 /* the function in the middle */
    struct trie *callers, *callees;  /* owned: callers.h's tries of the profile */
    struct calltree up, down;      /* the halves: the rows below the function's node */
    struct count self, total;      /* the function's, over the profile */
    double all;                    /* the profile's samples */
    uint64_t uid, gen;             /* the profile they were computed from */
    size_t sel;                    /* rows: up's, the middle (up.n), down's */
    size_t scroll[2];              /* the panes' first rows, in up and in down */
    size_t last[2];                /* the rows last selected in up and in down */
};

/* The panes' heights: up's on the area's lines 1.., the middle row, then down's. */
struct panes {
    size_t up, down;
};

enum { PANE_MIN = 3 };   /* a pane with rows gets at least this many lines (or its rows) */

static struct sandwich *sw(const struct app *a)
{
    return a->view[SCREEN_CALLERS];
}

static void drop(struct sandwich *v)
{
    calltree_fini(&v->up);
    calltree_fini(&v->down);
    trie_free(v->callers);
    trie_free(v->callees);
    v->callers = v->callees = NULL;
}

static void sandwich_fini(struct app *a)
{
    drop(sw(a));
}

static size_t count_rows(const struct sandwich *v)
{
    return v->up.n + 1 + v->down.n;
}

static size_t page(const struct app *a)
{
    return a->vp.rows > 2 ? (size_t)a->vp.rows - 1 : 1;
}

static size_t min_sz(size_t x, size_t y)
{
    return x < y ? x : y;
}

/* The lines of the panes below the header: all of each half when both fit (up's pane
 * no taller than its rows, down's the rest); else in proportion to the row counts, a
 * pane with no rows counting one (its "no callers" line). */
static struct panes split(const struct sandwich *v, size_t lines)
{
    struct panes p = {0, 0};
    size_t avail = lines > 1 ? lines - 1 : 0;
    size_t nu = v->up.n ? v->up.n : 1, nd = v->down.n ? v->down.n : 1;
    if (nu + nd <= avail) {
        p.up = nu;
    } else {
        size_t lo = min_sz(PANE_MIN, nu), keep = min_sz(PANE_MIN, nd);
        p.up = (2 * avail * nu + nu + nd) / (2 * (nu + nd));   /* rounded */
        if (p.up + keep > avail)
            p.up = avail > keep ? avail - keep : 0;
        if (p.up < lo)
            p.up = min_sz(lo, avail);
    }
    p.down = avail - p.up;
    return p;
}

static struct panes panes_of(const struct app *a)
{
    return split(sw(a), page(a));
}

/* A pane's scroll (n rows on h lines): its row i shown when has (the selection is in
 * it), never past its last row. */
static void fit_pane(size_t *scroll, size_t n, size_t h, bool has, size_t i)
{
    if (has && i < *scroll)
        *scroll = i;
    if (has && h && i >= *scroll + h)
        *scroll = i - h + 1;
    size_t max = n > h ? n - h : 0;
    if (*scroll > max)
        *scroll = max;
}

static void keep_visible(struct app *a)
{
    struct sandwich *v = sw(a);
    struct panes p = panes_of(a);
    bool in_up = v->sel < v->up.n, in_down = v->sel > v->up.n;
    fit_pane(&v->scroll[0], v->up.n, p.up, in_up, v->sel);
    fit_pane(&v->scroll[1], v->down.n, p.down, in_down, in_down ? v->sel - v->up.n - 1 : 0);
    if (in_up)
        v->last[0] = v->sel;
    if (in_down)
        v->last[1] = v->sel - v->up.n - 1;
}

/* The half's tree and node of row i; NULL for the middle row. */
static struct calltree *half(const struct sandwich *v, size_t i, uint32_t *node)
{
    struct sandwich *m = (struct sandwich *)(uintptr_t)v;
    if (i < v->up.n) {
        *node = v->up.v[i].node;
        return &m->up;
    }
    if (i > v->up.n && i - v->up.n - 1 < v->down.n) {
        *node = v->down.v[i - v->up.n - 1].node;
        return &m->down;
    }
    *node = TRIE_NONE;
    return NULL;
}

/* The function of row i. */
static uint32_t row_fn(const struct sandwich *v, size_t i)
{
    uint32_t node;
    const struct calltree *c = half(v, i, &node);
    return c ? trie_name(c->t, node) : v->name;
}

static void attach(struct calltree *c, struct trie *t, uint32_t name)
{
    calltree_attach(c, t);
    c->root = trie_find_child(t, TRIE_ROOT, name);
    if (c->root == TRIE_NONE)
        c->root = TRIE_ROOT;
    calltree_rows(c);
}

/* The tries of name in the profile, both halves collapsed, the middle row selected. */
static void center(struct app *a, uint32_t name)
{
    struct sandwich *v = sw(a);
    struct trie *p = graph_profile(a->graph);
    drop(v);
    v->name = name;
    v->callers = callers_callers(p, name);
    v->callees = callers_callees(p, name);
    v->self = callers_self(p, name);
    v->total = callers_total(p, name);
    v->all = trie_total_d(p, TRIE_ROOT);
    v->uid = trie_uid(p);
    v->gen = trie_generation(p);
    attach(&v->up, v->callers, name);
    attach(&v->down, v->callees, name);
    v->sel = v->up.n;
    v->scroll[0] = v->scroll[1] = v->last[0] = v->last[1] = 0;
    keep_visible(a);
}

static enum reaction sandwich_open(struct app *a, uint32_t name)
{
    if (app_screen(a) != SCREEN_CALLERS)
        app_push(a, SCREEN_CALLERS);
    center(a, name);
    return RE_REDRAW;
}

/* The profile changed (filters, growth): the same function again, as far as it is there. */
static void sandwich_sync(struct app *a, bool changed)
{
    struct sandwich *v = sw(a);
    if (!changed || !v->callers)
        return;
    struct trie *p = graph_profile(a->graph);
    if (trie_uid(p) == v->uid && trie_generation(p) == v->gen)
        return;
    size_t sel = v->sel;
    center(a, v->name);
    v->sel = sel < count_rows(v) ? sel : v->up.n;
    keep_visible(a);
}

/* Right expands (then the first child), Left collapses (then the parent). */
static enum reaction side(struct app *a, bool right)
{
    struct sandwich *v = sw(a);
    uint32_t node;
    struct calltree *c = half(v, v->sel, &node);
    if (!c)
        return RE_NONE;
    size_t base = c == &v->up ? 0 : v->up.n + 1;
    bool open = calltree_is_open(c, node), kids = calltree_has_kids(c, node);
    uint32_t want = node;
    if (right && kids && open) {
        v->sel++;
        keep_visible(a);
        return RE_REDRAW;
    }
    if (right && kids)
        calltree_set_open(c, node, true);
    else if (!right && open)
        calltree_set_open(c, node, false);
    else if (!right && trie_parent(c->t, node) != c->root)
        want = trie_parent(c->t, node);
    calltree_rows(c);
    size_t i = calltree_find(c, want);
    v->sel = base + (i == SIZE_MAX ? 0 : i);
    keep_visible(a);
    return RE_REDRAW;
}

/* Tab: the other pane's row last selected there (from the middle row: down's); the
 * middle row when that pane is empty. */
static enum reaction other_pane(struct app *a)
{
    struct sandwich *v = sw(a);
    bool to_down = v->sel < v->up.n || (v->sel == v->up.n && v->down.n);
    if (to_down)
        v->sel = v->down.n ? v->up.n + 1 + min_sz(v->last[1], v->down.n - 1) : v->up.n;
    else
        v->sel = v->up.n ? min_sz(v->last[0], v->up.n - 1) : v->up.n;
    keep_visible(a);
    return RE_REDRAW;
}

/* n / N: the next (previous) row of a function that matches the search, wrapping. */
static enum reaction find(struct app *a, bool back)
{
    struct sandwich *v = sw(a);
    size_t n = count_rows(v), nm = strtab_count(trie_names(a->base));
    const unsigned char *m = a->search ? search_matches(a->search) : NULL;
    if (!m) {
        app_message(a, "no search: press / first");
        return RE_REDRAW;
    }
    for (size_t k = 1; k <= n; k++) {
        size_t i = back ? (v->sel + n - k) % n : (v->sel + k) % n;
        uint32_t fn = row_fn(v, i);
        if (fn < nm && m[fn]) {
            v->sel = i;
            keep_visible(a);
            return RE_REDRAW;
        }
    }
    app_message(a, "no row matches");
    return RE_REDRAW;
}

static enum reaction sandwich_searched(struct app *a, bool entered)
{
    return entered && a->search ? find(a, false) : RE_REDRAW;
}

static enum reaction sandwich_action(struct app *a, enum action act)
{
    struct sandwich *v = sw(a);
    struct panes p = panes_of(a);
    size_t n = count_rows(v), rows = v->sel < v->up.n ? p.up : p.down;
    rows = rows ? rows : 1;
    switch (act) {
    case ACT_QUIT:
    case ACT_ZOOM_RESET:
    case ACT_CALLERS:
        app_pop(a);
        return RE_RELAYOUT;
    case ACT_MOVE_UP:
        v->sel = v->sel ? v->sel - 1 : 0;
        break;
    case ACT_MOVE_DOWN:
        v->sel = v->sel + 1 < n ? v->sel + 1 : n - 1;
        break;
    case ACT_PAGE_UP:
        v->sel = v->sel > rows ? v->sel - rows : 0;
        break;
    case ACT_PAGE_DOWN:
        v->sel = v->sel + rows < n ? v->sel + rows : n - 1;
        break;
    case ACT_SCROLL_HOME:
        v->sel = 0;
        break;
    case ACT_SCROLL_END:
        v->sel = n - 1;
        break;
    case ACT_MOVE_LEFT:
    case ACT_MOVE_RIGHT:
        return side(a, act == ACT_MOVE_RIGHT);
    case ACT_PANE:
        return other_pane(a);
    case ACT_SEARCH_NEXT:
    case ACT_SEARCH_PREV:
        return find(a, act == ACT_SEARCH_PREV);
    case ACT_ZOOM_IN:   /* Enter: that function in the middle */
        if (v->sel != v->up.n)
            center(a, row_fn(v, v->sel));
        return RE_REDRAW;
    default:
        return frames_action(a, act);   /* t, v, filters */
    }
    keep_visible(a);
    return RE_REDRAW;
}

/* The row on line k of the area below the header (0 = the first): true with *i its
 * index; false on a pane's empty line, *i then SIZE_MAX, or 0 / 1 on the first line of
 * an empty up / down pane (its "no callers" / "no callees" line). */
static bool at_line(const struct app *a, size_t k, size_t *i)
{
    const struct sandwich *v = sw(a);
    struct panes p = panes_of(a);
    *i = SIZE_MAX;
    if (k < p.up) {
        if (!v->up.n && k == 0)
            *i = 0;
        else if (v->scroll[0] + k < v->up.n)
            *i = v->scroll[0] + k;
        return v->up.n && *i != SIZE_MAX;
    }
    if (k == p.up) {
        *i = v->up.n;
        return true;
    }
    k -= p.up + 1;
    if (k >= p.down)
        return false;
    if (!v->down.n && k == 0)
        *i = 1;
    else if (v->scroll[1] + k < v->down.n)
        *i = v->up.n + 1 + v->scroll[1] + k;
    return v->down.n && *i != SIZE_MAX;
}

/* The wheel on screen line y: three rows of the pane under the pointer (below the middle
 * row: down's); a selection in that pane stays in its view. */
static enum reaction wheel_pane(struct app *a, int y, int wheel)
{
    struct sandwich *v = sw(a);
    struct panes p = panes_of(a);
    bool up = y >= 2 && (size_t)(y - 2) < p.up;
    size_t *s = &v->scroll[up ? 0 : 1], n = up ? v->up.n : v->down.n, h = up ? p.up : p.down;
    *s = wheel < 0 ? (*s > 3 ? *s - 3 : 0) : *s + 3;
    fit_pane(s, n, h, false, 0);
    size_t base = up ? 0 : v->up.n + 1, j = v->sel - base;
    if (v->sel >= base && j < n && h) {
        j = j < *s ? *s : j >= *s + h ? *s + h - 1 : j;
        v->sel = base + j;
        keep_visible(a);
    }
    return RE_REDRAW;
}

static enum reaction sandwich_mouse(struct app *a, int x, int y, int clicks, int wheel)
{
    struct sandwich *v = sw(a);
    size_t i;
    (void)x;
    if (wheel)
        return wheel_pane(a, y, wheel);
    if (y < 2 || !at_line(a, (size_t)(y - 2), &i))
        return RE_NONE;
    v->sel = i;
    keep_visible(a);
    return clicks >= 2 ? sandwich_action(a, ACT_ZOOM_IN) : RE_REDRAW;
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

/* Line i of the list (no header). */
static void line(const struct app *a, size_t i, struct buf *out)
{
    struct sandwich *v = sw(a);
    bool ascii = label_mode_resolve(LABEL_AUTO) == LABEL_ASCII;
    uint32_t node;
    struct calltree *c = half(v, i, &node);
    if (!c) {   /* the function: its numbers over the whole profile */
        char w[CALLTREE_VALUE_MAX];
        put_value((void *)(uintptr_t)a, v->total, w, sizeof w);
        buf_printf(out, "%7.2f%% %7.2f%% %12s  %s ", ft_pct(count_to_double(v->total), v->all),
                   ft_pct(count_to_double(v->self), v->all), w, ascii ? "==" : "\u2550\u2550");
        state_name(a, v->name, -1, out);
        buf_printf(out, " %s", ascii ? "(callers ^ above, callees v below)"
                                     : "(callers \u25b2 above, callees \u25bc below)");
        return;
    }
    struct calltree_fmt f = {
        .ascii = ascii,
        .no_self = c == &v->up,
        .all = v->all,
        .markers = true,
        .value = put_value,
        .name = put_name,
        .ctx = (void *)(uintptr_t)a,
    };
    calltree_line(c, c == &v->up ? i : i - v->up.n - 1, &f, out);
}

static bool sandwich_row(const struct app *a, size_t k, struct buf *out, enum row_style *st)
{
    struct sandwich *v = sw(a);
    if (k == 0) {
        *st = ROW_HEADER;
        buf_printf(out, "%8s %8s %12s  %s", "TOTAL%", "SELF%", "TOTAL",
                   "FUNCTION  (Enter: re-centre, Right/Left: expand/collapse, s: close)");
        return true;
    }
    size_t i;
    if (k > page(a))
        return false;
    if (!at_line(a, k - 1, &i)) {
        if (i != SIZE_MAX)   /* an empty pane */
            buf_printf(out, "%32s%s", "", i == 0 ? "no callers" : "no callees");
        return i != SIZE_MAX;
    }
    *st = i == v->sel ? ROW_SELECTED : i == v->up.n ? ROW_HEADER : ROW_PLAIN;
    line(a, i, out);
    return true;
}

static void sandwich_title(const struct app *a, struct buf *out)
{
    buf_printf(out, "  callers/callees of ");
    state_name(a, sw(a)->name, -1, out);
}

/* The selected row's numbers: the middle one's over the profile, another's in its half. */
static void row_info(const struct app *a, const struct unit *u, int level, struct buf *info)
{
    const struct sandwich *v = sw(a);
    uint32_t node;
    const struct calltree *c = half(v, v->sel, &node);
    struct count tot = c ? trie_total(c->t, node) : v->total;
    if (level >= 4)
        return;
    buf_printf(info, "  ");
    if (c)
        buf_printf(info, "%s ", c == &v->up ? "calls it:" : "called:");
    state_put_weight(info, tot, u, level >= 1);
    buf_printf(info, " (%.2f%%)", ft_pct(count_to_double(tot), v->all));
    if (!c && level < 3) {
        buf_printf(info, " self ");
        state_put_number(info, v->self, u, level >= 1);
        buf_printf(info, " (%.2f%%)", ft_pct(count_to_double(v->self), v->all));
    }
}

static void sandwich_status(const struct app *a, int cols, struct buf *left, struct buf *info,
                            struct buf *right)
{
    text_fit(a, cols, row_fn(sw(a), sw(a)->sel), row_info, left, info, right);
}

static bool sandwich_detail(const struct app *a, const struct unit *u, struct buf *items,
                            uint32_t *name)
{
    const struct sandwich *v = sw(a);
    char w[NUMFMT_MAX + 80];
    *name = v->name;
    numfmt_weight(w, sizeof(w), v->total, u, false);
    text_item(items, "total %s (%.2f%% of all)", w, ft_pct(count_to_double(v->total), v->all));
    numfmt_weight(w, sizeof(w), v->self, u, false);
    text_item(items, "self %s (%.2f%%)", w, ft_pct(count_to_double(v->self), v->all));
    text_item(items, "%zu callers, %zu callees", v->up.n, v->down.n);
    return true;
}

static bool sandwich_row_name(const struct app *a, uint32_t *name)
{
    *name = row_fn(sw(a), sw(a)->sel);
    return true;
}

const struct screen_ops callers_screen = {
    .state_size = sizeof(struct sandwich),
    .fini = sandwich_fini,
    .paint = PAINT_ROWS,
    .mouse_help = "Click selects a row, double-click re-centres on it, wheel scrolls",
    .opened_by = ACT_CALLERS,
    .open = sandwich_open,
    .on_action = sandwich_action,
    .mouse = sandwich_mouse,
    .sync = sandwich_sync,
    .searched = sandwich_searched,
    .title = sandwich_title,
    .status = sandwich_status,
    .detail = sandwich_detail,
    .row_name = sandwich_row_name,
    .row = sandwich_row,
};
