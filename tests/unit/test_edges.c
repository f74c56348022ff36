/* SPDX-License-Identifier: MIT */
/* flametui - unit tests: edge cases of small helpers that the other suites pass over
 * (each named by a mutant of tests/mutation/mutants.txt that only these catch). */
#include "config.h"

#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>
#include <float.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/count.h"
#include "core/diff.h"
#include "core/samples.h"
#include "core/strtab.h"
#include "core/trie.h"
#include "core/util.h"
#include "input/decompress.h"
#include "input/parse_perf.h"
#include "input/perf_line.h"
#include "input/sniff.h"
#include "query/timeline.h"
#include "query/top.h"
#include "query/window.h"
#include "render/diffcolor.h"
#include "render/label.h"
#include "render/names.h"
#include "render/numfmt.h"
#include "ui/keymap.h"
#include "ui/lineedit.h"
#include "helpers.h"

/* ---- core/count ---- */

static void count_exponent_needs_sign(void **state)
{
    (void)state;
    struct count c;
    assert_int_equal(count_parse("1e+05", 5, false, &c), 0);
    assert_true(c.is_float);
    assert_true(c.d == 1e5);
    assert_int_equal(count_parse("1e5", 3, false, &c), -1);   /* "%g" signs its exponents */
    assert_int_equal(count_parse("1e55", 4, false, &c), -1);
    assert_int_equal(count_parse("2E-1", 4, false, &c), 0);
    assert_true(c.d == 0.2);
}

static void count_format_fifteen_digits(void **state)
{
    (void)state;
    char b[COUNT_FMT_MAX];
    struct count c = {0, 1.23456789012345, true};
    count_format(b, c);
    assert_string_equal(b, "1.23456789012345");
    c.d = 0.1 + 0.2;                                /* 0.30000000000000004 */
    count_format(b, c);
    assert_string_equal(b, "0.3");
}

static void count_add_saturates(void **state)
{
    (void)state;
    struct count a = {0, DBL_MAX, true};
    count_add(&a, (struct count){0, DBL_MAX, true});
    assert_true(a.is_float);
    assert_true(a.d == DBL_MAX);
}

/* ---- core/diff ---- */

static const char *delta(uint64_t base, uint64_t now)
{
    static char b[COUNT_FMT_MAX + 1];
    diff_delta_format(b, count_u64(base), count_u64(now));
    return b;
}

static void diff_delta_signs(void **state)
{
    (void)state;
    assert_string_equal(delta(5, 5), "0");
    assert_string_equal(delta(3, 5), "+2");
    assert_string_equal(delta(5, 3), "-2");
    assert_string_equal(delta(18446744073709551615ull, 0), "-18446744073709551615");
    char b[COUNT_FMT_MAX + 1];
    diff_delta_format(b, (struct count){0, 2.5, true}, count_u64(1));
    assert_string_equal(b, "-1.5");
}

static void strips_to(const char *s, const char *want)
{
    struct buf b = {0};
    diff_strip_hex_name(s, strlen(s), &b);
    buf_putc(&b, '\0');
    assert_string_equal(b.p, want);
    buf_fini(&b);
}

static void diff_strip_hex_at_end(void **state)
{
    (void)state;
    strips_to("f 0x1", "f 0x...");
    strips_to("0xab", "0x...");
    strips_to("g 0x", "g 0x");
    strips_to("0x7f;0x1 h", "0x...;0x... h");
}

/* ---- core/trie_kids ---- */

static void child_sorted_finds_every_sibling(void **state)
{
    (void)state;
    struct trie *t = trie_from_folded("m;d 1\nm;a 1\nm;c 1\nm;b 1\nm;e 1\nm;ab 1\n");
    uint32_t m = trie_node_at(t, "m");
    const char *kids[] = {"a", "ab", "b", "c", "d", "e"};
    for (size_t i = 0; i < FT_ARRAY_LEN(kids); i++) {
        uint32_t name = strtab_lookup(trie_names(t), kids[i], strlen(kids[i]));
        char path[8] = "m;";
        strcat(path, kids[i]);
        assert_int_equal(trie_child_sorted(t, m, name), trie_node_at(t, path));
    }
    uint32_t other = strtab_intern(trie_names(t), "zz", 2);
    assert_int_equal(trie_child_sorted(t, m, other), TRIE_NONE);
    trie_free(t);
}

