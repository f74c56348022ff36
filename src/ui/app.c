/* flametui - app.c: pure viewer state and actions. */
#include "config.h"

#include "ui/app.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/count.h"
#include "render/label.h"
#include "query/search.h"
#include "core/trie.h"
#include "query/view.h"

static void path_set(struct name_path *p, const struct trie *t, uint32_t node)
{
    size_t d = node == TRIE_NONE ? 0 : trie_depth(t, node);
    if (d > p->cap) {
        p->cap = d * 2;
        p->v = xreallocarray(p->v, p->cap, sizeof(*p->v));
    }
    p->n = d;
    uint32_t n = node;
    for (size_t i = d; i > 0; i--) {
        p->v[i - 1] = trie_name(t, n);
        n = trie_parent(t, n);
    }
}

/* Deepest node along the path that exists in t. */
static uint32_t path_resolve(const struct name_path *p, const struct trie *t)
{
    uint32_t n = TRIE_ROOT;
    for (size_t i = 0; i < p->n; i++) {
        uint32_t c = trie_find_child(t, n, p->v[i]);
        if (c == TRIE_NONE)
            break;
        n = c;
    }
    return n;
}

void app_init(struct app *a, struct trie *t, const char *input)
{
    memset(a, 0, sizeof(*a));
    a->base = a->t = t;
    a->base_gen = trie_generation(t);
    a->view = view_new();
    a->input = input ? input : "";
    a->vp.orient = ORIENT_FLAME;
    a->vp.order = ORDER_NAME;
    a->zoom = a->sel = TRIE_ROOT;
    a->gen = trie_generation(t);
    lineedit_init(&a->le);
}

void app_fini(struct app *a)
{
    app_view_fini(a);
    free(a->zoom_path.v);
    free(a->sel_path.v);
    lineedit_fini(&a->le);
    memset(a, 0, sizeof(*a));
}

static int max_scroll(const struct app *a)
{
    int levels = (int)trie_max_depth(a->t) + 1;
    int m = levels - (a->vp.rows > 0 ? a->vp.rows : 1);
    return m > 0 ? m : 0;
}

static void clamp_scroll(struct app *a)
{
    int m = max_scroll(a);
    if (a->vp.scroll > m)
        a->vp.scroll = m;
    if (a->vp.scroll < 0)
        a->vp.scroll = 0;
}

void app_keep_visible(struct app *a)
{
    int d = (int)trie_depth(a->t, a->sel);
    int rows = a->vp.rows > 0 ? a->vp.rows : 1;
    if (d < a->vp.scroll)
        a->vp.scroll = d;
    else if (d >= a->vp.scroll + rows)
        a->vp.scroll = d - rows + 1;
    clamp_scroll(a);
}

bool app_sync(struct app *a, bool force)
{
    uint64_t g = trie_generation(a->t);
    if (!force && g == a->gen)
        return false;
    a->gen = g;
    a->zoom = path_resolve(&a->zoom_path, a->t);
    a->sel = path_resolve(&a->sel_path, a->t);
    clamp_scroll(a);
    return true;
}

void app_resize(struct app *a, int cols, int rows)
{
    cols = cols > 0 ? cols : 0;
    rows = rows > 0 ? rows : 0;
    if (cols == a->vp.cols && rows == a->vp.rows)
        return;     /* called before every layout: must not undo a scroll */
    a->vp.cols = cols;
    a->vp.rows = rows;
    app_keep_visible(a);
}

static void set_sel(struct app *a, uint32_t node)
{
    a->sel = node;
    path_set(&a->sel_path, a->t, node);
    app_keep_visible(a);
}

static void set_zoom(struct app *a, uint32_t node)
{
    a->zoom = node;
    path_set(&a->zoom_path, a->t, node);
}

void app_zoom_to(struct app *a, uint32_t node)
{
    set_zoom(a, node);
    app_keep_visible(a);
}

