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
/* Adds each sample to out[(t - t0) / bucket_us] for the buckets below n (the rest are
 * not counted); out is not cleared first. */
void timeline_histogram(const struct samples *s, uint64_t bucket_us, uint32_t *out, size_t n);
#endif
