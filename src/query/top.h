/* SPDX-License-Identifier: MIT */
/* flametui - top.h: the hottest-functions table: per distinct frame name, its self
 * samples (stacks ending in it) and total samples (stacks containing it, counted once
 * per stack even when the function recurses directly or indirectly), and the
 * `flametui --top[=N]` printer. Pure: no curses; the TUI table draws struct top rows.
 * Percentages are of the trie's total samples (the root's total). */
#ifndef FLAMETUI_TOP_H
#define FLAMETUI_TOP_H
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "core/count.h"

struct buf;
struct trie;

enum top_sort {
    TOP_BY_SELF,   /* self descending, then total descending, then name */
    TOP_BY_TOTAL,  /* total descending, then self descending, then name */
    TOP_BY_NAME,   /* plain byte order of the name */
    TOP_BY_DELTA,  /* diff: total - base total descending, then the self delta, then name */
};

struct top_row {
    uint32_t name;        /* name id in trie_names(t) */
    struct count self;    /* samples of stacks whose leaf frame is this function */
    struct count total;   /* samples of stacks containing it, once per stack */
    struct count bself, btotal; /* diff (trie_has_base): the same in the base profile */
};

struct top {
    struct top_row *v;    /* one row per distinct name occurring in the trie */
    size_t n;
    struct count all;     /* the root's total */
    struct count ball;    /* diff: the root's base total */
};

/* Fills out (zero-initialised or previously filled; old rows are freed) with one row
 * per name that occurs at least once in t, sorted by `by`. One DFS over t with an
 * "on path" counter per name (no recursion on the C stack). Cannot fail. */
void top_compute(struct trie *t, enum top_sort by, struct top *out);
/* Re-sorts rows; names are compared in the byte order of t's strtab. */
void top_sort(struct top *tp, struct trie *t, enum top_sort by);
void top_fini(struct top *tp);                   /* frees rows; tp can be reused */

/* Appends the numbers part of one table row for r, the percentages of all:
 *   "%12s %6.2f%% %12s %6.2f%%  "  (self, self%, total, total%, then the two spaces
 * before the name), counts as count_format() prints them, 0% when all is not positive.
 * The one row format of --top (top_print) and the TUI table (app_top_line). */
void top_row_numbers(struct buf *out, const struct top_row *r, struct count all);

/* Prints the n hottest functions by self (n == 0: all) as
 *   "# SELF SELF% TOTAL TOTAL% NAME" header, then one line per function:
 *   SELF  SELF%  TOTAL  TOTAL%  NAME
 * whitespace-separated, counts as count_format() prints them (integers when integral),
 * percentages with two decimals and a '%' sign, the name last and unchanged (raw
 * bytes: main.c escapes control bytes itself when out is a terminal). Returns 0, or -1
 * on a write error (ferror(out)). */
int top_print(FILE *out, struct trie *t, size_t n);
/* How a weight is written: into out[0..n) (n >= 64), returning its length. */
typedef int top_fmt_fn(char *out, size_t n, struct count c, const void *ctx);
/* count_format as a top_fmt_fn (ctx unused): what top_print writes. */
int top_fmt_count(char *out, size_t n, struct count c, const void *ctx);
/* top_print with the weights written by fmt(ctx) (render/numfmt.h's numfmt_number:
 * "1.17 s", "10.4 MiB", "25,662") in columns of 14, percentages as before; in a diff the
 * deltas are signed ("+1.17 s", "-3"). note, when not NULL, is a line printed first
 * ("# unit: page-faults"). fmt NULL: exactly top_print. */
int top_print_fmt(FILE *out, struct trie *t, size_t n, top_fmt_fn *fmt, const void *ctx,
                  const char *note);

/* Diff mode (t has a base, core/diff.h; top_diff.c). top_print prints, sorted by
 * TOP_BY_DELTA, the header "# SELF_BASE SELF_NEW SELF_DELTA TOTAL_BASE TOTAL_NEW
 * TOTAL_DELTA DELTA% NAME" and one line per function: deltas signed ("+5", "-3", "0"),
 * DELTA% the total delta as a percentage of the base profile's total (signed, two
 * decimals). This appends the numbers part of one such row; fmt NULL: as top_print
 * writes them, in columns of 12, else with the weights written by fmt(ctx) in columns of
 * 14 (top_print_fmt). */
void top_row_numbers_diff(struct buf *out, const struct top_row *r, struct count ball,
                          top_fmt_fn *fmt, const void *ctx);
/* a - b compared with c - d: -1, 0, 1 (exact for integer counts). */
int top_delta_cmp(struct count a, struct count b, struct count c, struct count d);
#endif
