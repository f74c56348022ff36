/* SPDX-License-Identifier: MIT */
/* flametui - diff_status.c: see diff_status.h. */
#include "config.h"

#include "ui/diff_status.h"

#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include "core/count.h"
#include "core/diff.h"
#include "core/strtab.h"
#include "core/trie.h"
#include "query/graph.h"
#include "query/top.h"
#include "render/label.h"
#include "render/numfmt.h"
#include "ui/state.h"


/* new - base with its sign in the profile's unit (numfmt_number: "+1,234", "-2.50 ms",
 * "0"). */
static void delta_group(char *out, size_t n, struct count base, struct count new_,
                        const struct unit *u)
{
    if (!base.is_float && !new_.is_float) {
        if (new_.u == base.u) {
            snprintf(out, n, "0");
            return;
        }
        bool up = new_.u > base.u;
        out[0] = up ? '+' : '-';
        numfmt_number(out + 1, n - 1, count_u64(up ? new_.u - base.u : base.u - new_.u), u,
                      false);
        return;
    }
    double d = diff_delta_d(base, new_);
    struct count c = {0, d < 0 ? -d : d, true};
    out[0] = d > 0 ? '+' : (d < 0 ? '-' : '0');
    if (d == 0) {
        out[1] = '\0';
        return;
    }
    numfmt_number(out + 1, n - 1, c, u, false);
}

static double pct(double part, double all)
{
    return all > 0 ? 100.0 * part / all : 0.0;
}

/* The base and new totals of the selection (whichever widths the view shows). */
static void sel_counts(const struct app *a, struct count *bs, struct count *nw)
{
    *nw = trie_total(a->t, a->sel);
    *bs = trie_base_total(a->t, a->sel);
    if (trie_base_swapped(a->t)) {
        struct count x = *nw;
        *nw = *bs;
        *bs = x;
    }
}

void diff_status(const struct app *a, struct buf *info)
{
    if (!state_diff(a) || !a->t || !trie_has_base(a->t))
        return;
    struct count bs, nw;
    sel_counts(a, &bs, &nw);
    char b[NUMFMT_MAX], n[NUMFMT_MAX], d[NUMFMT_MAX + 1];
    struct unit u;
    state_unit(a, &u);
    numfmt_number(b, sizeof(b), bs, &u, false);
    numfmt_number(n, sizeof(n), nw, &u, false);
    delta_group(d, sizeof(d), bs, nw, &u);
    double delta = diff_delta_d(bs, nw);
    buf_printf(info, "  base %s new %s delta %s (%+.2f%% of base, %+.2f%% of new)", b, n, d,
               pct(delta, trie_base_total_d(a->base, TRIE_ROOT)),
               pct(delta, trie_total_d(a->base, TRIE_ROOT)));
}

void diff_status_short(const struct app *a, struct buf *info)
{
    if (!state_diff(a) || !a->t || !trie_has_base(a->t))
        return;
    struct count bs, nw;
    sel_counts(a, &bs, &nw);
    buf_printf(info, " delta %+.1f%%", pct(diff_delta_d(bs, nw), trie_base_total_d(a->base, TRIE_ROOT)));
}

void diff_table_status(const struct app *a, const struct top_row *r, struct buf *info)
{
    if (!state_diff(a))
        return;
    char bs[NUMFMT_MAX], bt[NUMFMT_MAX], ds[NUMFMT_MAX + 1], dt[NUMFMT_MAX + 1];
    struct unit u;
    state_unit(a, &u);
    numfmt_number(bs, sizeof(bs), r->bself, &u, false);
    numfmt_number(bt, sizeof(bt), r->btotal, &u, false);
    delta_group(ds, sizeof(ds), r->bself, r->self, &u);
    delta_group(dt, sizeof(dt), r->btotal, r->total, &u);
    buf_printf(info, "  base self %s total %s, delta self %s total %s", bs, bt, ds, dt);
}

void diff_title(const struct app *a, struct buf *out)
{
    if (!state_diff(a))
        return;
    buf_printf(out, "  vs base ");
    const char *in = a->diff_base ? a->diff_base : "?";
    const char *slash = strrchr(in, '/');
    const char *name = slash && slash[1] ? slash + 1 : in;
    label_escape(out, name, strlen(name), LABEL_AUTO);
    if (a->diff_nbases > 1)
        buf_printf(out, " (+%zu)", a->diff_nbases - 1);
    struct unit u;
    state_unit(a, &u);
    buf_printf(out, " ");
    state_put_weight(out, trie_base_total(a->base, TRIE_ROOT), &u, false);
    if (graph_swap(a->graph))
        buf_printf(out, "  base widths");
}

enum reaction diff_toggle(struct app *a)
{
    if (!state_diff(a)) {
        app_message(a, "not a diff: start with --base=FILE");
        return RE_REDRAW;
    }
    graph_set_swap(a->graph, !graph_swap(a->graph));   /* the title says which */
    return RE_REBUILD | RE_RELAYOUT;
}

bool diff_top_line(const struct app *a, const struct top *table, enum top_sort by, size_t i,
                   struct buf *out, bool *done)
{
    *done = false;
    if (!state_diff(a))
        return false;
    if (i == 0) {
        /* the sorted column is starred */
        buf_printf(out, "%12s %12s %12s %12s %12s %12s %8s  %s", "SELF_BASE",
                   by == TOP_BY_SELF ? "SELF_NEW*" : "SELF_NEW", "SELF_DELTA", "TOTAL_BASE",
                   by == TOP_BY_TOTAL ? "TOTAL_NEW*" : "TOTAL_NEW",
                   by == TOP_BY_DELTA ? "TOTAL_DELTA*" : "TOTAL_DELTA", "DELTA%",
                   by == TOP_BY_NAME
                       ? "FUNCTION*  (Enter: callers/callees, s: find, o: sort, t: close)"
                       : "FUNCTION  (Enter: callers/callees, s: find, o: sort, t: close)");
        return true;
    }
    if (i - 1 >= table->n) {
        *done = true;
        return false;
    }
    const struct top_row *r = &table->v[i - 1];
    /* --top's columns, numbers grouped as in the plain table (compact when too wide) */
    char c[6][NUMFMT_MAX + 1];
    struct unit u;
    state_unit(a, &u);
    state_number(a, r->bself, 12, c[0], sizeof(c[0]));
    state_number(a, r->self, 12, c[1], sizeof(c[1]));
    delta_group(c[2], sizeof(c[2]), r->bself, r->self, &u);
    state_number(a, r->btotal, 12, c[3], sizeof(c[3]));
    state_number(a, r->total, 12, c[4], sizeof(c[4]));
    delta_group(c[5], sizeof(c[5]), r->btotal, r->total, &u);
    double all = count_to_double(table->ball);
    double pct = all > 0 ? 100.0 * (count_to_double(r->total) - count_to_double(r->btotal)) / all
                         : 0.0;
    buf_printf(out, "%12s %12s %12s %12s %12s %12s %+7.2f%%  ", c[0], c[1], c[2], c[3], c[4],
               c[5], pct);
    state_name(a, r->name, -1, out);   /* short or full (L) */
    return true;
}
