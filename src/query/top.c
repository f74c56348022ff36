/* SPDX-License-Identifier: MIT */
/* flametui - top.c: hottest functions (see top.h). */
#include "config.h"

#include "query/top.h"

#include <stdlib.h>
#include <string.h>

#include "core/strtab.h"
#include "core/trie.h"
#include "core/util.h"

/* a < b: -1, a == b: 0, a > b: 1, exact for integer counts. */
static int count_cmp(struct count a, struct count b)
{
    if (!a.is_float && !b.is_float)
        return a.u < b.u ? -1 : a.u > b.u;
    double x = count_to_double(a), y = count_to_double(b);
    return x < y ? -1 : x > y;
}

struct sort_ctx {
    enum top_sort by;
    const uint32_t *rank;
};

static int row_cmp(const void *pa, const void *pb, void *arg)
{
    const struct top_row *a = pa, *b = pb;
    const struct sort_ctx *ctx = arg;
    int c = 0;
    if (ctx->by == TOP_BY_SELF) {
        c = -count_cmp(a->self, b->self);
        if (!c)
            c = -count_cmp(a->total, b->total);
    } else if (ctx->by == TOP_BY_TOTAL) {
        c = -count_cmp(a->total, b->total);
        if (!c)
            c = -count_cmp(a->self, b->self);
    }
    if (ctx->by == TOP_BY_DELTA) {
        c = -top_delta_cmp(a->total, a->btotal, b->total, b->btotal);
        if (!c)
            c = -top_delta_cmp(a->self, a->bself, b->self, b->bself);
    }
    if (!c)
        c = ctx->rank[a->name] < ctx->rank[b->name] ? -1 : ctx->rank[a->name] > ctx->rank[b->name];
    return c;
}

void top_sort(struct top *tp, struct trie *t, enum top_sort by)
{
    struct sort_ctx ctx = {by, strtab_ranks(trie_names(t))};
    qsort_r(tp->v, tp->n, sizeof *tp->v, row_cmp, &ctx);
}

void top_fini(struct top *tp)
{
    free(tp->v);
    memset(tp, 0, sizeof *tp);
}

/* The same as outermost() below, exactly and in O(n) whatever the shape: a depth-first
 * walk (first-child / next-sibling lists, an explicit stack) with a per-name count of
 * the frames on the current path. Used when the ancestor walks of the Bloom pass get
 * too long (a deep stack of distinct names saturates the filter: O(depth^2)). */
static void outermost_dfs(struct trie *t, size_t n, const uint32_t *name,
                          const uint32_t *parent, unsigned char *outer)
{
    size_t count = strtab_count(trie_names(t));
    uint32_t *first = xcalloc(n, sizeof *first), *next = xcalloc(n, sizeof *next);
    uint32_t *onpath = xcalloc(count ? count : 1, sizeof *onpath);
    uint32_t *stack = xcalloc(n, sizeof *stack);
    for (size_t i = n - 1; i >= 1; i--) {       /* 0 = no child / no sibling */
        next[i] = first[parent[i]];
        first[parent[i]] = (uint32_t)i;
    }
    size_t sp = 0;
    uint32_t v = first[TRIE_ROOT];
    while (v || sp) {
        if (v) {                                /* enter v */
            outer[v] = onpath[name[v]]++ == 0;
            stack[sp++] = v;
            v = first[v];
        } else {                                /* leave the top, go to its sibling */
            uint32_t u = stack[--sp];
            onpath[name[u]]--;
            v = next[u];
        }
    }
    free(stack);
    free(onpath);
    free(next);
    free(first);
}

/* Marks outer[i] = 1 when node i is the outermost occurrence of its name on its path.
 * One pass in node-id order (parents come before children): a 128-bit Bloom filter of
 * the names on each path says "surely not on the path above" for most nodes; only on a
 * Bloom hit are the ancestors walked to decide exactly (past a budget of walk steps,
 * outermost_dfs() decides instead). */
static unsigned char *outermost(struct trie *t, size_t n)
{
    size_t budget = 8 * n + (1u << 20);
    uint32_t *name = xcalloc(n, sizeof *name), *parent = xcalloc(n, sizeof *parent);
    uint64_t(*bloom)[2] = xcalloc(n, sizeof *bloom);
    unsigned char *outer = xcalloc(n, 1);
    for (size_t i = 1; i < n; i++) {
        uint32_t nm = trie_name(t, (uint32_t)i), p = trie_parent(t, (uint32_t)i);
        uint32_t h = nm * 2654435761u >> 25;       /* 7 bits: one of 128 */
        uint64_t bit = UINT64_C(1) << (h & 63);
        name[i] = nm;
        parent[i] = p;
        bloom[i][0] = bloom[p][0];
        bloom[i][1] = bloom[p][1];
        bloom[i][h >> 6] |= bit;
        if (!(bloom[p][h >> 6] & bit)) {
            outer[i] = 1;
            continue;
        }
        outer[i] = 1;
        for (uint32_t a = p; a != TRIE_ROOT; a = parent[a]) {
            if (name[a] == nm) {
                outer[i] = 0;
                break;
            }
            if (--budget == 0) {
                for (size_t j = i + 1; j < n; j++) {
                    name[j] = trie_name(t, (uint32_t)j);
                    parent[j] = trie_parent(t, (uint32_t)j);
                }
                outermost_dfs(t, n, name, parent, outer);
                goto out;
            }
        }
    }
out:
    free(bloom);
    free(parent);
    free(name);
    return outer;
}

