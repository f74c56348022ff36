/* SPDX-License-Identifier: MIT */
/* flametui - tests/bench/workload.c: a CPU-bound program with a deep, branching call graph
 * (64 functions that call each other pseudo-randomly, up to 48 deep), built with frame
 * pointers by tests/bench/record_real.sh so `perf record -g` sees real, varied stacks.
 * usage: workload SECONDS */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

static volatile uint64_t sink;
typedef uint64_t (*fn_t)(uint64_t, int);
static fn_t table[64];

static uint64_t spin(uint64_t x, int n)
{
    for (int i = 0; i < n; i++)
        x = x * 6364136223846793005ull + 1442695040888963407ull;
    return x;
}

#define STEP(k)                                                                    \
    static uint64_t f##k(uint64_t x, int depth)                                    \
    {                                                                              \
        x = spin(x ^ (k), 40 + (k) % 7 * 20);                                      \
        if (depth < 48 && (x >> 60) != 0) {                                        \
            x += table[(x >> 20) % 64](x, depth + 1);                              \
            if ((x >> 59 & 3) == 0)                                                \
                x += table[(x >> 30) % 64](x, depth + 1);                          \
        }                                                                          \
        return x;                                                                  \
    }
#define S8(a) STEP(a##0) STEP(a##1) STEP(a##2) STEP(a##3) STEP(a##4) STEP(a##5) STEP(a##6) STEP(a##7)
S8(1) S8(2) S8(3) S8(4) S8(5) S8(6) S8(7) S8(8)
#define R8(a) f##a##0, f##a##1, f##a##2, f##a##3, f##a##4, f##a##5, f##a##6, f##a##7
static fn_t init[64] = {R8(1), R8(2), R8(3), R8(4), R8(5), R8(6), R8(7), R8(8)};

int main(int argc, char **argv)
{
    double secs = argc > 1 ? atof(argv[1]) : 5;
    for (int i = 0; i < 64; i++)
        table[i] = init[i];
    struct timespec t0, t;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    uint64_t x = 88172645463325252ull;
    for (;;) {
        x = spin(x, 3);
        sink += table[x % 64](x, 0);
        clock_gettime(CLOCK_MONOTONIC, &t);
        if ((double)(t.tv_sec - t0.tv_sec) + (t.tv_nsec - t0.tv_nsec) / 1e9 >= secs)
            break;
    }
    printf("%llu\n", (unsigned long long)sink);
    return 0;
}
