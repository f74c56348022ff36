/* SPDX-License-Identifier: MIT */
/* flametui - tests/unit/test_parse_perf.c: the perf script parser, piece by piece (header,
 * frame line, tidying, annotations, events), chunked feeding, the threaded collapse, real
 * recorded profiles (tests/data/perf-*.perf) and bad input. The full stackcollapse-perf.pl
 * comparison is tests/compat/perf_corpus.sh. */
#include "config.h"

#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "helpers.h"
#include "input/parse_perf.h"
#include "input/perf_mt.h"
#include "core/trie.h"

/* --- helpers ---------------------------------------------------------------------- */

static char *collapse_opts(const char *text, size_t len, const struct perf_opts *o)
{
    struct trie *t = trie_new(NULL);
    struct perf_parser *p = perf_new(t, o);
    assert_int_equal(perf_feed(p, text, len, true), len);
    char *out = trie_to_collapsed(t);
    perf_free(p);
    trie_free(t);
    return out;
}

static char *collapse(const char *text, const struct perf_opts *o)
{
    return collapse_opts(text, strlen(text), o);
}

#define CHECK(text, opts, expected)                                                        \
    do {                                                                                   \
        char *got_ = collapse(text, opts);                                                 \
        assert_string_equal(got_, expected);                                               \
        free(got_);                                                                        \
    } while (0)

static const struct perf_opts none = {0};

/* --- header lines ------------------------------------------------------------------ */

static void header_comm_pid_tid(void **state)
{
    (void)state;
    const char *in = "java 12688 [002] 6544038.708352: 10 cpu-clock:\n\tf00 main (/bin/x)\n\n"
                     "V8 WorkerThread 24636/25607 [000] 94564.109216: 20 cpu-clock:\n"
                     "\tf00 run (/bin/x)\n\n";
    CHECK(in, &none, "V8_WorkerThread;run 20\njava;main 10\n");
    struct perf_opts pid = {.pid = true};
    CHECK(in, &pid, "V8_WorkerThread-24636;run 20\njava-?;main 10\n");
    struct perf_opts tid = {.tid = true, .pid = true};
    CHECK(in, &tid, "V8_WorkerThread-24636/25607;run 20\njava-?/12688;main 10\n");
}

static void header_misparses(void **state)
{
    (void)state;
    struct perf_opts tid = {.tid = true};
    /* a word of digits ends the comm; a 1-character comm grows; "/0" is not a tid */
    CHECK("worker 0 13066/13068 1.0: 5 cycles:\n\t1 f (m)\n\n", &tid, "worker-?/0;f 5\n");
    CHECK("a 1234 [000] 5.000001: 7 cycles:\n\t1 f (m)\n\n", &tid,
          "a_1234_[000]_5.000001:-?/7;f 7\n");
    CHECK("ab 12/0 1.0: 3 cycles:\n\t1 f (m)\n\n", &tid, "ab-?/12;f 3\n");
    /* the comm runs up to the first blank + digits + blank, whatever it holds */
    CHECK("abc def: 3 cycles:\n\t1 f (m)\n\n", &tid, "abc_def:-?/3;f 3\n");
    /* no digits after the comm: not a header, so its frames have no record */
    CHECK("abc def: cycles:\n\t1 f (m)\n\n", &tid, "");
    /* indented header (perf's no-callchain layout) is not a header either */
    CHECK("   abc 12 1.0: 3 cycles: 1 f (m)\n\n", &none, "");
}

