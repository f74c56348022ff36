/* flametui - tests/unit/test_window.c: the live sliding window (trie now minus a
 * snapshot), and the app's WINDOW key. */
#include "config.h"

#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>
#include <stdlib.h>
#include <string.h>

#include "ui/app.h"
#include "core/count.h"
#include "helpers.h"
#include "core/strtab.h"
#include "core/trie.h"
#include "query/graph.h"
#include "query/window.h"

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

/* issue 17: after the input ends, the window must go idle: no snapshot and no rebuild
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

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(window_keeps_recent_samples),
        cmocka_unit_test(window_idle_when_nothing_changes),
        cmocka_unit_test(app_window_key),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
