/* SPDX-License-Identifier: MIT */
/* flametui - tests/fuzz/fuzz_pprof.c: libFuzzer target for the pprof decoder and its
 * format sniffer. Input: 3 header bytes, then the (uncompressed) protobuf bytes.
 *   byte 0: the --sample-type: 0 the profile's default, else one of a few names.
 *   bytes 1-2: seed of the chunk sizes (the loader gives the bytes in pieces).
 * Checks: no crash, leak or sanitizer report; fed whole or in pieces, the result is the
 * same (text, counts, error message); a profile that fails adds no stack; pprof_sniff
 * never answers 1 for text without control bytes in its first 64 bytes. */
#include "config.h"

#include "fuzz_common.h"
#include "input/pprof.h"

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    (void)argc;
    (void)argv;
    return 0;
}

struct result {
    int rc;
    char *text;
    size_t len, samples, skipped;
    char msg[160];
};

static void run(const char *type, const char *p, size_t n, uint64_t seed, struct result *r)
{
    struct trie *t = trie_new(NULL);
    struct pprof_parser *pp = pprof_new(t, type);
    struct ft_error err = {0, ""};
    struct fuzz_rng rng;
    fuzz_rng_seed(&rng, seed);
    size_t pos = 0;
    r->rc = 0;
    while (seed && pos < n) {
        size_t c = fuzz_chunk(&rng);
        if (c > n - pos)
            c = n - pos;
        FUZZ_CHECK(pprof_feed(pp, p + pos, c, false, &err) == c, "feed took less");
        pos += c;
    }
    size_t used = pprof_feed(pp, p + pos, n - pos, true, &err);
    if (used == (size_t)-1) {
        r->rc = -1;
        FUZZ_CHECK(trie_size(t) == 1, "a failed profile added %zu nodes", trie_size(t) - 1);
    } else {
        FUZZ_CHECK(used == n - pos, "eof feed took %zu of %zu", used, n - pos);
    }
    memcpy(r->msg, err.msg, sizeof r->msg);
    r->samples = pprof_samples(pp);
    r->skipped = pprof_skipped(pp);
    const char *unit;
    const char *ty = pprof_sample_type(pp, &unit);
    FUZZ_CHECK(ty && unit, "no sample type strings");
    pprof_free(pp);
    r->text = fuzz_collapsed(t, &r->len);
    trie_free(t);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static const char *const types[8] = {NULL, "samples", "cpu", "alloc_space",
                                         "inuse_space", "", "alloc_objects", "contentions"};
    if (size < 3)
        return 0;
    const char *type = types[data[0] & 7];
    uint64_t seed = (uint64_t)data[1] | (uint64_t)data[2] << 8;
    const char *p = (const char *)data + 3;
    size_t n = size - 3;

    int s_all = pprof_sniff(p, n, true);
    FUZZ_CHECK(s_all >= 0 && s_all <= 1, "final sniff answered %d", s_all);
    bool text = true;
    for (size_t i = 0; i < n && i < 64; i++) {
        uint8_t c = data[3 + i];
        if ((c < 0x20 && c != '\t' && c != '\n' && c != '\r') || c == 0x7f)
            text = false;
    }
    FUZZ_CHECK(!(text && s_all == 1), "text taken for pprof");
    for (size_t k = 0; k <= n; k += 1 + k / 2) {   /* the loader's prefixes */
        int s = pprof_sniff(p, k, false);
        FUZZ_CHECK(s >= -1 && s <= 1, "sniff answered %d", s);
    }

    struct result a, b;
    run(type, p, n, 0, &a);
    run(type, p, n, seed | 1, &b);
    FUZZ_CHECK(a.rc == b.rc, "rc %d vs %d", a.rc, b.rc);
    FUZZ_CHECK(a.len == b.len && !memcmp(a.text, b.text, a.len), "chunked output differs");
    FUZZ_CHECK(!strcmp(a.msg, b.msg), "messages differ: %s / %s", a.msg, b.msg);
    FUZZ_CHECK(a.samples == b.samples && a.skipped == b.skipped, "counters differ");
    free(a.text);
    free(b.text);
    return 0;
}