static void header_events_and_periods(void **state)
{
    (void)state;
    const char *in = "p 1 1.0: 100 instructions:\n\t1 f (m)\n\n"
                     "pp 1 1.0: 50 cycles:\n\t1 g (m)\n\n"
                     "pp 1 1.0: 0 instructions:\n\t1 h (m)\n\n"
                     "pp 1 1.0: instructions:\n\t1 i (m)\n\n"
                     "pp 1 event: trace text\n\t1 j (m)\n\n";
    /* default filter: the first event; no period or 0 counts 1; an unparsed event is
     * never filtered */
    CHECK(in, &none, "p_1_1.0:;f 100\npp;h 1\npp;i 1\npp;j 1\n");
    struct perf_opts cyc = {.event_filter = "cycles"};
    CHECK(in, &cyc, "pp;g 50\npp;j 1\n");
    struct perf_opts samples = {.weight_samples = true};
    CHECK(in, &samples, "p_1_1.0:;f 1\npp;h 1\npp;i 1\npp;j 1\n");
    /* modifiers are part of the name */
    struct perf_opts cc = {.event_filter = "cpu-clock"};
    CHECK("pp 1 1.0: 5 cpu-clock:ppp:\n\t1 f (m)\n\n", &cc, "");
    /* sums past 2^64 become Perl doubles */
    CHECK("pp 1 1.0: 18446744073709551615 cycles:\n\t1 f (m)\n\n"
          "pp 1 1.0: 18446744073709551615 cycles:\n\t1 f (m)\n\n",
          &none, "pp;f 3.68934881474191e+19\n");
}

static void header_time(void **state)
{
    (void)state;
    struct trie *t = trie_new(NULL);
    struct perf_parser *p = perf_new(t, &none);
    assert_true(perf_last_time(p) < 0);
    const char *in = "java 12688 [002] 6544038.5: 10 cpu-clock:\n\n";
    perf_feed(p, in, strlen(in), false);
    assert_true(perf_last_time(p) > 6544038.4 && perf_last_time(p) < 6544038.6);
    perf_free(p);
    trie_free(t);
}

/* --- frame lines -------------------------------------------------------------------- */

static void frame_lines(void **state)
{
    (void)state;
    /* the module is after the last " (" that has a ')' after it; an offset goes */
    CHECK("ab 1 1.0:\n\t7f [unknown] (/memfd:x (deleted))\n\tf foo+0x1a (/lib/a.so)\n\n", &none,
          "ab;foo;[unknown]  1\n");
    /* no indentation, tabs, no module (unrecognized, counted) */
    struct trie *t = trie_new(NULL);
    struct perf_parser *p = perf_new(t, &none);
    const char *in = "ab 1 1.0:\nf00 a (m)\n \t f01 b (m)\n\tf02 c\n\n";
    assert_int_equal(perf_feed(p, in, strlen(in), true), strlen(in));
    long first = 0;
    assert_int_equal(perf_skipped(p, &first), 1);
    assert_int_equal(first, 4);
    assert_int_equal(perf_samples(p), 1);
    char *out = trie_to_collapsed(t);
    assert_string_equal(out, "ab;b;a 1\n");
    free(out);
    perf_free(p);
    trie_free(t);
    /* frames without a record are dropped, not counted */
    CHECK("\tf a (m)\n\n", &none, "");
}

static void frame_tidy(void **state)
{
    (void)state;
    CHECK("ab 1 1.0:\n"
          "\t1 std::function<int (int, int)>::operator() (m)\n"
          "\t2 (anonymous namespace)::hidden() (m)\n"
          "\t3 ns::(anonymous namespace)::f(int) (m)\n"
          "\t4 net/http.(*Client).Do (m)\n"
          "\t5 a;b\"c'd (m)\n"
          "\t6 x+0x1F (m)\n"
          "\t7 y+0x10+0x20 (m)\n"
          "\n",
          &none,
          "ab;y+0x10;x+0x1F;a:bcd;net/http.(*Client).Do;ns::(anonymous namespace)::f;"
          "std::function<int  1\n");
}

