/* SPDX-License-Identifier: MIT */
/* flametui - unit tests: the status line fitted to 40, 80 and 200 columns (no number is
 * ever cut: tests/data/status.golden), units of perf input (samples and the weighted
 * total: cpu-clock periods are nanoseconds), short/full names (L), the detail pane (d)
 * and the event switch request (e).
 * STATUS_GOLDEN_WRITE=FILE writes the golden file instead of comparing (on purpose only). */
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

#include "core/count.h"
#include "core/strtab.h"
#include "core/trie.h"
#include "helpers.h"
#include "render/label.h"
#include "ui/app.h"
#include "ui/keymap.h"

#define DFS "std::__detail::_Executor<__gnu_cxx::__normal_iterator<char const*, " \
            "std::__cxx11::basic_string<char, std::char_traits<char>, std::allocator<char> " \
            "> >, std::allocator<std::__cxx11::sub_match<__gnu_cxx::__normal_iterator<char " \
            "const*, std::__cxx11::basic_string<char, std::char_traits<char>, " \
            "std::allocator<char> > > > >, std::__cxx11::regex_traits<char>, true>::_M_dfs"

/* A perf profile of cpu-clock: 2,700 samples of 1,001,001 ns each (2.70 s), and 300
 * samples of task-clock the viewer does not show. */
static struct trie *profile(void)
{
    struct trie *t = trie_new(NULL);
    trie_insert_path(t, "re|main|" DFS, '|', 2000ull * 1001001);
    trie_insert_path(t, "re|main|std::_Rb_tree_insert_and_rebalance", '|', 51ull * 1001001);
    trie_insert_path(t, "re|main", '|', 649ull * 1001001);
    return t;
}

static void set_perf(struct app *a, uint64_t samples, bool live)
{
    struct live_status st = {0};
    st.live = live ? UI_LIVE_ON : UI_LIVE_NONE;
    st.rate = 994;
    st.mbps = 1.5;
    snprintf(st.events[0].name, sizeof(st.events[0].name), "cpu-clock:pppH");
    st.events[0].samples = samples;
    snprintf(st.events[1].name, sizeof(st.events[1].name), "task-clock");
    st.events[1].samples = 300;
    st.nevents = 2;
    app_set_live(a, &st);
}

/* One line: "WIDTH|left+info|right", after checking that it fits. */
static void line(struct app *a, int cols, struct buf *out)
{
    struct buf l = {0}, i = {0}, r = {0};
    app_status_fit(a, cols, &l, &i, &r);
    int w = label_width(l.p ? l.p : "", l.len, LABEL_UTF8) +
            label_width(i.p ? i.p : "", i.len, LABEL_UTF8);
    int rw = label_width(r.p ? r.p : "", r.len, LABEL_UTF8);
    if (w + (rw ? rw + 1 : 0) > cols)
        fail_msg("%d columns: %.*s%.*s | %.*s does not fit", cols, (int)l.len, l.p, (int)i.len,
                 i.p, (int)r.len, r.p);
    buf_printf(out, "%3d|%.*s%.*s|%.*s\n", cols, (int)l.len, l.p ? l.p : "", (int)i.len,
               i.p ? i.p : "", (int)r.len, r.p ? r.p : "");
    buf_fini(&l);
    buf_fini(&i);
    buf_fini(&r);
}

static void widths(struct app *a, const char *what, struct buf *out)
{
    static const int w[] = {40, 80, 200};
    buf_printf(out, "# %s\n", what);
    for (size_t k = 0; k < 3; k++)
        line(a, w[k], out);
}

