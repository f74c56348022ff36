/* SPDX-License-Identifier: MIT */
/* flametui - unit tests: layout (widths, cutoff, zoom, orientation, scroll, order,
 * selection moves, hit testing, labels, deepest drawable row) and the text form. */
#include "config.h"

#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>
#include <locale.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "helpers.h"
#include "render/layout.h"
#include "core/strtab.h"
#include "render/textrender.h"
#include "render/theme.h"
#include "core/trie.h"

struct fx {
    struct trie *t;
    struct layout_in in;
    struct rect_list rl;
};

static void fx_init(struct fx *f, const char *folded, int cols, int rows, enum orient o)
{
    memset(f, 0, sizeof(*f));
    f->t = trie_from_folded(folded);
    f->in.t = f->t;
    f->in.zoom = TRIE_ROOT;
    f->in.selected = TRIE_NONE;
    f->in.vp.cols = cols;
    f->in.vp.rows = rows;
    f->in.vp.orient = o;
    f->in.label_mode = LABEL_UTF8;
}

static void fx_run(struct fx *f)
{
    layout_compute(&f->in, &f->rl);
}

static void fx_fini(struct fx *f)
{
    rect_list_free(&f->rl);
    trie_free(f->t);
}

static uint32_t N(struct fx *f, const char *path)
{
    uint32_t n = trie_node_at(f->t, path);
    assert_int_not_equal(n, UINT32_MAX);
    return n;
}

/* The rect of path ("" = root), or NULL. */
static const struct rect *R(struct fx *f, const char *path)
{
    return layout_find(&f->rl, *path ? N(f, path) : TRIE_ROOT);
}

static char *text(struct fx *f)
{
    struct buf b = {0};
    textrender_rows(&f->rl, f->in.vp.cols, &b);
    buf_putc(&b, '\0');
    return b.p;
}

static void width_follows_samples(void **state)
{
    (void)state;
    struct fx f;
    fx_init(&f, "main;a 3\nmain;b 1\n", 80, 10, ORIENT_ICICLE);
    fx_run(&f);
    const struct rect *a = R(&f, "main;a"), *b = R(&f, "main;b");
    assert_non_null(a);
    assert_non_null(b);
    assert_int_equal(a->w, 60);   /* 3 of 4 samples */
    assert_int_equal(a->x, 0);
    assert_int_equal(b->x, 60);
    assert_int_equal(b->w, 20);
    assert_int_equal(R(&f, "")->w, 80);
    assert_int_equal(R(&f, "main")->w, 80);
    assert_int_equal(f.rl.total, 4.0);
    fx_fini(&f);
}

static void cumulative_positions_do_not_drift(void **state)
{
    (void)state;
    struct fx f;
    fx_init(&f, "r;a 1\nr;b 1\nr;c 1\n", 10, 5, ORIENT_ICICLE);
    fx_run(&f);
    /* x = floor(cum * 10 / 3): 0, 3, 6 and the last ends at 10 */
    assert_int_equal(R(&f, "r;a")->x, 0);
    assert_int_equal(R(&f, "r;a")->w, 3);
    assert_int_equal(R(&f, "r;b")->x, 3);
    assert_int_equal(R(&f, "r;b")->w, 3);
    assert_int_equal(R(&f, "r;c")->x, 6);
    assert_int_equal(R(&f, "r;c")->w, 4);
    fx_fini(&f);
}

static void narrow_frames_dropped_but_counted(void **state)
{
    (void)state;
    struct fx f;
    /* 20 samples on 10 cells: 2 samples a cell; the four x's are half a cell each */
    fx_init(&f, "p;x1 1\np;x2 1\np;x3 1\np;x4 1\nq 16\n", 10, 5, ORIENT_ICICLE);
    fx_run(&f);
    assert_int_equal(R(&f, "p")->w, 2);   /* their samples still count in p */
    assert_int_equal(R(&f, "q")->x, 2);
    assert_int_equal(R(&f, "q")->w, 8);
    assert_null(R(&f, "p;x1"));
    assert_null(R(&f, "p;x4"));
    assert_int_equal(f.rl.n, 3);          /* all, p, q: nothing else was laid out */
    fx_fini(&f);
    /* self samples are the gap on the right of the children */
    fx_init(&f, "m 2\nm;c 2\n", 8, 5, ORIENT_ICICLE);
    fx_run(&f);
    assert_int_equal(R(&f, "m;c")->x, 0);
    assert_int_equal(R(&f, "m;c")->w, 4);
    fx_fini(&f);
}

