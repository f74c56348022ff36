/* SPDX-License-Identifier: MIT */
/* flametui - unit tests: search (match cache, node count, matched share, n/N order,
 * n/N and "match K/N" inside a zoom). */
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
#include "helpers.h"
#include "query/search.h"
#include "core/strtab.h"
#include "core/trie.h"
#include "query/view.h"

static struct search *attach(const char *pat, struct trie *t)
{
    struct ft_error err = {0};
    struct search *s = search_new(pat, &err);
    assert_non_null(s);
    search_attach(s, t);
    return s;
}

static void counts_and_share(void **state)
{
    (void)state;
    struct trie *t = trie_from_folded("main;a;b 1\nmain;c 2\nmain;a;d 3\nidle;cpu_idle 10\n");
    struct search *s = attach("^[bd]$", t);
    assert_int_equal(search_match_nodes(s), 2);
    assert_int_equal(search_match_names(s), 2);
    assert_true(search_matched(s, TRIE_ROOT) == 4.0);
    assert_true(search_share(s, TRIE_ROOT) == 4.0 / 16.0);
    assert_true(search_share(s, trie_node_at(t, "main")) == 4.0 / 6.0);
    assert_true(search_share(s, trie_node_at(t, "idle")) == 0.0);
    uint32_t b = strtab_lookup(trie_names(t), "b", 1);
    uint32_t c = strtab_lookup(trie_names(t), "c", 1);
    assert_int_equal(search_matches(s)[b], 1);
    assert_int_equal(search_matches(s)[c], 0);
    assert_true(search_node_matches(s, trie_node_at(t, "main;a;d")));
    assert_false(search_node_matches(s, TRIE_ROOT));
    assert_string_equal(search_pattern(s), "^[bd]$");
    search_free(s);
    trie_free(t);
}

static void sample_counted_once(void **state)
{
    (void)state;
    struct trie *t = trie_from_folded("a;x;b;x 5\na;b 2\nx 1\n");
    struct search *s = attach("^x$", t);
    assert_int_equal(search_match_nodes(s), 3);
    assert_true(search_matched(s, TRIE_ROOT) == 6.0);      /* not 11 */
    /* a matching ancestor of the zoom root: the whole zoomed total */
    assert_true(search_share(s, trie_node_at(t, "a;x;b")) == 1.0);
    search_free(s);
    trie_free(t);
}

static void next_prev_order(void **state)
{
    (void)state;
    struct trie *t = trie_from_folded("main;a;b 1\nmain;a;d 3\nmain;c;b 2\nb 1\n");
    struct search *s = attach("^(a|b)$", t);
    uint32_t b = trie_node_at(t, "b"), a = trie_node_at(t, "main;a");
    uint32_t ab = trie_node_at(t, "main;a;b"), cb = trie_node_at(t, "main;c;b");
    uint32_t ad = trie_node_at(t, "main;a;d");
    bool w = true;
    assert_int_equal(search_next(s, TRIE_NONE, &w), b);
    assert_false(w);
    assert_int_equal(search_next(s, TRIE_ROOT, NULL), b);
    assert_int_equal(search_next(s, b, &w), a);            /* left to right ... */
    assert_int_equal(search_next(s, a, &w), ab);           /* ... then deeper */
    assert_int_equal(search_next(s, ab, &w), cb);
    assert_int_equal(search_next(s, ad, &w), cb);          /* from a non-matching node */
    assert_false(w);
    assert_int_equal(search_next(s, cb, &w), b);           /* wraps */
    assert_true(w);
    assert_int_equal(search_prev(s, cb, &w), ab);
    assert_false(w);
    assert_int_equal(search_prev(s, a, &w), b);
    assert_int_equal(search_prev(s, b, &w), cb);
    assert_true(w);
    assert_int_equal(search_prev(s, TRIE_NONE, &w), cb);
    assert_false(w);
    search_free(s);
    s = attach("nomatch", t);
    assert_int_equal(search_next(s, b, &w), TRIE_NONE);
    assert_int_equal(search_prev(s, b, &w), TRIE_NONE);
    assert_true(search_share(s, TRIE_ROOT) == 0.0);
    search_free(s);
    trie_free(t);
}

