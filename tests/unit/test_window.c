/* SPDX-License-Identifier: MIT */
/* flametui - tests/unit/test_window.c: the live sliding window (trie now minus a
 * snapshot), and the app's WINDOW key. */
#include "config.h"

#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ui/app.h"
#include "core/count.h"
#include "helpers.h"
#include "core/strtab.h"
#include "core/trie.h"
#include "query/graph.h"
#include "query/window.h"
#include "input/parse_folded.h"
#include "render/collapse.h"

static void add(struct trie *t, const char *a, const char *b, uint64_t n)
{
    uint32_t ids[2] = {strtab_intern(trie_names(t), a, strlen(a)),
                       strtab_intern(trie_names(t), b, strlen(b))};
    trie_insert(t, ids, b[0] ? 2 : 1, count_u64(n));
}

static void window_keeps_recent_samples(void **state)
{
    (void)state;
    struct trie *t = trie_from_folded("main;old 5\n");
    struct window *w = window_new(2.0);         /* snapshots every 0.25 s */
    assert_true(window_record(w, t, 0.0));
    assert_false(window_record(w, t, 0.1));     /* too soon */
    struct trie *v = window_build(w, t, 1.0);   /* recording is younger than the window */
    assert_int_equal(trie_total_d(v, TRIE_ROOT), 0); /* since the first snapshot */
    trie_free(v);
    add(t, "main", "new", 3);
    assert_true(window_record(w, t, 1.5));
    add(t, "main", "old", 1);
    add(t, "other", "", 2);
    v = window_build(w, t, 2.5);                /* since the snapshot at 0.0 */
    assert_int_equal(trie_total_d(v, TRIE_ROOT), 6);
    assert_int_equal(trie_total_d(v, trie_node_at(v, "main;old")), 1);
    assert_int_equal(trie_total_d(v, trie_node_at(v, "main;new")), 3);
    assert_int_equal(trie_self_d(v, trie_node_at(v, "other")), 2);
    trie_free(v);
    assert_true(window_record(w, t, 4.0));
    v = window_build(w, t, 4.0);                /* since the snapshot at 1.5 */
    assert_int_equal(trie_total_d(v, TRIE_ROOT), 3);
    assert_int_equal(trie_node_at(v, "main;new"), TRIE_NONE); /* aged out: not even a node */
    assert_int_equal(trie_total_d(v, trie_node_at(v, "main;old")), 1);
    assert_ptr_equal(trie_names(v), trie_names(t));
    trie_free(v);
    v = window_build(w, t, 10.0);               /* nothing arrived since 4.0 */
    assert_int_equal(trie_total_d(v, TRIE_ROOT), 0);
    trie_free(v);
    window_free(w);
    window_free(NULL);
    trie_free(t);
}

/* After the input ends, the window must go idle: no snapshot and no rebuild
 * while nothing arrives, except once when a snapshot ages out. */
static void window_idle_when_nothing_changes(void **state)
{
    (void)state;
    struct trie *t = trie_from_folded("main;old 5\n");
    struct window *w = window_new(2.0);
    assert_true(window_record(w, t, 0.0));
    assert_false(window_record(w, t, 1.0));     /* nothing new, nothing aged out */
    assert_false(window_record(w, t, 3.0));
    add(t, "main", "new", 3);
    assert_true(window_record(w, t, 3.5));
    assert_false(window_record(w, t, 5.0));     /* still since 0.0 */
    assert_true(window_record(w, t, 6.0));      /* the snapshot at 3.5 is the base now */
    struct trie *v = window_build(w, t, 6.0);
    assert_int_equal(trie_total_d(v, TRIE_ROOT), 0);
    trie_free(v);
    for (double now = 7.0; now < 100; now += 0.5)
        assert_false(window_record(w, t, now)); /* idle */
    add(t, "main", "old", 1);
    assert_true(window_record(w, t, 100.0));
    v = window_build(w, t, 100.0);
    assert_int_equal(trie_total_d(v, TRIE_ROOT), 1);
    assert_int_equal(trie_total_d(v, trie_node_at(v, "main")), 1);
    trie_free(v);
    window_free(w);
    trie_free(t);
}

