/* SPDX-License-Identifier: MIT */
/* flametui - tests/unit/test_keymap.c: the action table, key parsing, lookup, help. */
#include "config.h"

#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>
#include <stdbool.h>
#include <string.h>

#include "ui/keymap.h"
#include "core/util.h"
#include "helpers.h"

static void keys_parse(void **state)
{
    (void)state;
    assert_int_equal(keymap_parse_key("q", 1), 'q');
    assert_int_equal(keymap_parse_key("C-c", 3), 3);
    assert_int_equal(keymap_parse_key("Enter", 5), FT_KEY_ENTER);
    assert_int_equal(keymap_parse_key("PgDn", 4), FT_KEY_PGDN);
    assert_int_equal(keymap_parse_key("Space", 5), ' ');
    assert_int_equal(keymap_parse_key("Bogus", 5), FT_KEY_NONE);
}

static void default_bindings(void **state)
{
    (void)state;
    assert_int_equal(keymap_lookup('q'), ACT_QUIT);
    assert_int_equal(keymap_lookup(3), ACT_INTERRUPT);   /* quits unless a live input runs */
    assert_int_equal(keymap_lookup('k'), ACT_MOVE_UP);
    assert_int_equal(keymap_lookup(FT_KEY_UP), ACT_MOVE_UP);
    assert_int_equal(keymap_lookup('j'), ACT_MOVE_DOWN);
    assert_int_equal(keymap_lookup(FT_KEY_LEFT), ACT_MOVE_LEFT);
    assert_int_equal(keymap_lookup('l'), ACT_MOVE_RIGHT);
    assert_int_equal(keymap_lookup(FT_KEY_ENTER), ACT_ZOOM_IN);
    assert_int_equal(keymap_lookup(FT_KEY_BACKSPACE), ACT_ZOOM_OUT);
    assert_int_equal(keymap_lookup('u'), ACT_ZOOM_OUT);
    assert_int_equal(keymap_lookup(FT_KEY_ESC), ACT_ZOOM_RESET);
    assert_int_equal(keymap_lookup('z'), ACT_ZOOM_RESET);
    assert_int_equal(keymap_lookup('i'), ACT_ORIENT);
    assert_int_equal(keymap_lookup('o'), ACT_ORDER);
    assert_int_equal(keymap_lookup('/'), ACT_SEARCH);
    assert_int_equal(keymap_lookup('n'), ACT_SEARCH_NEXT);
    assert_int_equal(keymap_lookup('N'), ACT_SEARCH_PREV);
    assert_int_equal(keymap_lookup('H'), ACT_FILTER_HIDE);
    assert_int_equal(keymap_lookup(' '), ACT_PAUSE);
    assert_int_equal(keymap_lookup('p'), ACT_PAUSE);
    assert_int_equal(keymap_lookup('G'), ACT_SCROLL_END);
    assert_int_equal(keymap_lookup('x'), ACT_EXPORT_SVG);
    assert_int_equal(keymap_lookup('!'), ACT_NONE);
    assert_int_equal(keymap_lookup(FT_KEY_NONE), ACT_NONE);
    assert_int_equal(keymap_lookup('Q'), ACT_QUIT_ALL);
    assert_int_equal(keymap_lookup('U'), ACT_FILTER_UNDO);
    assert_int_equal(keymap_lookup(12), ACT_REPAINT);                  /* C-l */
    assert_int_equal(keymap_parse_key("C-l", 3), 12);
}

/* Every key name in the table parses, and no key is bound to two actions in one screen
 * (+ and - are the chart's zoom and the tree's expand/collapse all). */
static void table_is_consistent(void **state)
{
    (void)state;
    for (int a = 0; a < ACT_COUNT; a++) {
        const char *p = keymap_keys((enum action)a);
        assert_true(strlen(p) > 0);
        assert_true(strlen(keymap_help((enum action)a)) > 0);
        while (*p) {
            const char *e = strchr(p, ' ');
            size_t n = e ? (size_t)(e - p) : strlen(p);
            int k = keymap_parse_key(p, n);
            assert_int_not_equal(k, FT_KEY_NONE);
            for (int sc = 0; sc < SCREEN_COUNT; sc++)
                if (keymap_screens((enum action)a) & (1u << sc))
                    assert_int_equal(keymap_lookup_in(k, (enum ui_screen)sc), a);
            p += n;
            while (*p == ' ')
                p++;
        }
    }
}

/* The help of each screen lists exactly the actions that work there, and the mouse. */
static void help_lists_the_screens_actions(void **state)
{
    (void)state;
    for (int s = 0; s < SCREEN_COUNT; s++) {
        struct buf b = {0};
        size_t n = 0;
        keymap_help_text(&b, (enum ui_screen)s, "what the mouse does");
        buf_putc(&b, '\0');
        for (int a = 0; a < ACT_COUNT; a++) {
            bool here = (keymap_screens((enum action)a) & (1u << s)) != 0;
            n += here;
            if (here)
                assert_non_null(strstr(b.p, keymap_help((enum action)a)));
            else
                assert_null(strstr(b.p, keymap_help((enum action)a)));
        }
        assert_int_equal(count_newlines(b.p, strlen(b.p)), n + 1);
        assert_non_null(strstr(b.p, "mouse"));
        buf_fini(&b);
    }
    struct buf b = {0};
    keymap_help_text(&b, SCREEN_GRAPH, "what the mouse does");
    buf_putc(&b, '\0');
    assert_non_null(strstr(b.p, "Backspace u"));
    size_t in_graph = 0;   /* every action but the time view's, the chart's, the tree's and
                            * the sandwich's own */
    for (int a = 0; a < ACT_COUNT; a++)
        in_graph += (keymap_screens((enum action)a) & SCR_G) != 0;
    assert_int_equal(in_graph, ACT_COUNT - 1 - 2 - 3 - 1);
    assert_int_equal(count_newlines(b.p, strlen(b.p)), in_graph + 1);
    buf_fini(&b);
    assert_string_equal(keymap_name(ACT_ZOOM_IN), "ZOOM_IN");
}

