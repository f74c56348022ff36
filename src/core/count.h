/* SPDX-License-Identifier: MIT */
/* flametui - count.h: sample counts with Perl's number semantics.
 * A count is an exact unsigned 64-bit integer until a sum overflows or a fractional
 * value arrives; from then on it is a double, printed with %.15g as Perl prints it
 * (so `--collapse` matches stackcollapse-perf.pl byte for byte, `2e+19` included). */
#ifndef FLAMETUI_COUNT_H
#define FLAMETUI_COUNT_H
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

struct count {
    uint64_t u;   /* the value when !is_float */
    double d;     /* the value when is_float */
    bool is_float;
};

static inline struct count count_u64(uint64_t v)
{
    struct count c = {v, 0.0, false};
    return c;
}
static inline double count_to_double(struct count c)
{
    return c.is_float ? c.d : (double)c.u;
}
static inline bool count_is_zero(struct count c)
{
    return c.is_float ? c.d == 0.0 : c.u == 0;
}
/* acc += x with Perl semantics: an integer sum that overflows 2^64-1 becomes a double. */
void count_add(struct count *acc, struct count x);
/* Parses [0-9]+ or [0-9]+.[0-9]* (the whole of s[0..n)), and unless integer_only also
 * an exponent form [0-9]+(.[0-9]*)?[eE][+-][0-9]+, signed as "%g" writes it (so what
 * count_format writes reads back: "1.84467440737096e+19"; a value with an exponent is a
 * double; "1e5" is not a count). Integers above
 * 2^64-1 become doubles (as Perl numifies them) unless integer_only, which reports them
 * as too large. The text count_format writes for DBL_MAX (a saturated sum) reads back as
 * DBL_MAX; anything else beyond DBL_MAX is too large.
 * Returns 0, or -1 for text that is not a count, or -2 for a value that is too large. */
int count_parse(const char *s, size_t n, bool integer_only, struct count *out);
/* Writes the count as Perl prints it ("%llu" or "%.15g"); returns the length.
 * buf must hold at least COUNT_FMT_MAX bytes. */
#define COUNT_FMT_MAX 40
int count_format(char *buf, struct count c);
#endif
