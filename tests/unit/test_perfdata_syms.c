/* SPDX-License-Identifier: MIT */
/* flametui - tests/unit/test_perfdata_syms.c: the symbol tables of the native perf.data
 * reader (perfdata_sym.c) answer an address as perf does: from a red-black tree keyed by
 * start (equal starts to the right), the first node on the search path holding the
 * address. Where symbols overlap that depends on the tree's shape, which is probed here
 * through perf-PID.map files (taken as they are: no ends fixed, no duplicates dropped):
 * one symbol made to cover every later start answers for a later symbol exactly when it
 * is on that symbol's search path, i.e. one of its ancestors. The shapes are those of
 * the Linux rbtree (perf's) after inserting the keys in the order given. */
#include "config.h"

#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "input/perfdata.h"

/* a perf map file of the lines given, read */
static struct pd_syms *perfmap(const char *text)
{
    char path[] = "/tmp/flametui-perfmap.XXXXXX";
    int fd = mkstemp(path);
    assert_true(fd >= 0);
    size_t n = strlen(text);
    assert_int_equal(write(fd, text, n), (ssize_t)n);
    close(fd);
    struct pd_syms *s = pd_syms_perfmap(path);
    unlink(path);
    return s;
}

static void assert_find(const struct pd_syms *s, uint64_t addr, const char *want)
{
    uint64_t start = 0;
    const char *got = pd_syms_find(s, addr, &start);
    if (!want) {
        assert_null(got);
        return;
    }
    assert_non_null(got);
    assert_string_equal(got, want);
}

/* keys[0..n) inserted in that order (symbol k at 0x1000*k, 0x10 long, "sK"); anc[k]:
 * the bits of k's ancestors with smaller keys */
static void check_shape(const int *keys, size_t n, const uint32_t *anc)
{
    for (size_t i = 0; i < n; i++) {
        int a = keys[i];
        char text[4096] = "";
        for (size_t j = 0; j < n; j++) {
            char line[64];
            snprintf(line, sizeof line, "%x %x s%d\n", 0x1000 * keys[j],
                     keys[j] == a ? 0x100000 : 0x10, keys[j]);
            strcat(text, line);
        }
        struct pd_syms *s = perfmap(text);
        for (size_t j = 0; j < n; j++) {
            int b = keys[j];
            if (b <= a)
                continue;
            char want[16];
            snprintf(want, sizeof want, "s%d", anc[b] & (1u << a) ? a : b);
            assert_find(s, 0x1000u * (unsigned)b + 8, want);
        }
        pd_syms_free(s);
    }
}

#define BIT(k) (1u << (k))

/* ascending: the fix-ups of the right side (uncle red: recolour; outer: rotate) */
static void test_shape_ascending(void **state)
{
    (void)state;
    static const int keys[] = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12};
    uint32_t anc[13] = {0};
    anc[3] = BIT(2);
    anc[5] = anc[6] = anc[8] = BIT(4);
    anc[7] = BIT(4) | BIT(6);
    anc[9] = anc[10] = BIT(4) | BIT(8);
    anc[11] = BIT(4) | BIT(8) | BIT(10);
    anc[12] = BIT(4) | BIT(8) | BIT(10) | BIT(11);
    check_shape(keys, 12, anc);
}

/* descending: the left side's */
static void test_shape_descending(void **state)
{
    (void)state;
    static const int keys[] = {12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1};
    uint32_t anc[13] = {0};
    anc[4] = BIT(3);
    anc[6] = anc[7] = BIT(5);
    anc[8] = BIT(5) | BIT(7);
    anc[10] = anc[11] = BIT(9);
    anc[12] = BIT(9) | BIT(11);
    check_shape(keys, 12, anc);
}

/* shuffled: inner nodes rotated twice, both sides */
static void test_shape_mixed(void **state)
{
    (void)state;
    static const int keys[] = {4, 15, 8, 10, 14, 12, 5, 6, 13, 9, 2, 1, 16, 7, 3, 11};
    uint32_t anc[17] = {0};
    anc[3] = anc[4] = BIT(2);
    anc[6] = BIT(5);
    anc[7] = BIT(5) | BIT(6);
    anc[8] = BIT(5);
    anc[9] = anc[10] = BIT(5) | BIT(8);
    anc[11] = BIT(5) | BIT(8) | BIT(10);
    anc[13] = anc[14] = BIT(12);
    anc[15] = BIT(12) | BIT(14);
    anc[16] = BIT(12) | BIT(14) | BIT(15);
    check_shape(keys, 16, anc);
}

