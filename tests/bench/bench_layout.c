/* SPDX-License-Identifier: MIT */
/* flametui - bench_layout: times layout_compute on a random trie at 200x60.
 *   bench_layout [NODES [CALLS]]    (default: 100000 nodes, 100 calls; `make bench` runs
 *   1000000 1000). Built and run by `make bench` only, never by `make check`; it never
 *   fails on time. Times layouts only: no curses, no drawing (bench_redraw times that).
 * Prints the trie size, build time, the time to build the sorted-children index of the
 * whole trie (trie_sort_children) and p50/p99/max wall-clock ms per layout. */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "render/layout.h"
#include "core/strtab.h"
#include "core/trie.h"

static uint64_t rng = 88172645463325252ull;
static uint32_t rnd(uint32_t n)
{
    rng ^= rng << 13;
    rng ^= rng >> 7;
    rng ^= rng << 17;
    return (uint32_t)(rng % n);
}

static double now_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

static int cmp_d(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

static void run(const char *what, struct trie *t, double build, size_t calls);

int main(int argc, char **argv)
{
    size_t want = argc > 1 ? strtoul(argv[1], NULL, 10) : 100000;
    size_t calls = argc > 2 ? strtoul(argv[2], NULL, 10) : 100;
    if (calls == 0)
        calls = 1;
    struct trie *t = trie_new(NULL);
    struct strtab *s = trie_names(t);
    enum { NAMES = 20000, MAXD = 64 };
    uint32_t *ids = malloc(NAMES * sizeof(*ids));
    char nm[64];
    for (int i = 0; i < NAMES; i++) {
        int n = snprintf(nm, sizeof(nm), "%s_func_%d", i % 3 ? "lib" : "do", i);
        ids[i] = strtab_intern(s, nm, (size_t)n);
    }
    /* Stacks share hot prefixes (a few heavy roots, skewed choices) so the graph looks
     * like a profile: wide frames near the root, a long tail of narrow ones. */
    double t0 = now_ms();
    uint32_t stack[MAXD];
    while (trie_size(t) < want) {
        size_t d = 3 + rnd(MAXD - 3);
        for (size_t i = 0; i < d; i++) {
            uint32_t pick = 0;
            if (rnd(1000) < 5) {
                pick = rnd(NAMES);                  /* the long tail: new nodes */
            } else {
                while (pick < 12 && rnd(100) < 12)  /* geometric: skewed, deep, wide */
                    pick++;
            }
            stack[i] = ids[pick];
        }
        trie_insert(t, stack, d, count_u64(1 + rnd(100)));
    }
    double build = now_ms() - t0;
    run("profile", t, build, calls);
    trie_free(t);

    /* Dense worst case: 150 narrow columns, each a chain 60 deep (a full 200x60
     * screen of frames), and under every chain frame many tiny children that must be
     * skipped (not drawable). */
    t0 = now_ms();
    t = trie_new(NULL);
    s = trie_names(t);
    for (int i = 0; i < NAMES; i++) {
        int n = snprintf(nm, sizeof(nm), "%s_func_%d", i % 3 ? "lib" : "do", i);
        strtab_intern(s, nm, (size_t)n);
    }
    size_t tiny = want / (150 * 60) + 1;
    for (uint32_t c = 0; c < 150; c++) {   /* 1.33 cells each */
        for (size_t d = 0; d < 60; d++) {
            stack[d] = ids[d == 0 ? c : 200 + d];
            trie_insert(t, stack, d + 1, count_u64(d == 59 ? 1000000 : 0));
            for (size_t k = 0; k < tiny && trie_size(t) < want; k++) {
                stack[d + 1] = ids[300 + k % (NAMES - 300)];
                trie_insert(t, stack, d + 2, count_u64(1));
            }
        }
    }
    build = now_ms() - t0;
    run("dense", t, build, calls);
    free(ids);
    trie_free(t);
    return 0;
}

static void stats(const char *what, const char *order, double *ms, size_t n)
{
    qsort(ms, n, sizeof(*ms), cmp_d);
    printf("  %-7s %-6s %4zu layouts: p50 %.3f ms  p99 %.3f ms  max %.3f ms\n", what, order, n,
           ms[n / 2], ms[(size_t)((double)n * 0.99)], ms[n - 1]);
}

/* Times calls layouts as a key sequence would ask for them (the selection and the
 * scroll change between calls; the trie does not), in name order and in weight order,
 * after one cold layout (empty cache: what the first redraw after a trie change costs). */
static void run(const char *what, struct trie *t, double build, size_t calls)
{
    struct strtab *s = trie_names(t);
    unsigned char *match = calloc(strtab_count(s), 1);
    for (size_t i = 0; i < strtab_count(s); i += 7)
        match[i] = 1;

    struct layout_in in = {0};
    in.t = t;
    in.zoom = TRIE_ROOT;
    in.selected = 1;
    in.match = match;
    in.vp = (struct viewport){.cols = 200, .rows = 60, .orient = ORIENT_FLAME};
    in.label_mode = LABEL_UTF8;
    struct rect_list rl = {0};
    size_t nk;
    double a = now_ms();
    trie_sort_children(t);              /* the whole trie's sorted-children index */
    double kids = now_ms() - a;
    trie_children(t, TRIE_ROOT, &nk);
    a = now_ms();
    layout_compute(&in, &rl);
    double cold = now_ms() - a;
    printf("bench_layout %s: %zu nodes (built in %.0f ms), %zu rects at 200x60, "
           "sorted-children index (trie_sort_children) %.1f ms, cold layout %.3f ms\n", what, trie_size(t), build,
           rl.n, kids, cold);
    double *ms = malloc(calls * sizeof(*ms));
    for (int o = 0; o < 2; o++) {
        in.vp.order = o ? ORDER_WEIGHT : ORDER_NAME;
        for (size_t i = 0; i < calls; i++) {
            in.vp.scroll = (int)(i % 3);
            in.selected = rl.n ? rl.v[i % rl.n].node : TRIE_ROOT;
            a = now_ms();
            layout_compute(&in, &rl);
            ms[i] = now_ms() - a;
        }
        stats(what, o ? "weight" : "name", ms, calls);
    }
    free(ms);
    free(match);
    rect_list_free(&rl);
}
