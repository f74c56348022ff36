/* SPDX-License-Identifier: MIT */
/* flametui - test_timeline.c: the time index (core/samples), re-aggregation of a time
 * range and of another grouping from it (query/timeline), recursion collapsing
 * (query/recursion) and their stages in the graph: each must equal what parsing the
 * same records with the option gives. */
#include "config.h"

#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>
#include <stdlib.h>
#include <string.h>

#include "core/samples.h"
#include "core/trie.h"
#include "helpers.h"
#include "input/parse_perf.h"
#include "query/graph.h"
#include "query/recursion.h"
#include "query/timeline.h"

/* Records at 100.0, 100.5, 101.0, ... (one every 0.5 s), over three threads of two
 * processes, some with a recursive tower. */
static char *make_perf(size_t nrec, bool vary_period)
{
    struct buf b = {0};
    static const char *const heads[] = {"prog 10/10", "prog 10/11", "my sort 20/21"};
    static const char *const tails[] = {"\t1 fib (/p)\n\t2 fib (/p)\n\t3 fib (/p)\n\t4 main (/p)\n",
                                        "\t1 work (/p)\n\t4 main (/p)\n",
                                        "\t5 cmp (/s)\n\t6 sort (/s)\n"};
    for (size_t i = 0; i < nrec; i++) {
        buf_printf(&b, "%s %zu.%06zu: %zu cpu-clock: \n%s\n", heads[i % 3], 100 + i / 2,
                   (i % 2) * 500000, vary_period ? 1000 + i : (size_t)1000, tails[(i / 3) % 3]);
    }
    buf_putc(&b, '\0');
    return b.p;
}

static struct trie *parse(const char *text, const struct perf_opts *o)
{
    struct trie *t = trie_new(NULL);
    struct perf_parser *p = perf_new(t, o);
    perf_feed(p, text, strlen(text), true);
    perf_free(p);
    return t;
}

static void ranges_equal_parsing_with_the_range(void **state)
{
    (void)state;
    for (int vary = 0; vary < 2; vary++) {
        char *text = make_perf(40, vary);
        struct samples *s = samples_new();
        struct perf_opts o = {.samples = s};
        struct trie *base = parse(text, &o);
        assert_int_equal(samples_count(s), 40);
        assert_true(samples_sorted(s));
        assert_int_equal(samples_end_us(s), 19500000);
        struct count w;
        assert_int_equal(samples_uniform(s, &w), !vary);
        static const double r[][2] = {{0, 1}, {0.5, 3.25}, {2, 2}, {3, 100}, {50, 60}, {0, 1e6}};
        for (size_t k = 0; k < FT_ARRAY_LEN(r); k++) {
            struct perf_opts ro = {.time_range = true, .from_ns = (int64_t)(r[k][0] * 1e9),
                                   .to_ns = (int64_t)(r[k][1] * 1e9)};
            struct trie *want = parse(text, &ro);
            struct trie *got = timeline_build(s, base, (uint64_t)(r[k][0] * 1e6),
                                              (uint64_t)(r[k][1] * 1e6), GROUP_COMM);
            assert_same_collapsed(want, got);
            trie_free(want);
            trie_free(got);
        }
        assert_int_equal(timeline_count(s, 500000, 3250000), 6);
        trie_free(base);
        samples_free(s);
        free(text);
    }
}

static void groupings_equal_parsing_grouped(void **state)
{
    (void)state;
    char *text = make_perf(30, true);
    struct samples *s = samples_new();
    struct perf_opts o = {.samples = s};
    struct trie *base = parse(text, &o);
    assert_int_equal(samples_threads(s), 3);
    struct perf_opts po = {.pid = true}, to = {.tid = true}, no = {.no_process = true};
    const struct perf_opts *opts[] = {&po, &to, &no};
    enum perf_group g[] = {GROUP_PID, GROUP_TID, GROUP_NONE};
    for (size_t k = 0; k < 3; k++) {
        struct trie *want = parse(text, opts[k]);
        struct trie *got = timeline_build(s, base, 0, TIMELINE_END, g[k]);
        assert_same_collapsed(want, got);
        trie_free(want);
        trie_free(got);
        /* and with a range: the same records of both */
        struct perf_opts ro = *opts[k];
        ro.time_range = true;
        ro.from_ns = 2000000000;
        ro.to_ns = 7500000000;
        want = parse(text, &ro);
        got = timeline_build(s, base, 2000000, 7500000, g[k]);
        assert_same_collapsed(want, got);
        trie_free(want);
        trie_free(got);
    }
    /* the space in "my sort" became '_' in the grouped names too */
    char *c = NULL;
    struct trie *got = timeline_build(s, base, 0, TIMELINE_END, GROUP_TID);
    c = trie_to_collapsed(got);
    assert_non_null(strstr(c, "my_sort-20/21;sort;cmp "));
    free(c);
    trie_free(got);
    trie_free(base);
    samples_free(s);
    free(text);
}

/* perf script output is ordered by time, but a merge of inputs is not: every sample is
 * looked at then */
