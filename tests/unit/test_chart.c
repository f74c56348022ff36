/* SPDX-License-Identifier: MIT */
/* flametui - test_chart.c: the flame chart's lanes and boxes (query/chart) on crafted
 * perf records with known times, and its text layout (ui/screen_chart.h). */
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
#include "core/strtab.h"
#include "core/trie.h"
#include "helpers.h"
#include "input/parse_perf.h"
#include "query/chart.h"
#include "render/textrender.h"
#include "ui/screen_chart.h"

/* Thread 101 runs main;f for a second then main;g, thread 102 runs worker;h throughout
 * (one sample every 50 ms each, on CPUs 0 and 1), thread 103 twice. */
static char *make_perf(void)
{
    struct buf b = {0};
    for (int i = 0; i < 40; i++) {
        double t = 10 + i * 0.05;
        buf_printf(&b, "prog 100/101 [000] %.6f: 1 cpu-clock: \n\t1 %s (/p)\n\t2 main (/p)\n\n",
                   t, t < 11 ? "f" : "g");
        buf_printf(&b, "prog 100/102 [001] %.6f: 1 cpu-clock: \n\t1 h (/p)\n\t2 worker (/p)\n\n",
                   t + 0.01);
    }
    buf_printf(&b, "other 200/103 [001] 10.500000: 1 cpu-clock: \n\t1 x (/o)\n\n");
    buf_printf(&b, "other 200/103 [001] 10.520000: 1 cpu-clock: \n\t1 x (/o)\n\n");
    buf_putc(&b, '\0');
    return b.p;
}

/* The fixture: the samples and trie of perf script text, and their chart by thread. */
struct fix {
    struct samples *s;
    struct trie *t;
    struct chart *c;
    struct chart_box *b;   /* chart_boxes' output */
    size_t cap;
    uint32_t depth;
};

/* text NULL: make_perf()'s. */
static struct fix *fix_new(const char *text)
{
    struct fix *f = calloc(1, sizeof *f);
    char *made = text ? NULL : make_perf();
    struct perf_opts o = {.samples = samples_new()};
    assert_non_null(f);
    if (!text)
        text = made;
    f->s = o.samples;
    f->t = trie_new(NULL);
    struct perf_parser *p = perf_new(f->t, &o);
    perf_feed(p, text, strlen(text), true);
    perf_free(p);
    free(made);
    f->c = chart_build(f->s, f->t, GROUP_TID);
    return f;
}

static void fix_free(struct fix *f)
{
    free(f->b);
    chart_free(f->c);
    trie_free(f->t);
    samples_free(f->s);
    free(f);
}

/* chart_boxes of the fixture's chart into f->b. */
static size_t boxes(struct fix *f, size_t lane, uint64_t from, uint64_t to, int cols,
                    uint32_t max_depth)
{
    return chart_boxes(f->c, lane, from, to, cols, max_depth, &f->b, &f->cap, &f->depth);
}

static const char *lane_name(const struct chart *c, const struct trie *t, size_t k)
{
    static char name[64];
    size_t len;
    const char *s = strtab_get(trie_names(t), chart_lane(c, k)->name, &len);
    snprintf(name, sizeof name, "%.*s", (int)len, s);
    return name;
}

static const char *node_name(const struct trie *t, uint32_t node)
{
    static char name[64];
    size_t len;
    const char *s = trie_label(t, node, &len);
    snprintf(name, sizeof name, "%.*s", (int)len, s);
    return name;
}

static void lanes_by_thread_process_and_cpu(void **state)
{
    (void)state;
    struct fix *f = fix_new(NULL);
    struct chart *c = f->c;
    struct trie *t = f->t;
    assert_int_equal(chart_lanes(c), 3);
    assert_string_equal(lane_name(c, t, 0), "prog-100/101");   /* 40 samples, name order */
    assert_string_equal(lane_name(c, t, 1), "prog-100/102");
    assert_string_equal(lane_name(c, t, 2), "other-200/103");  /* 2 samples: last */
    assert_int_equal(chart_lane(c, 2)->samples, 2);
    assert_int_equal(chart_lane(c, 0)->skip, 1);   /* below the process frame */
    assert_null(chart_lane(c, 3));
    assert_int_equal(chart_end_us(c), 1960000 + 1);   /* 102's last at 1.96 s */
    assert_int_equal(chart_period_us(c), 47560);   /* CPU 1's: 42 samples in 1.95 s */
    c = chart_build(f->s, t, GROUP_PID);
    assert_int_equal(chart_lanes(c), 2);
    assert_string_equal(lane_name(c, t, 0), "prog-100");
    assert_int_equal(chart_lane(c, 0)->samples, 80);
    chart_free(c);
    c = chart_build(f->s, t, GROUP_CPU);
    assert_int_equal(chart_lanes(c), 2);
    assert_string_equal(lane_name(c, t, 0), "cpu 1");   /* 42 samples */
    assert_int_equal(chart_lane(c, 0)->skip, 0);       /* the comm is shown */
    chart_free(c);
    chart_free(NULL);
    fix_free(f);
}

/* Lane 0 over the whole time in 40 columns: main across, f then g below it, one box
 * each (identical neighbours merged); the depth cap cuts f and g but says the depth. */
