/* SPDX-License-Identifier: MIT */
/* flametui - timeline.c: see timeline.h. */
#include "config.h"

#include "query/timeline.h"

#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "core/strtab.h"
#include "core/trie.h"
#include "core/util.h"

/* Runs body for every sample i of [from, to). */
#define FOR_RANGE(s, from, to, i, body)                                                   \
    do {                                                                                  \
        size_t n_ = samples_count(s), lo_ = samples_lower_bound(s, from);                 \
        bool sorted_ = samples_sorted(s);                                                 \
        for (size_t i = lo_; i < n_; i++) {                                               \
            uint64_t t_ = samples_time_us(s, i);                                          \
            if (t_ >= (to)) {                                                             \
                if (sorted_)                                                              \
                    break;                                                                \
                continue;                                                                 \
            }                                                                             \
            if (t_ < (from))                                                              \
                continue;                                                                 \
            body;                                                                         \
        }                                                                                 \
    } while (0)

static bool sorted_span(const struct samples *s, uint64_t from, uint64_t to, size_t *lo,
                        size_t *hi);

size_t timeline_count(const struct samples *s, uint64_t from_us, uint64_t to_us)
{
    size_t c = 0, lo, hi;
    if (sorted_span(s, from_us, to_us, &lo, &hi))
        return hi - lo;
    FOR_RANGE(s, from_us, to_us, i, c++);
    return c;
}

void timeline_histogram(const struct samples *s, uint64_t bucket_us, uint32_t *out, size_t n)
{
    if (bucket_us == 0)
        bucket_us = 1;
    size_t ns = samples_count(s);
    for (size_t i = 0; i < ns; i++) {
        uint64_t b = samples_time_us(s, i) / bucket_us;
        if (b < n && out[b] < UINT32_MAX)
            out[b]++;
    }
}

/* The samples of [from, to) when the times are sorted: [*lo, *hi). */
static bool sorted_span(const struct samples *s, uint64_t from, uint64_t to, size_t *lo,
                        size_t *hi)
{
    if (!samples_sorted(s))
        return false;
    *lo = samples_lower_bound(s, from);
    *hi = to == TIMELINE_END ? samples_count(s) : samples_lower_bound(s, to);
    if (*hi < *lo)
        *hi = *lo;
    return true;
}

/* The weights of the samples: one value (uniform), or indexes into a dictionary. */
struct weights {
    bool uniform;
    struct count w;            /* uniform: the one weight */
    const uint16_t *wi;        /* else: per sample, an index into dict (or NULL) */
    const struct count *dict;
    size_t ndict;
};

/* Whether the weights are one value or indexes of integers below 2^32. */
static bool weights_small(const struct weights *ws)
{
    if (ws->uniform)
        return true;
    bool small = ws->wi != NULL;
    for (size_t k = 0; small && k < ws->ndict; k++)
        small = !ws->dict[k].is_float && ws->dict[k].u <= UINT32_MAX;
    return small;
}

/* Per base node, the sum of the (integer) weights of the sorted samples [lo, hi), or
 * their number when uniform. */
static uint64_t *leaf_sums(const struct samples *s, const struct weights *ws, size_t nodes,
                           size_t lo, size_t hi)
{
    const uint32_t *leaf = samples_leaves(s);
    uint64_t *sum = xcalloc(nodes ? nodes : 1, sizeof *sum);
    if (ws->uniform) {
        for (size_t i = lo; i < hi; i++)
            if (leaf[i] < nodes)
                sum[leaf[i]]++;
        return sum;
    }
    uint64_t *du = xreallocarray(NULL, ws->ndict ? ws->ndict : 1, sizeof *du);
    for (size_t k = 0; k < ws->ndict; k++)
        du[k] = ws->dict[k].u;
    for (size_t i = lo; i < hi; i++)
        if (leaf[i] < nodes)
            sum[leaf[i]] += du[ws->wi[i]];
    free(du);
    return sum;
}