static void next_prev_weight_order(void **state)
{
    (void)state;
    struct trie *t = trie_from_folded("main;a;b 1\nmain;a;d 3\nmain;c;b 5\nb 1\n");
    struct search *s = attach("^(a|b)$", t);
    uint32_t b = trie_node_at(t, "b"), a = trie_node_at(t, "main;a");
    uint32_t ab = trie_node_at(t, "main;a;b"), cb = trie_node_at(t, "main;c;b");
    bool w = true;
    /* heaviest first: main (9) before b (1); under main c (5) before a (4) */
    assert_int_equal(search_step(s, TRIE_NONE, false, true, &w), cb);
    assert_false(w);
    assert_int_equal(search_step(s, cb, false, true, &w), a);
    assert_int_equal(search_step(s, a, false, true, &w), ab);   /* d (3) drawn before b */
    assert_int_equal(search_step(s, ab, false, true, &w), b);
    assert_int_equal(search_step(s, b, false, true, &w), cb);
    assert_true(w);
    assert_int_equal(search_step(s, a, true, true, &w), cb);
    assert_false(w);
    assert_int_equal(search_step(s, cb, true, true, &w), b);
    assert_true(w);
    /* name order for the same trie */
    assert_int_equal(search_step(s, TRIE_NONE, false, false, &w), b);
    search_free(s);
    trie_free(t);
}

static void refresh_after_growth(void **state)
{
    (void)state;
    struct trie *t = trie_from_folded("main;b 1\n");
    struct search *s = attach("^b$", t);
    assert_int_equal(search_match_nodes(s), 1);
    assert_true(search_matched(s, TRIE_ROOT) == 1.0);      /* memoised ... */
    uint32_t q = strtab_intern(trie_names(t), "q", 1), b = strtab_lookup(trie_names(t), "b", 1);
    uint32_t qb[2] = {q, b}, qq[2] = {q, q};
    trie_insert(t, qb, 2, count_u64(2));
    trie_insert(t, qq, 2, count_u64(4));
    search_refresh(s);
    assert_int_equal(search_match_nodes(s), 2);
    assert_int_equal(search_matches(s)[q], 0);
    assert_true(search_matched(s, TRIE_ROOT) == 3.0);      /* ... and recomputed */
    search_refresh(s);                                      /* nothing changed */
    assert_int_equal(search_match_nodes(s), 2);
    /* re-attach to a derived trie sharing the strtab */
    struct view *v = view_new();
    view_push_filter(v, FILTER_EXCLUDE, "^main$", NULL);
    struct trie *d = view_build(v, t);
    search_attach(s, d);
    assert_int_equal(search_match_nodes(s), 1);
    assert_true(search_share(s, TRIE_ROOT) == 2.0 / 6.0);
    trie_free(d);
    view_free(v);
    search_free(s);
    trie_free(t);
}

/* search_below: a node whose subtree holds a match (layout marks merged narrow frames
 * with it), kept up to date as the trie grows. */
