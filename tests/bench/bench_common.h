/* SPDX-License-Identifier: MIT */
/* flametui - tests/bench/bench_common.h: the synthetic profile the viewer benchmarks
 * share (bench_redraw, bench_rebuilds). Header-only: static functions. */
#ifndef FLAMETUI_BENCH_COMMON_H
#define FLAMETUI_BENCH_COMMON_H
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/count.h"
#include "core/strtab.h"
#include "core/trie.h"
#include "input/loader.h"

/* The profile in the file at path (any input format), or NULL after a message that
 * starts with who. */
static inline struct trie *bench_load(const char *path, const char *who)
{
    struct trie *t = trie_new(NULL);
    struct load_opts o;
    struct ft_error err = {0, ""};
    memset(&o, 0, sizeof(o));
    struct loader *l = loader_open(path, &o, t, &err);
    if (!l || loader_run(l, &err) < 0) {
        fprintf(stderr, "%s: %s: %s\n", who, path, err.msg);
        loader_free(l);
        trie_free(t);
        return NULL;
    }
    loader_free(l);
    return t;
}

static inline uint64_t bench_rnd(uint64_t *s)
{
    *s ^= *s << 13;
    *s ^= *s >> 7;
    *s ^= *s << 17;
    return *s;
}

/* Skewed random stacks (a few hot paths, a long tail) until the trie has n nodes. */
static inline struct trie *bench_make_trie(size_t n)
{
    struct trie *t = trie_new(NULL);
    struct strtab *st = trie_names(t);
    uint32_t names[4096], stack[48];
    uint64_t s = 88172645463325252ull;
    char buf[256];
    /* BENCH_CXX_NAMES=1: long C++ template names, so that short names (render/names.h)
     * have work to do */
    int cxx = getenv("BENCH_CXX_NAMES") != NULL;
    for (unsigned i = 0; i < 4096; i++) {
        int len = cxx ? snprintf(buf, sizeof(buf),
                                 "std::__detail::_Executor<__gnu_cxx::__normal_iterator<char "
                                 "const*, std::__cxx11::basic_string<char> >, true>::_M_func_%u",
                                 i)
                      : snprintf(buf, sizeof(buf), "func_%u", i);
        names[i] = strtab_intern(st, buf, (size_t)len);
    }
    while (trie_size(t) < n) {
        size_t d = 8 + bench_rnd(&s) % 40;
        for (size_t j = 0; j < d; j++) {
            uint64_t r = bench_rnd(&s);
            unsigned fan = j < 4 ? 3 : (r >> 32) % 8 == 0 ? 4096 : 16;
            stack[j] = names[r % fan];
        }
        trie_insert(t, stack, d, count_u64(1 + bench_rnd(&s) % 100));
    }
    return t;
}
#endif