static void zoom_ancestors_full_width(void **state)
{
    (void)state;
    struct fx f;
    fx_init(&f, "main;a;b 2\nmain;a;c 2\nmain;d 4\n", 40, 10, ORIENT_ICICLE);
    f.in.zoom = N(&f, "main;a");
    fx_run(&f);
    const struct rect *all = R(&f, ""), *m = R(&f, "main"), *a = R(&f, "main;a");
    assert_int_equal(all->w, 40);
    assert_true(all->flags & RECT_ANCESTOR);
    assert_int_equal(m->w, 40);
    assert_true(m->flags & RECT_ANCESTOR);
    assert_int_equal(a->w, 40);
    assert_false(a->flags & RECT_ANCESTOR);
    assert_int_equal(R(&f, "main;a;b")->w, 20);
    assert_int_equal(R(&f, "main;a;c")->x, 20);
    assert_null(R(&f, "main;d"));
    assert_int_equal(f.rl.total, 4.0);
    /* rects come root first, then by x */
    assert_int_equal(f.rl.v[0].node, TRIE_ROOT);
    assert_int_equal(f.rl.v[1].node, N(&f, "main"));
    for (size_t i = 1; i < f.rl.n; i++)
        assert_true(f.rl.v[i - 1].depth < f.rl.v[i].depth ||
                    (f.rl.v[i - 1].depth == f.rl.v[i].depth && f.rl.v[i - 1].x < f.rl.v[i].x));
    fx_fini(&f);
}

static void flame_root_at_bottom_icicle_at_top(void **state)
{
    (void)state;
    struct fx f;
    fx_init(&f, "main;a 1\n", 20, 6, ORIENT_FLAME);
    fx_run(&f);
    assert_int_equal(R(&f, "")->y, 5);
    assert_int_equal(R(&f, "main")->y, 4);
    assert_int_equal(R(&f, "main;a")->y, 3);
    assert_int_equal(f.rl.rows, 6);
    f.in.vp.orient = ORIENT_ICICLE;
    fx_run(&f);
    assert_int_equal(R(&f, "")->y, 0);
    assert_int_equal(R(&f, "main")->y, 1);
    assert_int_equal(R(&f, "main;a")->y, 2);
    /* rows <= 0: as many rows as needed */
    f.in.vp.rows = 0;
    f.in.vp.orient = ORIENT_FLAME;
    fx_run(&f);
    assert_int_equal(f.rl.rows, 3);
    assert_int_equal(R(&f, "")->y, 2);
    assert_int_equal(R(&f, "main;a")->y, 0);
    fx_fini(&f);
}

static void scroll_moves_depth_rows(void **state)
{
    (void)state;
    struct fx f;
    fx_init(&f, "a;b;c;d 1\n", 10, 2, ORIENT_ICICLE);
    f.in.vp.scroll = 1;
    fx_run(&f);
    assert_null(R(&f, ""));
    assert_int_equal(R(&f, "a")->y, 0);
    assert_int_equal(R(&f, "a;b")->y, 1);
    assert_null(R(&f, "a;b;c"));
    assert_true(f.rl.more);
    assert_int_equal(f.rl.n, 2);
    f.in.vp.orient = ORIENT_FLAME;
    fx_run(&f);
    assert_int_equal(R(&f, "a")->y, 1);
    assert_int_equal(R(&f, "a;b")->y, 0);
    f.in.vp.scroll = 3;
    fx_run(&f);
    assert_false(f.rl.more);
    assert_int_equal(R(&f, "a;b;c")->y, 1);     /* depth 3: the bottom row */
    assert_int_equal(R(&f, "a;b;c;d")->y, 0);
    f.in.vp.scroll = 2;                          /* d (depth 4) is one row too deep */
    fx_run(&f);
    assert_true(f.rl.more);
    assert_null(R(&f, "a;b;c;d"));
    fx_fini(&f);
}

static void scroll_to_keeps_node_visible(void **state)
{
    (void)state;
    struct fx f;
    fx_init(&f, "a;b;c;d;e;f 1\n", 10, 3, ORIENT_FLAME);
    assert_int_equal(layout_scroll_to(&f.in, N(&f, "a;b")), 0);
    assert_int_equal(layout_scroll_to(&f.in, N(&f, "a;b;c;d;e")), 3);
    f.in.vp.scroll = 4;
    assert_int_equal(layout_scroll_to(&f.in, N(&f, "a")), 1);
    assert_int_equal(layout_scroll_to(&f.in, N(&f, "a;b;c;d;e")), 4);
    f.in.vp.rows = 0;
    assert_int_equal(layout_scroll_to(&f.in, N(&f, "a;b;c;d;e")), 0);
    fx_fini(&f);
}

