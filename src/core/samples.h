/* SPDX-License-Identifier: MIT */
/* flametui - samples.h: the per-sample time index of perf input: for every record added
 * to the base trie, its time (relative to the first record's, t0), its leaf node, the
 * thread it ran on and (only when the records' weights differ) its weight. Lets any time
 * range or another process grouping be aggregated again without parsing again
 * (query/timeline.h does that).
 * Memory per sample: 4 bytes of time + 4 of leaf + 2 of thread (4 past 65535 threads),
 * + 2 of weight once two records weigh differently (an index into the distinct weights),
 * 4 past 65536 distinct weights (then weights past 2^32-2 are kept aside): 10 to 12
 * bytes, 14 for perf's frequency mode when nearly every period differs.
 * Times are microseconds since t0 (shifted right when a profile is longer than 71
 * minutes: the resolution halves each time). t0 is the earliest record's time: an earlier
 * record than those so far moves every time kept forward.
 * Threads: each distinct (process node, pid, tid) once, with the names the process frame
 * gets grouped by pid ("comm-PID") and by tid ("comm-PID/TID"), interned in the trie's
 * strtab. Node ids are those of the base trie: a base rebuilt in place (trie_replace)
 * voids the index (samples_clear).
 * Written by the perf parser (input/), read by the graph (query/). Not thread-safe. */
#ifndef FLAMETUI_SAMPLES_H
#define FLAMETUI_SAMPLES_H
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "core/count.h"

struct samples;

/* The process level of perf stacks (--group): the comm (stackcollapse-perf.pl's
 * default), "comm-PID", "comm-PID/TID", or no process frame. */
enum perf_group { GROUP_COMM, GROUP_PID, GROUP_TID, GROUP_NONE, GROUP_CPU, GROUP_COUNT };
/* --group's word for g ("comm" for one out of range). */
const char *samples_group_word(enum perf_group g);

struct samples_thread {
    uint32_t proc;       /* the node of the process frame (its last frame, grouped by comm) */
    uint32_t depth;      /* its depth (1 + the ';' in the comm) */
    uint32_t name_pid;   /* strtab ids of "comm-PID" and "comm-PID/TID" (the last frame) */
    uint32_t name_tid;
};

struct samples *samples_new(void);
void samples_free(struct samples *s);            /* NULL is a no-op */
/* Forgets every sample and thread (the base's node ids became void); keeps t0.
 * samples_cleared() then says so. */
void samples_clear(struct samples *s);
bool samples_cleared(const struct samples *s);

/* The thread of a record: index of (proc, pid, tid), added when new (names are the ids
 * of the grouped process frame names, interned by the caller). */
uint32_t samples_thread_find(struct samples *s, uint32_t proc, const char *pid, size_t pidl,
                             const char *tid, size_t tidl, bool *is_new);
void samples_thread_set(struct samples *s, uint32_t idx, const struct samples_thread *th);
size_t samples_threads(const struct samples *s);
const struct samples_thread *samples_thread_get(const struct samples *s, uint32_t idx);

/* CPUs (perf record -a: the "[NNN]" of a record header): each distinct number once, with
 * the strtab id of its frame name "cpu N" (SAMPLES_NO_NAME until the caller sets it). */
#define SAMPLES_NO_CPU UINT32_MAX
#define SAMPLES_NO_NAME UINT32_MAX
/* The index of CPU number cpu, added when new (at most 65535 CPUs: SAMPLES_NO_CPU past). */
uint32_t samples_cpu_find(struct samples *s, uint32_t cpu);
void samples_cpu_set_name(struct samples *s, uint32_t idx, uint32_t name);
uint32_t samples_cpu_name(const struct samples *s, uint32_t idx);
uint32_t samples_cpu_number(const struct samples *s, uint32_t idx);
size_t samples_cpus(const struct samples *s);
/* Sets the CPU (an index of samples_cpu_find) of the last sample added. */
void samples_set_cpu(struct samples *s, uint32_t idx);
/* True once a sample has a CPU. */
bool samples_have_cpu(const struct samples *s);
/* The CPU index of sample i, SAMPLES_NO_CPU when it has none. */
uint32_t samples_cpu_of(const struct samples *s, size_t i);

/* Appends a record: time_ns is the absolute time in nanoseconds (has_time false: the
 * record had none; it takes the previous record's time). */
void samples_add(struct samples *s, bool has_time, uint64_t time_ns, uint32_t leaf,
                 uint32_t thread, struct count w);

size_t samples_count(const struct samples *s);
bool samples_have_time(const struct samples *s);      /* a record had a timestamp */
uint64_t samples_t0_ns(const struct samples *s);
/* Time of sample i in microseconds since t0 (its resolution: samples_resolution_us). */
uint64_t samples_time_us(const struct samples *s, size_t i);
uint64_t samples_resolution_us(const struct samples *s);
/* The latest sample's time, microseconds since t0 (0 when empty). */
uint64_t samples_end_us(const struct samples *s);
/* The first record's time since t0: 0 unless a later record was earlier (t0 is the
 * earliest time; the batch outputs measure --from/--to from the first record). */
uint64_t samples_first_us(const struct samples *s);
uint32_t samples_leaf(const struct samples *s, size_t i);
uint32_t samples_thread_of(const struct samples *s, size_t i);
/* True when the times never decrease (samples_lower_bound is then exact). */
bool samples_sorted(const struct samples *s);
/* First sample with time >= us (sorted), or 0 (unsorted: scan everything). */
size_t samples_lower_bound(const struct samples *s, uint64_t us);
/* True when every sample weighs the same (*w gets it): no per-sample weights kept. */
bool samples_uniform(const struct samples *s, struct count *w);
struct count samples_weight(const struct samples *s, size_t i);
/* Bytes allocated, for benchmarks (samples_compact gives the growth slack back). */
size_t samples_bytes(const struct samples *s);
/* Gives back the growth slack once the input has ended (more samples may still come). */
void samples_compact(struct samples *s);

/* Direct read access for the aggregation loops (query/timeline.c): the arrays of
 * samples_count() entries. Times are (us since t0) >> *shift. Weights: the index of each
 * sample into dict (*ndict distinct weights), or NULL when samples_uniform or when the
 * weights are kept one by one (then use samples_weight). Valid until the next change. */
const uint32_t *samples_times(const struct samples *s, unsigned *shift);
const uint32_t *samples_leaves(const struct samples *s);
const uint16_t *samples_weight_index(const struct samples *s, const struct count **dict,
                                     size_t *ndict);
/* The thread of each sample: one of the two arrays is set, the other NULL. */
void samples_thread_arrays(const struct samples *s, const uint16_t **t16, const uint32_t **t32);
#endif
