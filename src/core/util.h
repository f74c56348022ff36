/* SPDX-License-Identifier: MIT */
/* flametui - util.h: allocation that never fails, die() with a hook, error records,
 * a growable byte buffer.
 * Does not print anything except in die(); never touches the terminal itself (the TUI
 * registers a hook that restores it before die() prints). */
#ifndef FLAMETUI_UTIL_H
#define FLAMETUI_UTIL_H
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define FT_NORETURN _Noreturn
#define FT_PRINTF(a, b) __attribute__((format(printf, a, b)))
#define FT_UNUSED(x) ((void)(x))
#define FT_ARRAY_LEN(a) (sizeof(a) / sizeof((a)[0]))

/* Never return NULL: out of memory calls die(). */
void *xmalloc(size_t n);
void *xcalloc(size_t n, size_t size);        /* checks n*size for overflow */
void *xrealloc(void *p, size_t n);
void *xreallocarray(void *p, size_t n, size_t size); /* checks n*size for overflow */
char *xstrdup(const char *s);
/* The one growable-array helper: makes room for at least `need` elements of `size`
 * bytes in p, whose capacity (in elements) is *cap, by doubling (at least 8); returns
 * the possibly moved array and updates *cap. Use through FT_GROW:
 *     FT_GROW(v, cap, n + 1);  v[n++] = x;                                          */
void *xgrow(void *p, size_t *cap, size_t need, size_t size);
#define FT_GROW(p, cap, need) ((p) = xgrow((p), &(cap), (need), sizeof(*(p))))
char *xmemdup(const void *p, size_t n);      /* adds a terminating NUL */
/* A zeroed block for big tables probed at random: under 4 MiB it is calloc'd; from
 * there it is mapped directly (zero pages from the kernel, no memset), aligned to 2 MiB
 * and advised for transparent huge pages, so that random probes do not also miss the
 * TLB (a hint; harmless where THP is off). *mapped says which: give both to
 * xfree_table. */
void *xcalloc_table(size_t bytes, bool *mapped);
/* Resizes a block of old_bytes from xcalloc_table (or malloc, *mapped false) to bytes
 * (what lies past old_bytes is undefined). A mapped block is one mapping, advised as a
 * whole, so it grows by mremap (pages moved, not copied: O(1) in its size, where
 * realloc copies a block whose mapping madvise split); a calloc'd one is realloc'd, or
 * moved into a mapping from 4 MiB on. *mapped says which it is now. */
void *xrealloc_table(void *p, size_t old_bytes, size_t bytes, bool *mapped);
void xfree_table(void *p, size_t bytes, bool mapped);

/* 1 in a build whose leak checker (AddressSanitizer's) wants every block freed at exit. */
#if defined(__SANITIZE_ADDRESS__)
#define UTIL_LEAK_CHECKED 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define UTIL_LEAK_CHECKED 1
#endif
#endif
#ifndef UTIL_LEAK_CHECKED
#define UTIL_LEAK_CHECKED 0
#endif

/* Runs before die() prints (tui_session.c registers tui_shutdown). */
void util_set_die_hook(void (*hook)(void));
/* The end of a run whose heap is heap_bytes big (main, once every output is written and
 * every input closed): from UTIL_QUICK_EXIT_BYTES on, flushes stdio and ends the
 * process with status at once, the heap not freed; the address space is left to a
 * small helper process that holds it until this one has exited and then exits itself,
 * so the kernel frees the pages after the caller (the shell, tmux) saw the exit.
 * Returns (so that the caller frees everything) for a smaller heap, in sanitizer
 * builds and under valgrind: their leak checks stay complete. */
#define UTIL_QUICK_EXIT_BYTES ((size_t)32 << 20)
void util_quick_exit(size_t heap_bytes, int status);
/* Prints "flametui: MESSAGE\n" on stderr and exits 1. Thread-safe: when several threads
 * call it at once, the first one runs the hook, reports and exits; the others block
 * forever (until the process ends). A die() from inside the hook exits at once. */
FT_NORETURN FT_PRINTF(1, 2) void die(const char *fmt, ...);

/* An error from library code. line 0: the error is not about one input line. */
struct ft_error {
    long line;
    char msg[160];
};
/* Fills in e (which may be NULL) and returns -1, so callers can `return ft_error_set(...)`. */
FT_PRINTF(3, 4) int ft_error_set(struct ft_error *e, long line, const char *fmt, ...);
/* The one place that formats an error for people: "NAME:LINE: message", or
 * "NAME: message" when e->line is 0, into out[0..n) (always NUL-terminated). The
 * "flametui: " prefix is the printer's business (main.c), never the library's. */
void ft_error_format(const struct ft_error *e, const char *name, char *out, size_t n);
/* part / whole * 100 (in this order: no overflow near DBL_MAX, and the rounding --top
 * has always printed), 0 when whole is not positive: every percentage shown. */
static inline double ft_pct(double part, double whole)
{
    return whole > 0 ? part / whole * 100.0 : 0.0;
}

/* A growable byte buffer. Zero-initialised is empty; buf_fini frees. */
struct buf {
    char *p;
    size_t len, cap;
};
void buf_reserve(struct buf *b, size_t extra);
void buf_append(struct buf *b, const void *p, size_t n);
static inline void buf_putc(struct buf *b, char c)
{
    if (b->len == b->cap)
        buf_reserve(b, 1);
    b->p[b->len++] = c;
}
FT_PRINTF(2, 3) void buf_printf(struct buf *b, const char *fmt, ...);
void buf_fini(struct buf *b);

/* Fast 64-bit hash over bytes, built from the three steps below so that a parser can
 * hash a frame while scanning it word by word (8 bytes, little-endian, the tail
 * zero-padded): h = UTIL_HASH_SEED; h = util_hash_word(h, w) per word;
 * util_hash_final(h, n). util_hash() gives the same value in one call. */
#define UTIL_HASH_SEED 0x9e3779b97f4a7c15ull
static inline uint64_t util_hash_word(uint64_t h, uint64_t w)
{
    h ^= w * 0xc2b2ae3d27d4eb4full;
    return (h << 31 | h >> 33) * 0x9e3779b97f4a7c15ull;
}
static inline uint64_t util_hash_final(uint64_t h, size_t n)
{
    h ^= (uint64_t)n * 0xff51afd7ed558ccdull;
    h ^= h >> 29;
    h *= 0xbf58476d1ce4e5b9ull;
    h ^= h >> 32;
    return h;
}
uint64_t util_hash(const void *p, size_t n);
#endif
