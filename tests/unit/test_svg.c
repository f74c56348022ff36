/* SPDX-License-Identifier: MIT */
/* flametui - unit tests: the SVG writer: flamegraph.pl's colours (values printed by
 * flamegraph.pl 41fee1f for the same names), its name hash, the differential scale, XML
 * escaping, thousands separators, the split-frame layout, pruning, zoom and the diff hook. */
#include "config.h"

#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/trie.h"
#include "core/util.h"
#include "helpers.h"
#include "render/svg.h"

static void assert_rgb(enum palette p, const char *name, int r, int g, int b)
{
    struct rgb c = svg_name_rgb(p, name, strlen(name));
    if (c.r != r || c.g != g || c.b != b)
        fail_msg("%s '%s': rgb(%d,%d,%d), flamegraph.pl: rgb(%d,%d,%d)",
                 theme_palette_name(p), name, c.r, c.g, c.b, r, g, b);
}

#define PERL_SRAND_233 0.067765955188409777 /* perl: srand(233); rand(1) */

static void name_hash_is_perls_rand(void **state)
{
    (void)state;
    /* perl -e 'srand(421); printf "%.17g", rand(1)' (421 = sum of "main") */
    assert_true(svg_namehash("main", 4) == 0.77859998431904742);
    assert_true(svg_namehash("foo", 3) == 0.31077604375696311);
    /* code points, not bytes: "é" is 233, not 195 + 169 */
    assert_true(svg_namehash("\xc3\xa9", 2) == PERL_SRAND_233);
    double v = svg_namehash("", 0);  /* the root: srand(0) */
    assert_true(v >= 0 && v < 1);
}

static void flat_palettes(void **state)
{
    (void)state;
    assert_rgb(PALETTE_HOT, "main", 243, 179, 42);
    assert_rgb(PALETTE_HOT, "do_syscall_64_[k]", 215, 50, 12);
    assert_rgb(PALETTE_HOT, "\xc3\xa9lan", 223, 85, 20);
    assert_rgb(PALETTE_HOT, "", 213, 39, 9);
    assert_rgb(PALETTE_HOT, "Perl_pp_entersub", 252, 219, 52);
    assert_rgb(PALETTE_MEM, "main", 0, 228, 163);
    assert_rgb(PALETTE_IO, "main", 126, 126, 232);
    assert_rgb(PALETTE_WAKEUP, "x.pl", 68, 181, 181);
    assert_rgb(PALETTE_RED, "x.pl", 216, 74, 74);
    assert_rgb(PALETTE_GREEN, "x.pl", 68, 216, 68);
    assert_rgb(PALETTE_BLUE, "x.pl", 98, 98, 220);
    assert_rgb(PALETTE_AQUA, "x.pl", 68, 181, 181);
    assert_rgb(PALETTE_YELLOW, "x.pl", 191, 191, 56);
    assert_rgb(PALETTE_PURPLE, "x.pl", 209, 98, 209);
    assert_rgb(PALETTE_ORANGE, "x.pl", 209, 109, 0);
    /* the separators of chain graphs are grey in every palette */
    assert_rgb(PALETTE_HOT, "--", 160, 160, 160);
    assert_rgb(PALETTE_MEM, "-", 200, 200, 200);
}

