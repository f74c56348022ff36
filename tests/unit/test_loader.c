/* SPDX-License-Identifier: MIT */
/* flametui - unit tests: the loader on hostile input: bounded steps on an
 * endless line, a file that shrinks while the viewer reads it, gzip magic split over
 * reads, gzip trailers, a quiet pipe with one line, --follow truncation and rotation,
 * and the line cap in the parsers. */
#include "config.h"

#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>
#include <zlib.h>

#include "helpers.h"
#include "core/count.h"
#include "core/strtab.h"
#include "core/trie.h"
#include "core/util.h"
#include "input/feed.h"
#include "input/folded_pipe.h"
#include "input/loader.h"
#include "input/parse_folded.h"
#include "input/parse_perf.h"
#include "input/mapguard.h"
#include "input/perf_mt.h"

static void append_file(const char *path, const char *s)
{
    int fd = open(path, O_WRONLY | O_APPEND);
    assert_true(fd >= 0);
    assert_int_equal(write(fd, s, strlen(s)), (ssize_t)strlen(s));
    close(fd);
}

static struct loader *open_opts(const char *path, const struct load_opts *o, struct trie *t)
{
    struct ft_error err = {0, ""};
    struct loader *l = loader_open(path, o, t, &err);
    assert_non_null(l);
    return l;
}

/* gzip of text (one member) into *out; returns its length. */
static size_t gzip_text(const char *text, unsigned char *out, size_t cap)
{
    z_stream z;
    memset(&z, 0, sizeof z);
    assert_int_equal(deflateInit2(&z, 6, Z_DEFLATED, 16 + MAX_WBITS, 8, Z_DEFAULT_STRATEGY),
                     Z_OK);
    z.next_in = (unsigned char *)(uintptr_t)text;
    z.avail_in = (uInt)strlen(text);
    z.next_out = out;
    z.avail_out = (uInt)cap;
    assert_int_equal(deflate(&z, Z_FINISH), Z_STREAM_END);
    size_t n = cap - z.avail_out;
    deflateEnd(&z);
    return n;
}

static enum load_status run_steps(struct loader *l, size_t max, struct ft_error *err)
{
    enum load_status s;
    for (int i = 0; i < 100000; i++) {
        s = loader_step(l, max, err);
        if (s != LOAD_MORE)
            return s;
    }
    return s;
}

/* Item 10: the viewer's steps stay bounded on a file that is one 256 MB line (sparse:
 * no disk), and the line is skipped and counted. */
static void endless_line_steps_are_bounded(void **state)
{
    (void)state;
    char *path = test_temp_path("test_loader");
    test_write_file(path, "a;b 1\n", 6);
    assert_int_equal(truncate(path, 256 << 20), 0);
    struct trie *t = trie_new(NULL);
    struct load_opts o = {.interactive = true};
    struct loader *l = open_opts(path, &o, t);
    struct ft_error err = {0, ""};
    size_t before = 0, steps = 0;
    enum load_status s;
    while ((s = loader_step(l, 1 << 20, &err)) == LOAD_MORE) {
        size_t now = loader_bytes(l);
        /* at most the step plus, once, the cap (the line is dropped at 16 MiB) */
        assert_true(now - before <= (1u << 20) + LOAD_MAX_LINE_DEFAULT);
        before = now;
        steps++;
    }
    assert_int_equal(s, LOAD_EOF);
    assert_true(steps >= 200);
    assert_int_equal(loader_samples(l), 1);
    struct buf msg = {0};
    assert_true(loader_report(l, &msg));
    buf_putc(&msg, '\0');
    assert_non_null(strstr(msg.p, "1 line skipped (first at line 2: line longer than 16 MiB)"));
    buf_fini(&msg);
    loader_free(l);
    trie_free(t);
    unlink(path);
    free(path);
}

/* Item 1: the viewer reads files (no mapping): a file that shrinks while it is read is
 * a loader error, and what was read stays. */