static void match_below(void **state)
{
    (void)state;
    struct trie *t = trie_from_folded("main;a;x 1\nmain;b;y 1\nother 1\n");
    struct search *s = attach("^x$", t);
    const unsigned char *bl = search_below(s);
    assert_non_null(bl);
    assert_true(bl[TRIE_ROOT]);
    assert_true(bl[trie_node_at(t, "main")]);
    assert_true(bl[trie_node_at(t, "main;a")]);
    assert_true(bl[trie_node_at(t, "main;a;x")]);
    assert_false(bl[trie_node_at(t, "main;b")]);
    assert_false(bl[trie_node_at(t, "main;b;y")]);
    assert_false(bl[trie_node_at(t, "other")]);
    uint32_t o = strtab_lookup(trie_names(t), "other", 5), q = strtab_intern(trie_names(t), "q", 1),
             x = strtab_lookup(trie_names(t), "x", 1);
    uint32_t oqx[3] = {o, q, x};
    trie_insert(t, oqx, 3, count_u64(1));
    search_refresh(s);
    bl = search_below(s);
    assert_true(bl[trie_node_at(t, "other")]);
    assert_true(bl[trie_node_at(t, "other;q")]);
    assert_false(bl[trie_node_at(t, "main;b")]);
    /* a match below old nodes whose parents are not marked yet: the whole chain is */
    uint32_t m = strtab_lookup(trie_names(t), "main", 4), b = strtab_lookup(trie_names(t), "b", 1),
             y = strtab_lookup(trie_names(t), "y", 1);
    uint32_t mbyx[4] = {m, b, y, x};
    trie_insert(t, mbyx, 4, count_u64(1));
    search_refresh(s);
    bl = search_below(s);
    assert_true(bl[trie_node_at(t, "main;b;y;x")]);
    assert_true(bl[trie_node_at(t, "main;b;y")]);
    assert_true(bl[trie_node_at(t, "main;b")]);
    assert_true(bl[trie_node_at(t, "other;q;x")]);
    assert_int_equal(search_match_nodes(s), 3);
    search_free(s);
    trie_free(t);
}

static void invalid_regex(void **state)
{
    (void)state;
    struct ft_error err = {0};
    assert_null(search_new("a)", &err));
    assert_non_null(strstr(err.msg, "at offset 1"));
}

static void odd_bytes_and_smartcase(void **state)
{
    (void)state;
    struct trie *t = trie_new(NULL);
    struct strtab *st = trie_names(t);
    uint32_t st1[2] = {strtab_intern(st, "a\0Idle", 6), strtab_intern(st, "\xff\xfeidle\xc3", 7)};
    trie_insert(t, st1, 2, count_u64(3));
    struct search *s = attach("idle", t);                  /* caseless: matches "Idle" too */
    assert_int_equal(search_match_nodes(s), 2);
    search_free(s);
    s = attach("Idle", t);
    assert_int_equal(search_match_nodes(s), 1);
    assert_true(search_matched(s, TRIE_ROOT) == 3.0);
    search_free(s);
    trie_free(t);
}

static void step_in_zoom(void **state)
{
    (void)state;
    struct trie *t = trie_from_folded("main;a;b 1\nmain;a;d 3\nmain;c;b 5\nb 1\n");
    struct search *s = attach("^(a|b)$", t);
    uint32_t b = trie_node_at(t, "b"), m = trie_node_at(t, "main"), a = trie_node_at(t, "main;a");
    uint32_t ab = trie_node_at(t, "main;a;b"), cb = trie_node_at(t, "main;c;b");
    uint32_t ad = trie_node_at(t, "main;a;d");
    bool w = true;
    /* name order inside main: a, ab, cb (the top-level b is outside) */
    assert_int_equal(search_step_in(s, m, TRIE_NONE, false, false, &w), a);
    assert_false(w);
    w = true;
    assert_int_equal(search_step_in(s, m, b, false, false, &w), a);    /* from outside */
    assert_false(w);
    w = true;
    assert_int_equal(search_step_in(s, m, b, true, false, &w), cb);
    assert_false(w);
    assert_int_equal(search_step_in(s, m, TRIE_NONE, true, false, &w), cb);
    assert_false(w);
    assert_int_equal(search_step_in(s, m, m, false, false, &w), a);
    assert_int_equal(search_step_in(s, m, a, false, false, &w), ab);
    assert_int_equal(search_step_in(s, m, ad, false, false, &w), cb);
    assert_int_equal(search_step_in(s, m, cb, false, false, &w), a);   /* wraps inside */
    assert_true(w);
    assert_int_equal(search_step_in(s, m, a, true, false, &w), cb);
    assert_true(w);
    assert_int_equal(search_step_in(s, m, cb, true, false, &w), ab);
    assert_false(w);
    /* weight order inside main: c (5) before a (4), under a d (3) before b (1) */
    assert_int_equal(search_step_in(s, m, TRIE_NONE, false, true, &w), cb);
    assert_int_equal(search_step_in(s, m, cb, false, true, &w), a);
    assert_int_equal(search_step_in(s, m, a, false, true, &w), ab);
    assert_int_equal(search_step_in(s, m, ab, false, true, &w), cb);
    assert_true(w);
    assert_int_equal(search_step_in(s, m, cb, true, true, &w), ab);
    assert_true(w);
    assert_int_equal(search_step_in(s, m, b, true, true, &w), ab);
    assert_false(w);
    /* a matching zoom root counts */
    assert_int_equal(search_step_in(s, a, TRIE_NONE, false, false, &w), a);
    assert_int_equal(search_step_in(s, a, a, false, false, &w), ab);
    assert_int_equal(search_step_in(s, a, ab, false, false, &w), a);
    assert_true(w);
    /* a single match wraps onto itself */
    assert_int_equal(search_step_in(s, trie_node_at(t, "main;c"), cb, false, false, &w), cb);
    assert_true(w);
    /* no match in the subtree */
    w = true;
    assert_int_equal(search_step_in(s, ad, TRIE_NONE, false, false, &w), TRIE_NONE);
    assert_false(w);
    assert_int_equal(search_step_in(s, ad, ab, true, true, &w), TRIE_NONE);
    assert_false(w);
    /* the whole trie, as search_step */
    assert_int_equal(search_step_in(s, TRIE_ROOT, cb, false, false, &w), b);
    assert_true(w);
    assert_int_equal(search_step_in(s, TRIE_NONE, TRIE_NONE, false, true, &w), cb);
    search_free(s);
    trie_free(t);
}

