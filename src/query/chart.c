/* SPDX-License-Identifier: MIT */
/* flametui - chart.c: see chart.h. */
#include "config.h"

#include "query/chart.h"

#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "core/trie.h"
#include "core/util.h"
#include "query/timeline.h"

struct lane {
    struct chart_lane pub;
    uint32_t *idx;           /* its samples, in time order */
    size_t n;
};

struct chart {
    const struct samples *s;
    const struct trie *base;
    struct lane *lanes;
    size_t nlanes;
    uint64_t end_us, period_us;
};

/* The lane key of every thread: itself, or (pid) the first thread of its process. */
static uint32_t *thread_keys(const struct samples *s, bool pid)
{
    size_t nth = samples_threads(s);
    uint32_t *key = xreallocarray(NULL, nth + 1, sizeof *key);
    for (size_t k = 0; k < nth; k++) {
        key[k] = (uint32_t)k;
        const struct samples_thread *th = samples_thread_get(s, (uint32_t)k);
        for (size_t j = 0; pid && j < k; j++) {   /* threads are few next to samples */
            const struct samples_thread *o = samples_thread_get(s, (uint32_t)j);
            if (o->proc == th->proc && o->name_pid == th->name_pid) {
                key[k] = key[j];
                break;
            }
        }
    }
    key[nth] = (uint32_t)nth;   /* no known thread */
    return key;
}

/* The lane key of sample i (nkeys - 1: none known). */
static uint32_t key_of(const struct samples *s, size_t i, enum perf_group g, const uint32_t *tk,
                       size_t nkeys)
{
    if (g == GROUP_CPU) {
        uint32_t c = samples_cpu_of(s, i);
        return c < nkeys - 1 ? c : (uint32_t)(nkeys - 1);
    }
    uint32_t th = samples_thread_of(s, i);
    return tk[th < nkeys - 1 ? th : nkeys - 1];
}

static void lane_label(const struct samples *s, enum perf_group g, uint32_t key, size_t nkeys,
                       struct chart_lane *l)
{
    l->name = SAMPLES_NO_NAME;
    l->skip = 0;
    if (key + 1 >= nkeys)
        return;
    if (g == GROUP_CPU) {
        l->name = samples_cpu_name(s, key);
        return;
    }
    const struct samples_thread *th = samples_thread_get(s, key);
    l->name = g == GROUP_PID ? th->name_pid : th->name_tid;
    l->skip = th->depth;
}

static const struct samples *sort_s;   /* qsort's context (one thread builds charts) */

static int by_time(const void *pa, const void *pb)
{
    uint64_t a = samples_time_us(sort_s, *(const uint32_t *)pa);
    uint64_t b = samples_time_us(sort_s, *(const uint32_t *)pb);
    if (a != b)
        return a < b ? -1 : 1;
    uint32_t ia = *(const uint32_t *)pa, ib = *(const uint32_t *)pb;
    return ia < ib ? -1 : ia > ib;
}

static int by_samples(const void *pa, const void *pb)
{
    const struct lane *a = pa, *b = pb;
    if (a->n != b->n)
        return a->n > b->n ? -1 : 1;
    return a->pub.name < b->pub.name ? -1 : a->pub.name > b->pub.name;
}

struct chart *chart_build(const struct samples *s, const struct trie *base, enum perf_group g)
{
    struct chart *c = xcalloc(1, sizeof *c);
    c->s = s;
    c->base = base;
    c->period_us = timeline_period_us(s);
    size_t n = samples_count(s), nodes = trie_size(base);
    c->end_us = n ? samples_end_us(s) + 1 : 0;
    uint32_t *tk = g == GROUP_CPU ? NULL : thread_keys(s, g == GROUP_PID);
    size_t nkeys = (g == GROUP_CPU ? samples_cpus(s) : samples_threads(s)) + 1;
    size_t *cnt = xcalloc(nkeys, sizeof *cnt);
    for (size_t i = 0; i < n; i++)
        if (samples_leaf(s, i) < nodes)
            cnt[key_of(s, i, g, tk, nkeys)]++;
    struct lane *byk = xcalloc(nkeys, sizeof *byk);
    for (size_t k = 0; k < nkeys; k++)
        if (cnt[k])
            byk[k].idx = xreallocarray(NULL, cnt[k], sizeof *byk[k].idx);
    for (size_t i = 0; i < n; i++)
        if (samples_leaf(s, i) < nodes) {
            struct lane *l = &byk[key_of(s, i, g, tk, nkeys)];
            l->idx[l->n++] = (uint32_t)i;
        }
    c->lanes = xcalloc(nkeys, sizeof *c->lanes);
    sort_s = s;
    for (size_t k = 0; k < nkeys; k++) {
        if (!byk[k].n)
            continue;
        struct lane *l = &c->lanes[c->nlanes++];
        *l = byk[k];
        lane_label(s, g, (uint32_t)k, nkeys, &l->pub);
        l->pub.samples = l->n;
        if (!samples_sorted(s))
            qsort(l->idx, l->n, sizeof *l->idx, by_time);
    }
    qsort(c->lanes, c->nlanes, sizeof *c->lanes, by_samples);
    free(byk);
    free(cnt);
    free(tk);
    return c;
}