static void shrinking_file_is_an_error(void **state)
{
    (void)state;
    char *path = test_temp_path("test_loader");
    struct buf text = {0};
    for (int i = 0; i < 200000; i++)
        buf_printf(&text, "main;f%d 1\n", i % 100);
    test_write_file(path, text.p, text.len);
    struct trie *t = trie_new(NULL);
    struct load_opts o = {.interactive = true};
    struct loader *l = open_opts(path, &o, t);
    struct ft_error err = {0, ""};
    assert_int_equal(loader_step(l, 4096, &err), LOAD_MORE);
    assert_int_equal(truncate(path, 100), 0);
    assert_int_equal(run_steps(l, 4096, &err), LOAD_ERROR);
    assert_string_equal(err.msg, "changed while it was read");
    assert_true(loader_samples(l) > 0);
    loader_free(l);
    trie_free(t);
    unlink(path);
    free(path);
    buf_fini(&text);
}

/* Item 1, batch: reading a mapping whose file was cut short raises SIGBUS; the guard
 * turns it into -1, and a second guarded call still works. */
struct touch {
    const char *m;
    size_t len;
    unsigned sum;
};

static void touch_pages(void *arg)
{
    struct touch *c = arg;
    for (size_t i = 0; i < c->len; i += 4096)
        c->sum += (unsigned char)((const volatile char *)c->m)[i];
}

static void mapped_file_guard_catches_sigbus(void **state)
{
    (void)state;
    char *path = test_temp_path("test_loader");
    test_write_file(path, "x", 1);
    assert_int_equal(truncate(path, 1 << 20), 0);
    int fd = open(path, O_RDONLY);
    assert_true(fd >= 0);
    const char *m = mmap(NULL, 1 << 20, PROT_READ, MAP_PRIVATE, fd, 0);
    assert_true(m != MAP_FAILED);
    struct touch c = {m, 1 << 20, 0};
    assert_int_equal(map_guard(m, 1 << 20, touch_pages, &c), 0);
    assert_int_equal(truncate(path, 100), 0);
    assert_int_equal(map_guard(m, 1 << 20, touch_pages, &c), -1);
    c.len = 100;
    assert_int_equal(map_guard(m, 1 << 20, touch_pages, &c), 0);
    munmap((void *)(uintptr_t)m, 1 << 20);
    close(fd);
    unlink(path);
    free(path);
}

/* Item 14: gzip magic split over two reads of a pipe is still gzip. */
static void gzip_magic_split_over_reads(void **state)
{
    (void)state;
    unsigned char gz[256];
    size_t n = gzip_text("a;b 1\na;c 2\n", gz, sizeof gz);
    int p[2];
    char path[64];
    test_pipe_path(p, path, sizeof path);
    struct trie *t = trie_new(NULL);
    struct load_opts o = {.interactive = true};
    struct loader *l = open_opts(path, &o, t);
    struct ft_error err = {0, ""};
    assert_int_equal(write(p[1], gz, 1), 1);
    assert_int_equal(loader_step(l, 1 << 20, &err), LOAD_MORE);
    assert_int_equal(loader_step(l, 1 << 20, &err), LOAD_AGAIN);
    assert_int_equal(write(p[1], gz + 1, n - 1), (ssize_t)(n - 1));
    close(p[1]);
    assert_int_equal(run_steps(l, 1 << 20, &err), LOAD_EOF);
    assert_int_equal(loader_samples(l), 2);
    assert_int_equal(trie_total(t, TRIE_ROOT).u, 3);
    loader_free(l);
    close(p[0]);
    trie_free(t);
}

