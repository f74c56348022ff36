/* SPDX-License-Identifier: MIT */
/* flametui - unit tests: top (self/total with recursion, sorting, --top output). */
#include "config.h"

#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/count.h"
#include "helpers.h"
#include "core/strtab.h"
#include "query/top.h"
#include "core/trie.h"
#include "core/util.h"

static const struct top_row *row(const struct top *tp, struct trie *t, const char *name)
{
    uint32_t id = strtab_lookup(trie_names(t), name, strlen(name));
    for (size_t i = 0; i < tp->n; i++)
        if (tp->v[i].name == id)
            return &tp->v[i];
    fail_msg("no row %s", name);
    return NULL;
}

static void direct_recursion(void **state)
{
    (void)state;
    struct trie *t = trie_from_folded("main;f;f;f 3\nmain;f;g 2\nmain 1\ng;f 7\n");
    struct top tp = {0};
    top_compute(t, TOP_BY_SELF, &tp);
    assert_int_equal(tp.n, 3);
    assert_int_equal(tp.all.u, 13);
    assert_int_equal(row(&tp, t, "f")->self.u, 10);
    assert_int_equal(row(&tp, t, "f")->total.u, 12);      /* 3 + 2 + 7, recursion once */
    assert_int_equal(row(&tp, t, "main")->total.u, 6);
    assert_int_equal(row(&tp, t, "main")->self.u, 1);
    assert_int_equal(row(&tp, t, "g")->self.u, 2);
    assert_int_equal(row(&tp, t, "g")->total.u, 9);
    /* sorted by self: f 10, g 2, main 1 */
    assert_ptr_equal(&tp.v[0], row(&tp, t, "f"));
    assert_ptr_equal(&tp.v[2], row(&tp, t, "main"));
    top_sort(&tp, t, TOP_BY_TOTAL);                       /* f 12, g 9, main 6 */
    assert_ptr_equal(&tp.v[1], row(&tp, t, "g"));
    top_sort(&tp, t, TOP_BY_NAME);                        /* f g main */
    assert_ptr_equal(&tp.v[2], row(&tp, t, "main"));
    top_fini(&tp);
    trie_free(t);
}

static void indirect_recursion(void **state)
{
    (void)state;
    struct trie *t = trie_from_folded("a;b;a;b 4\na;c 1\nb;a;b;a;c 2\n");
    struct top tp = {0};
    top_compute(t, TOP_BY_TOTAL, &tp);
    assert_int_equal(row(&tp, t, "a")->total.u, 7);
    assert_int_equal(row(&tp, t, "b")->total.u, 6);
    assert_int_equal(row(&tp, t, "b")->self.u, 4);
    assert_int_equal(row(&tp, t, "a")->self.u, 0);
    assert_int_equal(row(&tp, t, "c")->total.u, 3);
    assert_ptr_equal(&tp.v[0], row(&tp, t, "a"));
    /* totals never exceed all samples */
    for (size_t i = 0; i < tp.n; i++)
        assert_true(tp.v[i].total.u <= tp.all.u);
    top_fini(&tp);
    trie_free(t);
}

/* Random stacks over few names (lots of direct and indirect recursion): totals against
 * a naive count of "stacks containing the name". */
static void random_recursion_against_naive(void **state)
{
    (void)state;
    enum { STACKS = 3000, NAMES = 12, DEPTH = 14 };
    static unsigned char stk[STACKS][DEPTH];
    static int len[STACKS], cnt[STACKS];
    uint64_t want_total[NAMES] = {0}, want_self[NAMES] = {0};
    uint64_t x = 12345;
    struct buf text = {0};
    for (int s = 0; s < STACKS; s++) {
        x = x * 6364136223846793005ull + 1442695040888963407ull;
        len[s] = 1 + (int)(x >> 60) % DEPTH;
        cnt[s] = 1 + (int)(x >> 40) % 5;
        int on[NAMES] = {0};
        for (int d = 0; d < len[s]; d++) {
            x = x * 6364136223846793005ull + 1442695040888963407ull;
            stk[s][d] = (unsigned char)((x >> 33) % NAMES);
            buf_printf(&text, "%sf%d", d ? ";" : "", stk[s][d]);
            if (!on[stk[s][d]]++)
                want_total[stk[s][d]] += (uint64_t)cnt[s];
        }
        want_self[stk[s][len[s] - 1]] += (uint64_t)cnt[s];
        buf_printf(&text, " %d\n", cnt[s]);
    }
    buf_putc(&text, '\0');
    struct trie *t = trie_from_folded(text.p);
    struct top tp = {0};
    top_compute(t, TOP_BY_NAME, &tp);
    assert_int_equal(tp.n, NAMES);
    for (int k = 0; k < NAMES; k++) {
        char nm[8];
        snprintf(nm, sizeof nm, "f%d", k);
        assert_int_equal(row(&tp, t, nm)->total.u, want_total[k]);
        assert_int_equal(row(&tp, t, nm)->self.u, want_self[k]);
    }
    top_fini(&tp);
    trie_free(t);
    buf_fini(&text);
}