static void app_window_key(void **state)
{
    (void)state;
    struct trie *t = trie_from_folded("main;a 4\n");
    struct app a;
    app_init(&a, t, "live");
    app_resize(&a, 80, 20);
    assert_int_equal(app_handle(&a, ACT_WINDOW), RE_REDRAW);   /* not live */
    app_tick(&a, 0.0);
    app_set_window(&a, 1.0, false);
    assert_ptr_equal(a.t, t);
    app_select(&a, trie_node_at(t, "main;a"));
    add(t, "main", "b", 6);
    assert_false(app_tick(&a, 2.0));                           /* off: no snapshots */
    assert_int_equal(app_handle(&a, ACT_WINDOW) & RE_REBUILD, RE_REBUILD);
    assert_true(graph_windowed(a.graph));
    app_update(&a);
    assert_int_equal(trie_total_d(a.t, TRIE_ROOT), 0);         /* starts empty */
    assert_int_equal(a.sel, TRIE_ROOT);
    add(t, "main", "b", 2);
    assert_true(app_update(&a));
    assert_int_equal(trie_total_d(a.t, TRIE_ROOT), 2);         /* only the new b */
    struct buf b = {0}, r = {0};
    app_title(&a, &b, &r);
    buf_putc(&b, '\0');
    assert_non_null(strstr(b.p, "last 1s"));
    buf_fini(&b);
    buf_fini(&r);
    add(t, "main", "a", 1);
    assert_true(app_update(&a));
    assert_int_equal(a.sel, trie_node_at(a.t, "main;a"));      /* the path came back */
    assert_false(app_tick(&a, 2.1));
    assert_true(app_tick(&a, 3.5));                            /* the window moved */
    assert_true(app_update(&a));
    assert_int_equal(trie_total_d(a.t, TRIE_ROOT), 3);         /* since the press at 2.0 */
    assert_true(app_tick(&a, 5.0));
    assert_true(app_update(&a));
    assert_int_equal(trie_total_d(a.t, TRIE_ROOT), 0);         /* all aged out */
    app_handle(&a, ACT_WINDOW);
    app_update(&a);
    assert_ptr_equal(a.t, t);
    app_fini(&a);
    trie_free(t);
}

/* The window at now, as collapsed text (malloc'd). */
static char *window_text(const struct window *w, struct trie *t, double now)
{
    struct trie *v = window_build(w, t, now);
    char *p = trie_to_collapsed(v);
    trie_free(v);
    return p;
}

static void add_n(struct trie *t, int i, uint64_t c)
{
    char a[32], b[32];
    snprintf(a, sizeof a, "w%d", i % 3);
    snprintf(b, sizeof b, "f%d", i);
    add(t, a, b, c);
}

/* A compacted trie and an untouched reference fed the same: the same window at every
 * time, before and after the compaction, while the window keeps sliding. */
static void window_compact_is_exact(void **state)
{
    (void)state;
    struct trie *ref = trie_new(NULL), *t = trie_new(NULL);
    struct window *wr = window_new(2.0), *w = window_new(2.0);
    int k = 0;
    double now = 0;
    for (; now < 3.0; now += 0.25) {       /* new stacks and old ones, 4 per step */
        for (int j = 0; j < 4; j++, k++) {
            add_n(ref, k, 1 + (uint64_t)j);
            add_n(t, k, 1 + (uint64_t)j);
        }
        add_n(ref, 1, 5);
        add_n(t, 1, 5);
        assert_int_equal(window_record(wr, ref, now), window_record(w, t, now));
    }
    char *before = window_text(w, t, now);
    uint64_t uid = trie_uid(t), gen = trie_generation(t);
    size_t kept = window_compact(w, t, now, 1000, NULL);
    assert_int_equal(kept, trie_size(t));
    assert_true(kept < trie_size(ref));         /* the stacks older than the window went */
    assert_int_equal(trie_uid(t), uid);
    assert_true(trie_generation(t) > gen);
    char *after = window_text(w, t, now);
    assert_string_equal(before, after);
    free(before);
    free(after);
    for (; now < 8.0; now += 0.25) {          /* keeps sliding, with and without data */
        if (now < 5.0) {
            for (int j = 0; j < 3; j++, k++) {
                add_n(ref, k, 2);
                add_n(t, k, 2);
            }
            add_n(ref, 1, 1);                   /* an old stack that survived */
            add_n(t, 1, 1);
        }
        window_record(wr, ref, now);
        window_record(w, t, now);
        char *x = window_text(wr, ref, now), *y = window_text(w, t, now);
        assert_string_equal(x, y);
        free(x);
        free(y);
    }
    window_free(wr);
    window_free(w);
    trie_free(ref);
    trie_free(t);
}

