/* SPDX-License-Identifier: MIT */
/* flametui - svg.h: PURE interactive SVG writer (`--svg`, the x key): the graph drawn as
 * flamegraph.pl draws the same folded input, with an embedded script of our own (click
 * to zoom, Reset Zoom, Ctrl-F / the Search button: a regex highlights the matching
 * frames and shows "Matched: P%").
 *
 * The layout is flamegraph.pl's (FlameGraph 41fee1f, default options): 1200 px wide,
 * 16 px frames, 10 px side padding, frames narrower than 0.1 px dropped, siblings in
 * the byte order of flamegraph.pl's sorted folded lines (so a frame whose own samples
 * and children are separated by a sibling that sorts between them, "f" around "f.x",
 * is drawn as two frames, as flamegraph.pl draws it), the same x, y and width numbers
 * it prints, the same <title> text "NAME (N samples, P%)" (N with thousands
 * separators, a trailing _[kwij] annotation stripped) and the same colours: the
 * palette formulas of its color() keyed as its default does (random_namehash: the
 * first drand48() after srand(sum of the name's code points)).
 * What differs by design: frames are written depth first (flamegraph.pl: hash order),
 * the script and the text around the frames are ours, and names are made valid XML:
 * & < > " are entities as in flamegraph.pl, and a control byte, DEL, a byte of invalid
 * UTF-8 and U+FFFE/U+FFFF become the visible text \xNN (flamegraph.pl writes them raw,
 * which is not XML).
 * A zoomed view (zoom != TRIE_ROOT) is written as the viewer shows it: the zoom root
 * full width with its ancestors as full-width bars under it, its subtree scaled to the
 * width (and pruned at that scale); the percentages stay those of the whole profile.
 * Differential profiles: with a delta callback, every frame is coloured by the change
 * of its own samples as flamegraph.pl colours `STACK C1 C2` input (svg_diff_rgb) and
 * its title gains "; +D%".
 * Does not filter, reverse or search the trie (query/graph.h gives the shown trie).
 * Ownership: nothing passed in is retained. */
#ifndef FLAMETUI_SVG_H
#define FLAMETUI_SVG_H
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "core/util.h"
#include "render/theme.h"

struct trie;
struct unit;

struct svg_opts {
    enum palette palette;      /* --colors (PALETTE_HOT by default) */
    bool icicle;               /* root on top, title "Icicle Graph" (flamegraph.pl --inverted) */
    const char *title;         /* NULL: "Flame Graph" / "Icicle Graph" */
    const char *subtitle;      /* NULL or "": none (flamegraph.pl --subtitle); raw bytes */
    const char *search;        /* regex highlighted when the file opens, or NULL */
    bool search_icase;         /* ... ignoring case (the viewer's smartcase said so) */
    int width;                 /* image width in px, 0: 1200 */
    /* Differential profile: the change (new - base) of the samples that end at node,
     * its self samples; NULL: a plain profile. The widths are the trie's (the new
     * profile's) counts, as flamegraph.pl's are its second column. */
    double (*self_delta)(void *ctx, const struct trie *t, uint32_t node);
    void *delta_ctx;
    bool negate;               /* swap red and blue (flamegraph.pl --negate) */
    double maxdelta;           /* > 0: the largest |delta| of a stack (svg_base_maxdelta);
                                * 0: computed from self_delta over t's stacks */
    /* The weights' unit (render/numfmt.h): the word after the number in the titles, as
     * flamegraph.pl's --countname ("1,170,000,000 ns", "25,662 page-faults");
     * NULL or samples: "N samples". */
    const struct unit *unit;
};

/* Writes the SVG of the subtree of zoom (TRIE_ROOT: the whole trie) of t to out.
 * t is not modified except for its sorted-children cache. A trie without samples gives
 * a small SVG saying so (as flamegraph.pl does) and still returns 0.
 * Returns 0, or -1 on a write error (ferror, errno set by stdio). */
int svg_write(FILE *out, struct trie *t, uint32_t zoom, const struct svg_opts *o);

/* One frame as svg_write draws it, for tests: the node, its depth (root 0), the
 * samples before it in its row (stime) and its samples (etime - stime), in units of
 * the drawn scale. */
struct svg_frame {
    uint32_t node;
    uint32_t depth;
    double stime, samples;
    bool own;      /* includes the node's own (self) samples (its differential delta) */
    bool ancestor; /* an ancestor of the zoom root: a full-width bar (samples: the
                    * zoom root's); its title gives its own total */
};
/* The frames svg_write would draw (after the 0.1 px pruning), depth first; *n gets
 * the count; free() the array. */
struct svg_frame *svg_frames(struct trie *t, uint32_t zoom, int width, size_t *n);

/* flamegraph.pl's colour of a frame name (raw bytes) in palette p, as its default
 * (not --hash) colouring gives it; "--" and "-" are its greys. */
struct rgb svg_name_rgb(enum palette p, const char *name, size_t len);
/* flamegraph.pl's random_namehash(): the first drand48() after srand(sum of the name's
 * code points modulo 2^32; bytes of invalid UTF-8 count as their value). In [0, 1). */
double svg_namehash(const char *name, size_t len);
/* flamegraph.pl's colour for a differential frame (color_scale): delta > 0 red, < 0
 * blue, 0 white; the saturation is |delta| / maxdelta (maxdelta >= 1: the largest
 * |delta| of a stack, at least 1). negate swaps the hues. */
struct rgb svg_diff_rgb(double delta, double maxdelta, bool negate);

/* Differential adapter for svg_opts.self_delta, with delta_ctx the base profile (a
 * struct trie, with its own strtab or t's): the self samples of node in t minus those
 * of the same path of names in the base (0 where the base lacks it). */
double svg_base_delta(void *base, const struct trie *t, uint32_t node);
/* flamegraph.pl's $maxdelta for t against base: the largest |new - base| of a stack of
 * either profile, at least 1 (for svg_opts.maxdelta: stacks only in the base count). */
double svg_base_maxdelta(const struct trie *base, const struct trie *t);

/* The same for a trie that carries its base profile itself (--base: trie_has_base):
 * delta_ctx unused; the node's self samples minus its base self samples. */
double svg_own_base_delta(void *unused, const struct trie *t, uint32_t node);
/* flamegraph.pl's $maxdelta for such a trie: the largest |new - base| self of a stack of
 * either profile (a node ending a stack of either), at least 1. */
double svg_own_base_maxdelta(const struct trie *t);

/* Appends name[0..len) as XML character data, safe in text and in attribute values:
 * & < > " as entities, control bytes, DEL, invalid UTF-8 and U+FFFE/U+FFFF as \xNN. */
void svg_escape(struct buf *out, const char *name, size_t len);
/* Appends the number with thousands separators as flamegraph.pl prints samples
 * ("%.0f" of v, then commas: 1234567 -> "1,234,567"). */
void svg_commify(struct buf *out, double v);
#endif
