/* SPDX-License-Identifier: MIT */
/* flametui - tests/bench/bench_time.c: the time index of perf input.
 * usage: bench_time [SAMPLES [DISTINCT]]   (default 10000000 samples, 100000 stacks)
 *        bench_time FILE|-                 (perf script text, e.g. gen_perf ... | bench_time -)
 * Without a file it generates perf script text in memory (records of 4-12 frames over
 * DISTINCT call paths, 48 threads of 8 processes, one record every 0-2 ms, weights that
 * vary), feeds it to the parser with the index on, and reports the parse time, the
 * index's bytes per sample, and the time to aggregate ranges (the whole, 1%, 10%, the
 * last half, an empty one) and groupings from the index, and to collapse recursion.
 * Target: <= 200 ms for any range. */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "core/samples.h"
#include "core/trie.h"
#include "core/util.h"
#include "input/parse_perf.h"
#include "query/recursion.h"
#include "query/timeline.h"

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

static uint64_t rs = 88172645463325252ull;
static uint64_t rnd(void)
{
    rs ^= rs << 13;
    rs ^= rs >> 7;
    rs ^= rs << 17;
    return rs;
}

struct path {
    uint8_t n;
    uint16_t f[12];
};

static void generate(struct perf_parser *p, size_t nsamples, size_t distinct)
{
    struct path *paths = xcalloc(distinct, sizeof *paths);
    for (size_t i = 0; i < distinct; i++) {
        paths[i].n = (uint8_t)(4 + rnd() % 9);
        for (unsigned k = 0; k < paths[i].n; k++)   /* some direct recursion too */
            paths[i].f[k] = k > 0 && rnd() % 6 == 0 ? paths[i].f[k - 1]
                                                    : (uint16_t)(rnd() % (k < 2 ? 8 : 3000));
    }
    struct buf b = {0};
    uint64_t clock = 0;
    for (size_t i = 0; i < nsamples; i++) {
        const struct path *pa = &paths[rnd() % distinct];
        unsigned proc = (unsigned)(rnd() % 8), tid = proc * 100 + (unsigned)(rnd() % 6);
        clock += rnd() % 2000;
        buf_printf(&b, "worker %u/%u [%03u] %llu.%06llu: %llu cycles: \n", 1000 + proc,
                   1000 + tid, (unsigned)(rnd() % 64), 100000 + (unsigned long long)clock / 1000000,
                   (unsigned long long)clock % 1000000, 250000 + (unsigned long long)(rnd() % 8) * 1000);
        for (unsigned k = pa->n; k-- > 0;)
            buf_printf(&b, "\t    %llx fn_%u+0x1f (/usr/bin/app)\n",
                       0x400000ull + pa->f[k] * 64ull, pa->f[k]);
        buf_putc(&b, '\n');
        if (b.len > (1u << 20)) {
            size_t used = perf_feed(p, b.p, b.len, false);
            memmove(b.p, b.p + used, b.len - used);
            b.len -= used;
        }
    }
    perf_feed(p, b.p, b.len, true);
    buf_fini(&b);
    free(paths);
}

static void from_file(struct perf_parser *p, const char *path)
{
    FILE *f = strcmp(path, "-") == 0 ? stdin : fopen(path, "rb");
    if (!f)
        die("cannot open %s", path);
    size_t cap = 4 << 20, len = 0;
    char *b = xmalloc(cap);
    size_t n;
    while ((n = fread(b + len, 1, cap - len, f)) > 0) {
        len += n;
        size_t used = perf_feed(p, b, len, false);
        memmove(b, b + used, len - used);
        len -= used;
        if (len == cap)
            b = xrealloc(b, cap *= 2);
    }
    perf_feed(p, b, len, true);
    free(b);
    if (f != stdin)
        fclose(f);
}

static void timed(const char *what, const struct samples *s, const struct trie *base,
                  uint64_t from, uint64_t to, enum perf_group g)
{
    double best = 1e9;
    size_t nodes = 0;
    for (int k = 0; k < 3; k++) {
        double t0 = now();
        struct trie *t = timeline_build(s, base, from, to, g);
        double dt = now() - t0;
        nodes = trie_size(t);
        trie_free(t);
        if (dt < best)
            best = dt;
    }
    printf("  %-34s %9zu samples %8zu nodes %8.1f ms\n", what, timeline_count(s, from, to),
           nodes, best * 1e3);
}

int main(int argc, char **argv)
{
    struct trie *base = trie_new(NULL);
    struct samples *s = samples_new();
    struct perf_opts o = {.samples = s};
    struct perf_parser *p = perf_new(base, &o);
    double t0 = now();
    if (argc > 1 && (strcmp(argv[1], "-") == 0 || strtoull(argv[1], NULL, 10) == 0)) {
        from_file(p, argv[1]);
    } else {
        size_t n = argc > 1 ? (size_t)strtoull(argv[1], NULL, 10) : 10000000;
        size_t d = argc > 2 ? (size_t)strtoull(argv[2], NULL, 10) : 100000;
        generate(p, n, d ? d : 1);
    }
    double parse = now() - t0;
    perf_free(p);
    size_t n = samples_count(s), grown = samples_bytes(s);
    samples_compact(s);
    struct count w;
    bool uniform = samples_uniform(s, &w);
    printf("bench_time: %zu samples, %zu threads, %zu trie nodes, parsed (and generated) in "
           "%.2f s\n", n, samples_threads(s), trie_size(base), parse);
    printf("  time index: %zu bytes = %.2f bytes per sample (%.2f while growing; %s weights, "
           "sorted: %s, span %.1f s)\n", samples_bytes(s),
           n ? (double)samples_bytes(s) / (double)n : 0.0, n ? (double)grown / (double)n : 0.0,
           uniform ? "uniform" : "varying", samples_sorted(s) ? "yes" : "no",
           (double)samples_end_us(s) / 1e6);
    uint64_t end = samples_end_us(s) + 1;
    timed("range: everything", s, base, 0, TIMELINE_END, GROUP_COMM);
    timed("range: first 1%", s, base, 0, end / 100, GROUP_COMM);
    timed("range: middle 10%", s, base, end / 2, end / 2 + end / 10, GROUP_COMM);
    timed("range: last half", s, base, end / 2, TIMELINE_END, GROUP_COMM);
    timed("range: empty (past the end)", s, base, end + 1, end + 2, GROUP_COMM);
    timed("group pid: everything", s, base, 0, TIMELINE_END, GROUP_PID);
    timed("group tid: everything", s, base, 0, TIMELINE_END, GROUP_TID);
    timed("group tid: middle 10%", s, base, end / 2, end / 2 + end / 10, GROUP_TID);
    timed("group none: everything", s, base, 0, TIMELINE_END, GROUP_NONE);
    double r0 = now();
    struct trie *r = recursion_build(base);
    printf("  %-34s %9zu nodes -> %zu %8.1f ms\n", "collapse recursion (base)", trie_size(base),
           trie_size(r), (now() - r0) * 1e3);
    trie_free(r);
    samples_free(s);
    trie_free(base);
    return 0;
}
