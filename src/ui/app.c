/* SPDX-License-Identifier: MIT */
/* flametui - app.c: the viewer's screen state machine: the screen stack, one key handler
 * per screen, the derive step (app_update, through the graph) and the live-input state. */
#include "config.h"

#include "ui/app.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/samples.h"
#include "core/trie.h"
#include "query/graph.h"
#include "query/search.h"
#include "render/label.h"
#include "render/names.h"
#include "ui/app_impl.h"
#include "ui/diff_status.h"

void app_init(struct app *a, struct trie *t, const char *input)
{
    memset(a, 0, sizeof(*a));
    a->base = a->t = t;
    a->graph = graph_new(t);
    a->input = input ? input : "";
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
    search_free(a->search);
    free(a->search_saved);
    graph_free(a->graph);
    rect_list_free(&a->rl);
    top_fini(&a->table);
    free(a->zoom_path.v);
    free(a->sel_path.v);
    free(a->trail.v);
    free(a->saved_zoom.v);
    free(a->saved_sel.v);
    free(a->tv_cells);
    lineedit_fini(&a->le);
    names_free(a->names);
    buf_fini(&a->clip);
    free(a->history);
    free(a->cmd_args);
    free(a->cmd_files);
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
    keep_history_load(a, o->history);
    a->cmd_args = xstrdup(o->cmd_args ? o->cmd_args : "");
    a->cmd_files = xstrdup(o->cmd_files ? o->cmd_files : "");
    return rc;
}

/* ---- screens ---- */

enum ui_screen app_screen(const struct app *a)
{
    return a->stack[a->depth - 1];
}

enum ui_screen app_under(const struct app *a)
{
    return a->depth > 1 ? a->stack[a->depth - 2] : SCREEN_GRAPH;
}

void app_push(struct app *a, enum ui_screen s)
{
    if (a->depth < APP_STACK)
        a->stack[a->depth++] = s;
    else
        a->stack[a->depth - 1] = s;
}

void app_pop(struct app *a)
{
    if (a->depth > 1)
        a->depth--;
}

enum reaction app_open_callers(struct app *a, uint32_t name)
{
    a->focus = name;
    nav_path_copy(&a->saved_zoom, &a->zoom_path);
    nav_path_copy(&a->saved_sel, &a->sel_path);
    app_push(a, SCREEN_CALLERS);
    graph_set_focus(a->graph, FOCUS_CALLEES, name);
    a->zoom_path.n = 0;
    nav_path_set1(&a->sel_path, name);
    a->trail.n = 0;
    a->vp.scroll = 0;
    return RE_REBUILD | RE_RELAYOUT;
}

enum reaction app_close_callers(struct app *a)
{
    while (a->depth > 1 && app_screen(a) != SCREEN_CALLERS)
        app_pop(a);
    app_pop(a);
    graph_set_focus(a->graph, FOCUS_NONE, 0);
    nav_path_copy(&a->zoom_path, &a->saved_zoom);
    nav_path_copy(&a->sel_path, &a->saved_sel);
    a->trail.n = 0;
    return RE_REBUILD | RE_RELAYOUT;
}

/* s: callees -> callers -> back to the profile; r swaps callers and callees. */
static enum reaction callers_cycle(struct app *a, bool swap)
{
    uint32_t name;
    enum graph_focus f = graph_focus(a->graph, &name);
    if (f == FOCUS_CALLERS && !swap)
        return app_close_callers(a);
    graph_set_focus(a->graph, f == FOCUS_CALLEES ? FOCUS_CALLERS : FOCUS_CALLEES, name);
    a->zoom_path.n = 0;
    nav_path_set1(&a->sel_path, name);
    a->trail.n = 0;
    a->vp.scroll = 0;
    return RE_REBUILD | RE_RELAYOUT;
}