/* Item 15: zeros after the gzip data are padding; garbage is a notice, the data stays. */
static void gzip_trailers(void **state)
{
    (void)state;
    unsigned char gz[512];
    size_t n = gzip_text("a;b 1\na;c 2\n", gz, 256);
    char *path = test_temp_path("test_loader");
    struct ft_error err = {0, ""};
    struct buf msg = {0};
    memset(gz + n, 0, 100);
    test_write_file(path, gz, n + 100);
    struct trie *t = trie_new(NULL);
    struct load_opts o = {0};
    struct loader *l = open_opts(path, &o, t);
    assert_int_equal(loader_run(l, &err), 0);
    assert_int_equal(loader_samples(l), 2);
    assert_false(loader_report(l, &msg));
    assert_false(loader_notice(l, &msg));
    loader_free(l);
    trie_free(t);

    memcpy(gz + n, "garbage\n", 8);
    test_write_file(path, gz, n + 8);
    t = trie_new(NULL);
    l = open_opts(path, &o, t);
    assert_int_equal(loader_run(l, &err), 0);
    assert_int_equal(loader_samples(l), 2);
    assert_true(loader_notice(l, &msg));
    buf_putc(&msg, '\0');
    assert_non_null(strstr(msg.p, ": trailing garbage after the gzip data ignored\n"));
    msg.len = 0;
    assert_false(loader_notice(l, &msg));    /* taken once */
    assert_true(loader_report(l, &msg));     /* but reported at the end */
    loader_free(l);
    trie_free(t);
    buf_fini(&msg);
    unlink(path);
    free(path);
}

/* Item 11: a quiet pipe with one complete folded line shows it at once. */
static void one_line_on_a_quiet_pipe(void **state)
{
    (void)state;
    int p[2];
    char path[64];
    test_pipe_path(p, path, sizeof path);
    struct trie *t = trie_new(NULL);
    struct load_opts o = {.interactive = true};
    struct loader *l = open_opts(path, &o, t);
    struct ft_error err = {0, ""};
    assert_int_equal(write(p[1], "main;a 5\n", 9), 9);
    for (int i = 0; i < 3; i++)
        loader_step(l, 1 << 20, &err);
    assert_int_equal(loader_format(l), FORMAT_FOLDED);
    assert_int_equal(loader_samples(l), 1);
    loader_free(l);
    close(p[0]);
    close(p[1]);
    trie_free(t);

    /* a perf header alone is not folded: perf, or wait for its frames */
    test_pipe_path(p, path, sizeof path);
    t = trie_new(NULL);
    l = open_opts(path, &o, t);
    const char *hdr = "pp 1 1.0: 1 cycles: \n";
    assert_int_equal(write(p[1], hdr, strlen(hdr)), (ssize_t)strlen(hdr));
    for (int i = 0; i < 3; i++)
        loader_step(l, 1 << 20, &err);
    assert_true(loader_format(l) != FORMAT_FOLDED);   /* never taken for folded */
    const char *rest = "\tffff f+0x1 (/x)\n\n";
    assert_int_equal(write(p[1], rest, strlen(rest)), (ssize_t)strlen(rest));
    for (int i = 0; i < 3; i++)
        loader_step(l, 1 << 20, &err);
    assert_int_equal(loader_format(l), FORMAT_PERF);
    assert_int_equal(loader_samples(l), 1);
    loader_free(l);
    close(p[0]);
    close(p[1]);
    trie_free(t);
}

/* Item 16: --follow reads a truncated file, and a file replaced under its name, again
 * from the start, with a notice each time. */
