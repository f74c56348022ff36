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
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/samples.h"
#include "core/trie.h"
#include "helpers.h"
#include "input/parse_perf.h"
#include "query/graph.h"
#include "query/recursion.h"
#include "query/timeline.h"
#include "render/heat.h"

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
    /* t0 is the earliest record (99 s), not the first (100 s) */
    assert_int_equal(samples_time_us(s, 3), 0);
    assert_int_equal(samples_time_us(s, 0), 1000000);
    assert_int_equal(samples_first_us(s), 1000000);
    assert_int_equal(samples_end_us(s), 4000000);
    static const double r[][2] = {{0, 1}, {1, 3}, {3, 4}, {0, 100}, {1, 2}};
    static const int counts[] = {1, 2, 1, 5, 1};
    enum perf_group gs[] = {GROUP_COMM, GROUP_TID, GROUP_NONE};
    for (size_t k = 0; k < FT_ARRAY_LEN(r); k++) {
        assert_int_equal(timeline_count(s, (uint64_t)(r[k][0] * 1e6), (uint64_t)(r[k][1] * 1e6)),
                         counts[k]);
        for (size_t j = 0; j < FT_ARRAY_LEN(gs); j++) {
            struct perf_opts ro = {.time_range = true, .from_ns = (int64_t)(r[k][0] * 1e9),
                                   .to_ns = (int64_t)(r[k][1] * 1e9), .tid = gs[j] == GROUP_TID,
                                   .no_process = gs[j] == GROUP_NONE, .have_t0 = true,
                                   .t0_ns = 99000000000};
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

/* --group=cpu: every stack under "cpu N" of its record's "[NNN]"; a record without
 * one stays at the root; a time range applies as with the other groupings. */
static void cpus_root_the_stacks(void **state)
{
    (void)state;
    const char *text = "aa 1/1 [001] 100.000000: 1 cpu-clock: \n\t1 f (/p)\n\n"
                       "aa 1/2 [000] 100.500000: 1 cpu-clock: \n\t1 g (/p)\n\n"
                       "bb 2/2  [1] 101.000000: 1 cpu-clock: \n\t1 h (/p)\n\n"
                       "bb 2/3 [00x] 101.500000: 1 cpu-clock: \n\t1 k (/p)\n\n"
                       "aa 1/1 [001] 102.000000: 1 cpu-clock: \n\t1 f (/p)\n\n"
                       ":-1    -1 [000] 102.000000: 1 cpu-clock: \n\t1 x (/p)\n\n";
    struct samples *s = samples_new();
    struct perf_opts o = {.samples = s};
    struct trie *base = parse(text, &o);
    assert_true(samples_have_cpu(s));
    assert_int_equal(samples_cpus(s), 2);
    assert_int_equal(samples_cpu_number(s, samples_cpu_of(s, 0)), 1);
    assert_int_equal(samples_cpu_number(s, samples_cpu_of(s, 1)), 0);
    assert_int_equal(samples_cpu_of(s, 3), SAMPLES_NO_CPU);
    struct trie *got = timeline_build(s, base, 0, TIMELINE_END, GROUP_CPU);
    struct trie *want = trie_from_folded("cpu 1;aa;f 2\ncpu 0;aa;g 1\ncpu 1;bb;h 1\nbb;k 1\n"
                                         "cpu 0;:-1____-1_[000]_102.000000:;x 1\n");
    assert_same_collapsed(want, got);
    trie_free(want);
    trie_free(got);
    got = timeline_build(s, base, 500000, 1500000, GROUP_CPU);
    want = trie_from_folded("cpu 0;aa;g 1\ncpu 1;bb;h 1\n");
    assert_same_collapsed(want, got);
    trie_free(want);
    trie_free(got);
    struct samples *none = samples_new();
    struct perf_opts on = {.samples = none};
    struct trie *b2 = parse("aa 1/1 100.000000: 1 cpu-clock: \n\t1 f (/p)\n\n", &on);
    assert_false(samples_have_cpu(none));
    trie_free(b2);
    samples_free(none);
    trie_free(base);
    samples_free(s);
}

/* A steady load: ncpu CPUs sampled every period_ns for secs seconds (each CPU's phase
 * shifted), each sample on its CPU. */
static struct samples *steady(int ncpu, uint64_t period_ns, double secs)
{
    struct samples *s = samples_new();
    for (int c = 0; c < ncpu; c++)
        samples_cpu_find(s, (uint32_t)c);
    uint64_t n = (uint64_t)(secs * 1e9 / (double)period_ns);
    for (uint64_t i = 0; i < n; i++)
        for (int c = 0; c < ncpu; c++) {
            bool is_new;
            char tid[8];
            int tl = snprintf(tid, sizeof tid, "%d", c);
            uint32_t th = samples_thread_find(s, 1, "1", 1, tid, (size_t)tl, &is_new);
            samples_add(s, true, 100000000000ull + i * period_ns + (uint64_t)c * 370000, 1,
                        th, count_u64(1));
            samples_set_cpu(s, (uint32_t)c);
        }
    return s;
}

/* FlameScope's map of a 3 s, two-CPU, 999 Hz profile on a 160x45 screen (41 rows): every
 * row used, cells of whole periods holding 10 samples or more, and no stripes: every
 * cell of the full columns within one sample of the mean, every row's sum within 2%. */
static void heat_map_bins_are_even(void **state)
{
    (void)state;
    struct samples *s = steady(2, 1001001, 3.0);
    struct timeline_bins b;
    timeline_bins(s, 160, 41, &b);
    assert_int_equal(b.period_us, 1001);
    assert_int_equal(b.rows, 41);
    uint64_t cell = b.col_us / (uint64_t)b.rows;
    assert_int_equal(b.col_us % (uint64_t)b.rows, 0);
    assert_int_equal(cell % b.period_us, 0);
    assert_true(cell * samples_count(s) / (samples_end_us(s) + 1) >= TIMELINE_CELL_SAMPLES);
    assert_true(b.ncols * b.col_w <= 160);
    assert_true(b.ncols * b.col_w > 160 - b.ncols);   /* the width used */
    uint32_t *cells = calloc((size_t)b.ncols * (size_t)b.rows, sizeof *cells);
    uint32_t max = timeline_cells(s, &b, cells);
    assert_true(max >= TIMELINE_CELL_SAMPLES);
    int full = (int)((samples_end_us(s) + 1) / b.col_us);
    assert_true(full >= 2);
    double total = 0;
    for (int c = 0; c < full; c++)
        for (int r = 0; r < b.rows; r++)
            total += cells[c * b.rows + r];
    double mean_cell = total / (full * b.rows), mean_row = total / b.rows;
    for (int r = 0; r < b.rows; r++) {
        double row = 0;
        for (int c = 0; c < full; c++) {
            double d = cells[c * b.rows + r] - mean_cell;
            assert_true(d <= 1.0 && d >= -1.0);
            row += cells[c * b.rows + r];
        }
        assert_true(row >= mean_row * 0.98 && row <= mean_row * 1.02);
    }
    free(cells);
    samples_free(s);
}

/* A short, sparse profile: fewer rows, ten samples a cell; a long one: the columns fit
 * the width. */
static void heat_map_bins_short_and_long(void **state)
{
    (void)state;
    struct samples *s = steady(1, 1000000, 0.02);   /* 20 samples in 20 ms */
    struct timeline_bins b;
    timeline_bins(s, 80, 20, &b);
    assert_int_equal(b.rows, 1);   /* two cells of ten samples */
    assert_int_equal(b.ncols, 2);
    assert_int_equal(b.col_w, 40);
    assert_int_equal(b.col_us, 10000);
    samples_free(s);
    s = steady(1, 10000000, 600);   /* 100 Hz for 10 minutes */
    timeline_bins(s, 80, 20, &b);
    assert_true(b.ncols <= 80);
    assert_true(b.col_us * (uint64_t)b.ncols > samples_end_us(s));
    assert_true(b.col_us / (uint64_t)b.rows >= 10000);
    samples_free(s);
    s = samples_new();   /* no samples */
    timeline_bins(s, 80, 20, &b);
    assert_int_equal(b.ncols, 1);
    assert_true(b.rows >= 1);
    samples_free(s);
}

/* The ramp: levels from the count relative to the fullest cell, each level a distinct
 * xterm-256 colour, the legend's least counts. */
static void heat_levels_and_colours(void **state)
{
    (void)state;
    assert_int_equal(heat_level(0, 10), 0);
    assert_int_equal(heat_level(1, 10), 1);
    assert_int_equal(heat_level(10, 10), HEAT_LEVELS);
    assert_int_equal(heat_level(20, 10), HEAT_LEVELS);
    assert_int_equal(heat_level(5, 0), 0);
    assert_int_equal(heat_shade(0), ' ');
    assert_int_equal(heat_shade(HEAT_LEVELS), '@');
    for (int k = 1; k <= HEAT_LEVELS; k++) {
        assert_int_equal(heat_level(heat_level_min(k, 100), 100), k);
        if (k > 1)
            assert_int_equal(heat_level(heat_level_min(k, 100) - 1, 100), k - 1);
        for (int j = 1; j < k; j++)
            assert_int_not_equal(theme_rgb_to_256(heat_rgb(j)), theme_rgb_to_256(heat_rgb(k)));
    }
    assert_int_equal(heat_level_min(1, 0), 0);
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
        cmocka_unit_test(cpus_root_the_stacks),
        cmocka_unit_test(heat_map_bins_are_even),
        cmocka_unit_test(heat_map_bins_short_and_long),
        cmocka_unit_test(heat_levels_and_colours),
        cmocka_unit_test(recursion_merges_like_the_script),
        cmocka_unit_test(graph_stages_compose),
        cmocka_unit_test(index_is_compact),
        cmocka_unit_test(shown_outlives_growth),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
