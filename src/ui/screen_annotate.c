/* SPDX-License-Identifier: MIT */
/* flametui - screen_annotate.c: the source lines of the selected function (a), as
 * --annotate prints them (go tool pprof -list: query/annotate.h), from the filtered
 * profile's FUNC:FILE:LINE frames; the lines with self samples are marked. A pprof
 * profile read from files has no such frames: its inputs are read again (once, kept) in
 * line mode, as --annotate reads them, with the viewer's filters. Without line
 * information it does not open and says how to get it. Up, Down, PgUp, PgDn, g and G
 * scroll; q, Esc or a go back. Pure (it reads the source files and the inputs again). */
#include "config.h"

#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "core/strtab.h"
#include "core/trie.h"
#include "input/loader.h"
#include "query/annotate.h"
#include "query/graph.h"
#include "ui/state.h"
#include "ui/text.h"

struct annotate_view {
    struct buf func;      /* the function's name (a line frame's FUNC part) */
    struct buf text;      /* the lines, '\n'-terminated */
    size_t *off;          /* the start of each line */
    size_t n, cap, scroll;
    struct trie *lines;   /* the pprof inputs read again with line frames; owned */
    bool lines_tried;     /* ... whether or not that could be done */
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
    trie_free(av(a)->lines);
}

/* One input read again into t with pprof frames named FUNC:FILE:LINE: false (nothing
 * added) unless it is a pprof profile in a regular file (not stdin, a pipe or a URL). */
static bool read_lines(const char *path, const struct load_opts *lo, struct trie *t)
{
    struct stat st;
    struct ft_error err = {0, ""};
    if (!strcmp(path, "-") || stat(path, &st) != 0 || !S_ISREG(st.st_mode))
        return false;
    struct loader *l = loader_open(path, lo, t, &err);
    enum load_status s = l ? LOAD_MORE : LOAD_ERROR;
    while (s == LOAD_MORE && loader_format(l) == FORMAT_AUTO)   /* sniffed from its start */
        s = loader_step(l, 65536, &err);
    bool ok = s != LOAD_ERROR && loader_format(l) == FORMAT_PPROF &&
              (s == LOAD_EOF || loader_run(l, &err) == 0);
    loader_free(l);
    return ok;
}

/* The profile with line frames: the viewer's filters over the inputs read again (kept
 * in the view); NULL (the caller frees *g otherwise) when an input is not a pprof file. */
static struct trie *line_profile(struct app *a, struct graph **g)
{
    struct annotate_view *v = av(a);
    if (!v->lines_tried && a->reload && a->nfiles) {
        struct load_opts lo = *a->reload;
        lo.pprof_lines = true;
        lo.follow = lo.interactive = false;
        lo.tee_fd = 0;
        lo.perf.samples = NULL;
        v->lines = trie_new(NULL);
        for (size_t i = 0; i < a->nfiles && v->lines; i++)
            if (!read_lines(a->files[i], &lo, v->lines)) {
                trie_free(v->lines);
                v->lines = NULL;
            }
    }
    v->lines_tried = true;
    if (!v->lines)
        return NULL;
    *g = graph_new(v->lines);
    for (size_t i = 0; i < graph_filter_count(a->graph); i++)
        graph_push_filter(*g, graph_filter_kind(a->graph, i), graph_filter_pattern(a->graph, i),
                          NULL);
    return graph_profile(*g);
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
    struct graph *lg = NULL;
    struct trie *lp;
    annotate_collect(p, NULL, s, n, &an);
    if (!an.line_frames && (lp = line_profile(a, &lg)) != NULL) {   /* pprof: read again */
        p = lp;
        annotate_fini(&an);
        annotate_collect(p, NULL, s, n, &an);
    }
    if (!an.line_frames || !an.n) {
        app_message(a, "no line info%s: perf needs --srcline; piped pprof: --annotate=RE",
                    an.line_frames ? " here" : "");
        annotate_fini(&an);
        graph_free(lg);
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
    graph_free(lg);
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
    (void)info;
    const struct annotate_view *v = av(a);
    struct unit u;
    state_unit(a, &u);
    buf_printf(left, "lines %zu-%zu of %zu  (flat: self, cum: total; marked: self time)",
               v->n ? v->scroll + 1 : 0,
               v->scroll + page(a) < v->n ? v->scroll + page(a) : v->n, v->n);
    text_right_fit(a, &u, cols, right);   /* the live state, as on every screen */
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
