/* SPDX-License-Identifier: MIT */
/* flametui - tests/fuzz/fuzz_decompress.c: libFuzzer target for the decompressors
 * (input/decompress.h: gzip, zstd, xz, bzip2). Input: 2 header bytes (the seed of the
 * chunk sizes), then the compressed bytes (the seeds are compressed files of each kind).
 * Checks: no crash, leak or unbounded output; the input pushed whole and pushed in the
 * chunks a pipe gives decode to the same bytes with the same ending (clean, trailing
 * garbage, or an error in both). Output is capped at LIMIT bytes per run (a bomb). */
#include "config.h"

#include "fuzz_common.h"
#include "input/decompress.h"

#define SLICE 65536u
#define LIMIT ((size_t)8 << 20)

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    (void)argc;
    (void)argv;
    return 0;
}

enum end { END_CLEAN, END_GARBAGE, END_ERROR, END_LIMIT };

/* Decodes while it can; appends to out. Returns -1 error, 1 garbage, 0 go on. */
static int drain(struct decomp *d, bool eof, unsigned char *slice, struct buf *out)
{
    while (decomp_ready(d) && out->len < LIMIT) {
        struct ft_error err = {0, ""};
        size_t got = 0;
        int rc = decomp_step(d, slice, SLICE, eof, &got, &err);
        FUZZ_CHECK(got <= SLICE, "step made %zu bytes", got);
        buf_append(out, slice, got);
        if (rc < 0) {
            FUZZ_CHECK(err.msg[0], "an error without a message");
            return -1;
        }
        if (rc > 0)
            return 1;
    }
    return 0;
}

static enum end run(enum decomp_kind kind, const unsigned char *p, size_t n, bool chunked,
                    uint64_t seed, struct buf *out)
{
    struct ft_error err = {0, ""};
    struct decomp *d = decomp_new(kind, &err);
    FUZZ_CHECK(d, "decomp_new: %s", err.msg);
    unsigned char *slice = xmalloc(SLICE);
    struct fuzz_rng r;
    fuzz_rng_seed(&r, seed);
    enum end e = END_CLEAN;
    int rc = 0;
    if (!chunked) {
        decomp_push(d, p, n);
        rc = drain(d, true, slice, out);
    } else {
        for (size_t pos = 0; pos < n && rc == 0 && out->len < LIMIT;) {
            size_t room, c = fuzz_chunk(&r);
            unsigned char *dst = decomp_room(d, &room);
            FUZZ_CHECK(room >= 4096, "room %zu", room);
            if (c > n - pos)
                c = n - pos;
            if (c > room)
                c = room;
            memcpy(dst, p + pos, c);
            decomp_added(d, c);
            pos += c;
            rc = drain(d, false, slice, out);
        }
        if (rc == 0)
            rc = drain(d, true, slice, out);
    }
    if (out->len >= LIMIT)
        e = END_LIMIT;
    else if (rc < 0)
        e = END_ERROR;
    else if (rc > 0)
        e = END_GARBAGE;
    else {
        rc = decomp_finish(d, &err);
        e = rc < 0 ? END_ERROR : rc > 0 ? END_GARBAGE : END_CLEAN;
    }
    free(slice);
    decomp_free(d);
    return e;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 2)
        return 0;
    uint64_t seed = (uint64_t)data[0] << 8 | data[1];
    const unsigned char *p = data + 2;
    size_t n = size - 2;
    enum decomp_kind kind;
    FUZZ_CHECK(decomp_sniff(p, n, true, &kind), "sniff at eof must decide");
    if (kind == DECOMP_NONE)
        return 0;
    struct buf whole = {0}, chunks = {0};
    enum end a = run(kind, p, n, false, seed, &whole);
    enum end b = run(kind, p, n, true, seed, &chunks);
    if (a != END_LIMIT && b != END_LIMIT) {
        FUZZ_CHECK(a == b, "%s: whole ends %d, chunked %d", decomp_name(kind), a, b);
        if (a != END_ERROR)
            FUZZ_CHECK(whole.len == chunks.len &&
                       (!whole.len || !memcmp(whole.p, chunks.p, whole.len)),
                       "%s: whole gave %zu bytes, chunked %zu", decomp_name(kind),
                       whole.len, chunks.len);
    }
    buf_fini(&whole);
    buf_fini(&chunks);
    return 0;
}
