/* SPDX-License-Identifier: MIT */
/* flametui - screen_chart.h: the flame chart screen (SCREEN_CHART, screen_chart.c) and
 * the layout it shares with `--chart --text`: the lanes of a chart (query/chart.h) as the
 * rects of a rect_list (render/layout.h), painted like the flame graph's frames and
 * printed by textrender_rows. Per lane: a label row ("comm-PID/TID  N samples", drawn
 * as a full-width bar), then its frames root side first, at most lane_rows rows (a
 * deeper stack is cut: the label says "+"). No curses. */
#ifndef FLAMETUI_SCREEN_CHART_H
#define FLAMETUI_SCREEN_CHART_H
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "render/layout.h"

struct chart;
struct trie;
struct names;

struct chart_layout_in {
    const struct chart *c;
    const struct trie *base;     /* the chart's base: names of the frames and lanes */
    struct names *names;         /* short names, or NULL: full names */
    uint64_t from_us, to_us;     /* the time shown */
    int cols, rows;              /* rows <= 0: every lane */
    size_t first_lane;
    int lane_rows;               /* frame rows per lane at most */
    /* the selection (RECT_SELECTED): the box of lane sel_lane at depth sel_depth that
     * covers time sel_us; sel_lane SIZE_MAX: none */
    size_t sel_lane;
    uint32_t sel_depth;
    uint64_t sel_us;
};
/* Where each rect came from (out->v[i]): its lane, and its box's depth and times (a
 * lane's label row: depth UINT32_MAX). */
struct chart_rect_src {
    size_t lane;
    uint32_t depth;
    uint64_t from_us, to_us;
};
/* Lays the lanes from first_lane on into out (cleared first; out->rows: rows used);
 * *src (grown, *cap) gets the origin of each rect; returns the number of lanes shown. */
size_t chart_layout(const struct chart_layout_in *in, struct rect_list *out,
                    struct chart_rect_src **src, size_t *cap);
/* --chart --text: the chart of base's time index s over [from_us, to_us) (to_us past the
 * end: up to the end), lanes by group g, every lane in cols columns, into f. 0, or -1 on a write error; 1 when s has no timestamps (nothing
 * printed: the caller says that a flame chart needs them). */
struct samples;
int chart_print_text(FILE *f, const struct samples *s, const struct trie *base, int group,
                     uint64_t from_us, uint64_t to_us, int cols, bool names_full);
#endif
