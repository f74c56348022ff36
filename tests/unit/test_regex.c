/* SPDX-License-Identifier: MIT */
/* flametui - unit tests: regex (smartcase, errors, byte strings, strtab matching). */
#include "config.h"

#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "query/regex.h"
#include "core/strtab.h"

static bool m(const char *pat, const char *s)
{
    struct ft_error err = {0};
    struct regex *re = regex_new(pat, &err);
    assert_non_null(re);
    bool r = regex_match(re, s, strlen(s));
    regex_free(re);
    return r;
}

static void unanchored_and_anchored(void **state)
{
    (void)state;
    assert_true(m("idle", "cpu_idle"));
    assert_false(m("^idle", "cpu_idle"));
    assert_true(m("^\\[unknown\\]$", "[unknown]"));
    assert_false(m("^\\[unknown\\]$", "[unknown]x"));
    assert_true(m("sys_(read|write)", "sys_write"));
    assert_true(m("", "anything"));
    assert_true(m("", ""));
}

static void smartcase(void **state)
{
    (void)state;
    assert_true(m("malloc", "MALLOC"));          /* lowercase: caseless */
    assert_true(m("malloc", "Malloc"));
    assert_false(m("Malloc", "malloc"));         /* an uppercase letter: exact case */
    assert_true(m("Malloc", "Malloc"));
    assert_true(m("\\Sjava", "xJAVA"));          /* \S is an escape, not a literal S */
    assert_true(m("a\\d", "A1"));
    assert_true(m("\\x41b", "aB"));              /* hex digits do not count */
    assert_true(m("(?<Name>foo)", "FOO"));       /* group names do not count */
    assert_false(m("\\QFoo\\E", "foo"));         /* quoted literal letters count */
    assert_false(m("[A-Z]x", "ax"));             /* classes count */
    assert_false(m("(?=Foo)", "foo"));           /* lookahead contents count */
    assert_true(m("(?-i)abc", "abc"));           /* inline options still apply */
    assert_false(m("(?-i)abc", "ABC"));
    assert_true(regex_smartcase_lower("\\p{Lu}x"));
    assert_true(regex_smartcase_lower("(*UCP)x"));
    assert_true(regex_smartcase_lower("(?U)a+"));
    assert_false(regex_smartcase_lower("(?U)A+"));
    assert_false(regex_smartcase_lower("xY"));
    struct ft_error err = {0};
    struct regex *re = regex_new("abc", &err);
    assert_true(regex_caseless(re));
    assert_string_equal(regex_pattern(re), "abc");
    regex_free(re);
    re = regex_new("aBc", &err);
    assert_false(regex_caseless(re));
    regex_free(re);
}

static void invalid_message(void **state)
{
    (void)state;
    struct ft_error err = {0};
    assert_null(regex_new("(abc", &err));
    assert_string_equal(err.msg, "missing closing parenthesis at offset 4");
    assert_int_equal(err.line, 0);
    memset(&err, 0, sizeof err);
    assert_null(regex_new("a[b", &err));
    assert_non_null(strstr(err.msg, "at offset 3"));
    assert_null(regex_new("*x", NULL));          /* err may be NULL */
}

static void bytes_nul_and_invalid_utf8(void **state)
{
    (void)state;
    struct regex *re = regex_new("b.c", NULL);
    assert_non_null(re);
    static const char nul[] = {'a', 'b', '\0', 'c', 'd'};
    assert_true(regex_match(re, nul, sizeof nul));          /* . matches a NUL byte */
    static const char bad[] = {'\xff', '\xfe', 'b', '\xc3', 'c', '\x80'};
    assert_true(regex_match(re, bad, sizeof bad));          /* . matches one byte */
    assert_false(regex_match(re, bad, 3));                  /* length is respected */
    regex_free(re);
    re = regex_new("\\xff", NULL);
    assert_true(regex_match(re, bad, sizeof bad));          /* byte 0xff */
    regex_free(re);
    re = regex_new("caf\xc3\xa9", NULL);                    /* UTF-8 literal as bytes */
    assert_true(regex_match(re, "x caf\xc3\xa9 y", 9));
    regex_free(re);
}

static void catastrophic_is_no_match(void **state)
{
    (void)state;
    struct regex *re = regex_new("^(a+)+$", NULL);
    char s[64];
    memset(s, 'a', sizeof s);
    s[sizeof s - 1] = 'b';
    assert_true(regex_match(re, s, 10));
    assert_false(regex_too_expensive(re));
    assert_false(regex_match(re, s, sizeof s));  /* hits the limit: no match, no hang */
    assert_true(regex_too_expensive(re));        /* and gives up from then on */
    assert_false(regex_match(re, s, 10));
    regex_free(re);
}

/* A limit hit makes the pattern too expensive and stops a run of names at once
 * (20,000 names of (a+)+$ took 38 s at 2.5 ms each) */
static void too_expensive_stops(void **state)
{
    (void)state;
    struct strtab *s = strtab_new();
    char name[48];
    for (int i = 0; i < 20000; i++) {
        int n = snprintf(name, sizeof name, "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaa%d", i);
        strtab_intern(s, name, (size_t)n);
    }
    strtab_intern(s, "aaaa", 4);
    struct regex *re = regex_new("(a+)+$", NULL);
    assert_false(regex_too_expensive(re));
    unsigned char *out = malloc(strtab_count(s));
    memset(out, 7, strtab_count(s));
    assert_int_equal(regex_match_names(re, s, 0, strtab_count(s), out), 0);
    assert_true(regex_too_expensive(re));
    for (size_t i = 0; i < strtab_count(s); i++)
        assert_int_equal(out[i], 0);                /* given up: nothing matches */
    assert_false(regex_match(re, "aaaa", 4));
    regex_free(re);
    re = regex_new("a+0$", NULL);                   /* a sane pattern stays sane */
    assert_int_equal(regex_match_names(re, s, 0, strtab_count(s), out), 1);
    assert_false(regex_too_expensive(re));
    regex_free(re);
    free(out);
    strtab_free(s);
}

static void match_names_range(void **state)
{
    (void)state;
    struct strtab *s = strtab_new();
    strtab_intern(s, "main", 4);
    strtab_intern(s, "cpu_idle", 8);
    strtab_intern(s, "idle\0x", 6);
    struct regex *re = regex_new("idle", NULL);
    unsigned char out[8];
    memset(out, 7, sizeof out);
    assert_int_equal(regex_match_names(re, s, 0, 2, out), 1);
    assert_int_equal(out[0], 0);
    assert_int_equal(out[1], 1);
    assert_int_equal(out[2], 7);                 /* untouched outside [from, to) */
    assert_int_equal(regex_match_names(re, s, 2, 100, out), 1);   /* to clamped */
    assert_int_equal(out[2], 1);
    assert_int_equal(out[3], 7);
    regex_free(re);
    strtab_free(s);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(unanchored_and_anchored),
        cmocka_unit_test(smartcase),
        cmocka_unit_test(invalid_message),
        cmocka_unit_test(bytes_nul_and_invalid_utf8),
        cmocka_unit_test(catastrophic_is_no_match),
        cmocka_unit_test(match_names_range),
        cmocka_unit_test(too_expensive_stops),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