static void rank_in_zoom(void **state)
{
    (void)state;
    struct trie *t = trie_from_folded("main;a;b 1\nmain;a;d 3\nmain;c;b 5\nb 1\n");
    struct search *s = attach("^(a|b)$", t);
    uint32_t b = trie_node_at(t, "b"), m = trie_node_at(t, "main"), a = trie_node_at(t, "main;a");
    uint32_t ab = trie_node_at(t, "main;a;b"), cb = trie_node_at(t, "main;c;b");
    uint32_t ad = trie_node_at(t, "main;a;d");
    size_t n = 99;
    assert_int_equal(search_rank(s, TRIE_ROOT, b, false, &n), 1);
    assert_int_equal(n, 4);
    assert_int_equal(search_rank(s, TRIE_ROOT, cb, false, &n), 4);
    assert_int_equal(search_rank(s, m, a, false, &n), 1);
    assert_int_equal(n, 3);
    assert_int_equal(search_rank(s, m, ab, false, &n), 2);
    assert_int_equal(search_rank(s, m, cb, false, &n), 3);
    assert_int_equal(search_rank(s, m, cb, true, &n), 1);           /* heaviest first */
    assert_int_equal(search_rank(s, m, a, true, &n), 2);
    assert_int_equal(search_rank(s, m, ab, true, &n), 3);
    assert_int_equal(n, 3);
    assert_int_equal(search_rank(s, m, b, false, &n), 0);           /* outside the zoom */
    assert_int_equal(search_rank(s, m, ad, false, &n), 0);          /* not a match */
    assert_int_equal(search_rank(s, m, TRIE_NONE, false, NULL), 0);
    assert_int_equal(search_rank(s, a, a, false, &n), 1);
    assert_int_equal(n, 2);
    assert_int_equal(search_rank(s, ad, ad, false, &n), 0);
    assert_int_equal(n, 0);
    /* K follows search_step_in from the start */
    uint32_t x = TRIE_NONE;
    for (size_t k = 1; k <= 3; k++) {
        x = search_step_in(s, m, x, false, true, NULL);
        assert_int_equal(search_rank(s, m, x, true, &n), k);
    }
    search_free(s);
    s = attach("nomatch", t);
    assert_int_equal(search_rank(s, TRIE_ROOT, b, false, &n), 0);
    assert_int_equal(n, 0);
    search_free(s);
    trie_free(t);
}

/* The answers of many zoom roots are kept (zooming in and out asks for them again):
 * every root, asked in turn and then again after the trie changed, gets its own. */
