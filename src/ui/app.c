/* SPDX-License-Identifier: MIT */
/* flametui - app.c: the viewer's dispatch: the table of screens (one row per screen,
 * its ops in its screen_*.c), keys, actions and the mouse sent to the current screen,
 * the event loop's steps (the derive step app_update, through the graph; the live-input
 * state) and what the painter asks of the screen shown. */
#include "config.h"

#include "ui/app.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/samples.h"
#include "core/trie.h"
#include "query/graph.h"
#include "query/search.h"
#include "render/label.h"
#include "render/names.h"
#include "ui/common.h"
#include "ui/history.h"
#include "ui/keep.h"
#include "ui/keymap.h"
#include "ui/lineedit.h"
#include "ui/nav.h"
#include "ui/prompt.h"
#include "ui/screen_table.h"
#include "ui/state.h"
#include "ui/text.h"

/* The screens, by enum ui_screen: a screen is its file (screen_*.c) and a row here. */
extern const struct screen_ops graph_screen, callers_screen, table_screen, help_screen,
    time_screen, chart_screen, tree_screen, annotate_screen;
static const struct screen_ops *const screens[SCREEN_COUNT] = {
    [SCREEN_GRAPH] = &graph_screen, [SCREEN_CALLERS] = &callers_screen,
    [SCREEN_TABLE] = &table_screen, [SCREEN_HELP] = &help_screen,
    [SCREEN_TIME] = &time_screen, [SCREEN_CHART] = &chart_screen,
    [SCREEN_TREE] = &tree_screen, [SCREEN_ANNOTATE] = &annotate_screen,
};

void app_init(struct app *a, struct trie *t, const char *input)
{
    memset(a, 0, sizeof(*a));
    a->base = a->t = t;
    a->graph = graph_new(t);
    a->input = input ? input : "";
    a->ops = screens;
    for (size_t i = 0; i < SCREEN_COUNT; i++)
        a->view[i] = screens[i]->state_size ? xcalloc(1, screens[i]->state_size) : NULL;
    a->stack[0] = SCREEN_GRAPH;
    a->depth = 1;
    a->vp.orient = ORIENT_FLAME;
    a->vp.order = ORDER_NAME;
    a->zoom = a->sel = TRIE_ROOT;
    a->rank_node = TRIE_NONE;
    a->rects = &a->rl;
    lineedit_init(&a->le);
    a->names = names_new(label_mode_resolve(LABEL_AUTO) == LABEL_ASCII);
    graph_set_lazy(a->graph, true);   /* the reversed view as far as it is drawn */
    app_update(a);
}

void app_fini(struct app *a)
{
    for (size_t i = 0; i < SCREEN_COUNT; i++) {
        if (a->view[i] && screens[i]->fini)
            screens[i]->fini(a);
        free(a->view[i]);
    }
    search_free(a->search);
    free(a->search_saved);
    graph_free(a->graph);
    rect_list_free(&a->rl);
    free(a->zoom_path.v);
    free(a->sel_path.v);
    free(a->trail.v);
    lineedit_fini(&a->le);
    names_free(a->names);
    buf_fini(&a->clip);
    free(a->history);
    free(a->cmd_args);
    free(a->cmd_files);
    free(a->cmd_event);
    free(a->empty_msg);
    memset(a, 0, sizeof(*a));
}

int app_apply_options(struct app *a, const struct app_opts *o, struct ft_error *err)
{
    int rc = 0;
    for (size_t i = 0; i < o->nfilters; i++)
        if (graph_push_filter(a->graph, o->filters[i].kind, o->filters[i].re, err) < 0)
            rc = -1;
    a->reverse = o->reverse;
    a->names_full = o->names_full;
    graph_set_reverse(a->graph, o->reverse);
    a->diff_base = o->base_input;
    a->diff_nbases = o->nbase_inputs;
    if (o->icicle)
        a->vp.orient = ORIENT_ICICLE;
    if (theme_palette_parse(o->colors, &a->palette) < 0)
        a->palette = PALETTE_HOT;
    graph_set_samples(a->graph, o->samples);
    graph_set_group(a->graph, (enum perf_group)o->group);
    graph_set_recursion(a->graph, o->recursion);
    if (o->range)
        graph_set_range(a->graph, true, o->from_us, o->to_us);
    app_update(a);
    if (app_set_search(a, o->search, rc < 0 ? NULL : err) < 0)
        rc = -1;
    keep_start_paths(a, o->zoom, o->select);
    if (o->chart)
        state_open(a, ACT_CHART, 0);
    history_load(a, o->history);
    a->cmd_args = xstrdup(o->cmd_args ? o->cmd_args : "");
    a->cmd_files = xstrdup(o->cmd_files ? o->cmd_files : "");
    a->cmd_event = o->cmd_event ? xstrdup(o->cmd_event) : NULL;
    a->cmd_stdin = o->cmd_stdin;
    a->reload = o->reload;
    a->files = o->files;
    a->nfiles = o->nfiles;
    return rc;
}