/* The count of a node from its leaf_sums entry. */
static struct count sum_count(const struct weights *ws, uint64_t sum)
{
    if (!ws->uniform)
        return count_u64(sum);
    if (!ws->w.is_float && (ws->w.u == 0 || sum <= UINT64_MAX / ws->w.u))
        return count_u64(ws->w.u * sum);
    /* as many additions would: past 2^64 a double */
    struct count c = {0, count_to_double(ws->w) * (double)sum, true};
    return c;
}

/* Whether some weight is 0 (its samples still mark their stacks). */
static bool weights_zero(const struct weights *ws)
{
    bool zero = ws->uniform && count_is_zero(ws->w);
    for (size_t k = 0; !ws->uniform && k < ws->ndict; k++)
        zero |= ws->dict[k].u == 0;
    return zero;
}

/* node_counts' fast path over the sorted samples [lo, hi) with small weights. */
static void sorted_counts(const struct samples *s, const struct weights *ws, size_t nodes,
                          size_t lo, size_t hi, struct count *self, bool *touched)
{
    /* sums of at most 2^32 weights below 2^32 each fit: no overflow below 2^32 samples */
    uint64_t *sum = leaf_sums(s, ws, nodes, lo, hi);
    for (size_t k = 0; k < nodes; k++) {
        if (!sum[k])
            continue;
        touched[k] = true;
        self[k] = sum_count(ws, sum[k]);
    }
    free(sum);
    if (!weights_zero(ws))
        return;
    const uint32_t *leaf = samples_leaves(s);
    for (size_t i = lo; i < hi; i++)
        if (leaf[i] < nodes)
            touched[leaf[i]] = true;
}

/* Self counts per base node of the samples in range. Fast paths (sorted times, weights
 * that are one value or indexes of integers below 2^32): one pass over the leaf array
 * adding into a u64 per node. */
static struct count *node_counts(const struct samples *s, size_t nodes, uint64_t from,
                                 uint64_t to, bool *touched)
{
    struct count *self = xcalloc(nodes ? nodes : 1, sizeof *self);
    struct weights ws = {0};
    size_t lo, hi;
    ws.wi = samples_weight_index(s, &ws.dict, &ws.ndict);
    ws.uniform = samples_uniform(s, &ws.w);
    if (weights_small(&ws) && sorted_span(s, from, to, &lo, &hi)) {
        sorted_counts(s, &ws, nodes, lo, hi, self, touched);
        return self;
    }
    FOR_RANGE(s, from, to, i, {
        uint32_t leaf = samples_leaf(s, i);
        if (leaf < nodes) {
            count_add(&self[leaf], samples_weight(s, i));
            touched[leaf] = true;
        }
    });
    return self;
}

/* comm (the base as it is) and none (process frames dropped): one pass over the nodes. */
static struct trie *build_nodes(const struct samples *s, const struct trie *base, uint64_t from,
                                uint64_t to, bool none)
{
    size_t n = trie_size(base);
    bool *touched = xcalloc(n ? n : 1, sizeof *touched);
    struct count *self = node_counts(s, n, from, to, touched);
    /* keep: a node with a sample at or below it (children have greater ids) */
    for (size_t i = n; i-- > 1;)
        if (touched[i])
            touched[trie_parent(base, (uint32_t)i)] = true;
    bool *proc = NULL;
    if (none) {   /* the process frames: each thread's and their ancestors */
        proc = xcalloc(n ? n : 1, sizeof *proc);
        for (size_t k = 0; k < samples_threads(s); k++)
            for (uint32_t p = samples_thread_get(s, (uint32_t)k)->proc;
                 p != TRIE_NONE && p < n && p != TRIE_ROOT; p = trie_parent(base, p))
                proc[p] = true;
    }
    struct trie *out = trie_new(trie_names(base));
    uint32_t *map = xreallocarray(NULL, n ? n : 1, sizeof *map);
    map[0] = TRIE_ROOT;
    for (size_t i = 1; i < n; i++) {
        uint32_t node = (uint32_t)i, par = trie_parent(base, node);
        if (!touched[i])
            map[i] = TRIE_NONE;
        else if (none && proc[i])
            map[i] = TRIE_ROOT;
        else if (none)
            map[i] = trie_child(out, map[par], trie_name(base, node));
        else
            map[i] = trie_append_child(out, map[par], trie_name(base, node),
                                       trie_phash(base, node));
    }
    for (size_t i = 0; i < n; i++)
        if (map[i] != TRIE_NONE && touched[i] && trie_is_terminal(base, (uint32_t)i) &&
            !count_is_zero(self[i]))
            trie_add_self(out, map[i], self[i]);
    trie_sum_totals(out);
    free(map);
    free(proc);
    free(self);
    free(touched);
    return out;
}