static char *print(struct trie *t, size_t n)
{
    char *s = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&s, &len);
    assert_int_equal(top_print(f, t, n), 0);
    fclose(f);
    return s;
}

static void print_format(void **state)
{
    (void)state;
    struct trie *t = trie_from_folded("main;f;f 3\nmain;g 1.5\nmain 0.5\n");
    char *s = print(t, 0);
    char *line = strtok(s, "\n");
    assert_non_null(line);
    assert_int_equal(line[0], '#');
    assert_non_null(strstr(line, "SELF"));
    char self[32], selfp[32], total[32], totalp[32], name[32];
    line = strtok(NULL, "\n");
    assert_int_equal(sscanf(line, "%31s %31s %31s %31s %31s", self, selfp, total, totalp, name),
                     5);
    assert_string_equal(self, "3");
    assert_string_equal(selfp, "60.00%");
    assert_string_equal(total, "3");
    assert_string_equal(name, "f");
    line = strtok(NULL, "\n");
    sscanf(line, "%31s %31s %31s %31s %31s", self, selfp, total, totalp, name);
    assert_string_equal(self, "1.5");
    assert_string_equal(name, "g");
    line = strtok(NULL, "\n");
    sscanf(line, "%31s %31s %31s %31s %31s", self, selfp, total, totalp, name);
    assert_string_equal(self, "0.5");
    assert_string_equal(total, "5");
    assert_string_equal(totalp, "100.00%");
    assert_string_equal(name, "main");
    assert_null(strtok(NULL, "\n"));
    free(s);
    s = print(t, 1);                                      /* header + 1 row */
    assert_non_null(strstr(s, " f\n"));
    assert_null(strstr(s, " g\n"));
    free(s);
    trie_free(t);
}

/* The numbers part of a row: exactly the columns of --top (and the TUI table). */
static void row_numbers_format(void **state)
{
    (void)state;
    struct trie *t = trie_from_folded("main;f 3\nmain;g 1.5\nmain 0.5\n");
    struct top tp = {0};
    top_compute(t, TOP_BY_SELF, &tp);
    struct buf b = {0};
    top_row_numbers(&b, &tp.v[0], tp.all);
    buf_putc(&b, 0);
    assert_string_equal(b.p, "           3  60.00%            3  60.00%  ");
    b.len = 0;
    top_row_numbers(&b, &tp.v[1], tp.all);
    top_row_numbers(&b, &tp.v[2], count_u64(0));          /* appends; no samples: 0% */
    buf_putc(&b, 0);
    assert_string_equal(b.p, "         1.5  30.00%          1.5  30.00%  "
                             "         0.5   0.00%            5   0.00%  ");
    /* the rows of top_print are "  " + numbers + name */
    char *s = print(t, 1);
    assert_string_equal(strchr(s, '\n') + 1, "             3  60.00%            3  60.00%  f\n");
    free(s);
    buf_fini(&b);
    top_fini(&tp);
    trie_free(t);
}

static void name_with_spaces_unchanged(void **state)
{
    (void)state;
    struct trie *t = trie_from_folded("std::vector<int> operator() [clone .cold] 2\n");
    char *s = print(t, 0);
    assert_non_null(strstr(s, "100.00%  std::vector<int> operator() [clone .cold]\n"));
    free(s);
    trie_free(t);
    t = trie_from_folded("");
    s = print(t, 5);
    assert_int_equal(s[0], '#');
    assert_string_equal(strchr(s, '\n'), "\n");           /* the header only */
    free(s);
    trie_free(t);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(direct_recursion),
        cmocka_unit_test(indirect_recursion),
        cmocka_unit_test(random_recursion_against_naive),
        cmocka_unit_test(print_format),
        cmocka_unit_test(row_numbers_format),
        cmocka_unit_test(name_with_spaces_unchanged),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
