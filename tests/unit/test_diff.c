/* SPDX-License-Identifier: MIT */
/* flametui - unit tests: differential profiles (core/diff, the base count of the trie,
 * its way through filters, reverse and callers, and the STACK BASE NEW writer). */
#include "config.h"

#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/diff.h"
#include "core/strtab.h"
#include "core/trie.h"
#include "core/util.h"
#include "helpers.h"
#include "query/callers.h"
#include "query/graph.h"
#include "render/diffcollapse.h"

static char *diff_text(struct trie *t)
{
    char *p = NULL;
    size_t n = 0;
    FILE *f = open_memstream(&p, &n);
    assert_non_null(f);
    assert_int_equal(collapse_write_diff(f, t), 0);
    fclose(f);
    return p;
}

static void expect_diff(struct trie *t, const char *want)
{
    char *got = diff_text(t);
    assert_string_equal(got, want);
    free(got);
}

static uint64_t u(struct count c)
{
    assert_false(c.is_float);
    return c.u;
}

/* int(b * total_new / total_base) exactly as Perl computes it (values checked with perl) */
static void normalize_rounding(void **state)
{
    (void)state;
    assert_int_equal(u(diff_normalize(count_u64(3), count_u64(10), count_u64(7))), 4);
    assert_int_equal(u(diff_normalize(count_u64(1), count_u64(1), count_u64(3))), 0);
    assert_int_equal(u(diff_normalize(count_u64(7), count_u64(10), count_u64(7))), 10);
    /* above 2^53: an exact integer quotient stays exact ... */
    assert_true(u(diff_normalize(count_u64(27021597764222979ull), count_u64(1), count_u64(3))) ==
                9007199254740993ull);
    /* ... an inexact one is a double division, rounded before int() truncates */
    assert_true(u(diff_normalize(count_u64(27021597764222980ull), count_u64(1), count_u64(3))) ==
                9007199254740994ull);
    /* fractional counts: int() makes an integer */
    struct count f = {0, 1.5, true};
    assert_int_equal(u(diff_normalize(f, count_u64(3), count_u64(2))), 2);
    /* a product past 2^64 is a double; past 2^64 the result stays one */
    struct count big = diff_normalize(count_u64(10000000000ull), count_u64(30000000000ull),
                                      count_u64(7));
    assert_true(big.is_float);
    char buf[COUNT_FMT_MAX];
    count_format(buf, big);
    assert_string_equal(buf, "4.28571428571429e+19");
    /* no base samples: nothing to scale by */
    assert_int_equal(u(diff_normalize(count_u64(5), count_u64(3), count_u64(0))), 5);
}

static void union_and_counts(void **state)
{
    (void)state;
    struct trie *t = trie_diff_of("m;a 3\nm;b 2\nm 1\n", "m;a 1\nm;c 5\n", false);
    assert_true(trie_has_base(t));
    expect_diff(t, "m 1 0\nm;a 3 1\nm;b 2 0\nm;c 0 5\n");
    uint32_t m = trie_node_at(t, "m");
    assert_int_equal(u(trie_base_total(t, m)), 6);
    assert_int_equal(u(trie_base_self(t, m)), 1);
    assert_int_equal(u(trie_total(t, m)), 6);
    assert_int_equal(u(trie_base_total(t, TRIE_ROOT)), 6);
    /* a frame only in the base has zero new samples */
    assert_int_equal(u(trie_total(t, trie_node_at(t, "m;b"))), 0);
    trie_free(t);
}

static void normalized_attach(void **state)
{
    (void)state;
    /* base total 7, new total 10: each base stack int(b * 10 / 7) */
    struct trie *t = trie_diff_of("a 3\nb 4\n", "a 5\nb 5\n", true);
    expect_diff(t, "a 4 5\nb 5 5\n");
    trie_free(t);
    t = trie_diff_of("a 3\nb 4\n", "a 3\nb 4\n", true);  /* equal totals: unchanged */
    expect_diff(t, "a 3 3\nb 4 4\n");
    trie_free(t);
}

