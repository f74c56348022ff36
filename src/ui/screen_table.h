/* SPDX-License-Identifier: MIT */
/* flametui - screen_table.h: the hottest-functions table's text (app.h's app_top_line).
 * Between the files of src/ui/ only. */
#ifndef FLAMETUI_SCREEN_TABLE_H
#define FLAMETUI_SCREEN_TABLE_H
#include "ui/state.h"

/* Line i of the table (0 = the header) as text, false past the end. */
bool table_line(const struct app *a, size_t i, struct buf *out);
#endif
