/* SPDX-License-Identifier: MIT */
/* flametui - screens.h: what one screen (screen_*.c) opens of another: the graph opens
 * the table, the time view and callers/callees; the table opens callers/callees; app.c
 * opens the help. (Each screen's struct screen_ops is a row of app.c's table.) Between
 * the files of src/ui/ only. */
#ifndef FLAMETUI_SCREENS_H
#define FLAMETUI_SCREENS_H
#include "ui/state.h"

/* screen_help.c: ? opens the help of the current screen */
enum reaction help_open(struct app *a);
/* screen_callers.c: the callees of the function (name id), in place of the callers view
 * that is the current screen, if one is; leaving it restores the profile's zoom and
 * selection */
enum reaction callers_open(struct app *a, uint32_t name);
/* screen_table.c: the hottest functions of the profile */
enum reaction table_open(struct app *a);
/* its line i (0 = the header) as text, false past the end */
bool table_line(const struct app *a, size_t i, struct buf *out);
/* screen_time.c: the heat map of the samples over time */
enum reaction time_open(struct app *a);
/* common.c: the actions that work the same in every screen; *done false: not one */
enum reaction common_action(struct app *a, enum action act, bool *done);
#endif
