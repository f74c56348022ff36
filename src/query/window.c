/* SPDX-License-Identifier: MIT */
/* flametui - window.c: sliding window = trie now minus a snapshot of self counts. */
#include "config.h"

#include "query/window.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "core/count.h"
#include "core/trie.h"
#include "core/util.h"

#define MAX_SNAPS 10

struct snap {
    double time;
    double *self;   /* self samples per node id at that time (totals are derived) */
    size_t n;       /* nodes at that time */
    uint64_t gen;   /* trie_generation at that time */
};

struct window {
    double seconds, step;
    struct snap s[MAX_SNAPS];   /* oldest first */
    size_t ns;
    double base_time;           /* time of the snapshot window_build used last ... */
    bool has_base;              /* ... when there was one */
};

struct window *window_new(double seconds)
{
    struct window *w = xcalloc(1, sizeof(*w));
    w->seconds = seconds > 0 ? seconds : 1;
    w->step = w->seconds / 8 > 0.25 ? w->seconds / 8 : 0.25;
    return w;
}

void window_free(struct window *w)
{
    if (!w)
        return;
    for (size_t i = 0; i < w->ns; i++)
        free(w->s[i].self);
    free(w);
}

double window_seconds(const struct window *w)
{
    return w->seconds;
}

/* The snapshot window_build subtracts at time now (NULL: none). */
static const struct snap *base_at(const struct window *w, double now)
{
    const struct snap *base = w->ns > 0 ? &w->s[0] : NULL;
    for (size_t i = 0; i < w->ns; i++)
        if (w->s[i].time <= now - w->seconds)
            base = &w->s[i];
    return base;
}

static void drop_oldest(struct window *w)
{
    free(w->s[0].self);
    memmove(w->s, w->s + 1, (w->ns - 1) * sizeof(*w->s));
    w->ns--;
}

/* Whether the snapshot subtracted at now is another one than at the last call. */
static bool base_moved(struct window *w, double now)
{
    const struct snap *b = base_at(w, now);
    bool moved = (b != NULL) != w->has_base || (b && b->time != w->base_time);
    w->has_base = b != NULL;
    w->base_time = b ? b->time : 0;
    return moved;
}

bool window_record(struct window *w, const struct trie *t, double now)
{
    if (w->ns > 0 && now - w->s[w->ns - 1].time < w->step)
        return false;
    /* Keep only one snapshot older than the window: the newest of them. */
    while (w->ns >= 2 && w->s[1].time <= now - w->seconds)
        drop_oldest(w);
    /* Nothing arrived since the newest snapshot: a new one would hold the same counts
     * (that one stands for both times), and the window only changes when one ages out. */
    if (w->ns > 0 && w->s[w->ns - 1].gen == trie_generation(t) &&
        w->s[w->ns - 1].n == trie_size(t))
        return base_moved(w, now);
    if (w->ns == MAX_SNAPS)     /* a clock jump: drop the oldest */
        drop_oldest(w);
    struct snap *s = &w->s[w->ns++];
    s->time = now;
    s->n = trie_size(t);
    s->gen = trie_generation(t);
    s->self = xreallocarray(NULL, s->n ? s->n : 1, sizeof(*s->self));
    for (size_t i = 0; i < s->n; i++)
        s->self[i] = trie_self_d(t, (uint32_t)i);
    base_moved(w, now);
    return true;
}

static struct count to_count(double d)
{
    struct count c = count_u64(0);
    if (d == (double)(uint64_t)d && d < 1.8e19) {
        c.u = (uint64_t)d;
    } else {
        c.is_float = true;
        c.d = d;
    }
    return c;
}

/* Node ids grow from the root down (a parent is always created before its children), so
 * one pass in id order maps every node with samples in the window to its copy. */
struct trie *window_build(const struct window *w, struct trie *t, double now)
{
    const struct snap *base = base_at(w, now);
    struct trie *out = trie_new(trie_names(t));
    size_t n = trie_size(t);
    uint32_t *map = xreallocarray(NULL, n ? n : 1, sizeof(*map));
    /* the window's total of each node: its self samples since base, summed bottom-up
     * (children have greater ids than their parent) */
    double *tot = xreallocarray(NULL, n ? n : 1, sizeof(*tot));
    for (size_t i = 0; i < n; i++)
        tot[i] = trie_self_d(t, (uint32_t)i) - (base && i < base->n ? base->self[i] : 0);
    for (size_t i = n; i-- > 1;)
        tot[trie_parent(t, (uint32_t)i)] += tot[i];
    map[0] = TRIE_ROOT;
    for (size_t i = 0; i < n; i++) {
        uint32_t node = (uint32_t)i;
        bool old = base && i < base->n;
        double total = tot[i];
        double self = trie_self_d(t, node) - (old ? base->self[i] : 0);
        if (i > 0) {
            uint32_t p = map[trie_parent(t, node)];
            map[i] = total > 0 && p != TRIE_NONE ? trie_child(out, p, trie_name(t, node))
                                                 : TRIE_NONE;
        }
        if (map[i] != TRIE_NONE && self > 0)
            trie_add(out, map[i], to_count(self));
    }
    free(map);
    free(tot);
    return out;
}

