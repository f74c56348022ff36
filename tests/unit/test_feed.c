/* SPDX-License-Identifier: MIT */
/* flametui - unit tests: live-read scheduling (feed.h) over real loaders on regular files
 * and pipes. */
#include "config.h"

#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "helpers.h"
#include "input/feed.h"
#include "input/loader.h"
#include "core/trie.h"
#include "core/util.h"

static struct loader *open_path(const char *path, bool strict, struct trie *t)
{
    struct load_opts o = {.format = FORMAT_AUTO, .strict = strict, .interactive = true};
    struct ft_error err = {0, ""};
    struct loader *l = loader_open(path, &o, t, &err);
    assert_non_null(l);
    return l;
}

/* Runs the feed the way the event loop does, until it is done (or 1000 rounds). */
static void run_to_end(struct feed *f, long long *now)
{
    for (int round = 0; round < 1000 && !feed_done(f); round++) {
        struct pollfd fds[8];
        int timeout = -1;
        size_t n = feed_poll_fds(f, fds, FT_ARRAY_LEN(fds), *now, &timeout);
        if (n)
            assert_true(poll(fds, n, 1000) > 0);
        feed_step(f, fds, n, *now);
        *now += 10;
    }
    assert_true(feed_done(f));
}

static void regular_file_loads_to_none(void **state)
{
    (void)state;
    char *path = test_temp_file("test_feed", "main;a 3\nmain;b 1\nmain;a 2\n");
    struct trie *t = trie_new(NULL);
    struct loader *l = open_path(path, false, t);
    long long now = 1000;
    struct feed *f = feed_new(&l, 1, now);
    assert_int_equal(feed_status(f)->live, LIVE_LOAD);
    assert_false(feed_done(f));

    /* still loading: nothing to wait on, run again at once */
    struct pollfd fds[4];
    int timeout = -1;
    assert_int_equal(feed_poll_fds(f, fds, FT_ARRAY_LEN(fds), now, &timeout), 0);
    assert_int_equal(timeout, 0);

    struct buf msg = {0};
    assert_false(feed_take_end(f, &msg));
    run_to_end(f, &now);
    assert_int_equal(feed_status(f)->live, LIVE_NONE);
    assert_int_equal(feed_status(f)->samples, 3);
    assert_string_equal(feed_status(f)->error, "");
    assert_int_equal(trie_total(t, TRIE_ROOT).u, 6);

    assert_true(feed_take_end(f, &msg));
    assert_int_equal(msg.len, 0);
    assert_false(feed_take_end(f, &msg));   /* exactly once */
    assert_false(feed_step(f, NULL, 0, now));

    /* done: no fds and no wake-up */
    timeout = -1;
    assert_int_equal(feed_poll_fds(f, fds, FT_ARRAY_LEN(fds), now, &timeout), 0);
    assert_int_equal(timeout, -1);

    buf_fini(&msg);
    feed_free(f);
    loader_free(l);
    trie_free(t);
    unlink(path);
    free(path);
}

