/* SPDX-License-Identifier: MIT */
/* flametui - annotate.h: the source lines of functions with their self and total samples,
 * as `go tool pprof -list` prints them. The line of a frame is in its name:
 * FUNC:FILE:LINE, as perf script --srcline frames are named and as the pprof parser names
 * them in line mode (input/pprof.h: pprof_set_lines). A frame without that suffix has no
 * line information.
 * Per line: self is the samples of stacks ending at that line of the function, total
 * the samples of stacks through it (counted once per stack, as pprof's cum). The lines
 * are grouped by function and file (an inlined function's lines are in its own file).
 * annotate_text reads the source files; nothing here prints (batch.c and the annotate
 * screen show the text).
 * Ownership: everything in struct annotate is owned by it (annotate_fini). */
#ifndef FLAMETUI_ANNOTATE_H
#define FLAMETUI_ANNOTATE_H
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "core/count.h"
#include "core/util.h"

struct trie;
struct regex;

struct annotate_line {
    uint32_t line;
    struct count self, total;
};

struct annotate_fn {
    char *func, *file;              /* NUL-terminated copies */
    struct annotate_line *v;        /* ascending line numbers */
    size_t n, cap;
    struct count self, total;       /* the function in that file (total once per stack) */
};

struct annotate {
    struct annotate_fn *v;          /* by total, heaviest first, then by name */
    size_t n, cap;
    size_t line_frames;             /* frames of t that carry a line (any function) */
};

/* Splits a frame name FUNC:FILE:LINE[ (inlined)]: true with the parts' offsets when the
 * name ends in ":DIGITS" (and an optional " (...)") after a FILE part; false otherwise. */
bool annotate_split(const char *s, size_t n, size_t *func_len, size_t *file_off,
                    size_t *file_len, uint32_t *line);
/* Collects the lines of every function whose FUNC matches re (unanchored; NULL: the
 * function whose FUNC is exactly func[0..func_len)). out must be zeroed or finished. */
void annotate_collect(struct trie *t, struct regex *re, const char *func, size_t func_len,
                      struct annotate *out);
void annotate_fini(struct annotate *a);
/* The range of lines pprof -list prints for f: 5 lines before its first line and after
 * its last one, from line 1 on. */
void annotate_range(const struct annotate_fn *f, uint32_t *first, uint32_t *last);
/* A value as pprof prints it (measurement.ScaledLabel): "." for 0 when dot; nanoseconds
 * as 840ms, 1.46s; bytes as 1.50MB; other units as the number. unit: the pprof unit
 * ("nanoseconds", "bytes", "count", ...) or NULL (samples). */
void annotate_value(char *out, size_t n, struct count c, const char *unit, bool dot);
/* Appends s[0..n) made safe for a terminal (the caller's: render/label.h). */
typedef void annotate_safe_fn(struct buf *out, const char *s, size_t n);
/* The text of go tool pprof -list: "Total: ALL", then per function a ROUTINE line,
 * its flat and cum values and the lines of annotate_range (from the source file, found
 * under the directories of dirs (DIR:DIR, may be NULL) first, else at the recorded path;
 * not found: only the lines with samples, without text, and the ROUTINE line says so).
 * Names and source text go through safe (tabs are kept). */
void annotate_text(const struct annotate *an, struct count all, const char *unit,
                   const char *dirs, annotate_safe_fn *safe, struct buf *out);
/* pprof's percentage: "  100%", "%5.2f%%" from 1 %, else "%5.1f%%". */
void annotate_pct(char *out, size_t n, double part, double whole);
#endif