static void follow_truncation_and_rotation(void **state)
{
    (void)state;
    char *path = test_temp_path("test_loader");
    test_write_file(path, "main;a 3\nmain;b 1\nmain;c 1\n", 27);
    struct trie *t = trie_new(NULL);
    struct load_opts o = {.format = FORMAT_FOLDED, .follow = true, .interactive = true};
    struct loader *l = open_opts(path, &o, t);
    struct ft_error err = {0, ""};
    struct buf msg = {0};
    assert_int_equal(run_steps(l, 1 << 20, &err), LOAD_AGAIN);
    assert_int_equal(loader_samples(l), 3);
    assert_false(loader_notice(l, &msg));

    test_write_file(path, "main;d 7\n", 9);   /* truncated, then shorter new data */
    assert_int_equal(run_steps(l, 1 << 20, &err), LOAD_AGAIN);
    assert_int_equal(loader_samples(l), 4);
    assert_int_equal(trie_total(t, trie_node_at(t, "main;d")).u, 7);
    assert_true(loader_notice(l, &msg));
    buf_putc(&msg, '\0');
    assert_non_null(strstr(msg.p, ": file truncated: reading it again from the start\n"));
    msg.len = 0;

    char *other = test_temp_path("test_loader"); /* rotation: a new file under the name */
    test_write_file(other, "main;e 2\n", 9);
    assert_int_equal(rename(other, path), 0);
    assert_int_equal(run_steps(l, 1 << 20, &err), LOAD_AGAIN);
    assert_int_equal(loader_samples(l), 5);
    assert_int_equal(trie_total(t, trie_node_at(t, "main;e")).u, 2);
    assert_true(loader_notice(l, &msg));
    buf_putc(&msg, '\0');
    assert_non_null(strstr(msg.p, ": file replaced: reading the new file from the start\n"));
    append_file(path, "main;e 1\n");         /* and the new file is followed */
    assert_int_equal(run_steps(l, 1 << 20, &err), LOAD_AGAIN);
    assert_int_equal(trie_total(t, trie_node_at(t, "main;e")).u, 3);
    buf_fini(&msg);
    loader_free(l);
    trie_free(t);
    unlink(path);
    free(path);
    free(other);
}

/* The feed hands the notices to the viewer. */
static void feed_shows_notices(void **state)
{
    (void)state;
    char *path = test_temp_path("test_loader");
    test_write_file(path, "main;a 3\nmain;b 1\n", 18);
    struct trie *t = trie_new(NULL);
    struct load_opts o = {.format = FORMAT_FOLDED, .follow = true, .interactive = true};
    struct loader *l = open_opts(path, &o, t);
    long long now = 0;
    struct feed *f = feed_new(&l, 1, now);
    for (int i = 0; i < 5; i++, now += 200)
        feed_step(f, NULL, 0, now);
    assert_int_equal(feed_status(f)->notices, 0);
    test_write_file(path, "x 1\n", 4);
    for (int i = 0; i < 5; i++, now += 200)
        feed_step(f, NULL, 0, now);
    assert_int_equal(feed_status(f)->notices, 1);
    assert_non_null(strstr(feed_status(f)->notice, "file truncated"));
    assert_null(strchr(feed_status(f)->notice, '\n'));
    feed_free(f);
    loader_free(l);
    trie_free(t);
    unlink(path);
    free(path);
}

