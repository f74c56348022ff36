/* SPDX-License-Identifier: MIT */
/* flametui - unit tests: graph (the derive pipeline: window -> filters -> reverse or
 * callers / callees; laziness, rebuild counts, live growth). */
#include "config.h"

#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>
#include <stdlib.h>
#include <string.h>

#include "core/strtab.h"
#include "core/trie.h"
#include "core/util.h"
#include "helpers.h"
#include "input/parse_folded.h"
#include "query/graph.h"
#include "query/top.h"

static const char *const prof = "proc;main;a;b 3\nproc;main;a 2\nproc;main;c 1\n"
                                "proc;other;b 4\n";

/* Adds folded stacks to an existing trie (live growth). */
static void add_folded(struct trie *t, const char *text)
{
    struct folded_parser *p = folded_new(t);
    struct ft_error err = {0, ""};
    assert_int_equal(folded_feed(p, text, strlen(text), true, true, &err), strlen(text));
    folded_free(p);
}

static uint32_t name_id(struct trie *t, const char *name)
{
    uint32_t id = strtab_lookup(trie_names(t), name, strlen(name));
    assert_int_not_equal(id, UINT32_MAX);
    return id;
}

static void expect_collapsed(struct trie *t, const char *want)
{
    char *got = trie_to_collapsed(t);
    assert_string_equal(got, want);
    free(got);
}

static uint64_t rebuilds(const struct graph *g)
{
    struct graph_stats st;
    graph_get_stats(g, &st);
    return st.rebuilds;
}

static uint64_t updates(const struct graph *g)
{
    struct graph_stats st;
    graph_get_stats(g, &st);
    return st.updates;
}

/* A second graph over the same base with the same spec: what a fresh derivation gives. */
static struct graph *same_spec(struct graph *g, const char *const *filters, size_t n)
{
    struct graph *f = graph_new(graph_base(g));
    for (size_t i = 0; i < n; i++)
        assert_int_equal(graph_push_filter(f, filters[i][0] == 'i'   ? FILTER_INCLUDE
                                              : filters[i][0] == 'e' ? FILTER_EXCLUDE
                                                                     : FILTER_HIDE,
                                           filters[i] + 2, NULL),
                         0);
    graph_set_reverse(f, graph_reverse(g));
    return f;
}

static void identity_is_the_base(void **state)
{
    (void)state;
    struct trie *base = trie_from_folded(prof);
    struct graph *g = graph_new(base);
    assert_ptr_equal(graph_base(g), base);
    assert_ptr_equal(graph_shown(g), base);
    assert_ptr_equal(graph_profile(g), base);
    assert_false(graph_stale(g));
    assert_int_equal(rebuilds(g), 0);
    assert_int_equal(updates(g), 0);
    assert_true(graph_share(g) == 1.0);
    struct buf d = {0};
    graph_describe(g, &d);
    assert_int_equal(d.len, 0);
    buf_fini(&d);
    graph_free(g);
    graph_free(NULL);
    trie_free(base);
}

static void setters_are_lazy(void **state)
{
    (void)state;
    struct trie *base = trie_from_folded(prof);
    struct graph *g = graph_new(base);
    graph_shown(g);
    assert_int_equal(graph_push_filter(g, FILTER_EXCLUDE, "^other$", NULL), 0);
    graph_set_reverse(g, true);
    assert_true(graph_stale(g));
    assert_int_equal(rebuilds(g), 0);   /* nothing derived by the setters */
    struct trie *t = graph_shown(g);
    assert_int_equal(rebuilds(g), 1);   /* two changes, one derivation */
    assert_false(graph_stale(g));
    assert_ptr_equal(graph_shown(g), t);
    assert_ptr_equal(trie_names(t), trie_names(base));
    assert_ptr_equal(trie_names(graph_profile(g)), trie_names(base));
    assert_int_equal(rebuilds(g), 1);
    expect_collapsed(t, "a;main;proc 2\nb;a;main;proc 3\nc;main;proc 1\n");

    /* a bad regex changes nothing */
    struct ft_error err = {0, ""};
    assert_int_equal(graph_push_filter(g, FILTER_INCLUDE, "(", &err), -1);
    assert_true(err.msg[0] != '\0');
    assert_int_equal(graph_filter_count(g), 1);
    assert_false(graph_stale(g));
    assert_ptr_equal(graph_shown(g), t);
    assert_int_equal(rebuilds(g), 1);
    graph_free(g);
    trie_free(base);
}

