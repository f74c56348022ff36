/* SPDX-License-Identifier: MIT */
/* flametui - tests/bench/bench_ingest.c: loads FILE(s) through the loader into a trie
 * and prints MB/s, trie nodes, bytes per node (after trie_compact, while loading, and
 * with the lookup table back) and names. usage: bench_ingest FILE... */
#include "config.h"

#include <stdio.h>
#include <time.h>

#include "input/loader.h"
#include "core/strtab.h"
#include "core/trie.h"

int main(int argc, char **argv)
{
    struct load_opts o = {0};
    struct ft_error err = {0};
    if (argc < 2) {
        fprintf(stderr, "usage: bench_ingest FILE...\n");
        return 2;
    }
    struct timespec a, b;
    clock_gettime(CLOCK_MONOTONIC, &a);
    struct trie *t = trie_new(NULL);
    size_t bytes = 0;
    for (int i = 1; i < argc; i++) {
        struct loader *l = loader_open(argv[i], &o, t, &err);
        if (!l || loader_run(l, &err) < 0) {
            fprintf(stderr, "bench_ingest: %s: %s\n", argv[i], err.msg);
            return 1;
        }
        bytes += loader_bytes(l);
        loader_free(l);
    }
    size_t loading = trie_bytes(t); /* with the lookup table */
    trie_compact(t);
    clock_gettime(CLOCK_MONOTONIC, &b);
    double s = (double)(b.tv_sec - a.tv_sec) + (double)(b.tv_nsec - a.tv_nsec) / 1e9;
    size_t n = trie_size(t);
    printf("ingest: %.1f MB in %.3f s = %.0f MB/s; %zu nodes, %.1f bytes/node (trie), "
           "%zu names, %.1f MB names\n",
           (double)bytes / 1e6, s, (double)bytes / 1e6 / s, n, (double)trie_bytes(t) / (double)n,
           strtab_count(trie_names(t)), (double)strtab_bytes(trie_names(t)) / 1e6);
    trie_find_child(t, TRIE_ROOT, 0); /* a lookup rebuilds the table trie_compact dropped */
    printf("ingest: %.1f bytes/node while loading (with the lookup table), %.1f with the "
           "table rebuilt after trie_compact\n",
           (double)loading / (double)n, (double)trie_bytes(t) / (double)n);
    trie_free(t);
    return 0;
}
