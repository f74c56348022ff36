/* SPDX-License-Identifier: MIT */
/* flametui - unit tests: the colour scale and marks of a differential flame graph. */
#include "config.h"

#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>
#include <stdlib.h>
#include <string.h>

#include "core/diff.h"
#include "core/trie.h"
#include "helpers.h"
#include "render/diffcolor.h"
#include "render/layout.h"

static void expect_rgb(struct rgb c, int r, int g, int b)
{
    assert_int_equal(c.r, r);
    assert_int_equal(c.g, g);
    assert_int_equal(c.b, b);
}

/* flamegraph.pl's color_scale: largest growth full red, none white, largest shrinkage
 * full blue, in between int(210 * (max - |d|) / max) */
static void scale(void **state)
{
    (void)state;
    expect_rgb(diffcolor_scale(40, 40), 255, 0, 0);
    expect_rgb(diffcolor_scale(0, 40), 255, 255, 255);
    expect_rgb(diffcolor_scale(-40, 40), 0, 0, 255);
    expect_rgb(diffcolor_scale(10, 40), 255, 157, 157);    /* int(210 * 30 / 40) */
    expect_rgb(diffcolor_scale(-30, 40), 52, 52, 255);     /* int(210 * 10 / 40) */
    expect_rgb(diffcolor_scale(1, 1000), 255, 209, 209);   /* the least change: pale */
    expect_rgb(diffcolor_scale(99, 40), 255, 0, 0);        /* clamped */
}

static void slots_and_marks(void **state)
{
    (void)state;
    /* self deltas: a +40 (largest), b -40, c 0, d new (+5), e gone (-3) */
    struct trie *t = trie_diff_of("m;a 10\nm;b 50\nm;c 7\nm;e 3\n",
                                  "m;a 50\nm;b 10\nm;c 7\nm;d 5\n", false);
    double max = diffcolor_max(t);
    assert_true(max == 40.0);
    uint32_t a = trie_node_at(t, "m;a"), b = trie_node_at(t, "m;b"), c = trie_node_at(t, "m;c");
    uint32_t d = trie_node_at(t, "m;d"), e = trie_node_at(t, "m;e"), m = trie_node_at(t, "m");
    assert_true(diffcolor_is(diffcolor_slot(t, a, max)));
    expect_rgb(diffcolor_rgb(diffcolor_slot(t, a, max)), 255, 0, 0);
    expect_rgb(diffcolor_rgb(diffcolor_slot(t, b, max)), 0, 0, 255);
    expect_rgb(diffcolor_rgb(diffcolor_slot(t, c, max)), 255, 255, 255);
    expect_rgb(diffcolor_rgb(diffcolor_slot(t, m, max)), 255, 255, 255); /* no self */
    assert_int_equal(diffcolor_8(diffcolor_slot(t, a, max)), THEME_RED);
    assert_int_equal(diffcolor_8(diffcolor_slot(t, d, max)), THEME_RED);
    assert_int_equal(diffcolor_8(diffcolor_slot(t, b, max)), THEME_CYAN);
    assert_int_equal(diffcolor_8(diffcolor_slot(t, c, max)), THEME_WHITE);
    assert_false(diffcolor_is(theme_slot("a", 1)));
    assert_int_equal(diffcolor_mark(t, a), DIFF_GREW);
    assert_int_equal(diffcolor_mark(t, b), DIFF_SHRANK);
    assert_int_equal(diffcolor_mark(t, c), DIFF_SAME);
    assert_int_equal(diffcolor_mark(t, d), DIFF_NEW);
    assert_int_equal(diffcolor_mark(t, e), DIFF_GONE);
    assert_string_equal(diffcolor_mark_text(DIFF_NEW), "++");
    /* the base's widths: the colours and marks keep their meaning */
    struct trie *s = diff_swap(t);
    assert_true(trie_base_swapped(s));
    assert_true(trie_total_d(s, m) == 70.0);        /* the base's samples */
    assert_true(diffcolor_max(s) == 40.0);
    expect_rgb(diffcolor_rgb(diffcolor_slot(s, a, max)), 255, 0, 0);
    expect_rgb(diffcolor_rgb(diffcolor_slot(s, b, max)), 0, 0, 255);
    assert_int_equal(diffcolor_mark(s, d), DIFF_NEW);
    assert_int_equal(diffcolor_mark(s, e), DIFF_GONE);
    struct trie *back = diff_swap(s);
    assert_false(trie_base_swapped(back));
    assert_true(trie_total_d(back, m) == 72.0);
    trie_free(back);
    trie_free(s);
    trie_free(t);
}

/* the layout colours and marks the frames of a diff, and only of a diff */
static void layout_marks(void **state)
{
    (void)state;
    struct trie *t = trie_diff_of("m;a 10\nm;b 50\n", "m;a 50\nm;b 10\nm;d 40\n", false);
    struct layout_in in = {.t = t, .zoom = TRIE_ROOT, .selected = TRIE_NONE,
                           .vp = {.cols = 100, .rows = 0, .orient = ORIENT_ICICLE}};
    struct rect_list rl = {0};
    layout_compute(&in, &rl);
    int seen = 0;
    for (size_t i = 0; i < rl.n; i++) {
        const struct rect *r = &rl.v[i];
        const char *l = layout_label(&rl, r);
        assert_true(diffcolor_is(r->color));
        if (r->node == trie_node_at(t, "m;a"))
            seen += !strcmp(l, "+a") && diffcolor_8(r->color) == THEME_RED;
        if (r->node == trie_node_at(t, "m;b"))
            seen += !strcmp(l, "-b") && diffcolor_8(r->color) == THEME_CYAN;
        if (r->node == trie_node_at(t, "m;d"))
            seen += !strcmp(l, "++d");
    }
    assert_int_equal(seen, 3);
    rect_list_free(&rl);
    trie_free(t);
    t = trie_from_folded("m;a 1\n");
    in.t = t;
    layout_compute(&in, &rl);
    for (size_t i = 0; i < rl.n; i++)
        assert_false(diffcolor_is(rl.v[i].color));
    rect_list_free(&rl);
    trie_free(t);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(scale),
        cmocka_unit_test(slots_and_marks),
        cmocka_unit_test(layout_marks),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