static void one_rebuild_per_change(void **state)
{
    (void)state;
    struct trie *base = trie_from_folded(prof);
    struct graph *g = graph_new(base);
    uint64_t n = 0;
#define SHOWN_REBUILDS(want)                                                   \
    do {                                                                       \
        graph_shown(g);                                                        \
        n += (want);                                                           \
        assert_int_equal(rebuilds(g), n);                                      \
    } while (0)
    SHOWN_REBUILDS(0);
    assert_int_equal(graph_push_filter(g, FILTER_INCLUDE, "main", NULL), 0);
    SHOWN_REBUILDS(1);
    SHOWN_REBUILDS(0);
    assert_int_equal(graph_push_filter(g, FILTER_HIDE, "^a$", NULL), 0);
    SHOWN_REBUILDS(1);
    graph_set_reverse(g, true);
    SHOWN_REBUILDS(1);
    graph_set_reverse(g, true);             /* no change */
    SHOWN_REBUILDS(0);
    assert_true(graph_pop_filter(g));
    SHOWN_REBUILDS(1);
    graph_set_reverse(g, false);
    SHOWN_REBUILDS(1);
    expect_collapsed(graph_shown(g), "proc;main;a 2\nproc;main;a;b 3\nproc;main;c 1\n");
    assert_true(graph_clear_filters(g));
    SHOWN_REBUILDS(1);
    assert_ptr_equal(graph_shown(g), base);
    assert_false(graph_clear_filters(g));   /* none: no change */
    assert_false(graph_pop_filter(g));
    SHOWN_REBUILDS(0);
    graph_set_reverse(g, true);
    graph_set_reverse(g, false);            /* changed back before graph_shown */
    SHOWN_REBUILDS(1);
    assert_ptr_equal(graph_shown(g), base);
#undef SHOWN_REBUILDS
    assert_int_equal(updates(g), 0);
    graph_free(g);
    trie_free(base);
}

static void profile_is_never_reversed(void **state)
{
    (void)state;
    struct trie *base = trie_from_folded(prof);
    struct graph *g = graph_new(base), *plain = graph_new(base);
    assert_int_equal(graph_push_filter(g, FILTER_EXCLUDE, "^c$", NULL), 0);
    assert_int_equal(graph_push_filter(plain, FILTER_EXCLUDE, "^c$", NULL), 0);
    graph_set_reverse(g, true);
    struct trie *p = graph_profile(g);
    assert_int_equal(rebuilds(g), 1);
    expect_collapsed(p, "proc;main;a 2\nproc;main;a;b 3\nproc;other;b 4\n");
    assert_same_collapsed(p, graph_profile(plain));
    expect_collapsed(graph_shown(g), "a;main;proc 2\nb;a;main;proc 3\nb;other;proc 4\n");
    assert_int_equal(rebuilds(g), 1);       /* the same change: still one */
    assert_ptr_equal(graph_profile(g), p);

    /* self samples by function, the same as without reverse */
    struct top a = {0}, b = {0};
    top_compute(graph_profile(g), TOP_BY_SELF, &a);
    top_compute(graph_profile(plain), TOP_BY_SELF, &b);
    assert_int_equal(a.n, b.n);
    assert_int_equal(a.v[0].name, name_id(base, "b"));
    assert_int_equal(a.v[0].self.u, 7);
    for (size_t i = 0; i < a.n; i++) {
        assert_int_equal(a.v[i].name, b.v[i].name);
        assert_int_equal(a.v[i].self.u, b.v[i].self.u);
        assert_int_equal(a.v[i].total.u, b.v[i].total.u);
    }
    top_fini(&b);
    top_fini(&a);
    graph_free(plain);
    graph_free(g);
    trie_free(base);
}

