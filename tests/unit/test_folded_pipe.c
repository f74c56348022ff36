/* SPDX-License-Identifier: MIT */
/* flametui - tests/unit/test_folded_pipe.c: folded input on two threads (folded_pipe.c and
 * the loader's use of it) against one folded_parser fed the same bytes: the same trie
 * (ids, names, self and total counts), samples, skipped lines with the first one's number
 * and reason, and --strict errors with their line numbers. Inputs: tiny and hostile ones,
 * lines across read and batch boundaries (slices of 1 byte up), long lines with a cap,
 * every folded file of tests/data, mangled copies of them; both producers (a file
 * descriptor and a buffer), the viewer's bounded steps, a trie replaced between steps, a
 * pipe freed before its end, and a mapped file cut short while it is read. */
#include "config.h"

#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <dirent.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "helpers.h"
#include "core/stacks.h"
#include "core/strtab.h"
#include "core/trie.h"
#include "core/util.h"
#include "input/folded_pipe.h"
#include "input/loader.h"
#include "input/parse_folded.h"

struct result {
    struct trie *t;
    int rc;                 /* 0, or -1 with err */
    struct ft_error err;
    size_t samples, skipped, bytes;
    struct ft_error first;
};

static void result_fini(struct result *r)
{
    trie_free(r->t);
}

static void assert_same(struct result *want, struct result *got)
{
    assert_same_trie(want->t, got->t);
    assert_int_equal(want->rc, got->rc);
    if (want->rc) {
        assert_int_equal(want->err.line, got->err.line);
        assert_string_equal(want->err.msg, got->err.msg);
    }
    assert_int_equal(want->samples, got->samples);
    assert_int_equal(want->skipped, got->skipped);
    if (want->skipped) {
        assert_int_equal(want->first.line, got->first.line);
        assert_string_equal(want->first.msg, got->first.msg);
    }
}

/* One folded_parser fed everything at once. */
static void single(const char *in, size_t len, const struct folded_pipe_opts *o,
                   struct result *r)
{
    memset(r, 0, sizeof *r);
    r->t = trie_new(NULL);
    struct folded_parser *p = folded_new(r->t);
    if (o->max_line)
        folded_set_max_line(p, o->max_line);
    size_t used = folded_feed(p, len ? in : "", len, true, o->strict, &r->err);
    r->rc = used == (size_t)-1 ? -1 : 0;
    r->samples = folded_samples(p);
    r->skipped = folded_skipped(p, &r->first);
    folded_free(p);
}

/* Runs a pipe to its end: steps of max_bytes (SIZE_MAX: all at once), waiting wait_ms;
 * replaced: tells it the trie was replaced before every step. */
static void drain(struct folded_pipe *fp, struct result *r, size_t max_bytes, int wait_ms,
                  bool replaced)
{
    int rc;
    do {
        if (replaced) {
            /* a compacted window's rebuild: every node id moves by one (a new name
             * each time: the node of an old one would keep its id) */
            static unsigned pads;
            char pad[32];
            int pl = snprintf(pad, sizeof pad, "\1pad%u", pads++);
            struct strtab *names = trie_names(r->t);
            struct trie *src = trie_new(names);
            trie_child(src, TRIE_ROOT, strtab_intern(names, pad, (size_t)pl));
            trie_merge(src, r->t);
            trie_replace(r->t, src);
            folded_pipe_trie_replaced(fp);
        }
        rc = folded_pipe_step(fp, max_bytes, wait_ms, &r->bytes, &r->err);
    } while (rc > 0);
    r->rc = rc;
    r->samples = folded_pipe_samples(fp);
    r->skipped = folded_pipe_skipped(fp, &r->first);
}

