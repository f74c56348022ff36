/* SPDX-License-Identifier: MIT */
/* flametui - unit tests: palettes, name hash stability, colour mapping, styles. */
#include "config.h"

#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "render/theme.h"

static unsigned slot(const char *s)
{
    return theme_slot(s, strlen(s));
}

static void same_name_same_colour(void **state)
{
    (void)state;
    /* the slot depends on the bytes only: a copy somewhere else hashes the same */
    char copy[32];
    strcpy(copy, "do_syscall_64");
    assert_int_equal(slot("do_syscall_64"), theme_slot(copy, strlen(copy)));
    /* pinned values: a change of the hash changes every user's colours */
    /* namehash("main") = 0.363 -> 5, namehash("niam") = 0.854 -> 13 */
    assert_int_equal(slot("main") & 0xff, 13u << 4 | 5u);
    /* computed by hand from flamegraph.pl's formulas at the slot centres
     * v1 = 5.5/16 = 0.34375, v2 = v3 = 13.5/16 = 0.84375: hot (205 + 50 v3, 230 v1, 55 v2),
     * mem (0, 190 + 50 v2, 210 v1), io (80 + 60 v1, 80 + 60 v1, 190 + 55 v2) */
    struct rgb c = theme_rgb(PALETTE_HOT, slot("main"));
    assert_int_equal(c.r, 247);      /* 205 + int(50 * 0.84375) = 205 + 42 */
    assert_int_equal(c.g, 79);       /* int(230 * 0.34375) */
    assert_int_equal(c.b, 46);       /* int(55 * 0.84375) */
    c = theme_rgb(PALETTE_MEM, slot("main"));
    assert_int_equal(c.r, 0);
    assert_int_equal(c.g, 232);      /* 190 + 42 */
    assert_int_equal(c.b, 72);       /* int(210 * 0.34375) */
    c = theme_rgb(PALETTE_IO, slot("main"));
    assert_int_equal(c.r, 100);      /* 80 + 20 */
    assert_int_equal(c.g, 100);
    assert_int_equal(c.b, 236);      /* 190 + 46 */
    c = theme_rgb(PALETTE_HOT, slot("do_syscall_64"));   /* slot 8 << 4 | 13 */
    assert_int_equal(slot("do_syscall_64") & 0xff, 8u << 4 | 13u);
    assert_int_equal(c.r, 231);
    assert_int_equal(c.g, 194);
    assert_int_equal(c.b, 29);
}

static void hot_formula_ranges(void **state)
{
    (void)state;
    const char *names[] = {"main", "a", "zzz", "", "std::vector<int>::push_back", "\xff\xfe"};
    for (size_t i = 0; i < sizeof(names) / sizeof(names[0]); i++) {
        struct rgb c = theme_rgb(PALETTE_HOT, slot(names[i]));
        assert_in_range(c.r, 205, 255);
        assert_in_range(c.g, 0, 230);
        assert_in_range(c.b, 0, 55);
        c = theme_rgb(PALETTE_MEM, slot(names[i]));
        assert_int_equal(c.r, 0);
        assert_in_range(c.g, 190, 240);
        c = theme_rgb(PALETTE_IO, slot(names[i]));
        assert_int_equal(c.r, c.g);
        assert_in_range(c.b, 190, 245);
    }
    /* different first characters give different hot colours */
    assert_int_not_equal(slot("main") & 0xff, slot("xyz") & 0xff);
}

static void module_prefix_is_ignored(void **state)
{
    (void)state;
    /* flamegraph.pl's namehash drops "module`" before hashing */
    assert_int_equal(slot("libc.so`memcpy") & 0x0f, slot("memcpy") & 0x0f);
}

