/* SPDX-License-Identifier: MIT */
/* flametui - tests/bench/bench_diff.c: the memory and time of a differential profile.
 * Loads BASE and NEW (folded or perf script, any supported input) into tries sharing
 * one strtab, attaches the base to the new one (diff_attach) and prints the nodes, the
 * bytes per node of the trie before and after (trie_bytes: node array, hash slots and
 * the base count array) and what the diff added per node, then the time of a base-widths
 * swap and of one derived view (a hide filter) of the diff. usage: bench_diff BASE NEW */
#include "config.h"

#include <stdio.h>
#include <time.h>

#include "core/diff.h"
#include "core/trie.h"
#include "input/loader.h"
#include "query/graph.h"

static double now(void)
{
    struct timespec a;
    clock_gettime(CLOCK_MONOTONIC, &a);
    return (double)a.tv_sec + (double)a.tv_nsec / 1e9;
}

static int load(const char *path, struct trie *t)
{
    struct load_opts o = {0};
    struct ft_error err = {0};
    struct loader *l = loader_open(path, &o, t, &err);
    if (!l || loader_run(l, &err) < 0) {
        fprintf(stderr, "bench_diff: %s: %s\n", path, err.msg);
        loader_free(l);
        return -1;
    }
    loader_free(l);
    return 0;
}

int main(int argc, char **argv)
{
    if (argc != 3) {
        fprintf(stderr, "usage: bench_diff BASE NEW\n");
        return 2;
    }
    struct trie *t = trie_new(NULL);
    struct trie *b = trie_new(trie_names(t));
    if (load(argv[1], b) < 0 || load(argv[2], t) < 0)
        return 1;
    /* the same trie without a base, with the union's nodes: what a plain load of the
     * union would cost, so the difference is the base array alone */
    struct trie *plain = trie_new(trie_names(t));
    trie_merge(plain, t);
    trie_merge(plain, b);
    trie_compact(plain);
    size_t nb = trie_size(b), nn = trie_size(t);
    double t0 = now();
    diff_attach(t, b, false);
    double t1 = now();
    trie_compact(t);
    size_t n = trie_size(t);
    double pb = (double)trie_bytes(plain) / (double)trie_size(plain);
    double db = (double)trie_bytes(t) / (double)n;
    printf("diff: base %zu nodes, new %zu nodes, union %zu nodes; attach %.3f s\n", nb, nn, n,
           t1 - t0);
    printf("diff: %.1f bytes/node without a base, %.1f with (+%.1f bytes/node: one count)\n",
           pb, db, db - pb);
    trie_free(plain);
    trie_free(b);
    t0 = now();
    struct trie *s = diff_swap(t);
    t1 = now();
    struct graph *g = graph_new(t);
    struct ft_error err = {0};
    graph_push_filter(g, FILTER_HIDE, "^nomatch$", &err);
    double t2 = now();
    graph_shown(g);
    double t3 = now();
    printf("diff: base-widths swap %.3f s; a filtered view of the diff %.3f s\n", t1 - t0,
           t3 - t2);
    graph_free(g);
    trie_free(s);
    trie_free(t);
    return 0;
}
