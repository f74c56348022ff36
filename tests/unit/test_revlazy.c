/* SPDX-License-Identifier: MIT */
/* flametui - tests/unit/test_revlazy.c: the viewer's lazy reversed view (graph.h:
 * graph_set_lazy, query/revlazy.h) is smaller than the full reversed trie and draws
 * exactly the same: layouts at several widths, zooms (also into frames that were
 * narrower than a cell, and back), both orders, after a resize and with a search; once
 * completed it is the full reversed trie. Through the graph and through the app. */
#include "config.h"

#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/count.h"
#include "core/strtab.h"
#include "core/trie.h"
#include "helpers.h"
#include "query/graph.h"
#include "query/search.h"
#include "render/layout.h"
#include "ui/app.h"
#include "ui/keymap.h"

/* The state of test_rand_below(); a fixed seed: the same stacks on every run. */
static uint64_t rs = 0x9e3779b97f4a7c15ull;

/* Stacks over a few names, with a few heavy ones: most reversed frames are narrow. */
static struct trie *random_profile(size_t stacks, bool fractional)
{
    struct trie *t = trie_new(NULL);
    uint32_t ids[24];
    char name[32];
    for (int i = 0; i < 24; i++) {
        int len = snprintf(name, sizeof name, "f%02d", i);
        ids[i] = strtab_intern(trie_names(t), name, (size_t)len);
    }
    uint32_t path[10];
    for (size_t s = 0; s < stacks; s++) {
        size_t d = 1 + test_rand_below(&rs, 9);
        for (size_t k = 0; k < d; k++)
            path[k] = ids[k == 0 ? test_rand_below(&rs, 3) : test_rand_below(&rs, 24)];
        uint64_t w = test_rand_below(&rs, 50) == 0 ? 200 + test_rand_below(&rs, 500)
                                                 : 1 + test_rand_below(&rs, 4);
        struct count c = count_u64(w);
        if (fractional)
            c = (struct count){0, (double)w + 0.25, true};
        trie_insert(t, path, d, c);
    }
    return t;
}

/* "a;b;c" of node (the root: ""). */
static void path_of(struct trie *t, uint32_t node, char *buf, size_t cap)
{
    uint32_t p[64];
    size_t n = trie_path(t, node, p), len = 0;
    buf[0] = 0;
    for (size_t i = 0; i < n && len + 40 < cap; i++) {
        size_t l;
        const char *s = trie_label(t, p[i], &l);
        len += (size_t)snprintf(buf + len, cap - len, "%s%.*s", i ? ";" : "", (int)l, s);
    }
}

/* The node at a path of names, filling in a lazy trie on the way (as ui/nav.c does). */
static uint32_t resolve(struct graph *g, struct trie *t, struct trie *from, uint32_t node)
{
    uint32_t p[64];
    size_t n = trie_path(from, node, p);
    uint32_t at = TRIE_ROOT;
    for (size_t i = 0; i < n; i++) {
        graph_expand_node(g, t, at);
        size_t nk;
        const uint32_t *k = trie_children(t, at, &nk);
        uint32_t next = TRIE_NONE;
        for (size_t j = 0; j < nk; j++)
            if (trie_name(t, k[j]) == trie_name(from, p[i]))
                next = k[j];
        assert_int_not_equal(next, TRIE_NONE);
        at = next;
    }
    return at;
}

static void same_rects(struct trie *ta, const struct rect_list *a, struct trie *tb,
                       const struct rect_list *b)
{
    char pa[1024], pb[1024];
    assert_int_equal(a->n, b->n);
    assert_int_equal(a->rows, b->rows);
    assert_int_equal(a->more, b->more);
    for (size_t i = 0; i < a->n; i++) {
        const struct rect *x = &a->v[i], *y = &b->v[i];
        assert_int_equal(x->x, y->x);
        assert_int_equal(x->y, y->y);
        assert_int_equal(x->w, y->w);
        assert_int_equal(x->depth, y->depth);
        assert_int_equal(x->flags, y->flags);
        assert_int_equal(x->color, y->color);
        assert_int_equal(x->hidden, y->hidden);
        assert_true(x->hidden_total == y->hidden_total);
        assert_string_equal(a->labels.p + x->label, b->labels.p + y->label);
        path_of(ta, x->node, pa, sizeof pa);
        path_of(tb, y->node, pb, sizeof pb);
        assert_string_equal(pa, pb);
    }
}

