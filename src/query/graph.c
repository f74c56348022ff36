/* SPDX-License-Identifier: MIT */
/* flametui - graph.c: the derive pipeline (see graph.h).
 * Three stages, each a trie and what it was derived from:
 *   src   = the base, or the window over it (owned)
 *   prof  = src when there are no filters or they keep everything (view_keeps_all: no
 *           name matches; checked again when src grows), else view_build(filters, src)
 *           (owned)
 *   shown = prof or view_build(reverse, prof) (owned unless prof)
 * A setter marks the stage it changes dirty (window: src, filters: prof, reverse:
 * shown); dropping a stage drops the stages below it. Growth is found by
 * generation: each stage remembers trie_generation() of its input when it was synced. */
#include "config.h"

#include "query/graph.h"

#include <stdlib.h>

#include "core/diff.h"
#include "core/trie.h"
#include "query/recursion.h"
#include "query/revlazy.h"
#include "query/timeline.h"
#include "query/window.h"

struct graph {
    struct trie *base;          /* borrowed */
    struct view *filt;          /* the filters, never reversed */
    struct view *rev;           /* reverse only */
    bool reverse;
    struct window *win;         /* NULL: no window */
    double win_seconds;
    bool win_on;
    double now;                 /* the last graph_tick */
    bool live;                  /* keep the views' tracking state for view_update */

    /* set by the setters (and graph_tick): the stage must be derived again */
    bool src_dirty, prof_dirty, shown_dirty;
    bool pending;               /* a change not yet counted as a rebuild */
    struct trie *win_trie;      /* src when windowed */
    uint64_t win_gen;           /* trie_generation(base) at window_build */
    struct trie *prof;          /* NULL: not derived */
    bool prof_owned;
    bool prof_shared;           /* prof is src: the filters keep everything (view_keeps_all) */
    uint64_t prof_gen;          /* trie_generation(src) when prof was synced */
    struct trie *shown;         /* NULL: not derived */
    bool shown_owned;
    uint64_t shown_gen;         /* trie_generation(prof) when shown was synced */
    struct graph_stats stats;
    bool swap;                  /* diff: show the base's widths (graph_set_swap) */
    struct trie *swapped;       /* diff_swap(shown), owned; NULL: not derived */
    uint64_t swapped_uid, swapped_gen; /* the shown trie it was derived from */
    /* time, threads and recursion */
    struct samples *samples;    /* borrowed, may be NULL */
    bool range_on;
    uint64_t range_from, range_to;
    enum perf_group group;
    bool recursion;
    struct trie *tl_trie;       /* src when a range or a grouping applies (owned) */
    uint64_t tl_gen;            /* trie_generation(base) at timeline_build */
    size_t tl_samples;          /* samples_count at timeline_build */
    struct trie *rec_trie;      /* recursion_build(src) (owned) */
    uint64_t rec_gen;           /* trie_generation(src) at recursion_build */
    uint64_t rec_uid;           /* trie_uid(src) at recursion_build */
    uint64_t prof_src_uid;      /* trie_uid of the profile's source when it was derived */
    bool lazy;                  /* graph_set_lazy: the reversed view as far as drawn */
    struct revlazy *lz;         /* shown is that view (revlazy.h); NULL: shown is whole */
    /* The last graph_shown result is the caller's until its next graph_shown: a stage
     * dropped in between (graph_profile, graph_share, a setter) while it is that trie
     * only moves it here, and the next graph_shown frees it. */
    struct trie *held;          /* the last graph_shown result (borrowed or owned) */
    struct trie *retired;       /* held, dropped from its stage: owned */
};

/* What one derive call did, for the stats. */
struct work {
    bool rebuilt, updated;
};

struct graph *graph_new(struct trie *base)
{
    struct graph *g = xcalloc(1, sizeof *g);
    g->base = base;
    g->filt = view_new();
    g->rev = view_new();
    view_set_reverse(g->rev, true);
    return g;
}

/* Frees an owned derived trie t, or retires it when the caller holds it (graph.h). */
static void release(struct graph *g, struct trie *t)
{
    if (t && t == g->held)
        g->retired = t;
    else
        trie_free(t);
}