static void matched_per_root_kept_apart(void **state)
{
    (void)state;
    struct buf b = {0};
    for (int i = 0; i < 20; i++)
        buf_printf(&b, "main;f%d;x 1\nmain;f%d;y %d\n", i, i, i + 2);
    buf_putc(&b, 0);
    struct trie *t = trie_from_folded(b.p);
    struct search *s = attach("^x$", t);
    for (int round = 0; round < 3; round++) {
        for (int i = 0; i < 20; i++) {
            char name[32];
            snprintf(name, sizeof name, "main;f%d", i);
            uint32_t f = trie_node_at(t, name);
            assert_true(search_matched(s, f) == (round < 2 ? 1.0 : 2.0));
            assert_true(search_matched(s, TRIE_ROOT) == (round < 2 ? 20.0 : 40.0));
        }
        if (round == 1) {          /* every x doubles: all answers change */
            for (int i = 0; i < 20; i++) {
                uint32_t names[3] = {strtab_intern(trie_names(t), "main", 4), 0,
                                     strtab_intern(trie_names(t), "x", 1)};
                char fn[16];
                int n = snprintf(fn, sizeof fn, "f%d", i);
                names[1] = strtab_intern(trie_names(t), fn, (size_t)n);
                trie_insert(t, names, 3, count_u64(1));
            }
            search_refresh(s);
        }
    }
    search_free(s);
    trie_free(t);
    free(b.p);
}

static void deep_stack_no_recursion(void **state)
{
    (void)state;
    enum { DEPTH = 200000 };
    struct trie *t = trie_new(NULL);
    uint32_t *names = malloc(DEPTH * sizeof *names);
    assert_non_null(names);
    for (size_t i = 0; i < DEPTH; i++)
        names[i] = strtab_intern(trie_names(t), i % 2 ? "odd" : "even", i % 2 ? 3 : 4);
    uint32_t leaf = trie_insert(t, names, DEPTH, count_u64(1));
    free(names);
    struct search *s = attach("^odd$", t);
    uint32_t top = trie_node_at(t, "even");
    size_t n;
    assert_int_equal(search_rank(s, top, leaf, true, &n), DEPTH / 2);
    assert_int_equal(n, DEPTH / 2);
    bool w;
    assert_int_equal(search_step_in(s, top, TRIE_NONE, true, false, &w), leaf);
    assert_int_equal(search_step_in(s, top, leaf, false, true, &w), trie_node_at(t, "even;odd"));
    assert_true(w);
    search_free(s);
    trie_free(t);
}

/* Zoomed: a match nested under a matching frame is counted once (a walk
 * that descended below a match gave 100 % here instead of 50 %). */
static void zoomed_share_counts_nested_once(void **state)
{
    (void)state;
    struct trie *t = trie_from_folded("main;f;g;f 10\nmain;h 10\n");
    struct search *s = attach("^f$", t);
    uint32_t m = trie_node_at(t, "main");
    assert_true(search_matched(s, m) == 10.0);
    assert_true(search_share(s, m) == 0.5);
    assert_true(search_share(s, TRIE_ROOT) == 0.5);
    assert_true(search_share(s, trie_node_at(t, "main;h")) == 0.0);
    /* zoomed below the outer match: everything matches */
    assert_true(search_share(s, trie_node_at(t, "main;f;g")) == 1.0);
    search_free(s);
    trie_free(t);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(counts_and_share),
        cmocka_unit_test(sample_counted_once),
        cmocka_unit_test(zoomed_share_counts_nested_once),
        cmocka_unit_test(next_prev_order),
        cmocka_unit_test(next_prev_weight_order),
        cmocka_unit_test(step_in_zoom),
        cmocka_unit_test(rank_in_zoom),
        cmocka_unit_test(deep_stack_no_recursion),
        cmocka_unit_test(matched_per_root_kept_apart),
        cmocka_unit_test(refresh_after_growth),
        cmocka_unit_test(invalid_regex),
        cmocka_unit_test(match_below),
        cmocka_unit_test(odd_bytes_and_smartcase),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