/* More than keep_nodes in the window: it starts later (or at now), bounded. */
static void window_compact_cuts_when_too_big(void **state)
{
    (void)state;
    struct trie *t = trie_new(NULL);
    struct window *w = window_new(2.0);
    int k = 0;
    for (double now = 0; now < 2.0; now += 0.25) {
        for (int j = 0; j < 10; j++)
            add_n(t, k++, 1);
        window_record(w, t, now);
    }
    double since = -1;
    window_compact(w, t, 2.0, 30, &since);     /* 10 leaves a step: the last step fits */
    assert_true(trie_size(t) <= 30);
    assert_true(since > 0.0);
    for (int j = 0; j < 10; j++)                /* not recorded yet */
        add_n(t, k++, 1);
    window_compact(w, t, 2.0, 2, &since);      /* nothing fits: nothing kept */
    assert_int_equal(trie_size(t), 1);
    assert_true(since == 2.0);
    add_n(t, k++, 7);                           /* the window restarts at the compaction */
    char *x = window_text(w, t, 2.1);
    assert_string_equal(x, "w0;f90 7\n");
    free(x);
    window_free(w);
    trie_free(t);
}

/* The folded parser forgets the previous line's nodes after a replace. */
static void folded_after_replace(void **state)
{
    (void)state;
    struct trie *t = trie_new(NULL);
    struct folded_parser *p = folded_new(t);
    const char *l1 = "x;y 1\na;b;c 1\n", *l2 = "a;b;d 2\n";
    assert_int_equal(folded_feed(p, l1, strlen(l1), false, false, NULL), strlen(l1));
    struct window *w = window_new(1.0);
    window_record(w, t, 0.0);
    struct trie *nt = trie_new(trie_names(t));  /* other ids: a;b;c only, built apart */
    uint32_t ids[3] = {strtab_intern(trie_names(t), "q", 1), strtab_intern(trie_names(t), "a", 1),
                       strtab_intern(trie_names(t), "b", 1)};
    trie_insert(nt, ids, 1, count_u64(1));
    trie_insert(nt, ids + 1, 2, count_u64(1));
    trie_replace(t, nt);
    folded_trie_replaced(p);
    assert_int_equal(folded_feed(p, l2, strlen(l2), false, false, NULL), strlen(l2));
    uint32_t d = trie_node_at(t, "a;b;d");
    assert_int_not_equal(d, TRIE_NONE);
    assert_int_equal(trie_total_d(t, d), 2);
    assert_int_equal(trie_total_d(t, trie_node_at(t, "a;b")), 3);
    assert_int_equal(trie_total_d(t, TRIE_ROOT), 4);
    window_free(w);
    folded_free(p);
    trie_free(t);
}

/* The app: compaction only while the window is shown and past the limit; zoom and
 * selection come back by name. */
static void app_compact_keeps_paths(void **state)
{
    (void)state;
    struct trie *t = trie_from_folded("main;a;b 4\nmain;z 1\n");
    struct app a;
    app_init(&a, t, "live");
    app_resize(&a, 80, 20);
    app_tick(&a, 0.0);
    app_set_window(&a, 2.0, true);
    for (int i = 0; i < 50; i++)
        add_n(t, i, 1);                         /* old, distinct */
    app_tick(&a, 1.0);
    add(t, "main", "a", 0);
    uint32_t ids[3] = {strtab_intern(trie_names(t), "main", 4),
                       strtab_intern(trie_names(t), "a", 1), strtab_intern(trie_names(t), "b", 1)};
    trie_insert(t, ids, 3, count_u64(2));
    app_tick(&a, 1.5);
    app_update(&a);
    app_select(&a, trie_node_at(a.t, "main;a;b"));
    assert_false(app_compact(&a, 1000));        /* under the limit */
    size_t before = trie_size(t);
    app_tick(&a, 3.2);                          /* the 50 aged out; main;a;b did not */
    assert_true(app_compact(&a, 10));
    assert_true(trie_size(t) < before);
    assert_int_equal(trie_node_at(t, "w0;f0"), TRIE_NONE);
    assert_true(app_update(&a));
    assert_int_equal(a.sel, trie_node_at(a.t, "main;a;b"));
    assert_int_not_equal(a.sel, TRIE_ROOT);
    assert_int_equal(trie_total_d(a.t, TRIE_ROOT), 2);
    app_handle(&a, ACT_WINDOW);                 /* off: the base shows what was kept */
    assert_false(app_compact(&a, 1));
    app_update(&a);
    assert_ptr_equal(a.t, t);
    app_fini(&a);
    trie_free(t);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(window_keeps_recent_samples),
        cmocka_unit_test(window_idle_when_nothing_changes),
        cmocka_unit_test(app_window_key),
        cmocka_unit_test(window_compact_is_exact),
        cmocka_unit_test(window_compact_cuts_when_too_big),
        cmocka_unit_test(folded_after_replace),
        cmocka_unit_test(app_compact_keeps_paths),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