static void frame_java_and_unknown(void **state)
{
    (void)state;
    const char *in = "java 1 1.0:\n\t1 Lorg/x/Y;::m (/tmp/perf-1.map)\n\t2 LBusy;::main (m)\n"
                     "\t3 [unknown] (/usr/lib/libfoo.so.1)\n\t4 [unknown] ([unknown])\n\n";
    CHECK(in, &none, "java;[unknown];[libfoo.so.1];LBusy:::main;org/x/Y:::m 1\n");
    struct perf_opts addrs = {.addrs = true, .pid = true};
    CHECK(in, &addrs,
          "java-?;[unknown <4>];[libfoo.so.1 <3>];LBusy:::main;org/x/Y:::m 1\n");
    /* not java: the L stays */
    CHECK("go 1 1.0:\n\t1 Lorg/x/Y;::m (m)\n\n", &none, "go;Lorg/x/Y:::m 1\n");
}

static void frame_annotations(void **state)
{
    (void)state;
    const char *in = "ab 1 1.0:\n"
                     "\t1 k1 ([kernel.kallsyms])\n"
                     "\t2 k2 (/boot/vmlinux)\n"
                     "\t3 v (/usr/lib/debug/boot/vmlinux-5.4)\n"
                     "\t4 j1 (/tmp/perf-42.map)\n"
                     "\t5 j2 (/tmp/jitted-1-2.so)\n"
                     "\t6 a->b->c (/lib/x.so)\n"
                     "\t7 u ([unknown])\n"
                     "\n";
    CHECK(in, &none, "ab;u;a;b_[i];c_[i];j2;j1;v;k2;k1 1\n");
    struct perf_opts all = {.kernel = true, .jit = true};
    CHECK(in, &all, "ab;u;a;b_[i];c_[i];j2;j1_[j];v;k2_[k];k1_[k] 1\n");
}

static void records_and_lines(void **state)
{
    (void)state;
    /* no final blank line: the last record is dropped */
    CHECK("ab 1 1.0:\n\t1 f (m)\n\nab 1 1.0:\n\t1 g (m)\n", &none, "ab;f 1\n");
    /* whitespace-only and CRLF lines do not end a record: the next record's frames go
     * in front, under the next record's comm and period */
    CHECK("ab 1 1.0:\n\t1 f (m)\n \nab 2 1.0: 7 e:\n\t1 g (m)\n\n", &none, "ab;g;f 7\n");
    CHECK("ab 1 1.0:\r\n\t1 f (m)\r\n\r\ncd 2 1.0:\r\n\t1 g (m)\r\n\r\n\n", &none,
          "cd;g;f 1\n");
    /* comments anywhere, a header directly followed by a blank line */
    CHECK("# hi\nab 1 1.0:\n# x\n\t1 f (m)\n\ncd 2 1.0:\n\n", &none, "ab;f 1\ncd 1\n");
    /* a comm holding ';' is two frames of the output line (and merges with them) */
    CHECK("a;b 1 1.0:\n\t1 f (m)\n\nab 1 1.0:\n\n", &none, "a;b;f 1\nab 1\n");
    CHECK("", &none, "");
}

static void srcline_lines(void **state)
{
    (void)state;
    struct perf_opts o = {.srcline = true};
    CHECK("ab 1 1.0:\n\t1 f+0x1 (m)\n  f.c:3 [x]\n\t2 [unknown] ([unknown])\n\t3 main (m)\n"
          "  main.c:9\n\n",
          &o, "ab;main:main.c:9;[unknown];f:f.c:3 1\n");
    /* perf prints no source line after a frame without debug information: the next
     * frame line, or the blank line that ends the record, is not one */
    CHECK("ab 1 1.0:\n\t1 f (m)\n\t2 g (m)\n  g.c:2\n\n", &o, "ab;g:g.c:2;f 1\n");
    CHECK("ab 1 1.0:\n\t1 f (m)\n  f.c:1\n\t2 g (m)\n\ncd 1 1.0:\n\t3 h (m)\n\n", &o,
          "ab;g;f:f.c:1 1\ncd;h 1\n");
    /* a frame line after a tab, whatever follows the tab */
    CHECK("ab 1 1.0:\n\t1 f (m)\n\tmain g (m)\n\n", &o, "ab;g;f 1\n");
    /* frame lines after spaces only: an address and a space after the indent */
    CHECK("ab 1 1.0:\n   1f f (m)\n   2a g (m)\n  abc.c:4\n\n", &o, "ab;g:abc.c:4;f 1\n");
    /* a kernel frame's "[kernel.kallsyms][ADDR]" is its source line */
    CHECK("ab 1 1.0:\n\tffffffff81000d62 k+0x22 ([kernel.kallsyms])\n"
          "  [kernel.kallsyms][ffffffff81000d62]\n\t1 main (m)\n\n", &o, "ab;main;k 1\n");
    /* the source line of a frame line not recognized (an inlined frame without a
     * module) is not a frame */
    CHECK("ab 1 1.0:\n\t1 f+0x1\n  f.c:3 (inlined)\n\t2 g (m)\n  g.c:1\n\n", &o,
          "ab;g:g.c:1 1\n");
}