static void pipe_goes_live_then_eof(void **state)
{
    (void)state;
    int p[2];
    char path[64];
    test_pipe_path(p, path, sizeof path);
    struct trie *t = trie_new(NULL);
    struct loader *l = open_path(path, false, t);
    long long now = 5000;
    struct feed *f = feed_new(&l, 1, now);
    assert_int_equal(feed_status(f)->live, LIVE_ON);

    /* nothing written yet: the pipe is what to wait on */
    struct pollfd fds[4];
    int timeout = -1;
    size_t n = feed_poll_fds(f, fds, FT_ARRAY_LEN(fds), now, &timeout);
    assert_int_equal(n, 1);
    assert_int_equal(fds[0].fd, loader_fd(l));
    assert_true(fds[0].events & POLLIN);
    assert_true(timeout > 0 && timeout <= 500);   /* only the rate tick */
    assert_int_equal(poll(fds, n, 0), 0);
    assert_false(feed_step(f, fds, n, now));

    const char *text = "main;a 3\nmain;b 1\n";
    assert_int_equal(write(p[1], text, strlen(text)), (ssize_t)strlen(text));
    for (int i = 0; i < 100 && feed_status(f)->samples < 2; i++) {
        timeout = -1;
        n = feed_poll_fds(f, fds, FT_ARRAY_LEN(fds), now, &timeout);
        assert_true(poll(fds, n, 1000) >= 0);
        feed_step(f, fds, n, now);
        now += 10;
    }
    assert_int_equal(feed_status(f)->samples, 2);
    assert_int_equal(feed_status(f)->live, LIVE_ON);
    assert_false(feed_done(f));
    struct buf msg = {0};
    assert_false(feed_take_end(f, &msg));

    close(p[1]);
    run_to_end(f, &now);
    assert_int_equal(feed_status(f)->live, LIVE_EOF);
    assert_int_equal(trie_total(t, TRIE_ROOT).u, 4);
    assert_true(feed_take_end(f, &msg));
    assert_false(feed_take_end(f, &msg));
    buf_fini(&msg);
    feed_free(f);
    loader_free(l);
    trie_free(t);
}

static void loader_error_is_name_line_msg(void **state)
{
    (void)state;
    char *path = test_temp_file("test_feed", "main;a 3\nTHIS IS BAD\nmain;b 1\n");
    struct trie *t = trie_new(NULL);
    struct loader *l = open_path(path, true, t);
    long long now = 0;
    struct feed *f = feed_new(&l, 1, now);
    run_to_end(f, &now);
    char want[4200];
    snprintf(want, sizeof(want), "%s:2: ", path);
    const char *e = feed_status(f)->error;
    assert_true(strncmp(e, want, strlen(want)) == 0);
    assert_true(strlen(e) > strlen(want));
    assert_null(strstr(e, "flametui"));
    assert_int_equal(feed_status(f)->live, LIVE_NONE);
    struct buf msg = {0};
    assert_true(feed_take_end(f, &msg));   /* the error wins over a skipped summary */
    assert_int_equal(msg.len, 0);
    buf_fini(&msg);
    feed_free(f);
    loader_free(l);
    trie_free(t);
    unlink(path);
    free(path);
}

static void skipped_summary_has_no_prefix(void **state)
{
    (void)state;
    char *a = test_temp_file("test_feed", "main;a 3\nbad line\nmain;b 1\nworse\n");
    char *b = test_temp_file("test_feed", "x;y 5\nx;z 2\n");
    struct trie *t = trie_new(NULL);
    struct loader *ls[2] = {open_path(a, false, t), open_path(b, false, t)};
    long long now = 0;
    struct feed *f = feed_new(ls, 2, now);
    assert_int_equal(feed_status(f)->live, LIVE_LOAD);
    run_to_end(f, &now);
    assert_int_equal(feed_status(f)->live, LIVE_NONE);
    assert_int_equal(feed_status(f)->samples, 4);
    assert_string_equal(feed_status(f)->error, "");
    struct buf msg = {0};
    assert_true(feed_take_end(f, &msg));
    buf_putc(&msg, '\0');
    char want[4200];
    snprintf(want, sizeof(want), "%s: 2 lines skipped (first at line 2: ", a);
    assert_true(strncmp(msg.p, want, strlen(want)) == 0);
    assert_non_null(strchr(msg.p, '\n'));
    assert_string_equal(strchr(msg.p, '\n'), "\n");   /* one line: b skipped nothing */
    assert_null(strstr(msg.p, "flametui"));
    buf_fini(&msg);
    feed_free(f);
    loader_free(ls[0]);
    loader_free(ls[1]);
    trie_free(t);
    unlink(a);
    unlink(b);
    free(a);
    free(b);
}

