/* SPDX-License-Identifier: MIT */
/* flametui - top_diff.c: the hottest-functions table of a differential profile
 * (see top.h: top_row_numbers_diff; top_print prints them). */
#include "config.h"

#include "query/top.h"

#include <math.h>
#include <stdlib.h>

#include "core/strtab.h"
#include "core/trie.h"
#include "core/util.h"

int top_delta_cmp(struct count a, struct count b, struct count c, struct count d)
{
    if (!a.is_float && !b.is_float && !c.is_float && !d.is_float) {
        __int128 x = (__int128)a.u - (__int128)b.u, y = (__int128)c.u - (__int128)d.u;
        return x < y ? -1 : x > y;
    }
    double x = count_to_double(a) - count_to_double(b);
    double y = count_to_double(c) - count_to_double(d);
    return x < y ? -1 : x > y;
}

/* new - base as fmt writes it, with its sign ("+1.17 s", "-3", "0"). */
static void delta_fmt(char *out, size_t n, struct count base, struct count new_,
                      top_fmt_fn *fmt, const void *ctx)
{
    int c = top_delta_cmp(new_, base, count_u64(0), count_u64(0));
    struct count d;
    if (!new_.is_float && !base.is_float)
        d = count_u64(c > 0 ? new_.u - base.u : base.u - new_.u);
    else
        d = (struct count){0, fabs(count_to_double(new_) - count_to_double(base)), true};
    out[0] = c > 0 ? '+' : '-';
    if (c == 0)
        fmt(out, n, count_u64(0), ctx);
    else
        fmt(out + 1, n - 1, d, ctx);
}

void top_row_numbers_diff(struct buf *out, const struct top_row *r, struct count ball,
                          top_fmt_fn *fmt, const void *ctx)
{
    char b1[80], n1[80], d1[80], b2[80], n2[80], d2[80];
    int w = fmt ? 14 : 12;
    if (!fmt)
        fmt = top_fmt_count;
    fmt(b1, sizeof(b1), r->bself, ctx);
    fmt(n1, sizeof(n1), r->self, ctx);
    delta_fmt(d1, sizeof(d1), r->bself, r->self, fmt, ctx);
    fmt(b2, sizeof(b2), r->btotal, ctx);
    fmt(n2, sizeof(n2), r->total, ctx);
    delta_fmt(d2, sizeof(d2), r->btotal, r->total, fmt, ctx);
    double all = count_to_double(ball);
    double pct = all > 0 ? 100.0 * (count_to_double(r->total) - count_to_double(r->btotal)) / all
                         : 0.0;
    buf_printf(out, "%*s %*s %*s %*s %*s %*s %+7.2f%%  ", w, b1, w, n1, w, d1, w, b2, w, n2, w,
               d2, pct);
}