/* Lays out the lazy trie (after graph_expand, as the app does) and the full one at the
 * same zoom (given in the full trie) and compares. */
static void compare(struct graph *g, struct trie *lz, struct trie *full, uint32_t fzoom,
                    int cols, int rows, enum order order)
{
    uint32_t zoom = resolve(g, lz, full, fzoom);
    graph_expand(g, lz, zoom, cols);
    struct layout_in a = {0}, b = {0};
    a.t = lz;
    a.zoom = zoom;
    a.selected = TRIE_NONE;
    a.vp.cols = cols;
    a.vp.rows = rows;
    a.vp.order = order;
    a.merge_narrow = true;
    b = a;
    b.t = full;
    b.zoom = fzoom;
    struct rect_list ra = {0}, rb = {0};
    layout_compute(&a, &ra);
    layout_compute(&b, &rb);
    same_rects(lz, &ra, full, &rb);
    assert_int_equal(layout_depth(&a), layout_depth(&b));
    rect_list_free(&ra);
    rect_list_free(&rb);
}

/* A node of full with children that is narrower than a cell at cols on the root view. */
static uint32_t narrow_node(struct trie *full, int cols)
{
    double T = trie_total_d(full, TRIE_ROOT);
    uint32_t best = TRIE_NONE;
    for (uint32_t i = 1; i < trie_size(full); i++)
        if (trie_total_d(full, i) * cols < T && trie_has_children(full, i) &&
            trie_depth(full, i) >= 2 &&
            (best == TRIE_NONE || trie_total_d(full, i) > trie_total_d(full, best)))
            best = i;
    assert_int_not_equal(best, TRIE_NONE);
    return best;
}

static void test_lazy_draws_like_full(void **state)
{
    (void)state;
    struct trie *base = random_profile(4000, false);
    struct graph *gf = graph_new(base), *gl = graph_new(base);
    graph_set_reverse(gf, true);
    graph_set_lazy(gl, true);
    graph_set_reverse(gl, true);
    struct trie *full = graph_shown(gf), *lz = graph_shown(gl);
    assert_int_equal(graph_lazy_pending(gf, full), 0);
    assert_true(graph_lazy_pending(gl, lz) > 0);
    /* the root and its children are exact from the start */
    assert_true(trie_total_d(lz, TRIE_ROOT) == trie_total_d(full, TRIE_ROOT));
    static const int widths[] = {3, 17, 40, 80, 200};
    for (size_t w = 0; w < sizeof widths / sizeof *widths; w++) {
        compare(gl, lz, full, TRIE_ROOT, widths[w], 0, ORDER_NAME);
        compare(gl, lz, full, TRIE_ROOT, widths[w], 5, ORDER_WEIGHT);
    }
    /* far smaller than the full trie, even when drawn at 200 columns */
    assert_true(trie_size(lz) * 2 < trie_size(full));
    assert_true(graph_lazy_pending(gl, lz) > 0);
    /* zoom into a frame that was narrower than a cell, back out, at other widths */
    uint32_t nf = narrow_node(full, 200);
    uint32_t nl = resolve(gl, lz, full, nf);
    assert_false(trie_has_children(lz, nl));   /* not filled in yet */
    assert_true(trie_has_children(full, nf));
    compare(gl, lz, full, nf, 40, 0, ORDER_NAME);
    compare(gl, lz, full, nf, 200, 0, ORDER_WEIGHT);
    compare(gl, lz, full, trie_parent(full, nf), 80, 0, ORDER_NAME);
    compare(gl, lz, full, TRIE_ROOT, 40, 0, ORDER_NAME);
    compare(gl, lz, full, TRIE_ROOT, 120, 0, ORDER_NAME);
    /* every node's counts, now and once complete: the same stacks */
    for (uint32_t i = 0; i < trie_size(lz); i++) {
        char p[1024];
        path_of(lz, i, p, sizeof p);
        uint32_t f = trie_node_at(full, p);
        if (i == TRIE_ROOT)
            f = TRIE_ROOT;
        assert_int_not_equal(f, UINT32_MAX);
        assert_true(trie_total_d(lz, i) == trie_total_d(full, f));
        assert_true(trie_self_d(lz, i) == trie_self_d(full, f));
        assert_int_equal(trie_is_terminal(lz, i), trie_is_terminal(full, f));
    }
    size_t before = trie_size(lz);
    assert_true(graph_complete(gl, lz));
    assert_int_equal(graph_lazy_pending(gl, lz), 0);
    assert_true(trie_size(lz) > before);
    assert_int_equal(trie_size(lz), trie_size(full));
    char *a = trie_to_collapsed(lz), *b = trie_to_collapsed(full);
    assert_string_equal(a, b);
    free(a);
    free(b);
    assert_false(graph_complete(gl, lz));
    compare(gl, lz, full, nf, 60, 0, ORDER_NAME);
    graph_free(gl);
    graph_free(gf);
    trie_free(base);
}

