/* SPDX-License-Identifier: MIT */
/* flametui - tests/fuzz/fuzz_common.h: helpers shared by the libFuzzer targets (header
 * only, each target is one translation unit). A finding aborts with a message, so
 * libFuzzer saves the input as a crash. */
#ifndef FLAMETUI_FUZZ_COMMON_H
#define FLAMETUI_FUZZ_COMMON_H
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "input/parse_folded.h"
#include "core/trie.h"
#include "core/util.h"
#include "render/collapse.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerInitialize(int *argc, char ***argv);

#define FUZZ_CHECK(cond, ...)                                                     \
    do {                                                                          \
        if (!(cond)) {                                                            \
            fprintf(stderr, "fuzz: check failed: %s (%s:%d): ", #cond, __FILE__,  \
                    __LINE__);                                                    \
            fprintf(stderr, __VA_ARGS__);                                         \
            fputc('\n', stderr);                                                  \
            abort();                                                              \
        }                                                                         \
    } while (0)

/* A small deterministic generator, seeded from input bytes. */
struct fuzz_rng {
    uint64_t s;
};
static inline void fuzz_rng_seed(struct fuzz_rng *r, uint64_t seed)
{
    r->s = seed * 0x9e3779b97f4a7c15ull + 0x632be59bd9b4e019ull;
}
static inline uint32_t fuzz_rng_next(struct fuzz_rng *r)
{
    r->s ^= r->s << 13;
    r->s ^= r->s >> 7;
    r->s ^= r->s << 17;
    return (uint32_t)(r->s >> 16);
}
/* Chunk sizes a pipe would give: mostly small (1..16), sometimes a page, sometimes big. */
static inline size_t fuzz_chunk(struct fuzz_rng *r)
{
    uint32_t x = fuzz_rng_next(r);
    switch (x & 3) {
    case 0:
        return 1;
    case 1:
        return 1 + (x >> 2) % 16;
    case 2:
        return 1 + (x >> 2) % 300;
    default:
        return 1 + (x >> 2) % 8192;
    }
}

/* The --collapse text of t; the caller frees. */
static inline char *fuzz_collapsed(struct trie *t, size_t *len)
{
    char *p = NULL;
    size_t n = 0;
    FILE *f = open_memstream(&p, &n);
    FUZZ_CHECK(f != NULL, "open_memstream");
    FUZZ_CHECK(collapse_write(f, t) == 0, "collapse_write failed");
    fclose(f);
    *len = n;
    return p;
}

/* Feeds folded text whole (eof) into t; not strict. Returns the samples added. */
static inline size_t fuzz_folded_into(struct trie *t, const char *p, size_t n)
{
    struct folded_parser *fp = folded_new(t);
    struct ft_error err = {0, ""};
    size_t used = folded_feed(fp, p, n, true, false, &err);
    FUZZ_CHECK(used == n, "folded_feed at eof consumed %zu of %zu", used, n);
    size_t s = folded_samples(fp);
    folded_free(fp);
    return s;
}
#endif