static void follow_file_is_read_on_a_timer(void **state)
{
    (void)state;
    char *path = test_temp_file("test_feed", "main;a 3\nmain;b 1\n");
    struct trie *t = trie_new(NULL);
    struct load_opts o = {.format = FORMAT_FOLDED, .follow = true, .interactive = true};
    struct ft_error err = {0, ""};
    struct loader *l = loader_open(path, &o, t, &err);
    assert_non_null(l);
    long long now = 0;
    struct feed *f = feed_new(&l, 1, now);
    assert_int_equal(feed_status(f)->live, LIVE_ON);
    struct pollfd fds[4];
    int timeout;
    for (int i = 0; i < 10; i++) {
        timeout = -1;
        assert_int_equal(feed_poll_fds(f, fds, FT_ARRAY_LEN(fds), now, &timeout), 0);
        feed_step(f, fds, 0, now);
    }
    assert_int_equal(feed_status(f)->samples, 2);
    /* at its end: a regular file polls readable, so it is looked at again in 100 ms */
    timeout = -1;
    assert_int_equal(feed_poll_fds(f, fds, FT_ARRAY_LEN(fds), now, &timeout), 0);
    assert_true(timeout > 0 && timeout <= 100);
    FILE *fp = fopen(path, "a");
    assert_non_null(fp);
    fputs("main;c 5\n", fp);
    fclose(fp);
    assert_false(feed_step(f, fds, 0, now + 50));   /* too early */
    assert_int_equal(feed_status(f)->samples, 2);
    assert_true(feed_step(f, fds, 0, now + 100));
    assert_int_equal(feed_status(f)->samples, 3);
    assert_false(feed_done(f));
    assert_int_equal(feed_status(f)->live, LIVE_ON);
    feed_free(f);
    loader_free(l);
    trie_free(t);
    unlink(path);
    free(path);
}

static void no_inputs_is_none_and_done(void **state)
{
    (void)state;
    struct feed *f = feed_new(NULL, 0, 0);
    assert_int_equal(feed_status(f)->live, LIVE_NONE);
    assert_true(feed_done(f));
    struct buf msg = {0};
    assert_true(feed_take_end(f, &msg));
    assert_false(feed_take_end(f, &msg));
    feed_free(f);
    feed_free(NULL);
}

/* tests/data/NAME under $top_srcdir; the caller frees. */
static char *data_path(const char *name)
{
    const char *top = getenv("top_srcdir");
    char *path = xmalloc(4096);
    snprintf(path, 4096, "%s/tests/data/%s", top ? top : ".", name);
    return path;
}

static void reopen_reads_another_event(void **state)
{
    (void)state;
    char *path = data_path("perf-events.perf");
    char *const files[] = {path};
    struct load_opts o = {.format = FORMAT_AUTO, .interactive = true};
    struct ft_error err = {0, ""};
    struct trie *t = trie_new(NULL);
    struct loader *l = loader_open(path, &o, t, &err);
    assert_non_null(l);
    struct loader *first = l;
    long long now = 0;
    struct feed *f = feed_new(&l, 1, now);
    run_to_end(f, &now);
    assert_int_equal(feed_status(f)->nevents, 2);
    assert_string_equal(feed_status(f)->events[0].name, "cpu-clock");
    struct buf msg = {0};
    assert_true(feed_take_end(f, &msg));

    char why[200] = "untouched";
    assert_int_equal(feed_reopen(f, &o, files, "task-clock", t, now, why, sizeof(why)), 0);
    assert_string_equal(why, "untouched");
    assert_ptr_not_equal(l, first);   /* a new loader in the caller's array */
    assert_int_equal(trie_total(t, TRIE_ROOT).u, 0);   /* emptied */
    assert_int_equal(feed_status(f)->samples, 0);
    assert_int_equal(feed_status(f)->nevents, 0);
    assert_int_equal(feed_status(f)->live, LIVE_LOAD);
    assert_false(feed_done(f));
    run_to_end(f, &now);
    assert_int_equal(feed_status(f)->nevents, 2);
    assert_string_equal(feed_status(f)->events[0].name, "task-clock");
    assert_int_equal(feed_status(f)->events[0].samples, feed_status(f)->samples);
    assert_true(feed_status(f)->samples > 0);
    assert_true(feed_take_end(f, &msg));   /* once again, after the new end */

    /* an input that does not open: nothing changes */
    char missing[] = "/nonexistent/flametui-test";
    char *const gone[] = {missing};
    struct loader *before = l;
    assert_int_equal(feed_reopen(f, &o, gone, "cpu-clock", t, now, why, sizeof(why)), -1);
    assert_non_null(strstr(why, "/nonexistent/flametui-test"));
    assert_ptr_equal(l, before);
    assert_true(feed_done(f));
    /* the options were not kept: it cannot be read again */
    assert_int_equal(feed_reopen(f, NULL, files, "cpu-clock", t, now, why, sizeof(why)), -1);
    char want[4200];
    snprintf(want, sizeof(want), "%s cannot be read again: restart with "
             "--event-filter=cpu-clock", path);
    assert_string_equal(why, want);
    buf_fini(&msg);
    feed_free(f);
    loader_free(l);
    trie_free(t);
    free(path);
}

