/* SPDX-License-Identifier: MIT */
/* flametui - unit tests: the bpftrace map parser (input/parse_bpftrace.h). */
#include "config.h"

#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>
#include <stdlib.h>
#include <string.h>

#include "helpers.h"
#include "input/parse_bpftrace.h"
#include "core/trie.h"

/* Collapses text fed in pieces of `piece` bytes (0: whole); *skipped gets the count. */
static char *collapse(const char *text, size_t piece, size_t max_line, size_t *skipped,
                      struct ft_error *first)
{
    struct trie *t = trie_new(NULL);
    struct bpftrace_parser *p = bpftrace_new(t, max_line);
    size_t n = strlen(text), have = 0, done = 0;
    while (piece && have < n) {
        have += piece;
        if (have > n)
            have = n;
        size_t used = bpftrace_feed(p, text + done, have - done, false);
        assert_true(used == 0 || text[done + used - 1] == '\n');
        done += used;
    }
    assert_int_equal(bpftrace_feed(p, text + done, n - done, true), n - done);
    *skipped = bpftrace_skipped(p, first);
    char *out = trie_to_collapsed(t);
    bpftrace_free(p);
    trie_free(t);
    return out;
}

static const char maps[] =
    "Attaching 2 probes...\n"
    "\n\n"
    "@bytes: 12\n"
    "@[\n"
    "    leaf+5\n"
    "    mid+10\n"
    "    root+1\n"
    "]: 7\n"
    "@[bash, \n"             /* a comm key first (the script drops it): the root */
    "    leaf+5\n"
    "    root+1\n"
    "]: 2\n"
    "@[\n"
    "\tleaf+5\n"
    "\n"                     /* an empty frame line is left out */
    "\tmid+10\n"
    "\troot+1\n"
    ", swapper/0]: 3\n"     /* a comm key after the stack: the root */
    "@k[\n"                  /* a named map */
    "    leaf+5\n"
    "    mid+10\n"
    "    root+1\n"
    "]: 1\n"
    "@[, idle]: 4\n"
    "@c[bash]: 9\n";

static void forms_of_keys(void **state)
{
    (void)state;
    static const size_t pieces[] = {0, 1, 2, 7, 64};
    for (size_t i = 0; i < sizeof pieces / sizeof *pieces; i++) {
        size_t skipped;
        struct ft_error first;
        char *out = collapse(maps, pieces[i], 0, &skipped, &first);
        assert_string_equal(out, "bash;root+1;leaf+5 2\n"
                                 "idle 4\n"
                                 "root+1;mid+10;leaf+5 8\n"
                                 "swapper/0;root+1;mid+10;leaf+5 3\n");
        assert_int_equal(skipped, 0);
        free(out);
    }
}

static void unclosed_and_long(void **state)
{
    (void)state;
    size_t skipped;
    struct ft_error first;
    char *out = collapse("@[\n    a\n]: 1\n@[\n    b\n", 3, 0, &skipped, &first);
    assert_string_equal(out, "a 1\n");
    assert_int_equal(skipped, 1);
    assert_int_equal(first.line, 4);
    assert_string_equal(first.msg, "stack not closed by ']: COUNT'");
    free(out);
    out = collapse("@[\n    a\n    bbbbbbbbbbbbbbbbbbbbbbbbb\n]: 1\n@[\n    c\n]: 2\n", 0, 16,
                   &skipped, &first);
    assert_string_equal(out, "c 2\n");
    assert_int_equal(skipped, 1);
    assert_int_equal(first.line, 1);
    free(out);
    /* "]: N" closes the stack wherever it is on the line (the last one counts), and only
     * one blank goes before the frame that comes with it (as in the script) */
    out = collapse("@[\n    f]: 1 y]: 5\n", 0, 0, &skipped, &first);
    assert_string_equal(out, "   f]: 1 y 5\n");
    free(out);
    out = collapse("@[\n]: 5\n", 0, 0, &skipped, &first);
    assert_string_equal(out, "");
    assert_int_equal(skipped, 1);
    assert_string_equal(first.msg, "empty stack");
    free(out);
}

static void sniff(void **state)
{
    (void)state;
    assert_true(bpftrace_sniff("Attaching 1 probe...\n", 21));
    assert_true(bpftrace_sniff("\n\nAttaching 12 probes...\n", 25));
    assert_true(bpftrace_sniff("@[\n", 3));
    assert_true(bpftrace_sniff("@stacks[\n", 9));
    assert_false(bpftrace_sniff("Attaching 1 probe...", 20));   /* wait for the line */
    assert_false(bpftrace_sniff("Attaching things 1\n", 19));
    assert_false(bpftrace_sniff("main;@[ 1\n", 10));
    assert_false(bpftrace_sniff("@x 1\n", 5));
    assert_false(bpftrace_sniff("", 0));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(forms_of_keys),
        cmocka_unit_test(unclosed_and_long),
        cmocka_unit_test(sniff),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
