/* SPDX-License-Identifier: MIT */
/* flametui - util.c: see util.h. */
#include "config.h"

#include "core/util.h"

#include <fcntl.h>
#include <sched.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <unistd.h>

static void (*die_hook)(void);
static atomic_flag dying = ATOMIC_FLAG_INIT;   /* set by the one die() that reports */
static _Thread_local bool dying_here;         /* ... and known to its own thread */

void util_set_die_hook(void (*hook)(void))
{
    die_hook = hook;
}

/* The helper of util_quick_exit: it shares the address space (CLONE_VM) but has its own
 * file table; it closes every descriptor but the pipe's read end (so the input pipe and
 * the terminal are not kept open), waits there for end of file (the caller's exit closes
 * the write end, after the caller let go of the address space), and exits. */
static int heap_holder(void *arg)
{
    int rfd = *(const int *)arg;
    sigset_t all;
    sigfillset(&all);
    sigprocmask(SIG_BLOCK, &all, NULL);
    for (int fd = 0; fd < 1024; fd++)
        if (fd != rfd)
            close(fd);
#ifdef SYS_close_range
    syscall(SYS_close_range, 1024u, ~0u, 0u);
#endif
    char c;
    while (read(rfd, &c, 1) > 0)   /* 0: end of file (no signal can interrupt it) */
        ;
    _exit(0);
}