/* Item 5: the cap in the parsers (lines fed whole) and lines dropped by the caller. */
static void line_cap_in_the_parsers(void **state)
{
    (void)state;
    struct trie *t = trie_new(NULL);
    struct folded_parser *p = folded_new(t);
    folded_set_max_line(p, 10);
    const char *text = "abcdefghijk 1\nab 2\n";
    struct ft_error err = {0, ""};
    assert_int_equal(folded_feed(p, text, strlen(text), false, false, &err), strlen(text));
    folded_long_line(p);
    assert_int_equal(folded_feed(p, "c 3\n", 4, true, false, &err), 4);
    struct ft_error first;
    assert_int_equal(folded_skipped(p, &first), 2);
    assert_int_equal(first.line, 1);
    assert_string_equal(first.msg, "line longer than 10 bytes");
    assert_int_equal(folded_samples(p), 2);
    assert_int_equal(folded_feed(p, text, strlen(text), false, true, &err), (size_t)-1);
    assert_int_equal(err.line, 5);
    folded_set_max_line(p, 16u << 20);
    folded_long_line(p);
    assert_int_equal(folded_skipped(p, &first), 3);
    folded_free(p);
    trie_free(t);

    /* perf: the record with the long line is dropped, in one thread or several */
    struct buf in = {0};
    for (int r = 0; r < 3000; r++) {
        buf_printf(&in, "pp 1 %d.0: 1 cycles: \n\tffff f%d+0x1 (/x)\n", r, r % 7);
        if (r % 1000 == 5)
            buf_printf(&in, "\tffff %0200d (/x)\n", 0);
        buf_printf(&in, "\tffff main+0x2 (/x)\n\n");
    }
    struct perf_opts po = {.max_line = 100};
    t = trie_new(NULL);
    struct perf_parser *pp = perf_new(t, &po);
    assert_int_equal(perf_feed(pp, in.p, in.len, true), in.len);
    assert_int_equal(perf_samples(pp), 3000 - 3);
    long fl;
    assert_int_equal(perf_long_lines(pp, &fl), 3);
    assert_int_equal(fl, 5 * 4 + 3);
    char *whole = trie_to_collapsed(t);
    for (int n = 1; n <= 3; n++) {
        struct trie *t2 = trie_new(NULL);
        struct perf_mt_stats st;
        assert_int_equal(perf_parse_buffer_mt(t2, &po, in.p, in.len, n, false, &st), 0);
        assert_int_equal(st.long_lines, 3);
        assert_int_equal(st.first_long, fl);
        char *got = trie_to_collapsed(t2);
        assert_string_equal(got, whole);
        free(got);
        trie_free(t2);
    }
    free(whole);
    perf_free(pp);
    trie_free(t);
    buf_fini(&in);
}

/* Item 17: the exponent forms count_format writes read back. */
static void written_counts_read_back(void **state)
{
    (void)state;
    struct count c;
    char buf[COUNT_FMT_MAX];
    assert_int_equal(count_parse("1.84467440737096e+19", 20, false, &c), 0);
    assert_true(c.is_float);
    count_format(buf, c);
    assert_string_equal(buf, "1.84467440737096e+19");
    assert_int_equal(count_parse("1e+23", 5, false, &c), 0);
    assert_int_equal(count_parse("2.5e-05", 7, false, &c), 0);
    assert_int_equal(count_parse("1e+23", 5, true, &c), -1);
    assert_int_equal(count_parse("1e5", 3, false, &c), -1);
    assert_int_equal(count_parse("1e+", 3, false, &c), -1);
    assert_int_equal(count_parse("e+5", 3, false, &c), -1);
    assert_int_equal(count_parse("1.79769313486232e+308", 21, false, &c), 0);
    assert_true(c.is_float && c.d > 1.79e308);
    assert_int_equal(count_parse("1.8e+308", 8, false, &c), -2);
    size_t sl;
    const char *why;
    assert_int_equal(folded_split_line("a;b 1.84467440737096e+19", 24, &sl, &c, &why), 0);
    assert_int_equal(sl, 3);
}

/* The trie rebuilt in place between two steps (trie_replace: every node id moves) with
 * no loader_trie_replaced call: the loader notices it by itself, on one thread (the
 * folded parser's previous line) and on two (the pipe's previous stack). */