/* pid and tid. Threads fall into groups (a thread itself with tid; with pid, the threads
 * with the same process frame and pid name). The samples of the range are sorted by group
 * (counting sort of their indexes), then each group's leaves are summed in a dense array
 * over the base's nodes (no hashing per sample) and mapped to output nodes: a node's
 * output node for the current group is map[node] when stamp[node] == group + 1, so each
 * output node is appended once, without a lookup. A group with few leaves climbs from
 * each leaf to the first node it mapped; a group with many walks the base's nodes in id
 * order (parents first), which reads memory in order. The frames above a process frame
 * (a comm holding ';') are shared by every group: smap. */
#define SHARED UINT32_MAX

struct gctx {
    const struct samples *s;
    const struct trie *base;
    const struct strtab *names;
    struct trie *out;
    size_t nodes;
    bool tid, cpu;
    uint32_t groot;            /* the current group's root (cpu: its "cpu N" frame) */
    uint32_t *map, *stamp, *smap, *up;
    bool *sset, *need;
};

static bool is_shared(const struct gctx *c, uint32_t node, uint32_t pdepth)
{
    return pdepth > 1 && trie_depth(c->base, node) < pdepth;
}

/* The output node of base node for group g (its parent's is known: pout). */
static uint32_t make_node(struct gctx *c, uint32_t node, uint32_t pout,
                          const struct samples_thread *th, uint32_t g, uint32_t pdepth)
{
    bool sh = is_shared(c, node, pdepth);
    if (sh && c->sset[node])
        return c->smap[node];
    uint32_t name = trie_name(c->base, node);
    if (th && node == th->proc)
        name = c->tid ? th->name_tid : th->name_pid;
    uint64_t ph = trie_hash_step(trie_phash(c->out, pout), strtab_hash(c->names, name));
    uint32_t o = trie_append_child(c->out, pout, name, ph);
    if (sh) {
        c->smap[node] = o;
        c->sset[node] = true;
    } else {
        c->map[node] = o;
        c->stamp[node] = g;
    }
    return o;
}

static uint32_t mapped(const struct gctx *c, uint32_t node, uint32_t g, uint32_t pdepth,
                       bool *ok)
{
    if (node == TRIE_ROOT) {
        *ok = true;
        return c->groot;
    }
    if (is_shared(c, node, pdepth)) {
        *ok = c->sset[node];
        return c->smap[node];
    }
    *ok = c->stamp[node] == g;
    return c->map[node];
}

static uint32_t climb(struct gctx *c, uint32_t leaf, const struct samples_thread *th, uint32_t g,
                      uint32_t pdepth)
{
    size_t n = 0;
    uint32_t node = leaf, o;
    bool ok;
    for (;;) {
        o = mapped(c, node, g, pdepth, &ok);
        if (ok)
            break;
        c->up[n++] = node;
        node = trie_parent(c->base, node);
    }
    while (n > 0) {
        node = c->up[--n];
        o = make_node(c, node, o, th, g, pdepth);
    }
    return o;
}

