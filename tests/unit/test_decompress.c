/* SPDX-License-Identifier: MIT */
/* flametui - unit tests: the decompressors (input/decompress.h) give one answer (the same
 * bytes, the same ending: clean, trailing garbage or the same error) however reads split
 * the compressed stream: pushed whole, split at every single position, in reads of 1 and
 * 2 bytes, and with empty reads between them. For gzip, zstd, xz and bzip2: a member
 * followed by zeros, by garbage, by part of a magic number, two members, truncated data;
 * for zstd also skippable frames and a frame whose window is over the limit. */
#include "config.h"

#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>
#include <bzlib.h>
#include <lzma.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <zlib.h>
#include <zstd.h>

#include "input/decompress.h"
#include "core/util.h"

#define CAP 65536u   /* decoded bytes per step, as the fuzz target takes them */

static const char TEXT[] = "main;foo;bar 10\nmain;foo;baz 20\nmain;qux 5\n";

struct out {
    int end;                 /* 0 clean, 1 trailing garbage, -1 error */
    unsigned char *p;
    size_t len;
    char msg[256];
};

/* Decodes p[0..n) in reads: each read is `step` bytes (0: up to `split`, then the rest);
 * `empty`: an empty read after each one. */
static void decode(const unsigned char *p, size_t n, size_t step, size_t split, bool empty,
                   struct out *o)
{
    enum decomp_kind kind;
    assert_true(decomp_sniff(p, n, true, &kind));
    assert_int_not_equal(kind, DECOMP_NONE);
    struct ft_error err = {0, ""};
    struct decomp *d = decomp_new(kind, &err);
    assert_non_null(d);
    memset(o, 0, sizeof *o);
    unsigned char *slice = xmalloc(CAP);
    int rc = 0;
    for (size_t pos = 0, reads = 0; rc == 0 && (pos < n || reads < 2); reads++) {
        bool eof = pos == n;
        if (!eof) {
            size_t c = step ? step : pos < split ? split - pos : n - pos;
            if (c > n - pos)
                c = n - pos;
            size_t room;
            unsigned char *dst = decomp_room(d, &room);
            assert_true(room >= 4096);
            if (c > room)
                c = room;
            memcpy(dst, p + pos, c);
            decomp_added(d, c);
            pos += c;
            if (empty)
                decomp_added(d, 0);
            reads = 0;
        }
        while (rc == 0 && decomp_ready(d)) {
            size_t got = 0;
            rc = decomp_step(d, slice, CAP, eof, &got, &err);
            o->p = xrealloc(o->p, o->len + got + 1);
            memcpy(o->p + o->len, slice, got);
            o->len += got;
        }
        if (eof)
            break;
    }
    if (rc == 0)
        rc = decomp_finish(d, &err);
    o->end = rc;
    snprintf(o->msg, sizeof o->msg, "%s", rc < 0 ? err.msg : "");
    free(slice);
    decomp_free(d);
}

/* Every way of reading p[0..n) gives the answer of reading it whole; returns that. */
static void one_answer(const unsigned char *p, size_t n, struct out *whole)
{
    enum decomp_kind kind;
    assert_true(decomp_sniff(p, n, true, &kind));
    decode(p, n, 0, n, false, whole);
    for (size_t mode = 0; mode < n + 4; mode++) {
        struct out o;
        if (mode < n)
            decode(p, n, 0, mode, false, &o);        /* one split at `mode` */
        else
            decode(p, n, mode - n + 1 - (mode == n + 3) * 3, 0, mode == n + 3, &o);
        if (o.end != whole->end || strcmp(o.msg, whole->msg) ||
            o.len != whole->len || (o.len && memcmp(o.p, whole->p, o.len)))
            fail_msg("%s: read mode %zu of %zu bytes ends %d (%zu bytes, '%s'), read whole "
                     "%d (%zu bytes, '%s')", decomp_name(kind),
                     mode, n, o.end, o.len, o.msg, whole->end, whole->len, whole->msg);
        free(o.p);
    }
}