/* ---- query/top ---- */

static void top_print_zero_means_all(void **state)
{
    (void)state;
    struct trie *t = trie_from_folded("m;a 3\nm;b 2\nm;c 1\nx 1\n");
    char *text = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&text, &len);
    assert_non_null(f);
    assert_int_equal(top_print(f, t, 0), 0);
    fclose(f);
    size_t lines = 0;
    for (size_t i = 0; i < len; i++)
        lines += text[i] == '\n';
    assert_int_equal(lines, 1 + 5);   /* the header, then m a b c x */
    free(text);
    trie_free(t);
}

/* ---- query/window ---- */

static void add1(struct trie *t, const char *name)
{
    uint32_t id = strtab_intern(trie_names(t), name, strlen(name));
    trie_insert(t, &id, 1, count_u64(1));
}

static void window_edge_snapshot(void **state)
{
    (void)state;
    struct trie *t = trie_new(NULL);
    struct window *w = window_new(10);   /* snapshots at least 1.25 s apart */
    add1(t, "a");
    assert_true(window_record(w, t, 0));
    add1(t, "b");
    assert_true(window_record(w, t, 1.3));   /* one step later: a snapshot */
    add1(t, "c");
    assert_true(window_record(w, t, 5));
    add1(t, "d");
    /* at 15 the window starts at 5 exactly: the snapshot of 5 is subtracted, only d */
    struct trie *got = window_build(w, t, 15);
    assert_true(trie_total(got, TRIE_ROOT).u == 1);
    trie_free(got);
    window_free(w);
    trie_free(t);
}

static void window_compact_keeps_exactly(void **state)
{
    (void)state;
    struct trie *t = trie_new(NULL);
    struct window *w = window_new(10);
    assert_true(window_record(w, t, 0));
    add1(t, "a");
    add1(t, "b");
    assert_true(window_record(w, t, 5));
    double since = -1;
    /* since 0: the root, a and b, exactly the 3 nodes allowed: the snapshot of 0 stays */
    assert_int_equal(window_compact(w, t, 6, 3, &since), 3);
    assert_true(since == 0);
    window_free(w);
    trie_free(t);
}

/* ---- query/timeline ---- */

static void histogram_last_bucket(void **state)
{
    (void)state;
    struct samples *s = samples_new();
    for (uint64_t k = 0; k < 3; k++)
        samples_add(s, true, 5000000 + k * 1000000, 1, 0, count_u64(1));   /* 0, 1, 2 ms */
    uint32_t out[3] = {0, 0, 0};
    timeline_histogram(s, 1000, out, 3);
    assert_int_equal(out[0], 1);
    assert_int_equal(out[1], 1);
    assert_int_equal(out[2], 1);
    samples_free(s);
}

/* ---- render/numfmt ---- */

static void numfmt_edges(void **state)
{
    (void)state;
    char b[NUMFMT_MAX];
    memset(b, 'x', sizeof b);
    assert_int_equal(numfmt_group_u(b, 5, 1234), 4);   /* "1,234" needs 6 bytes: cut */
    assert_string_equal(b, "1,23");
    assert_int_equal(b[5], 'x');
    numfmt_compact(b, sizeof b, 99970);
    assert_string_equal(b, "100k");
    numfmt_compact(b, sizeof b, 999.7);
    assert_string_equal(b, "1.00k");
    numfmt_seconds(b, sizeof b, 0.0009997, true);
    assert_string_equal(b, "1.00 ms");
    struct unit u = {.u = UNIT_EVENTS, .ascii = true};   /* counts of nothing named */
    numfmt_weight(b, sizeof b, count_u64(5), &u, false);
    assert_string_equal(b, "5");
}

/* ---- render/diffcolor ---- */

