/* SPDX-License-Identifier: MIT */
/* flametui - tests/unit/test_lineedit.c: prompt editing model. */
#include "config.h"

#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>
#include <string.h>

#include "ui/keymap.h"
#include "ui/lineedit.h"

static void type(struct lineedit *le, const char *s)
{
    for (; *s; s++)
        assert_int_equal(lineedit_key(le, (unsigned char)*s), LE_CHANGED);
}

static void insert_and_move(void **state)
{
    (void)state;
    struct lineedit le;
    lineedit_init(&le);
    assert_string_equal(lineedit_text(&le), "");
    type(&le, "fo");
    assert_int_equal(lineedit_key(&le, FT_KEY_LEFT), LE_MOVED);
    type(&le, "X");
    assert_string_equal(lineedit_text(&le), "fXo");
    assert_int_equal(lineedit_key(&le, FT_KEY_HOME), LE_MOVED);
    assert_int_equal(lineedit_key(&le, FT_KEY_LEFT), LE_NONE);
    type(&le, "^");
    assert_string_equal(lineedit_text(&le), "^fXo");
    assert_int_equal(lineedit_key(&le, FT_KEY_END), LE_MOVED);
    assert_int_equal(lineedit_key(&le, FT_KEY_RIGHT), LE_NONE);
    assert_int_equal(le.cur, 4);
    lineedit_fini(&le);
}

static void utf8_and_delete(void **state)
{
    (void)state;
    struct lineedit le;
    lineedit_init(&le);
    type(&le, "a");
    assert_int_equal(lineedit_key(&le, 0xe9), LE_CHANGED);     /* é: 2 bytes */
    assert_int_equal(lineedit_key(&le, 0x1f525), LE_CHANGED);  /* 4 bytes */
    assert_string_equal(lineedit_text(&le), "a\xc3\xa9\xf0\x9f\x94\xa5");
    assert_int_equal(lineedit_key(&le, FT_KEY_LEFT), LE_MOVED);
    assert_int_equal(le.cur, 3);
    assert_int_equal(lineedit_key(&le, FT_KEY_BACKSPACE), LE_CHANGED);
    assert_string_equal(lineedit_text(&le), "a\xf0\x9f\x94\xa5");
    assert_int_equal(lineedit_key(&le, FT_KEY_DELETE), LE_CHANGED);
    assert_string_equal(lineedit_text(&le), "a");
    assert_int_equal(lineedit_key(&le, 27), LE_NONE);  /* raw ESC is never inserted */
    assert_int_equal(lineedit_key(&le, 0xd800), LE_NONE);
    lineedit_fini(&le);
}

static void kill_keys(void **state)
{
    (void)state;
    struct lineedit le;
    lineedit_init(&le);
    type(&le, "foo bar");
    assert_int_equal(lineedit_key(&le, 23), LE_CHANGED); /* C-w */
    assert_string_equal(lineedit_text(&le), "foo ");
    assert_int_equal(lineedit_key(&le, 21), LE_CHANGED); /* C-u */
    assert_string_equal(lineedit_text(&le), "");
    assert_int_equal(lineedit_key(&le, 21), LE_NONE);
    assert_int_equal(lineedit_key(&le, FT_KEY_BACKSPACE), LE_NONE);
    lineedit_fini(&le);
}

static void history(void **state)
{
    (void)state;
    struct lineedit le;
    lineedit_init(&le);
    type(&le, "one");
    assert_int_equal(lineedit_key(&le, FT_KEY_ENTER), LE_ACCEPT);
    lineedit_set(&le, NULL);
    type(&le, "two");
    assert_int_equal(lineedit_key(&le, FT_KEY_ENTER), LE_ACCEPT);
    lineedit_set(&le, NULL);
    type(&le, "dr");
    assert_int_equal(lineedit_key(&le, FT_KEY_UP), LE_CHANGED);
    assert_string_equal(lineedit_text(&le), "two");
    assert_int_equal(lineedit_key(&le, FT_KEY_UP), LE_CHANGED);
    assert_string_equal(lineedit_text(&le), "one");
    assert_int_equal(lineedit_key(&le, FT_KEY_UP), LE_NONE);
    assert_int_equal(lineedit_key(&le, FT_KEY_DOWN), LE_CHANGED);
    assert_int_equal(lineedit_key(&le, FT_KEY_DOWN), LE_CHANGED);
    assert_string_equal(lineedit_text(&le), "dr");   /* the draft comes back */
    assert_int_equal(lineedit_key(&le, FT_KEY_DOWN), LE_NONE);
    assert_int_equal(lineedit_key(&le, FT_KEY_ESC), LE_CANCEL);
    assert_int_equal(le.nhist, 2);
    lineedit_set(&le, NULL);
    assert_int_equal(lineedit_key(&le, FT_KEY_ENTER), LE_ACCEPT); /* empty: not kept */
    assert_int_equal(le.nhist, 2);
    lineedit_fini(&le);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(insert_and_move),
        cmocka_unit_test(utf8_and_delete),
        cmocka_unit_test(kill_keys),
        cmocka_unit_test(history),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
