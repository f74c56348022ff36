/* SPDX-License-Identifier: MIT */
/* flametui - tests/data/inl.c: the -O2 -g program perf_data_native.sh and
 * perf_pipe_native.sh build and record (inlined functions under leaf, called from
 * middle, from main). */
#include <stdlib.h>
static volatile unsigned long sink;
static inline __attribute__((always_inline)) unsigned long mix(unsigned long x)
{
    for (int i = 0; i < 50; i++)
        x = x * 6364136223846793005ul + 1442695040888963407ul;
    return x;
}
static inline __attribute__((always_inline)) unsigned long twice(unsigned long x)
{
    return mix(x) ^ mix(x + 1);
}
__attribute__((noinline)) unsigned long leaf(unsigned long x) { return twice(x); }
__attribute__((noinline)) unsigned long middle(unsigned long x)
{
    unsigned long s = 0;
    for (int i = 0; i < 100; i++)
        s += leaf(x + i);
    return s;
}
int main(int argc, char **argv)
{
    unsigned long n = argc > 1 ? strtoul(argv[1], 0, 10) : 10000, s = 0;
    for (unsigned long i = 0; i < n; i++)
        s += middle(i);
    sink = s;
    return 0;
}