static void order_weight_heaviest_first(void **state)
{
    (void)state;
    struct fx f;
    fx_init(&f, "m;a 1\nm;c 3\nm;b 3\n", 70, 5, ORIENT_ICICLE);
    fx_run(&f);
    assert_int_equal(R(&f, "m;a")->x, 0);
    assert_int_equal(R(&f, "m;b")->x, 10);
    assert_int_equal(R(&f, "m;c")->x, 40);
    f.in.vp.order = ORDER_WEIGHT;
    fx_run(&f);
    assert_int_equal(R(&f, "m;b")->x, 0);    /* tie with c: by name */
    assert_int_equal(R(&f, "m;c")->x, 30);
    assert_int_equal(R(&f, "m;a")->x, 60);
    assert_int_equal(R(&f, "m;a")->w, 10);
    fx_fini(&f);
}

static void selection_moves(void **state)
{
    (void)state;
    struct fx f;
    fx_init(&f, "m;a;x 1\nm;b 5\nm;c 2\nn 2\n", 100, 10, ORIENT_FLAME);
    fx_run(&f);
    const struct rect_list *rl = &f.rl;
    uint32_t m = N(&f, "m");
    assert_int_equal(layout_move(&f.in, rl, m, LAYOUT_CHILD), N(&f, "m;b"));   /* widest */
    assert_int_equal(layout_move(&f.in, rl, m, LAYOUT_UP), N(&f, "m;b"));      /* flame */
    assert_int_equal(layout_move(&f.in, rl, m, LAYOUT_PARENT), TRIE_ROOT);
    assert_int_equal(layout_move(&f.in, rl, m, LAYOUT_DOWN), TRIE_ROOT);
    assert_int_equal(layout_move(&f.in, rl, TRIE_ROOT, LAYOUT_PARENT), TRIE_ROOT);
    assert_int_equal(layout_move(&f.in, rl, N(&f, "m;a;x"), LAYOUT_CHILD), N(&f, "m;a;x"));
    assert_int_equal(layout_move(&f.in, rl, N(&f, "m;b"), LAYOUT_LEFT), N(&f, "m;a"));
    assert_int_equal(layout_move(&f.in, rl, N(&f, "m;b"), LAYOUT_RIGHT), N(&f, "m;c"));
    assert_int_equal(layout_move(&f.in, rl, N(&f, "m;c"), LAYOUT_RIGHT), N(&f, "m;c"));
    assert_int_equal(layout_move(&f.in, rl, m, LAYOUT_RIGHT), N(&f, "n"));
    assert_int_equal(layout_move(&f.in, rl, N(&f, "n"), LAYOUT_RIGHT), N(&f, "n"));
    assert_int_equal(layout_move(&f.in, rl, N(&f, "n"), LAYOUT_LEFT), m);
    assert_int_equal(layout_move(&f.in, rl, N(&f, "m;a"), LAYOUT_LEFT), N(&f, "m;a"));
    f.in.vp.orient = ORIENT_ICICLE;
    assert_int_equal(layout_move(&f.in, rl, m, LAYOUT_UP), TRIE_ROOT);
    assert_int_equal(layout_move(&f.in, rl, m, LAYOUT_DOWN), N(&f, "m;b"));
    /* below an ancestor of the zoom root, "child" follows the path to the zoom root */
    f.in.zoom = N(&f, "m;a");
    assert_int_equal(layout_move(&f.in, NULL, TRIE_ROOT, LAYOUT_CHILD), m);
    assert_int_equal(layout_move(&f.in, NULL, m, LAYOUT_CHILD), N(&f, "m;a"));
    assert_int_equal(layout_move(&f.in, NULL, N(&f, "m;a"), LAYOUT_CHILD), N(&f, "m;a;x"));
    fx_fini(&f);
    /* the widest child must be drawable: a 1-sample child on 10 cells of 100 is not */
    fx_init(&f, "m;tiny 1\nm 20\nz 79\n", 10, 10, ORIENT_FLAME);
    assert_int_equal(layout_move(&f.in, NULL, N(&f, "m"), LAYOUT_CHILD), N(&f, "m"));
    assert_false(layout_drawable(&f.in, N(&f, "m;tiny")));
    assert_true(layout_drawable(&f.in, N(&f, "z")));
    fx_fini(&f);
}

