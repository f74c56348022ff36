/* SPDX-License-Identifier: MIT */
/* flametui - timeline.h: aggregates the samples of a time range, grouped by process,
 * command or thread (or not at all), into a new trie, from the time index
 * (core/samples.h) of a base trie: no parsing again. Also the heat map of the time view
 * (sample counts per time bucket). Pure: no I/O.
 * Cost: one pass over the samples of the range (binary search for its start when the
 * times are sorted) plus one pass over the base's nodes; grouping by pid or tid also
 * hashes each (leaf, thread) pair. Ownership: the result shares the base's strtab; the
 * caller frees it. */
#ifndef FLAMETUI_TIMELINE_H
#define FLAMETUI_TIMELINE_H
#include <stddef.h>
#include <stdint.h>

#include "core/samples.h"

struct trie;

#define TIMELINE_END UINT64_MAX

/* The samples with from_us <= t - t0 < to_us (TIMELINE_END: no end), grouped by g, as a
 * trie over base's names. base must be the trie s indexes. */
struct trie *timeline_build(const struct samples *s, const struct trie *base, uint64_t from_us,
                            uint64_t to_us, enum perf_group g);
/* Samples (records, not weights) of [from_us, to_us). */
size_t timeline_count(const struct samples *s, uint64_t from_us, uint64_t to_us);
/* A heat map's geometry (FlameScope's subsecond offset map): columns of col_us each, cut
 * into rows cells of col_us / rows from the top down, each column drawn col_w characters
 * wide. */
struct timeline_bins {
    uint64_t col_us;        /* a column: rows cells of a whole number of periods */
    int rows;               /* cells per column */
    int ncols;              /* columns up to the latest sample */
    int col_w;              /* characters per column (>= 1) */
    uint64_t period_us;     /* the sample period found (timeline_period_us) */
};
#define TIMELINE_CELL_SAMPLES 10   /* samples per cell on average, at least */
/* The sample period: the time span of the busiest CPU (when the records name CPUs), else
 * of the busiest thread, over its samples; 0 without two samples on one. */
uint64_t timeline_period_us(const struct samples *s);
/* The geometry for at most max_cols characters by max_rows rows: a cell spans a whole
 * number of sample periods (at least one) and TIMELINE_CELL_SAMPLES samples or more on
 * average, so that a steady load reads as an even colour, not as aliasing stripes; every
 * row is used (fewer only when the profile has fewer than 4 columns of cells: then
 * rows for 4 columns); the columns are as wide as the width allows. */
void timeline_bins(const struct samples *s, int max_cols, int max_rows,
                   struct timeline_bins *b);
/* Counts the samples per cell of b into cells[col * rows + row] (ncols * rows entries,
 * cleared first); returns the fullest cell's count. */
uint32_t timeline_cells(const struct samples *s, const struct timeline_bins *b,
                        uint32_t *cells);
/* Adds each sample to out[(t - t0) / bucket_us] for the buckets below n (the rest are
 * not counted); out is not cleared first. */
void timeline_histogram(const struct samples *s, uint64_t bucket_us, uint32_t *out, size_t n);
#endif
