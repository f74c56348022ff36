/* SPDX-License-Identifier: MIT */
/* flametui - perf_native.h: a perf.data (perf's file format, mapped) read in this process
 * straight into the trie: its records, in the order perf processes them, through the
 * machine (perfdata_run.c) into a perf script parser fed records instead of text
 * (parse_perf.h), so every option's rules are those of the text. Two ways: in steps on
 * the calling thread (the viewer: its time index, its LOADING flow), or, for a batch
 * output without the time index, on a second thread through a stack_pipe (stack_pipe.h)
 * while the calling thread inserts. A file that shrinks while it is read is an error
 * ("changed while it was read"), not a crash. Never prints, never exits. */
#ifndef FLAMETUI_PERF_NATIVE_H
#define FLAMETUI_PERF_NATIVE_H
#include <stdbool.h>
#include <stddef.h>

#include "core/util.h"
#include "input/parse_perf.h"
#include "input/perf_mt.h"

struct pd_file;
struct trie;
struct perf_native;

/* f (not owned: it must outlive the reader) into t with the options o (copied). threaded:
 * on a second thread when it can (not with o->samples). */
struct perf_native *perf_native_new(const struct pd_file *f, struct trie *t,
                                    const struct perf_opts *o, bool threaded);
/* Reads records of about max_bytes (the whole rest when threaded: its batches as they
 * come, waiting at most wait_ms for one; -1: as long as it takes); *bytes (added to):
 * the record bytes read. 1: more follows; 0: the end; -1 with err. */
int perf_native_step(struct perf_native *n, size_t max_bytes, int wait_ms, size_t *bytes,
                     struct ft_error *err);
/* The counters (perf_mt_stats: samples, skipped lines, events...): those of the parser
 * once the input ended, or read in steps; while a second thread reads, the samples
 * inserted so far only. */
void perf_native_stats(const struct perf_native *n, struct perf_mt_stats *st);
/* The events seen (perf_events) when the counters are readable, else 0. */
size_t perf_native_events(const struct perf_native *n, size_t i, const char **name,
                          size_t *len, size_t *samples);
void perf_native_trie_replaced(struct perf_native *n);
void perf_native_free(struct perf_native *n);   /* NULL is a no-op; stops the thread */

/* perf's pipe format (perf record -o -), pushed as it is read (pd_stream in perfdata.h),
 * on the calling thread into t. feed takes p[0..len) whole (len, or (size_t)-1 with err
 * when the input cannot be read: what came before is in t); eof ends the input. */
struct perf_native_stream;
struct perf_native_stream *perf_native_stream_new(struct trie *t, const struct perf_opts *o);
size_t perf_native_stream_feed(struct perf_native_stream *n, const void *p, size_t len,
                               bool eof, struct ft_error *err);
/* The parser, for its counters (parse_perf.h). */
const struct perf_parser *perf_native_stream_parser(const struct perf_native_stream *n);
/* pd_stream_late_execs: processes unwound here that perf script would unwind otherwise */
size_t perf_native_stream_late_execs(const struct perf_native_stream *n);
void perf_native_stream_free(struct perf_native_stream *n);
#endif
