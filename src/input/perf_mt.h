/* SPDX-License-Identifier: MIT */
/* flametui - perf_mt.h: collapses a whole in-memory `perf script` text (typically the mmap
 * of a regular file), giving exactly the trie one perf_parser would give. With two
 * threads or more it is a pipeline (stack_pipe.h): one thread parses and hashes, the
 * calling thread inserts into the trie. Never prints, never exits. */
#ifndef FLAMETUI_PERF_MT_H
#define FLAMETUI_PERF_MT_H
#include <stdbool.h>
#include <stddef.h>

#include "input/parse_perf.h"

struct perf_parser;
struct trie;

struct perf_mt_stats {
    size_t samples;        /* records added to the trie (perf_samples) */
    size_t skipped;        /* unrecognized lines (perf_skipped) */
    long first_skipped;    /* line number of the first one, 0 if none */
    size_t long_lines;     /* lines longer than o->max_line (perf_long_lines) */
    long first_long;       /* line number of the first one, 0 if none */
    long lines;            /* lines parsed */
    double last_time;      /* timestamp of the last record header, -1 if none */
    size_t no_callchain;   /* samples without a call chain (perf_no_callchain) */
    struct perf_mt_event { /* perf_events: [0] the event kept, then the others */
        char name[64];
        size_t samples;
    } events[PERF_EVENTS_MAX];
    size_t nevents;
};

/* The counters of parser p (samples, skipped and long lines, events, ...) as stats. */
void perf_mt_stats_of(const struct perf_parser *p, struct perf_mt_stats *st);

/* Parses buf[0..len) as if fed whole to one perf_parser with eof (so a last record
 * without a final blank line is dropped, as stackcollapse-perf.pl does), using up to
 * nthreads threads (<= 1: the calling thread only). Stacks are added to t (its strtab
 * receives the names). If release_pages, the pages of buf already parsed are given back
 * with madvise(MADV_DONTNEED) so peak RSS stays low: buf must then be a read-only
 * MAP_PRIVATE file mapping (the pages are re-read from the file if touched again).
 * st (may be NULL) receives the counters. Returns 0 (thread start failures fall back to
 * parsing on the calling thread), or -1 when reading buf raised SIGBUS (the mapped file
 * shrank while it was read: see map_guard in mapguard.h); t then holds part of the input.
 * nthreads >= 2 uses two threads (not more: the insertion is one thread's work), except
 * with o->samples (the time index: one thread). */
int perf_parse_buffer_mt(struct trie *t, const struct perf_opts *o, const char *buf, size_t len,
                         int nthreads, bool release_pages, struct perf_mt_stats *st);

/* For tests: perf_feed slices of slice bytes and pipeline batches of batch_frames frames
 * (0: the defaults). Not thread-safe: call before parsing. */
void perf_mt_tune(size_t slice, size_t batch_frames);

#endif
