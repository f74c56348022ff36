/* SPDX-License-Identifier: MIT */
/* flametui - tests/unit/test_perf_pipe.c: the two-thread stack pipeline (stack_pipe.c)
 * and perf on it (perf_mt.c): batch boundaries (tiny batches, a stack longer than a batch, empty stacks
 * and names, a ring of two), records across the ends of the parser's input slices, tiny
 * inputs, and recorded and mangled (hostile) profiles through both threads, which must
 * give the very trie (ids, self and total counts) and counters of one perf_parser. */
#include "config.h"

#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "helpers.h"
#include "core/strtab.h"
#include "core/trie.h"
#include "core/util.h"
#include "input/parse_perf.h"
#include "input/perf_mt.h"
#include "input/stack_pipe.h"

/* --- the pipe alone ----------------------------------------------------------------- */

struct feeder {
    struct stack_pipe *pp;
    const char *const *stacks;  /* "a;b;c" ("" : the root itself) */
    size_t n, rounds;
    uint64_t root;
    struct strtab *ids;         /* non-NULL: frames carry ids (each name's bytes go once) */
};

/* The frames of a stack string, hashed as perf_parser does. */
static size_t split(const char *s, struct stack_frame *f, uint64_t root,
                    struct strtab *ids)
{
    size_t n = 0;
    uint64_t h = root;
    if (!*s)
        return 0;
    for (;;) {
        size_t k = strcspn(s, ";");
        f[n].p = s;
        f[n].len = (uint32_t)k;
        f[n].hash = util_hash(s, k);
        f[n].id = ids ? strtab_intern(ids, s, k) : UINT32_MAX;
        h = trie_hash_step(h, f[n].hash);
        f[n++].phash = h;
        if (!s[k])
            return n;
        s += k + 1;
    }
}

static void feed_stacks(void *arg)
{
    struct feeder *fd = arg;
    struct stack_frame f[64];
    struct stack_sink sink = stack_pipe_sink(fd->pp);
    for (size_t r = 0; r < fd->rounds; r++)
        for (size_t i = 0; i < fd->n; i++) {
            size_t n = split(fd->stacks[i], f, fd->root, fd->ids);
            sink.stack(sink.ctx, f, 0, n, count_u64(i + 1 + r));
        }
    stack_pipe_close(fd->pp, NULL);
}

/* Consumes everything; the stacks inserted. */
static size_t consume(struct stack_pipe *pp)
{
    size_t bytes = 0;
    while (stack_pipe_step(pp, SIZE_MAX, -1, &bytes, NULL) > 0)
        continue;
    return stack_pipe_samples(pp);
}

static void count_call(void *arg)
{
    (*(size_t *)arg)++;
}

static void pipe_batch_boundaries(void **state)
{
    (void)state;
    static const char *const stacks[] = {
        "main;a;b", "main;a;b", "main;a;c", "", "main", "x;;y", ";", "main;a;b;c;d;e;f;g;h",
        "other;a", "main;a;b", "z", "main;a;b;c;d;e;f;g;h;i;j;k;l;m;n;o;p;q;r;s;t;u;v;w",
    };
    /* the reference: the same stacks inserted directly */
    struct trie *ref = trie_new(NULL);
    size_t rounds = 3;
    for (size_t r = 0; r < rounds; r++)
        for (size_t i = 0; i < FT_ARRAY_LEN(stacks); i++) {
            struct stack_frame f[64];
            size_t n = split(stacks[i], f, trie_phash(ref, TRIE_ROOT), NULL);
            uint32_t node = TRIE_ROOT;
            for (size_t k = 0; k < n; k++)
                node = trie_child_bytes(ref, node, f[k].phash, f[k].hash, f[k].p, f[k].len);
            trie_add(ref, node, count_u64(i + 1 + r));
        }
    static const size_t frames[] = {1, 2, 3, 5, 8, 1000, 0};
    /* ids 0: every name's bytes travel each time; 1: the parser's ids (the bytes of an
     * id travel once, in its first frame); 2: the pipe numbers the names */
    for (int with_ids = 0; with_ids < 3; with_ids++) {
        for (size_t fi = 0; fi < FT_ARRAY_LEN(frames); fi++)
            for (unsigned nb = 2; nb <= 4; nb++) {
                struct strtab *ids = with_ids == 1 ? strtab_new() : NULL;
                struct trie *t = trie_new(NULL);
                struct stack_pipe_opts po = {.batch_frames = frames[fi], .nbatches = nb,
                                             .number_names = with_ids == 2};
                struct stack_pipe *pp = stack_pipe_new(t, &po);
                size_t idle = 0;
                stack_pipe_idle(pp, count_call, &idle);
                struct feeder fd = {pp, stacks, FT_ARRAY_LEN(stacks), rounds,
                                    trie_phash(t, TRIE_ROOT), ids};
                assert_int_equal(stack_pipe_start(pp, feed_stacks, &fd), 0);
                assert_int_equal(consume(pp), rounds * FT_ARRAY_LEN(stacks));
                stack_pipe_free(pp);
                /* before each batch and before seeing the end */
                if (frames[fi] == 1)
                    assert_true(idle > rounds * FT_ARRAY_LEN(stacks) - rounds);
                assert_same_trie(ref, t);
                trie_free(t);
                strtab_free(ids);
            }
    }
    trie_free(ref);

    /* nothing at all: the consumer ends at once */
    struct trie *t = trie_new(NULL);
    struct stack_pipe *pp = stack_pipe_new(t, NULL);
    stack_pipe_close(pp, NULL);
    assert_int_equal(consume(pp), 0);
    stack_pipe_free(pp);
    assert_int_equal(trie_size(t), 1);
    trie_free(t);
    stack_pipe_free(NULL);
}