static void unsorted_times(void **state)
{
    (void)state;
    const char *text = "aa 1/1 100.000000: 1 cpu-clock: \n\t1 f (/p)\n\n"
                       "aa 1/2 103.000000: 2 cpu-clock: \n\t1 g (/p)\n\n"
                       "bb 2/2 101.000000: 3 cpu-clock: \n\t1 h (/p)\n\n"
                       "bb 2/3 99.000000: 4 cpu-clock: \n\t1 k (/p)\n\n"
                       "aa 1/1 102.500000: 5 cpu-clock: \n\t1 f (/p)\n\n";
    struct samples *s = samples_new();
    struct perf_opts o = {.samples = s};
    struct trie *base = parse(text, &o);
    assert_false(samples_sorted(s));
    assert_int_equal(samples_time_us(s, 3), 0);   /* before t0: counted at 0 */
    static const double r[][2] = {{0, 1}, {1, 3}, {2.5, 3.5}, {0, 100}};
    static const int counts[] = {2, 2, 2, 5};
    enum perf_group gs[] = {GROUP_COMM, GROUP_TID, GROUP_NONE};
    for (size_t k = 0; k < FT_ARRAY_LEN(r); k++) {
        assert_int_equal(timeline_count(s, (uint64_t)(r[k][0] * 1e6), (uint64_t)(r[k][1] * 1e6)),
                         counts[k]);
        for (size_t j = 0; j < FT_ARRAY_LEN(gs); j++) {
            struct perf_opts ro = {.time_range = true, .from_ns = (int64_t)(r[k][0] * 1e9),
                                   .to_ns = (int64_t)(r[k][1] * 1e9), .tid = gs[j] == GROUP_TID,
                                   .no_process = gs[j] == GROUP_NONE};
            if (r[k][0] == 0)   /* the index counts t < t0 at 0; the parser keeps t - t0 < 0 */
                ro.from_ns = -1000000000000;
            struct trie *want = parse(text, &ro);
            struct trie *got = timeline_build(s, base, (uint64_t)(r[k][0] * 1e6),
                                              (uint64_t)(r[k][1] * 1e6), gs[j]);
            assert_same_collapsed(want, got);
            trie_free(want);
            trie_free(got);
        }
    }
    trie_free(base);
    samples_free(s);
}

static void recursion_merges_like_the_script(void **state)
{
    (void)state;
    struct trie *t = trie_from_folded("a;a;a;b 1\na;b 2\nx;x 3\na;b;b;a 4\n;c 5\n");
    struct trie *r = recursion_build(t);
    char *c = trie_to_collapsed(r);
    /* stackcollapse-recursive.pl: consecutive equal frames once ($last starts as "") */
    assert_string_equal(c, "a;b 3\na;b;a 4\nc 5\nx 3\n");
    free(c);
    trie_free(r);
    trie_free(t);
}

static void graph_stages_compose(void **state)
{
    (void)state;
    char *text = make_perf(30, false);
    struct samples *s = samples_new();
    struct perf_opts o = {.samples = s};
    struct trie *base = parse(text, &o);
    struct graph *g = graph_new(base);
    graph_set_samples(g, s);
    assert_true(graph_has_time(g));
    graph_set_range(g, true, 1000000, 6000000);
    graph_set_group(g, GROUP_TID);
    graph_set_recursion(g, true);
    struct ft_error err;
    assert_int_equal(graph_push_filter(g, FILTER_EXCLUDE, "work", &err), 0);
    char *c = trie_to_collapsed(graph_shown(g));
    /* records 2..11 (1 s <= t - t0 < 6 s), fib merged, work dropped */
    struct perf_opts ro = {.tid = true, .time_range = true, .from_ns = 1000000000,
                           .to_ns = 6000000000};
    struct trie *want = parse(text, &ro);
    struct trie *rw = recursion_build(want);
    char *w = trie_to_collapsed(rw);
    struct buf kept = {0};
    for (char *line = strtok(w, "\n"); line; line = strtok(NULL, "\n"))
        if (!strstr(line, "work"))
            buf_printf(&kept, "%s\n", line);
    buf_putc(&kept, '\0');
    assert_string_equal(c, kept.p);
    assert_null(strstr(c, "fib;fib"));
    struct buf d = {0};
    graph_describe(g, &d);
    buf_putc(&d, '\0');
    assert_string_equal(d.p, "exclude:work group:tid recursion time:1s-6s");
    buf_fini(&d);
    buf_fini(&kept);
    free(w);
    free(c);
    trie_free(rw);
    trie_free(want);
    /* clearing the range and the grouping gives the base back */
    graph_set_range(g, false, 0, 0);
    graph_set_group(g, GROUP_COMM);
    graph_set_recursion(g, false);
    graph_clear_filters(g);
    assert_ptr_equal(graph_shown(g), base);
    graph_free(g);
    trie_free(base);
    samples_free(s);
    free(text);
}