enum reaction app_handle(struct app *a, enum action act)
{
    enum ui_screen s = app_screen(a);
    if (act == ACT_NONE || act >= ACT_COUNT || !(keymap_screens(act) & (1u << s)))
        return RE_NONE;
    a->msg[0] = '\0';
    a->msg_error = false;
    bool done = true;
    enum reaction re = common_action(a, act, &done);
    if (done)
        return re;
    if (act == ACT_HELP && s != SCREEN_HELP)
        return state_open(a, ACT_HELP, 0);
    return screens[s]->on_action ? screens[s]->on_action(a, act) : RE_NONE;
}

enum reaction app_key(struct app *a, int key)
{
    if (a->prompt != PROMPT_NONE)
        return prompt_key(a, key);
    enum action act = keymap_lookup_in(key, app_screen(a));
    if (act == ACT_NONE && state_ops(a)->any_key_closes && key != FT_KEY_NONE) {
        app_pop(a);   /* any key that does nothing in the help closes it */
        return RE_REDRAW;
    }
    return app_handle(a, act);
}

enum reaction app_prompt_key(struct app *a, int key)
{
    return prompt_key(a, key);
}

enum reaction app_mouse(struct app *a, int x, int y, int clicks, int wheel)
{
    const struct screen_ops *o = state_ops(a);
    if (a->prompt != PROMPT_NONE || !o->mouse || (clicks < 0 && !o->drags))
        return RE_NONE;
    return o->mouse(a, x, y, clicks, wheel);
}

enum reaction app_click(struct app *a, int x, int y, int clicks)
{
    return nav_click(a, x, y, clicks);
}

enum reaction app_wheel(struct app *a, int dir)
{
    return nav_wheel(a, dir);
}

enum reaction app_select(struct app *a, uint32_t node)
{
    return nav_select(a, node);
}

/* ---- the event loop's steps ---- */

static void sync_screens(struct app *a, bool changed);

void app_resize(struct app *a, int cols, int lines)
{
    cols = cols > 0 ? cols : 0;
    lines = lines > 0 ? lines : 0;
    if (cols == a->cols && lines == a->lines)
        return;     /* called before every layout: must not undo a scroll */
    a->cols = cols;
    a->lines = lines;
    sync_screens(a, false);
    a->vp.cols = cols;
    a->vp.rows = lines > 2 ? lines - 2 : 0;
    nav_keep_visible(a);
}

/* The current screen and the one below it catch up with the state. */
static void sync_screens(struct app *a, bool changed)
{
    const struct screen_ops *cur = state_ops(a), *under = screens[app_under(a)];
    if (cur->sync)
        cur->sync(a, changed);
    if (under != cur && under->sync)
        under->sync(a, changed);
}

bool app_stale(const struct app *a)
{
    /* the shown trie may be the base itself, which grows in place */
    return graph_stale(a->graph) || trie_generation(a->t) != a->gen;
}

bool app_update(struct app *a)
{
    struct graph_stats st;
    struct trie *t = graph_shown(a->graph);   /* derives only when stale */
    graph_get_stats(a->graph, &st);
    bool replaced = st.rebuilds != a->rebuilds || trie_uid(t) != a->shown_uid;
    if (!replaced && trie_generation(t) == a->gen) {
        sync_screens(a, false);
        return false;
    }
    a->rebuilds = st.rebuilds;
    if (replaced) {
        layout_cache_reset(&a->rl);   /* a new trie may sit at the old one's address */
        a->t = t;
        a->shown_uid = trie_uid(t);
        if (a->search) {
            state_lazy_complete(a);    /* match counts and next / previous: every node */
            search_attach(a->search, t);
        }
        nav_sync(a, true);
    } else {
        if (a->search)
            search_refresh(a->search);
        nav_sync(a, false);
    }
    sync_screens(a, true);
    return true;
}