/* --- perf_parse_buffer_mt against one parser ------------------------------------------ */

struct result {
    struct trie *t;
    size_t samples, skipped, long_lines, no_callchain;
    long first_skipped, first_long, lines;
    double last_time;
};

static void single(const char *in, size_t len, const struct perf_opts *o, struct result *r)
{
    r->t = trie_new(NULL);
    struct perf_parser *p = perf_new(r->t, o);
    /* what perf_parse_buffer_mt does: long lines are skipped by the caller */
    size_t pos = 0;
    while (pos < len) {
        size_t used = perf_feed(p, in + pos, len - pos, true);
        pos += used;
        assert_int_equal(pos, len);
    }
    r->samples = perf_samples(p);
    r->skipped = perf_skipped(p, &r->first_skipped);
    r->long_lines = perf_long_lines(p, &r->first_long);
    r->no_callchain = perf_no_callchain(p);
    r->lines = perf_lines(p);
    r->last_time = perf_last_time(p);
    perf_free(p);
}

static void check_mt(const char *in, size_t len, const struct perf_opts *o, size_t slice,
                     size_t batch, int nthreads, const struct result *want)
{
    struct trie *t = trie_new(NULL);
    struct perf_mt_stats st;
    perf_mt_tune(slice, batch);
    assert_int_equal(perf_parse_buffer_mt(t, o, in, len, nthreads, false, &st), 0);
    perf_mt_tune(0, 0);
    assert_same_trie(want->t, t);
    assert_int_equal(st.samples, want->samples);
    assert_int_equal(st.skipped, want->skipped);
    assert_int_equal(st.first_skipped, want->first_skipped);
    assert_int_equal(st.long_lines, want->long_lines);
    assert_int_equal(st.first_long, want->first_long);
    assert_int_equal(st.no_callchain, want->no_callchain);
    assert_int_equal(st.lines, want->lines);
    assert_true(st.last_time == want->last_time);
    trie_free(t);
}

static const size_t slices[] = {0, 1, 16, 97, 4096};
static const size_t batches[] = {0, 1, 3};

static void check_all(const char *in, size_t len, const struct perf_opts *o)
{
    struct result want;
    single(in, len, o, &want);
    for (size_t s = 0; s < FT_ARRAY_LEN(slices); s++)
        for (size_t b = 0; b < FT_ARRAY_LEN(batches); b++)
            for (int n = 1; n <= 2; n++)
                check_mt(in, len, o, slices[s], batches[b], n, &want);
    check_mt(in, len, o, 0, 0, 3, &want);   /* more threads than two: as two */
    trie_free(want.t);
}

static void mt_tiny_inputs(void **state)
{
    (void)state;
    static const char *const ins[] = {
        "", "\n", "\n\n", "a 1 1.0: 1 ev:\n", "a 1 1.0: 1 ev:\n\n", "a 1 1.0: 1 ev:\n\t1 f (m)\n",
        "a 1 1.0: 1 ev:\n\t1 f (m)\n\n", "a 1 1.0: 5 ev:\n\t1 f (m)\n\na 1 2.0: 7 ev:\n\n",
        "# comment\n\t1 f (m)\n\njunk\n\n", "a 1 1.0: 1 ev:\n\t1 (m)\n\t2 ->g (m)\n\n",
    };
    struct perf_opts none = {0}, noproc = {.no_process = true}, lim = {.max_line = 8};
    for (size_t i = 0; i < FT_ARRAY_LEN(ins); i++) {
        check_all(ins[i], strlen(ins[i]), &none);
        check_all(ins[i], strlen(ins[i]), &noproc); /* header-only records: the root */
        check_all(ins[i], strlen(ins[i]), &lim);
    }
}