static enum reaction help_action(struct app *a, enum action act)
{
    struct buf h = {0};
    app_help_text(a, &h);
    int lines = 0;
    for (size_t i = 0; i < h.len; i++)
        lines += h.p[i] == '\n';
    buf_fini(&h);
    int max = lines - (a->vp.rows > 2 ? a->vp.rows - 2 : 1), old = a->help_scroll;
    switch (act) {
    case ACT_MOVE_DOWN:
        a->help_scroll++;
        break;
    case ACT_MOVE_UP:
        a->help_scroll--;
        break;
    case ACT_PAGE_DOWN:
        a->help_scroll += a->vp.rows;
        break;
    case ACT_PAGE_UP:
        a->help_scroll -= a->vp.rows;
        break;
    case ACT_SCROLL_HOME:
        a->help_scroll = 0;
        break;
    case ACT_SCROLL_END:
        a->help_scroll = max;
        break;
    default:
        app_pop(a);   /* any other key closes the help */
        return RE_REDRAW;
    }
    if (a->help_scroll > max)
        a->help_scroll = max;
    if (a->help_scroll < 0)
        a->help_scroll = 0;
    return a->help_scroll == old ? RE_NONE : RE_REDRAW;
}

/* Actions shared by the graph screens (profile and callers/callees). */
static enum reaction graph_action(struct app *a, enum action act)
{
    bool callers = app_screen(a) == SCREEN_CALLERS;
    switch (act) {
    case ACT_QUIT:
        return callers ? app_close_callers(a) : RE_QUIT;
    case ACT_HIGHLIGHT_NAME:
        return highlight_toggle(a);
    case ACT_ZOOM_RESET:
        if (highlight_active(a))   /* Esc clears a `#` highlight first */
            return highlight_clear(a);
        /* Esc leaves the callers view when there is no zoom to reset */
        if (callers && a->zoom == TRIE_ROOT)
            return app_close_callers(a);
        return nav_action(a, act);
    case ACT_REVERSE:
        if (callers)
            return callers_cycle(a, true);
        a->reverse = !a->reverse;
        graph_set_reverse(a->graph, a->reverse);
        return RE_REBUILD | RE_RELAYOUT;
    case ACT_CALLERS:
        if (callers)
            return callers_cycle(a, false);
        if (a->sel == TRIE_ROOT) {
            app_message(a, "select a function first");
            return RE_REDRAW;
        }
        return app_open_callers(a, trie_name(a->t, a->sel));
    case ACT_FILTER_INCLUDE:
        return prompt_open(a, PROMPT_INCLUDE);
    case ACT_FILTER_EXCLUDE:
        return prompt_open(a, PROMPT_EXCLUDE);
    case ACT_FILTER_HIDE:
        return prompt_open(a, PROMPT_HIDE);
    case ACT_EXPORT_SVG:
        return prompt_open(a, PROMPT_SVG);
    case ACT_FILTER_UNDO:
        if (!graph_pop_filter(a->graph)) {
            app_message(a, "no filter to drop");
            return RE_REDRAW;
        }
        app_message(a, "last filter removed");
        return RE_REBUILD | RE_RELAYOUT;
    case ACT_FILTER_CLEAR:
        if (!graph_clear_filters(a->graph)) {
            app_message(a, "no filters");
            return RE_REDRAW;
        }
        app_message(a, "filters cleared");
        return RE_REBUILD | RE_RELAYOUT;
    case ACT_SEARCH_NEXT:
    case ACT_SEARCH_PREV:
        return nav_next_match(a, act == ACT_SEARCH_PREV);
    case ACT_DIFF_BASE:
        return app_diff_toggle(a);
    case ACT_TIME:
        return time_open(a);
    default:
        return nav_action(a, act);
    }
}

/* P: comm -> pid -> tid -> none -> comm (perf input with a time index only). */
static enum reaction group_cycle(struct app *a)
{
    static const char *const names[] = {"comm (the process name)", "pid (comm-PID)",
                                        "tid (comm-PID/TID)", "none (no process frame)"};
    struct samples *s = graph_samples(a->graph);
    if (!s || samples_count(s) == 0 || samples_cleared(s)) {
        app_message(a, "no grouping: %s", s && samples_cleared(s)
                                              ? "the index was dropped (window memory limit)"
                                              : "not perf input (no process frames)");
        return RE_REDRAW;
    }
    enum perf_group g = (enum perf_group)((graph_group(a->graph) + 1) % GROUP_COUNT);
    graph_set_group(a->graph, g);
    app_message(a, "grouped by %s", names[g]);
    return RE_REBUILD | RE_RELAYOUT;
}

