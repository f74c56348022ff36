/* SPDX-License-Identifier: MIT */
/* flametui - diffcolor.h: colours and marks of a differential flame graph (core/diff.h),
 * as flamegraph.pl colours differential input: by the change of a frame's own samples
 * (self delta = new - base), red for growth, blue for shrinkage, saturation by the size
 * of the change relative to the largest one on the graph, white for no change. Frames
 * that exist in only one profile are marked distinctly ("++" new, "--" gone). PURE: no
 * curses. A diff colour is a rect colour slot with DIFFCOLOR_FLAG set, so that the
 * painters (tui_draw, svg) tell it from a palette slot with diffcolor_is(). */
#ifndef FLAMETUI_DIFFCOLOR_H
#define FLAMETUI_DIFFCOLOR_H
#include <stdbool.h>
#include <stdint.h>

#include "render/theme.h"

struct trie;

#define DIFFCOLOR_FLAG 0x80000000u   /* above every palette slot bit (theme.h) */
_Static_assert((DIFFCOLOR_FLAG & THEME_SPREAD_BITS) == 0, "a palette slot would read as a diff colour");

/* flamegraph.pl's color_scale(value, max): value > 0: rgb(255, g, g) with
 * g = int(210 * (max - value) / max); value < 0: rgb(r, r, 255) with
 * r = int(210 * (max + value) / max); 0: rgb(255, 255, 255). max > 0; |value| is
 * clamped to max. */
struct rgb diffcolor_scale(double value, double max);

/* The largest |self delta| over the nodes of t, at least 1 (flamegraph.pl's
 * $maxdelta starts at 1). O(nodes). */
double diffcolor_max(const struct trie *t);

/* How a node of a diff trie is drawn. */
enum diff_mark {
    DIFF_SAME,    /* own samples unchanged: no mark */
    DIFF_GREW,    /* "+" */
    DIFF_SHRANK,  /* "-" */
    DIFF_NEW,     /* "++": no samples in the base (only in the new profile) */
    DIFF_GONE,    /* "--": no samples in the new profile (only in the base) */
};
/* The mark of node (new = the trie's counts, base = its base counts; with
 * trie_base_swapped(t) the two sides are read the other way round). */
enum diff_mark diffcolor_mark(const struct trie *t, uint32_t node);
/* The mark's text: "", "+", "-", "++", "--". */
const char *diffcolor_mark_text(enum diff_mark m);
/* The colour slot of node (DIFFCOLOR_FLAG set), for a graph whose largest change is max
 * (diffcolor_max). */
unsigned diffcolor_slot(const struct trie *t, uint32_t node, double max);

/* Appends node's mark to labels when it fits in inner columns (a frame too narrow for
 * its mark gets none), adding its width to *cols; returns the columns used. */
struct buf;
int diffcolor_put_mark(struct buf *labels, const struct trie *t, uint32_t node, int inner,
                       int *cols);

static inline bool diffcolor_is(unsigned slot)
{
    return (slot & DIFFCOLOR_FLAG) != 0;
}
/* The colour of a diff slot, and its nearest of the 8 basic colours (growth THEME_RED,
 * shrinkage THEME_CYAN, as blue is the selection's, no change THEME_WHITE, whatever the
 * saturation). */
struct rgb diffcolor_rgb(unsigned slot);
int diffcolor_8(unsigned slot);
#endif
