/* SPDX-License-Identifier: MIT */
/* flametui - graph.h: the ONE owner of the derive pipeline
 *     base -> window -> filters (the "profile") -> reverse          (shown)
 *                                               \-> callees | callers of one function
 * Setters only record what changed; graph_shown() derives at most once per change, and
 * while the base grows (live input) it applies the growth incrementally (view_update)
 * when it can instead of deriving again. Serves the viewer (ui/app.c) and the
 * non-interactive outputs (--collapse, --text, --top, --svg in batch.c) alike.
 * Every derived trie shares the base's strtab, so name ids and name paths stay valid.
 * Does not search, lay out or draw. Ownership: the base is borrowed (it must outlive the
 * graph); every derived trie is owned by the graph. */
#ifndef FLAMETUI_GRAPH_H
#define FLAMETUI_GRAPH_H
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "core/samples.h"
#include "core/util.h"
#include "query/view.h"

struct trie;
struct graph;

/* What to show, as the command line gives it: the pipeline's settings (filters, reverse,
 * recursion, process level, time range) and the start view (search, orientation, names,
 * palette, zoom, selection) that the viewer and the non-interactive outputs share.
 * Filled once from the options (ui/options.c); the strings and the filter array are
 * borrowed from the options. */
struct graph_spec {
    struct filter_opt *filters; /* --include/--exclude/--hide, in order */
    size_t nfilters;
    bool reverse;               /* -r */
    bool recursion;             /* --collapse-recursion */
    enum perf_group group;      /* --group, else --tid / --pid, else comm */
    bool has_from, has_to;      /* --from / --to: seconds after the first sample */
    int64_t from_ns, to_ns;
    const char *search;         /* -s RE, or NULL */
    bool icicle;                /* -i */
    bool names_full;            /* --names=full (default: short names) */
    const char *colors;         /* --colors=PALETTE, NULL: hot */
    const char *zoom, *select;  /* --zoom=PATH, --select=PATH: frames joined by ';' */
};

struct graph *graph_new(struct trie *base);
void graph_free(struct graph *g);                    /* NULL is a no-op */
struct trie *graph_base(const struct graph *g);

/* Filters, in order (view.h semantics). push: 0, or -1 with err set (bad regex, too
 * many), nothing changed then. pop: false when there was none. clear: false when there
 * was none. */
int graph_push_filter(struct graph *g, enum filter_kind k, const char *re,
                      struct ft_error *err);
bool graph_pop_filter(struct graph *g);
bool graph_clear_filters(struct graph *g);
size_t graph_filter_count(const struct graph *g);
/* Filter i (0 = the first pushed): its kind and pattern (valid until it is popped). */
enum filter_kind graph_filter_kind(const struct graph *g, size_t i);
const char *graph_filter_pattern(const struct graph *g, size_t i);
/* Reverse (caller) view of the profile. */
void graph_set_reverse(struct graph *g, bool on);
bool graph_reverse(const struct graph *g);

/* Diff mode (core/diff.h): show the base profile's widths (diff_swap of the shown trie:
 * what disappeared) instead of the new profile's. Ignored when the shown trie has no
 * base counts. The profile (graph_profile) is never swapped. */
void graph_set_swap(struct graph *g, bool on);
bool graph_swap(const struct graph *g);

/* Live input: keep the views' tracking state (view_track: about 13 bytes per node of
 * their input) so that the base's growth is applied with view_update. Off by default, so
 * that the non-interactive outputs pay nothing; the first growth seen turns it on by
 * itself (that one growth is derived again, later ones are applied incrementally), so
 * calling this only saves that one derivation. Off drops the state now. */
void graph_set_live(struct graph *g, bool on);

/* Live sliding window over arrival time: seconds > 0 makes one (snapshots are taken only
 * while it is shown, starting when it is switched on); on shows it. */
void graph_set_window(struct graph *g, double seconds, bool on);
bool graph_windowed(const struct graph *g);
double graph_window_seconds(const struct graph *g);  /* 0: no window */
/* The clock (seconds, monotonic). Returns true when the window moved, so the shown trie
 * is stale (graph_shown derives it again). */
bool graph_tick(struct graph *g, double now);

/* Bounds the memory of a window over a live base: when the window is shown and the
 * base has more than max_nodes nodes, compacts the base in place (window_compact: only
 * what the window may still show is kept, in at most max_nodes / 2 nodes) and returns
 * true; *since (may be NULL) gets the time the kept samples start at (later than
 * now - seconds when the window was cut short). The base's node ids are void then: whoever
 * keeps node ids of the base (the parsers: loader_trie_replaced) must forget them; the
 * shown trie stays valid until the next graph_shown, which derives it again. Views
 * switched to the whole base afterwards ("everything") show only what was kept. */
bool graph_compact(struct graph *g, size_t max_nodes, double *since);

/* Time, threads and recursion. The pipeline's source is then
 *     base -> time range / grouping (timeline.h, from the time index) -> recursion
 * ahead of the filters. The time index s (not owned, may be NULL) is the base's:
 * without one (folded input, or cleared) range and grouping do nothing. While a range or
 * a grouping other than comm is set, the sliding window is not applied, and growth of
 * the base aggregates again (no incremental form). */
