/* SPDX-License-Identifier: MIT */
/* flametui - unit tests: annotate (source lines from FUNC:FILE:LINE frame names). */
#include "config.h"

#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>
#include <stdlib.h>
#include <string.h>

#include "query/annotate.h"
#include "query/regex.h"
#include "helpers.h"
#include "core/trie.h"

static void split_names(void **state)
{
    (void)state;
    size_t fl, fo, fil;
    uint32_t line;
    const char *s = "std::vector<int>::at:/usr/include/vector:1234";
    assert_true(annotate_split(s, strlen(s), &fl, &fo, &fil, &line));
    assert_int_equal(fl, strlen("std::vector<int>::at"));
    assert_int_equal(fil, strlen("/usr/include/vector"));
    assert_memory_equal(s + fo, "/usr/include/vector", fil);
    assert_int_equal(line, 1234);
    s = "leaf_hash:mt.c:6 (inlined)";   /* perf --srcline */
    assert_true(annotate_split(s, strlen(s), &fl, &fo, &fil, &line));
    assert_int_equal(fl, 9);
    assert_int_equal(line, 6);
    s = "main.f::10";                   /* no file: still a line */
    assert_true(annotate_split(s, strlen(s), &fl, &fo, &fil, &line));
    assert_int_equal(fil, 0);
    const char *bad[] = {"main", "main:12", ":f.c:12", "f:x.c:", "f:x.c:12a", "a:b:1234567890"};
    for (size_t i = 0; i < sizeof bad / sizeof *bad; i++)
        assert_false(annotate_split(bad[i], strlen(bad[i]), &fl, &fo, &fil, &line));
}

static void collect_lines(void **state)
{
    (void)state;
    struct trie *t = trie_from_folded("main:m.go:10;hash:h.go:29 5\n"
                                      "main:m.go:10;hash:h.go:28 2\n"
                                      "main:m.go:11;hash:h.go:29;hash:h.go:29 1\n"
                                      "main:m.go:11;hash:h.go:27;other:o.go:3 4\n"
                                      "plain;frame 9\n");
    struct ft_error err = {0};
    struct regex *re = regex_new("^hash$", &err);
    struct annotate an = {0};
    annotate_collect(t, re, NULL, 0, &an);
    assert_int_equal(an.n, 1);
    assert_int_equal(an.line_frames, 8);
    const struct annotate_fn *f = &an.v[0];
    assert_string_equal(f->func, "hash");
    assert_string_equal(f->file, "h.go");
    assert_true(count_to_double(f->self) == 8);     /* 5 + 2 + 1 */
    assert_true(count_to_double(f->total) == 12);   /* every stack once */
    assert_int_equal(f->n, 3);
    assert_int_equal(f->v[0].line, 27);
    assert_true(count_to_double(f->v[0].self) == 0);
    assert_true(count_to_double(f->v[0].total) == 4);
    assert_int_equal(f->v[2].line, 29);
    assert_true(count_to_double(f->v[2].self) == 6);
    assert_true(count_to_double(f->v[2].total) == 6);   /* the recursive stack once */
    uint32_t first, last;
    annotate_range(f, &first, &last);
    assert_int_equal(first, 22);
    assert_int_equal(last, 34);
    annotate_fini(&an);
    /* by exact name; main in one file, two lines; the heaviest function first */
    annotate_collect(t, NULL, "main", 4, &an);
    assert_int_equal(an.n, 1);
    assert_true(count_to_double(an.v[0].total) == 12);
    assert_int_equal(an.v[0].n, 2);
    annotate_fini(&an);
    regex_free(re);
    re = regex_new(".", &err);
    annotate_collect(t, re, NULL, 0, &an);
    assert_int_equal(an.n, 3);
    assert_string_equal(an.v[0].func, "hash");   /* 12 = main's 12: by name */
    assert_string_equal(an.v[1].func, "main");
    assert_string_equal(an.v[2].func, "other");
    annotate_fini(&an);
    regex_free(re);
    trie_free(t);
}

static void values_as_pprof(void **state)
{
    (void)state;
    char b[64];
    annotate_value(b, sizeof b, count_u64(0), "nanoseconds", true);
    assert_string_equal(b, ".");
    annotate_value(b, sizeof b, count_u64(0), "nanoseconds", false);
    assert_string_equal(b, "0");
    annotate_value(b, sizeof b, count_u64(840000000), "nanoseconds", true);
    assert_string_equal(b, "840ms");
    annotate_value(b, sizeof b, count_u64(1460000000), "nanoseconds", true);
    assert_string_equal(b, "1.46s");
    annotate_value(b, sizeof b, count_u64(1500000000), "nanoseconds", true);
    assert_string_equal(b, "1.50s");
    annotate_value(b, sizeof b, count_u64(999), "nanoseconds", true);
    assert_string_equal(b, "999ns");
    annotate_value(b, sizeof b, count_u64(1536), "bytes", true);
    assert_string_equal(b, "1.50kB");
    annotate_value(b, sizeof b, count_u64(12345), NULL, true);
    assert_string_equal(b, "12345");
    annotate_pct(b, sizeof b, 1, 1);
    assert_string_equal(b, "  100%");
    annotate_pct(b, sizeof b, 1, 3);
    assert_string_equal(b, "33.33%");
    annotate_pct(b, sizeof b, 1, 300);
    assert_string_equal(b, "  0.3%");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(split_names),
        cmocka_unit_test(collect_lines),
        cmocka_unit_test(values_as_pprof),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