static void hit_testing(void **state)
{
    (void)state;
    struct fx f;
    fx_init(&f, "main;a 3\nmain;b 1\n", 8, 4, ORIENT_FLAME);
    fx_run(&f);
    /* rows: y=3 all, y=2 main, y=1 a [0,6) b [6,8) */
    assert_int_equal(layout_hit(&f.rl, 0, 3)->node, TRIE_ROOT);
    assert_int_equal(layout_hit(&f.rl, 7, 2)->node, N(&f, "main"));
    assert_int_equal(layout_hit(&f.rl, 5, 1)->node, N(&f, "main;a"));
    assert_int_equal(layout_hit(&f.rl, 6, 1)->node, N(&f, "main;b"));
    assert_null(layout_hit(&f.rl, 3, 0));
    assert_null(layout_hit(&f.rl, 8, 1));
    assert_null(layout_hit(&f.rl, -1, 1));
    fx_fini(&f);
}

/* The merged rects of the row at depth d, left to right (at most 8). */
static size_t merged_at(struct fx *f, uint32_t d, const struct rect **out)
{
    size_t n = 0;
    for (size_t i = 0; i < f->rl.n && n < 8; i++)
        if (f->rl.v[i].depth == d && (f->rl.v[i].flags & RECT_MERGED))
            out[n++] = &f->rl.v[i];
    return n;
}

static void narrow_frames_merged(void **state)
{
    (void)state;
    struct fx f;
    /* 10 columns, 100 samples: 10 samples a cell. b, c (5 + 6) and z (3) are narrow. */
    fx_init(&f, "p;a 40\np;b 5\np;c;x 6\np;d 46\np;z 3\n", 10, 4, ORIENT_ICICLE);
    const struct rect *m[8];
    fx_run(&f);
    assert_int_equal(merged_at(&f, 2, m), 0);          /* off by default (--text) */
    f.in.merge_narrow = true;
    fx_run(&f);
    assert_int_equal(merged_at(&f, 2, m), 2);
    /* b and c between a [0, 4) and d [5, 9): cells [4, 5) */
    assert_int_equal(m[0]->x, 4);
    assert_int_equal(m[0]->w, 1);
    assert_int_equal(m[0]->hidden, 2);
    assert_true(m[0]->hidden_total == 11);
    assert_int_equal(m[0]->node, N(&f, "p"));
    assert_string_equal(layout_label(&f.rl, m[0]), "");
    /* z after d: [97, 100) is less than a cell once rounded (cell 9 is d's end)... */
    assert_int_equal(R(&f, "p;d")->x + R(&f, "p;d")->w, 5 + 4);
    /* ...it still makes the run [97, 100) -> cells [9, 10) */
    assert_int_equal(m[1]->x, 9);
    assert_int_equal(m[1]->hidden, 1);
    assert_true(m[1]->hidden_total == 3);
    /* the real rect of p is found, not a merged one; moves skip merged rects */
    assert_int_equal(R(&f, "p")->flags & RECT_MERGED, 0);
    assert_int_equal(layout_move(&f.in, &f.rl, N(&f, "p;a"), LAYOUT_RIGHT), N(&f, "p;d"));
    assert_int_equal(layout_move(&f.in, &f.rl, N(&f, "p;d"), LAYOUT_RIGHT), N(&f, "p;d"));
    /* layout_hit on the cell gives the merged rect (the viewer says what it holds) */
    const struct rect *h = layout_hit(&f.rl, 4, 2);
    assert_non_null(h);
    assert_true(h->flags & RECT_MERGED);
    assert_int_equal(theme_frame_style(h->flags), STYLE_MERGED);
    /* a search match hidden inside: by name (c) or below (x under c) */
    unsigned char match[16] = {0}, below[16] = {0};
    f.in.match = match;
    fx_run(&f);
    assert_int_equal(merged_at(&f, 2, m), 2);
    assert_false(m[0]->flags & RECT_MATCH);
    match[trie_name(f.t, N(&f, "p;c;x"))] = 1;       /* x is at depth 3, never drawn */
    fx_run(&f);
    merged_at(&f, 2, m);
    assert_false(m[0]->flags & RECT_MATCH);          /* by name only c itself counts */
    below[N(&f, "p;c")] = below[N(&f, "p;c;x")] = 1;
    f.in.match_below = below;
    fx_run(&f);
    merged_at(&f, 2, m);
    assert_true(m[0]->flags & RECT_MATCH);
    assert_false(m[1]->flags & RECT_MATCH);
    assert_int_equal(theme_frame_style(m[0]->flags), STYLE_MERGED_MATCH);
    /* heaviest first: one run per parent, the lightest children after the drawn ones */
    f.in.match = NULL;
    f.in.match_below = NULL;
    f.in.vp.order = ORDER_WEIGHT;
    fx_run(&f);
    assert_int_equal(merged_at(&f, 2, m), 1);
    assert_int_equal(m[0]->x, 8);                    /* after d 46 and a 40: 86 -> 8 */
    assert_int_equal(m[0]->w, 2);
    assert_int_equal(m[0]->hidden, 3);
    assert_true(m[0]->hidden_total == 14);
    /* every child narrow: one run for all of them; nothing deeper is visited */
    fx_fini(&f);
    fx_init(&f, "q;a 1\nq;b 1\nq;c 1\nr 97\n", 10, 4, ORIENT_ICICLE);
    f.in.merge_narrow = true;
    fx_run(&f);
    assert_int_equal(merged_at(&f, 1, m), 0);         /* q itself is narrow */
    assert_int_equal(merged_at(&f, 0, m), 0);
    fx_fini(&f);
}