static void java_palette_by_kind(void **state)
{
    (void)state;
    struct rgb c;
    c = theme_rgb(PALETTE_JAVA, slot("Interpreter_[j]"));   /* JIT: green */
    assert_true(c.g >= 200 && c.r < c.g && c.b < c.g);
    c = theme_rgb(PALETTE_JAVA, slot("java/lang/Thread.run"));   /* Java: green */
    assert_true(c.g >= 200 && c.r < c.g);
    c = theme_rgb(PALETTE_JAVA, slot("Ljava/util/HashMap;::get"));
    assert_true(c.g >= 200 && c.r < c.g);
    c = theme_rgb(PALETTE_JAVA, slot("foo_[i]"));                /* inline: aqua */
    assert_true(c.b >= 165 && c.g >= 165 && c.r <= 110);
    c = theme_rgb(PALETTE_JAVA, slot("JavaThread::run"));        /* C++: yellow */
    assert_true(c.r == c.g && c.b <= 70);
    c = theme_rgb(PALETTE_JAVA, slot("do_syscall_64_[k]"));      /* kernel: orange */
    assert_true(c.r >= 190 && c.g >= 90 && c.b == 0);
    c = theme_rgb(PALETTE_JAVA, slot("start_thread"));           /* system: red */
    assert_true(c.r >= 200 && c.g == c.b);
    c = theme_rgb(PALETTE_JS, slot("LazyCompile:~main /app/x.js:1_[j]"));
    assert_true(c.g >= 200 && c.r < c.g);                         /* JIT with path: green */
    c = theme_rgb(PALETTE_JS, slot("Builtin:ArrayMap_[j]"));     /* builtin: aqua */
    assert_true(c.b >= 165 && c.r <= 110);
    c = theme_rgb(PALETTE_PERL, slot("Perl_pp_entersub"));       /* perl: green */
    assert_true(c.g >= 200 && c.r < c.g);
    c = theme_rgb(PALETTE_WAKEUP, slot("anything"));             /* wakeup: aqua */
    assert_true(c.b >= 165 && c.r <= 110);
    c = theme_rgb(PALETTE_BLUE, slot("x"));
    assert_true(c.b >= 205 && c.r == c.g);
    c = theme_rgb(PALETTE_PURPLE, slot("x"));
    assert_true(c.r == c.b && c.g < c.r);
}

static void palette_names(void **state)
{
    (void)state;
    enum palette p;
    const char *all[] = {"hot", "mem", "io", "wakeup", "java", "js", "perl", "red",
                         "green", "blue", "aqua", "yellow", "purple", "orange", "kind"};
    for (size_t i = 0; i < sizeof(all) / sizeof(all[0]); i++) {
        assert_int_equal(theme_palette_parse(all[i], &p), 0);
        assert_int_equal(p, i);
        assert_string_equal(theme_palette_name(p), all[i]);
    }
    assert_int_equal(theme_palette_parse("nope", &p), -1);
    assert_int_equal(theme_palette_parse(NULL, &p), 0);
    assert_int_equal(p, PALETTE_HOT);
}

static void xterm_mapping(void **state)
{
    (void)state;
    assert_int_equal(theme_rgb_to_256((struct rgb){255, 0, 0}), 196);
    assert_int_equal(theme_rgb_to_256((struct rgb){0, 0, 0}), 16);
    assert_int_equal(theme_rgb_to_256((struct rgb){255, 255, 255}), 231);
    assert_int_equal(theme_rgb_to_256((struct rgb){128, 128, 128}), 244);   /* grey ramp */
    assert_int_equal(theme_rgb_to_256((struct rgb){215, 135, 0}), 172);
    assert_int_equal(theme_rgb_to_8((struct rgb){220, 20, 10}), THEME_RED);
    assert_int_equal(theme_rgb_to_8((struct rgb){230, 200, 30}), THEME_YELLOW);
    assert_int_equal(theme_rgb_to_8((struct rgb){60, 210, 60}), THEME_GREEN);
    assert_int_equal(theme_rgb_to_8((struct rgb){80, 190, 200}), THEME_CYAN);
    /* every hot colour maps to red or yellow in 8 colours: frames stay warm */
    for (unsigned s = 0; s < THEME_HASH_COLORS; s++) {
        int c = theme_rgb_to_8(theme_rgb(PALETTE_HOT, s));
        assert_true(c == THEME_RED || c == THEME_YELLOW);
        int x = theme_rgb_to_256(theme_rgb(PALETTE_HOT, s));
        assert_in_range(x, 16, 255);
    }
}