static void drop_shown(struct graph *g)
{
    revlazy_free(g->lz);
    g->lz = NULL;
    if (g->shown_owned)
        release(g, g->shown);
    g->shown = NULL;
    g->shown_owned = false;
}

static void drop_prof(struct graph *g)
{
    drop_shown(g);
    if (g->prof_owned)
        release(g, g->prof);
    g->prof = NULL;
    g->prof_owned = false;
    g->prof_shared = false;
}

static void drop_rec(struct graph *g)
{
    drop_prof(g);
    release(g, g->rec_trie);
    g->rec_trie = NULL;
}

static void drop_src(struct graph *g)
{
    drop_rec(g);
    release(g, g->win_trie);
    g->win_trie = NULL;
    release(g, g->tl_trie);
    g->tl_trie = NULL;
}

void graph_free(struct graph *g)
{
    if (!g)
        return;
    drop_src(g);
    trie_free(g->swapped);
    trie_free(g->retired);
    window_free(g->win);
    view_free(g->rev);
    view_free(g->filt);
    free(g);
}

struct trie *graph_base(const struct graph *g)
{
    return g->base;
}

int graph_push_filter(struct graph *g, enum filter_kind k, const char *re,
                      struct ft_error *err)
{
    if (view_push_filter(g->filt, k, re, err) < 0)
        return -1;
    g->prof_dirty = true;
    g->pending = true;
    return 0;
}

bool graph_pop_filter(struct graph *g)
{
    if (!view_pop_filter(g->filt))
        return false;
    g->prof_dirty = true;
    g->pending = true;
    return true;
}

bool graph_clear_filters(struct graph *g)
{
    if (view_filter_count(g->filt) == 0)
        return false;
    view_clear_filters(g->filt);
    g->prof_dirty = true;
    g->pending = true;
    return true;
}

size_t graph_filter_count(const struct graph *g)
{
    return view_filter_count(g->filt);
}

void graph_set_reverse(struct graph *g, bool on)
{
    if (g->reverse == on)
        return;
    g->reverse = on;
    g->shown_dirty = true;
    g->pending = true;
}

bool graph_reverse(const struct graph *g)
{
    return g->reverse;
}

void graph_set_live(struct graph *g, bool on)
{
    g->live = on;
    if (!on) {
        view_track(g->filt, false);
        view_track(g->rev, false);
    }
}

static bool timeline_on(const struct graph *g)
{
    return g->samples && !samples_cleared(g->samples) &&
           ((g->range_on && samples_have_time(g->samples)) || g->group != GROUP_COMM);
}

static bool windowed(const struct graph *g)
{
    return g->win && g->win_on && !timeline_on(g);
}

void graph_set_window(struct graph *g, double seconds, bool on)
{
    bool was = windowed(g);
    double old = g->win_seconds;
    if (seconds <= 0) {
        window_free(g->win);
        g->win = NULL;
        g->win_seconds = 0;
        g->win_on = false;
    } else {
        /* snapshots are taken only while shown: start afresh when switched on */
        if (!g->win || seconds != old || (on && !g->win_on)) {
            window_free(g->win);
            g->win = window_new(seconds);
        }
        g->win_seconds = seconds;
        g->win_on = on;
    }
    if (was != windowed(g) || (was && seconds != old)) {
        g->src_dirty = true;
        g->pending = true;
    }
}

bool graph_windowed(const struct graph *g)
{
    return windowed(g);
}

double graph_window_seconds(const struct graph *g)
{
    return g->win_seconds;
}

bool graph_tick(struct graph *g, double now)
{
    g->now = now;
    if (!windowed(g) || !window_record(g->win, g->base, now))
        return false;
    g->src_dirty = true;
    g->pending = true;
    return true;
}

bool graph_compact(struct graph *g, size_t max_nodes, double *since)
{
    if (!windowed(g) || trie_size(g->base) <= max_nodes)
        return false;
    window_compact(g->win, g->base, g->now, max_nodes / 2, since);
    if (g->samples)
        samples_clear(g->samples);   /* its leaves were node ids of the old base */
    return true;            /* the base's generation moved: derive_src builds again */
}

