/* SPDX-License-Identifier: MIT */
/* flametui - diff.h: differential profiles (difffolded.pl's numbers). A diff is ONE trie
 * holding the union of the stacks of both profiles: node counts are the new profile's,
 * and the base profile's total per node is the trie's optional base count
 * (trie_enable_base). Does not read input, derive views or draw.
 * Ownership: nothing passed in is retained. */
#ifndef FLAMETUI_DIFF_H
#define FLAMETUI_DIFF_H
#include <stdbool.h>

#include "core/count.h"

struct trie;

/* difffolded.pl -n for one stack: int(b * total_new / total_base) with Perl's number
 * semantics (an integer product that fits in 64 bits stays exact; the quotient is a
 * double unless both sides are integers above 2^53 that divide exactly; int() truncates,
 * giving an integer below 2^64, else a double). total_base 0 leaves b unchanged (Perl
 * would die dividing by zero). The caller checks total_base != total_new, as -n does. */
struct count diff_normalize(struct count b, struct count total_new, struct count total_base);

/* Adds the stacks of base (a plain trie sharing t's strtab or not) to t as base counts:
 * every stack end of base is found or created in t (new nodes get zero new counts) and
 * gets the base's self samples, normalised to t's total first when normalize is set and
 * the totals differ (difffolded.pl -n). Enables t's base even when base is empty. */
void diff_attach(struct trie *t, const struct trie *base, bool normalize);

/* difffolded.pl -s: every "0x" followed by hex digits in a frame name becomes "0x...".
 * Returns true when the name changes; out (a buf-like growable string) gets the result. */
struct buf;
bool diff_strip_hex_name(const char *p, size_t n, struct buf *out);
/* Rewrites every name of t with diff_strip_hex_name, merging frames that become equal
 * (counts, base counts included, add up). t keeps its address (trie_replace). */
void diff_strip_hex(struct trie *t);

/* A copy of the diff trie t with the two sides exchanged: counts = t's base counts,
 * base counts = t's counts, and trie_base_swapped() true (unless t's was). Same strtab,
 * same node ids. The base-widths view (what disappeared). The caller frees it. */
struct trie *diff_swap(const struct trie *t);

/* Writes new - base signed: "+5", "-3", "0" (integers exactly, else as count_format
 * writes a double, with its sign); returns the length. buf holds COUNT_FMT_MAX + 1. */
int diff_delta_format(char *buf, struct count base, struct count new_);
/* new - base as a double. */
double diff_delta_d(struct count base, struct count new_);

/* True when total_base and total_new differ as Perl's != compares them. */
bool diff_totals_differ(struct count a, struct count b);
#endif
