/* SPDX-License-Identifier: MIT */
/* flametui - diffcollapse.h: the differential folded writer: every stack of a diff trie
 * (core/diff.h) as "frame;frame;... BASE NEW", what difffolded.pl prints and
 * flamegraph.pl reads. Pure: never escapes names (main.c makes a terminal safe).
 * Ownership: nothing is retained. */
#ifndef FLAMETUI_DIFFCOLLAPSE_H
#define FLAMETUI_DIFFCOLLAPSE_H
#include <stdio.h>

struct trie;

/* Writes every stack end of t (also those with zero counts on either side) as
 * "STACK BASE NEW\n", counts as count_format() prints them, the lines sorted in plain
 * byte order of the whole line (`LC_ALL=C sort` of difffolded.pl's output). The root's
 * own samples are not written. Returns 0, or -1 on a write error. */
int collapse_write_diff(FILE *out, struct trie *t);
#endif
