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