static void pop_and_clear(void **state)
{
    (void)state;
    struct trie *base = trie_from_folded(prof);
    struct graph *g = graph_new(base);
    assert_int_equal(graph_push_filter(g, FILTER_INCLUDE, "^b$", NULL), 0);
    assert_int_equal(graph_push_filter(g, FILTER_EXCLUDE, "^other$", NULL), 0);
    assert_int_equal(graph_filter_count(g), 2);
    expect_collapsed(graph_shown(g), "proc;main;a;b 3\n");
    assert_true(graph_share(g) == 0.3);
    assert_true(graph_pop_filter(g));
    assert_int_equal(graph_filter_count(g), 1);
    expect_collapsed(graph_shown(g), "proc;main;a;b 3\nproc;other;b 4\n");
    assert_true(graph_share(g) == 0.7);
    assert_int_equal(graph_push_filter(g, FILTER_HIDE, "^(a|main)$", NULL), 0);
    expect_collapsed(graph_shown(g), "proc;b 3\nproc;other;b 4\n");
    assert_true(graph_clear_filters(g));
    assert_int_equal(graph_filter_count(g), 0);
    assert_ptr_equal(graph_shown(g), base);
    assert_true(graph_share(g) == 1.0);
    assert_int_equal(rebuilds(g), 4);
    graph_free(g);
    trie_free(base);
}


/* Grows the base after a graph_shown: applied as an update (not a rebuild), and the
 * result equals a fresh derivation. f: filters as "i:RE" / "e:RE" / "h:RE". */
static void grow_and_check(const char *const *f, size_t nf, bool reverse, bool live)
{
    struct trie *base = trie_from_folded(prof);
    struct graph *g = graph_new(base);
    graph_set_live(g, live);
    for (size_t i = 0; i < nf; i++)
        assert_int_equal(graph_push_filter(g, f[i][0] == 'i'   ? FILTER_INCLUDE
                                              : f[i][0] == 'e' ? FILTER_EXCLUDE
                                                               : FILTER_HIDE,
                                           f[i] + 2, NULL),
                         0);
    graph_set_reverse(g, reverse);
    struct trie *t = graph_shown(g);
    uint64_t r = rebuilds(g);
    bool derived = nf || reverse;
    static const char *const more[] = {
        "proc;main;a;b 5\n",                         /* more samples of an old stack */
        "proc;main;new;b 2\nproc;other;x 1\n",       /* new stacks, a new name */
        "proc;main;a 1\nproc;main 4\nproc;main;c;main;a 2\n", /* a new stack end, recursion */
    };
    for (size_t i = 0; i < FT_ARRAY_LEN(more); i++) {
        add_folded(base, more[i]);
        assert_int_equal(graph_stale(g), derived);
        struct trie *u = graph_shown(g);
        assert_false(graph_stale(g));
        assert_int_equal(rebuilds(g), r);            /* growth is never a rebuild */
        assert_int_equal(updates(g), derived ? i + 1 : 0);
        if (live || i > 0)
            assert_ptr_equal(u, t);                  /* view_update: the same trie */
        t = u;
        struct graph *fresh = same_spec(g, f, nf);
        assert_same_collapsed(u, graph_shown(fresh));
        assert_same_collapsed(graph_profile(g), graph_profile(fresh));
        graph_free(fresh);
    }
    graph_free(g);
    trie_free(base);
}