enum reaction app_handle(struct app *a, enum action act)
{
    enum ui_screen s = app_screen(a);
    if (act == ACT_NONE || act >= ACT_COUNT || !(keymap_screens(act) & (1u << s)))
        return RE_NONE;
    a->msg[0] = '\0';
    a->msg_error = false;
    /* the same in every screen */
    switch (act) {
    case ACT_QUIT_ALL:
        return RE_QUIT;
    case ACT_REPAINT:
        return RE_REPAINT | RE_REDRAW;
    case ACT_HELP:
        if (s == SCREEN_HELP) {
            app_pop(a);
        } else {
            app_push(a, SCREEN_HELP);
            a->help_scroll = 0;
        }
        return RE_REDRAW;
    case ACT_SEARCH:
        if (s == SCREEN_HELP)
            break;
        return prompt_open(a, PROMPT_SEARCH);
    case ACT_PAUSE:
        if (a->live.live == UI_LIVE_NONE || a->live.live == UI_LIVE_EOF) {
            app_message(a, "not a live input");
            return RE_REDRAW;
        }
        a->paused = !a->paused;
        return RE_RELAYOUT;
    case ACT_NAMES:
        a->names_full = !a->names_full;
        app_message(a, "%s names (L: %s)", a->names_full ? "full" : "short",
                    a->names_full ? "short" : "full");
        return RE_RELAYOUT;
    case ACT_DETAIL:
        a->detail = !a->detail;
        return RE_REDRAW;
    case ACT_EVENT:
        return app_next_event(a);
    case ACT_INTERRUPT:
    case ACT_COPY_NAME:
    case ACT_COPY_STACK:
    case ACT_SAVE:
    case ACT_CMDLINE:
        return keep_action(a, act);
    case ACT_GROUP:
        return group_cycle(a);
    case ACT_RECURSION:
        graph_set_recursion(a->graph, !graph_recursion(a->graph));
        app_message(a, "recursion %s", graph_recursion(a->graph) ? "collapsed" : "shown");
        return RE_REBUILD | RE_RELAYOUT;
    case ACT_WINDOW:
        if (graph_window_seconds(a->graph) <= 0) {
            app_message(a, "no sliding window: not a live input");
            return RE_REDRAW;
        }
        graph_set_window(a->graph, graph_window_seconds(a->graph), !graph_windowed(a->graph));
        graph_tick(a->graph, a->now);
        return RE_REBUILD | RE_RELAYOUT;
    default:
        break;
    }
    switch (s) {
    case SCREEN_HELP:
        return help_action(a, act);
    case SCREEN_TIME:
        return time_action(a, act);
    case SCREEN_TABLE:
        if (act == ACT_QUIT || act == ACT_ZOOM_RESET || act == ACT_TOP) {
            app_pop(a);
            return RE_RELAYOUT;
        }
        return table_action(a, act);
    case SCREEN_GRAPH:
    case SCREEN_CALLERS:
        if (act == ACT_TOP)
            return table_open(a);
        return graph_action(a, act);
    case SCREEN_COUNT:
        break;
    }
    return RE_NONE;
}

enum reaction app_key(struct app *a, int key)
{
    if (a->prompt != PROMPT_NONE)
        return app_prompt_key(a, key);
    enum action act = keymap_lookup_in(key, app_screen(a));
    if (act == ACT_NONE && app_screen(a) == SCREEN_HELP && key != FT_KEY_NONE) {
        app_pop(a);   /* any key that does nothing in the help closes it */
        return RE_REDRAW;
    }
    return app_handle(a, act);
}

enum reaction app_mouse(struct app *a, int x, int y, int clicks, int wheel)
{
    if (a->prompt != PROMPT_NONE)
        return RE_NONE;
    switch (app_screen(a)) {
    case SCREEN_TABLE:
        return table_mouse(a, y, clicks, wheel);
    case SCREEN_TIME:
        return time_mouse(a, x, y, clicks);
    case SCREEN_GRAPH:
    case SCREEN_CALLERS:
        if (wheel)
            return app_wheel(a, wheel);
        return clicks ? app_click(a, x, y - 1, clicks) : RE_NONE;
    default:
        return RE_NONE;
    }
}

