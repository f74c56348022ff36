/* flametui - tests/unit/test_keymap.c: the action table, key parsing, lookup, help. */
#include "config.h"

#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>
#include <string.h>

#include "ui/keymap.h"
#include "core/util.h"

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
    assert_int_equal(keymap_lookup(3), ACT_QUIT);
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
    assert_int_equal(keymap_lookup('x'), ACT_NONE);
    assert_int_equal(keymap_lookup(FT_KEY_NONE), ACT_NONE);
}

/* Every key name in the table parses, and no key is bound to two actions. */
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
            assert_int_equal(keymap_lookup(k), a);
            p += n;
            while (*p == ' ')
                p++;
        }
    }
}

static void help_lists_every_action(void **state)
{
    (void)state;
    struct buf b = {0};
    keymap_help_text(&b);
    buf_putc(&b, '\0');
    size_t lines = 0;
    for (const char *p = b.p; *p; p++)
        lines += *p == '\n';
    assert_int_equal(lines, ACT_COUNT + 1);
    for (int a = 0; a < ACT_COUNT; a++)
        assert_non_null(strstr(b.p, keymap_help((enum action)a)));
    assert_non_null(strstr(b.p, "Backspace u"));
    assert_non_null(strstr(b.p, "mouse"));
    assert_string_equal(keymap_name(ACT_ZOOM_IN), "ZOOM_IN");
    buf_fini(&b);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(keys_parse),
        cmocka_unit_test(default_bindings),
        cmocka_unit_test(table_is_consistent),
        cmocka_unit_test(help_lists_every_action),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
