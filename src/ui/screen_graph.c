/* SPDX-License-Identifier: MIT */
/* flametui - screen_graph.c: the graph of the profile, the bottom of the screen stack:
 * q quits, r reverses, s opens the sandwich of the selection, v the call tree. The keys
 * it shares with the other screens are frames.c's. Pure. */
#include "config.h"

#include "core/trie.h"
#include "query/graph.h"
#include "ui/frames.h"
#include "ui/nav.h"
#include "ui/state.h"
#include "ui/text.h"

static enum reaction graph_action(struct app *a, enum action act)
{
    switch (act) {
    case ACT_QUIT:
        return RE_QUIT;
    case ACT_ZOOM_RESET:
        if (highlight_active(a))   /* Esc clears a `#` highlight first */
            return highlight_clear(a);
        return nav_action(a, act);
    case ACT_REVERSE:
        a->reverse = !a->reverse;
        graph_set_reverse(a->graph, a->reverse);
        return RE_REBUILD | RE_RELAYOUT;
    case ACT_CALLERS:
        if (a->sel == TRIE_ROOT) {
            app_message(a, "select a function first");
            return RE_REDRAW;
        }
        return state_open(a, ACT_CALLERS, trie_name(a->t, a->sel));
    default:
        return frames_action(a, act);
    }
}

const struct screen_ops graph_screen = {
    .paint = PAINT_RECTS,
    .mouse_help = "Click selects, double-click zooms, wheel scrolls",
    .on_action = graph_action,
    .mouse = frames_mouse,
    .searched = frames_searched,
    .title = frames_title,
    .title_right = nav_scroll_text,
    .status = frames_status,
    .detail = text_frame_detail,
};