static void multi_palettes(void **state)
{
    (void)state;
    /* java: _[j] green, _[i] aqua, Java packages green, ::: green, :: yellow, _[k] orange */
    assert_rgb(PALETTE_JAVA, "JS:*fib /work.js:1:13_[j]", 86, 233, 86);
    assert_rgb(PALETTE_JAVA, "foo_[i]", 91, 203, 203);
    assert_rgb(PALETTE_JAVA, "java/lang/Thread.run", 79, 227, 79);
    assert_rgb(PALETTE_JAVA, "Ljava/util/HashMap.get", 62, 211, 62);
    assert_rgb(PALETTE_JAVA, "Foo:::bar", 52, 202, 52);
    assert_rgb(PALETTE_JAVA, "std::sort", 202, 202, 60);
    assert_rgb(PALETTE_JAVA, "do_syscall_64_[k]", 204, 104, 0);
    assert_rgb(PALETTE_JAVA, "main", 242, 112, 112);
    /* js: _[j] with a / green, without aqua; :: yellow; /...js green; : aqua;
     * _[k] anywhere orange */
    assert_rgb(PALETTE_JS, "JS:*fib /work.js:1:13_[j]", 86, 233, 86);
    assert_rgb(PALETTE_JS, "Builtin:ArrayPush_[j]", 64, 178, 178);
    assert_rgb(PALETTE_JS, "Foo:::bar", 177, 177, 50);
    assert_rgb(PALETTE_JS, "/a/b.js", 70, 218, 70);
    assert_rgb(PALETTE_JS, "node:internal/x", 70, 183, 183);
    assert_rgb(PALETTE_JS, "zzz_[k]x", 223, 123, 0);
    assert_rgb(PALETTE_JS, "main", 242, 112, 112);
    /* perl: :: yellow, Perl or .pl green, _[k] at the end orange */
    assert_rgb(PALETTE_PERL, "Perl_pp_entersub", 107, 252, 107);
    assert_rgb(PALETTE_PERL, "x.pl", 68, 216, 68);
    assert_rgb(PALETTE_PERL, "std::sort", 202, 202, 60);
    assert_rgb(PALETTE_PERL, "do_syscall_64_[k]", 204, 104, 0);
    assert_rgb(PALETTE_PERL, "zzz_[k]x", 228, 90, 90);
}

static void diff_scale(void **state)
{
    (void)state;
    struct rgb c = svg_diff_rgb(0, 10, false);
    assert_true(c.r == 255 && c.g == 255 && c.b == 255);   /* no change: white */
    c = svg_diff_rgb(10, 10, false);
    assert_true(c.r == 255 && c.g == 0 && c.b == 0);       /* largest growth: red */
    c = svg_diff_rgb(-10, 10, false);
    assert_true(c.r == 0 && c.g == 0 && c.b == 255);       /* largest shrinkage: blue */
    c = svg_diff_rgb(5, 10, false);
    assert_true(c.r == 255 && c.g == 105 && c.b == 105);   /* int(210 * 5 / 10) */
    c = svg_diff_rgb(-3, 10, false);
    assert_true(c.r == 147 && c.g == 147 && c.b == 255);   /* int(210 * 7 / 10) */
    c = svg_diff_rgb(10, 10, true);                        /* --negate */
    assert_true(c.r == 0 && c.g == 0 && c.b == 255);
    c = svg_diff_rgb(1, 0, false);                         /* no division by zero */
    assert_true(c.r == 255 && c.g == 0 && c.b == 0);
}

static void assert_escaped(const char *in, size_t len, const char *want)
{
    struct buf b = {0};
    svg_escape(&b, in, len);
    buf_putc(&b, '\0');
    assert_string_equal(b.p, want);
    buf_fini(&b);
}

static void escaping(void **state)
{
    (void)state;
    assert_escaped("a<b&c>\"d'", 9, "a&lt;b&amp;c&gt;&quot;d'");
    assert_escaped("x]]>y", 5, "x]]&gt;y");
    assert_escaped("\x1b[2J", 4, "\\x1b[2J");
    assert_escaped("a\tb\rc\x7f", 6, "a\\x09b\\x0dc\\x7f");
    assert_escaped("\0z", 2, "\\x00z");
    assert_escaped("\xc3\xa9t\xc3\xa9", 5, "\xc3\xa9t\xc3\xa9");   /* valid UTF-8 stays */
    assert_escaped("\xff\xc3", 2, "\\xff\\xc3");                   /* invalid, truncated */
    assert_escaped("\xc0\xaf", 2, "\\xc0\\xaf");                   /* overlong '/' */
    assert_escaped("\xed\xa0\x80", 3, "\\xed\\xa0\\x80");          /* a surrogate */
    assert_escaped("\xef\xbf\xbe", 3, "\\xef\\xbf\\xbe");          /* U+FFFE: not XML */
    assert_escaped("\xf0\x9f\x94\xa5", 4, "\xf0\x9f\x94\xa5");     /* U+1F525 stays */
}

static void assert_commify(double v, const char *want)
{
    struct buf b = {0};
    svg_commify(&b, v);
    buf_putc(&b, '\0');
    assert_string_equal(b.p, want);
    buf_fini(&b);
}