static void live_growth_is_an_update(void **state)
{
    (void)state;
    static const char *const inc[] = {"i:^(a|b|x)$"};
    static const char *const hide[] = {"e:^c$", "h:^proc$"};
    /* no filters: the shown trie is the base, nothing to do */
    grow_and_check(NULL, 0, false, true);
    /* filters, then reverse: a chain of view_update, the same tries */
    grow_and_check(inc, 1, false, true);
    grow_and_check(hide, 2, false, true);
    grow_and_check(NULL, 0, true, true);
    grow_and_check(inc, 1, true, true);
    grow_and_check(hide, 2, true, true);
    /* without graph_set_live: the first growth derives again, later ones update */
    grow_and_check(hide, 2, true, false);
}

/* Filters that cannot change the profile (no include; no name matches an exclude or a
 * hide) share it: no copy is made, the shown trie is the base itself. When the base
 * grows a name that matches, the profile is derived (an update), and equals a fresh
 * derivation; growth without such a name keeps sharing. */
static void noop_filters_share_the_base(void **state)
{
    (void)state;
    struct trie *base = trie_from_folded(prof);
    struct graph *g = graph_new(base);
    graph_set_live(g, true);
    assert_int_equal(graph_push_filter(g, FILTER_EXCLUDE, "^zz", NULL), 0);
    assert_int_equal(graph_push_filter(g, FILTER_HIDE, "^yy$", NULL), 0);
    assert_ptr_equal(graph_shown(g), base);
    assert_ptr_equal(graph_profile(g), base);
    assert_int_equal(rebuilds(g), 1);
    assert_true(graph_share(g) == 1.0);
    struct buf d = {0};
    graph_describe(g, &d);
    buf_putc(&d, 0);
    assert_string_equal(d.p, "exclude:^zz hide:^yy$");
    buf_fini(&d);
    graph_set_reverse(g, true);   /* reversed: from the shared profile */
    expect_collapsed(graph_shown(g), "a;main;proc 2\nb;a;main;proc 3\nb;other;proc 4\n"
                                     "c;main;proc 1\n");
    graph_set_reverse(g, false);
    assert_ptr_equal(graph_shown(g), base);
    add_folded(base, "proc;main;q 2\n");   /* no name matches: still shared */
    assert_true(graph_stale(g));
    assert_ptr_equal(graph_shown(g), base);
    assert_false(graph_stale(g));
    uint64_t r = rebuilds(g), u = updates(g);
    add_folded(base, "proc;yy;zz1 5\nproc;yy;b 1\nproc;yy 2\n");
    assert_true(graph_stale(g));
    struct trie *t = graph_shown(g);
    assert_ptr_not_equal(t, base);
    assert_int_equal(rebuilds(g), r);
    assert_int_equal(updates(g), u + 1);
    expect_collapsed(t, "proc 2\nproc;b 1\nproc;main;a 2\nproc;main;a;b 3\nproc;main;c 1\n"
                        "proc;main;q 2\nproc;other;b 4\n");
    static const char *const f[] = {"e:^zz", "h:^yy$"};
    struct graph *fresh = same_spec(g, f, 2);
    assert_same_collapsed(t, graph_shown(fresh));
    graph_free(fresh);
    /* an include filter is never shared, even when every stack matches */
    assert_true(graph_pop_filter(g));
    assert_true(graph_pop_filter(g));
    assert_int_equal(graph_push_filter(g, FILTER_INCLUDE, "^proc$", NULL), 0);
    assert_ptr_not_equal(graph_shown(g), base);
    graph_free(g);
    trie_free(base);
}

static void profile_only_then_shown(void **state)
{
    (void)state;
    /* growth seen by graph_profile first, then by graph_shown: both up to date */
    struct trie *base = trie_from_folded(prof);
    struct graph *g = graph_new(base);
    graph_set_live(g, true);
    assert_int_equal(graph_push_filter(g, FILTER_EXCLUDE, "^c$", NULL), 0);
    graph_set_reverse(g, true);
    graph_shown(g);
    add_folded(base, "proc;main;z 9\n");
    graph_profile(g);
    assert_true(graph_stale(g));            /* the reversed trie is not updated yet */
    expect_collapsed(graph_shown(g), "a;main;proc 2\nb;a;main;proc 3\nb;other;proc 4\n"
                                     "z;main;proc 9\n");
    assert_int_equal(rebuilds(g), 1);
    assert_int_equal(updates(g), 2);
    graph_free(g);
    trie_free(base);
}

