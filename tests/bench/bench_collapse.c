/* SPDX-License-Identifier: MIT */
/* flametui - tests/bench/bench_collapse.c: the --collapse writer (render/collapse.h) on
 * one thread and on two, for tries whose nodes have many children (the two-thread
 * writer's parts split inside the groups). Not a test: `make bench` runs it.
 * usage: bench_collapse [SIBLINGS]   (default 3000000: root;fn_I for each I, and the
 * same under a second parent with a level below). Prints the seconds of each (best of
 * 3 rounds) with their CPU time, the ratio and the load average. The writer writes to
 * /dev/null. */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "core/count.h"
#include "core/strtab.h"
#include "core/trie.h"
#include "render/collapse.h"

static double now(clockid_t clock)
{
    struct timespec ts;
    clock_gettime(clock, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

static struct trie *siblings(size_t n)
{
    struct trie *t = trie_new(NULL);
    struct strtab *st = trie_names(t);
    uint32_t root = strtab_intern(st, "root", 4), other = strtab_intern(st, "other", 5);
    char buf[32];
    for (size_t i = 0; i < n; i++) {
        int len = snprintf(buf, sizeof buf, "fn_%zu", i);
        uint32_t s[3] = {root, strtab_intern(st, buf, (size_t)len), root};
        trie_insert(t, s, 2, count_u64(1 + i % 7));
        if (i % 4 == 0) {   /* a second, smaller group with a level below */
            s[0] = other;
            trie_insert(t, s, 3, count_u64(1));
        }
    }
    return t;
}

/* The best wall time of 3 rounds; *cpu: that round's CPU time (all threads). */
static double best_of(struct trie *t, int threads, FILE *out, double *cpu)
{
    double best = 1e30;
    collapse_threads(threads);
    for (int r = 0; r < 3; r++) {
        double t0 = now(CLOCK_MONOTONIC), c0 = now(CLOCK_PROCESS_CPUTIME_ID);
        if (collapse_write(out, t) < 0) {
            perror("bench_collapse: write");
            exit(1);
        }
        fflush(out);
        double dt = now(CLOCK_MONOTONIC) - t0, dc = now(CLOCK_PROCESS_CPUTIME_ID) - c0;
        if (dt < best) {
            best = dt;
            *cpu = dc;
        }
    }
    return best;
}

int main(int argc, char **argv)
{
    size_t n = argc > 1 ? (size_t)strtoull(argv[1], NULL, 10) : 3000000;
    FILE *out = fopen("/dev/null", "w");
    if (!out)
        return 1;
    struct trie *t = siblings(n);
    double cpu1 = 0, cpu2 = 0, one = best_of(t, 1, out, &cpu1), two = best_of(t, 2, out, &cpu2);
    double load[3] = {0, 0, 0};
    FILE *la = fopen("/proc/loadavg", "r");
    if (la) {
        if (fscanf(la, "%lf %lf %lf", &load[0], &load[1], &load[2]) != 3)
            load[0] = load[1] = load[2] = 0;
        fclose(la);
    }
    printf("collapse %zu siblings (%zu nodes): 1 thread %.3f s (cpu %.3f), 2 threads %.3f s "
           "(cpu %.3f), ratio %.2f (load %.2f %.2f %.2f)\n",
           n, trie_size(t), one, cpu1, two, cpu2, two / one, load[0], load[1], load[2]);
    trie_free(t);
    fclose(out);
    return 0;
}