enum reaction app_select(struct app *a, uint32_t node)
{
    if (node == TRIE_NONE || node >= trie_size(a->t))
        return RE_NONE;
    set_sel(a, node);
    return RE_RELAYOUT;
}

uint32_t app_hit(const struct app *a, int x, int y)
{
    const struct rect *r = a->rects ? layout_hit(a->rects, x, y) : NULL;
    return r ? r->node : TRIE_NONE;
}

/* Moves the selection with layout's rules (widest drawable child, the path to the zoom
 * root below its ancestors, neighbours on the row as laid out). */
static enum reaction move(struct app *a, enum layout_move m)
{
    struct layout_in in;
    app_layout_in(a, &in);
    uint32_t n = layout_move(&in, a->rects, a->sel, m);
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

enum reaction app_wheel(struct app *a, int dir)
{
    return scroll_by(a, depth_dir(a, dir < 0 ? -1 : 1) * 3);
}

enum reaction app_click(struct app *a, int x, int y, int clicks)
{
    uint32_t n = app_hit(a, x, y);
    if (n == TRIE_NONE)
        return RE_NONE;
    enum reaction re = app_select(a, n);
    if (clicks >= 2)
        re |= app_handle(a, ACT_ZOOM_IN);
    return re;
}

void app_message(struct app *a, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(a->msg, sizeof(a->msg), fmt, ap);
    va_end(ap);
}

static enum reaction open_prompt(struct app *a, enum prompt_kind k)
{
    a->prompt = k;
    lineedit_set(&a->le, NULL);
    a->msg[0] = '\0';
    return RE_REDRAW;
}

enum reaction app_handle(struct app *a, enum action act)
{
    int rows = a->vp.rows > 1 ? a->vp.rows - 1 : 1;
    if (act != ACT_NONE)
        a->msg[0] = '\0';
    if (a->help && act != ACT_QUIT) {
        /* The help has ACT_COUNT + 1 lines in a box that shows vp.rows of them. */
        int max = ACT_COUNT + 1 - a->vp.rows, old = a->help_scroll;
        if (act == ACT_MOVE_DOWN || act == ACT_PAGE_DOWN)
            a->help_scroll += act == ACT_MOVE_DOWN ? 1 : a->vp.rows;
        else if (act == ACT_MOVE_UP || act == ACT_PAGE_UP)
            a->help_scroll -= act == ACT_MOVE_UP ? 1 : a->vp.rows;
        else
            a->help = false;
        if (a->help_scroll > max)
            a->help_scroll = max;
        if (a->help_scroll < 0)
            a->help_scroll = 0;
        return a->help && a->help_scroll == old ? RE_NONE : RE_REDRAW;
    }
    if (a->top && act != ACT_QUIT && act != ACT_HELP)
        return app_top_action(a, act);
    switch (act) {
    case ACT_NONE:
    case ACT_COUNT:
        return RE_NONE;
    case ACT_QUIT:
        return RE_QUIT;
    case ACT_HELP:
        a->help = true;
        a->help_scroll = 0;
        return RE_REDRAW;
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
        set_zoom(a, a->sel);
        app_keep_visible(a);
        return RE_RELAYOUT;
    case ACT_ZOOM_OUT:
        if (a->zoom == TRIE_ROOT)
            return RE_NONE;
        set_zoom(a, trie_parent(a->t, a->zoom));
        return RE_RELAYOUT;
    case ACT_ZOOM_RESET:
        if (a->zoom == TRIE_ROOT)
            return RE_REDRAW;
        set_zoom(a, TRIE_ROOT);
        return RE_RELAYOUT;
    case ACT_ORIENT:
        a->vp.orient = a->vp.orient == ORIENT_FLAME ? ORIENT_ICICLE : ORIENT_FLAME;
        return RE_RELAYOUT;
    case ACT_ORDER:
        a->vp.order = a->vp.order == ORDER_NAME ? ORDER_WEIGHT : ORDER_NAME;
        app_message(a, "order: %s", a->vp.order == ORDER_NAME ? "by name" : "heaviest first");
        return RE_RELAYOUT;
    case ACT_PAGE_UP:
        return scroll_by(a, depth_dir(a, -1) * rows) | RE_REDRAW;
    case ACT_PAGE_DOWN:
        return scroll_by(a, depth_dir(a, 1) * rows) | RE_REDRAW;
    case ACT_SCROLL_HOME:
        return scroll_by(a, -max_scroll(a) - a->vp.scroll) | RE_REDRAW;
    case ACT_SCROLL_END:
        return scroll_by(a, max_scroll(a)) | RE_REDRAW;
    case ACT_PAUSE:
        if (a->live == LIVE_NONE) {
            app_message(a, "not a live input");
            return RE_REDRAW;
        }
        a->paused = !a->paused;
        return RE_RELAYOUT;
    case ACT_SEARCH:
        free(a->search_saved);
        a->search_saved = a->search ? xstrdup(search_pattern(a->search)) : NULL;
        return open_prompt(a, PROMPT_SEARCH);
    case ACT_FILTER_INCLUDE:
        return open_prompt(a, PROMPT_INCLUDE);
    case ACT_FILTER_EXCLUDE:
        return open_prompt(a, PROMPT_EXCLUDE);
    case ACT_FILTER_HIDE:
        return open_prompt(a, PROMPT_HIDE);
    case ACT_SEARCH_NEXT:
    case ACT_SEARCH_PREV:
    case ACT_FILTER_CLEAR:
    case ACT_REVERSE:
    case ACT_TOP:
    case ACT_CALLERS:
    case ACT_WINDOW:
        return app_view_action(a, act);
    }
    return RE_NONE;
}

static const char *prompt_label(enum prompt_kind k)
{
    switch (k) {
    case PROMPT_SEARCH:
        return "/";
    case PROMPT_INCLUDE:
        return "include: ";
    case PROMPT_EXCLUDE:
        return "exclude: ";
    case PROMPT_HIDE:
        return "hide: ";
    case PROMPT_NONE:
        break;
    }
    return "";
}

enum reaction app_prompt_key(struct app *a, int key)
{
    enum prompt_kind k = a->prompt;
    bool empty = lineedit_text(&a->le)[0] == '\0';
    switch (lineedit_key(&a->le, key)) {
    case LE_NONE:
        /* Backspace in an empty filter prompt undoes the last filter. */
        if (k != PROMPT_SEARCH && empty && (key == FT_KEY_BACKSPACE || key == 127 || key == 8)) {
            a->prompt = PROMPT_NONE;
            return app_view_prompt(a, k, 0, 1) | RE_REDRAW;
        }
        return RE_NONE;
    case LE_MOVED:
        return RE_REDRAW;
    case LE_CHANGED:
        return (k == PROMPT_SEARCH ? app_view_prompt(a, k, 0, 0) : RE_NONE) | RE_REDRAW;
    case LE_CANCEL:
        a->prompt = PROMPT_NONE;
        return app_view_prompt(a, k, -1, 0) | RE_REDRAW;
    case LE_ACCEPT:
        a->prompt = PROMPT_NONE;
        return app_view_prompt(a, k, 1, 0) | RE_REDRAW;
    }
    return RE_NONE;
}

void app_layout_in(const struct app *a, struct layout_in *in)
{
    memset(in, 0, sizeof(*in));
    in->t = a->t;
    in->zoom = a->zoom;
    in->selected = a->sel;
    in->match = a->search ? search_matches(a->search) : NULL;
    in->vp = a->vp;
}

void app_set_rects(struct app *a, const struct rect_list *rl)
{
    a->rects = rl;
}

static void safe_append(struct buf *out, const char *s, size_t n)
{
    label_escape(out, s, n, LABEL_AUTO);
}

void app_safe_name(const struct app *a, uint32_t node, struct buf *out)
{
    size_t n;
    const char *s = trie_label(a->t, node, &n);
    /* a name of megabytes (hostile input) was escaped and measured on every redraw:
     * ~1.4 s per key for a 64 MB name; no screen shows more than a few KB of it */
    if (n > 4096) {
        safe_append(out, s, 4096);
        buf_append(out, "..", 2);
        return;
    }
    safe_append(out, s, n);
}

static void fmt_count(struct buf *out, struct count c)
{
    char tmp[COUNT_FMT_MAX];
    count_format(tmp, c);
    buf_printf(out, "%s", tmp);
}

void app_title(const struct app *a, struct buf *out)
{
    const char *slash = strrchr(a->input, '/');
    const char *name = slash && slash[1] ? slash + 1 : a->input;  /* the title is short */
    buf_printf(out, "flametui: ");
    safe_append(out, name, strlen(name));
    buf_printf(out, "  ");
    fmt_count(out, trie_total(a->base, TRIE_ROOT));
    buf_printf(out, " samples  %s", a->vp.orient == ORIENT_FLAME ? "flame" : "icicle");
    if (a->vp.order == ORDER_WEIGHT)
        buf_printf(out, " heaviest-first");
    app_view_title(a, out);
    if (a->zoom != TRIE_ROOT) {
        buf_printf(out, "  zoom ");
        app_safe_name(a, a->zoom, out);
    }
    buf_printf(out, "  ? help");
}

static bool is_under(const struct trie *t, uint32_t node, uint32_t anc)
{
    while (node != TRIE_NONE && node != anc)
        node = trie_parent(t, node);
    return node == anc;
}

static double pct(double a, double b)
{
    return b > 0 ? 100.0 * a / b : 0.0;
}

void app_status_parts(const struct app *a, struct buf *left, struct buf *info,
                      struct buf *right)
{
    if (a->prompt != PROMPT_NONE) {
        buf_printf(left, "%s", prompt_label(a->prompt));
        const char *s = lineedit_text(&a->le);
        safe_append(left, s, strlen(s));
    } else if (a->msg[0]) {
        safe_append(left, a->msg, strlen(a->msg));
    } else {
        double tot = trie_total_d(a->t, a->sel);
        app_safe_name(a, a->sel, left);
        buf_printf(info, "  ");
        fmt_count(info, trie_total(a->t, a->sel));
        buf_printf(info, " samples (%.2f%%", pct(tot, trie_total_d(a->t, TRIE_ROOT)));
        if (a->zoom != TRIE_ROOT && is_under(a->t, a->sel, a->zoom))
            buf_printf(info, ", %.2f%% of zoom", pct(tot, trie_total_d(a->t, a->zoom)));
        buf_printf(info, ") self ");
        fmt_count(info, trie_self(a->t, a->sel));
    }
    app_view_status(a, right);
    if (a->error[0])
        buf_printf(right, "%sINPUT ERROR", right->len ? "  " : "");
    if (a->live == LIVE_NONE)
        return;
    if (right->len)
        buf_printf(right, "  ");
    if (a->paused)
        buf_printf(right, "PAUSED ");
    if (a->live == LIVE_EOF)
        buf_printf(right, "EOF ");
    else
        buf_printf(right, "%s %.0f/s %.1f MB/s ", a->live == LIVE_LOAD ? "LOADING" : "LIVE",
                   a->rate, a->mbps);
    fmt_count(right, trie_total(a->base, TRIE_ROOT));
    buf_printf(right, " samples");
}

void app_status(const struct app *a, struct buf *left, struct buf *right)
{
    struct buf info = {0};
    app_status_parts(a, left, &info, right);
    buf_append(left, info.p, info.len);
    buf_fini(&info);
}

int app_prompt_cursor(const struct app *a)
{
    if (a->prompt == PROMPT_NONE)
        return -1;
    return (int)strlen(prompt_label(a->prompt)) +
           label_width(lineedit_text(&a->le), a->le.cur, LABEL_AUTO);
}
