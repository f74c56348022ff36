/* SPDX-License-Identifier: MIT */
/* flametui - tests/unit/test_options.c: options_parse (ui/options.h): the keyword options,
 * the flags, the struct graph_spec it fills once (filters in order, the process level
 * resolved from --group, --tid and --pid, the time range), the output modes and the
 * messages of usage errors; and graph_apply_spec (query/graph.h). */
#include "config.h"

#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>
#include <string.h>

#include "core/trie.h"
#include "core/util.h"
#include "helpers.h"
#include "query/graph.h"
#include "ui/options.h"

/* Parses the words (NULL-terminated, argv[0] added). */
static int parse(struct options *o, struct ft_error *err, const char *const *words)
{
    static char *argv[32];
    static char store[32][128];
    int argc = 0;
    argv[argc++] = strcpy(store[0], "flametui");
    for (; *words; words++, argc++)
        argv[argc] = strcpy(store[argc], *words);
    argv[argc] = NULL;
    return options_parse(o, argc, argv, err);
}

static void keywords_set_their_fields(void **state)
{
    (void)state;
    struct options o;
    struct ft_error err = {0};
    const char *w[] = {"--format=perf-data", "--weight=samples", "--names=full",
                       "--group=none", "x", NULL};
    assert_int_equal(parse(&o, &err, w), 0);
    assert_int_equal(o.format, FORMAT_PERF_DATA);
    assert_true(o.perf.weight_samples);
    assert_true(o.spec.names_full);
    assert_int_equal(o.spec.group, GROUP_NONE);
    assert_int_equal(o.nfiles, 1);
    options_fini(&o);
}

static void bad_keyword_lists_the_choices(void **state)
{
    (void)state;
    struct options o;
    struct ft_error err = {0};
    const char *w[] = {"--group=pids", NULL};
    assert_int_equal(parse(&o, &err, w), -1);
    assert_string_equal(err.msg, "invalid --group 'pids' (none, comm, pid, tid or cpu)");
    options_fini(&o);
    const char *f[] = {"-F", "json", NULL};
    assert_int_equal(parse(&o, &err, f), -1);
    assert_string_equal(err.msg, "invalid --format 'json' (auto, folded, perf, perf-data, "
                                 "pprof or bpftrace)");
    options_fini(&o);
}

static void group_resolves_from_tid_and_pid(void **state)
{
    (void)state;
    struct options o;
    struct ft_error err = {0};
    const char *none[] = {NULL};
    assert_int_equal(parse(&o, &err, none), 0);
    assert_int_equal(o.spec.group, GROUP_COMM);
    options_fini(&o);
    const char *pid[] = {"--pid", NULL};
    assert_int_equal(parse(&o, &err, pid), 0);
    assert_int_equal(o.spec.group, GROUP_PID);
    options_fini(&o);
    const char *tid[] = {"--pid", "--tid", NULL};
    assert_int_equal(parse(&o, &err, tid), 0);
    assert_int_equal(o.spec.group, GROUP_TID);
    options_fini(&o);
    const char *given[] = {"--tid", "--group=comm", NULL};   /* --group wins */
    assert_int_equal(parse(&o, &err, given), 0);
    assert_int_equal(o.spec.group, GROUP_COMM);
    options_fini(&o);
}

static void spec_holds_the_view(void **state)
{
    (void)state;
    struct options o;
    struct ft_error err = {0};
    const char *w[] = {"-ri", "--hide=h", "--include=a", "--exclude=b", "-s", "re",
                       "--zoom=m;a", "--select=m", "--from=1.5", "--collapse-recursion",
                       "--colors=kind", "--text", NULL};
    assert_int_equal(parse(&o, &err, w), 0);
    const struct graph_spec *s = &o.spec;
    assert_true(s->reverse);
    assert_true(s->icicle);
    assert_true(s->recursion);
    assert_int_equal(s->nfilters, 3);
    assert_int_equal(s->filters[0].kind, FILTER_HIDE);
    assert_string_equal(s->filters[1].re, "a");
    assert_int_equal(s->filters[2].kind, FILTER_EXCLUDE);
    assert_string_equal(s->search, "re");
    assert_string_equal(s->zoom, "m;a");
    assert_string_equal(s->select, "m");
    assert_true(s->has_from);
    assert_false(s->has_to);
    assert_true(s->from_ns == 1500000000);
    assert_string_equal(s->colors, "kind");
    assert_true(o.perf.kernel && o.perf.jit);   /* the kind palette needs the annotations */
    assert_int_equal(o.mode, OUT_TEXT);
    options_fini(&o);
}

static void usage_errors(void **state)
{
    (void)state;
    static const struct {
        const char *w[3];
        const char *msg;
    } cases[] = {
        {{"-c", "--top"}, "--top cannot be combined with another output mode"},
        {{"--top=0"}, "invalid --top '0' (a number >= 1)"},
        {{"--svg="}, "--svg= needs a file name"},
        {{"--cols=0"}, "invalid --cols '0' (1 to 100000)"},
        {{"--to=x"}, "invalid --to 'x' (seconds >= 0, e.g. 1.5)"},
        {{"--context"}, "--context is not supported (it needs addr2line); collapse with "
                        "stackcollapse-perf.pl instead"},
        {{"--normalize"}, "--normalize needs --base=FILE"},
        {{"--base=b", "--strip-hex"}, NULL},
        {{"--zoom"}, "option '--zoom' needs an argument"},
        {{"--bogus"}, "unrecognized option '--bogus'"},
        {{"-Z"}, "invalid option -- 'Z'"},   /* last: getopt keeps its place in "-Z" */
    };
    for (size_t i = 0; i < FT_ARRAY_LEN(cases); i++) {
        struct options o;
        struct ft_error err = {0};
        int rc = parse(&o, &err, cases[i].w);
        if (cases[i].msg) {
            assert_int_equal(rc, -1);
            assert_string_equal(err.msg, cases[i].msg);
        } else {
            assert_int_equal(rc, 0);
        }
        options_fini(&o);
    }
}

static void apply_spec_says_which_filter_failed(void **state)
{
    (void)state;
    struct trie *t = trie_from_folded("main;a 3\nmain;b 1\n");
    struct filter_opt f[] = {{FILTER_EXCLUDE, "b"}, {FILTER_INCLUDE, "("}};
    struct graph_spec spec = {.filters = f, .nfilters = 1, .reverse = true};
    struct ft_error err = {0};
    size_t bad = 99;
    struct graph *g = graph_new(t);
    assert_int_equal(graph_apply_spec(g, &spec, &bad, &err), 0);
    assert_true(graph_reverse(g));
    assert_int_equal(graph_filter_count(g), 1);
    assert_true(trie_total_d(graph_shown(g), TRIE_ROOT) == 3);
    graph_free(g);
    g = graph_new(t);
    spec.nfilters = 2;
    assert_int_equal(graph_apply_spec(g, &spec, &bad, &err), -1);
    assert_int_equal(bad, 1);
    graph_free(g);
    trie_free(t);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(keywords_set_their_fields),
        cmocka_unit_test(bad_keyword_lists_the_choices),
        cmocka_unit_test(group_resolves_from_tid_and_pid),
        cmocka_unit_test(spec_holds_the_view),
        cmocka_unit_test(usage_errors),
        cmocka_unit_test(apply_spec_says_which_filter_failed),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