/* A real perf 6.1 `perf script -F +srcline` recording with frames without debug
 * information (tests/data/src/srcline): --srcline keeps every sample. */
static void srcline_keeps_samples(void **state)
{
    (void)state;
    size_t len;
    char *in = test_read_data("perf-srcline-nodebug.perf", &len);
    struct perf_opts off = {.weight_samples = true}, on = {.weight_samples = true, .srcline = true};
    struct trie *t = trie_new(NULL), *u = trie_new(NULL);
    struct perf_parser *p = perf_new(t, &off), *q = perf_new(u, &on);
    assert_int_equal(perf_feed(p, in, len, true), len);
    assert_int_equal(perf_feed(q, in, len, true), len);
    assert_int_equal(perf_samples(p), 131);
    assert_int_equal(perf_samples(q), 131);
    assert_int_equal(trie_total(u, TRIE_ROOT).u, 131);
    long first;
    assert_int_equal(perf_skipped(q, &first), 0);
    assert_int_not_equal(trie_node_at(u, "sls;[unknown];__do_global_dtors_aux:crtstuff.c:0;"
                                         "__libc_start_call_main:libc-start.o:0;nd_spin"),
                         UINT32_MAX);
    perf_free(p);
    perf_free(q);
    trie_free(t);
    trie_free(u);
    free(in);
}

static void line_cache(void **state)
{
    (void)state;
    /* the same line gives another name under a java comm, and a dropped frame stays
     * dropped when it repeats */
    CHECK("java 1 1.0:\n\t1 Lx/y;::m (m)\n\t2 (anonymous namespace)::f (m)\n\n"
          "perl 1 1.0:\n\t1 Lx/y;::m (m)\n\t2 (anonymous namespace)::f (m)\n\n"
          "java 1 1.0:\n\t1 Lx/y;::m (m)\n\t2 (anonymous namespace)::f (m)\n\n",
          &none, "java;x/y:::m 2\nperl;Lx/y:::m 1\n");
    /* more distinct lines than the cache holds (its arena empties at record ends) */
    struct buf b = {0};
    for (int r = 0; r < 2; r++)
        for (int i = 0; i < 40000; i++)
            buf_printf(&b, "pp 1 1.0: 1 c:\n\t%d f%d_%0200d (m)\n\t1 main (m)\n\n", i, i, i);
    struct trie *t = trie_new(NULL);
    struct perf_parser *p = perf_new(t, &none);
    assert_int_equal(perf_feed(p, b.p, b.len, true), b.len);
    assert_int_equal(perf_samples(p), 80000);
    assert_int_equal(trie_size(t), 1 + 1 + 1 + 40000);
    char path[300];
    snprintf(path, sizeof path, "pp;main;f7_%0200d", 7);
    uint32_t node = trie_node_at(t, path);
    assert_int_not_equal(node, UINT32_MAX);
    assert_int_equal(trie_self(t, node).u, 2);
    perf_free(p);
    trie_free(t);
    buf_fini(&b);
}

/* --- chunked feeding ---------------------------------------------------------------- */

