/* SPDX-License-Identifier: MIT */
/* srcline: the program of tests/data/perf-srcline-nodebug.perf, a real perf 6.1
 * `perf script -F +srcline` recording in which frames without debug information (nd.c
 * built without -g, the static libc) have no source line after them, some as the last
 * frame of their record, and kernel frames have "[kernel.kallsyms][ADDR]" ones. Not built
 * by the tests. Recorded (as root) with:
 *   gcc -static -g -O1 -fno-omit-frame-pointer -c sl.c -o sl.o
 *   gcc -O1 -fno-omit-frame-pointer -c nd.c -o nd.o && gcc -static -o sls sl.o nd.o
 *   perf record -g -F 299 -o sls.data ./sls
 *   perf script -i sls.data -F +srcline > perf-srcline-nodebug.perf */
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <fcntl.h>
static volatile unsigned long sink;
__attribute__((noinline)) static unsigned long spin(unsigned long n)
{
    unsigned long h = 0;
    for (unsigned long i = 0; i < n; i++)
        h = h * 31 + i;
    return h;
}
__attribute__((noinline)) static void io(int fd, char *buf)
{
    for (int i = 0; i < 200; i++)
        sink += read(fd, buf, 65536);
}
unsigned long nd_spin(unsigned long n);
int main(void)
{
    char *buf = malloc(65536);
    int fd = open("/dev/zero", O_RDONLY);
    for (int k = 0; k < 40; k++) {
        sink += spin(2000000);
        sink += nd_spin(2000000);
        io(fd, buf);
        memset(buf, k, 65536);
        qsort(buf, 4096, 16, (int (*)(const void *, const void *))strcmp);
    }
    return 0;
}