static void labels_flags_and_colours(void **state)
{
    (void)state;
    struct fx f;
    fx_init(&f, "x;very_long_function_name 9\ny;\033[2J 1\ny;x 9\n", 40, 5, ORIENT_ICICLE);
    unsigned char match[16] = {0};
    uint32_t xname = trie_name(f.t, N(&f, "x"));
    match[xname] = 1;
    f.in.match = match;
    f.in.selected = N(&f, "y");
    fx_run(&f);
    const struct rect *x = R(&f, "x"), *yx = R(&f, "y;x"), *y = R(&f, "y");
    assert_true(x->flags & RECT_MATCH);
    assert_true(yx->flags & RECT_MATCH);
    assert_true(y->flags & RECT_SELECTED);
    assert_false(y->flags & RECT_MATCH);
    assert_int_equal(x->color, yx->color);   /* same name, same colour, anywhere */
    assert_string_equal(layout_label(&f.rl, x), "*x");
    const struct rect *v = R(&f, "x;very_long_function_name");
    assert_int_equal(v->w, 18);
    assert_string_equal(layout_label(&f.rl, v), "very_long_func..");
    assert_int_equal(v->label_cols, 16);
    uint32_t esc = trie_find_child(f.t, N(&f, "y"), strtab_lookup(trie_names(f.t), "\033[2J", 4));
    const struct rect *e = layout_find(&f.rl, esc);
    assert_non_null(e);
    assert_int_equal(e->x, 18);                 /* floor(9 * 40 / 19) */
    assert_int_equal(e->w, 3);                  /* floor(10 * 40 / 19) - 18 */
    assert_string_equal(layout_label(&f.rl, e), "");   /* "\x1b[2J" needs 7 columns */
    char *s = text(&f);
    assert_null(strchr(s, '\033'));
    assert_string_equal(s, "[all                                   ]\n"
                           "[*x              ][y                   ]\n"
                           "[very_long_func..][ ][*x               ]\n\n\n");
    free(s);
    fx_fini(&f);
}

static void escapes_in_labels(void **state)
{
    (void)state;
    struct fx f;
    fx_init(&f, "\033[2J\007 1\n\xe4\xb8\xad\xe6\x96\x87\xe5\xad\x97 1\n", 26, 0, ORIENT_FLAME);
    fx_run(&f);
    char *s = text(&f);
    assert_string_equal(s, "[\\x1b[2J\\x07][\xe4\xb8\xad\xe6\x96\x87\xe5\xad\x97     ]\n"
                           "[all                     ]\n");
    free(s);
    f.in.vp.cols = 12;
    fx_run(&f);
    s = text(&f);
    /* CJK truncation: 4 inner columns hold one wide char + "..", never half a char */
    assert_string_equal(s, "[    ][\xe4\xb8\xad..]\n"
                           "[all       ]\n");
    free(s);
    fx_fini(&f);
}

