/* SPDX-License-Identifier: MIT */
/* flametui - count.c: see count.h. */
#include "config.h"

#include "core/count.h"

#include <float.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void count_add(struct count *acc, struct count x)
{
    if (!acc->is_float && !x.is_float) {
        uint64_t s = acc->u + x.u;
        if (s >= acc->u) {
            acc->u = s;
            return;
        }
        /* overflow: Perl switches to a double */
    }
    acc->d = count_to_double(*acc) + count_to_double(x);
    if (isinf(acc->d))
        acc->d = DBL_MAX;   /* saturate: inf would make shares and positions NaN */
    acc->u = 0;
    acc->is_float = true;
}

int count_parse(const char *s, size_t n, bool integer_only, struct count *out)
{
    size_t i = 0;
    uint64_t v = 0;
    bool overflow = false;
    while (i < n && s[i] >= '0' && s[i] <= '9') {
        unsigned d = (unsigned)(s[i] - '0');
        if (v > (UINT64_MAX - d) / 10)
            overflow = true;
        else
            v = v * 10 + d;
        i++;
    }
    if (i == 0)
        return -1;
    bool frac = false;
    if (i < n && s[i] == '.') {
        if (integer_only)
            return -1;
        i++;
        size_t fstart = i;
        while (i < n && s[i] >= '0' && s[i] <= '9')
            i++;
        /* "6." and "31.000" are integral */
        for (size_t k = fstart; k < i; k++)
            if (s[k] != '0')
                frac = true;
    }
    if (i < n && (s[i] == 'e' || s[i] == 'E') && !integer_only) {
        /* an exponent, as count_format writes doubles ("1.84467440737096e+19") */
        i++;
        if (i == n || (s[i] != '+' && s[i] != '-'))
            return -1;   /* "%g" always signs the exponent: "1e5" stays text */
        i++;
        size_t estart = i;
        while (i < n && s[i] >= '0' && s[i] <= '9')
            i++;
        if (i == estart || i != n)
            return -1;
        frac = true;   /* a double from here on, as Perl numifies it */
    }
    if (i != n)
        return -1;
    if (!frac && !overflow) {
        *out = count_u64(v);
        return 0;
    }
    if (overflow && integer_only)
        return -2;
    char tmp[64];
    char *copy = n < sizeof tmp ? tmp : malloc(n + 1);
    if (!copy)
        return -2;
    memcpy(copy, s, n);
    copy[n] = '\0';
    double d = strtod(copy, NULL);
    if (copy != tmp)
        free(copy);
    if (!isfinite(d)) {
        /* what count_format writes for a saturated sum reads back as DBL_MAX */
        char max[COUNT_FMT_MAX];
        int ml = snprintf(max, sizeof max, "%.15g", DBL_MAX);
        if (ml < 0 || (size_t)ml != n || memcmp(max, s, n) != 0)
            return -2;   /* beyond DBL_MAX: inf would poison every share and position */
        d = DBL_MAX;
    }
    out->u = 0;
    out->d = d;
    out->is_float = true;
    return 0;
}

int count_format(char *buf, struct count c)
{
    if (!c.is_float)
        return snprintf(buf, COUNT_FMT_MAX, "%llu", (unsigned long long)c.u);
    return snprintf(buf, COUNT_FMT_MAX, "%.15g", c.d);
}