static char *feed_split(const char *in, size_t len, size_t split, const struct perf_opts *o)
{
    struct trie *t = trie_new(NULL);
    struct perf_parser *p = perf_new(t, o);
    size_t used = perf_feed(p, in, split, false);
    assert_true(used <= split);
    used += perf_feed(p, in + used, len - used, true);
    assert_int_equal(used, len);
    char *out = trie_to_collapsed(t);
    perf_free(p);
    trie_free(t);
    return out;
}

static void chunked_every_split(void **state)
{
    (void)state;
    const char *in = "# c\nV8 Worker 1/2 [000] 1.5: 3 cycles:\n\t1 a->b (/tmp/perf-1.map)\n"
                     "  x.c:1\n\t2 [unknown] ([unknown])\n\t3 main+0x1 ([kernel.kallsyms])\n"
                     "\n\n \nq 5 1.0: 2 cycles:\n\t9 z (m)\n\nlast 1 1.0:\n\t1 f (m)";
    size_t len = strlen(in);
    struct perf_opts variants[] = {{0}, {.tid = true, .kernel = true, .jit = true},
                                   {.srcline = true, .addrs = true}};
    for (size_t v = 0; v < FT_ARRAY_LEN(variants); v++) {
        char *whole = collapse(in, &variants[v]);
        assert_true(whole[0] != '\0');
        for (size_t split = 0; split <= len; split++) {
            char *got = feed_split(in, len, split, &variants[v]);
            assert_string_equal(got, whole);
            free(got);
        }
        free(whole);
    }
}

static void chunked_real_profile(void **state)
{
    (void)state;
    size_t len;
    char *in = test_read_data("perf-srcline.perf", &len);
    struct perf_opts o = {.srcline = true};
    char *whole = collapse_opts(in, len, &o);
    for (size_t split = 0; split <= len; split += 997) {
        char *got = feed_split(in, len, split, &o);
        assert_string_equal(got, whole);
        free(got);
    }
    /* byte-at-a-time, as a slow pipe gives it */
    struct trie *t = trie_new(NULL);
    struct perf_parser *p = perf_new(t, &o);
    size_t start = 0;
    for (size_t avail = 1; avail <= len; avail++)
        start += perf_feed(p, in + start, avail - start, false);
    start += perf_feed(p, in + start, len - start, true);
    assert_int_equal(start, len);
    char *got = trie_to_collapsed(t);
    assert_string_equal(got, whole);
    free(got);
    perf_free(p);
    trie_free(t);
    free(whole);
    free(in);
}

/* --- recorded profiles and the threaded path ----------------------------------------- */

static void recorded_profiles(void **state)
{
    (void)state;
    const char *files[] = {"perf-threads.perf", "perf-kernel.perf", "perf-dwarf.perf",
                           "perf-python.perf", "perf-srcline.perf"};
    for (size_t i = 0; i < FT_ARRAY_LEN(files); i++) {
        size_t len;
        char *in = test_read_data(files[i], &len);
        assert_true(perf_sniff(in, len < 4096 ? len : 4096));
        struct perf_opts o = {.tid = true, .kernel = true, .jit = true};
        struct trie *t = trie_new(NULL);
        struct perf_parser *p = perf_new(t, &o);
        perf_feed(p, in, len, true);
        size_t blank = 0;
        for (size_t k = 1; k < len; k++)
            blank += in[k] == '\n' && in[k - 1] == '\n';
        /* every record of these files ends with a blank line */
        assert_int_equal(perf_samples(p), blank);
        char *single = trie_to_collapsed(t);
        perf_free(p);
        for (int n = 2; n <= 5; n++) {
            struct trie *t2 = trie_new(NULL);
            struct perf_mt_stats st;
            assert_int_equal(perf_parse_buffer_mt(t2, &o, in, len, n, false, &st), 0);
            assert_int_equal(st.samples, blank);
            char *multi = trie_to_collapsed(t2);
            assert_string_equal(multi, single);
            free(multi);
            trie_free(t2);
        }
        free(single);
        trie_free(t);
        free(in);
    }
}