static void piped_buf(const char *in, size_t len, const struct folded_pipe_opts *o,
                      struct result *r, size_t max_bytes, int wait_ms, bool replaced)
{
    memset(r, 0, sizeof *r);
    r->t = trie_new(NULL);
    struct folded_pipe *fp = folded_pipe_buf(r->t, o, len ? in : "", len, false);
    assert_non_null(fp);
    drain(fp, r, max_bytes, wait_ms, replaced);
    folded_pipe_free(fp);
}

/* The fd producer after head bytes were read by the caller (as the loader does). */
static void piped_fd(const char *in, size_t len, size_t head, const struct folded_pipe_opts *o,
                     struct result *r, size_t max_bytes, int wait_ms)
{
    memset(r, 0, sizeof *r);
    r->t = trie_new(NULL);
    int fd = test_temp_fd(in, len);
    if (head > len)
        head = len;
    char *hb = xmalloc(head + 1);
    assert_int_equal(read(fd, hb, head), (ssize_t)head);
    struct folded_pipe *fp = folded_pipe_fd(r->t, o, fd, hb, head, (off_t)len);
    free(hb);
    assert_non_null(fp);
    drain(fp, r, max_bytes, wait_ms, false);
    folded_pipe_free(fp);
    close(fd);
}

/* Slices (bytes read or parsed per batch; 0: the default) and rings (batches; 0: the
 * default) an input goes through. Every slice size for small inputs; larger ones (a
 * hand-over per slice makes a 1-byte slice cost a thread switch per byte) start at 3
 * bytes, then tests/data files at 64: every boundary is still crossed at every offset of
 * a line, a frame and a count by the small inputs. */
static const size_t all_slices[] = {1, 2, 3, 7, 64, 4096, 0};
static const unsigned all_rings[] = {2, 3, 0};
enum depth { EVERY_SLICE, FROM_3, FROM_64 };

/* in through every producer, slice and ring size: the same as one parser. (Not with
 * both a cap and --strict: a line over the cap is an error when the parser sees it whole
 * and skipped when the reader drops it before its end, in the one-thread loader too.) */
static void check_input_at(const char *in, size_t len, const struct folded_pipe_opts *o,
                           enum depth depth)
{
    size_t s0 = depth == EVERY_SLICE ? 0 : depth == FROM_3 ? 2 : 4;
    struct result want, got;
    single(in, len, o, &want);
    for (size_t s = s0; s < FT_ARRAY_LEN(all_slices); s++) {
        for (size_t k = 0; k < FT_ARRAY_LEN(all_rings); k++) {
            if (depth == FROM_64 && k == 1)
                continue;   /* rings of 2 and of the default size */
            folded_pipe_tune(all_slices[s], all_rings[k], 0);
            piped_buf(in, len, o, &got, SIZE_MAX, -1, false);
            assert_same(&want, &got);
            if (want.rc == 0)
                assert_int_equal(got.bytes, len);
            result_fini(&got);
            piped_fd(in, len, s % 3 ? 5 : 0, o, &got, 1, 5);
            assert_same(&want, &got);
            if (want.rc == 0)
                assert_int_equal(got.bytes, len);
            result_fini(&got);
        }
        /* a trie replaced before every step: kept frames are found again from the text */
        folded_pipe_tune(all_slices[s], 2, 0);
        piped_buf(in, len, o, &got, 1, 0, true);
        char *cw = trie_to_collapsed(want.t), *cg = trie_to_collapsed(got.t);
        assert_string_equal(cw, cg);
        free(cw);
        free(cg);
        assert_int_equal(want.rc, got.rc);
        assert_int_equal(want.samples, got.samples);
        assert_int_equal(want.skipped, got.skipped);
        result_fini(&got);
    }
    folded_pipe_tune(0, 0, 0);
    result_fini(&want);
}

static void check_input(const char *in, size_t len, const struct folded_pipe_opts *o)
{
    check_input_at(in, len, o, EVERY_SLICE);
}

static void check_text_at(const char *in, size_t max_line, bool strict, enum depth depth)
{
    struct folded_pipe_opts o = {max_line, strict};
    check_input_at(in, strlen(in), &o, depth);
}

