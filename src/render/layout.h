/* SPDX-License-Identifier: MIT */
/* flametui - layout.h: PURE flame-graph layout: (trie, zoom root, viewport) -> rects
 * with a colour slot, flags and a safe, truncated label. No curses: tui_draw.c paints
 * the rects, textrender.c prints them. Visits only frames at least one column wide.
 * Ownership: nothing passed in is retained; rect_list_free() frees out. */
#ifndef FLAMETUI_LAYOUT_H
#define FLAMETUI_LAYOUT_H
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "render/label.h"
#include "core/util.h"

struct trie;
struct names;

enum orient { ORIENT_FLAME, ORIENT_ICICLE };  /* flame: root at the bottom */
enum order { ORDER_NAME, ORDER_WEIGHT };      /* children alphabetical or heaviest first */

struct viewport {
    int cols, rows;     /* size of the graph area in cells */
    int scroll;         /* depth rows scrolled away from the root side */
    enum orient orient;
    enum order order;
};

enum rect_flag {
    RECT_SELECTED = 1 << 0,
    RECT_MATCH = 1 << 1,     /* name matches the search */
    RECT_ANCESTOR = 1 << 2,  /* an ancestor of the zoom root, drawn full width */
    RECT_MERGED = 1 << 3,    /* frames narrower than a cell, merged (layout_in.merge_narrow) */
};

struct rect {
    int x, y, w;        /* cells; y = 0 is the top row of the graph area */
    uint32_t node;      /* trie node */
    uint32_t depth;     /* trie depth (root = 0) */
    unsigned color;     /* palette slot, from theme_slot() of the name */
    unsigned flags;     /* enum rect_flag */
    size_t label;       /* offset of a NUL-terminated safe label in out->labels.p */
    int label_cols;     /* -- added by layout: columns of that label (<= w - 2) */
    /* -- added by colors: a RECT_MERGED rect stands for `hidden` sibling frames, each
     * narrower than a cell, next to each other (name order) or the lightest ones
     * (ORDER_WEIGHT), with hidden_total samples in all; node is their parent; label "". */
    uint32_t hidden;
    double hidden_total;
};

/* Rects come ordered by depth (root side first), then by x; each row's rects are
 * disjoint. A rect's label fits in its inner width w-2 (the cells between its edge
 * cells, see layout_frame_text) and starts with '*' when the name matches. */
struct rect_list {
    struct rect *v;
    size_t n, cap;
    struct buf labels;
    /* -- added by layout: */
    int rows;           /* rows laid out: vp.rows, or the rows needed when vp.rows <= 0 */
    bool more;          /* drawable frames exist deeper than the last laid-out row */
    double total;       /* samples of the zoom root (100% of the width) */
    void *scratch;      /* layout's reusable work space; freed by rect_list_free */
};

struct layout_in {
    struct trie *t;
    uint32_t zoom;              /* zoom root (TRIE_ROOT for none) */
    uint32_t selected;          /* TRIE_NONE for none */
    const unsigned char *match; /* per name id: nonzero = matches the search; or NULL */
    struct viewport vp;
    /* -- added by layout (zero = default): */
    enum label_mode label_mode; /* LABEL_AUTO: from the locale's charset */
    /* -- added by names: short names in the labels (names.h; cut from the left so that
     * the method survives, label_fit_tail); NULL: full names, flamegraph.pl's cut */
    struct names *names;
    /* -- added by colors (zero = off): */
    bool merge_narrow;          /* emit RECT_MERGED rects for runs of narrow children */
    const unsigned char *match_below; /* per node: it or a descendant matches; or NULL */
};