static void status_golden(void **state)
{
    (void)state;
    struct trie *t = profile();
    struct app a;
    struct buf out = {0};
    struct ft_error err;
    app_init(&a, t, "/tmp/cpp.perf");
    app_resize(&a, 200, 30);
    app_update(&a);
    app_layout(&a);
    widths(&a, "folded: the root", &out);
    app_select(&a, trie_node_at_sep(t, "re|main|" DFS, '|'));
    widths(&a, "folded: a long C++ name, short names", &out);
    app_handle(&a, ACT_NAMES);
    a.msg[0] = '\0';
    widths(&a, "folded: full names (L)", &out);
    app_handle(&a, ACT_NAMES);
    a.msg[0] = '\0';
    set_perf(&a, 2700, false);
    widths(&a, "perf cpu-clock: weights are nanoseconds", &out);
    app_select(&a, trie_node_at_sep(t, "re|main", '|'));
    app_handle(&a, ACT_ZOOM_IN);
    app_update(&a);
    app_layout(&a);
    app_select(&a, trie_node_at_sep(t, "re|main|std::_Rb_tree_insert_and_rebalance", '|'));
    widths(&a, "perf: zoomed", &out);
    assert_int_equal(app_set_search(&a, "_Rb_tree|_M_dfs", &err), 0);
    set_perf(&a, 2700, true);
    widths(&a, "perf: zoomed, search, live", &out);
    app_set_search(&a, NULL, NULL);
    set_perf(&a, 2700, false);
    app_handle(&a, ACT_CALLERS);   /* the sandwich: the function over all samples */
    app_update(&a);
    app_layout(&a);
    widths(&a, "perf: the sandwich of a function", &out);
    app_fini(&a);
    trie_free(t);
    /* big plain counts: grouped, or compact where space is short */
    t = trie_new(NULL);
    trie_insert_path(t, "java|java.lang.String Bench.buildReport_[j]", '|', 2702702700ull);
    trie_insert_path(t, "java|void java.util.ComparableTimSort.mergeLo_[j]", '|', 51051051ull);
    trie_insert_path(t, "java", '|', 1);
    app_init(&a, t, "java.folded");
    app_resize(&a, 200, 30);
    app_update(&a);
    app_layout(&a);
    app_select(&a, trie_node_at_sep(t, "java|java.lang.String Bench.buildReport_[j]", '|'));
    widths(&a, "folded: big counts, Java", &out);
    app_select(&a, trie_node_at_sep(t, "java", '|'));
    widths(&a, "folded: self 1", &out);
    app_handle(&a, ACT_TOP);
    app_update(&a);
    widths(&a, "table: the first row", &out);
    buf_printf(&out, "# table rows: grouped, compact when wider than the column\n");
    for (size_t i = 0; app_top_line(&a, i, &out); i++)
        buf_putc(&out, '\n');
    app_fini(&a);
    trie_free(t);
    t = NULL;

    const char *top = getenv("top_srcdir"), *wr = getenv("STATUS_GOLDEN_WRITE");
    char path[1024];
    snprintf(path, sizeof(path), "%s/tests/data/status.golden", top ? top : ".");
    if (wr) {
        FILE *f = fopen(wr, "w");
        assert_non_null(f);
        fwrite(out.p, 1, out.len, f);
        fclose(f);
    } else {
        FILE *f = fopen(path, "r");
        if (!f)
            fail_msg("cannot open %s (set top_srcdir)", path);
        static char want[65536];
        size_t n = fread(want, 1, sizeof(want) - 1, f);
        fclose(f);
        want[n] = '\0';
        buf_putc(&out, '\0');
        assert_string_equal(out.p, want);
    }
    buf_fini(&out);
}