void app_layout(struct app *a)
{
    if (state_shown_ops(a)->layout) {   /* a screen with rects of its own */
        state_shown_ops(a)->layout(a);
        return;
    }
    struct layout_in in;
    app_layout_in(a, &in);
    layout_compute(&in, &a->rl);
    a->rects = &a->rl;
}

const struct rect_list *app_rects(const struct app *a)
{
    return state_shown_ops(a)->layout && a->rects ? a->rects : &a->rl;   /* the chart's */
}

void app_set_rects(struct app *a, const struct rect_list *rl)
{
    a->rects = rl ? rl : &a->rl;
}

void app_set_live(struct app *a, const struct live_status *st)
{
    if (st->error[0] && strcmp(st->error, a->live.error) != 0) {
        app_message(a, "%s (the data read so far is kept)", st->error);
        a->msg_error = true;
    } else if (st->notices != a->live.notices && st->notice[0]) {
        app_message(a, "%s", st->notice);   /* e.g. a --follow file truncated: re-read */
    }
    if (st->live == UI_LIVE_ON && a->live.live != UI_LIVE_ON)
        graph_set_live(a->graph, true);   /* apply growth in place from the first batch */
    a->live = *st;
    if (a->live.live == UI_LIVE_NONE || a->live.live == UI_LIVE_EOF)
        a->paused = false;
}

void app_input_end(struct app *a, const char *msg)
{
    if (graph_samples(a->graph))
        samples_compact(graph_samples(a->graph));   /* no more growth: no slack */
    if (!a->live.error[0] && msg && *msg) {
        if (a->interrupted)   /* keep saying what Ctrl-C did (a line cut short, here) */
            app_message(a, "recording stopped (Ctrl-C); %s", msg);
        else
            app_message(a, "%s", msg);
    }
}

void app_set_empty(struct app *a, const char *msg)
{
    free(a->empty_msg);
    a->empty_msg = xstrdup(msg && *msg ? msg : "no samples found");
}

bool app_empty(const struct app *a)
{
    return a->empty_msg != NULL;
}

/* Line k of the empty input's message, its lines wrapped at spaces to the screen's
 * width; false past the end. */
static bool empty_row(const struct app *a, size_t k, struct buf *out)
{
    size_t w = a->cols > 8 ? (size_t)a->cols - 2 : 8, row = 0;
    for (const char *p = a->empty_msg; *p;) {
        size_t len = strcspn(p, "\n"), take = len;
        if (take > w) {   /* the last space that fits, else a hard cut */
            take = w;
            while (take > w / 2 && p[take] != ' ')
                take--;
            if (p[take] != ' ')
                take = w;
        }
        if (row++ == k) {
            buf_printf(out, " ");
            buf_append(out, p, take);
            return true;
        }
        p += take;
        while (*p == ' ' && take < len)
            p++, take++;
        if (*p == '\n')
            p++;
    }
    return false;
}

bool app_paused(const struct app *a)
{
    return a->paused;
}

bool app_interrupted(const struct app *a)
{
    return a->interrupted;
}

void app_set_title(struct app *a, const char *input)
{
    a->input = input ? input : "";
}

const char *app_input_name(const struct app *a)
{
    return a->input;
}

void app_set_window(struct app *a, double seconds, bool on)
{
    graph_set_window(a->graph, seconds, on);
    graph_tick(a->graph, a->now);
}

bool app_tick(struct app *a, double now)
{
    a->now = now;
    return graph_tick(a->graph, now);
}

bool app_compact(struct app *a, size_t max_nodes)
{
    double since;
    if (!graph_compact(a->graph, max_nodes, &since))
        return false;
    double shown = a->now - since;
    a->compacted = true;
    if (shown < graph_window_seconds(a->graph) - 1e-9)
        app_message(a, "memory limit: the window holds the last %.1f s only", shown);
    return true;
}