void util_quick_exit(size_t heap_bytes, int status)
{
    if (heap_bytes < UTIL_QUICK_EXIT_BYTES || UTIL_LEAK_CHECKED)
        return;
    const char *pre = getenv("LD_PRELOAD");
    if (pre && strstr(pre, "vgpreload"))   /* valgrind: no CLONE_VM, and a leak check */
        return;
    fflush(NULL);
    static int pfd[2];
    enum { STACK = 64 << 10 };
    char *stack = mmap(NULL, STACK, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (stack != MAP_FAILED && pipe2(pfd, O_CLOEXEC) == 0) {
        if (clone(heap_holder, stack + STACK, CLONE_VM | SIGCHLD, &pfd[0]) < 0)
            close(pfd[1]);   /* no helper: the pages are freed before the exit, as usual */
        close(pfd[0]);
    }
    _exit(status);
}

void die(const char *fmt, ...)
{
    va_list ap;
    if (atomic_flag_test_and_set(&dying)) {
        if (dying_here)     /* the hook or the message ran out of memory: leave now */
            _exit(1);
        for (;;)            /* another thread reports and exits: wait for it */
            pause();
    }
    dying_here = true;
    if (die_hook) {
        void (*hook)(void) = die_hook;
        die_hook = NULL; /* a failing hook must not recurse */
        hook();
    }
    fputs("flametui: ", stderr);
    va_start(ap, fmt);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    fputc('\n', stderr);
    exit(1);
}

void *xmalloc(size_t n)
{
    void *p = malloc(n ? n : 1);
    if (!p)
        die("out of memory (%zu bytes)", n);
    return p;
}

void *xcalloc(size_t n, size_t size)
{
    void *p = calloc(n ? n : 1, size ? size : 1);
    if (!p)
        die("out of memory (%zu x %zu bytes)", n, size);
    return p;
}

#define TABLE_MAP_BYTES ((size_t)4 << 20)
#define TABLE_ALIGN ((size_t)2 << 20)

static size_t page_round(size_t bytes)
{
    size_t pg = (size_t)sysconf(_SC_PAGESIZE);
    return (bytes + pg - 1) / pg * pg;
}

void *xcalloc_table(size_t bytes, bool *mapped)
{
    *mapped = false;
    if (bytes < TABLE_MAP_BYTES)
        return xcalloc(bytes, 1);
    size_t len = page_round(bytes) + TABLE_ALIGN;
    char *p = mmap(NULL, len, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (p == MAP_FAILED)
        die("out of memory (%zu bytes)", bytes);
    char *a = (char *)(((uintptr_t)p + TABLE_ALIGN - 1) & ~(uintptr_t)(TABLE_ALIGN - 1));
    char *e = a + page_round(bytes);
    if (a > p)
        munmap(p, (size_t)(a - p));
    if (p + len > e)
        munmap(e, (size_t)(p + len - e));
    madvise(a, page_round(bytes), MADV_HUGEPAGE);
    *mapped = true;
    return a;
}

void *xrealloc_table(void *p, size_t old_bytes, size_t bytes, bool *mapped)
{
    if (!*mapped && bytes < TABLE_MAP_BYTES)
        return xrealloc(p, bytes);
    if (*mapped) {
        size_t o = page_round(old_bytes), n = page_round(bytes);
        if (n == o)
            return p;
        void *q = mremap(p, o, n, MREMAP_MAYMOVE);
        if (q != MAP_FAILED)
            return q;
    }
    bool m;
    void *q = xcalloc_table(bytes, &m);
    memcpy(q, p, old_bytes < bytes ? old_bytes : bytes);
    xfree_table(p, old_bytes, *mapped);
    *mapped = m;
    return q;
}

void xfree_table(void *p, size_t bytes, bool mapped)
{
    if (mapped)
        munmap(p, page_round(bytes));
    else
        free(p);
}

void *xrealloc(void *p, size_t n)
{
    void *q = realloc(p, n ? n : 1);
    if (!q)
        die("out of memory (%zu bytes)", n);
    return q;
}

void ft_error_format(const struct ft_error *e, const char *name, char *out, size_t n)
{
    if (!n)
        return;
    if (e->line > 0)
        snprintf(out, n, "%s:%ld: %s", name, e->line, e->msg);
    else
        snprintf(out, n, "%s: %s", name, e->msg);
}

void *xgrow(void *p, size_t *cap, size_t need, size_t size)
{
    if (need <= *cap)
        return p;
    size_t c = *cap ? *cap : 8;
    while (c < need)
        c = c > SIZE_MAX / 2 ? need : c * 2;
    p = xreallocarray(p, c, size);
    *cap = c;
    return p;
}

void *xreallocarray(void *p, size_t n, size_t size)
{
    if (size && n > SIZE_MAX / size)
        die("out of memory (%zu x %zu bytes)", n, size);
    return xrealloc(p, n * size);
}

char *xstrdup(const char *s)
{
    return xmemdup(s, strlen(s));
}

char *xmemdup(const void *p, size_t n)
{
    char *q = xmalloc(n + 1);
    if (n)
        memcpy(q, p, n);
    q[n] = '\0';
    return q;
}

int ft_error_set(struct ft_error *e, long line, const char *fmt, ...)
{
    if (e) {
        va_list ap;
        e->line = line;
        va_start(ap, fmt);
        vsnprintf(e->msg, sizeof e->msg, fmt, ap);
        va_end(ap);
    }
    return -1;
}

void buf_reserve(struct buf *b, size_t extra)
{
    if (extra <= b->cap - b->len)
        return;
    if (extra > SIZE_MAX / 2 - b->len)
        die("out of memory (buffer of %zu bytes)", b->len);
    FT_GROW(b->p, b->cap, b->len + extra);
}

void buf_append(struct buf *b, const void *p, size_t n)
{
    buf_reserve(b, n);
    if (n)
        memcpy(b->p + b->len, p, n);
    b->len += n;
}

void buf_printf(struct buf *b, const char *fmt, ...)
{
    va_list ap;
    buf_reserve(b, 128);
    va_start(ap, fmt);
    int n = vsnprintf(b->p + b->len, b->cap - b->len, fmt, ap);
    va_end(ap);
    if (n < 0)
        return;
    if ((size_t)n >= b->cap - b->len) {
        buf_reserve(b, (size_t)n + 1);
        va_start(ap, fmt);
        vsnprintf(b->p + b->len, (size_t)n + 1, fmt, ap);
        va_end(ap);
    }
    b->len += (size_t)n;
}

void buf_fini(struct buf *b)
{
    free(b->p);
    b->p = NULL;
    b->len = b->cap = 0;
}

uint64_t util_hash(const void *p, size_t n)
{
    const unsigned char *s = p;
    uint64_t h = UTIL_HASH_SEED;
    size_t i = 0;
    for (; i + 8 <= n; i += 8) {
        uint64_t w;
        memcpy(&w, s + i, 8);
        h = util_hash_word(h, w);
    }
    if (i < n) {
        uint64_t w = 0;
        memcpy(&w, s + i, n - i);
        h = util_hash_word(h, w);
    }
    return util_hash_final(h, n);
}
