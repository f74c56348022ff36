/* SPDX-License-Identifier: MIT */
/* flametui - common.c: the actions that work the same in every screen that has them
 * (keymap.h says which): quit, repaint, the search prompt, pause, names, the detail
 * pane, the next perf event, copy / save / command line / Ctrl-C (keep.c), grouping,
 * recursion and the sliding window. Pure. */
#include "config.h"

#include "ui/common.h"

#include <stdio.h>
#include <string.h>

#include "core/samples.h"
#include "query/graph.h"
#include "ui/keep.h"
#include "ui/prompt.h"
#include "ui/state.h"

/* P: comm -> pid -> tid -> none -> comm (perf input with a time index only). */
static enum reaction group_cycle(struct app *a)
{
    static const char *const names[] = {"comm (the process name)", "pid (comm-PID)",
                                        "tid (comm-PID/TID)", "none (no process frame)",
                                        "cpu (cpu N above the process)"};
    struct samples *s = graph_samples(a->graph);
    if (!s || samples_count(s) == 0 || samples_cleared(s)) {
        app_message(a, "no grouping: %s",
                    s && samples_cleared(s) ? "the index was dropped (window memory limit)"
                    : state_nothing_read(a) ? "no record read yet"
                                            : "not perf input (no process frames)");
        return RE_REDRAW;
    }
    enum perf_group g = (enum perf_group)((graph_group(a->graph) + 1) % GROUP_COUNT);
    if (g == GROUP_CPU && !samples_have_cpu(s))   /* only when the records name a CPU */
        g = GROUP_COMM;
    graph_set_group(a->graph, g);
    app_message(a, "grouped by %s", names[g]);
    return RE_REBUILD | RE_RELAYOUT;
}

/* e: asks the event loop for the next event of a perf input (or says why not). */
static enum reaction next_event(struct app *a)
{
    if (a->live.nevents < 2) {
        app_message(a, a->live.nevents ? "only one event in this input"
                                       : "events: only for perf script input");
        return RE_REDRAW;
    }
    /* the next name in byte order after the shown one (wrapping): a cycle through all */
    const char *cur = a->live.events[0].name, *next = NULL, *first = NULL;
    for (size_t i = 1; i < a->live.nevents; i++) {
        const char *e = a->live.events[i].name;
        if (!first || strcmp(e, first) < 0)
            first = e;
        if (strcmp(e, cur) > 0 && (!next || strcmp(e, next) < 0))
            next = e;
    }
    snprintf(a->event_next, sizeof(a->event_next), "%s", next ? next : first);
    app_message(a, "reading the input again for event %s", a->event_next);
    return RE_REDRAW;
}

static enum reaction pause_toggle(struct app *a)
{
    if (a->live.live == UI_LIVE_NONE || a->live.live == UI_LIVE_EOF) {
        app_message(a, "not a live input");
        return RE_REDRAW;
    }
    a->paused = !a->paused;
    return RE_RELAYOUT;
}

static enum reaction window_toggle(struct app *a)
{
    if (graph_window_seconds(a->graph) <= 0) {
        app_message(a, "no sliding window: not a live input");
        return RE_REDRAW;
    }
    graph_set_window(a->graph, graph_window_seconds(a->graph), !graph_windowed(a->graph));
    graph_tick(a->graph, a->now);
    return RE_REBUILD | RE_RELAYOUT;
}

enum reaction common_action(struct app *a, enum action act, bool *done)
{
    *done = true;
    switch (act) {
    case ACT_QUIT_ALL:
        return RE_QUIT;
    case ACT_REPAINT:
        return RE_REPAINT | RE_REDRAW;
    case ACT_SEARCH:
        return prompt_open_search(a);
    case ACT_PAUSE:
        return pause_toggle(a);
    case ACT_NAMES:
        a->names_full = !a->names_full;
        app_message(a, "%s names (L: %s)", a->names_full ? "full" : "short",
                    a->names_full ? "short" : "full");
        return RE_RELAYOUT;
    case ACT_DETAIL:
        a->detail = !a->detail;
        return RE_REDRAW;
    case ACT_EVENT:
        return next_event(a);
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
        return window_toggle(a);
    default:
        *done = false;
        return RE_NONE;
    }
}