/* Every node at or above the leaves touched[0..nt), in id order. */
static void walk(struct gctx *c, const uint32_t *touched, size_t nt,
                 const struct samples_thread *th, uint32_t g, uint32_t pdepth)
{
    memset(c->need, 0, c->nodes * sizeof *c->need);
    for (size_t k = 0; k < nt; k++)
        c->need[touched[k]] = true;
    for (size_t i = c->nodes; i-- > 1;)
        if (c->need[i])
            c->need[trie_parent(c->base, (uint32_t)i)] = true;
    for (size_t i = 1; i < c->nodes; i++) {
        if (!c->need[i])
            continue;
        bool ok;
        uint32_t pout = mapped(c, trie_parent(c->base, (uint32_t)i), g, pdepth, &ok);
        make_node(c, (uint32_t)i, pout, th, g, pdepth);
    }
}

static uint32_t *thread_groups(const struct samples *s, bool tid)
{
    size_t nth = samples_threads(s);
    uint32_t *group = xreallocarray(NULL, nth + 1, sizeof *group);
    for (size_t k = 0; k < nth; k++) {
        group[k] = (uint32_t)k;
        if (tid)
            continue;
        const struct samples_thread *th = samples_thread_get(s, (uint32_t)k);
        for (size_t j = 0; j < k; j++) {   /* threads are few next to samples */
            const struct samples_thread *o = samples_thread_get(s, (uint32_t)j);
            if (o->proc == th->proc && o->name_pid == th->name_pid) {
                group[k] = group[j];
                break;
            }
        }
    }
    group[nth] = (uint32_t)nth;   /* a sample without a known thread */
    return group;
}

/* The group of each sample of [lo, hi) in range (UINT32_MAX: not in range or no leaf):
 * pid/tid: its thread's group (nth: no known thread); cpu: its CPU index (ncpu: none). */
static uint32_t *sample_groups(const struct samples *s, size_t nodes, const uint32_t *group,
                               bool cpu, bool sorted, uint64_t from, uint64_t to, size_t lo,
                               size_t hi)
{
    size_t nth = samples_threads(s), ncpu = samples_cpus(s);
    const uint32_t *leaves = samples_leaves(s), *t32;
    const uint16_t *t16;
    samples_thread_arrays(s, &t16, &t32);
    uint32_t *gs = xreallocarray(NULL, hi > lo ? hi - lo : 1, sizeof *gs);
    for (size_t i = lo; i < hi; i++) {
        uint64_t t = sorted ? 0 : samples_time_us(s, i);
        if (leaves[i] >= nodes || (!sorted && (t < from || t >= to))) {
            gs[i - lo] = UINT32_MAX;
        } else if (cpu) {
            uint32_t c = samples_cpu_of(s, i);
            gs[i - lo] = c < ncpu ? c : (uint32_t)ncpu;
        } else {
            uint32_t th = t16 ? (uint32_t)t16[i] : t32[i];
            gs[i - lo] = group[th < nth ? th : nth];
        }
    }
    return gs;
}

/* The sample indexes (minus lo) of each group g in order[start[g] .. start[g + 1]). */
static uint32_t *order_by_group(const uint32_t *gs, size_t n, size_t ngroups, size_t **startp)
{
    size_t *start = xcalloc(ngroups + 2, sizeof *start), total = 0;
    for (size_t i = 0; i < n; i++)
        if (gs[i] != UINT32_MAX) {
            start[gs[i] + 1]++;
            total++;
        }
    for (size_t g = 0; g <= ngroups; g++)
        start[g + 1] += start[g];
    uint32_t *order = xreallocarray(NULL, total ? total : 1, sizeof *order);
    size_t *fillp = xreallocarray(NULL, ngroups + 1, sizeof *fillp);
    memcpy(fillp, start, (ngroups + 1) * sizeof *fillp);
    for (size_t i = 0; i < n; i++)
        if (gs[i] != UINT32_MAX)
            order[fillp[gs[i]]++] = (uint32_t)i;
    free(fillp);
    *startp = start;
    return order;
}