void top_compute(struct trie *t, enum top_sort by, struct top *out)
{
    top_fini(out);
    size_t count = strtab_count(trie_names(t)), n = trie_size(t), nseen = 0;
    struct count *self = xcalloc(count ? count : 1, sizeof *self);
    struct count *total = xcalloc(count ? count : 1, sizeof *total);
    unsigned char *seen = xcalloc(count ? count : 1, 1);
    unsigned char *outer = outermost(t, n);
    struct count *bself = NULL, *btotal = NULL;     /* diff: the base's numbers */
    if (trie_has_base(t)) {
        bself = xcalloc(count ? count : 1, sizeof *bself);
        btotal = xcalloc(count ? count : 1, sizeof *btotal);
    }
    for (size_t i = 1; i < n; i++) {
        uint32_t name = trie_name(t, (uint32_t)i);
        if (!seen[name]) {
            seen[name] = 1;
            nseen++;
        }
        if (trie_is_terminal(t, (uint32_t)i))
            count_add(&self[name], trie_self(t, (uint32_t)i));
        if (outer[i])                          /* counted once per stack */
            count_add(&total[name], trie_total(t, (uint32_t)i));
        if (bself && trie_is_terminal(t, (uint32_t)i))
            count_add(&bself[name], trie_base_self(t, (uint32_t)i));
        if (bself && outer[i])
            count_add(&btotal[name], trie_base_total(t, (uint32_t)i));
    }
    out->v = xcalloc(nseen ? nseen : 1, sizeof *out->v);
    for (size_t id = 0; id < count; id++)
        if (seen[id])
            out->v[out->n++] = (struct top_row){(uint32_t)id, self[id], total[id],
                                                bself ? bself[id] : count_u64(0),
                                                btotal ? btotal[id] : count_u64(0)};
    out->all = trie_total(t, TRIE_ROOT);
    out->ball = trie_base_total(t, TRIE_ROOT);
    free(bself);
    free(btotal);
    free(outer);
    free(seen);
    free(total);
    free(self);
    top_sort(out, t, by);
}

static double pct(struct count part, struct count all)
{
    return ft_pct(count_to_double(part), count_to_double(all));
}

int top_fmt_count(char *out, size_t n, struct count c, const void *ctx)
{
    char s[COUNT_FMT_MAX];
    (void)ctx;
    count_format(s, c);
    return snprintf(out, n, "%s", s);
}

/* The numbers of a row; fmt NULL: as count_format writes them, in columns of 12. */
static void row_numbers(struct buf *out, const struct top_row *r, struct count all,
                        top_fmt_fn *fmt, const void *ctx)
{
    char sb[80], tb[80];
    int w = fmt ? 14 : 12;
    if (!fmt)
        fmt = top_fmt_count;
    fmt(sb, sizeof(sb), r->self, ctx);
    fmt(tb, sizeof(tb), r->total, ctx);
    buf_printf(out, "%*s %6.2f%% %*s %6.2f%%  ", w, sb, pct(r->self, all), w, tb,
               pct(r->total, all));
}

void top_row_numbers(struct buf *out, const struct top_row *r, struct count all)
{
    row_numbers(out, r, all, NULL, NULL);
}

static void header(FILE *out, bool diff, int w)
{
    if (diff)
        fprintf(out, "# %*s %*s %*s %*s %*s %*s %8s  %s\n", w, "SELF_BASE", w, "SELF_NEW", w,
                "SELF_DELTA", w, "TOTAL_BASE", w, "TOTAL_NEW", w, "TOTAL_DELTA", "DELTA%",
                "NAME");
    else
        fprintf(out, "# %*s %7s %*s %7s  %s\n", w, "SELF", "SELF%", w, "TOTAL", "TOTAL%",
                "NAME");
}

int top_print(FILE *out, struct trie *t, size_t n)
{
    return top_print_fmt(out, t, n, NULL, NULL, NULL);
}

int top_print_fmt(FILE *out, struct trie *t, size_t n, top_fmt_fn *fmt, const void *ctx,
                  const char *note)
{
    bool diff = trie_has_base(t);   /* --base: delta columns, the largest increase first */
    struct top tp = {0};
    struct buf line = {0};
    top_compute(t, diff ? TOP_BY_DELTA : TOP_BY_SELF, &tp);
    if (n == 0 || n > tp.n)
        n = tp.n;
    if (fmt && note)
        fprintf(out, "%s\n", note);
    header(out, diff, fmt ? 14 : 12);
    for (size_t i = 0; i < n; i++) {
        const struct top_row *r = &tp.v[i];
        size_t len;
        const char *name = strtab_get(trie_names(t), r->name, &len);
        line.len = 0;
        buf_append(&line, "  ", 2);
        if (diff)
            top_row_numbers_diff(&line, r, tp.ball, fmt, ctx);
        else
            row_numbers(&line, r, tp.all, fmt, ctx);
        buf_append(&line, name, len);
        buf_putc(&line, '\n');
        fwrite(line.p, 1, line.len, out);
    }
    buf_fini(&line);
    top_fini(&tp);
    return ferror(out) ? -1 : 0;
}
