/* flametui - top.c: hottest functions (see top.h). */
#include "config.h"

#include "top.h"

#include <stdlib.h>
#include <string.h>

#include "strtab.h"
#include "trie.h"
#include "util.h"

struct walk {
    uint32_t node;
    size_t next;
};

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

void top_compute(struct trie *t, enum top_sort by, struct top *out)
{
    top_fini(out);
    size_t count = strtab_count(trie_names(t));
    struct count *self = xcalloc(count ? count : 1, sizeof *self);
    struct count *total = xcalloc(count ? count : 1, sizeof *total);
    uint32_t *onpath = xcalloc(count ? count : 1, sizeof *onpath);
    unsigned char *seen = xcalloc(count ? count : 1, 1);
    size_t cap = (size_t)trie_max_depth(t) + 2, l = 0, nseen = 0;
    struct walk *w = xcalloc(cap, sizeof *w);
    w[0].node = TRIE_ROOT;
    for (;;) {
        size_t n;
        const uint32_t *kids = trie_children(t, w[l].node, &n);
        if (w[l].next == n) {
            if (l == 0)
                break;
            onpath[trie_name(t, w[l].node)]--;
            l--;
            continue;
        }
        uint32_t c = kids[w[l].next++], name = trie_name(t, c);
        if (!seen[name]) {
            seen[name] = 1;
            nseen++;
        }
        count_add(&self[name], trie_self(t, c));
        if (onpath[name]++ == 0)             /* outermost occurrence on this path */
            count_add(&total[name], trie_total(t, c));
        if (l + 1 == cap) {
            cap *= 2;
            w = xreallocarray(w, cap, sizeof *w);
        }
        w[++l] = (struct walk){c, 0};
    }
    out->v = xcalloc(nseen ? nseen : 1, sizeof *out->v);
    for (size_t id = 0; id < count; id++)
        if (seen[id])
            out->v[out->n++] = (struct top_row){(uint32_t)id, self[id], total[id]};
    out->all = trie_total(t, TRIE_ROOT);
    free(w);
    free(seen);
    free(onpath);
    free(total);
    free(self);
    top_sort(out, t, by);
}

static double pct(struct count c, struct count all)
{
    double a = count_to_double(all);
    return a > 0 ? 100.0 * count_to_double(c) / a : 0.0;
}

int top_print(FILE *out, struct trie *t, size_t n)
{
    struct top tp = {0};
    top_compute(t, TOP_BY_SELF, &tp);
    if (n == 0 || n > tp.n)
        n = tp.n;
    fprintf(out, "# %12s %7s %12s %7s  %s\n", "SELF", "SELF%", "TOTAL", "TOTAL%", "NAME");
    for (size_t i = 0; i < n; i++) {
        const struct top_row *r = &tp.v[i];
        char sb[COUNT_FMT_MAX], tb[COUNT_FMT_MAX];
        size_t len;
        const char *name = strtab_get(trie_names(t), r->name, &len);
        count_format(sb, r->self);
        count_format(tb, r->total);
        fprintf(out, "  %12s %6.2f%% %12s %6.2f%%  ", sb, pct(r->self, tp.all), tb,
                pct(r->total, tp.all));
        fwrite(name, 1, len, out);
        fputc('\n', out);
    }
    top_fini(&tp);
    return ferror(out) ? -1 : 0;
}