static void frame_text_edges(void **state)
{
    (void)state;
    struct fx f;
    fx_init(&f, "a 1\nb 1\nc 2\n", 4, 0, ORIENT_ICICLE);
    fx_run(&f);
    char *s = text(&f);
    assert_string_equal(s, "[  ]\n||[]\n");   /* "all" does not fit in 2 columns */
    free(s);
    fx_fini(&f);
}

static void degenerate_sizes(void **state)
{
    (void)state;
    struct fx f;
    fx_init(&f, "a;b 1\n", 0, 5, ORIENT_FLAME);
    fx_run(&f);
    assert_int_equal(f.rl.n, 0);
    f.in.vp.cols = 1;
    f.in.vp.rows = 1;
    fx_run(&f);
    assert_int_equal(f.rl.n, 1);
    assert_int_equal(f.rl.v[0].w, 1);
    assert_int_equal(f.rl.v[0].y, 0);
    f.in.zoom = 12345;   /* invalid: treated as the root */
    f.in.vp.scroll = 99;
    fx_run(&f);
    assert_int_equal(f.rl.n, 0);
    fx_fini(&f);
    /* a zero-sample zoom root is drawn full width, without children */
    fx_init(&f, "a;b 0\nc 1\n", 10, 5, ORIENT_ICICLE);
    f.in.zoom = N(&f, "a");
    fx_run(&f);
    assert_int_equal(R(&f, "a")->w, 10);
    assert_null(R(&f, "a;b"));
    fx_fini(&f);
}

static void textrender_print_writes(void **state)
{
    (void)state;
    struct trie *t = trie_from_folded("main;a 1\nmain;b 1\n");
    struct viewport vp = {.cols = 12, .rows = 0, .orient = ORIENT_FLAME};
    char *p = NULL;
    size_t n = 0;
    FILE *mem = open_memstream(&p, &n);
    assert_int_equal(textrender_print(mem, t, TRIE_ROOT, &vp, NULL), 0);
    fclose(mem);
    assert_string_equal(p, "[a   ][b   ]\n[main      ]\n[all       ]\n");
    free(p);
    FILE *full = fopen("/dev/full", "w");
    if (full) {
        assert_int_equal(textrender_print(full, t, TRIE_ROOT, &vp, NULL), -1);
        fclose(full);
    }
    trie_free(t);
    if (!full) {   /* seen and counted: cmocka's SKIPPED line */
        print_message("SKIP: /dev/full cannot be opened: the write error is not checked\n");
        skip();
    }
}

/* Same rects as a fresh layout (no cache) of the same input. */
static void assert_same_as_fresh(struct fx *f)
{
    struct rect_list fresh = {0};
    layout_compute(&f->in, &fresh);
    assert_int_equal(fresh.n, f->rl.n);
    for (size_t i = 0; i < fresh.n; i++) {
        assert_int_equal(fresh.v[i].node, f->rl.v[i].node);
        assert_int_equal(fresh.v[i].x, f->rl.v[i].x);
        assert_int_equal(fresh.v[i].w, f->rl.v[i].w);
        assert_int_equal(fresh.v[i].y, f->rl.v[i].y);
        assert_string_equal(layout_label(&fresh, &fresh.v[i]), layout_label(&f->rl, &f->rl.v[i]));
    }
    rect_list_free(&fresh);
}

static void cache_follows_changes(void **state)
{
    (void)state;
    struct fx f;
    fx_init(&f, "m;a;x 10\nm;a;y 1\nm;b 9\nn 20\n", 40, 8, ORIENT_ICICLE);
    fx_run(&f);
    assert_non_null(R(&f, "m;a;y"));      /* 1 of 40 samples on 40 cells: 1 cell */
    assert_non_null(R(&f, "m;a;x"));
    f.in.vp.cols = 20;                      /* threshold up: the cache is reused */
    fx_run(&f);
    assert_same_as_fresh(&f);
    assert_null(R(&f, "m;a;y"));            /* half a cell */
    f.in.zoom = N(&f, "m;a");               /* threshold down: the cache is rebuilt */
    fx_run(&f);
    assert_same_as_fresh(&f);
    assert_non_null(R(&f, "m;a;y"));
    f.in.zoom = TRIE_ROOT;
    f.in.vp.order = ORDER_WEIGHT;
    fx_run(&f);
    assert_same_as_fresh(&f);
    /* the trie grows (live tail): new frames show up, positions follow the new totals */
    uint32_t names[2] = {trie_name(f.t, N(&f, "m")),
                         strtab_intern(trie_names(f.t), "new", 3)};
    trie_insert(f.t, names, 2, count_u64(40));
    fx_run(&f);
    assert_same_as_fresh(&f);
    assert_int_equal(R(&f, "m;new")->x, 0);   /* heaviest first */
    assert_int_equal(R(&f, "m;new")->w, 10);  /* 40 of 80 samples on 20 cells */
    layout_cache_reset(&f.rl);
    fx_run(&f);
    assert_same_as_fresh(&f);
    fx_fini(&f);
}

