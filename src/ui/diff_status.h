/* SPDX-License-Identifier: MIT */
/* flametui - diff_status.h: the viewer's differential-profile parts: the
 * status numbers of the selection, the title's inputs and totals, the base-widths switch
 * and the table's delta columns. Pure (no curses); all text is made safe (label.h).
 * Everything is a no-op (returns false / appends nothing) when the profile is not a
 * diff (no --base). */
#ifndef FLAMETUI_DIFF_STATUS_H
#define FLAMETUI_DIFF_STATUS_H
#include <stdbool.h>
#include <stddef.h>

#include "query/top.h"
#include "ui/state.h"

/* Appends, for the selected frame, "  base B new N delta +D (+x.xx% of base, +y.yy% of
 * new)": its samples in both profiles (whatever widths are shown), the change, and the
 * change as a percentage of the base profile's and the new profile's total. */
void diff_status(const struct app *a, struct buf *info);
/* The short form where the line is narrow: " delta +D%" (of the base total). */
void diff_status_short(const struct app *a, struct buf *info);
/* The same for a row of the table: "  base self B total T, delta self +D total +E". */
void diff_table_status(const struct app *a, const struct top_row *r, struct buf *info);
/* Appends "  vs base NAME M samples" (and "  base widths" while they are shown). */
void diff_title(const struct app *a, struct buf *out);
/* The DIFF_BASE key: switches between the new and the base profile's widths. */
enum reaction diff_toggle(struct app *a);
/* The table's line i in a diff (0 = header; by: the sorted column), as app_top_line;
 * false when not a diff (the plain table then) or past the end (*done set). */
bool diff_top_line(const struct app *a, const struct top *table, enum top_sort by, size_t i,
                   struct buf *out, bool *done);
#endif