static void mono_styles_differ(void **state)
{
    (void)state;
    enum style frames[] = {STYLE_FRAME, STYLE_ANCESTOR, STYLE_MATCH, STYLE_SELECTED,
                           STYLE_SELECTED_MATCH};
    for (size_t i = 0; i < 5; i++) {
        const struct theme_style *a = theme_style(frames[i], true);
        assert_int_equal(a->fg, THEME_DEFAULT);
        assert_int_equal(a->bg, THEME_DEFAULT);
        for (size_t j = 0; j < i; j++)
            assert_int_not_equal(a->attrs, theme_style(frames[j], true)->attrs);
    }
    assert_int_equal(theme_style(STYLE_FRAME, false)->bg, THEME_FRAME);
    assert_int_equal(theme_frame_style(0), STYLE_FRAME);
    assert_int_equal(theme_frame_style(1), STYLE_SELECTED);
    assert_int_equal(theme_frame_style(2), STYLE_MATCH);
    assert_int_equal(theme_frame_style(3), STYLE_SELECTED_MATCH);
    assert_int_equal(theme_frame_style(4), STYLE_ANCESTOR);
    assert_int_equal(theme_frame_style(6), STYLE_MATCH);
    for (int s = 0; s < STYLE_COUNT; s++) {
        assert_non_null(theme_style((enum style)s, false));
        assert_string_not_equal(theme_style_name((enum style)s), "?");
    }
}

/* Names as a C++ profile has them: one namespace prefix, differing at the end. */
static void cxx_name(char *b, size_t n, unsigned i)
{
    static const char *const verbs[] = {"_M_dfs", "_M_insert", "push_back", "find", "operator()",
                                        "_M_rehash", "emplace", "sort", "merge", "~vector"};
    snprintf(b, n, "std::__detail::_Executor<T%u>::%s", i / 10, verbs[i % 10]);
}

static size_t distinct(const int *v, size_t n)
{
    size_t d = 0;
    for (size_t i = 0; i < n; i++) {
        size_t j = 0;
        while (j < i && v[j] != v[i])
            j++;
        d += j == i;
    }
    return d;
}

static void palette_spread(void **state)
{
    (void)state;
    /* 1000 names sharing "std::": the hot palette over the 256-colour cube uses many
     * indexes (not 7), and truecolor is not one colour with small changes */
    enum { N = 1000 };
    static int idx[N], red[N], grn[N];
    char b[128];
    for (unsigned i = 0; i < N; i++) {
        cxx_name(b, sizeof(b), i);
        unsigned s = slot(b);
        struct rgb c = theme_rgb_spread(PALETTE_HOT, s);
        assert_in_range(c.r, 205, 255);   /* still flamegraph.pl's hot ranges */
        assert_in_range(c.g, 0, 230);
        assert_in_range(c.b, 0, 55);
        idx[i] = theme_rgb_to_256(c);
        red[i] = c.r;
        grn[i] = c.g;
        /* the same name, the same colour */
        assert_int_equal(s, theme_slot(b, strlen(b)));
    }
    assert_true(distinct(idx, N) >= 16);
    assert_true(distinct(red, N) >= 8);     /* every channel varies */
    assert_true(distinct(grn, N) >= 12);
    /* other palettes spread too */
    for (unsigned i = 0; i < N; i++) {
        cxx_name(b, sizeof(b), i);
        idx[i] = theme_rgb_to_256(theme_rgb_spread(PALETTE_RED, slot(b)));
    }
    assert_true(distinct(idx, N) >= 4);   /* 2 red levels x 2 of the others */
}

static void alternative_shades(void **state)
{
    (void)state;
    char b[128];
    for (unsigned i = 0; i < 300; i++) {
        cxx_name(b, sizeof(b), i);
        for (int p = 0; p < PALETTE_COUNT; p++) {
            struct rgb c = theme_rgb_spread((enum palette)p, slot(b));
            struct rgb a = theme_rgb_alt(c, 256);
            assert_int_not_equal(theme_rgb_to_256(a), theme_rgb_to_256(c));
            a = theme_rgb_alt(c, 0);
            assert_true(abs(a.r - c.r) + abs(a.g - c.g) + abs(a.b - c.b) >= 40);
            int k = theme_slot_to_8((enum palette)p, slot(b), true);
            assert_int_not_equal(k, theme_slot_to_8((enum palette)p, slot(b), false));
            assert_true(k != THEME_BLACK && k != THEME_MAGENTA && k != THEME_BLUE);
        }
    }
}