static void notices_trie_replace(void **state)
{
    (void)state;
    struct buf b = {0};
    for (int i = 0; i < 3000; i++)
        buf_printf(&b, "main;a%d;b%d;c %d\n", i / 100, i / 10, i + 1);
    char *path = test_temp_path("flametui-replace");
    test_write_file(path, b.p, b.len);
    struct trie *ref = trie_new(NULL);
    struct folded_parser *fp = folded_new(ref);
    assert_int_equal(folded_feed(fp, b.p, b.len, true, false, NULL), b.len);
    folded_free(fp);
    char *want = trie_to_collapsed(ref);
    trie_free(ref);
    folded_pipe_tune(512, 2, 0);   /* the pipe for any size, in small batches */
    for (int th = 1; th <= 2; th++) {
        struct load_opts lo = {.format = FORMAT_FOLDED, .interactive = true, .threads = th};
        struct trie *t = trie_new(NULL);
        struct ft_error err = {0, ""};
        struct loader *l = loader_open(path, &lo, t, &err);
        assert_non_null(l);
        enum load_status st;
        unsigned pads = 0;
        while ((st = loader_step(l, 4096, &err)) == LOAD_MORE) {
            /* a new name each time, so that every old node's id moves */
            char pad[32];
            int pl = snprintf(pad, sizeof pad, "\1pad%u", pads++);
            struct strtab *names = trie_names(t);
            struct trie *src = trie_new(names);
            trie_child(src, TRIE_ROOT, strtab_intern(names, pad, (size_t)pl));
            trie_merge(src, t);
            trie_replace(t, src);
        }
        assert_int_equal(st, LOAD_EOF);
        assert_true(pads > 3);
        char *got = trie_to_collapsed(t);
        /* the pads are leaves of their own with no count: not in the collapsed text */
        assert_string_equal(want, got);
        free(got);
        loader_free(l);
        trie_free(t);
    }
    folded_pipe_tune(0, 0, 0);
    free(want);
    unlink(path);
    free(path);
    buf_fini(&b);
}

/* loader_weight: what an input's weights are, for render/numfmt.h's numfmt_unit_set. */
static void weights_of_inputs(void **state)
{
    (void)state;
    /* over 1 MiB: a batch loader collapses it on two threads (perf_mt) */
    struct buf b = {0};
    for (int i = 0; i < 30000; i++)
        buf_printf(&b, "two 1 1.0:    5000000 cpu-clock:ppp: \n\t1 f (m)\n\n");
    buf_putc(&b, '\0');
    assert_true(b.len > (1u << 20));
    char *path = test_temp_file("weight", b.p);
    buf_fini(&b);
    char type[64];
    const char *unit = NULL;
    for (int round = 0; round < 4; round++) {
        struct trie *t = trie_new(NULL);
        struct ft_error err = {0, ""};
        struct load_opts o = {.format = FORMAT_AUTO, .interactive = round >= 2};
        o.perf.weight_samples = round % 2 == 1;
        struct loader *l = open_opts(path, &o, t);
        assert_false(loader_weight(l, type, sizeof type, &unit));   /* not known yet */
        assert_int_equal(loader_run(l, &err), 0);
        assert_true(loader_weight(l, type, sizeof type, &unit));
        assert_string_equal(type, "cpu-clock:ppp");
        assert_string_equal(unit, round % 2 ? "samples" : "period");
        loader_free(l);
        trie_free(t);
    }
    unlink(path);
    free(path);
    /* folded stacks count samples: nothing to say */
    path = test_temp_file("weight", "a;b 3\n");
    struct trie *t = trie_new(NULL);
    struct ft_error err = {0, ""};
    struct load_opts o = {.format = FORMAT_AUTO};
    struct loader *l = open_opts(path, &o, t);
    assert_int_equal(loader_run(l, &err), 0);
    assert_false(loader_weight(l, type, sizeof type, &unit));
    loader_free(l);
    trie_free(t);
    unlink(path);
    free(path);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(endless_line_steps_are_bounded),
        cmocka_unit_test(shrinking_file_is_an_error),
        cmocka_unit_test(mapped_file_guard_catches_sigbus),
        cmocka_unit_test(gzip_magic_split_over_reads),
        cmocka_unit_test(gzip_trailers),
        cmocka_unit_test(one_line_on_a_quiet_pipe),
        cmocka_unit_test(follow_truncation_and_rotation),
        cmocka_unit_test(feed_shows_notices),
        cmocka_unit_test(line_cap_in_the_parsers),
        cmocka_unit_test(written_counts_read_back),
        cmocka_unit_test(notices_trie_replace),
        cmocka_unit_test(weights_of_inputs),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
