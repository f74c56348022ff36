/* SPDX-License-Identifier: MIT */
/* flametui - calltree.c: see calltree.h. The rows are a depth-first walk over the
 * expanded nodes with an explicit stack (stacks can be deeper than the C stack). */
#include "config.h"

#include "query/calltree.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/strtab.h"
#include "core/trie.h"

void calltree_init(struct calltree *c)
{
    memset(c, 0, sizeof *c);
}

void calltree_fini(struct calltree *c)
{
    free(c->open);
    free(c->last);
    free(c->v);
    memset(c, 0, sizeof *c);
}

/* Room for a flag per node of c->t (new ones zero). */
static void flags_fit(struct calltree *c)
{
    size_t n = c->t ? trie_size(c->t) : 0;
    if (n <= c->nflags)
        return;
    c->open = xrealloc(c->open, n);
    c->last = xrealloc(c->last, n);
    memset(c->open + c->nflags, 0, n - c->nflags);
    memset(c->last + c->nflags, 0, n - c->nflags);
    c->nflags = n;
}

void calltree_attach(struct calltree *c, struct trie *t)
{
    if (!t || !c->t || trie_uid(t) != c->uid) {
        if (c->nflags) {
            memset(c->open, 0, c->nflags);
            memset(c->last, 0, c->nflags);
        }
        c->n = 0;
        c->root = TRIE_ROOT;
    }
    c->t = t;
    c->uid = t ? trie_uid(t) : 0;
    flags_fit(c);
}

void calltree_set_open(struct calltree *c, uint32_t node, bool on)
{
    flags_fit(c);
    if (node < c->nflags)
        c->open[node] = on;
}

bool calltree_is_open(const struct calltree *c, uint32_t node)
{
    return node < c->nflags && c->open[node];
}

void calltree_open_all(struct calltree *c, bool on)
{
    flags_fit(c);
    if (c->nflags)
        memset(c->open, on, c->nflags);
}

void calltree_reveal(struct calltree *c, uint32_t node)
{
    flags_fit(c);
    if (!c->t || node >= c->nflags)
        return;
    for (uint32_t a = trie_parent(c->t, node); a != TRIE_NONE && a != TRIE_ROOT;
         a = trie_parent(c->t, a))
        c->open[a] = 1;
}

/* The children of node heaviest first into *k (grown as needed); their number. */
static size_t heavy_children(struct trie *t, uint32_t node, struct trie_heavy **k,
                             size_t *cap)
{
    size_t n;
    const uint32_t *ch = trie_children(t, node, &n);
    FT_GROW(*k, *cap, n ? n : 1);
    for (size_t i = 0; i < n; i++) {
        (*k)[i].node = ch[i];
        (*k)[i].idx = (uint32_t)i;
        (*k)[i].total = trie_total_d(t, ch[i]);
    }
    trie_sort_heaviest(*k, n);
    return n;
}

uint32_t calltree_heaviest_child(struct calltree *c, uint32_t node)
{
    struct trie_heavy *k = NULL;
    size_t cap = 0, n = heavy_children(c->t, node, &k, &cap);
    uint32_t best = n ? k[0].node : TRIE_NONE;
    free(k);
    return best;
}

uint32_t calltree_open_heaviest(struct calltree *c, uint32_t node)
{
    flags_fit(c);
    for (;;) {
        uint32_t k = calltree_heaviest_child(c, node);
        if (k == TRIE_NONE)
            return node;
        if (node != TRIE_ROOT)
            c->open[node] = 1;
        node = k;
    }
}

size_t calltree_open_matches(struct calltree *c, const unsigned char *m, size_t nm)
{
    flags_fit(c);
    size_t n = c->t ? trie_size(c->t) : 0, hits = 0;
    if (!m || n < 2)
        return 0;
    unsigned char *need = xcalloc(n, 1);
    for (size_t i = n; i-- > 1;) {   /* a parent's id is below its children's */
        uint32_t name = trie_name(c->t, (uint32_t)i);
        bool hit = name < nm && m[name];
        hits += hit;
        if (hit || need[i])
            need[trie_parent(c->t, (uint32_t)i)] = 1;
    }
    for (size_t i = 1; i < n; i++)
        if (need[i])
            c->open[i] = 1;
    free(need);
    return hits;
}

/* The number of node's children that are shown (heaviest first: a prefix). */
static size_t shown_prefix(const struct calltree *c, const struct trie_heavy *k, size_t n,
                           uint32_t depth)
{
    if (c->max_depth && depth > c->max_depth)
        return 0;
    double min = c->min_frac * trie_total_d(c->t, TRIE_ROOT);
    size_t s = 0;
    while (s < n && (k[s].total >= min && (k[s].total > 0 || min <= 0)))
        s++;
    return s;
}

bool calltree_has_kids(struct calltree *c, uint32_t node)
{
    if (!c->t || !trie_has_children(c->t, node))
        return false;
    struct trie_heavy *k = NULL;
    size_t cap = 0, n = heavy_children(c->t, node, &k, &cap);
    uint32_t top = c->root < trie_size(c->t) ? trie_depth(c->t, c->root) : 0;
    uint32_t d = trie_depth(c->t, node) - top;
    bool any = shown_prefix(c, k, n, d + 1) > 0;
    free(k);
    return any;
}