static void boxes_merge_identical_neighbours(void **state)
{
    (void)state;
    struct fix *f = fix_new(NULL);
    const struct chart_box *b;
    size_t n = boxes(f, 0, 0, chart_end_us(f->c), 40, 8);
    b = f->b;
    assert_int_equal(f->depth, 2);
    assert_int_equal(n, 3);
    assert_string_equal(node_name(f->t, b[0].node), "main");
    assert_int_equal(b[0].depth, 0);
    assert_int_equal(b[0].x, 0);
    assert_int_equal(b[0].w, 40);
    assert_string_equal(node_name(f->t, b[1].node), "f");
    assert_int_equal(b[1].x, 0);
    assert_string_equal(node_name(f->t, b[2].node), "g");
    assert_int_equal(b[1].w + b[2].w, 40);
    assert_int_equal(b[2].x, b[1].w);
    assert_true(b[1].w >= 19 && b[1].w <= 21);          /* one second of two */
    assert_true(b[2].from_us >= 950000 && b[2].from_us <= 1010000);
    n = boxes(f, 0, 0, chart_end_us(f->c), 40, 1);
    assert_int_equal(n, 1);
    assert_int_equal(f->depth, 2);
    /* a span inside the first second: f only */
    n = boxes(f, 0, 200000, 400000, 10, 8);
    b = f->b;
    assert_int_equal(n, 2);
    assert_string_equal(node_name(f->t, b[1].node), "f");
    assert_int_equal(b[1].w, 10);
    /* nothing for a lane that does not exist or an empty span */
    assert_int_equal(boxes(f, 9, 0, 100, 10, 8), 0);
    assert_int_equal(boxes(f, 0, 100, 100, 10, 8), 0);
    fix_free(f);
}

/* Thread 103 has two samples 20 ms apart at 0.5 s: a sample lasts up to the next one, at
 * most a period (50 ms), so the lane is empty before 0.5 s and after 0.57 s. */
static void gaps_stay_empty(void **state)
{
    (void)state;
    struct fix *f = fix_new(NULL);
    /* 0 .. 1 s in 100 columns of 10 ms */
    size_t n = boxes(f, 2, 0, 1000000, 100, 8);
    assert_int_equal(n, 1);
    assert_string_equal(node_name(f->t, f->b[0].node), "x");
    assert_int_equal(f->b[0].x, 50);
    assert_int_equal(f->b[0].w, 7);   /* 0.50 .. 0.57 s */
    fix_free(f);
}

/* Records out of time order are drawn in time order. */
static void unsorted_records(void **state)
{
    (void)state;
    struct fix *f = fix_new("aa 1/1 11.000000: 1 cpu-clock: \n\t1 late (/p)\n\n"
                            "aa 1/1 10.000000: 1 cpu-clock: \n\t1 early (/p)\n\n"
                            "aa 1/1 10.500000: 1 cpu-clock: \n\t1 early (/p)\n\n"
                            "aa 1/1 11.500000: 1 cpu-clock: \n\t1 late (/p)\n\n");
    assert_false(samples_sorted(f->s));
    size_t n = boxes(f, 0, 0, chart_end_us(f->c), 20, 8);
    assert_int_equal(n, 2);
    assert_string_equal(node_name(f->t, f->b[0].node), "early");
    assert_int_equal(f->b[0].x, 0);
    assert_string_equal(node_name(f->t, f->b[1].node), "late");
    assert_int_equal(f->b[1].x + f->b[1].w, 20);
    fix_free(f);
}

/* --chart --text: the lanes' label rows, f left of g on one lane, h on another. */
static void text_layout(void **state)
{
    (void)state;
    struct fix *f = fix_new(NULL);
    char *out = NULL;
    size_t len = 0;
    FILE *mf = open_memstream(&out, &len);
    assert_int_equal(chart_print_text(mf, f->s, f->t, GROUP_TID, 0, UINT64_MAX, 40, true), 0);
    fclose(mf);
    assert_string_equal(out, "[prog-100/101  40 samples              ]\n"
                             "[main                                  ]\n"
                             "[f                 ][g                 ]\n"
                             "[prog-100/102  40 samples              ]\n"
                             "[worker                                ]\n"
                             "[h                                     ]\n"
                             "[other-200/103  2 samples              ]\n"
                             "          []\n");
    free(out);
    struct samples *none = samples_new();
    assert_int_equal(chart_print_text(stdout, none, f->t, GROUP_TID, 0, UINT64_MAX, 40, true),
                     1);
    samples_free(none);
    fix_free(f);
}

/* The screen's layout: rows capped per lane, the selection marked, lanes from first. */
static void screen_layout(void **state)
{
    (void)state;
    struct fix *f = fix_new(NULL);
    struct chart_layout_in in = {f->c, f->t, NULL, 0, chart_end_us(f->c), 60, 5, 0, 1, 0, 0,
                                 1500000};
    struct rect_list rl = {0};
    struct chart_rect_src *src = NULL;
    size_t cap = 0;
    size_t shown = chart_layout(&in, &rl, &src, &cap);
    assert_int_equal(shown, 2);        /* 2 + 2 rows of 5; the third lane does not fit */
    assert_int_equal(rl.rows, 4);
    assert_true(rl.more);
    int sel = 0;
    for (size_t i = 0; i < rl.n; i++)
        if (rl.v[i].flags & RECT_SELECTED) {
            sel++;
            assert_int_equal(src[i].lane, 0);
            assert_int_equal(src[i].depth, 0);
        }
    assert_int_equal(sel, 1);
    struct buf b = {0};
    textrender_rows(&rl, 60, &b);
    buf_putc(&b, '\0');
    assert_non_null(strstr(b.p, "(+ deeper frames)"));
    buf_fini(&b);
    in.first_lane = 2;
    in.rows = 0;
    assert_int_equal(chart_layout(&in, &rl, &src, &cap), 1);
    assert_false(rl.more);
    free(src);
    rect_list_free(&rl);
    fix_free(f);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(lanes_by_thread_process_and_cpu),
        cmocka_unit_test(boxes_merge_identical_neighbours),
        cmocka_unit_test(gaps_stay_empty),
        cmocka_unit_test(unsorted_records),
        cmocka_unit_test(text_layout),
        cmocka_unit_test(screen_layout),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