static void reopen_refuses_a_pipe(void **state)
{
    (void)state;
    int p[2];
    char path[64];
    test_pipe_path(p, path, sizeof path);
    char *const files[] = {path};
    struct load_opts o = {.format = FORMAT_AUTO, .interactive = true};
    struct trie *t = trie_new(NULL);
    struct loader *l = open_path(path, false, t);
    struct loader *before = l;
    struct feed *f = feed_new(&l, 1, 0);
    char why[200];
    assert_int_equal(feed_reopen(f, &o, files, "task-clock", t, 0, why, sizeof(why)), -1);
    char want[300];
    snprintf(want, sizeof(want), "%s cannot be read again: restart with "
             "--event-filter=task-clock", loader_name(l));
    assert_string_equal(why, want);
    assert_ptr_equal(l, before);
    assert_int_equal(feed_status(f)->live, LIVE_ON);
    close(p[1]);
    feed_free(f);
    loader_free(l);
    trie_free(t);
}

static void title_names_the_sample_type(void **state)
{
    (void)state;
    char *path = data_path("go-cpu.pb.gz");
    char *folded = test_temp_file("test_feed", "main;a 3\n");
    struct trie *t = trie_new(NULL);
    struct loader *ls[2] = {open_path(path, false, t), open_path(folded, false, t)};
    long long now = 0;
    char title[64] = "untouched";
    struct feed *two = feed_new(ls, 2, now);
    run_to_end(two, &now);
    assert_false(feed_title(two, "2 inputs", title, sizeof(title)));   /* not one input */
    struct feed *f = feed_new(&ls[1], 1, now);
    assert_false(feed_title(f, "folded", title, sizeof(title)));       /* no sample type */
    feed_free(f);
    assert_string_equal(title, "untouched");
    f = feed_new(&ls[0], 1, now);
    assert_true(feed_title(f, "go-cpu.pb.gz", title, sizeof(title)));
    assert_string_equal(title, "go-cpu.pb.gz (cpu, nanoseconds)");
    assert_true(feed_title(f, "go-cpu.pb.gz", title, 10));              /* cut to fit */
    assert_string_equal(title, "go-cpu.pb");
    feed_free(f);
    feed_free(two);
    loader_free(ls[0]);
    loader_free(ls[1]);
    trie_free(t);
    unlink(folded);
    free(folded);
    free(path);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(regular_file_loads_to_none),
        cmocka_unit_test(pipe_goes_live_then_eof),
        cmocka_unit_test(loader_error_is_name_line_msg),
        cmocka_unit_test(skipped_summary_has_no_prefix),
        cmocka_unit_test(follow_file_is_read_on_a_timer),
        cmocka_unit_test(no_inputs_is_none_and_done),
        cmocka_unit_test(reopen_reads_another_event),
        cmocka_unit_test(reopen_refuses_a_pipe),
        cmocka_unit_test(title_names_the_sample_type),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