/* layout_depth agrees with an unbounded layout_compute (vp.rows <= 0 lays out every
 * drawable depth from scroll 0: rows - 1 is the deepest drawn). */
static int deepest_drawn(struct fx *f)
{
    struct layout_in in = f->in;
    in.vp.rows = 0;
    in.vp.scroll = 0;
    struct rect_list rl = {0};
    layout_compute(&in, &rl);
    int d = rl.rows - 1;
    rect_list_free(&rl);
    return d;
}

static void depth_of_drawable_frames(void **state)
{
    (void)state;
    struct fx f;
    /* a deep branch of 1 sample in 100: drawn at 100 columns, not at 10 */
    fx_init(&f, "m;a 99\nm;n1;n2;n3;n4;n5 1\n", 10, 3, ORIENT_ICICLE);
    assert_int_equal(layout_depth(&f.in), 2);
    assert_int_equal(deepest_drawn(&f), 2);
    f.in.vp.scroll = 5;                          /* any scroll: the same answer */
    assert_int_equal(layout_depth(&f.in), 2);
    f.in.vp.cols = 100;
    assert_int_equal(layout_depth(&f.in), 6);
    assert_int_equal(deepest_drawn(&f), 6);
    f.in.vp.cols = 99;
    assert_int_equal(layout_depth(&f.in), 2);
    /* zoomed into the narrow branch: it is the whole width now */
    f.in.vp.cols = 10;
    f.in.zoom = N(&f, "m;n1;n2");
    assert_int_equal(layout_depth(&f.in), 6);
    assert_int_equal(deepest_drawn(&f), 6);
    /* zoomed into a leaf: its ancestors are drawn, nothing deeper */
    f.in.zoom = N(&f, "m;a");
    assert_int_equal(layout_depth(&f.in), 2);
    f.in.zoom = TRIE_NONE;                       /* as TRIE_ROOT */
    assert_int_equal(layout_depth(&f.in), 2);
    f.in.vp.cols = 0;
    assert_int_equal(layout_depth(&f.in), 0);
    f.in.vp.cols = 10;
    f.in.t = NULL;
    assert_int_equal(layout_depth(&f.in), 0);
    f.in.t = f.t;
    fx_fini(&f);

    fx_init(&f, "", 10, 3, ORIENT_FLAME);        /* empty: the root alone */
    assert_int_equal(layout_depth(&f.in), 0);
    fx_fini(&f);
}

static void depth_of_deep_stack(void **state)
{
    (void)state;
    enum { DEPTH = 200000 };
    struct fx f;
    fx_init(&f, "x 1\n", 40, 10, ORIENT_FLAME);
    uint32_t *names = malloc(DEPTH * sizeof(*names));
    assert_non_null(names);
    for (size_t i = 0; i < DEPTH; i++)
        names[i] = strtab_intern(trie_names(f.t), "f", 1);
    trie_insert(f.t, names, DEPTH, count_u64(3));
    free(names);
    assert_int_equal(layout_depth(&f.in), DEPTH);
    f.in.vp.cols = 3;                            /* f (3 of 4) is still >= 1 cell */
    assert_int_equal(layout_depth(&f.in), DEPTH);
    f.in.vp.cols = 1;
    assert_int_equal(layout_depth(&f.in), 0);
    fx_fini(&f);
}

/* The same picture as a trie built from scratch out of folded text (whose bounds on
 * the children's totals are computed once, from its final totals). */
static void assert_same_as_built(struct fx *f, const char *folded)
{
    struct fx g;
    fx_init(&g, folded, f->in.vp.cols, f->in.vp.rows, f->in.vp.orient);
    g.in.merge_narrow = f->in.merge_narrow;
    g.in.vp.order = f->in.vp.order;
    fx_run(&g);
    fx_run(f);
    char *a = text(f), *b = text(&g);
    assert_string_equal(a, b);
    assert_int_equal(f->rl.n, g.rl.n);
    assert_int_equal(layout_depth(&f->in), layout_depth(&g.in));
    free(a);
    free(b);
    fx_fini(&g);
}

