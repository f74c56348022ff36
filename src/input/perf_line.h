/* SPDX-License-Identifier: MIT */
/* flametui - perf_line.h: the line-level pieces of the perf script parser (parse_perf.c):
 * stackcollapse-perf.pl's regexes for record headers, events and frame lines, and its
 * name tidying, as pure functions of one line (no '\n'). Internal to the parsers; no
 * state, no allocation except into the buffer the caller passes. */
#ifndef FLAMETUI_PERF_LINE_H
#define FLAMETUI_PERF_LINE_H
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#ifdef __SSE2__
#include <emmintrin.h>
#endif

#include "core/util.h"

/* Perl's \s, \d, \w for bytes (ASCII rules), and [\da-f] */
enum { PERF_C_SPACE = 1, PERF_C_DIGIT = 2, PERF_C_WORD = 4, PERF_C_HEX = 8 };
extern const unsigned char perf_ctype[256];
static inline bool perf_is_space(char c)
{
    return perf_ctype[(unsigned char)c] & PERF_C_SPACE;
}
static inline bool perf_is_digit(char c)
{
    return perf_ctype[(unsigned char)c] & PERF_C_DIGIT;
}
static inline bool perf_is_word(char c)
{
    return perf_ctype[(unsigned char)c] & PERF_C_WORD;
}

/* The first '\n' in s[0..n), or NULL: memchr, but inline for the short lines of perf
 * script text (a libc call per line costs more than the scan). */
static inline const char *perf_find_nl(const char *s, size_t n)
{
#ifdef __SSE2__
    const __m128i nl = _mm_set1_epi8('\n');
    for (; n >= 16; s += 16, n -= 16) {
        unsigned m = (unsigned)_mm_movemask_epi8(
            _mm_cmpeq_epi8(_mm_loadu_si128((const __m128i *)(const void *)s), nl));
        if (m)
            return s + __builtin_ctz(m);
    }
#endif
    return n ? memchr(s, '\n', n) : NULL;
}

/* A hash of a whole line for the line cache (parse_perf.c), which verifies every hit
 * byte for byte: a weak hash only costs misses. Long lines hash their first 24 and last
 * 16 bytes and the length (frame lines differ in the address at the start and in the
 * module at the end), in a few independent multiplies instead of one chain per word. */
static inline uint64_t perf_line_load(const char *s)
{
    uint64_t w;
    memcpy(&w, s, 8);
    return w;
}
static inline uint64_t perf_line_hash(const char *s, size_t n)
{
    if (n < 32)
        return util_hash(s, n);
    uint64_t a = perf_line_load(s) * 0xc2b2ae3d27d4eb4full;
    uint64_t b = perf_line_load(s + 8) * 0x9e3779b97f4a7c15ull;
    uint64_t c = perf_line_load(s + 16) * 0xff51afd7ed558ccdull;
    uint64_t d = perf_line_load(s + n - 16) * 0xbf58476d1ce4e5b9ull;
    uint64_t e = perf_line_load(s + n - 8) * 0x94d049bb133111ebull;
    uint64_t h = (a ^ (b << 21 | b >> 43)) + (c ^ (d << 43 | d >> 21)) + (e << 11 | e >> 53);
    return util_hash_final(h, n);
}

/* A record header, m{^(\S.+?)\s+(\d+)\/ *(\d+)*\s+} ("\/ *" without the space). */
struct perf_header {
    size_t comm_len;
    const char *pid, *tid;     /* $2, $3 ($3 NULL when it did not participate) */
    size_t pid_len, tid_len;
    size_t end;                /* where the trailing \s+ starts */
};
bool perf_match_header(const char *s, size_t n, struct perf_header *h);
/* /:\s*(\d+)*\s+(\S+):\s*$/ on a header: event name and period digits (may be empty). */
bool perf_match_event(const char *s, size_t n, const char **ev, size_t *evlen,
                      const char **per, size_t *perlen);
/* "[cpu] 12345.678901:" from s[i]: returns the number of fraction digits (0: no time). */
unsigned perf_parse_time(const char *s, size_t n, size_t i, uint64_t *sec, uint64_t *frac);

/* A frame line, /^\s*(\w+)\s*(.+) \((.*)\)/: pc, function, module ($1 $2 $3). */
struct perf_frame {
    const char *pc, *func, *mod;
    size_t pc_len, func_len, mod_len;
};
bool perf_match_frame(const char *s, size_t n, struct perf_frame *f);
/* A sample without a call chain (perf record without -g): header, event and its one
 * frame on one line, "COMM PID[/TID] [CPU] TIME: [PERIOD] EVENT: ADDR SYM+OFF (DSO)",
 * the comm right-aligned by perf (leading blanks: skip). Not a stackcollapse-perf.pl
 * rule: it drops such samples (parse_perf.c keeps them as comm;function). */
struct perf_oneline {
    size_t skip;               /* leading blanks; h is of s + skip */
    struct perf_header h;
    const char *ev, *per;      /* the event and period digits (may be empty) */
    size_t evlen, perlen;
    size_t ev_end;             /* s[0..ev_end) is the header with its event */
    struct perf_frame f;
};
bool perf_match_oneline(const char *s, size_t n, struct perf_oneline *o);
/* The function length after `s/\+0x[\da-f]+$//`; false when the frame is dropped
 * (it starts with '(', rule 14). */
bool perf_frame_func(const struct perf_frame *f, size_t *len);
/* Fields of split /\->/ before trailing empty ones are dropped (an upper bound). */
size_t perf_count_parts(const char *s, size_t n);
/* Rule 16: cut at the first '(' (unless a Go method or "(anonymous namespace)"),
 * ';' -> ':', no quotes. Returns s itself when nothing changed, else scratch's bytes. */
const char *perf_tidy(struct buf *scratch, const char *s, size_t n, size_t *outlen);
/* Appends ":LOCATION" from a -F+srcline line (rule 22), or nothing if it is blank. */
void perf_append_srcline(struct buf *b, const char *s, size_t n);
bool perf_contains(const char *s, size_t n, const char *needle, size_t nl);
/* m:/tmp/perf-\d+\.map: anywhere in the module (rule 20) */
bool perf_is_jit_module(const char *m, size_t n);
#endif
