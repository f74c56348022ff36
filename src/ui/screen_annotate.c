/* SPDX-License-Identifier: MIT */
/* flametui - screen_annotate.c: the source lines of the selected function (a), as
 * --annotate prints them (go tool pprof -list: query/annotate.h), from the filtered
 * profile's FUNC:FILE:LINE frames; the lines with self samples are marked. Without line
 * information it does not open and says how to get it. Up, Down, PgUp, PgDn, g and G
 * scroll; q, Esc or a go back. Pure (it reads the source files). */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "core/strtab.h"
#include "core/trie.h"
#include "query/annotate.h"
#include "query/graph.h"
#include "ui/state.h"

struct annotate_view {
    struct buf func;      /* the function's name (a line frame's FUNC part) */
    struct buf text;      /* the lines, '\n'-terminated */
    size_t *off;          /* the start of each line */
    size_t n, cap, scroll;
};

static struct annotate_view *av(const struct app *a)
{
    return a->view[SCREEN_ANNOTATE];
}

static void annotate_fini_view(struct app *a)
{
    buf_fini(&av(a)->text);
    buf_fini(&av(a)->func);
    free(av(a)->off);
}

static void put_safe(struct buf *out, const char *s, size_t n)
{
    state_safe(out, s, n);
}

static enum reaction annotate_open(struct app *a, uint32_t name)
{
    struct annotate_view *v = av(a);
    struct trie *p = graph_profile(a->graph);
    size_t n, fl, fo, fil;
    uint32_t line;
    const char *s = strtab_get(trie_names(a->base), name, &n);
    if (annotate_split(s, n, &fl, &fo, &fil, &line))
        n = fl;   /* a line frame (perf --srcline): its function */
    struct annotate an = {0};
    annotate_collect(p, NULL, s, n, &an);
    if (!an.line_frames || !an.n) {
        app_message(a, "no line info%s: perf needs --srcline (record -g/dwarf); Go pprof: "
                       "--annotate=RE",
                    an.line_frames ? " here" : "");
        annotate_fini(&an);
        return RE_REDRAW;
    }
    struct unit u;
    state_unit(a, &u);
    v->func.len = 0;
    buf_append(&v->func, s, n);
    v->text.len = 0;
    annotate_text(&an, trie_total(p, TRIE_ROOT), u.u == UNIT_NS ? "nanoseconds" : NULL, NULL,
                  put_safe, &v->text);
    annotate_fini(&an);
    v->n = v->scroll = 0;
    for (size_t i = 0; i < v->text.len; i++)
        if (i == 0 || v->text.p[i - 1] == '\n') {
            FT_GROW(v->off, v->cap, v->n + 1);
            v->off[v->n++] = i;
        }
    app_push(a, SCREEN_ANNOTATE);
    return RE_REDRAW;
}

static size_t page(const struct app *a)
{
    return a->vp.rows > 1 ? (size_t)a->vp.rows : 1;
}

static enum reaction annotate_action(struct app *a, enum action act)
{
    struct annotate_view *v = av(a);
    size_t rows = page(a), max = v->n > rows ? v->n - rows : 0;
    switch (act) {
    case ACT_QUIT:
    case ACT_ZOOM_RESET:
    case ACT_ANNOTATE:
        app_pop(a);
        return RE_RELAYOUT;
    case ACT_MOVE_UP:
        v->scroll = v->scroll ? v->scroll - 1 : 0;
        break;
    case ACT_MOVE_DOWN:
        v->scroll = v->scroll < max ? v->scroll + 1 : max;
        break;
    case ACT_PAGE_UP:
        v->scroll = v->scroll > rows ? v->scroll - rows : 0;
        break;
    case ACT_PAGE_DOWN:
        v->scroll = v->scroll + rows < max ? v->scroll + rows : max;
        break;
    case ACT_SCROLL_HOME:
        v->scroll = 0;
        break;
    case ACT_SCROLL_END:
        v->scroll = max;
        break;
    default:
        return RE_NONE;
    }
    return RE_REDRAW;
}

/* A source line with self samples: its flat column (the first 10) is not ".". */
static bool hot(const char *s, size_t n)
{
    size_t i = 0;
    while (i < n && i < 10 && s[i] == ' ')
        i++;
    return n > 29 && s[28] == ':' && i < 10 && s[i] != '.';
}

static bool annotate_row(const struct app *a, size_t k, struct buf *out, enum row_style *st)
{
    const struct annotate_view *v = av(a);
    size_t i = v->scroll + k;
    if (i >= v->n)
        return false;
    size_t end = i + 1 < v->n ? v->off[i + 1] - 1 : v->text.len - 1;
    const char *s = v->text.p + v->off[i];
    size_t n = end - v->off[i];
    *st = i < 3 ? ROW_HEADER : hot(s, n) ? ROW_SELECTED : ROW_PLAIN;
    buf_append(out, s, n);
    return true;
}

static enum reaction annotate_mouse(struct app *a, int x, int y, int clicks, int wheel)
{
    (void)x;
    (void)y;
    (void)clicks;
    if (!wheel)
        return RE_NONE;
    for (int i = 0; i < 3; i++)
        annotate_action(a, wheel < 0 ? ACT_MOVE_UP : ACT_MOVE_DOWN);
    return RE_REDRAW;
}

static void annotate_title(const struct app *a, struct buf *out)
{
    buf_printf(out, "  source of ");
    state_safe_name(out, av(a)->func.p, av(a)->func.len);
}

static void annotate_status(const struct app *a, int cols, struct buf *left, struct buf *info,
                            struct buf *right)
{
    (void)cols;
    (void)info;
    (void)right;
    const struct annotate_view *v = av(a);
    buf_printf(left, "lines %zu-%zu of %zu  (flat: self, cum: total; marked: self time)",
               v->n ? v->scroll + 1 : 0,
               v->scroll + page(a) < v->n ? v->scroll + page(a) : v->n, v->n);
}

const struct screen_ops annotate_screen = {
    .state_size = sizeof(struct annotate_view),
    .fini = annotate_fini_view,
    .paint = PAINT_ROWS,
    .mouse_help = "The wheel scrolls",
    .opened_by = ACT_ANNOTATE,
    .open = annotate_open,
    .on_action = annotate_action,
    .mouse = annotate_mouse,
    .title = annotate_title,
    .status = annotate_status,
    .row = annotate_row,
};