static void thousands(void **state)
{
    (void)state;
    assert_commify(0, "0");
    assert_commify(999, "999");
    assert_commify(1000, "1,000");
    assert_commify(1234567, "1,234,567");
    assert_commify(14814800000.0, "14,814,800,000");
    assert_commify(7.5, "8");   /* "%.0f": half to even, as Perl's sprintf */
    assert_commify(2.5, "2");
}

static const struct svg_frame *frame(const struct svg_frame *f, size_t n, const struct trie *t,
                                     const char *name, size_t nth)
{
    for (size_t i = 0; i < n; i++) {
        size_t len;
        const char *l = f[i].node == TRIE_ROOT ? "all" : trie_label(t, f[i].node, &len);
        if (f[i].node != TRIE_ROOT && (len != strlen(name) || memcmp(l, name, len)))
            continue;
        if (f[i].node == TRIE_ROOT && strcmp(name, "all"))
            continue;
        if (nth-- == 0)
            return &f[i];
    }
    return NULL;
}

static void split_frames(void **state)
{
    (void)state;
    /* flamegraph.pl sorts the lines "a;b 5", "a;b.x 3", "a;b;c 2": b.x comes between
     * the line ending at b and the lines through b, so b is drawn twice */
    struct trie *t = trie_from_folded("a;b;c 2\na;b.x 3\nd 90\na;b 5\n");
    size_t n;
    struct svg_frame *f = svg_frames(t, TRIE_ROOT, 0, &n);
    assert_int_equal(n, 7);
    const struct svg_frame *b0 = frame(f, n, t, "b", 0), *b1 = frame(f, n, t, "b", 1);
    const struct svg_frame *bx = frame(f, n, t, "b.x", 0), *c = frame(f, n, t, "c", 0);
    assert_non_null(b0);
    assert_non_null(b1);
    assert_true(b0->stime == 0 && b0->samples == 5 && b0->own);
    assert_true(bx->stime == 5 && bx->samples == 3);
    assert_true(b1->stime == 8 && b1->samples == 2 && !b1->own);
    assert_true(c->stime == 8 && c->samples == 2 && c->depth == 3);
    assert_true(frame(f, n, t, "d", 0)->stime == 10);
    free(f);
    trie_free(t);
}

static void pruning(void **state)
{
    (void)state;
    /* 0.1 px of 1180 px for 100001 samples is 8.47 samples: a (8) is dropped, a2 (9)
     * is kept, and nothing below a is visited */
    struct trie *t = trie_from_folded("a;x 8\na2 9\nb 99984\n");
    size_t n;
    struct svg_frame *f = svg_frames(t, TRIE_ROOT, 0, &n);
    assert_int_equal(n, 3);
    assert_null(frame(f, n, t, "a", 0));
    assert_null(frame(f, n, t, "x", 0));
    assert_non_null(frame(f, n, t, "a2", 0));
    free(f);
    /* a narrower image prunes more: 0.1 px of 81 px is 123.5 samples */
    f = svg_frames(t, TRIE_ROOT, 101, &n);
    assert_int_equal(n, 2);
    free(f);
    trie_free(t);
}

static void zoomed(void **state)
{
    (void)state;
    struct trie *t = trie_from_folded("m;a;x 3\nm;a;y 1\nm;b 96\n");
    uint32_t a = trie_node_at(t, "m;a");
    size_t n;
    struct svg_frame *f = svg_frames(t, a, 0, &n);
    assert_int_equal(n, 5);   /* all, m (ancestors), a, x, y: b is not in the view */
    assert_true(f[0].node == TRIE_ROOT && f[0].ancestor && f[0].samples == 4);
    assert_true(f[1].node == trie_node_at(t, "m") && f[1].ancestor && f[1].depth == 1);
    assert_true(f[2].node == a && !f[2].ancestor && f[2].samples == 4 && f[2].depth == 2);
    assert_true(frame(f, n, t, "y", 0)->stime == 3);
    free(f);
    /* zoomed on a leaf: nothing below it to sort (the fuzzer's qsort_r(NULL) finding) */
    f = svg_frames(t, trie_node_at(t, "m;a;x"), 0, &n);
    assert_int_equal(n, 4);
    assert_true(f[3].samples == 3 && !f[3].ancestor && f[2].ancestor);
    free(f);

    char *mem = NULL;
    size_t len = 0;
    FILE *out = open_memstream(&mem, &len);
    struct svg_opts o = {.icicle = true};
    assert_int_equal(svg_write(out, t, a, &o), 0);
    fclose(out);
    /* ancestors: full width, their own totals and the whole profile's percentages */
    assert_non_null(strstr(mem, "<g class=\"anc\">\n<title>all (100 samples, 100%)</title>"
                                "<rect x=\"10.0\" y=\"36\" width=\"1180.0\""));
    assert_non_null(strstr(mem, "<title>m (100 samples, 100.00%)</title>"));
    assert_non_null(strstr(mem, "<title>a (4 samples, 4.00%)</title><rect x=\"10.0\" "
                                "y=\"68\" width=\"1180.0\""));
    assert_non_null(strstr(mem, "<title>x (3 samples, 3.00%)</title><rect x=\"10.0\" "
                                "y=\"84\" width=\"885.0\""));
    assert_null(strstr(mem, "<title>b "));
    assert_non_null(strstr(mem, ">Icicle Graph</text>"));
    free(mem);
    trie_free(t);
}