/* nested symbols: the one met first from the root, not the innermost */
static void test_nested(void **state)
{
    (void)state;
    struct pd_syms *s = perfmap("1000 1000 outer\n1800 100 inner\n");
    assert_find(s, 0x1850, "outer");   /* outer is the root */
    assert_find(s, 0x1fff, "outer");
    assert_find(s, 0x2000, NULL);
    pd_syms_free(s);
    s = perfmap("1800 100 inner\n1000 1000 outer\n");
    assert_find(s, 0x1850, "inner");   /* inner is the root */
    assert_find(s, 0x1900, NULL);      /* past the root's end: its right, empty */
    assert_find(s, 0x1000, "outer");
    pd_syms_free(s);
}

/* a perf map as it is: of two entries at one address, the one nearer the root (the
 * second goes to the first one's right, and moves up when a third one rotates the
 * tree); a zero-size entry holds its own address only */
static void test_perfmap_raw(void **state)
{
    (void)state;
    struct pd_syms *s = perfmap("1000 10 first\n1000 10 second_longer\n");
    assert_find(s, 0x1008, "first");
    pd_syms_free(s);
    s = perfmap("1000 10 first\n1000 10 second_longer\n2000 0 zero\n");
    assert_find(s, 0x1008, "second_longer");
    assert_find(s, 0x2000, "zero");
    assert_find(s, 0x2001, NULL);
    uint64_t lo, hi;
    pd_syms_span(s, &lo, &hi);
    assert_int_equal(lo, 0x1000);
    assert_int_equal(hi, 0x2000);
    pd_syms_free(s);
}

/* Random perf maps (nested, overlapping, zero-size and equal starts, gaps): the spans'
 * answer is the walk's for every address tried, and every address of the range
 * pd_syms_find_in gives gets the same answer. */
static void test_spans_match_walk(void **state)
{
    (void)state;
    uint64_t r = 0x9e3779b97f4a7c15ull;
    for (int round = 0; round < 60; round++) {
        char text[1 << 15] = "";
        size_t len = 0;
        int nsym = 1 + round * 3 % 150;
        for (int i = 0; i < nsym; i++) {
            r = r * 6364136223846793005ull + 1442695040888963407ull;
            unsigned start = (unsigned)(r >> 33) % 0x4000, size = (unsigned)(r >> 20) % 5 == 0 ? 0
                             : (unsigned)(r >> 40) % (round % 3 == 0 ? 0x40 : 0x400);
            len += (size_t)snprintf(text + len, sizeof text - len, "%x %x s%d\n", start, size, i);
        }
        struct pd_syms *s = perfmap(text);
        for (uint64_t a = 0; a < 0x4500; a += 1 + (a * 7 % 5)) {
            uint64_t st1 = 0, st2 = 0, lo, hi;
            const char *want = pd_syms_walk(s, a, &st1);
            const char *got = pd_syms_find_in(s, a, &st2, &lo, &hi);
            assert_true(want == got);   /* the same node's name */
            if (want)
                assert_int_equal(st1, st2);
            assert_true(lo <= a && a < hi);
            uint64_t probe[3] = {lo, hi - 1, lo + (hi - lo) / 2};
            for (int k = 0; k < 3; k++) {
                if (probe[k] > 0x5000)
                    continue;
                uint64_t st3 = 0;
                assert_true(pd_syms_walk(s, probe[k], &st3) == want);
            }
        }
        pd_syms_free(s);
    }
}

/* --srcline of a frame in a perf map (no line to be found there): the dso's short name
 * as perf makes it for /tmp/perf-PID.map, "[JIT] tid PID", then the address. */
static void test_srcline_jit_name(void **state)
{
    (void)state;
    struct pd_lines *ln = pd_lines_new();
    const char *src = pd_lines_srcline(ln, "/tmp/perf-21973.map", NULL, 0, 0x100986180f);
    assert_non_null(src);
    assert_string_equal(src, "[JIT] tid 21973[100986180f]");
    src = pd_lines_srcline(ln, "/nonexistent/libfoo.so", NULL, 0, 0x10);
    assert_non_null(src);
    assert_string_equal(src, "libfoo.so[10]");
    pd_lines_free(ln);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_shape_ascending),
        cmocka_unit_test(test_shape_descending),
        cmocka_unit_test(test_shape_mixed),
        cmocka_unit_test(test_nested),
        cmocka_unit_test(test_perfmap_raw),
        cmocka_unit_test(test_spans_match_walk),
        cmocka_unit_test(test_srcline_jit_name),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
