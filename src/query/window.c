/* flametui - window.c: sliding window = trie now minus a snapshot of self counts. */
#include "config.h"

#include "query/window.h"

#include <stdlib.h>
#include <string.h>

#include "core/count.h"
#include "core/trie.h"
#include "core/util.h"

#define MAX_SNAPS 10

struct snap {
    double time;
    double *self;   /* self samples per node id at that time */
    double *total;  /* total samples per node id at that time */
    size_t n;       /* nodes at that time */
};

struct window {
    double seconds, step;
    struct snap s[MAX_SNAPS];   /* oldest first */
    size_t ns;
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
        free(w->s[i].self), free(w->s[i].total);
    free(w);
}

double window_seconds(const struct window *w)
{
    return w->seconds;
}

bool window_record(struct window *w, const struct trie *t, double now)
{
    if (w->ns > 0 && now - w->s[w->ns - 1].time < w->step)
        return false;
    /* Keep only one snapshot older than the window: the newest of them. */
    while (w->ns >= 2 && w->s[1].time <= now - w->seconds) {
        free(w->s[0].self), free(w->s[0].total);
        memmove(w->s, w->s + 1, (w->ns - 1) * sizeof(*w->s));
        w->ns--;
    }
    if (w->ns == MAX_SNAPS) {   /* a clock jump: drop the oldest */
        free(w->s[0].self), free(w->s[0].total);
        memmove(w->s, w->s + 1, (w->ns - 1) * sizeof(*w->s));
        w->ns--;
    }
    struct snap *s = &w->s[w->ns++];
    s->time = now;
    s->n = trie_size(t);
    s->self = xreallocarray(NULL, s->n, sizeof(*s->self));
    s->total = xreallocarray(NULL, s->n, sizeof(*s->total));
    for (size_t i = 0; i < s->n; i++) {
        s->self[i] = trie_self_d(t, (uint32_t)i);
        s->total[i] = trie_total_d(t, (uint32_t)i);
    }
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
    const struct snap *base = w->ns > 0 ? &w->s[0] : NULL;
    for (size_t i = 0; i < w->ns; i++)
        if (w->s[i].time <= now - w->seconds)
            base = &w->s[i];
    struct trie *out = trie_new(trie_names(t));
    size_t n = trie_size(t);
    uint32_t *map = xreallocarray(NULL, n ? n : 1, sizeof(*map));
    map[0] = TRIE_ROOT;
    for (size_t i = 0; i < n; i++) {
        uint32_t node = (uint32_t)i;
        bool old = base && i < base->n;
        double total = trie_total_d(t, node) - (old ? base->total[i] : 0);
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
    return out;
}