static void check_text(const char *in, size_t max_line, bool strict)
{
    check_text_at(in, max_line, strict, EVERY_SLICE);
}

static void tiny_inputs(void **state)
{
    (void)state;
    static const char *const ins[] = {
        "", "\n", "\n\n\n", "a 1", "a 1\n", "a;b 1\nb 2\n", "a;b;c 1\na;b;d 2\na;b 3\na 4\n",
        "a;b;c 1\na;b;c 1\na;b;c 1\n", "a;b;c;d;e;f 1\na 1\na;b;c;d;e;f;g 2\n",
        "# comment\n  \n\t\na 1\r\nb;;c 2\n;x 3\n", "x;y 1 2\nx;y 3.5 4\n",
        "no count\nok 1\n;;; 3\nbad x\n1\n", "a 99999999999999999999999999\nb 1\n",
        "a;b 1\na;bb 1\na;b;c 1\naa 1\na 1\na;b 1", "main;f 1\nmain;f;g 1\nmain 1\nmain;f;g;h 0\n",
        "a 1\nb -1\nc 1e3\nd 0x10\ne 1.25\n", "\xff\xfe;\x01 1\n\xff\xfe;\x02 2\n",
        "a;b;c 1\n\0;b 1\na\0;b 2\n", "a 1\nb 2", "a;b 1\n\n\na;b;c 2\n\n",
    };
    for (size_t i = 0; i < FT_ARRAY_LEN(ins); i++) {
        check_text(ins[i], 0, false);
        check_text(ins[i], 0, true);
        check_text(ins[i], 6, false);
    }
    /* NUL bytes inside lines */
    static const char nul[] = "a\0b;c 1\na\0b;d 2\n\0 3\n";
    struct folded_pipe_opts o = {0, false};
    check_input(nul, sizeof nul - 1, &o);
}

/* Stacks of every depth around the producer's batch limits, long lines, a line of one
 * frame longer than a slice. */
static void batch_boundaries(void **state)
{
    (void)state;
    struct buf b = {0};
    for (int i = 0; i < 150; i++) {   /* every depth 1..37 four times */
        for (int d = 0; d <= i % 37; d++)
            buf_printf(&b, "%sf%d", d ? ";" : "", (i * 7 + d) % 23);
        buf_printf(&b, " %d\n", i + 1);
        if (i % 50 == 0) {   /* a long line: one frame of 3000 bytes */
            for (int k = 0; k < 3000; k++)
                buf_putc(&b, (char)('a' + k % 26));
            buf_printf(&b, ";x 1\n");
        }
    }
    buf_putc(&b, '\0');
    check_text_at(b.p, 0, false, FROM_3);
    check_text_at(b.p, 1000, false, FROM_3);
    check_text_at(b.p, 0, true, FROM_3);
    check_text_at(b.p, 4096, false, FROM_3);
    buf_fini(&b);
}

/* Every folded file of tests/data, and mangled copies of some. */
static void data_files(void **state)
{
    (void)state;
    const char *top = getenv("top_srcdir");
    char dir[4096];
    snprintf(dir, sizeof dir, "%s/tests/data", top ? top : ".");
    DIR *d = opendir(dir);
    assert_non_null(d);
    struct dirent *e;
    size_t files = 0;
    uint64_t rng = 0x9e3779b97f4a7c15ull;
    static const char bytes[] = {'\0', '\n', ';', ' ', '\r', '#', '1', '\t', (char)0xff, '.'};
    while ((e = readdir(d))) {
        size_t nl = strlen(e->d_name);
        if (nl < 7 || strcmp(e->d_name + nl - 7, ".folded"))
            continue;
        size_t len;
        char *in = test_read_data(e->d_name, &len);
        struct folded_pipe_opts o = {0, false};
        check_input_at(in, len, &o, FROM_64);
        if (files++ % 4 == 0) {
            for (int m = 0; m < 3; m++) {
                for (int k = 0; k < 40 && len; k++) {
                    test_xorshift64(&rng);
                    in[rng % len] = bytes[(rng >> 32) % sizeof bytes];
                }
                struct folded_pipe_opts h = {m == 1 ? 40 : 0, m == 2};
                check_input_at(in, len - (m ? rng % 7 : 0), &h, FROM_64);
            }
        }
        free(in);
    }
    closedir(d);
    assert_true(files >= 5);
}