uint64_t app_rebuild_count(const struct app *a)
{
    struct graph_stats st;
    graph_get_stats(a->graph, &st);
    return st.rebuilds;
}

/* ---- what the loop and the painter ask (text.c makes the text) ---- */

void app_title(const struct app *a, struct buf *out, struct buf *right)
{
    text_title(a, out, right);
}

void app_title_fit(const struct app *a, int cols, struct buf *out, struct buf *right)
{
    text_title_fit(a, cols, out, right);
}

void app_status_parts(const struct app *a, struct buf *left, struct buf *info,
                      struct buf *right)
{
    text_status_fit(a, INT_MAX / 2, left, info, right);
}

void app_status_fit(const struct app *a, int cols, struct buf *left, struct buf *info,
                    struct buf *right)
{
    text_status_fit(a, cols, left, info, right);
}

void app_status(const struct app *a, struct buf *left, struct buf *right)
{
    struct buf info = {0};
    app_status_parts(a, left, &info, right);
    buf_append(left, info.p, info.len);
    buf_fini(&info);
}

enum status_kind app_status_kind(const struct app *a)
{
    if (a->prompt != PROMPT_NONE)
        return STATUS_PROMPT;
    return a->msg[0] && a->msg_error ? STATUS_ERROR : STATUS_NORMAL;
}

int app_prompt_cursor(const struct app *a)
{
    if (a->prompt == PROMPT_NONE)
        return -1;
    return (int)strlen(a->prompt->label) +
           label_width(lineedit_text(&a->le), a->le.cur, LABEL_AUTO);
}

void app_detail_text(const struct app *a, int cols, struct buf *out)
{
    text_detail(a, cols, out);
}

bool app_detail_open(const struct app *a)
{
    return a->detail;
}

int app_detail_rows(const struct app *a, bool *top)
{
    return text_detail_rows(a, top);
}

const char *app_event_request(const struct app *a)
{
    return a->event_next;
}

void app_event_done(struct app *a, const char *msg)
{
    a->event_next[0] = '\0';
    if (msg && *msg)
        app_message(a, "%s", msg);
}

int app_help_scroll(const struct app *a)
{
    return screens[SCREEN_HELP]->scroll(a);
}

bool app_top_line(const struct app *a, size_t i, struct buf *out)
{
    return table_line(a, i, out);
}

enum paint app_paint(const struct app *a)
{
    if (a->empty_msg && app_screen(a) == SCREEN_GRAPH)
        return PAINT_ROWS;
    return state_shown_ops(a)->paint;
}

bool app_help_open(const struct app *a)
{
    return state_ops(a)->paint == PAINT_BOX;
}

bool app_row(const struct app *a, size_t k, struct buf *out, enum row_style *st)
{
    const struct screen_ops *o = state_shown_ops(a);
    if (a->empty_msg && app_screen(a) == SCREEN_GRAPH)
        return empty_row(a, k, out);
    return o->row && o->row(a, k, out, st);
}

bool app_map_geom(const struct app *a, struct map_geom *g)
{
    const struct screen_ops *o = state_shown_ops(a);
    memset(g, 0, sizeof *g);
    return o->map_geom && o->map_geom(a, g);
}

struct map_cell app_map_cell(const struct app *a, int col, int row)
{
    const struct screen_ops *o = state_shown_ops(a);
    struct map_cell c = {' ', false, false, 0};
    return o->map_cell ? o->map_cell(a, col, row) : c;
}

void app_map_header(const struct app *a, struct buf *out)
{
    const struct screen_ops *o = state_shown_ops(a);
    if (o->map_header)
        o->map_header(a, out);
}

void app_map_axis(const struct app *a, struct buf *out)
{
    const struct screen_ops *o = state_shown_ops(a);
    if (o->map_axis)
        o->map_axis(a, out);
}

/* ---- keep.c's ---- */

enum reaction app_interrupt(struct app *a)
{
    return keep_interrupt(a);
}

const char *app_clip(const struct app *a, size_t *len)
{
    *len = a->clip.len;
    return a->clip.p ? a->clip.p : "";
}

int app_save_profile(struct app *a, const char *path, struct ft_error *err)
{
    return keep_write_folded(path, a->base, err);
}

void app_cmdline(const struct app *a, struct buf *out)
{
    keep_cmdline(a, out);
}