static double delta_of(void *ctx, const struct trie *t, uint32_t node)
{
    (void)ctx;
    size_t len;
    const char *l = trie_label(t, node, &len);
    if (len == 1 && l[0] == 'b')
        return 3;
    if (len == 1 && l[0] == 'd')
        return -6;
    return 0;
}

static char *write_svg(struct trie *t, const struct svg_opts *o)
{
    char *mem = NULL;
    size_t len = 0;
    FILE *out = open_memstream(&mem, &len);
    assert_int_equal(svg_write(out, t, TRIE_ROOT, o), 0);
    fclose(out);
    return mem;
}

static void document(void **state)
{
    (void)state;
    struct trie *t = trie_from_folded("a;b;c 2\na;b.x 3\nd 90\na;b 5\n");
    struct svg_opts o = {.subtitle = "in<put>", .search = "b|c"};
    char *s = write_svg(t, &o);
    assert_non_null(strstr(s, "<title>all (100 samples, 100%)</title><rect x=\"10.0\" "
                              "y=\"109\" width=\"1180.0\" height=\"15.0\" "
                              "fill=\"rgb(213,39,9)\" rx=\"2\" ry=\"2\"/>\n"));
    assert_non_null(strstr(s, "<title>b.x (3 samples, 3.00%)</title><rect x=\"69.0\" "
                              "y=\"77\" width=\"35.4\""));
    assert_non_null(strstr(s, "<title>b (2 samples, 2.00%)</title><rect x=\"104.4\""));
    assert_non_null(strstr(s, "<text x=\"131.00\" y=\"103.5\">d</text>"));
    assert_non_null(strstr(s, "height=\"158\""));   /* 4 rows + 36 + 34 + 24 (subtitle) */
    assert_non_null(strstr(s, ">in&lt;put&gt;</text>"));
    assert_non_null(strstr(s, "data-search=\"b|c\""));
    assert_non_null(strstr(s, "<![CDATA["));
    assert_null(strstr(strstr(s, "<![CDATA[") + 9, "]]>\n<"));  /* one CDATA end only */
    free(s);

    /* differential: colour by the change of the frame's own samples, delta % in titles */
    o = (struct svg_opts){.self_delta = delta_of};
    s = write_svg(t, &o);
    assert_non_null(strstr(s, "<title>b (5 samples, 5.00%; +3.00%)</title>"
                              "<rect x=\"10.0\" y=\"53\" width=\"59.0\" height=\"15.0\" "
                              "fill=\"rgb(255,105,105)\""));   /* maxdelta 6 */
    assert_non_null(strstr(s, "<title>b (2 samples, 2.00%; 0.00%)</title><rect x=\"104.4\" "
                              "y=\"53\" width=\"23.6\" height=\"15.0\" "
                              "fill=\"rgb(255,255,255)\""));
    assert_non_null(strstr(s, "<title>d (90 samples, 90.00%; -6.00%)</title>"));
    assert_non_null(strstr(s, "fill=\"rgb(0,0,255)\""));
    free(s);
    trie_free(t);

    /* a long name: as many characters as fit at 7.08 px, the last two "..";
     * a hostile name: no raw control byte reaches the file */
    t = trie_from_folded("f\x1b]0;\x07x<&> 1\nabcdefghijklmnopqrstuvwxyz 2\n");
    s = write_svg(t, NULL);
    assert_non_null(strstr(s, ">abcdefghijklmnopqrstuvwxyz (2 samples, 66.67%)</title>"));
    assert_non_null(strstr(s, "\">abcdefghijklmnopqrstuvwxyz</text>")); /* 786 px: fits */
    assert_non_null(strstr(s, "<title>\\x07x&lt;&amp;&gt; (1 samples, 33.33%)</title>"));
    for (const char *p = s; *p; p++)
        assert_true((unsigned char)*p >= 0x20 || *p == '\n');
    free(s);
    trie_free(t);

    t = trie_from_folded("abcdefghijklmnopqrstuvwxyz 3\nb 97\n");
    s = write_svg(t, NULL);
    assert_non_null(strstr(s, "\">abc..</text>"));  /* 35.4 px: 5 characters */
    free(s);
    trie_free(t);

    t = trie_new(NULL);       /* nothing to draw */
    s = write_svg(t, NULL);
    assert_non_null(strstr(s, "No samples"));
    free(s);
    trie_free(t);
}