/* The pipe into a trie with a flat table (trie_set_flat: whole stacks, no nodes), the
 * table then poured into the trie: the trie the parser alone makes. Stacks equal to the
 * one before (added to the table's last stack) after others, prefixes of each other,
 * the data files. */
static void flat_table(const char *in, size_t len)
{
    struct folded_pipe_opts o = {0, false};
    struct result want, got;
    single(in, len, &o, &want);
    memset(&got, 0, sizeof got);
    got.t = trie_new(NULL);
    trie_set_flat(got.t, stacks_new());
    struct folded_pipe *fp = folded_pipe_buf(got.t, &o, len ? in : "", len, false);
    assert_non_null(fp);
    drain(fp, &got, SIZE_MAX, -1, false);
    folded_pipe_free(fp);
    assert_int_equal(trie_size(got.t), 1);   /* nothing went into nodes */
    trie_unflatten(got.t);
    assert_same(&want, &got);
    result_fini(&want);
    result_fini(&got);
}

static void into_a_flat_table(void **state)
{
    (void)state;
    static const char in[] = "x 1\na;b 1\na;b 2\na;b 3\nc 1\na;b 4\na 5\na;b;c 6\n"
                             "a;b;c 7\na;b;c 0\n\nbad line\nx 2\n";
    flat_table(in, sizeof in - 1);
    static const char *const files[] = {"names-cpp.folded", "perf-kernel.all.expected.folded",
                                        "go-cpu.expected.folded"};
    for (size_t i = 0; i < FT_ARRAY_LEN(files); i++) {
        size_t len;
        char *d = test_read_data(files[i], &len);
        flat_table(d, len);
        free(d);
    }
}

/* Through the loader, as the viewer (read in steps) and a batch output (mapped) read a
 * file: 2 threads give what 1 gives, report included. */
static void via_loader(void **state)
{
    (void)state;
    static const char *const names[] = {"perf-many-siblings.folded", "names-cpp.folded",
                                        "tui-long.folded", "svg-sort.folded"};
    for (size_t i = 0; i < FT_ARRAY_LEN(names); i++) {
        size_t len;
        char *in = test_read_data(names[i], &len);
        /* two copies and a bad line: skipped lines are reported */
        struct buf b = {0};
        buf_append(&b, in, len);
        buf_printf(&b, "\nbad line\n");
        buf_append(&b, in, len);
        free(in);
        for (int interactive = 0; interactive < 2; interactive++) {
            struct trie *ts[2];
            struct buf rep[2] = {{0}, {0}};
            size_t samples[2];
            for (int th = 1; th <= 2; th++) {
                folded_pipe_tune(th == 2 ? 97 : 0, 2, 0);
                int fd = test_temp_fd(b.p, b.len);
                char path[64];
                snprintf(path, sizeof path, "/proc/self/fd/%d", fd);
                struct load_opts lo = {.format = FORMAT_AUTO, .interactive = interactive,
                                       .threads = th};
                ts[th - 1] = trie_new(NULL);
                struct ft_error err = {0, ""};
                struct loader *l = loader_open(path, &lo, ts[th - 1], &err);
                assert_non_null(l);
                enum load_status s;
                while ((s = loader_step(l, 4096, &err)) == LOAD_MORE)
                    ;
                assert_int_equal(s, LOAD_EOF);
                assert_int_equal(loader_bytes(l), b.len);
                samples[th - 1] = loader_samples(l);
                assert_true(loader_report(l, &rep[th - 1]));
                loader_free(l);
                close(fd);
            }
            assert_same_trie(ts[0], ts[1]);
            assert_int_equal(samples[0], samples[1]);
            buf_putc(&rep[0], '\0');
            buf_putc(&rep[1], '\0');
            assert_string_equal(rep[0].p, rep[1].p);
            for (int k = 0; k < 2; k++) {
                trie_free(ts[k]);
                buf_fini(&rep[k]);
            }
        }
        buf_fini(&b);
    }
    folded_pipe_tune(0, 0, 0);
}