static struct trie *src_trie(const struct graph *g)
{
    if (g->tl_trie)
        return g->tl_trie;
    return g->win_trie ? g->win_trie : g->base;
}

/* What the filters read: src, or src with recursion collapsed. */
static struct trie *rec_src(const struct graph *g)
{
    return g->rec_trie ? g->rec_trie : src_trie(g);
}

/* The source stage: the window over the base when it is shown. */
static void derive_src(struct graph *g, struct work *w)
{
    if (g->src_dirty) {
        drop_src(g);
        g->src_dirty = false;
        w->rebuilt = true;
    } else if (g->win_trie && trie_generation(g->base) != g->win_gen) {
        drop_src(g);            /* the window is a difference: no incremental form */
        w->updated = true;
    } else if (g->tl_trie && (trie_generation(g->base) != g->tl_gen ||
                              samples_count(g->samples) != g->tl_samples)) {
        drop_src(g);            /* aggregated again from the index */
        w->updated = true;
    }
    if (timeline_on(g) && !g->tl_trie) {
        g->tl_trie = timeline_build(g->samples, g->base,
                                    g->range_on ? g->range_from : 0,
                                    g->range_on ? g->range_to : TIMELINE_END, g->group);
        g->tl_gen = trie_generation(g->base);
        g->tl_samples = samples_count(g->samples);
    } else if (windowed(g) && !g->win_trie) {
        g->win_trie = window_build(g->win, g->base, g->now);
        g->win_gen = trie_generation(g->base);
    }
}

/* The recursion stage: src with direct recursion merged (no incremental form). */
static void derive_rec(struct graph *g, struct work *w)
{
    struct trie *src = src_trie(g);
    if (g->rec_trie && (!g->recursion || trie_uid(src) != g->rec_uid ||
                        trie_generation(src) != g->rec_gen)) {
        drop_rec(g);
        w->updated = true;
    }
    if (g->recursion && !g->rec_trie) {
        drop_prof(g);           /* the filters read another trie now */
        g->rec_trie = recursion_build(src);
        g->rec_gen = trie_generation(src);
        g->rec_uid = trie_uid(src);
    }
}

/* The profile stage: the filters over src. */
static void derive_prof(struct graph *g, struct work *w)
{
    struct trie *src = rec_src(g);
    if (g->prof && trie_uid(src) != g->prof_src_uid)
        g->prof_dirty = true;   /* the source became another trie (a range took effect) */
    if (g->prof_dirty) {
        drop_prof(g);
        g->prof_dirty = false;
        w->rebuilt = true;
    } else if (g->prof_owned && trie_generation(src) != g->prof_gen) {
        w->updated = true;
        if (view_update(g->filt, src, g->prof)) {
            g->prof_gen = trie_generation(src);
        } else {                /* no tracking state yet: from now on, keep it */
            g->live = true;
            drop_prof(g);
        }
    } else if (g->prof_shared && trie_generation(src) != g->prof_gen) {
        w->updated = true;
        if (view_keeps_all(g->filt, src))
            g->prof_gen = trie_generation(src);
        else                    /* a new name matches: derived from now on */
            drop_prof(g);
    }
    if (g->prof)
        return;
    if (view_filter_count(g->filt) == 0) {
        g->prof = src;
    } else if (view_keeps_all(g->filt, src)) {   /* a copy of src: share it */
        g->prof = src;
        g->prof_shared = true;
    } else {
        view_track(g->filt, g->live && src == g->base);
        g->prof = view_build(g->filt, src);
        g->prof_owned = true;
    }
    g->prof_gen = trie_generation(src);
    g->prof_src_uid = trie_uid(src);
}