static void frame_kinds(void **state)
{
    (void)state;
#define KIND(s) theme_kind(s, strlen(s))
    assert_int_equal(KIND("do_syscall_64_[k]"), KIND_KERNEL);
    assert_int_equal(KIND("[kernel.kallsyms]"), KIND_KERNEL);
    assert_int_equal(KIND("0xffffffff8100 [kernel.kallsyms]"), KIND_KERNEL);
    assert_int_equal(KIND("Interpreter_[j]"), KIND_JIT);
    assert_int_equal(KIND("java.lang.String Bench.buildReport_[j]"), KIND_JIT);
    assert_int_equal(KIND("foo_[i]"), KIND_INLINED);
    assert_int_equal(KIND("main"), KIND_USER);
    assert_int_equal(KIND("[unknown]"), KIND_USER);
    assert_int_equal(KIND("x_[k]y"), KIND_USER);   /* the suffix only */
    assert_int_equal(KIND(""), KIND_USER);
#undef KIND
    assert_string_equal(theme_kind_name(KIND_KERNEL), "kernel");
    assert_string_equal(theme_kind_name(KIND_INLINED), "inlined");
    /* the kind palette: kernel orange, JIT green, inlined aqua, user red */
    struct rgb c = theme_rgb_spread(PALETTE_KIND, slot("do_syscall_64_[k]"));
    assert_true(c.r >= 190 && c.g >= 90 && c.b == 0);
    c = theme_rgb_spread(PALETTE_KIND, slot("[kernel.kallsyms]"));
    assert_true(c.r >= 190 && c.g >= 90 && c.b == 0);
    c = theme_rgb_spread(PALETTE_KIND, slot("Interpreter_[j]"));
    assert_true(c.g >= 200 && c.r < c.g && c.b < c.g);
    c = theme_rgb_spread(PALETTE_KIND, slot("foo_[i]"));
    assert_true(c.b >= 165 && c.g >= 165 && c.r <= 110);
    c = theme_rgb_spread(PALETTE_KIND, slot("main"));
    assert_true(c.r >= 200 && c.g <= 130 && c.b <= 130);
    /* 8 colours: one basic colour per kind, and the alternative is another one */
    const char *names[] = {"do_syscall_64_[k]", "Interpreter_[j]", "foo_[i]", "main"};
    const int want[] = {THEME_YELLOW, THEME_GREEN, THEME_CYAN, THEME_RED};
    for (int i = 0; i < 4; i++) {
        assert_int_equal(theme_slot_to_8(PALETTE_KIND, slot(names[i]), false), want[i]);
        int a = theme_slot_to_8(PALETTE_KIND, slot(names[i]), true);
        assert_int_not_equal(a, want[i]);
        assert_true(a != THEME_BLACK && a != THEME_BLUE && a != THEME_MAGENTA);
    }
    for (int p = 0; p < PALETTE_COUNT; p++)
        assert_int_not_equal(theme_slot_to_8((enum palette)p, slot("main"), false),
                             theme_slot_to_8((enum palette)p, slot("main"), true));
}

/* Every slot a palette can give: all spread hashes, with each set of kind flags the
 * multi palettes look at (names chosen to carry them). */
static const char *const kind_names[] = {"f", "f_[k]", "f_[j]", "f_[i]", "java/f", "a::f",
                                         "Perl_f", "/a.js", "a:f", " ", "f [kernel.kallsyms]"};

static unsigned slot_with(size_t kind, unsigned h)
{
    return (slot(kind_names[kind]) & ~THEME_SPREAD_BITS) | h << THEME_SPREAD_SHIFT;
}