/* The root of group g's stacks: the root, or (cpu) its "cpu N" frame. */
static uint32_t group_root(struct gctx *c, uint32_t g)
{
    uint32_t name = c->cpu ? samples_cpu_name(c->s, g) : SAMPLES_NO_NAME;
    if (name == SAMPLES_NO_NAME)
        return TRIE_ROOT;
    uint64_t ph = trie_hash_step(trie_phash(c->out, TRIE_ROOT), strtab_hash(c->names, name));
    return trie_append_child(c->out, TRIE_ROOT, name, ph);
}

static struct trie *build_pairs(const struct samples *s, const struct trie *base, uint64_t from,
                                uint64_t to, enum perf_group grp)
{
    bool tid = grp == GROUP_TID, cpu = grp == GROUP_CPU;
    size_t nodes = trie_size(base), n1 = nodes ? nodes : 1;
    size_t ngroups = cpu ? samples_cpus(s) : samples_threads(s);
    uint32_t *group = thread_groups(s, tid);
    size_t lo = 0, hi = samples_count(s), *start;
    bool sorted = sorted_span(s, from, to, &lo, &hi);
    uint32_t *gs = sample_groups(s, nodes, group, cpu, sorted, from, to, lo, hi);
    uint32_t *order = order_by_group(gs, hi - lo, ngroups, &start);
    free(gs);
    const uint32_t *leaves = samples_leaves(s);
    struct gctx c = {s, base, trie_names(base), trie_new(trie_names(base)), nodes, tid, cpu,
                     TRIE_ROOT,
                     xreallocarray(NULL, n1, sizeof(uint32_t)), xcalloc(n1, sizeof(uint32_t)),
                     xreallocarray(NULL, n1, sizeof(uint32_t)),
                     xreallocarray(NULL, trie_max_depth(base) + 1, sizeof(uint32_t)),
                     xcalloc(n1, sizeof(bool)), xcalloc(n1, sizeof(bool))};
    struct count *sum = xcalloc(n1, sizeof *sum);
    bool *seen = xcalloc(n1, sizeof *seen);
    uint32_t *touched = xreallocarray(NULL, n1, sizeof *touched);
    for (size_t g = 0; g <= ngroups; g++) {
        size_t nt = 0;
        uint32_t first = UINT32_MAX;
        for (size_t k = start[g]; k < start[g + 1]; k++) {
            size_t i = lo + order[k];
            uint32_t leaf = leaves[i];
            if (first == UINT32_MAX)
                first = samples_thread_of(s, i);
            if (!seen[leaf]) {
                seen[leaf] = true;
                touched[nt++] = leaf;
            }
            count_add(&sum[leaf], samples_weight(s, i));
        }
        if (!nt)
            continue;
        const struct samples_thread *th = cpu ? NULL : samples_thread_get(s, first);
        uint32_t pdepth = th ? th->depth : 0, gs1 = (uint32_t)g + 1;
        c.groot = g < ngroups ? group_root(&c, (uint32_t)g) : TRIE_ROOT;
        if (nt * 32 >= nodes)
            walk(&c, touched, nt, th, gs1, pdepth);
        for (size_t k = 0; k < nt; k++) {
            uint32_t leaf = touched[k];
            trie_add_self(c.out, climb(&c, leaf, th, gs1, pdepth), sum[leaf]);
            sum[leaf] = count_u64(0);
            seen[leaf] = false;
        }
    }
    trie_sum_totals(c.out);
    free(c.map);
    free(c.stamp);
    free(c.smap);
    free(c.up);
    free(c.sset);
    free(c.need);
    free(touched);
    free(seen);
    free(sum);
    free(order);
    free(start);
    free(group);
    return c.out;
}

struct trie *timeline_build(const struct samples *s, const struct trie *base, uint64_t from_us,
                            uint64_t to_us, enum perf_group g)
{
    if (g == GROUP_PID || g == GROUP_TID || g == GROUP_CPU)
        return build_pairs(s, base, from_us, to_us, g);
    return build_nodes(s, base, from_us, to_us, g == GROUP_NONE);
}