/* A pipe freed long before its input ends: the producer stops, nothing leaks or hangs. */
static void early_free(void **state)
{
    (void)state;
    struct buf b = {0};
    for (int i = 0; i < 20000; i++)
        buf_printf(&b, "main;f%d;g%d %d\n", i % 100, i, i + 1);
    folded_pipe_tune(64, 2, 0);
    for (int steps = 0; steps < 3; steps++) {
        struct trie *t = trie_new(NULL);
        struct folded_pipe_opts o = {0, false};
        struct folded_pipe *fp = folded_pipe_buf(t, &o, b.p, b.len, false);
        size_t bytes = 0;
        for (int k = 0; k < steps; k++)
            assert_int_equal(folded_pipe_step(fp, 1, -1, &bytes, NULL), 1);
        folded_pipe_free(fp);
        trie_free(t);
        int fd = test_temp_fd(b.p, b.len);
        t = trie_new(NULL);
        fp = folded_pipe_fd(t, &o, fd, "", 0, (off_t)b.len);
        for (int k = 0; k < steps; k++)
            assert_int_equal(folded_pipe_step(fp, 1, -1, &bytes, NULL), 1);
        folded_pipe_free(fp);
        trie_free(t);
        close(fd);
    }
    folded_pipe_tune(0, 0, 0);
    buf_fini(&b);
}

/* A mapped file cut short while the producer reads it: an error, not a crash. Runs first
 * (cmocka reinstalls its own SIGBUS handler for every later test). */
static void mapped_cut(void **state)
{
    (void)state;
    struct buf b = {0};
    for (int i = 0; b.len < ((size_t)24 << 20); i++)
        buf_printf(&b, "main;a%d;b%d;c %d\n", i % 1000, i % 37, i + 1);
    int fd = test_temp_fd(b.p, b.len);
    for (int cut = 0; cut < 2; cut++) {
        const char *m = mmap(NULL, b.len, PROT_READ, MAP_PRIVATE, fd, 0);
        assert_true(m != MAP_FAILED);
        if (cut)
            assert_int_equal(ftruncate(fd, (off_t)(b.len / 3)), 0);
        struct trie *t = trie_new(NULL);
        struct folded_pipe_opts o = {0, false};
        struct folded_pipe *fp = folded_pipe_buf(t, &o, m, b.len, true);
        struct ft_error err = {0, ""};
        size_t bytes = 0;
        int rc;
        while ((rc = folded_pipe_step(fp, SIZE_MAX, -1, &bytes, &err)) > 0)
            ;
        if (cut) {
            assert_int_equal(rc, -1);
            assert_string_equal(err.msg, "changed while it was read");
        } else {
            assert_int_equal(rc, 0);
            struct result want;
            single(b.p, b.len, &o, &want);
            assert_same_trie(want.t, t);
            assert_int_equal(folded_pipe_samples(fp), want.samples);
            result_fini(&want);
        }
        folded_pipe_free(fp);
        trie_free(t);
        munmap((void *)(uintptr_t)m, b.len);
    }
    close(fd);
    buf_fini(&b);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(mapped_cut),
        cmocka_unit_test(tiny_inputs),
        cmocka_unit_test(batch_boundaries),
        cmocka_unit_test(data_files),
        cmocka_unit_test(via_loader),
        cmocka_unit_test(into_a_flat_table),
        cmocka_unit_test(early_free),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
