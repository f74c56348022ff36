/* SPDX-License-Identifier: MIT */
/* flametui - screen_help.c: the help (?): a box over the screen it was opened from,
 * listing that screen's keys (keymap.h); it scrolls, and any other key closes it. */
#include "config.h"

#include "ui/state.h"

struct help_view {
    int scroll;   /* first help line shown */
};

static struct help_view *hv(const struct app *a)
{
    return a->view[SCREEN_HELP];
}

static enum reaction help_open(struct app *a, uint32_t name)
{
    (void)name;
    app_push(a, SCREEN_HELP);
    hv(a)->scroll = 0;
    return RE_REDRAW;
}

static int help_lines(const struct app *a)
{
    struct buf h = {0};
    app_help_text(a, &h);
    int lines = 0;
    for (size_t i = 0; i < h.len; i++)
        lines += h.p[i] == '\n';
    buf_fini(&h);
    return lines;
}

static enum reaction help_action(struct app *a, enum action act)
{
    struct help_view *v = hv(a);
    int max = help_lines(a) - (a->vp.rows > 2 ? a->vp.rows - 2 : 1), old = v->scroll;
    switch (act) {
    case ACT_MOVE_DOWN:
        v->scroll++;
        break;
    case ACT_MOVE_UP:
        v->scroll--;
        break;
    case ACT_PAGE_DOWN:
        v->scroll += a->vp.rows;
        break;
    case ACT_PAGE_UP:
        v->scroll -= a->vp.rows;
        break;
    case ACT_SCROLL_HOME:
        v->scroll = 0;
        break;
    case ACT_SCROLL_END:
        v->scroll = max;
        break;
    default:
        app_pop(a);   /* any other key closes the help */
        return RE_REDRAW;
    }
    if (v->scroll > max)
        v->scroll = max;
    if (v->scroll < 0)
        v->scroll = 0;
    return v->scroll == old ? RE_NONE : RE_REDRAW;
}

static int help_scroll(const struct app *a)
{
    return hv(a)->scroll;
}

const struct screen_ops help_screen = {
    .state_size = sizeof(struct help_view),
    .overlay = true,
    .paint = PAINT_BOX,
    .mouse_help = "Click selects, double-click zooms, wheel scrolls",
    .any_key_closes = true,
    .opened_by = ACT_HELP,
    .open = help_open,
    .on_action = help_action,
    .scroll = help_scroll,
};
