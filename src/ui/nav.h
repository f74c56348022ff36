/* SPDX-License-Identifier: MIT */
/* flametui - nav.h: selection, zoom, scroll and search moves in the frame screens.
 * Between the files of src/ui/ only. */
#ifndef FLAMETUI_NAV_H
#define FLAMETUI_NAV_H
#include "ui/state.h"

/* Re-resolves zoom and selection from their paths when the shown trie changed since the
 * last call (or always when force). Returns true when it did. */
bool nav_sync(struct app *a, bool force);
void nav_set_zoom(struct app *a, uint32_t node);
void nav_keep_visible(struct app *a);
enum reaction nav_select(struct app *a, uint32_t node);
enum reaction nav_click(struct app *a, int x, int y, int clicks);
enum reaction nav_wheel(struct app *a, int dir);
/* Moves, zoom, scroll, orientation and order of the frame screens. */
enum reaction nav_action(struct app *a, enum action act);
/* n / N: the next match in screen order inside the zoom. */
enum reaction nav_next_match(struct app *a, bool back);
/* The scroll indicator ("" when every drawable row fits). */
void nav_scroll_text(const struct app *a, struct buf *out);
#endif