static void strip_hex(void **state)
{
    (void)state;
    struct buf b = {0};
    assert_true(diff_strip_hex_name("f 0x7fA0;0x 0xg", 15, &b));
    assert_int_equal(b.len, 14);
    assert_memory_equal(b.p, "f 0x...;0x 0xg", 14);
    assert_false(diff_strip_hex_name("0x", 2, &b));
    buf_fini(&b);
    struct trie *t = trie_from_folded("m;jit 0x1f 2\nm;jit 0x2a 3\n");
    struct trie *base = trie_from_folded("m;jit 0xff 4\n");
    diff_strip_hex(t);
    diff_strip_hex(base);
    diff_attach(t, base, false);
    trie_free(base);
    expect_diff(t, "m;jit 0x... 4 5\n");
    trie_free(t);
}

/* filters apply to both profiles alike; reverse and callers keep the base samples */
static void derived_views(void **state)
{
    (void)state;
    struct trie *t = trie_diff_of("m;a;x 3\nm;b;x 2\nm;b 4\n", "m;a;x 1\nm;b;x 6\nm;c 2\n", false);
    struct graph *g = graph_new(t);
    struct ft_error err = {0};
    assert_int_equal(graph_push_filter(g, FILTER_INCLUDE, "^b$", &err), 0);
    expect_diff(graph_shown(g), "m;b 4 0\nm;b;x 2 6\n");
    graph_set_reverse(g, true);
    expect_diff(graph_shown(g), "b;m 4 0\nx;b;m 2 6\n");
    graph_pop_filter(g);
    assert_int_equal(graph_push_filter(g, FILTER_HIDE, "^[ab]$", &err), 0);
    graph_set_reverse(g, false);
    expect_diff(graph_shown(g), "m 4 0\nm;c 0 2\nm;x 5 7\n");
    graph_pop_filter(g);
    struct trie *c = callers_callers(graph_profile(g), strtab_lookup(trie_names(t), "x", 1));
    expect_diff(c, "x;a;m 3 1\nx;b;m 2 6\n");
    trie_free(c);
    c = callers_callees(graph_profile(g), strtab_lookup(trie_names(t), "b", 1));
    expect_diff(c, "b 4 0\nb;x 2 6\n");
    trie_free(c);
    graph_free(g);
    trie_free(t);
}

/* new samples arriving live keep the base counts (view_update) */
static void live_growth(void **state)
{
    (void)state;
    struct trie *t = trie_diff_of("m;a 3\nm;b 2\n", "m;a 1\n", false);
    struct graph *g = graph_new(t);
    graph_set_live(g, true);
    struct ft_error err = {0};
    assert_int_equal(graph_push_filter(g, FILTER_EXCLUDE, "^zz$", &err), 0);
    graph_set_reverse(g, true);
    expect_diff(graph_shown(g), "a;m 3 1\nb;m 2 0\n");
    uint32_t names[2] = {strtab_intern(trie_names(t), "m", 1),
                         strtab_intern(trie_names(t), "c", 1)};
    trie_insert(t, names, 2, count_u64(7));
    names[1] = strtab_intern(trie_names(t), "a", 1);
    trie_insert(t, names, 2, count_u64(1));
    expect_diff(graph_shown(g), "a;m 3 2\nb;m 2 0\nc;m 0 7\n");
    graph_free(g);
    trie_free(t);
}

static void merge_keeps_base(void **state)
{
    (void)state;
    struct trie *t = trie_diff_of("a 3\n", "a 1\nb 2\n", false);
    struct trie *dst = trie_new(NULL);
    trie_merge(dst, t);
    expect_diff(dst, "a 3 1\nb 0 2\n");
    assert_true(trie_bytes(dst) >= trie_size(dst) * 8);
    trie_free(dst);
    trie_free(t);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(normalize_rounding), cmocka_unit_test(union_and_counts),
        cmocka_unit_test(normalized_attach),  cmocka_unit_test(strip_hex),
        cmocka_unit_test(derived_views),      cmocka_unit_test(live_growth),
        cmocka_unit_test(merge_keeps_base),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