static void every_action_has_screens(void **state)
{
    (void)state;
    for (int a = 0; a < ACT_COUNT; a++) {
        unsigned m = keymap_screens((enum action)a);
        assert_int_not_equal(m, 0);
        assert_int_equal(m & ~(unsigned)SCR_ALL, 0);
    }
    assert_int_equal(keymap_screens(ACT_NONE), 0);
    assert_int_equal(keymap_screens(ACT_COUNT), 0);
}

static void lookup_respects_screens(void **state)
{
    (void)state;
    /* h and l move along a row in the graphs only */
    assert_int_equal(keymap_lookup_in('h', SCREEN_GRAPH), ACT_MOVE_LEFT);
    assert_int_equal(keymap_lookup_in('h', SCREEN_CALLERS), ACT_MOVE_LEFT);
    assert_int_equal(keymap_lookup_in('h', SCREEN_TABLE), ACT_NONE);
    assert_int_equal(keymap_lookup_in('l', SCREEN_TABLE), ACT_NONE);
    assert_int_equal(keymap_lookup_in('h', SCREEN_HELP), ACT_NONE);
    /* filters are the graphs' */
    assert_int_equal(keymap_lookup_in('f', SCREEN_CALLERS), ACT_FILTER_INCLUDE);
    assert_int_equal(keymap_lookup_in('f', SCREEN_TABLE), ACT_NONE);
    assert_int_equal(keymap_lookup_in('U', SCREEN_TABLE), ACT_NONE);
    /* the table: Enter opens, o sorts, / n N search, t closes */
    assert_int_equal(keymap_lookup_in(FT_KEY_ENTER, SCREEN_TABLE), ACT_ZOOM_IN);
    assert_int_equal(keymap_lookup_in('o', SCREEN_TABLE), ACT_ORDER);
    assert_int_equal(keymap_lookup_in('n', SCREEN_TABLE), ACT_SEARCH_NEXT);
    assert_int_equal(keymap_lookup_in('t', SCREEN_TABLE), ACT_TOP);
    assert_int_equal(keymap_lookup_in('j', SCREEN_TABLE), ACT_MOVE_DOWN);
    /* the help: scrolling and leaving only */
    assert_int_equal(keymap_lookup_in(FT_KEY_ENTER, SCREEN_HELP), ACT_NONE);
    assert_int_equal(keymap_lookup_in('/', SCREEN_HELP), ACT_NONE);
    assert_int_equal(keymap_lookup_in('j', SCREEN_HELP), ACT_MOVE_DOWN);
    assert_int_equal(keymap_lookup_in(FT_KEY_ESC, SCREEN_HELP), ACT_ZOOM_RESET);
    /* everywhere */
    for (int s = 0; s < SCREEN_COUNT; s++) {
        assert_int_equal(keymap_lookup_in('q', (enum ui_screen)s), ACT_QUIT);
        assert_int_equal(keymap_lookup_in('Q', (enum ui_screen)s), ACT_QUIT_ALL);
        assert_int_equal(keymap_lookup_in('?', (enum ui_screen)s), ACT_HELP);
        assert_int_equal(keymap_lookup_in(12, (enum ui_screen)s), ACT_REPAINT);
        assert_int_equal(keymap_lookup_in(FT_KEY_NONE, (enum ui_screen)s), ACT_NONE);
    }
    assert_int_equal(keymap_lookup_in('q', SCREEN_COUNT), ACT_NONE);
    /* lookup_in agrees with lookup where the action works */
    for (int a = 0; a < ACT_COUNT; a++)
        for (int s = 0; s < SCREEN_COUNT; s++)
            if (keymap_screens((enum action)a) & (1u << s)) {
                int k = keymap_parse_key(keymap_keys((enum action)a),
                                         strcspn(keymap_keys((enum action)a), " "));
                assert_int_equal(keymap_lookup_in(k, (enum ui_screen)s), a);
            }
}

/* Every screen's help says how to leave it and how to get help. */
static void every_help_lists_quit_and_help(void **state)
{
    (void)state;
    for (int s = 0; s < SCREEN_COUNT; s++) {
        struct buf b = {0};
        keymap_help_text(&b, (enum ui_screen)s, "what the mouse does");
        buf_putc(&b, '\0');
        assert_non_null(strstr(b.p, keymap_help(ACT_QUIT)));
        assert_non_null(strstr(b.p, keymap_help(ACT_QUIT_ALL)));
        assert_non_null(strstr(b.p, keymap_help(ACT_HELP)));
        assert_non_null(strstr(b.p, "C-c "));   /* Ctrl-C: live stop, else quit */
        buf_fini(&b);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(keys_parse),
        cmocka_unit_test(default_bindings),
        cmocka_unit_test(table_is_consistent),
        cmocka_unit_test(help_lists_the_screens_actions),
        cmocka_unit_test(every_action_has_screens),
        cmocka_unit_test(lookup_respects_screens),
        cmocka_unit_test(every_help_lists_quit_and_help),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
