/* SPDX-License-Identifier: MIT */
/* flametui - sniff.h: the formats the loader recognises by their first bytes, before it
 * tells perf script text from folded stacks (loader.c, sniff_text): a table, so a new
 * format is one line. Some are read (perf.data, through perf script: perf_data.h); the
 * others are recognised only to say what they are instead of showing an empty graph.
 * Pure functions of bytes; never prints. */
#ifndef FLAMETUI_SNIFF_H
#define FLAMETUI_SNIFF_H
#include <stdbool.h>
#include <stddef.h>

#include "input/format.h"

struct magic_format {
    enum input_format format; /* FORMAT_AUTO: recognised, not read */
    const char *name;         /* "perf.data", "JFR", "Chrome .cpuprofile" */
    /* 1: p[0..n) starts like this format; 0: it does not; -1: cannot tell yet (only when
     * !eof: more bytes would decide) */
    int (*sniff)(const unsigned char *p, size_t n, bool eof);
    const char *unsupported;  /* not read: why, and what to do instead */
};

/* The first format of the table that p[0..n) starts like: 1 with *f, 0 none, -1 when a
 * format cannot tell yet (call again with more bytes, or with eof). */
int sniff_magic(const void *p, size_t n, bool eof, const struct magic_format **f);
/* The input formats auto-detection tries, for messages: "folded stacks, perf script
 * output, perf.data; compressed: gzip, zstd, xz, bzip2" (the table's readable rows). */
const char *sniff_formats_tried(void);
#endif
