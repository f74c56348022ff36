/* SPDX-License-Identifier: MIT */
/* flametui - unit tests: the call tree's rows, expansion, pruning and text. */
#include "config.h"

#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "query/calltree.h"
#include "helpers.h"
#include "core/strtab.h"
#include "core/trie.h"

static const char *PROFILE = "main;a;x 5\nmain;a;y 2\nmain;b 2\nmain 1\nidle 10\n";

/* The whole text of calltree_print. */
static char *printed(struct trie *t, double min, uint32_t depth, const struct calltree_fmt *f)
{
    char *mem = NULL;
    size_t len = 0;
    FILE *out = open_memstream(&mem, &len);
    assert_non_null(out);
    assert_int_equal(calltree_print(out, t, min, depth, f), 0);
    fclose(out);
    return mem;
}

static void print_top_down(void **state)
{
    (void)state;
    struct trie *t = trie_from_folded(PROFILE);
    struct calltree_fmt f = {.ascii = false};
    char *s = printed(t, 0, 0, &f);
    assert_string_equal(s, "  TOTAL%    SELF%        TOTAL  FUNCTION\n"
                           "  50.00%   50.00%           10  idle\n"
                           "  50.00%    5.00%           10  main\n"
                           "  35.00%    0.00%            7  \u251c\u2500 a\n"
                           "  25.00%   25.00%            5  \u2502  \u251c\u2500 x\n"
                           "  10.00%   10.00%            2  \u2502  \u2514\u2500 y\n"
                           "  10.00%   10.00%            2  \u2514\u2500 b\n");
    free(s);
    f.ascii = true;
    s = printed(t, 0.2, 0, &f);   /* y and b (10 %) pruned: a is the last child */
    assert_string_equal(s, "  TOTAL%    SELF%        TOTAL  FUNCTION\n"
                           "  50.00%   50.00%           10  idle\n"
                           "  50.00%    5.00%           10  main\n"
                           "  35.00%    0.00%            7  `- a\n"
                           "  25.00%   25.00%            5     `- x\n");
    free(s);
    s = printed(t, 0, 1, &f);     /* one level */
    assert_string_equal(s, "  TOTAL%    SELF%        TOTAL  FUNCTION\n"
                           "  50.00%   50.00%           10  idle\n"
                           "  50.00%    5.00%           10  main\n");
    free(s);
    trie_free(t);
}

static void expand_collapse(void **state)
{
    (void)state;
    struct trie *t = trie_from_folded(PROFILE);
    struct calltree c;
    calltree_init(&c);
    calltree_attach(&c, t);
    calltree_rows(&c);
    assert_int_equal(c.n, 2);   /* everything collapsed: the roots */
    uint32_t main_ = trie_node_at(t, "main"), a = trie_node_at(t, "main;a");
    assert_int_equal(calltree_find(&c, main_), 1);
    assert_true(calltree_has_kids(&c, main_));
    assert_false(calltree_has_kids(&c, trie_node_at(t, "idle")));
    calltree_set_open(&c, main_, true);
    calltree_rows(&c);
    assert_int_equal(c.n, 4);
    assert_int_equal(c.v[2].node, a);
    assert_int_equal(c.v[2].depth, 2);
    calltree_set_open(&c, main_, false);
    calltree_rows(&c);
    assert_int_equal(c.n, 2);
    assert_int_equal(calltree_find(&c, a), SIZE_MAX);
    /* the heaviest path: main -> a -> x */
    uint32_t deep = calltree_open_heaviest(&c, TRIE_ROOT);
    assert_int_equal(deep, trie_node_at(t, "idle"));   /* idle 10 = main 10: name order */
    deep = calltree_open_heaviest(&c, main_);
    assert_int_equal(deep, trie_node_at(t, "main;a;x"));
    calltree_rows(&c);
    assert_int_equal(c.n, 6);
    assert_false(calltree_is_open(&c, trie_node_at(t, "main;b")));
    calltree_open_all(&c, false);
    calltree_reveal(&c, trie_node_at(t, "main;a;y"));
    calltree_rows(&c);
    assert_int_not_equal(calltree_find(&c, trie_node_at(t, "main;a;y")), SIZE_MAX);
    calltree_open_all(&c, true);
    calltree_rows(&c);
    assert_int_equal(c.n, 6);   /* every node */
    /* another trie: everything collapsed again */
    struct trie *t2 = trie_from_folded("p;q 1\n");
    calltree_attach(&c, t2);
    calltree_rows(&c);
    assert_int_equal(c.n, 1);
    calltree_fini(&c);
    trie_free(t2);
    trie_free(t);
}

static void search_expands(void **state)
{
    (void)state;
    struct trie *t = trie_from_folded(PROFILE);
    struct calltree c;
    calltree_init(&c);
    calltree_attach(&c, t);
    size_t nm = strtab_count(trie_names(t));
    unsigned char *m = calloc(nm, 1);
    m[strtab_lookup(trie_names(t), "y", 1)] = 1;
    assert_int_equal(calltree_open_matches(&c, m, nm), 1);
    calltree_rows(&c);
    assert_int_equal(c.n, 6);   /* idle, main, a, x, y, b */
    assert_int_not_equal(calltree_find(&c, trie_node_at(t, "main;a;y")), SIZE_MAX);
    assert_false(calltree_is_open(&c, trie_node_at(t, "main;a;y")));
    free(m);
    calltree_fini(&c);
    trie_free(t);
}

static void line_markers_bottom_up(void **state)
{
    (void)state;
    struct trie *t = trie_from_folded("x;a;main 5\ny;a;main 2\n");
    struct calltree c;
    calltree_init(&c);
    calltree_attach(&c, t);
    calltree_rows(&c);
    struct calltree_fmt f = {.ascii = true, .bottom_up = true, .markers = true};
    struct buf b = {0};
    calltree_header(&c, &f, &b);
    calltree_line(&c, 0, &f, &b);
    buf_putc(&b, '\0');
    assert_string_equal(b.p, "   SELF%         SELF  FUNCTION (its callers below it)"
                             "  71.43%            5  + x");
    buf_fini(&b);
    calltree_fini(&c);
    trie_free(t);
}

static void diff_columns(void **state)
{
    (void)state;
    struct trie *t = trie_diff_of("main;a 3\nmain;b 1\n", "main;a 1\nmain;b 3\n", false);
    struct calltree_fmt f = {.ascii = true};
    char *s = printed(t, 0, 0, &f);
    assert_string_equal(s, "   BASE%     NEW%    DELTA  FUNCTION\n"
                           " 100.00%  100.00%    +0.00  main\n"
                           "  25.00%   75.00%   +50.00  |- b\n"
                           "  75.00%   25.00%   -50.00  `- a\n");
    free(s);
    trie_free(t);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(print_top_down),
        cmocka_unit_test(expand_collapse),
        cmocka_unit_test(search_expands),
        cmocka_unit_test(line_markers_bottom_up),
        cmocka_unit_test(diff_columns),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