/* Off where the counts could differ in the last bits, or the view is live or unreversed;
 * a trie the graph does not show is never touched. */
static void test_lazy_only_where_exact(void **state)
{
    (void)state;
    struct trie *fr = random_profile(300, true);
    struct graph *g = graph_new(fr);
    graph_set_lazy(g, true);
    graph_set_reverse(g, true);
    struct trie *t = graph_shown(g);
    assert_int_equal(graph_lazy_pending(g, t), 0);
    assert_false(graph_expand_node(g, t, TRIE_ROOT));
    graph_free(g);
    trie_free(fr);

    struct trie *base = random_profile(300, false);
    g = graph_new(base);
    graph_set_lazy(g, true);
    t = graph_shown(g);                       /* not reversed: the base itself */
    assert_ptr_equal(t, base);
    assert_false(graph_complete(g, t));
    graph_set_reverse(g, true);
    t = graph_shown(g);
    assert_true(graph_lazy_pending(g, t) > 0);
    assert_false(graph_expand(g, base, TRIE_ROOT, 80));   /* not the shown trie */
    graph_set_lazy(g, false);                 /* switching off completes it */
    assert_int_equal(graph_lazy_pending(g, t), 0);
    graph_set_lazy(g, true);
    graph_set_live(g, true);
    graph_set_reverse(g, false);
    graph_set_reverse(g, true);
    t = graph_shown(g);
    assert_int_equal(graph_lazy_pending(g, t), 0);   /* live: the whole view */
    graph_free(g);
    trie_free(base);
}

/* Zero counts still mark stack ends; an empty profile has nothing pending. */
static void test_lazy_zero_and_empty(void **state)
{
    (void)state;
    struct trie *base = trie_from_folded("main;x 0\nx 0\nmain;y;x 3\ny 0\nmain 2\n");
    struct graph *gf = graph_new(base), *gl = graph_new(base);
    graph_set_reverse(gf, true);
    graph_set_lazy(gl, true);
    graph_set_reverse(gl, true);
    struct trie *full = graph_shown(gf), *lz = graph_shown(gl);
    assert_true(graph_lazy_pending(gl, lz) > 0);
    for (uint32_t i = 1; i < trie_size(lz); i++) {   /* the root's children */
        char p[256];
        path_of(lz, i, p, sizeof p);
        uint32_t f = trie_node_at(full, p);
        assert_int_not_equal(f, UINT32_MAX);
        assert_int_equal(trie_is_terminal(lz, i), trie_is_terminal(full, f));
        assert_true(trie_total_d(lz, i) == trie_total_d(full, f));
    }
    assert_true(graph_complete(gl, lz));
    char *a = trie_to_collapsed(lz), *b = trie_to_collapsed(full);
    assert_string_equal(a, b);
    free(a);
    free(b);
    graph_free(gl);
    graph_free(gf);
    trie_free(base);

    struct trie *empty = trie_new(NULL);
    struct graph *g = graph_new(empty);
    graph_set_lazy(g, true);
    graph_set_reverse(g, true);
    struct trie *t = graph_shown(g);
    assert_int_equal(trie_size(t), 1);
    assert_int_equal(graph_lazy_pending(g, t), 0);
    assert_false(graph_expand(g, t, TRIE_ROOT, 80));
    assert_false(graph_complete(g, t));
    graph_free(g);
    trie_free(empty);
}

