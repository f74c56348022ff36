/* SPDX-License-Identifier: MIT */
/* tiny JIT: x86-64 spin loops in an mmap'ed page, named in /tmp/perf-PID.map */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>
#ifndef SPIN
#define SPIN 400000000u
#endif
static void emit(unsigned char *p, unsigned n)
{
    /* mov ecx, n ; L: dec ecx ; jnz L ; ret */
    unsigned char code[] = {0xb9, 0, 0, 0, 0, 0xff, 0xc9, 0x75, 0xfc, 0xc3};
    memcpy(code + 1, &n, 4);
    memcpy(p, code, sizeof code);
}
__attribute__((noinline)) static void run(void (*f)(void)) { f(); }
int main(void)
{
    unsigned char *page = mmap(NULL, 8192, PROT_READ | PROT_WRITE | PROT_EXEC,
                               MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (page == MAP_FAILED) return 1;
    unsigned char *a = page + 0x40 + (getpid() % 16) * 16, *b = page + 0x1000 + (getpid() % 8) * 32;
    emit(a, SPIN);
    emit(b, SPIN / 2);
    char path[64];
    snprintf(path, sizeof path, "/tmp/perf-%d.map", (int)getpid());
    FILE *m = fopen(path, "w");
    fprintf(m, "%lx 10 jit_spin 0x%lx\n", (unsigned long)a, (unsigned long)a);
    fprintf(m, "%lx 10 stub@0x%lX\n", (unsigned long)b, (unsigned long)b);
    fclose(m);
    for (int k = 0; k < 3; k++) {
        run((void (*)(void))a);
        run((void (*)(void))b);
    }
    return 0;
}
