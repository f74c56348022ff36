/* SPDX-License-Identifier: MIT */
/* flametui - frames.h: what the frame screens (graph, callers/callees) share: their keys
 * beyond moves, mouse, search, title and status line, and the `#` highlight. Between the
 * files of src/ui/ only. */
#ifndef FLAMETUI_FRAMES_H
#define FLAMETUI_FRAMES_H
#include "ui/state.h"

enum reaction frames_action(struct app *a, enum action act);   /* keys both have */
void frames_title(const struct app *a, struct buf *out);        /* "  zoom NAME" */
enum reaction frames_mouse(struct app *a, int x, int y, int clicks, int wheel);
enum reaction frames_searched(struct app *a, bool entered);
void frames_status(const struct app *a, int cols, struct buf *left, struct buf *info,
                   struct buf *right);

/* The `#` key (highlight the selected function everywhere) */
enum reaction highlight_toggle(struct app *a);
bool highlight_active(const struct app *a);   /* the search is one made by `#` */
enum reaction highlight_clear(struct app *a);
#endif