static void index_is_compact(void **state)
{
    (void)state;
    struct samples *s = samples_new();
    for (size_t i = 0; i < 100000; i++)
        samples_add(s, true, 5000000000ull + i * 1000000ull, (uint32_t)i, (uint32_t)(i % 7),
                    count_u64(250000));
    /* time + leaf + thread: 10 bytes a sample with one weight for all */
    assert_true(samples_bytes(s) <= 100000 * 10 * 14 / 10);
    /* weights that differ: 2 more (an index into the distinct weights) */
    samples_add(s, true, 5000000000ull + 100000 * 1000000ull, 1, 1, count_u64(7));
    assert_true(samples_bytes(s) <= 100001 * 12 * 14 / 10);
    assert_int_equal(samples_weight(s, 100000).u, 7);
    assert_int_equal(samples_weight(s, 5).u, 250000);
    /* a big weight is kept aside */
    samples_add(s, true, 5000000000ull + 100001 * 1000000ull, 1, 1, count_u64(1ull << 40));
    assert_true(samples_weight(s, 100001).u == 1ull << 40);
    assert_int_equal(samples_lower_bound(s, 3000), 3);
    /* more than 65536 distinct weights: kept as they are, none lost */
    for (size_t i = 0; i < 70000; i++)
        samples_add(s, true, 6000000000000ull + i, 2, 2, count_u64(1000 + i));
    assert_int_equal(samples_weight(s, 100002 + 69999).u, 1000 + 69999);
    assert_int_equal(samples_weight(s, 100002 + 5).u, 1005);
    assert_int_equal(samples_weight(s, 100000).u, 7);
    assert_int_equal(samples_weight(s, 7).u, 250000);
    assert_true(samples_weight(s, 100001).u == 1ull << 40);
    samples_free(s);
    /* longer than 2^32 microseconds: the resolution halves, the order stays */
    s = samples_new();
    samples_add(s, true, 0, 1, 0, count_u64(1));
    samples_add(s, true, 3000000000000ull, 1, 0, count_u64(1));   /* 50 minutes */
    samples_add(s, true, 9000000000000ull, 1, 0, count_u64(1));   /* 150 minutes */
    assert_int_equal(samples_resolution_us(s), 4);
    assert_int_equal(samples_time_us(s, 1), 3000000000ull);
    assert_int_equal(samples_time_us(s, 2), 9000000000ull);
    assert_true(samples_sorted(s));
    samples_clear(s);
    samples_add(s, true, 1, 1, 0, count_u64(1));
    assert_int_equal(samples_count(s), 0);
    assert_true(samples_cleared(s));
    samples_free(s);
}

/* Live input with a grouping or a range and a filter: the trie graph_shown returned is
 * the caller's until its next graph_shown, also when graph_profile / graph_share derive
 * again from the grown base in between (a viewer draws its title that way). */
static void shown_outlives_growth(void **state)
{
    (void)state;
    char *text = make_perf(60, false);
    const char *half = text;
    for (int blank = 0; blank < 30; half++)      /* the first 30 records */
        if (half[0] == '\n' && half[1] == '\n')
            blank++;
    size_t n1 = (size_t)(half - text) + 1;
    for (int mode = 0; mode < 4; mode++) {
        struct samples *s = samples_new();
        struct perf_opts o = {.samples = s};
        struct trie *base = trie_new(NULL);
        struct perf_parser *p = perf_new(base, &o);
        assert_int_equal(perf_feed(p, text, n1, false), n1);
        struct graph *g = graph_new(base);
        graph_set_samples(g, s);
        graph_set_live(g, true);
        if (mode & 1)
            graph_set_range(g, true, 0, 100000000);
        else
            graph_set_group(g, GROUP_PID);
        graph_set_reverse(g, mode >= 2);
        struct ft_error err;
        assert_int_equal(graph_push_filter(g, mode & 1 ? FILTER_EXCLUDE : FILTER_INCLUDE,
                                           mode & 1 ? "work" : ".", &err), 0);
        struct trie *t = graph_shown(g);
        char *before = trie_to_collapsed(t);
        double total0 = trie_total_d(t, TRIE_ROOT);
        perf_feed(p, text + n1, strlen(text + n1), true);
        assert_true(graph_stale(g));
        assert_true(graph_share(g) > 0.5);           /* derives the profile again */
        assert_non_null(graph_profile(g));
        char *still = trie_to_collapsed(t);          /* t: the snapshot, still whole */
        assert_string_equal(still, before);
        struct trie *t2 = graph_shown(g);
        assert_true(trie_total_d(t2, TRIE_ROOT) > total0);     /* the grown profile */
        free(still);
        free(before);
        graph_free(g);
        perf_free(p);
        trie_free(base);
        samples_free(s);
    }
    free(text);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(ranges_equal_parsing_with_the_range),
        cmocka_unit_test(groupings_equal_parsing_grouped),
        cmocka_unit_test(unsorted_times),
        cmocka_unit_test(recursion_merges_like_the_script),
        cmocka_unit_test(graph_stages_compose),
        cmocka_unit_test(index_is_compact),
        cmocka_unit_test(shown_outlives_growth),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