static void recorded_kernel_threads(void **state)
{
    (void)state;
    size_t len;
    char *in = test_read_data("perf-kernel.perf", &len);
    struct perf_opts k = {.kernel = true};
    char *out = collapse_opts(in, len, &k);
    assert_non_null(strstr(out, "do_syscall_64_[k];"));
    assert_null(strstr(out, "+0x"));
    free(out);
    free(in);

    in = test_read_data("perf-threads.perf", &len);
    struct perf_opts tid = {.tid = true};
    out = collapse_opts(in, len, &tid);
    /* the worker threads of one process: same pid, several tids */
    size_t threads = 0;
    char seen[8][64];
    for (char *line = out; *line; line = strchr(line, '\n') + 1) {
        char name[64];
        size_t n = strcspn(line, ";");
        if (n >= sizeof name)
            continue;
        memcpy(name, line, n);
        name[n] = '\0';
        size_t j = 0;
        while (j < threads && strcmp(seen[j], name))
            j++;
        if (j == threads && threads < 8)
            strcpy(seen[threads++], name);
    }
    assert_true(threads >= 3);
    free(out);
    free(in);
}

static void mt_event_filter_is_global(void **state)
{
    (void)state;
    /* the first event of the whole input decides, even for the later parts */
    struct buf b = {0};
    for (int i = 0; i < 3000; i++)
        buf_printf(&b, "p%d 1 1.0: 1 %s:\n\t1 f (m)\n\n", i % 3, i == 0 ? "cycles" : "instr");
    buf_printf(&b, "pp 1 1.0: 1 cycles:\n\t1 g (m)\n\n");
    for (int n = 1; n <= 4; n++) {
        struct trie *t = trie_new(NULL);
        struct perf_mt_stats st;
        perf_parse_buffer_mt(t, &none, b.p, b.len, n, false, &st);
        char *out = trie_to_collapsed(t);
        assert_string_equal(out, "p0;f 1\npp;g 1\n");
        assert_int_equal(st.samples, 2);
        free(out);
        trie_free(t);
    }
    buf_fini(&b);

    /* an event name holding a NUL byte (found by fuzzing) */
    static const char nul[] = "pp 2 : \001\000:\n\t1 f (m)\n\n";
    for (int n = 1; n <= 2; n++) {
        struct trie *t = trie_new(NULL);
        perf_parse_buffer_mt(t, &none, nul, sizeof nul - 1, n, false, NULL);
        char *out = trie_to_collapsed(t);
        assert_string_equal(out, "pp;f 1\n");
        free(out);
        trie_free(t);
    }
}

/* --- bad input ---------------------------------------------------------------------- */

static void bad_truncated_and_huge(void **state)
{
    (void)state;
    /* truncated record and a header cut in the middle */
    CHECK("ab 1 1.0:\n\t1 f (m)\n\nab 1 1.0:\n\t1 g (", &none, "ab;f 1\n");
    CHECK("ab 1 1.0:\n\t1 f (m)\n\nab", &none, "ab;f 1\n");

    /* a 10 MB line, in the middle of a record and as a frame name */
    size_t big = 10u << 20;
    struct buf b = {0};
    buf_printf(&b, "ab 1 1.0:\n\t1 ");
    buf_reserve(&b, big);
    memset(b.p + b.len, 'x', big);
    b.len += big;
    buf_printf(&b, " (m)\n\t");
    buf_reserve(&b, big);
    memset(b.p + b.len, ' ', big);
    b.len += big;
    buf_printf(&b, "\n\n");
    struct trie *t = trie_new(NULL);
    struct perf_parser *p = perf_new(t, &none);
    assert_int_equal(perf_feed(p, b.p, b.len, true), b.len);
    assert_int_equal(perf_samples(p), 1);
    assert_int_equal(perf_skipped(p, NULL), 1);
    assert_int_equal(trie_max_depth(t), 2);
    perf_free(p);
    trie_free(t);

    /* a 100k-frame stack */
    b.len = 0;
    buf_printf(&b, "deep 1 1.0:\n");
    for (int i = 0; i < 100000; i++)
        buf_printf(&b, "\t%x f%d (m)\n", i, i % 7);
    buf_printf(&b, "\n");
    t = trie_new(NULL);
    p = perf_new(t, &none);
    assert_int_equal(perf_feed(p, b.p, b.len, true), b.len);
    assert_int_equal(trie_max_depth(t), 100001);
    perf_free(p);
    trie_free(t);
    buf_fini(&b);
}

