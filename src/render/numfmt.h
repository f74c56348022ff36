/* SPDX-License-Identifier: MIT */
/* flametui - numfmt.h: numbers for people, in one place. PURE: no curses, no I/O.
 * Grouped digits ("2,702,702,700"), compact forms with three significant digits where
 * space is short ("2.70G"), durations ("2.70 s"), and singular/plural ("1 sample").
 * Every function writes a NUL-terminated string into out[0..n) (n >= NUMFMT_MAX always
 * suffices) and returns its length. */
#ifndef FLAMETUI_NUMFMT_H
#define FLAMETUI_NUMFMT_H
#include <stdbool.h>
#include <stddef.h>

#include "core/count.h"

#define NUMFMT_MAX 64

/* Digits grouped by three with ','. A fractional count: its %.15g form with the
 * integer part grouped ("1,234.5"); an exponent form ("2e+19") is left as it is. */
int numfmt_group(char *out, size_t n, struct count c);
int numfmt_group_u(char *out, size_t n, unsigned long long v);
/* Three significant digits and an SI suffix: 999, 1.00k, 27.0M, 2.70G, 270T, 1.50E;
 * below 1000 the value as it is (integers) or with up to two decimals. */
int numfmt_compact(char *out, size_t n, double v);
/* A duration in seconds with three significant digits: "2.70 s", "27.0 s", "450 ms",
 * "12.3 us" (ascii) or "12.3 µs", "5.00 ns"; from 1000 s on "1,234 s". */
int numfmt_seconds(char *out, size_t n, double s, bool ascii);
/* one when v is exactly 1, else many: "1 sample", "0 samples", "2.5 samples". */
const char *numfmt_plural(double v, const char *one, const char *many);

/* What a weight (a trie count) means. */
enum numfmt_unit {
    UNIT_SAMPLES, /* one per sample: "2,700 samples" */
    UNIT_NS,      /* nanoseconds (perf cpu-clock, task-clock periods): "2.70 s" */
    UNIT_EVENTS,  /* event counts (perf cycles periods): "2.70G cycles" */
};
/* A weight with its unit: compact selects numfmt_compact over numfmt_group (UNIT_NS is
 * always a duration). event: the event name for UNIT_EVENTS ("cycles"); may be NULL. */
int numfmt_weight(char *out, size_t n, struct count c, enum numfmt_unit u, const char *event,
                  bool compact, bool ascii);
#endif