/* flamegraph.pl of "a;b 5 8\na;c 10 4\na 0 2\nd 7 7\ne;f 3 0\ng 0 3\n" (difffolded.pl's
 * format: base, new) draws these frames (title|x|y|width|fill); the base and new
 * profiles as two tries (the new one without the gone e;f, the base with its own
 * strtab) through svg_base_delta must draw the same. */
static void differential_like_flamegraph(void **state)
{
    (void)state;
    struct trie *base = trie_from_folded("a;b 5\na;c 10\nd 7\ne;f 3\n");
    struct trie *t = trie_from_folded("a;b 8\na;c 4\na 2\nd 7\ng 3\n");
    assert_true(svg_base_maxdelta(base, t) == 6);
    struct svg_opts o = {.self_delta = svg_base_delta, .delta_ctx = base,
                         .maxdelta = svg_base_maxdelta(base, t)};
    char *s = write_svg(t, &o);
    static const char *const want[] = {
        "all (24 samples, 100%)|10.0|69|1180.0|rgb(255,255,255)",
        "a (14 samples, 58.33%; +8.33%)|10.0|53|688.3|rgb(255,140,140)",
        "b (8 samples, 33.33%; +12.50%)|108.3|37|393.4|rgb(255,105,105)",
        "c (4 samples, 16.67%; -25.00%)|501.7|37|196.6|rgb(0,0,255)",
        "d (7 samples, 29.17%; 0.00%)|698.3|53|344.2|rgb(255,255,255)",
        "g (3 samples, 12.50%; +12.50%)|1042.5|53|147.5|rgb(255,105,105)",
    };
    for (size_t i = 0; i < FT_ARRAY_LEN(want); i++) {
        char title[200], x[20], y[20], w[20], fill[40], line[400];
        assert_int_equal(sscanf(want[i], "%199[^|]|%19[^|]|%19[^|]|%19[^|]|%39s", title, x,
                                y, w, fill), 5);
        snprintf(line, sizeof line, "<title>%s</title><rect x=\"%s\" y=\"%s\" width=\"%s\" "
                 "height=\"15.0\" fill=\"%s\"", title, x, y, w, fill);
        if (!strstr(s, line))
            fail_msg("missing: %s", line);
    }
    free(s);
    /* --negate: the hues swap, the deltas change sign */
    o.negate = true;
    s = write_svg(t, &o);
    assert_non_null(strstr(s, "<title>a (14 samples, 58.33%; -8.33%)</title><rect x=\"10.0\" "
                              "y=\"53\" width=\"688.3\" height=\"15.0\" "
                              "fill=\"rgb(140,140,255)\""));
    free(s);
    trie_free(t);
    trie_free(base);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(name_hash_is_perls_rand),
        cmocka_unit_test(flat_palettes),
        cmocka_unit_test(multi_palettes),
        cmocka_unit_test(diff_scale),
        cmocka_unit_test(escaping),
        cmocka_unit_test(thousands),
        cmocka_unit_test(split_frames),
        cmocka_unit_test(pruning),
        cmocka_unit_test(zoomed),
        cmocka_unit_test(document),
        cmocka_unit_test(differential_like_flamegraph),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