static void mt_recorded(void **state)
{
    (void)state;
    const char *files[] = {"perf-threads.perf", "perf-kernel.perf", "perf-dwarf.perf",
                           "perf-python.perf", "perf-srcline.perf", "perf-events.perf",
                           "nocallchain.perf", "perf-time.perf"};
    struct perf_opts sets[] = {
        {0},
        {.tid = true, .kernel = true, .jit = true},
        {.pid = true, .addrs = true, .event_filter = "task-clock"},
        {.srcline = true, .weight_samples = true},
        {.time_range = true, .from_ns = 1000000, .to_ns = 40000000},
    };
    for (size_t i = 0; i < FT_ARRAY_LEN(files); i++) {
        size_t len;
        char *in = test_read_data(files[i], &len);
        for (size_t k = 0; k < FT_ARRAY_LEN(sets); k++) {
            struct result want;
            single(in, len, &sets[k], &want);
            for (size_t s = 0; s < FT_ARRAY_LEN(slices); s++)
                check_mt(in, len, &sets[k], slices[s], s == 1 ? 1 : 0, 2, &want);
            check_mt(in, len, &sets[k], 0, 0, 1, &want);
            trie_free(want.t);
        }
        free(in);
    }
}

/* A file mapping through one and both threads with page release (the loader's way):
 * pages are mapped ahead (on two threads by the consumer, stack_pipe_idle) and given back;
 * then the same file cut short after it was mapped: -1, no crash. */
static void mt_mapped_file(void **state)
{
    (void)state;
    size_t len;
    char *in = test_read_data("perf-dwarf.perf", &len);
    int fd = test_temp_fd(NULL, 0);
    size_t total = 0;
    while (total < ((size_t)24 << 20)) { /* a few slices */
        assert_int_equal(write(fd, in, len), (ssize_t)len);
        total += len;
    }
    struct perf_opts o = {.tid = true};
    for (int k = 0; k < 4; k++) {
        int cut = k >= 2, nthreads = 1 + k % 2;
        const char *m = mmap(NULL, total, PROT_READ, MAP_PRIVATE, fd, 0);
        assert_true(m != MAP_FAILED);
        if (cut)
            assert_int_equal(ftruncate(fd, (off_t)(total / 3)), 0);
        struct trie *t = trie_new(NULL);
        struct perf_mt_stats st;
        int rc = perf_parse_buffer_mt(t, &o, m, total, nthreads, true, &st);
        if (!cut) {
            assert_int_equal(rc, 0);
            struct result want;
            single(m, total, &o, &want); /* reads the released pages again */
            assert_same_trie(want.t, t);
            assert_int_equal(st.samples, want.samples);
            trie_free(want.t);
        } else {
            assert_int_equal(rc, -1);
        }
        trie_free(t);
        munmap((void *)(uintptr_t)m, total);
    }
    close(fd);
    free(in);
}

/* Mangled copies of a recorded profile: flipped bytes, NULs, newlines removed and added,
 * ';' and "->" inserted, a cut-off end, over-long lines. */
static void mt_hostile(void **state)
{
    (void)state;
    size_t len;
    char *orig = test_read_data("perf-kernel.perf", &len);
    uint64_t x = 0x2545f4914f6cdd1dull;
    for (int round = 0; round < 24; round++) {
        struct buf b = {0};
        buf_append(&b, orig, len - (size_t)round * 7);
        for (int k = 0; k < 40; k++) {
            test_xorshift64(&x);
            size_t at = (size_t)(x >> 16) % b.len;
            static const char bytes[] = {'\n', '\0', ';', '-', '>', ' ', '\t', '(', ')', ':',
                                         '[', 'L', '/', '\r', '\xff', '0'};
            b.p[at] = bytes[(x >> 8) % sizeof bytes];
        }
        if (round % 4 == 3) { /* a long line */
            buf_append(&b, "x", 1);
            for (int k = 0; k < 300; k++)
                buf_append(&b, "abcdefgh", 8);
            buf_append(&b, "\n\n", 2);
        }
        struct perf_opts o = {.kernel = round & 1, .jit = round & 2, .tid = round & 4,
                              .max_line = round % 3 ? 200 : 0};
        struct result want;
        single(b.p, b.len, &o, &want);
        check_mt(b.p, b.len, &o, (size_t)round * 13 % 300, (size_t)round % 4, 2, &want);
        trie_free(want.t);
        buf_fini(&b);
    }
    free(orig);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        /* first: map_guard installs its SIGBUS handler once per process, and cmocka
         * puts its own back for every later test */
        cmocka_unit_test(mt_mapped_file),
        cmocka_unit_test(pipe_batch_boundaries),
        cmocka_unit_test(mt_tiny_inputs),
        cmocka_unit_test(mt_recorded),
        cmocka_unit_test(mt_hostile),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
