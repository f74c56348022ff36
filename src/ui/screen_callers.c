/* SPDX-License-Identifier: MIT */
/* flametui - screen_callers.c: the callers/callees view of one function (s): the graph
 * focused on it (graph_set_focus), callees first; s again shows its callers, r swaps,
 * q or Esc (with no zoom) goes back to the profile with its zoom and selection. The
 * keys it shares with the graph are frames.c's. Pure. */
#include "config.h"

#include <stdlib.h>

#include "core/trie.h"
#include "query/graph.h"
#include "ui/frames.h"
#include "ui/nav.h"
#include "ui/state.h"
#include "ui/text.h"

struct callers_view {
    struct name_path saved_zoom, saved_sel; /* the profile's, restored when leaving */
};

static struct callers_view *cv(const struct app *a)
{
    return a->view[SCREEN_CALLERS];
}

static void callers_fini(struct app *a)
{
    free(cv(a)->saved_zoom.v);
    free(cv(a)->saved_sel.v);
}

/* The view of name from its root, nothing zoomed. */
static enum reaction focus(struct app *a, enum graph_focus f, uint32_t name)
{
    graph_set_focus(a->graph, f, name);
    a->zoom_path.n = 0;
    state_path_set1(&a->sel_path, name);
    a->trail.n = 0;
    a->vp.scroll = 0;
    return RE_REBUILD | RE_RELAYOUT;
}

static enum reaction callers_close(struct app *a)
{
    while (a->depth > 1 && app_screen(a) != SCREEN_CALLERS)
        app_pop(a);
    app_pop(a);
    graph_set_focus(a->graph, FOCUS_NONE, 0);
    state_path_copy(&a->zoom_path, &cv(a)->saved_zoom);
    state_path_copy(&a->sel_path, &cv(a)->saved_sel);
    a->trail.n = 0;
    return RE_REBUILD | RE_RELAYOUT;
}

static enum reaction callers_open(struct app *a, uint32_t name)
{
    enum reaction re = RE_NONE;
    if (app_screen(a) == SCREEN_CALLERS)   /* from its table: one callers view, not two */
        re = callers_close(a);
    state_path_copy(&cv(a)->saved_zoom, &a->zoom_path);
    state_path_copy(&cv(a)->saved_sel, &a->sel_path);
    app_push(a, SCREEN_CALLERS);
    return re | focus(a, FOCUS_CALLEES, name);
}

/* s: callees -> callers -> back to the profile; r swaps callers and callees. */
static enum reaction cycle(struct app *a, bool swap)
{
    uint32_t name;
    enum graph_focus f = graph_focus(a->graph, &name);
    if (f == FOCUS_CALLERS && !swap)
        return callers_close(a);
    return focus(a, f == FOCUS_CALLEES ? FOCUS_CALLERS : FOCUS_CALLEES, name);
}

static enum reaction callers_action(struct app *a, enum action act)
{
    switch (act) {
    case ACT_QUIT:
        return callers_close(a);
    case ACT_ZOOM_RESET:
        if (highlight_active(a))   /* Esc clears a `#` highlight first */
            return highlight_clear(a);
        if (a->zoom == TRIE_ROOT)   /* then leaves when there is no zoom to reset */
            return callers_close(a);
        return nav_action(a, act);
    case ACT_REVERSE:
        return cycle(a, true);
    case ACT_CALLERS:
        return cycle(a, false);
    default:
        return frames_action(a, act);
    }
}

static void callers_paths(const struct app *a, const struct name_path **zoom,
                          const struct name_path **sel)
{
    *zoom = &cv(a)->saved_zoom;
    *sel = &cv(a)->saved_sel;
}

const struct screen_ops callers_screen = {
    .state_size = sizeof(struct callers_view),
    .fini = callers_fini,
    .paint = PAINT_RECTS,
    .mouse_help = "Click selects, double-click zooms, wheel scrolls",
    .opened_by = ACT_CALLERS,
    .open = callers_open,
    .on_action = callers_action,
    .mouse = frames_mouse,
    .searched = frames_searched,
    .title = frames_title,
    .title_right = nav_scroll_text,
    .status = frames_status,
    .detail = text_frame_detail,
    .profile_paths = callers_paths,
};