/* Lays out the graph into out (cleared first). The zoom root and its ancestors span
 * the full width; frames narrower than one cell are dropped but their samples still
 * count in their parent's width. Cannot fail (OOM dies).
 * Details (layout): a frame is drawn iff total * cols >= zoom total; its cells are
 * [floor(s * cols / T), floor((s + total) * cols / T)) where s is the samples left of
 * it (children packed from the parent's left edge, self samples as the gap on the
 * right; ORDER_WEIGHT: heaviest first, ties by name). One row per trie depth: depth d
 * is at y = d - scroll (icicle) or rows - 1 - (d - scroll) (flame). vp.rows <= 0
 * lays out every drawable depth from scroll on and sets out->rows to the rows used.
 * Only drawable frames in rows up to the last visible one are visited.
 * merge_narrow: under each drawn frame, every run of adjacent children narrower than a
 * cell (in ORDER_WEIGHT the one run of the lightest) that spans at least one cell once
 * rounded is one RECT_MERGED rect on the children's row, with RECT_MATCH when one of
 * them or a frame below them matches (match by name, match_below by node). Runs that
 * round to no cell are not drawn (their samples are still in the parent's width). */
void layout_compute(const struct layout_in *in, struct rect_list *out);
void rect_list_free(struct rect_list *out);

/* ---- added by layout: helpers for the viewer (all pure, none allocates) ---- */

/* rl keeps a cache of the drawable children of drawn frames (valid while the trie, its
 * generation and the zoom threshold allow), so a redraw after a key costs O(drawn
 * frames). Call this after freeing the trie rl was laid out from (e.g. a rebuilt view),
 * before laying out another one: a new trie at the same address is otherwise only told
 * apart by its size, generation, root total and depth. */
void layout_cache_reset(struct rect_list *rl);

/* The rect's NUL-terminated safe label. */
static inline const char *layout_label(const struct rect_list *rl, const struct rect *r)
{
    return rl->labels.p + r->label;
}
/* Appends exactly r->w columns as the frame is drawn (screen and --text): w == 1: "|";
 * w == 2: "[]"; else '[' + label + spaces + ']'. No NUL. */
void layout_frame_text(const struct rect_list *rl, const struct rect *r, struct buf *out);
/* The rect of node, or NULL when it was not laid out (narrow, scrolled away, outside
 * the zoom). RECT_MERGED rects do not count (their node is the parent's). */
const struct rect *layout_find(const struct rect_list *rl, uint32_t node);
/* The rect covering graph cell (x, y), or NULL (mouse). */
const struct rect *layout_hit(const struct rect_list *rl, int x, int y);

enum layout_move {
    LAYOUT_PARENT,  /* towards the root (stays at the root) */
    LAYOUT_CHILD,   /* the widest drawable child; below an ancestor of the zoom root:
                     * the next frame on the path to the zoom root */
    LAYOUT_LEFT,    /* neighbour on the same row as laid out in rl (not RECT_MERGED) */
    LAYOUT_RIGHT,
    LAYOUT_UP,      /* screen directions: CHILD in flame, PARENT in icicle */
    LAYOUT_DOWN,
};
/* The node to select after moving from node; node itself when there is nowhere to go
 * (LEFT/RIGHT also when node is not in rl: keep the selection visible first). */
uint32_t layout_move(const struct layout_in *in, const struct rect_list *rl, uint32_t node,
                     enum layout_move m);
/* Whether node is drawn at all for in->zoom and in->vp.cols (any scroll): it is the zoom
 * root, an ancestor of it, or in its subtree with every frame on the way >= 1 cell. */
bool layout_drawable(const struct layout_in *in, uint32_t node);
/* The deepest row layout_compute can draw for in->t, in->zoom and in->vp.cols at any
 * scroll: the greatest trie depth (root = 0) of a drawable frame (see layout_drawable;
 * the zoom root's ancestors are shallower than it). The viewer clamps vp.scroll to
 * layout_depth + 1 - vp.rows (when positive). 0 when nothing is drawn (no trie,
 * cols <= 0). Visits only drawable frames (and scans their child lists), level by
 * level with no recursion and no cache: O(drawable frames + their children). */
int layout_depth(const struct layout_in *in);
/* The vp.scroll that makes node's row visible: in->vp.scroll when it already is, else
 * the nearest scroll that shows it. 0 when vp.rows <= 0. */
int layout_scroll_to(const struct layout_in *in, uint32_t node);
#endif