void chart_free(struct chart *c)
{
    if (!c)
        return;
    for (size_t k = 0; k < c->nlanes; k++)
        free(c->lanes[k].idx);
    free(c->lanes);
    free(c);
}

size_t chart_lanes(const struct chart *c)
{
    return c->nlanes;
}

const struct chart_lane *chart_lane(const struct chart *c, size_t k)
{
    return k < c->nlanes ? &c->lanes[k].pub : NULL;
}

uint64_t chart_end_us(const struct chart *c)
{
    return c->end_us;
}

uint64_t chart_period_us(const struct chart *c)
{
    return c->period_us;
}

/* The first of the lane's samples at or after t. */
static size_t first_at(const struct chart *c, const struct lane *l, uint64_t t)
{
    size_t lo = 0, hi = l->n;
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        if (samples_time_us(c->s, l->idx[mid]) < t)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo;
}

/* The leaf shown in the column [a, b): the first sample in it, else the one before it
 * while it lasts (up to the next sample, at most a period); TRIE_NONE: a gap. */
static uint32_t column_leaf(const struct chart *c, const struct lane *l, uint64_t a, uint64_t b)
{
    size_t j = first_at(c, l, a);
    uint64_t next = j < l->n ? samples_time_us(c->s, l->idx[j]) : UINT64_MAX;
    if (next < b)
        return samples_leaf(c->s, l->idx[j]);
    if (j == 0)
        return TRIE_NONE;
    uint64_t prev = samples_time_us(c->s, l->idx[j - 1]);
    uint64_t p = c->period_us ? c->period_us : 1;
    uint64_t until = prev + p < next ? prev + p : next;
    return until > a ? samples_leaf(c->s, l->idx[j - 1]) : TRIE_NONE;
}

/* Column x's time span of [from, to) cut into cols. */
static uint64_t col_start(uint64_t from, uint64_t to, int cols, int x)
{
    return from + (uint64_t)((double)(to - from) * x / cols);
}

size_t chart_boxes(const struct chart *c, size_t k, uint64_t from_us, uint64_t to_us, int cols,
                   uint32_t max_depth, struct chart_box **out, size_t *cap, uint32_t *depth)
{
    *depth = 0;
    if (k >= c->nlanes || cols < 1 || to_us <= from_us || max_depth == 0)
        return 0;
    const struct lane *l = &c->lanes[k];
    uint32_t skip = l->pub.skip;
    /* path[x * max_depth + d]: the frame at depth d of column x's stack, or TRIE_NONE */
    uint32_t *path = xreallocarray(NULL, (size_t)cols * max_depth, sizeof *path);
    for (size_t i = 0; i < (size_t)cols * max_depth; i++)
        path[i] = TRIE_NONE;
    for (int x = 0; x < cols; x++) {
        uint32_t leaf = column_leaf(c, l, col_start(from_us, to_us, cols, x),
                                    col_start(from_us, to_us, cols, x + 1));
        if (leaf == TRIE_NONE || leaf == TRIE_ROOT)
            continue;
        uint32_t ld = trie_depth(c->base, leaf);
        if (ld <= skip)
            continue;
        if (ld - skip > *depth)
            *depth = ld - skip;
        for (uint32_t node = leaf, d = ld; d > skip; node = trie_parent(c->base, node), d--)
            if (d - skip - 1 < max_depth)
                path[(size_t)x * max_depth + (d - skip - 1)] = node;
    }
    size_t nb = 0;
    for (uint32_t d = 0; d < max_depth && d < *depth; d++)
        for (int x = 0; x < cols;) {
            uint32_t node = path[(size_t)x * max_depth + d];
            int x1 = x + 1;
            while (x1 < cols && path[(size_t)x1 * max_depth + d] == node)
                x1++;
            if (node != TRIE_NONE) {
                if (nb == *cap)
                    FT_GROW(*out, *cap, nb + 1);
                (*out)[nb++] = (struct chart_box){x, x1 - x, d, node,
                                                  col_start(from_us, to_us, cols, x),
                                                  col_start(from_us, to_us, cols, x1)};
            }
            x = x1;
        }
    free(path);
    return nb;
}