/* Window totals since snapshot b (NULL: since the start) into tot[0..n); returns the
 * nodes window_build would keep (total > 0, root included). */
static size_t totals_since(const struct trie *t, const struct snap *b, double *tot)
{
    size_t n = trie_size(t), kept = 1;
    for (size_t i = 0; i < n; i++)
        tot[i] = trie_self_d(t, (uint32_t)i) - (b && i < b->n ? b->self[i] : 0);
    for (size_t i = n; i-- > 1;)
        tot[trie_parent(t, (uint32_t)i)] += tot[i];
    for (size_t i = 1; i < n; i++)
        kept += tot[i] > 0;
    return kept;
}

size_t window_compact(struct window *w, struct trie *t, double now, size_t keep_nodes,
                      double *since)
{
    size_t n = trie_size(t);
    bool current = w->ns > 0 && w->s[w->ns - 1].gen == trie_generation(t) &&
                   w->s[w->ns - 1].n == n;
    /* the snapshots older than the one window_build subtracts now are of no more use */
    const struct snap *b = base_at(w, now);
    while (b && b != &w->s[0]) {
        drop_oldest(w);
        b = base_at(w, now);
    }
    double *tot = xreallocarray(NULL, n ? n : 1, sizeof(*tot));
    size_t kept = 0;
    while (w->ns > 0) {
        kept = totals_since(t, &w->s[0], tot);
        if (kept <= keep_nodes)
            break;
        drop_oldest(w);     /* too many: start the window later */
    }
    if (w->ns == 0) {       /* keep nothing; the window starts again at now */
        for (size_t i = 0; i < n; i++)
            tot[i] = 0;
        kept = 1;
    }
    /* the new trie: kept nodes in id order (parents first), the same path hashes */
    struct trie *nt = trie_new(trie_names(t));
    trie_reserve(nt, kept);
    uint32_t *map = xreallocarray(NULL, n ? n : 1, sizeof(*map));
    const struct snap *b0 = w->ns ? &w->s[0] : NULL;
    map[0] = TRIE_ROOT;
    for (size_t i = 0; i < n; i++) {
        uint32_t node = (uint32_t)i;
        if (i > 0)
            map[i] = tot[i] > 0 ? trie_append_child(nt, map[trie_parent(t, node)],
                                                     trie_name(t, node), trie_phash(t, node))
                                : TRIE_NONE;
        if (map[i] == TRIE_NONE || !b0)
            continue;
        double self = trie_self_d(t, node) - (i < b0->n ? b0->self[i] : 0);
        if (self > 0)
            trie_add_self(nt, map[i], to_count(self));
    }
    trie_sum_totals(nt);
    /* translate the snapshots: new[map[i]] = old[i] - base[i] (exact: counts only grow);
     * map is increasing, so the nodes a snapshot knew are a prefix of the new ids */
    for (size_t k = w->ns; k-- > 0;) {
        struct snap *s = &w->s[k];
        size_t nn = 0;
        double *ns = xreallocarray(NULL, kept, sizeof(*ns));
        for (size_t i = 0; i < s->n && i < n; i++) {
            if (map[i] == TRIE_NONE)
                continue;
            ns[map[i]] = s->self[i] - (i < b0->n ? b0->self[i] : 0);
            nn = map[i] + 1;
        }
        free(s->self);
        s->self = ns;
        s->n = nn;
    }
    free(map);
    free(tot);
    trie_replace(t, nt);
    if (w->ns == 0) {
        struct snap *s = &w->s[w->ns++];
        s->time = now;
        s->n = 1;
        s->self = xcalloc(1, sizeof(*s->self));
        current = true;
    }
    if (current) {          /* nothing arrived since the newest snapshot: still so */
        w->s[w->ns - 1].gen = trie_generation(t);
        w->s[w->ns - 1].n = trie_size(t);
    }
    if (since)
        *since = w->s[0].time;
    return trie_size(t);
}