static void title_and_units(void **state)
{
    (void)state;
    struct trie *t = profile();
    struct app a;
    struct buf l = {0}, r = {0};
    app_init(&a, t, "/tmp/cpp.perf");
    app_resize(&a, 200, 30);
    set_perf(&a, 2700, false);
    app_title(&a, &l, &r);
    buf_putc(&l, '\0');
    assert_non_null(strstr(l.p, "cpp.perf  2,700 samples, 2.70 s  cpu-clock (1 other event: "
                                "300 samples, e shows)"));
    /* every period 1: the weights are the samples */
    struct trie *t1 = trie_new(NULL);
    trie_insert_path(t1, "a", '|', 1);
    struct app b;
    app_init(&b, t1, "one.perf");
    struct live_status st = {0};
    snprintf(st.events[0].name, sizeof(st.events[0].name), "cycles");
    st.events[0].samples = 1;
    st.nevents = 1;
    app_set_live(&b, &st);
    l.len = 0;
    app_title(&b, &l, &r);
    buf_putc(&l, '\0');
    assert_non_null(strstr(l.p, "one.perf  1 sample  cycles  flame"));
    /* e: only one event */
    assert_int_equal(app_handle(&b, ACT_EVENT), RE_REDRAW);
    assert_string_equal(app_event_request(&b), "");
    assert_string_equal(b.msg, "only one event in this input");
    app_fini(&b);
    trie_free(t1);
    /* e with two events: the event loop is asked to read task-clock */
    app_handle(&a, ACT_EVENT);
    assert_string_equal(app_event_request(&a), "task-clock");
    app_event_done(&a, "");
    assert_string_equal(app_event_request(&a), "");
    buf_fini(&l);
    buf_fini(&r);
    app_fini(&a);
    trie_free(t);
}

static void detail_pane(void **state)
{
    (void)state;
    struct trie *t = profile();
    struct app a;
    struct buf d = {0};
    app_init(&a, t, "/tmp/cpp.perf");
    app_resize(&a, 80, 30);
    set_perf(&a, 2700, false);
    app_update(&a);
    app_layout(&a);
    app_select(&a, trie_node_at_sep(t, "re|main|" DFS, '|'));
    app_detail_text(&a, 60, &d);
    assert_int_equal(d.len, 0);   /* closed */
    assert_false(app_detail_open(&a));
    assert_int_equal(app_handle(&a, ACT_DETAIL), RE_REDRAW);
    assert_true(app_detail_open(&a));
    app_detail_text(&a, 60, &d);
    buf_putc(&d, '\0');
    /* the full name, wrapped at 60 columns: joined again it is the whole name */
    struct buf joined = {0};
    const char *p = d.p;
    int lines = 0;
    while (lines < 100) {
        const char *nl = strchr(p, '\n');
        assert_non_null(nl);
        assert_true(nl - p <= 60);
        buf_append(&joined, p, (size_t)(nl - p));
        p = nl + 1;
        lines++;
        if (joined.len >= strlen(DFS))
            break;
    }
    buf_putc(&joined, '\0');
    assert_string_equal(joined.p, DFS);
    assert_non_null(strstr(p, "total 2.00 s"));
    assert_non_null(strstr(p, "74.07% of all"));
    assert_non_null(strstr(p, "74.07% of parent"));
    assert_non_null(strstr(p, "self 2.00 s (74.07%)"));
    assert_non_null(strstr(p, "depth 3"));
    assert_non_null(strstr(p, "event cpu-clock"));
    /* no line wider than asked, even for the items */
    for (const char *q = d.p; *q;) {
        const char *nl = strchr(q, '\n');
        assert_true(nl - q <= 60);
        q = nl + 1;
    }
    /* the table's selected row: the full name too */
    app_handle(&a, ACT_TOP);
    app_update(&a);
    d.len = 0;
    app_detail_text(&a, 400, &d);
    buf_putc(&d, '\0');
    assert_true(strncmp(d.p, DFS "\n", strlen(DFS) + 1) == 0);
    assert_non_null(strstr(d.p, "total 2.00 s (74.07% of all)  self 2.00 s (74.07%)"));
    assert_non_null(strstr(d.p, "merged over every call site"));
    buf_fini(&joined);
    buf_fini(&d);
    app_fini(&a);
    trie_free(t);
}

int main(void)
{
    setlocale(LC_ALL, "");   /* make check: C.UTF-8 */
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(status_golden),
        cmocka_unit_test(title_and_units),
        cmocka_unit_test(detail_pane),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
