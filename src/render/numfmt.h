/* SPDX-License-Identifier: MIT */
/* flametui - numfmt.h: numbers for people, in one place. PURE: no curses, no I/O.
 * Grouped digits ("2,702,702,700"), compact forms with three significant digits where
 * space is short ("2.70G"), durations ("2.70 s"), bytes ("10.4 MiB"), singular/plural
 * ("1 sample"), and the one function that writes a weight in its profile's unit
 * (numfmt_weight: every screen and output goes through it).
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

/* Bytes with a binary prefix and three significant digits: "512 B", "1.00 KiB",
 * "10.4 MiB", "2.00 GiB" (as pprof's -unit=auto, with IEC names). */
int numfmt_bytes(char *out, size_t n, double v);

/* What a weight (a trie count) means. */
enum numfmt_unit {
    UNIT_SAMPLES, /* one per sample: "2,700 samples" */
    UNIT_NS,      /* nanoseconds (pprof CPU, perf cpu-clock/task-clock periods): "2.70 s" */
    UNIT_EVENTS,  /* counts of something named by noun: "2.70G cycles", "6.68M objects" */
    UNIT_BYTES,   /* bytes (pprof heap): "10.4 MiB" */
    UNIT_MIXED,   /* inputs with different units merged: bare numbers */
};
/* The unit of a profile's weights. */
struct unit {
    enum numfmt_unit u;
    char noun[64];    /* UNIT_EVENTS: what is counted ("cycles", "objects"); may be "" */
    char event[64];   /* perf: the event without its modifiers ("cpu-clock"), else "" */
    bool ascii;       /* "us" for microseconds */
};
/* The unit of weights an input describes as type and unit (loader_weight): pprof's
 * sample type and unit ("cpu", "nanoseconds"; "alloc_space", "bytes"; "alloc_objects",
 * "count": objects), a perf event with "period" ("cpu-clock:ppp": nanoseconds for
 * cpu-clock and task-clock, else counts named by the event), or "samples"; type NULL:
 * samples. counts_samples: the weights are known to be one per sample (every period 1):
 * UNIT_SAMPLES whatever the type says (the perf event is kept). ascii is left false. */
void numfmt_unit_set(struct unit *u, const char *type, const char *unit, bool counts_samples);
/* Whether two units print the same way (their numbers may be added). */
bool numfmt_unit_same(const struct unit *a, const struct unit *b);
/* The unit's name as a word: "samples", "nanoseconds", "bytes", the noun, "mixed". */
const char *numfmt_unit_name(const struct unit *u);
/* A weight with its unit: "2.70 s", "10.4 MiB", "2,700 samples", "25,662 page-faults"
 * (compact: "2.70k samples"). UNIT_MIXED: the bare number. */
int numfmt_weight(char *out, size_t n, struct count c, const struct unit *u, bool compact);
/* The same without the word of a count (time and bytes keep their units): "2.70 s",
 * "10.4 MiB", "2,700" (compact: "2.70k"). */
int numfmt_number(char *out, size_t n, struct count c, const struct unit *u, bool compact);
#endif