/* TEXT compressed as kind (one member), appended to b. */
static void compress_text(enum decomp_kind kind, struct buf *b)
{
    unsigned char c[1024];
    size_t n = 0, tl = strlen(TEXT);
    switch (kind) {
    case DECOMP_GZIP: {
        z_stream z;
        memset(&z, 0, sizeof z);
        assert_int_equal(deflateInit2(&z, 6, Z_DEFLATED, 16 + MAX_WBITS, 8,
                                      Z_DEFAULT_STRATEGY), Z_OK);
        z.next_in = (unsigned char *)(uintptr_t)TEXT;
        z.avail_in = (uInt)tl;
        z.next_out = c;
        z.avail_out = sizeof c;
        assert_int_equal(deflate(&z, Z_FINISH), Z_STREAM_END);
        n = sizeof c - z.avail_out;
        deflateEnd(&z);
        break;
    }
    case DECOMP_ZSTD:
        n = ZSTD_compress(c, sizeof c, TEXT, tl, 3);
        assert_false(ZSTD_isError(n));
        break;
    case DECOMP_XZ:
        assert_int_equal(lzma_easy_buffer_encode(6, LZMA_CHECK_CRC64, NULL,
                                                 (const uint8_t *)TEXT, tl, c, &n, sizeof c),
                         LZMA_OK);
        break;
    case DECOMP_BZIP2: {
        unsigned u = sizeof c;
        assert_int_equal(BZ2_bzBuffToBuffCompress((char *)c, &u, (char *)(uintptr_t)TEXT,
                                                  (unsigned)tl, 1, 0, 0), BZ_OK);
        n = u;
        break;
    }
    case DECOMP_NONE:
        break;
    }
    buf_append(b, c, n);
}

static const unsigned char MAGIC[][6] = {
    [DECOMP_GZIP] = {0x1f, 0x8b},
    [DECOMP_ZSTD] = {0x28, 0xb5, 0x2f, 0xfd},
    [DECOMP_XZ] = {0xfd, '7', 'z', 'X', 'Z', 0x00},
    [DECOMP_BZIP2] = {'B', 'Z', 'h', '9'},
};
static const size_t MAGIC_LEN[] = {[DECOMP_GZIP] = 2, [DECOMP_ZSTD] = 4, [DECOMP_XZ] = 6,
                                   [DECOMP_BZIP2] = 4};

/* b decodes to `copies` times TEXT, ending as `end`, however it is read. */
static void expect(const struct buf *b, int copies, int end, const char *msg)
{
    struct out o;
    one_answer((const unsigned char *)b->p, b->len, &o);
    assert_int_equal(o.end, end);
    if (end >= 0) {
        size_t tl = strlen(TEXT);
        assert_int_equal(o.len, tl * (size_t)copies);
        for (int i = 0; i < copies; i++)
            assert_memory_equal(o.p + tl * (size_t)i, TEXT, tl);
    } else {
        assert_non_null(strstr(o.msg, msg));
    }
    free(o.p);
}

