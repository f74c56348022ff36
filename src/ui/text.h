/* SPDX-License-Identifier: MIT */
/* flametui - text.h: the title, the status line and the detail pane as text (app.h says
 * what they show). Between the files of src/ui/ only. */
#ifndef FLAMETUI_TEXT_H
#define FLAMETUI_TEXT_H
#include "ui/state.h"

void text_title(const struct app *a, struct buf *out, struct buf *right);
void text_title_fit(const struct app *a, int cols, struct buf *out, struct buf *right);
void text_status_fit(const struct app *a, int cols, struct buf *left, struct buf *info,
                     struct buf *right);
void text_detail(const struct app *a, int cols, struct buf *out);
/* The graph-area rows the detail pane covers (0: closed), and where: *top when it is at
 * the top (the selection is drawn in the lower half), else at the bottom. */
int text_detail_rows(const struct app *a, bool *top);
/* Search and live counters; level 0 full, 1 short, 2 none. */
void text_right(const struct app *a, const struct unit *u, int level, struct buf *right);
/* text_right at the most detailed level that leaves the status line's left part half of
 * cols (as the painter keeps it; none when even the short one does not). */
void text_right_fit(const struct app *a, const struct unit *u, int cols, struct buf *right);
/* The status of a selected function name: name, then info at the most detailed level
 * that fits cols with the right part. */
void text_fit(const struct app *a, int cols, uint32_t name, status_info_fn *info_fn,
              struct buf *left, struct buf *info, struct buf *right);
/* The detail pane's items: printf into a NUL-separated list. */
FT_PRINTF(2, 3) void text_item(struct buf *items, const char *fmt, ...);
/* The frame screens' (graph, callers) status numbers and detail items */
void text_frame_info(const struct app *a, const struct unit *u, int level, struct buf *info);
bool text_frame_detail(const struct app *a, const struct unit *u, struct buf *items,
                       uint32_t *name);
#endif
