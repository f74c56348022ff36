/* SPDX-License-Identifier: MIT */
/* flametui - unit tests: callers and callees of one function, with recursion. */
#include "config.h"

#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>
#include <stdlib.h>
#include <string.h>

#include "query/callers.h"
#include "helpers.h"
#include "core/strtab.h"
#include "core/trie.h"

static uint32_t id(struct trie *t, const char *name)
{
    return strtab_lookup(trie_names(t), name, strlen(name));
}

static void expect(struct trie *r, const char *want)
{
    char *got = trie_to_collapsed(r);
    assert_string_equal(got, want);
    free(got);
    trie_free(r);
}

static void direct_recursion(void **state)
{
    (void)state;
    struct trie *t = trie_from_folded("main;f;g 2\nmain;h;f;g;f;k 3\nf 1\nmain;x 4\nf;f 5\n");
    char *before = trie_to_collapsed(t);
    struct trie *r = callers_callees(t, id(t, "f"));
    assert_true(trie_total_d(r, TRIE_ROOT) == 11.0);      /* samples of stacks with f */
    expect(r, "f 1\nf;f 5\nf;g 2\nf;g;f;k 3\n");
    r = callers_callers(t, id(t, "f"));
    assert_true(trie_total_d(r, TRIE_ROOT) == 11.0);
    expect(r, "f 6\nf;h;main 3\nf;main 2\n");             /* outermost occurrence */
    char *after = trie_to_collapsed(t);
    assert_string_equal(before, after);
    assert_ptr_equal(trie_names(t), trie_names(t));
    free(after);
    free(before);
    trie_free(t);
}

/* The function's own numbers, as the table has them: self over every occurrence, total
 * once per stack. */
static void own_self_and_total(void **state)
{
    (void)state;
    struct trie *t = trie_from_folded("main;f;f;g 2\nmain;f 3\nmain;f;f 4\nf;x 1\nmain 5\n");
    assert_true(count_to_double(callers_self(t, id(t, "f"))) == 7.0);
    assert_true(count_to_double(callers_total(t, id(t, "f"))) == 10.0);
    assert_true(count_to_double(callers_self(t, id(t, "main"))) == 5.0);
    assert_true(count_to_double(callers_total(t, id(t, "g"))) == 2.0);
    assert_true(count_to_double(callers_self(t, id(t, "g"))) == 2.0);
    trie_free(t);
}

static void indirect_recursion(void **state)
{
    (void)state;
    struct trie *t = trie_from_folded("a;b;a;b 4\na;c 1\nx;b;a;b;a;c 2\n");
    expect(callers_callees(t, id(t, "b")), "b;a;b 4\nb;a;b;a;c 2\n");
    expect(callers_callers(t, id(t, "b")), "b;a 4\nb;x 2\n");
    expect(callers_callees(t, id(t, "a")), "a;b;a;b 4\na;b;a;c 2\na;c 1\n");
    expect(callers_callers(t, id(t, "a")), "a 5\na;b;x 2\n");
    trie_free(t);
}

static void absent_function(void **state)
{
    (void)state;
    struct trie *t = trie_from_folded("a;b 1\n");
    uint32_t z = strtab_intern(trie_names(t), "z", 1);
    struct trie *r = callers_callees(t, z);
    assert_int_equal(trie_size(r), 1);
    assert_true(trie_total_d(r, TRIE_ROOT) == 0.0);
    expect(r, "");
    expect(callers_callers(t, z), "");
    trie_free(t);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(direct_recursion),
        cmocka_unit_test(own_self_and_total),
        cmocka_unit_test(indirect_recursion),
        cmocka_unit_test(absent_function),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