void graph_set_samples(struct graph *g, struct samples *s);
struct samples *graph_samples(const struct graph *g);
/* True when the base has a usable time index with timestamps. */
bool graph_has_time(const struct graph *g);
/* Only samples with from_us <= t - t0 < to_us (TIMELINE_END: no end); on false: all. */
void graph_set_range(struct graph *g, bool on, uint64_t from_us, uint64_t to_us);
bool graph_range(const struct graph *g, uint64_t *from_us, uint64_t *to_us);
/* The process level: the base is parsed grouped by comm; pid, tid and none are derived. */
void graph_set_group(struct graph *g, enum perf_group grp);
enum perf_group graph_group(const struct graph *g);
/* Collapse direct recursion (recursion.h) ahead of the filters. */
void graph_set_recursion(struct graph *g, bool on);
bool graph_recursion(const struct graph *g);
/* The filters of spec (in order), its reverse and its recursion, on a graph that has
 * none yet. The time range and the grouping are left alone (the non-interactive outputs
 * apply them in the parser, the viewer from the time index). Returns 0, or -1 with err
 * set and *bad the index of the filter that could not be pushed (a bad regex, or past
 * VIEW_MAX_FILTERS); the filters before it stay pushed. */
int graph_apply_spec(struct graph *g, const struct graph_spec *spec, size_t *bad,
                     struct ft_error *err);

/* True when graph_shown() would do any work: nothing derived yet, the spec changed, the
 * window moved, or the base grew since the last derivation while something is derived
 * from it (growth of a base that is shown as it is needs no work). */
bool graph_stale(const struct graph *g);
/* The shown trie, derived now if stale. It is the caller's until its next graph_shown
 * (or graph_free): calls in between that derive or drop stages (graph_profile,
 * graph_share, the setters) never free it, so a viewer may draw it while the base grows.
 * It is the base itself when nothing is
 * derived, also when the filters cannot change it (no include, and no name matches an
 * exclude or hide filter: view_keeps_all). */
struct trie *graph_shown(struct graph *g);
/* The filtered (and windowed) profile, never reversed: what the hottest-functions
 * table and callers/callees are computed from, so self samples belong to the function,
 * whatever the view. Derives like graph_shown. */
struct trie *graph_profile(struct graph *g);

/* Appends the title text of the spec: "include:RE exclude:RE hide:RE reverse" (raw name
 * bytes: the caller escapes), nothing when there is nothing. Then " group:pid" (not
 * comm), " recursion" and
 * " time:1.25s-2.5s" when those apply. */
void graph_describe(const struct graph *g, struct buf *out);
/* After a derivation: the pattern of the first filter that gave up on backtracking
 * (view_too_expensive), or NULL. */
const char *graph_too_expensive(const struct graph *g);
/* Share of the base's samples the filters keep, in [0, 1] (1 without filters). */
double graph_share(struct graph *g);

/* The viewer's reversed view, built only as far as it is drawn (query/revlazy.h). With
 * lazy on, the shown trie of a reversed profile (and not live, without
 * diff base counts, with integer counts) holds every node a layout reads, each with its
 * exact counts, but frames narrower than a cell have no children until asked for: the
 * calls below add them IN PLACE (node ids stay valid; the generation moves; every node's
 * counts stay as they were). Each takes the trie the caller holds and does nothing
 * (false) unless it is the shown trie and a lazy one. Off by default (the
 * non-interactive outputs never use it); switching it off completes the shown trie.
 *  - graph_expand: what layout_compute / layout_depth of zoom at cols columns read
 *    (layout.h); O(1) when nothing changed since the last call;
 *  - graph_expand_node: the children of node (name lookups, moves);
 *  - graph_complete: everything (the whole reversed trie: search, export, save).
 * They return true when nodes were added. graph_lazy_pending: the number of frames
 * whose children are still missing (0: t is whole). */
void graph_set_lazy(struct graph *g, bool on);
bool graph_expand(struct graph *g, struct trie *t, uint32_t zoom, int cols);
bool graph_expand_node(struct graph *g, struct trie *t, uint32_t node);
bool graph_complete(struct graph *g, struct trie *t);
size_t graph_lazy_pending(const struct graph *g, const struct trie *t);

/* Work done so far, for tests and the rebuild benchmark, counted per graph_shown /
 * graph_profile call that did the work:
 *  - rebuilds: calls that derived again because of a change of the spec (filter push /
 *    pop / clear, reverse, window on / off / resize) or because the window moved
 *    (graph_tick returned true): exactly one per change (or batch of changes between
 *    two derivations) followed by graph_shown, however many stages and calls it takes
 *    (graph_profile then graph_shown count one); a setter that changes nothing
 *    (set_reverse(true) when already reversed, pop or clear with no filter) causes none.
 *  - updates: calls that applied the growth of the base: view_update of the filtered
 *    and then the reversed trie; also when growth makes a stage be derived again (the
 *    first growth without graph_set_live, a lazy reversed trie, which is derived from
 *    the profile again, and the window, which is built again). Nothing is counted
 *    when the grown base is shown as it is. A call can count both. */
struct graph_stats {
    uint64_t rebuilds;
    uint64_t updates;
};
void graph_get_stats(const struct graph *g, struct graph_stats *out);
#endif