/* The shown stage: the profile, or the profile reversed. */
static void derive_shown(struct graph *g, struct work *w)
{
    if (g->shown_dirty) {
        drop_shown(g);
        g->shown_dirty = false;
        w->rebuilt = true;
    } else if (g->shown_owned && trie_generation(g->prof) != g->shown_gen) {
        w->updated = true;
        if (!g->lz && view_update(g->rev, g->prof, g->shown)) {
            g->shown_gen = trie_generation(g->prof);
        } else {
            g->live = true;
            drop_shown(g);
        }
    }
    if (g->shown)
        return;
    if (g->reverse && g->lazy && !g->live && revlazy_ok(g->prof)) {
        view_track(g->rev, false);   /* no stale state to apply growth to */
        g->shown = trie_new(trie_names(g->prof));
        g->lz = revlazy_new(g->shown, g->prof);
        g->shown_owned = true;
    } else if (g->reverse) {
        view_track(g->rev, g->live && !g->win_trie);
        g->shown = view_build(g->rev, g->prof);
        g->shown_owned = true;
    } else {
        g->shown = g->prof;
    }
    g->shown_gen = trie_generation(g->prof);
}

/* A rebuild is counted once per batch of changes: when a graph_profile call has derived
 * the profile for it, the graph_shown call that derives the rest counts nothing. */
static void count_work(struct graph *g, const struct work *w)
{
    if (w->rebuilt && g->pending) {
        g->stats.rebuilds++;
        g->pending = false;
    }
    if (w->updated)
        g->stats.updates++;
}

static bool swap_stale(const struct graph *g)
{
    return g->swap && g->shown && trie_has_base(g->shown) &&
           (!g->swapped || g->swapped_uid != trie_uid(g->shown) ||
            g->swapped_gen != trie_generation(g->shown));
}

/* The base-widths view of the shown trie (graph_set_swap), derived again when stale. */
static struct trie *swap_stage(struct graph *g)
{
    if (!g->swap || !trie_has_base(g->shown))
        return g->shown;
    if (swap_stale(g)) {
        release(g, g->swapped);
        g->swapped = diff_swap(g->shown);
        g->swapped_uid = trie_uid(g->shown);
        g->swapped_gen = trie_generation(g->shown);
    }
    return g->swapped;
}

void graph_set_swap(struct graph *g, bool on)
{
    g->swap = on;
    if (!on) {
        release(g, g->swapped);
        g->swapped = NULL;
    }
}

bool graph_swap(const struct graph *g)
{
    return g->swap;
}

struct trie *graph_profile(struct graph *g)
{
    struct work w = {false, false};
    derive_src(g, &w);
    derive_rec(g, &w);
    derive_prof(g, &w);
    count_work(g, &w);
    return g->prof;
}

struct trie *graph_shown(struct graph *g)
{
    struct work w = {false, false};
    derive_src(g, &w);
    derive_rec(g, &w);
    derive_prof(g, &w);
    derive_shown(g, &w);
    count_work(g, &w);
    struct trie *t = swap_stage(g);
    trie_free(g->retired);      /* the caller lets go of the last one now */
    g->retired = NULL;
    g->held = t;
    return t;
}

bool graph_stale(const struct graph *g)
{
    if (g->src_dirty || g->prof_dirty || g->shown_dirty || !g->prof || !g->shown)
        return true;
    if (swap_stale(g))
        return true;
    if (g->win_trie && trie_generation(g->base) != g->win_gen)
        return true;
    if (g->tl_trie && (trie_generation(g->base) != g->tl_gen ||
                       samples_count(g->samples) != g->tl_samples))
        return true;
    if (timeline_on(g) != (g->tl_trie != NULL) || g->recursion != (g->rec_trie != NULL))
        return true;
    if (g->rec_trie && trie_generation(src_trie(g)) != g->rec_gen)
        return true;
    if ((g->prof_owned || g->prof_shared) && trie_generation(rec_src(g)) != g->prof_gen)
        return true;
    return g->shown_owned && trie_generation(g->prof) != g->shown_gen;
}

const char *graph_too_expensive(const struct graph *g)
{
    return view_too_expensive(g->filt);
}

enum filter_kind graph_filter_kind(const struct graph *g, size_t i)
{
    return view_filter_kind(g->filt, i);
}

const char *graph_filter_pattern(const struct graph *g, size_t i)
{
    return view_filter_pattern(g->filt, i);
}