static void selection_colour_is_reserved(void **state)
{
    (void)state;
    struct rgb sel = theme_select_rgb();
    for (int p = 0; p < PALETTE_COUNT; p++) {
        for (size_t k = 0; k < sizeof(kind_names) / sizeof(kind_names[0]); k++) {
            for (unsigned h = 0; h < 2048; h++) {
                unsigned s = slot_with(k, h);
                struct rgb c = theme_rgb_spread((enum palette)p, s);
                for (int alt = 0; alt < 2; alt++) {
                    struct rgb v = alt ? theme_rgb_alt(c, 256) : c;
                    assert_int_not_equal(theme_frame_256(v), THEME_SELECT_256);
                    struct rgb d = theme_frame_direct(v);
                    assert_false(d.r == sel.r && d.g == sel.g && d.b == sel.b);
                    int b8 = theme_slot_to_8((enum palette)p, s, alt);
                    int b16 = theme_slot_to_16((enum palette)p, s, alt);
                    assert_true(b8 != THEME_BLUE && b8 != THEME_MAGENTA && b8 != THEME_BLACK);
                    assert_true((b16 & 7) != THEME_BLUE && (b16 & 7) != THEME_MAGENTA &&
                                (b16 & 7) != THEME_BLACK);
                }
            }
        }
    }
    /* the selection itself and the diff colours (v, v, 255) and (255, v, v) */
    assert_int_equal(theme_rgb_to_256(sel), THEME_SELECT_256);
    assert_int_not_equal(theme_frame_256(sel), THEME_SELECT_256);
    struct rgb d = theme_frame_direct(sel);
    assert_false(d.r == sel.r && d.g == sel.g && d.b == sel.b);
    for (int v = 0; v < 256; v++) {
        assert_int_not_equal(theme_frame_256((struct rgb){(unsigned char)v, (unsigned char)v, 255}),
                             THEME_SELECT_256);
        assert_int_not_equal(theme_frame_256((struct rgb){255, (unsigned char)v, (unsigned char)v}),
                             THEME_SELECT_256);
    }
    const struct theme_style *st = theme_style(STYLE_SELECTED, false);
    assert_int_equal(st->bg, THEME_SELECT);
    assert_int_equal(theme_style(STYLE_SELECTED_MATCH, false)->bg, THEME_SELECT);
    assert_int_not_equal(theme_style(STYLE_MATCH, false)->bg, THEME_SELECT);
    assert_int_not_equal(theme_style(STYLE_TITLE, false)->bg, THEME_BLUE);
}

/* The label on every colour a frame can show reads at 4.5:1 or better (WCAG AA). */
static void label_contrast(void **state)
{
    (void)state;
    const struct rgb black = {0, 0, 0}, white = {255, 255, 255};
    assert_true(theme_contrast(black, white) > 20.9);
    assert_true(theme_contrast((struct rgb){175, 0, 0}, black) < 3);   /* #af0000 */
    assert_int_equal(theme_label_fg((struct rgb){175, 0, 0}, true), THEME_WHITE);
    assert_int_equal(theme_label_fg((struct rgb){255, 220, 40}, true), THEME_BLACK);
    double worst = 21;
    for (int p = 0; p < PALETTE_COUNT; p++) {
        for (size_t k = 0; k < sizeof(kind_names) / sizeof(kind_names[0]); k++) {
            for (unsigned h = 0; h < 2048; h++) {
                struct rgb c = theme_rgb_spread((enum palette)p, slot_with(k, h));
                struct rgb shown[] = {c, theme_rgb_alt(c, 256), theme_256_rgb(theme_frame_256(c)),
                                      theme_256_rgb(theme_frame_256(theme_rgb_alt(c, 256)))};
                for (size_t i = 0; i < 4; i++) {
                    struct rgb fg = theme_label_fg(shown[i], true) == THEME_BLACK ? black : white;
                    double r = theme_contrast(fg, shown[i]);
                    worst = r < worst ? r : worst;
                }
            }
        }
    }
    static const int frame16[] = {1, 2, 3, 6, 7, 9, 10, 11, 14, 15};
    for (size_t i = 0; i < 10; i++) {   /* 8/16 colours: xterm's basic colours */
        int c = frame16[i];
        struct rgb bg = theme_basic_rgb(c);
        bool bright = c >= 8;
        struct rgb fg = theme_label_fg(bg, bright) == THEME_BLACK ? black
                                                                   : theme_basic_rgb(bright ? 15 : 7);
        worst = theme_contrast(fg, bg) < worst ? theme_contrast(fg, bg) : worst;
    }
    assert_true(worst >= 4.5);
    for (int v = 0; v < 256; v++) {   /* diff colours */
        struct rgb c = {255, (unsigned char)v, (unsigned char)v};
        struct rgb fg = theme_label_fg(c, true) == THEME_BLACK ? black : white;
        assert_true(theme_contrast(fg, c) >= 4.5);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(same_name_same_colour),
        cmocka_unit_test(hot_formula_ranges),
        cmocka_unit_test(module_prefix_is_ignored),
        cmocka_unit_test(java_palette_by_kind),
        cmocka_unit_test(palette_names),
        cmocka_unit_test(xterm_mapping),
        cmocka_unit_test(mono_styles_differ),
        cmocka_unit_test(palette_spread),
        cmocka_unit_test(alternative_shades),
        cmocka_unit_test(frame_kinds),
        cmocka_unit_test(selection_colour_is_reserved),
        cmocka_unit_test(label_contrast),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