/* Two apps on one profile, one with the lazy view switched off. */
static void same_app_rects(struct app *a, struct app *b)
{
    same_rects(a->t, &a->rl, b->t, &b->rl);
}

static void both(struct app *a, struct app *b, enum action x)
{
    app_handle(a, x);
    app_handle(b, x);
    sync_app(a);
    sync_app(b);
    same_app_rects(a, b);
}

static void test_app_reverse_lazy(void **state)
{
    (void)state;
    struct trie *base = random_profile(4000, false);
    struct app a, b;
    app_init(&a, base, "lazy.folded");
    app_init(&b, base, "full.folded");
    graph_set_lazy(b.graph, false);
    app_resize(&a, 60, 30);
    app_resize(&b, 60, 30);
    sync_app(&a);
    sync_app(&b);
    both(&a, &b, ACT_REVERSE);
    assert_true(graph_lazy_pending(a.graph, a.t) > 0);
    assert_int_equal(graph_lazy_pending(b.graph, b.t), 0);
    assert_true(trie_size(a.t) * 2 < trie_size(b.t));
    assert_false(app_stale(&a));   /* filling in the view is no change to derive */
    /* select and zoom into a frame narrower than a cell (by its path, as a click on a
     * '+' run and a few moves would) */
    uint32_t nf = narrow_node(b.t, 60);
    app_select(&b, nf);
    app_select(&a, resolve(a.graph, a.t, b.t, nf));
    sync_app(&a);
    sync_app(&b);
    same_app_rects(&a, &b);
    both(&a, &b, ACT_ZOOM_IN);
    both(&a, &b, ACT_MOVE_DOWN);
    both(&a, &b, ACT_MOVE_UP);
    both(&a, &b, ACT_ZOOM_RESET);
    app_resize(&a, 150, 40);
    app_resize(&b, 150, 40);
    sync_app(&a);
    sync_app(&b);
    same_app_rects(&a, &b);
    both(&a, &b, ACT_ORDER);
    /* reverse off and on again: the selection is found again by its names */
    both(&a, &b, ACT_REVERSE);
    both(&a, &b, ACT_REVERSE);
    assert_true(graph_lazy_pending(a.graph, a.t) > 0);
    /* a search completes the view: match counts and marks over every frame */
    assert_int_equal(app_set_search(&a, "f1[0-3]", NULL), 0);
    assert_int_equal(app_set_search(&b, "f1[0-3]", NULL), 0);
    sync_app(&a);
    sync_app(&b);
    assert_int_equal(graph_lazy_pending(a.graph, a.t), 0);
    assert_int_equal(search_match_nodes(a.search), search_match_nodes(b.search));
    same_app_rects(&a, &b);
    /* while the search is on, views are derived whole; cleared, lazily again */
    both(&a, &b, ACT_REVERSE);
    both(&a, &b, ACT_REVERSE);
    assert_int_equal(graph_lazy_pending(a.graph, a.t), 0);
    assert_int_equal(trie_size(a.t), trie_size(b.t));
    app_set_search(&a, NULL, NULL);
    app_set_search(&b, NULL, NULL);
    both(&a, &b, ACT_REVERSE);
    both(&a, &b, ACT_REVERSE);
    assert_true(graph_lazy_pending(a.graph, a.t) > 0);
    app_fini(&a);
    app_fini(&b);
    trie_free(base);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_lazy_draws_like_full),
        cmocka_unit_test(test_lazy_only_where_exact),
        cmocka_unit_test(test_lazy_zero_and_empty),
        cmocka_unit_test(test_app_reverse_lazy),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