static void diff_mark_exactly_fits(void **state)
{
    (void)state;
    struct trie *base = trie_from_folded("m;a 1\n");
    struct trie *t = trie_from_folded("m;a 1\nm;b 2\n");
    diff_attach(t, base, false);
    uint32_t b = trie_node_at(t, "m;b");
    int k = (int)strlen(diffcolor_mark_text(diffcolor_mark(t, b)));
    assert_true(k > 0);
    struct buf labels = {0};
    int cols = 0;
    assert_int_equal(diffcolor_put_mark(&labels, t, b, k, &cols), k);
    assert_int_equal(cols, k);
    assert_int_equal(diffcolor_put_mark(&labels, t, b, k - 1, &cols), 0);
    buf_fini(&labels);
    trie_free(t);
    trie_free(base);
}

/* ---- render/names, render/label ---- */

static void shortens_to(const char *name, const char *want)
{
    struct buf b = {0};
    names_shorten(name, strlen(name), true, &b);
    buf_putc(&b, '\0');
    assert_string_equal(b.p, want);
    buf_fini(&b);
}

static void names_edges(void **state)
{
    (void)state;
    shortens_to("std::__1::vector<int>::push_back", "std::vector<...>::push_back");
    shortens_to("Foo::bar<X->y>", "Foo::bar<...>");
    shortens_to("collect::<Vec<u8>>", "collect::<...>");
}

static void utf8_surrogates_invalid(void **state)
{
    (void)state;
    unsigned long cp = 0;
    assert_int_equal(label_utf8_decode((const unsigned char *)"\xed\xa0\x80", 3, &cp), 0);
    assert_int_equal(label_utf8_decode((const unsigned char *)"\xed\xbf\xbf", 3, &cp), 0);
    assert_int_equal(label_utf8_decode((const unsigned char *)"\xed\x9f\xbf", 3, &cp), 3);
    assert_int_equal(cp, 0xd7ff);
}

/* ---- input/perf_line ---- */

static void perf_parts_split_at_arrows(void **state)
{
    (void)state;
    assert_int_equal(perf_count_parts("a-b", 3), 1);
    assert_int_equal(perf_count_parts("a-b->c", 6), 2);
    assert_int_equal(perf_count_parts("x->y->z-", 8), 3);
}

/* ---- input/parse_perf ---- */

static void perf_other_events_listed(void **state)
{
    (void)state;
    static const char text[] =
        "cmd 1 1.000001: 1 cycles: \n\tffff f (/x)\n\n"
        "cmd 1 1.000002: 1 instructions: \n\tffff g (/x)\n\n"
        "cmd 1 1.000003: 1 instructions: \n\tffff g (/x)\n\n"
        "cmd 1 1.000004: 1 cycles: \n\tffff f (/x)\n\n";
    struct trie *t = trie_new(NULL);
    struct perf_opts o = {0};
    struct perf_parser *p = perf_new(t, &o);
    perf_feed(p, text, sizeof text - 1, true);
    const char *name;
    size_t len, samples;
    assert_int_equal(perf_events(p, 0, &name, &len, &samples), 2);
    assert_int_equal(samples, 2);
    assert_int_equal(perf_events(p, 1, &name, &len, &samples), 2);
    assert_int_equal(len, 12);
    assert_memory_equal(name, "instructions", 12);
    assert_int_equal(samples, 2);
    perf_free(p);
    trie_free(t);
}

/* ---- ui/keymap ---- */

static void keymap_edges(void **state)
{
    (void)state;
    assert_int_equal(keymap_parse_key("C-A", 3), 1);
    assert_int_equal(keymap_parse_key("C-Z", 3), 26);
    /* a screen's keys only: the first key of an action of other screens does not run it */
    for (int a = 0; a < ACT_COUNT; a++) {
        const char *k = keymap_keys((enum action)a);
        size_t n = strcspn(k, " ");
        int key = keymap_parse_key(k, n);
        for (int s = 0; s < SCREEN_COUNT; s++)
            if (!(keymap_screens((enum action)a) & (1u << s)))
                assert_int_not_equal(keymap_lookup_in(key, (enum ui_screen)s), a);
    }
    /* the help's key column is as wide as that screen's widest key list */
    for (int s = 0; s < SCREEN_COUNT; s++) {
        size_t w = 5;   /* "mouse" */
        for (int a = 0; a < ACT_COUNT; a++)
            if ((keymap_screens((enum action)a) & (1u << s)) &&
                strlen(keymap_keys((enum action)a)) > w)
                w = strlen(keymap_keys((enum action)a));
        struct buf b = {0};
        keymap_help_text(&b, (enum ui_screen)s, "what the mouse does");
        buf_putc(&b, '\0');
        const char *m = strstr(b.p, "\nmouse ");
        assert_non_null(m);
        assert_int_equal(strspn(m + 6, " "), w - 5 + 2);
        buf_fini(&b);
    }
}