/* A frame with many children each narrower than a cell (their lists are skipped by
 * the trie's bound on the children's totals) until one grows wide while the graph is
 * shown: it is drawn, counted in the depth and reachable by a move down. */
static void wide_node_child_grows(void **state)
{
    (void)state;
    struct buf in = {0};
    for (int i = 0; i < 500; i++) {
        char line[32];
        snprintf(line, sizeof line, "m;w;k%03d 1\n", i);
        buf_append(&in, line, strlen(line));
    }
    buf_append(&in, "m;a 500\n", 8);
    buf_putc(&in, '\0');
    for (int mode = 0; mode < 4; mode++) {
        struct fx f;
        fx_init(&f, in.p, 40, 10, ORIENT_ICICLE);
        f.in.merge_narrow = mode & 1;
        f.in.vp.order = mode & 2 ? ORDER_WEIGHT : ORDER_NAME;
        fx_run(&f);
        assert_int_equal(layout_depth(&f.in), 2);   /* every k is 1/25 of a cell */
        assert_null(R(&f, "m;w;k007"));
        uint32_t w = N(&f, "m;w");
        assert_int_equal(layout_move(&f.in, &f.rl, w, LAYOUT_CHILD), w);
        f.in.merge_narrow = !f.in.merge_narrow;   /* the cache was filled the other way */
        fx_run(&f);
        assert_same_as_fresh(&f);
        f.in.merge_narrow = !f.in.merge_narrow;
        fx_run(&f);
        assert_same_as_fresh(&f);
        /* k007 grows by 100 (101 of 1100 samples: 3 cells) */
        struct strtab *st = trie_names(f.t);
        uint32_t names[3] = {strtab_intern(st, "m", 1), strtab_intern(st, "w", 1),
                             strtab_intern(st, "k007", 4)};
        trie_insert(f.t, names, 3, count_u64(100));
        fx_run(&f);
        assert_same_as_fresh(&f);
        assert_non_null(R(&f, "m;w;k007"));
        assert_int_equal(layout_depth(&f.in), 3);
        assert_int_equal(layout_move(&f.in, &f.rl, w, LAYOUT_CHILD), N(&f, "m;w;k007"));
        struct buf all = {0};
        buf_append(&all, in.p, strlen(in.p));
        buf_append(&all, "m;w;k007 100\n", 13);
        buf_putc(&all, '\0');
        assert_same_as_built(&f, all.p);
        /* a new child, wide at once */
        names[2] = strtab_intern(st, "k900", 4);
        trie_insert(f.t, names, 3, count_u64(300));
        buf_fini(&all);
        buf_append(&all, in.p, strlen(in.p));
        buf_append(&all, "m;w;k007 100\nm;w;k900 300\n", 26);
        buf_putc(&all, '\0');
        assert_same_as_built(&f, all.p);
        assert_non_null(R(&f, "m;w;k900"));
        buf_fini(&all);
        fx_fini(&f);
    }
    buf_fini(&in);
}

int main(void)
{
    if (!setlocale(LC_ALL, "C.UTF-8")) {
        printf("SKIP: no C.UTF-8 locale\n");
        return 77;
    }
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(width_follows_samples),
        cmocka_unit_test(cumulative_positions_do_not_drift),
        cmocka_unit_test(narrow_frames_dropped_but_counted),
        cmocka_unit_test(zoom_ancestors_full_width),
        cmocka_unit_test(flame_root_at_bottom_icicle_at_top),
        cmocka_unit_test(scroll_moves_depth_rows),
        cmocka_unit_test(scroll_to_keeps_node_visible),
        cmocka_unit_test(order_weight_heaviest_first),
        cmocka_unit_test(selection_moves),
        cmocka_unit_test(hit_testing),
        cmocka_unit_test(labels_flags_and_colours),
        cmocka_unit_test(escapes_in_labels),
        cmocka_unit_test(frame_text_edges),
        cmocka_unit_test(degenerate_sizes),
        cmocka_unit_test(textrender_print_writes),
        cmocka_unit_test(cache_follows_changes),
        cmocka_unit_test(depth_of_drawable_frames),
        cmocka_unit_test(depth_of_deep_stack),
        cmocka_unit_test(wide_node_child_grows),
        cmocka_unit_test(narrow_frames_merged),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