/* --- the heat map's geometry ------------------------------------------------------ */

/* The lane of sample i for the period: its CPU, else its thread. */
static uint32_t period_lane(const struct samples *s, size_t i, bool cpu)
{
    return cpu ? samples_cpu_of(s, i) : samples_thread_of(s, i);
}

uint64_t timeline_period_us(const struct samples *s)
{
    bool cpu = samples_have_cpu(s);
    size_t nl = cpu ? samples_cpus(s) : samples_threads(s), n = samples_count(s);
    if (nl == 0)
        return 0;
    size_t *cnt = xcalloc(nl, sizeof *cnt);
    uint64_t *lo = xreallocarray(NULL, nl, sizeof *lo), *hi = xcalloc(nl, sizeof *hi);
    for (size_t k = 0; k < nl; k++)
        lo[k] = UINT64_MAX;
    for (size_t i = 0; i < n; i++) {
        uint32_t l = period_lane(s, i, cpu);
        if (l >= nl)
            continue;
        uint64_t t = samples_time_us(s, i);
        cnt[l]++;
        lo[l] = t < lo[l] ? t : lo[l];
        hi[l] = t > hi[l] ? t : hi[l];
    }
    size_t best = 0;
    for (size_t k = 1; k < nl; k++)
        if (cnt[k] > cnt[best])
            best = k;
    uint64_t p = cnt[best] >= 2 ? (hi[best] - lo[best]) / (cnt[best] - 1) : 0;
    free(cnt);
    free(lo);
    free(hi);
    return p;
}

void timeline_bins(const struct samples *s, int max_cols, int max_rows,
                   struct timeline_bins *b)
{
    size_t n = samples_count(s);
    uint64_t span = samples_end_us(s) + 1;
    uint64_t cols = max_cols < 1 ? 1 : (uint64_t)max_cols;
    uint64_t rows = max_rows < 1 ? 1 : (uint64_t)max_rows;
    uint64_t p = timeline_period_us(s);
    /* TIMELINE_CELL_SAMPLES samples on average, and a whole number of periods: a steady
     * load then puts the same number of samples in every cell (no aliasing stripes) */
    uint64_t cell = n ? (span * TIMELINE_CELL_SAMPLES + n - 1) / n : span;
    if (p > 0)
        cell = (cell + p - 1) / p * p;
    if (cell < 1)
        cell = 1;
    if (span / cell < rows * 4)   /* few cells in all: fewer rows, at least 4 columns */
        rows = span / cell / 4 < 1 ? 1 : span / cell / 4;
    /* wider cells while the columns do not fit the width */
    uint64_t step = p > 0 ? p : cell;
    while ((span + rows * cell - 1) / (rows * cell) > cols)
        cell = cell > UINT64_MAX / 4 ? cell : cell + (cell / step / 2 + 1) * step;
    b->period_us = p;
    b->rows = (int)rows;
    b->col_us = rows * cell;
    uint64_t nc = (span + b->col_us - 1) / b->col_us;
    b->ncols = nc < 1 ? 1 : nc > cols ? (int)cols : (int)nc;
    b->col_w = (int)cols / b->ncols < 1 ? 1 : (int)cols / b->ncols;
}

uint32_t timeline_cells(const struct samples *s, const struct timeline_bins *b,
                        uint32_t *cells)
{
    size_t ncell = (size_t)b->ncols * (size_t)b->rows, n = samples_count(s);
    uint32_t max = 0;
    memset(cells, 0, ncell * sizeof *cells);
    for (size_t i = 0; i < n; i++) {
        uint64_t t = samples_time_us(s, i), c = t / b->col_us;
        if (c >= (uint64_t)b->ncols)
            continue;
        size_t row = (size_t)((t % b->col_us) * (uint64_t)b->rows / b->col_us);
        uint32_t *cell = &cells[(size_t)c * (size_t)b->rows + row];
        if (*cell < UINT32_MAX)
            (*cell)++;
        if (*cell > max)
            max = *cell;
    }
    return max;
}
