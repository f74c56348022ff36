/* SPDX-License-Identifier: MIT */
/* flametui - tests/fuzz/fuzz_perf.c: libFuzzer target for the perf script parser, fed in
 * random chunk sizes as a pipe would. Input: 4 header bytes, then the text.
 *   byte 0: perf_opts bits: pid, tid, kernel, jit, addrs, srcline, weight_samples;
 *           bit 7: set an event filter.
 *   byte 1: bits 0-1 which event filter; bits 2-3: also run perf_parse_buffer_mt with
 *           2..4 threads (0: not) and compare.
 *   bytes 2-3: seed of the chunk sizes.
 * Checks: no crash or leak; chunked and whole-buffer feeds give the same
 * collapse_write text and the same counters; perf_feed only consumes whole lines;
 * the multi-threaded parse gives the same result as one parser. */
#include "config.h"

#include "fuzz_common.h"
#include "input/parse_perf.h"
#include "input/perf_mt.h"

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    (void)argc;
    (void)argv;
    return 0;
}

struct result {
    char *text;
    size_t len, samples, skipped;
    long first, lines;
};

static void whole(const struct perf_opts *o, const char *p, size_t n, struct result *r)
{
    struct trie *t = trie_new(NULL);
    struct perf_parser *pp = perf_new(t, o);
    size_t used = perf_feed(pp, p, n, true);
    FUZZ_CHECK(used == n, "eof feed consumed %zu of %zu", used, n);
    r->samples = perf_samples(pp);
    r->skipped = perf_skipped(pp, &r->first);
    r->lines = perf_lines(pp);
    (void)perf_last_time(pp);
    perf_free(pp);
    r->text = fuzz_collapsed(t, &r->len);
    trie_free(t);
}

static void chunked(const struct perf_opts *o, const char *p, size_t n, uint64_t seed,
                    struct result *r)
{
    struct trie *t = trie_new(NULL);
    struct perf_parser *pp = perf_new(t, o);
    struct fuzz_rng rng;
    struct buf pend = {0};
    size_t pos = 0;
    fuzz_rng_seed(&rng, seed);
    while (pos < n) {
        size_t c = fuzz_chunk(&rng);
        if (c > n - pos)
            c = n - pos;
        buf_append(&pend, p + pos, c);
        pos += c;
        size_t used = perf_feed(pp, pend.p, pend.len, false);
        FUZZ_CHECK(used <= pend.len, "consumed %zu of %zu", used, pend.len);
        FUZZ_CHECK(used == 0 || pend.p[used - 1] == '\n', "consumed a partial line");
        memmove(pend.p, pend.p + used, pend.len - used);
        pend.len -= used;
    }
    size_t used = perf_feed(pp, pend.p, pend.len, true);
    FUZZ_CHECK(used == pend.len, "eof feed consumed %zu of %zu", used, pend.len);
    r->samples = perf_samples(pp);
    r->skipped = perf_skipped(pp, &r->first);
    r->lines = perf_lines(pp);
    perf_free(pp);
    buf_fini(&pend);
    r->text = fuzz_collapsed(t, &r->len);
    trie_free(t);
}

static void threaded(const struct perf_opts *o, const char *p, size_t n, int threads,
                     struct result *r)
{
    struct trie *t = trie_new(NULL);
    struct perf_mt_stats st;
    FUZZ_CHECK(perf_parse_buffer_mt(t, o, p, n, threads, false, &st) == 0, "perf_mt failed");
    r->samples = st.samples;
    r->skipped = st.skipped;
    r->first = st.first_skipped;
    r->lines = st.lines;
    r->text = fuzz_collapsed(t, &r->len);
    trie_free(t);
}

static void same(const struct result *a, const struct result *b, const char *what, bool text)
{
    if (text)
        FUZZ_CHECK(a->len == b->len && !memcmp(a->text, b->text, a->len),
                   "%s: collapsed output differs", what);
    FUZZ_CHECK(a->samples == b->samples, "%s: samples %zu vs %zu", what, a->samples,
               b->samples);
    FUZZ_CHECK(a->skipped == b->skipped, "%s: skipped %zu vs %zu", what, a->skipped,
               b->skipped);
    FUZZ_CHECK(a->first == b->first, "%s: first skipped %ld vs %ld", what, a->first, b->first);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static const char *const events[4] = {"cycles", "cpu-clock", "", "sched:sched_switch"};
    if (size < 4)
        return 0;
    struct perf_opts o;
    memset(&o, 0, sizeof(o));
    o.pid = data[0] & 1;
    o.tid = data[0] & 2;
    o.kernel = data[0] & 4;
    o.jit = data[0] & 8;
    o.addrs = data[0] & 16;
    o.srcline = data[0] & 32;
    o.weight_samples = data[0] & 64;
    if (data[0] & 128)
        o.event_filter = events[data[1] & 3];
    int threads = (data[1] >> 2) & 3;
    uint64_t seed = (uint64_t)data[2] | (uint64_t)data[3] << 8;
    const char *p = (const char *)data + 4;
    size_t n = size - 4;

    (void)perf_sniff(p, n);
    const char *ev;
    size_t evlen;
    if (perf_first_event(p, n, &ev, &evlen))
        FUZZ_CHECK(ev >= p && ev + evlen <= p + n, "event outside the buffer");

    struct result a, b;
    whole(&o, p, n, &a);
    chunked(&o, p, n, seed, &b);
    same(&a, &b, "chunked vs whole", true);
    FUZZ_CHECK(a.lines == b.lines, "lines %ld vs %ld", a.lines, b.lines);
    free(b.text);
    if (threads) {
        struct result c;
        threaded(&o, p, n, threads + 1, &c);
        /* known limit (perf_mt.h): sums past 2^64 are doubles added in another order */
        bool floats = memmem(a.text, a.len, "e+", 2) != NULL;
        same(&a, &c, "threads vs one", !floats);
        free(c.text);
    }
    free(a.text);
    return 0;
}
