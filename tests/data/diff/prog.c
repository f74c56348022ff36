/* SPDX-License-Identifier: MIT */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
static unsigned long sink;
__attribute__((noinline)) static unsigned long hash_bytes(const char *p, size_t n)
{
    unsigned long h = 1469598103934665603ul;
    for (size_t i = 0; i < n; i++) h = (h ^ (unsigned char)p[i]) * 1099511628211ul;
    return h;
}
__attribute__((noinline)) static void fill(char *buf, size_t n, unsigned seed)
{
    for (size_t i = 0; i < n; i++) buf[i] = (char)('a' + (seed * 31 + i * 7) % 26);
}
static int cmp(const void *a, const void *b)
{
    int x = *(const int *)a, y = *(const int *)b;
    return (x > y) - (x < y);
}
__attribute__((noinline)) static void sort_ints(int *v, size_t n)
{
    qsort(v, n, sizeof *v, cmp);
}
__attribute__((noinline)) static void work_strings(void)
{
    char buf[4096];
    for (int r = 0; r < 3000; r++) {
        fill(buf, sizeof buf, (unsigned)r);
        sink += hash_bytes(buf, sizeof buf);
    }
}
__attribute__((noinline)) static void work_sort(void)
{
    static int v[20000];
    for (int r = 0; r < 25; r++) {
        for (int i = 0; i < 20000; i++) v[i] = (i * 2654435761u + r) % 100003;
        sort_ints(v, 20000);
    }
}
__attribute__((noinline)) static double work_math(void)
{
    double s = 0;
    for (int i = 1; i < 6000000; i++) s += 1.0 / i;
    return s;
}
int main(void)
{
    for (int k = 0; k < 8; k++) {
        work_strings();
        work_sort();
        sink += (unsigned long)work_math();
    }
    printf("%lu\n", sink);
    return 0;
}
