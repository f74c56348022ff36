/* SPDX-License-Identifier: MIT */
/* flametui - tests/fuzz/fuzz_bpftrace.c: libFuzzer target for the bpftrace map parser,
 * fed in random chunk sizes as a pipe would. Input: 3 header bytes, then the text.
 *   byte 0: the line cap: 0 none, else 8 << (byte & 15) bytes.
 *   bytes 1-2: seed of the chunk sizes.
 * Checks: no crash or leak; chunked and whole feeds give the same collapse_write text
 * and counters; bpftrace_feed consumes only whole lines (everything at eof);
 * bpftrace_sniff does not crash. */
#include "config.h"

#include "fuzz_common.h"
#include "input/parse_bpftrace.h"

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    (void)argc;
    (void)argv;
    return 0;
}

struct result {
    char *text;
    size_t len, samples, skipped;
    long first;
};

static void run(size_t max_line, const char *p, size_t n, uint64_t seed, struct result *r)
{
    struct trie *t = trie_new(NULL);
    struct bpftrace_parser *bp = bpftrace_new(t, max_line);
    struct fuzz_rng rng;
    struct buf pend = {0};
    size_t pos = 0;
    fuzz_rng_seed(&rng, seed);
    while (seed && pos < n) {
        size_t c = fuzz_chunk(&rng);
        if (c > n - pos)
            c = n - pos;
        buf_append(&pend, p + pos, c);
        pos += c;
        size_t used = bpftrace_feed(bp, pend.p, pend.len, false);
        FUZZ_CHECK(used <= pend.len, "consumed %zu of %zu", used, pend.len);
        FUZZ_CHECK(used == 0 || pend.p[used - 1] == '\n', "consumed a partial line");
        memmove(pend.p, pend.p + used, pend.len - used);
        pend.len -= used;
    }
    if (!seed)
        buf_append(&pend, p, n);
    size_t used = bpftrace_feed(bp, pend.p ? pend.p : "", pend.len, true);
    FUZZ_CHECK(used == pend.len, "eof feed consumed %zu of %zu", used, pend.len);
    struct ft_error first;
    r->samples = bpftrace_samples(bp);
    r->skipped = bpftrace_skipped(bp, &first);
    r->first = r->skipped ? first.line : 0;
    bpftrace_free(bp);
    buf_fini(&pend);
    r->text = fuzz_collapsed(t, &r->len);
    trie_free(t);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 3)
        return 0;
    size_t max_line = data[0] ? (size_t)8 << (data[0] & 15) : 0;
    uint64_t seed = (uint64_t)data[1] | (uint64_t)data[2] << 8;
    const char *p = (const char *)data + 3;
    size_t n = size - 3;
    (void)bpftrace_sniff(p, n);
    struct result a, b;
    run(max_line, p, n, 0, &a);
    run(max_line, p, n, seed | 1, &b);
    FUZZ_CHECK(a.len == b.len && !memcmp(a.text, b.text, a.len), "chunked output differs");
    FUZZ_CHECK(a.samples == b.samples, "samples %zu vs %zu", a.samples, b.samples);
    FUZZ_CHECK(a.skipped == b.skipped && a.first == b.first, "skipped %zu/%ld vs %zu/%ld",
               a.skipped, a.first, b.skipped, b.first);
    free(a.text);
    free(b.text);
    return 0;
}
