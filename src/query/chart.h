/* SPDX-License-Identifier: MIT */
/* flametui - chart.h: the flame chart (speedscope's "Time Order", the Firefox Profiler's
 * stack chart) from the time index (core/samples.h) of a base trie: one lane per thread
 * (per process with GROUP_PID, per CPU with GROUP_CPU), the lanes sorted by samples, each
 * lane the stacks of its samples in time order. chart_boxes cuts a time span of a lane
 * into columns and merges the columns whose frame at a depth is the same node of the
 * base (the same frame under the same callers) into one box. A sample stands for the
 * time up to the next sample of its lane, at most one sample period (timeline.h): where a
 * lane has no samples the columns stay empty.
 * Pure: no I/O, no curses. Ownership: the chart borrows s and base (both must outlive it
 * and not change: build it again when the index grows). */
#ifndef FLAMETUI_CHART_H
#define FLAMETUI_CHART_H
#include <stddef.h>
#include <stdint.h>

#include "core/samples.h"

struct trie;
struct chart;

struct chart_lane {
    uint32_t name;       /* strtab id of the label: "comm-PID/TID", "comm-PID", "cpu N" */
    size_t samples;      /* its samples */
    uint32_t skip;       /* the depth of its process frame: boxes start below it (0: none) */
};

/* One box: columns [x, x + w) at depth (0: the first frame below the process frame) of
 * base node node, over the time [from_us, to_us). */
struct chart_box {
    int x, w;
    uint32_t depth;
    uint32_t node;
    uint64_t from_us, to_us;
};

/* Lanes by g: GROUP_PID per process (threads whose process frame and pid agree), GROUP_CPU
 * per CPU (samples without one: a lane "cpu ?" named by the caller, last), else per
 * thread. Samples of other leaves than base's nodes are left out. */
struct chart *chart_build(const struct samples *s, const struct trie *base, enum perf_group g);
void chart_free(struct chart *c);   /* NULL is a no-op */
size_t chart_lanes(const struct chart *c);
const struct chart_lane *chart_lane(const struct chart *c, size_t k);
/* The latest sample's time + 1 (us since t0): the chart's width in time. */
uint64_t chart_end_us(const struct chart *c);
uint64_t chart_period_us(const struct chart *c);

/* The boxes of lane k over [from_us, to_us) cut into cols columns, the depths below
 * max_depth, into *out (grown as needed, *cap its capacity), root side first, by x.
 * Returns their number; *depth gets the lane's deepest depth + 1 in that span (even past
 * max_depth: the caller can say that frames were cut). */
size_t chart_boxes(const struct chart *c, size_t k, uint64_t from_us, uint64_t to_us, int cols,
                   uint32_t max_depth, struct chart_box **out, size_t *cap, uint32_t *depth);
#endif
