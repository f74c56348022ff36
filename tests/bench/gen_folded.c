/* SPDX-License-Identifier: MIT */
/* flametui - tests/bench/gen_folded.c: writes a synthetic folded-stacks file.
 * usage: gen_folded MB DISTINCT [SEED] > file
 * DISTINCT distinct stacks (lines repeat them in random order until MB megabytes).
 * Stacks look like real ones: a few process roots, shared runtime prefixes, depths
 * mostly 8-40 with a tail up to 200, long C++/Java-like names, counts 1-1000. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static uint64_t rng = 88172645463325252ull;
static uint64_t next(void)
{
    rng ^= rng << 13;
    rng ^= rng >> 7;
    rng ^= rng << 17;
    return rng;
}

static const char *const ns[] = {"std::", "boost::asio::", "folly::", "org/apache/kafka/",
                                 "io/netty/channel/", "v8::internal::", "tokio::runtime::",
                                 "", "java/util/concurrent/", "mysql::"};
static const char *const cls[] = {"Thread", "Executor", "Buffer", "Parser", "Session",
                                  "Allocator", "Scheduler", "Handler", "Pipeline", "Codec"};
static const char *const verb[] = {"run", "poll", "read", "write", "flush", "decode",
                                   "encode", "alloc", "dispatch", "process", "lookup"};

#define NNAMES 60000
static char *names[NNAMES];

int main(int argc, char **argv)
{
    if (argc < 3) {
        fprintf(stderr, "usage: gen_folded MB DISTINCT [SEED]\n");
        return 2;
    }
    double mb = atof(argv[1]);
    long distinct = atol(argv[2]);
    if (argc > 3)
        rng ^= strtoull(argv[3], NULL, 10) * 0x9e3779b97f4a7c15ull;
    char buf[256];
    for (int i = 0; i < NNAMES; i++) {
        snprintf(buf, sizeof buf, "%s%s%u::%s_%u", ns[next() % 10], cls[next() % 10],
                 (unsigned)(next() % 500), verb[next() % 11], i);
        names[i] = strdup(buf);
    }
    /* the distinct stacks, as name indexes */
    uint32_t **stk = malloc((size_t)distinct * sizeof *stk);
    uint16_t *depth = malloc((size_t)distinct * sizeof *depth);
    for (long s = 0; s < distinct; s++) {
        unsigned d = 8 + (unsigned)(next() % 33);
        if (next() % 50 == 0)
            d = 40 + (unsigned)(next() % 161);
        depth[s] = (uint16_t)d;
        stk[s] = malloc(d * sizeof **stk);
        /* frame i is chosen among few options that depend on frame i-1, so stacks share
         * prefixes the way real call trees do */
        uint32_t prev = (uint32_t)(next() % 8);
        for (unsigned i = 0; i < d; i++) {
            uint32_t branch = (uint32_t)(next() % (i < 4 ? 3 : 6));
            prev = (uint32_t)((prev * 2654435761u + branch * 40503u + i) % NNAMES);
            stk[s][i] = prev;
        }
    }
    double bytes = 0, limit = mb * 1e6;
    static char out[1 << 16];
    setvbuf(stdout, out, _IOFBF, sizeof out);
    long s = 0;
    while (bytes < limit) {
        long k = distinct <= 1 ? 0 : (s < distinct ? s : (long)(next() % (uint64_t)distinct));
        s++;
        for (unsigned i = 0; i < depth[k]; i++) {
            if (i)
                putchar(';');
            bytes += fputs(names[stk[k][i]], stdout) >= 0 ? strlen(names[stk[k][i]]) + 1 : 0;
        }
        bytes += printf(" %u\n", 1 + (unsigned)(next() % 1000));
    }
    return 0;
}
