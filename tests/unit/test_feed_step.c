/* SPDX-License-Identifier: MIT */
/* flametui - unit tests: the bytes of one live-read step (feed.h) follow the time a step
 * takes, so that keys are looked at every 20 ms or so however slow parsing is: slow steps
 * halve the next one's bytes down to 64 KiB, fast ones double them up to 1 MiB. The time
 * is a fake clock: each step "takes" what the test says. */
#include "config.h"

#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "helpers.h"
#include "input/feed.h"
#include "input/loader.h"
#include "core/trie.h"
#include "core/util.h"

static long long fake_now, fake_tick;

/* Each call is fake_tick ms after the last: a step (two calls) takes fake_tick. */
static long long fake_clock(void)
{
    fake_now += fake_tick;
    return fake_now;
}

static void test_step_bytes(void **state)
{
    (void)state;
    struct buf text = {0};
    for (int i = 0; text.len < (24u << 20); i++) {
        char line[96];
        int n = snprintf(line, sizeof line, "main;func_%d;leaf_%d %d\n", i % 977, i, 1 + i % 7);
        buf_append(&text, line, (size_t)n);
    }
    char *path = test_temp_path("feedstep");
    test_write_file(path, text.p, text.len);
    buf_fini(&text);
    struct trie *t = trie_new(NULL);
    struct load_opts o = {.format = FORMAT_AUTO, .interactive = true};
    struct ft_error err = {0, ""};
    struct loader *l = loader_open(path, &o, t, &err);
    assert_non_null(l);
    struct feed *f = feed_new(&l, 1, 0);
    feed_set_clock(f, fake_clock);
    assert_int_equal(feed_step_bytes(f), 256u << 10);

    fake_tick = 30;   /* every step takes 30 ms: 256 KiB, 128, 64 KiB, 64 KiB */
    size_t want[] = {128u << 10, 64u << 10, 64u << 10, 64u << 10};
    for (size_t k = 0; k < FT_ARRAY_LEN(want); k++) {
        assert_true(feed_step(f, NULL, 0, 0));
        assert_int_equal(feed_step_bytes(f), want[k]);
    }
    fake_tick = 10;   /* 10 ms: neither slow nor fast, the bytes stay */
    assert_true(feed_step(f, NULL, 0, 0));
    assert_int_equal(feed_step_bytes(f), 64u << 10);
    fake_tick = 0;    /* fast steps: back up to 256 KiB, and no further */
    size_t up[] = {128u << 10, 256u << 10, 256u << 10, 256u << 10};
    for (size_t k = 0; k < FT_ARRAY_LEN(up); k++) {
        assert_true(feed_step(f, NULL, 0, 0));
        assert_int_equal(feed_step_bytes(f), up[k]);
    }
    feed_free(f);
    loader_free(l);
    trie_free(t);
    unlink(path);
    free(path);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_step_bytes),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