void graph_describe(const struct graph *g, struct buf *out)
{
    view_describe(g->filt, out);
    if (g->reverse)
        buf_printf(out, "%sreverse", view_filter_count(g->filt) ? " " : "");
    static const char *const gname[] = {"comm", "pid", "tid", "none", "cpu"};
    if (g->group != GROUP_COMM && timeline_on(g))
        buf_printf(out, "%sgroup:%s", out->len ? " " : "", gname[g->group]);
    if (g->recursion)
        buf_printf(out, "%srecursion", out->len ? " " : "");
    if (g->range_on && timeline_on(g)) {
        buf_printf(out, "%stime:%gs-", out->len ? " " : "", (double)g->range_from / 1e6);
        if (g->range_to == TIMELINE_END)
            buf_printf(out, "end");
        else
            buf_printf(out, "%gs", (double)g->range_to / 1e6);
    }
}

double graph_share(struct graph *g)
{
    struct trie *prof = graph_profile(g);
    if (view_filter_count(g->filt) == 0)
        return 1.0;
    return view_share(rec_src(g), prof);
}

void graph_get_stats(const struct graph *g, struct graph_stats *out)
{
    *out = g->stats;
}

void graph_set_samples(struct graph *g, struct samples *s)
{
    g->samples = s;
    g->src_dirty = true;
    g->pending = true;
}

struct samples *graph_samples(const struct graph *g)
{
    return g->samples;
}

bool graph_has_time(const struct graph *g)
{
    return g->samples && !samples_cleared(g->samples) && samples_have_time(g->samples);
}

void graph_set_range(struct graph *g, bool on, uint64_t from_us, uint64_t to_us)
{
    if (on == g->range_on && (!on || (from_us == g->range_from && to_us == g->range_to)))
        return;
    g->range_on = on;
    g->range_from = from_us;
    g->range_to = to_us;
    g->src_dirty = true;
    g->pending = true;
}

bool graph_range(const struct graph *g, uint64_t *from_us, uint64_t *to_us)
{
    if (from_us)
        *from_us = g->range_from;
    if (to_us)
        *to_us = g->range_to;
    return g->range_on;
}

void graph_set_group(struct graph *g, enum perf_group grp)
{
    if (grp == g->group)
        return;
    g->group = grp;
    g->src_dirty = true;
    g->pending = true;
}

enum perf_group graph_group(const struct graph *g)
{
    return g->group;
}

void graph_set_recursion(struct graph *g, bool on)
{
    if (on == g->recursion)
        return;
    g->recursion = on;
    g->src_dirty = true;     /* drops the stages below; src itself is kept when unchanged */
    g->pending = true;
}

bool graph_recursion(const struct graph *g)
{
    return g->recursion;
}

int graph_apply_spec(struct graph *g, const struct graph_spec *spec, size_t *bad,
                     struct ft_error *err)
{
    for (size_t i = 0; i < spec->nfilters; i++) {
        if (graph_push_filter(g, spec->filters[i].kind, spec->filters[i].re, err) < 0) {
            *bad = i;
            return -1;
        }
    }
    graph_set_reverse(g, spec->reverse);
    graph_set_recursion(g, spec->recursion);
    return 0;
}

/* ---- the lazy reversed view (graph.h: graph_set_lazy) ---- */

void graph_set_lazy(struct graph *g, bool on)
{
    g->lazy = on;
    if (!on)
        graph_complete(g, g->shown);
}

/* The revlazy of t when t is the shown trie and is one. */
static struct revlazy *lazy_of(const struct graph *g, const struct trie *t)
{
    return g->lz && t && t == g->shown ? g->lz : NULL;
}

bool graph_expand(struct graph *g, struct trie *t, uint32_t zoom, int cols)
{
    struct revlazy *z = lazy_of(g, t);
    return z && revlazy_expand(z, t, zoom, cols);
}

bool graph_expand_node(struct graph *g, struct trie *t, uint32_t node)
{
    struct revlazy *z = lazy_of(g, t);
    return z && node < trie_size(t) && revlazy_expand_node(z, t, node);
}

bool graph_complete(struct graph *g, struct trie *t)
{
    struct revlazy *z = lazy_of(g, t);
    return z && revlazy_complete(z, t);
}

size_t graph_lazy_pending(const struct graph *g, const struct trie *t)
{
    struct revlazy *z = lazy_of(g, t);
    return z ? revlazy_npending(z) : 0;
}