/* ---- the event loop's steps ---- */

void app_resize(struct app *a, int cols, int lines)
{
    cols = cols > 0 ? cols : 0;
    lines = lines > 0 ? lines : 0;
    if (cols == a->cols && lines == a->lines)
        return;     /* called before every layout: must not undo a scroll */
    a->cols = cols;
    a->lines = lines;
    time_sync(a);
    a->vp.cols = cols;
    a->vp.rows = lines > 2 ? lines - 2 : 0;
    nav_keep_visible(a);
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
    time_sync(a);
    bool replaced = st.rebuilds != a->rebuilds || trie_uid(t) != a->shown_uid;
    if (!replaced && trie_generation(t) == a->gen)
        return false;
    a->rebuilds = st.rebuilds;
    if (replaced) {
        layout_cache_reset(&a->rl);   /* a new trie may sit at the old one's address */
        a->t = t;
        a->shown_uid = trie_uid(t);
        if (a->search) {
            app_lazy_complete(a);      /* match counts and next / previous: every node */
            search_attach(a->search, t);
        }
        nav_sync(a, true);
    } else {
        if (a->search)
            search_refresh(a->search);
        nav_sync(a, false);
    }
    a->table_stale = true;
    if (app_screen(a) == SCREEN_TABLE || app_under(a) == SCREEN_TABLE)
        table_refresh(a);
    return true;
}

/* After the lazy shown trie grew in place from generation g0. */
static void lazy_synced(struct app *a, uint64_t g0)
{
    if (a->gen == g0)
        a->gen = trie_generation(a->t);
}

void app_lazy_expand_node(struct app *a, uint32_t node)
{
    uint64_t g0 = trie_generation(a->t);
    if (graph_expand_node(a->graph, a->t, node))
        lazy_synced(a, g0);
}

void app_lazy_complete(struct app *a)
{
    uint64_t g0 = trie_generation(a->t);
    if (graph_complete(a->graph, a->t))
        lazy_synced(a, g0);
}

void app_layout_in(const struct app *a, struct layout_in *in)
{
    /* Logically const (like trie_children's cache): the lazy reversed view fills in
     * what a layout of this zoom and width reads, before anything reads it. */
    struct app *ma = (struct app *)(uintptr_t)a;
    uint64_t g0 = trie_generation(a->t);
    if (graph_expand(ma->graph, ma->t, a->zoom, a->vp.cols))
        lazy_synced(ma, g0);
    memset(in, 0, sizeof(*in));
    in->t = a->t;
    in->zoom = a->zoom;
    in->selected = a->sel;
    in->match = a->search ? search_matches(a->search) : NULL;
    in->vp = a->vp;
    in->names = a->names_full ? NULL : a->names;
    in->merge_narrow = true;   /* the viewer marks frames narrower than a cell */
    in->match_below = a->search ? search_below(a->search) : NULL;
}

void app_layout(struct app *a)
{
    struct layout_in in;
    app_layout_in(a, &in);
    layout_compute(&in, &a->rl);
    a->rects = &a->rl;
}

const struct rect_list *app_rects(const struct app *a)
{
    return &a->rl;
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

bool app_paused(const struct app *a)
{
    return a->paused;
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

int app_set_search(struct app *a, const char *pattern, struct ft_error *err)
{
    a->rank_node = TRIE_NONE;
    if (!pattern || !*pattern) {
        search_free(a->search);
        a->search = NULL;
        graph_set_lazy(a->graph, true);   /* the next reversed view: as far as drawn */
        return 0;
    }
    struct search *s = search_new(pattern, err);
    if (!s)
        return -1;
    search_free(a->search);
    a->search = s;
    app_lazy_complete(a);
    graph_set_lazy(a->graph, false);   /* while searching, views are derived whole */
    search_attach(s, a->t);
    return 0;
}

void app_message(struct app *a, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(a->msg, sizeof(a->msg), fmt, ap);
    va_end(ap);
    a->msg_error = false;
}

uint64_t app_rebuild_count(const struct app *a)
{
    struct graph_stats st;
    graph_get_stats(a->graph, &st);
    return st.rebuilds;
}