static void every_kind(enum decomp_kind kind)
{
    struct buf b = {0};
    compress_text(kind, &b);
    expect(&b, 1, 0, NULL);
    size_t one = b.len;

    buf_append(&b, "\0\0\0\0\0\0\0\0", 8);   /* zeros: padding */
    expect(&b, 1, 0, NULL);
    buf_append(&b, "xyz", 3);                 /* then garbage */
    expect(&b, 1, 1, NULL);

    b.len = one;
    buf_append(&b, "garbage\n", 8);
    expect(&b, 1, 1, NULL);

    for (size_t k = 1; k < MAGIC_LEN[kind]; k++) {   /* part of a next member's magic */
        b.len = one;
        buf_append(&b, MAGIC[kind], k);
        expect(&b, 1, 1, NULL);
    }
    b.len = one;                              /* a whole magic, nothing after it */
    buf_append(&b, MAGIC[kind], MAGIC_LEN[kind]);
    expect(&b, 1, -1, "");

    b.len = one;                              /* two members */
    compress_text(kind, &b);
    expect(&b, 2, 0, NULL);

    for (size_t cut = 1; cut + DECOMP_MAGIC_MAX <= one; cut += 1 + one / 8) {   /* truncated */
        b.len = one - cut;
        struct out o;
        one_answer((const unsigned char *)b.p, b.len, &o);
        if (o.end != -1)
            fail_msg("%s cut to %zu of %zu bytes ends %d", decomp_name(kind), b.len, one, o.end);
        free(o.p);
    }
    buf_fini(&b);
}

static void test_gzip(void **state)
{
    (void)state;
    every_kind(DECOMP_GZIP);
}

static void test_zstd(void **state)
{
    (void)state;
    every_kind(DECOMP_ZSTD);
}

static void test_xz(void **state)
{
    (void)state;
    every_kind(DECOMP_XZ);
}

static void test_bzip2(void **state)
{
    (void)state;
    every_kind(DECOMP_BZIP2);
}

/* Skippable frames before, between and after zstd frames are skipped. */
static void test_zstd_skippable(void **state)
{
    (void)state;
    static const unsigned char skip[] = {0x53, 0x2a, 0x4d, 0x18, 3, 0, 0, 0, 'a', 'b', 'c'};
    struct buf b = {0};
    buf_append(&b, skip, sizeof skip);
    compress_text(DECOMP_ZSTD, &b);
    buf_append(&b, skip, sizeof skip);
    compress_text(DECOMP_ZSTD, &b);
    buf_append(&b, skip, sizeof skip);
    expect(&b, 2, 0, NULL);
    buf_append(&b, skip, 6);                  /* a truncated skippable frame */
    expect(&b, 2, -1, "truncated zstd data");
    buf_fini(&b);
}

/* A frame whose window (2 GiB) is over libzstd's limit is an error read whole (when libzstd
 * could decode it in one pass) as in small reads (streamed); the bytes after it are not
 * judged as trailing garbage. */
static void test_zstd_window(void **state)
{
    (void)state;
    enum { N = 3000 };
    char *text = xmalloc(N);
    for (int i = 0; i < N; i++)
        text[i] = "abcdefghij;\n"[(i * 7 + i / 13) % 12];
    ZSTD_CCtx *cc = ZSTD_createCCtx();
    assert_false(ZSTD_isError(ZSTD_CCtx_setParameter(cc, ZSTD_c_windowLog, 10)));
    unsigned char c[8192];
    size_t n = ZSTD_compress2(cc, c, sizeof c, text, N);
    ZSTD_freeCCtx(cc);
    assert_false(ZSTD_isError(n));
    assert_int_equal(c[4] & 0x20, 0);   /* not a single segment: a window descriptor */
    struct buf b = {0};
    buf_append(&b, c, n);
    buf_append(&b, "xyz", 3);
    struct out o;
    one_answer((const unsigned char *)b.p, b.len, &o);   /* the window of 1 KiB: fine */
    assert_int_equal(o.end, 1);
    assert_int_equal(o.len, N);
    free(o.p);
    b.p[5] = (char)0xa8;                      /* window 2^(10+21) */
    one_answer((const unsigned char *)b.p, b.len, &o);
    assert_int_equal(o.end, -1);
    assert_non_null(strstr(o.msg, "corrupt zstd data"));
    free(o.p);
    buf_fini(&b);
    free(text);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_gzip),
        cmocka_unit_test(test_zstd),
        cmocka_unit_test(test_xz),
        cmocka_unit_test(test_bzip2),
        cmocka_unit_test(test_zstd_skippable),
        cmocka_unit_test(test_zstd_window),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