static void bad_binary_garbage(void **state)
{
    (void)state;
    unsigned seed = 12345;
    size_t len = 1u << 20;
    char *g = malloc(len);
    for (int round = 0; round < 3; round++) {
        for (size_t i = 0; i < len; i++) {
            seed = seed * 1103515245 + 12345;
            unsigned r = seed >> 16;
            /* mostly bytes, with enough structure to reach the deeper paths */
            const char alpha[] = " \t\n\n(()0123456789ab:/;->[unknown]x";
            g[i] = round == 0 ? (char)r : alpha[r % (sizeof alpha - 1)];
        }
        struct perf_opts o = {.srcline = round == 2, .tid = true, .kernel = true, .jit = true};
        struct trie *t = trie_new(NULL);
        struct perf_parser *p = perf_new(t, &o);
        size_t start = 0;
        for (size_t avail = 4096; avail < len; avail += 4096)
            start += perf_feed(p, g + start, avail - start, false);
        start += perf_feed(p, g + start, len - start, true);
        assert_int_equal(start, len);
        perf_free(p);
        struct trie *t2 = trie_new(NULL);
        if (!o.srcline) {
            perf_parse_buffer_mt(t2, &o, g, len, 3, false, NULL);
            char *a = trie_to_collapsed(t), *b = trie_to_collapsed(t2);
            assert_string_equal(a, b);
            free(a);
            free(b);
        }
        trie_free(t2);
        trie_free(t);
        (void)perf_sniff(g, len);
    }
    free(g);
}

static void sniffing(void **state)
{
    (void)state;
    const char *perf1 = "# comment\n\nperf 123 [000] 1.0: 1 cycles:\n\t1 f (m)\n";
    const char *perf2 = "java 19983 cycles:\nffffffff8103d0ca native ([kernel.kallsyms])\n";
    assert_true(perf_sniff(perf1, strlen(perf1)));
    assert_true(perf_sniff(perf2, strlen(perf2)));
    const char *folded[] = {"main;a;b 3\nmain;c 1\n", "a b 1 2\nc 3\n", "", "# x: y\n\nf 1\n"};
    for (size_t i = 0; i < FT_ARRAY_LEN(folded); i++)
        assert_false(perf_sniff(folded[i], strlen(folded[i])));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(header_comm_pid_tid),
        cmocka_unit_test(header_misparses),
        cmocka_unit_test(header_events_and_periods),
        cmocka_unit_test(header_time),
        cmocka_unit_test(frame_lines),
        cmocka_unit_test(frame_tidy),
        cmocka_unit_test(frame_java_and_unknown),
        cmocka_unit_test(frame_annotations),
        cmocka_unit_test(records_and_lines),
        cmocka_unit_test(srcline_lines),
        cmocka_unit_test(srcline_keeps_samples),
        cmocka_unit_test(line_cache),
        cmocka_unit_test(chunked_every_split),
        cmocka_unit_test(chunked_real_profile),
        cmocka_unit_test(recorded_profiles),
        cmocka_unit_test(recorded_kernel_threads),
        cmocka_unit_test(mt_event_filter_is_global),
        cmocka_unit_test(bad_truncated_and_huge),
        cmocka_unit_test(bad_binary_garbage),
        cmocka_unit_test(sniffing),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
