/* SPDX-License-Identifier: MIT */
/* flametui - screens.h: the screens (one file each, screen_*.c): their ops, which app.c
 * puts in its table by enum ui_screen, and what one screen opens of another (the graph
 * opens the table, the time view and callers/callees; the table opens callers/callees).
 * Between the files of src/ui/ only. */
#ifndef FLAMETUI_SCREENS_H
#define FLAMETUI_SCREENS_H
#include "ui/state.h"

extern const struct screen_ops graph_screen, callers_screen, table_screen, help_screen,
    time_screen;

/* screen_help.c: ? opens the help of the current screen */
enum reaction help_open(struct app *a);
/* screen_callers.c: the callees of the function (name id); leaving it restores the
 * profile's zoom and selection */
enum reaction callers_open(struct app *a, uint32_t name);
enum reaction callers_close(struct app *a);
/* screen_table.c: the hottest functions of the profile */
enum reaction table_open(struct app *a);
/* its line i (0 = the header) as text, false past the end */
bool table_line(const struct app *a, size_t i, struct buf *out);
/* screen_time.c: the heat map of the samples over time */
enum reaction time_open(struct app *a);
/* common.c: the actions that work the same in every screen; *done false: not one */
enum reaction common_action(struct app *a, enum action act, bool *done);
#endif
