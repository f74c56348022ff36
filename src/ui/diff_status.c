/* SPDX-License-Identifier: MIT */
/* flametui - diff_status.c: see diff_status.h. */
#include "config.h"

#include "ui/diff_status.h"

#include <string.h>

#include "core/count.h"
#include "core/diff.h"
#include "core/strtab.h"
#include "core/trie.h"
#include "query/graph.h"
#include "query/top.h"
#include "render/label.h"

bool app_diff(const struct app *a)
{
    return a->base && trie_has_base(a->base);
}

static double pct(double part, double all)
{
    return all > 0 ? 100.0 * part / all : 0.0;
}

void app_diff_status(const struct app *a, struct buf *info)
{
    if (!app_diff(a) || !a->t || !trie_has_base(a->t))
        return;
    struct count nw = trie_total(a->t, a->sel), bs = trie_base_total(a->t, a->sel);
    if (trie_base_swapped(a->t)) {
        struct count x = nw;
        nw = bs;
        bs = x;
    }
    char b[COUNT_FMT_MAX], n[COUNT_FMT_MAX], d[COUNT_FMT_MAX + 1];
    count_format(b, bs);
    count_format(n, nw);
    diff_delta_format(d, bs, nw);
    double delta = diff_delta_d(bs, nw);
    buf_printf(info, "  base %s new %s delta %s (%+.2f%% of base, %+.2f%% of new)", b, n, d,
               pct(delta, trie_base_total_d(a->base, TRIE_ROOT)),
               pct(delta, trie_total_d(a->base, TRIE_ROOT)));
}

void app_diff_table_status(const struct app *a, struct buf *info)
{
    if (!app_diff(a) || a->top_sel >= a->table.n)
        return;
    const struct top_row *r = &a->table.v[a->top_sel];
    char bs[COUNT_FMT_MAX], bt[COUNT_FMT_MAX], ds[COUNT_FMT_MAX + 1], dt[COUNT_FMT_MAX + 1];
    count_format(bs, r->bself);
    count_format(bt, r->btotal);
    diff_delta_format(ds, r->bself, r->self);
    diff_delta_format(dt, r->btotal, r->total);
    buf_printf(info, "  base self %s total %s, delta self %s total %s", bs, bt, ds, dt);
}

void app_diff_title(const struct app *a, struct buf *out)
{
    if (!app_diff(a))
        return;
    buf_printf(out, "  vs base ");
    const char *in = a->diff_base ? a->diff_base : "?";
    const char *slash = strrchr(in, '/');
    const char *name = slash && slash[1] ? slash + 1 : in;
    label_escape(out, name, strlen(name), LABEL_AUTO);
    if (a->diff_nbases > 1)
        buf_printf(out, " (+%zu)", a->diff_nbases - 1);
    char b[COUNT_FMT_MAX];
    count_format(b, trie_base_total(a->base, TRIE_ROOT));
    buf_printf(out, " %s samples", b);
    if (graph_swap(a->graph))
        buf_printf(out, "  base widths");
}

enum reaction app_diff_toggle(struct app *a)
{
    if (!app_diff(a)) {
        app_message(a, "not a diff: start with --base=FILE");
        return RE_REDRAW;
    }
    graph_set_swap(a->graph, !graph_swap(a->graph));   /* the title says which */
    return RE_REBUILD | RE_RELAYOUT;
}

bool app_diff_top_line(const struct app *a, size_t i, struct buf *out, bool *done)
{
    *done = false;
    if (!app_diff(a))
        return false;
    if (i == 0) {
        enum top_sort by = a->top_by;   /* the sorted column is starred */
        buf_printf(out, "%12s %12s %12s %12s %12s %12s %8s  %s", "SELF_BASE",
                   by == TOP_BY_SELF ? "SELF_NEW*" : "SELF_NEW", "SELF_DELTA", "TOTAL_BASE",
                   by == TOP_BY_TOTAL ? "TOTAL_NEW*" : "TOTAL_NEW",
                   by == TOP_BY_DELTA ? "TOTAL_DELTA*" : "TOTAL_DELTA", "DELTA%",
                   by == TOP_BY_NAME
                       ? "FUNCTION*  (Enter: callers/callees, s: find, o: sort, t: close)"
                       : "FUNCTION  (Enter: callers/callees, s: find, o: sort, t: close)");
        return true;
    }
    if (i - 1 >= a->table.n) {
        *done = true;
        return false;
    }
    const struct top_row *r = &a->table.v[i - 1];
    size_t n;
    const char *name = strtab_get(trie_names(a->base), r->name, &n);
    top_row_numbers_diff(out, r, a->table.ball);
    label_escape(out, name, n > 4096 ? 4096 : n, LABEL_AUTO);
    return true;
}