void calltree_rows(struct calltree *c)
{
    c->n = 0;
    if (!c->t)
        return;
    flags_fit(c);
    struct trie_heavy *k = NULL;
    size_t kcap = 0;
    struct calltree_row *st = NULL;   /* the walk's stack */
    size_t sn = 0, scap = 0;
    FT_GROW(st, scap, 1);
    st[sn++] = (struct calltree_row){c->root < trie_size(c->t) ? c->root : TRIE_ROOT, 0};
    while (sn) {
        struct calltree_row r = st[--sn];
        if (r.depth > 0) {
            FT_GROW(c->v, c->cap, c->n + 1);
            c->v[c->n++] = r;
            if (!c->open[r.node])
                continue;
        }
        size_t n = heavy_children(c->t, r.node, &k, &kcap);
        size_t s = shown_prefix(c, k, n, r.depth + 1);
        FT_GROW(st, scap, sn + s + 1);
        for (size_t i = s; i-- > 0;) {   /* pushed lightest first: popped heaviest first */
            c->last[k[i].node] = i + 1 == s;
            st[sn++] = (struct calltree_row){k[i].node, r.depth + 1};
        }
    }
    free(st);
    free(k);
}

size_t calltree_find(const struct calltree *c, uint32_t node)
{
    for (size_t i = 0; i < c->n; i++)
        if (c->v[i].node == node)
            return i;
    return SIZE_MAX;
}

/* ---- text ---- */

static void put_value(const struct calltree_fmt *f, struct count v, char *out, size_t n)
{
    char raw[COUNT_FMT_MAX];
    if (f->value) {
        f->value(f->ctx, v, out, n);
        return;
    }
    count_format(raw, v);
    snprintf(out, n, "%s", raw);
}

void calltree_header(const struct calltree *c, const struct calltree_fmt *f, struct buf *out)
{
    bool diff = c->t && trie_has_base(c->t);
    if (diff)
        buf_printf(out, "%8s %8s %8s  ", "BASE%", "NEW%", "DELTA");
    else if (f->bottom_up)
        buf_printf(out, "%8s %12s  ", "SELF%", "SELF");
    else
        buf_printf(out, "%8s %8s %12s  ", "TOTAL%", "SELF%", "TOTAL");
    buf_printf(out, "%s", f->bottom_up ? "FUNCTION (its callers below it)" : "FUNCTION");
}

/* The guides of node at depth d: one column group per ancestor level below the roots. */
static void put_guides(const struct calltree *c, uint32_t node, uint32_t d, bool ascii,
                       struct buf *out)
{
    if (d < 2)
        return;
    unsigned char *lv = xmalloc(d);
    uint32_t a = node;
    for (uint32_t i = d; i-- > 1;) {   /* lv[i]: the node at depth i + 1 is a last child */
        lv[i] = a < c->nflags && c->last[a];
        a = trie_parent(c->t, a);
    }
    for (uint32_t i = 1; i + 1 < d; i++)
        buf_printf(out, "%s", lv[i] ? "   " : ascii ? "|  " : "\u2502  ");
    buf_printf(out, "%s", lv[d - 1] ? (ascii ? "`- " : "\u2514\u2500 ")
                                    : (ascii ? "|- " : "\u251c\u2500 "));
    free(lv);
}

void calltree_line(struct calltree *c, size_t i, const struct calltree_fmt *f,
                   struct buf *out)
{
    if (i >= c->n)
        return;
    struct trie *t = c->t;
    uint32_t node = c->v[i].node;
    double all = f->all > 0 ? f->all : trie_total_d(t, TRIE_ROOT), tot = trie_total_d(t, node);
    char v[CALLTREE_VALUE_MAX];
    put_value(f, trie_total(t, node), v, sizeof v);
    if (trie_has_base(t)) {
        double ball = trie_base_total_d(t, TRIE_ROOT);
        double b = ft_pct(trie_base_total_d(t, node), ball), nw = ft_pct(tot, all);
        buf_printf(out, "%7.2f%% %7.2f%% %+8.2f  ", b, nw, nw - b);
    } else if (f->no_self) {
        buf_printf(out, "%7.2f%% %8s %12s  ", ft_pct(tot, all), "", v);
    } else if (f->bottom_up) {
        buf_printf(out, "%7.2f%% %12s  ", ft_pct(tot, all), v);
    } else {
        buf_printf(out, "%7.2f%% %7.2f%% %12s  ", ft_pct(tot, all),
                   ft_pct(trie_self_d(t, node), all), v);
    }
    put_guides(c, node, c->v[i].depth, f->ascii, out);
    if (f->markers) {
        bool kids = calltree_has_kids(c, node);
        const char *m = !kids ? "  " : c->open[node] ? (f->ascii ? "- " : "\u25be ")
                                                     : (f->ascii ? "+ " : "\u25b8 ");
        buf_printf(out, "%s", m);
    }
    if (f->name) {
        f->name(f->ctx, trie_name(t, node), out);
    } else {
        size_t n;
        const char *s = trie_label(t, node, &n);
        buf_append(out, s, n);
    }
}

int calltree_print(FILE *out, struct trie *t, double min_frac, uint32_t max_depth,
                   const struct calltree_fmt *f)
{
    struct calltree c;
    calltree_init(&c);
    calltree_attach(&c, t);
    c.min_frac = min_frac;
    c.max_depth = max_depth;
    calltree_open_all(&c, true);
    calltree_rows(&c);
    struct buf b = {0};
    calltree_header(&c, f, &b);
    buf_putc(&b, '\n');
    int rc = 0;
    for (size_t i = 0; i < c.n && rc == 0; i++) {
        calltree_line(&c, i, f, &b);
        buf_putc(&b, '\n');
        if (b.len >= 1 << 16 || i + 1 == c.n) {
            rc = fwrite(b.p, 1, b.len, out) == b.len ? 0 : -1;
            b.len = 0;
        }
    }
    if (c.n == 0 && b.len)
        rc = fwrite(b.p, 1, b.len, out) == b.len ? 0 : -1;
    buf_fini(&b);
    calltree_fini(&c);
    return rc;
}