static void sliding_window(void **state)
{
    (void)state;
    struct trie *base = trie_from_folded("old 5\n");
    struct graph *g = graph_new(base);
    assert_false(graph_windowed(g));
    assert_true(graph_window_seconds(g) == 0);
    assert_false(graph_tick(g, 100));       /* no window: never moves */
    graph_set_window(g, 10, false);         /* made, not shown */
    assert_false(graph_windowed(g));
    assert_true(graph_window_seconds(g) == 10);
    assert_false(graph_tick(g, 100));
    assert_ptr_equal(graph_shown(g), base);
    assert_int_equal(rebuilds(g), 0);

    graph_set_window(g, 10, true);
    assert_true(graph_windowed(g));
    assert_true(graph_stale(g));
    assert_true(graph_tick(g, 100));        /* the first snapshot */
    struct trie *t = graph_shown(g);
    assert_int_equal(rebuilds(g), 1);       /* switched on and moved: one derivation */
    assert_true(trie_total_d(t, TRIE_ROOT) == 0);
    assert_ptr_equal(trie_names(t), trie_names(base));

    add_folded(base, "new;a 3\n");
    assert_true(graph_stale(g));
    expect_collapsed(graph_shown(g), "new;a 3\n");
    assert_int_equal(updates(g), 1);        /* growth, not a move */
    assert_int_equal(rebuilds(g), 1);
    assert_false(graph_tick(g, 100.5));     /* within the granularity (1.25 s) */
    assert_false(graph_stale(g));
    assert_true(graph_tick(g, 102));
    assert_true(graph_stale(g));
    expect_collapsed(graph_shown(g), "new;a 3\n");
    assert_int_equal(rebuilds(g), 2);

    /* filters apply to the window */
    assert_int_equal(graph_push_filter(g, FILTER_INCLUDE, "^b$", NULL), 0);
    add_folded(base, "new;b 2\n");
    expect_collapsed(graph_shown(g), "new;b 2\n");
    assert_int_equal(rebuilds(g), 3);
    assert_true(graph_share(g) == 0.4);     /* of the window's samples */
    assert_true(graph_pop_filter(g));

    /* 13 s later the snapshot of 102 is the window's start: new;a has left it */
    assert_true(graph_tick(g, 115));
    expect_collapsed(graph_shown(g), "new;b 2\n");

    graph_set_window(g, 10, false);         /* hidden: the whole base again */
    assert_false(graph_windowed(g));
    assert_ptr_equal(graph_shown(g), base);
    uint64_t r = rebuilds(g);
    graph_set_window(g, 20, true);
    graph_shown(g);
    assert_int_equal(rebuilds(g), r + 1);
    graph_set_window(g, 0, true);           /* no window at all */
    assert_true(graph_window_seconds(g) == 0);
    assert_false(graph_windowed(g));
    assert_ptr_equal(graph_shown(g), base);
    assert_int_equal(rebuilds(g), r + 2);
    graph_free(g);
    trie_free(base);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(identity_is_the_base),
        cmocka_unit_test(setters_are_lazy),
        cmocka_unit_test(one_rebuild_per_change),
        cmocka_unit_test(profile_is_never_reversed),
        cmocka_unit_test(pop_and_clear),
        cmocka_unit_test(live_growth_is_an_update),
        cmocka_unit_test(profile_only_then_shown),
        cmocka_unit_test(noop_filters_share_the_base),
        cmocka_unit_test(sliding_window),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