/* ---- ui/lineedit ---- */

static void lineedit_edges(void **state)
{
    (void)state;
    struct lineedit le;
    lineedit_init(&le);
    lineedit_set(&le, "foo bar ");
    assert_int_equal(lineedit_key(&le, 23), LE_CHANGED);   /* C-w: the blank and the word */
    assert_string_equal(lineedit_text(&le), "foo ");
    lineedit_set(&le, "foo bar");
    for (int i = 0; i < 3; i++)
        lineedit_key(&le, FT_KEY_LEFT);
    assert_int_equal(lineedit_key(&le, 21), LE_CHANGED);   /* C-u: up to the cursor */
    assert_string_equal(lineedit_text(&le), "bar");
    lineedit_set(&le, "foo bar");
    for (int i = 0; i < 3; i++)
        lineedit_key(&le, FT_KEY_LEFT);
    assert_int_equal(lineedit_key(&le, 11), LE_CHANGED);   /* C-k: from the cursor */
    assert_string_equal(lineedit_text(&le), "foo ");
    lineedit_history_add(&le, "a");
    lineedit_history_add(&le, "a");                        /* a repeat is kept once */
    lineedit_set(&le, "");
    assert_int_equal(lineedit_key(&le, FT_KEY_UP), LE_CHANGED);
    assert_string_equal(lineedit_text(&le), "a");
    assert_int_equal(lineedit_key(&le, FT_KEY_UP), LE_NONE);
    lineedit_fini(&le);
}

/* ---- input/decompress, input/sniff ---- */

static void magic_numbers(void **state)
{
    (void)state;
    enum decomp_kind k = DECOMP_NONE;
    assert_true(decomp_sniff("BZh91AY&SY", 10, false, &k));   /* bzip2 -9, its default */
    assert_int_equal(k, DECOMP_BZIP2);
    assert_true(decomp_sniff("BZh11AY&SY", 10, false, &k));
    assert_int_equal(k, DECOMP_BZIP2);
    assert_true(decomp_sniff("BZh01AY&SY", 10, false, &k));
    assert_int_equal(k, DECOMP_NONE);
    static const char prof[] = "{\"nodes\":[{\"id\":1,\"callFrame\":{\"functionName\":\"\"}}]}";
    const struct magic_format *f = NULL;
    assert_int_equal(sniff_magic(prof, sizeof prof - 1, true, &f), 1);
    assert_string_equal(f->name, "Chrome .cpuprofile");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(count_exponent_needs_sign),
        cmocka_unit_test(count_format_fifteen_digits),
        cmocka_unit_test(count_add_saturates),
        cmocka_unit_test(diff_delta_signs),
        cmocka_unit_test(diff_strip_hex_at_end),
        cmocka_unit_test(child_sorted_finds_every_sibling),
        cmocka_unit_test(top_print_zero_means_all),
        cmocka_unit_test(window_edge_snapshot),
        cmocka_unit_test(window_compact_keeps_exactly),
        cmocka_unit_test(histogram_last_bucket),
        cmocka_unit_test(numfmt_edges),
        cmocka_unit_test(diff_mark_exactly_fits),
        cmocka_unit_test(names_edges),
        cmocka_unit_test(utf8_surrogates_invalid),
        cmocka_unit_test(perf_parts_split_at_arrows),
        cmocka_unit_test(perf_other_events_listed),
        cmocka_unit_test(keymap_edges),
        cmocka_unit_test(lineedit_edges),
        cmocka_unit_test(magic_numbers),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
