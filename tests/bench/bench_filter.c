/* SPDX-License-Identifier: MIT */
/* flametui - tests/bench/bench_filter.c: times view_build (each filter kind, reverse),
 * a search and top over a synthetic trie with many distinct stacks.
 * Usage: bench_filter [STACKS|FILE [STEP...]]   (default 20000; `make bench` runs 1000000;
 * a FILE, any input flametui reads, is loaded instead of the generated stacks).
 * STEPs (substrings of the step names, e.g. "include", "reverse") run only those view
 * builds. Built and run by `make bench` only, never by `make check`. Prints the CPU time
 * of this process (CLOCK_PROCESS_CPUTIME_ID, "ms cpu": steady on a shared machine, not
 * wall-clock time) per step, and for the view builds the peak memory the build added
 * (VmHWM over the RSS before it, reset through /proc/self/clear_refs; "?" where that
 * is not available) and the derived trie's trie_bytes, both as a ratio to the base
 * trie's trie_bytes. The "screen" lines time what a key costs up to the screen through
 * the graph (query/graph.h: graph_shown) as the viewer drives it (graph_set_lazy: the
 * reversed view is built as far as it is drawn), one lookup of the selection's path in
 * the new trie (as ui/nav.c does: the node's children filled in, a binary search over
 * the sorted children) and a 200x60 layout (wall-clock ms: the machine is shared, see
 * the load average). BENCH_REPEAT=N builds
 * each view N times and prints the median time (for profiling the builds rather than the
 * setup). */
#include "config.h"

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "input/loader.h"
#include "query/callers.h"
#include "core/count.h"
#include "query/regex.h"
#include "query/graph.h"
#include "query/search.h"
#include "render/layout.h"
#include "core/strtab.h"
#include "query/top.h"
#include "core/trie.h"
#include "query/view.h"
#include "bench_common.h"

static double now_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);   /* CPU time: the machine is shared */
    return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

/* xorshift: deterministic stacks */
static uint64_t rnd_state = 88172645463325252ull;
static uint32_t rnd(uint32_t n)
{
    rnd_state ^= rnd_state << 13;
    rnd_state ^= rnd_state >> 7;
    rnd_state ^= rnd_state << 17;
    return (uint32_t)(rnd_state % n);
}

static bool jit_available(void)
{
    struct regex *re = regex_new("x", NULL);
    bool jit = regex_jit(re);
    regex_free(re);
    return jit;
}

/* A field of /proc/self/status in kB, or -1. */
static long status_kb(const char *field)
{
    FILE *f = fopen("/proc/self/status", "r");
    if (!f)
        return -1;
    char line[256];
    long kb = -1;
    size_t n = strlen(field);
    while (fgets(line, sizeof line, f))
        if (strncmp(line, field, n) == 0 && line[n] == ':') {
            kb = strtol(line + n + 1, NULL, 10);
            break;
        }
    fclose(f);
    return kb;
}

/* Resets VmHWM to the current RSS (Linux >= 4.0); false when it cannot. */
static bool reset_peak(void)
{
    FILE *f = fopen("/proc/self/clear_refs", "w");
    if (!f)
        return false;
    bool ok = fputs("5", f) >= 0;
    return fclose(f) == 0 && ok;
}

static int nsteps;
static char **steps;

static bool selected(const char *what)
{
    for (int i = 0; i < nsteps; i++)
        if (strstr(what, steps[i]))
            return true;
    return nsteps == 0;
}

static void time_view(struct trie *base, enum filter_kind kind, const char *re, bool rev,
                      const char *what)
{
    if (!selected(what))
        return;
    struct view *v = view_new();
    if (re && view_push_filter(v, kind, re, NULL) < 0)
        abort();
    view_set_reverse(v, rev);
    double bb = (double)trie_bytes(base);
    bool peak = reset_peak();
    long rss0 = status_kb("VmRSS");
    double t0 = now_ms();
    struct trie *d = view_build(v, base);
    double t1 = now_ms();
    long hwm = status_kb("VmHWM");
    const char *rep = getenv("BENCH_REPEAT");
    int nrep = rep ? atoi(rep) : 1;
    if (nrep > 1) {
        double *ms = calloc((size_t)nrep, sizeof *ms);
        ms[0] = t1 - t0;
        for (int i = 1; i < nrep; i++) {
            trie_free(d);
            double a = now_ms();
            d = view_build(v, base);
            ms[i] = now_ms() - a;
        }
        for (int i = 1; i < nrep; i++)   /* insertion sort: a few values */
            for (int j = i; j > 0 && ms[j] < ms[j - 1]; j--) {
                double x = ms[j];
                ms[j] = ms[j - 1];
                ms[j - 1] = x;
            }
        t0 = 0;
        t1 = ms[nrep / 2];
        free(ms);
    }
    char mem[64] = "peak ?";
    if (peak && rss0 >= 0 && hwm >= rss0)
        snprintf(mem, sizeof mem, "peak +%.2fx", (double)(hwm - rss0) * 1024 / bb);
    printf("%-28s %8.1f ms cpu  nodes %zu -> %zu  keeps %.1f%%  %s, trie %.2fx base\n", what,
           t1 - t0, trie_size(base), trie_size(d), 100 * view_share(base, d), mem,
           (double)trie_bytes(d) / bb);
    trie_free(d);
    view_free(v);
}

static double wall_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec * 1e3 + (double)ts.tv_nsec / 1e6;
}

/* Key to screen through the graph: push the filter (or reverse), derive, find the
 * selection's path (the widest path, 3 frames deep) and lay out 200x60; then undo. */
static void time_screen(struct trie *base, enum filter_kind kind, const char *re, bool rev,
                        const char *what)
{
    char label[64];
    snprintf(label, sizeof label, "screen: %s", what);
    if (!selected(label))
        return;
    struct graph *g = graph_new(base);
    graph_set_lazy(g, true);   /* as ui/app.c does */
    struct rect_list rl = {0};
    struct layout_in in;
    memset(&in, 0, sizeof in);
    in.vp.cols = 200;
    in.vp.rows = 60;
    in.selected = TRIE_NONE;
    in.t = graph_shown(g);
    layout_compute(&in, &rl);
    uint32_t path[3], n = 0, node = TRIE_ROOT;
    for (; n < 3; n++) {   /* the names along the widest path */
        size_t nc;
        const uint32_t *k = trie_children(base, node, &nc);
        uint32_t best = TRIE_NONE;
        for (size_t i = 0; i < nc; i++)
            if (best == TRIE_NONE || trie_total_d(base, k[i]) > trie_total_d(base, best))
                best = k[i];
        if (best == TRIE_NONE)
            break;
        path[n] = trie_name(base, best);
        node = best;
    }
    bool peak = reset_peak();
    long rss0 = status_kb("VmRSS");
    double t0 = wall_ms(), cpu0 = now_ms();
    if (re && graph_push_filter(g, kind, re, NULL) < 0)
        abort();
    graph_set_reverse(g, rev);
    struct trie *t = graph_shown(g);
    uint32_t at = TRIE_ROOT;
    for (uint32_t i = 0; i < n && at != TRIE_NONE; i++) {
        graph_expand_node(g, t, at);
        at = trie_child_sorted(t, at, path[i]);   /* as nav.c */
    }
    layout_cache_reset(&rl);
    graph_expand(g, t, TRIE_ROOT, in.vp.cols);
    in.t = t;
    layout_compute(&in, &rl);
    double t1 = wall_ms(), cpu1 = now_ms();
    long hwm = status_kb("VmHWM");
    char mem[64] = "peak ?";
    if (peak && rss0 >= 0 && hwm >= rss0)
        snprintf(mem, sizeof mem, "peak +%.2fx",
                 (double)(hwm - rss0) * 1024 / (double)trie_bytes(base));
    printf("%-36s %8.1f ms wall (%.1f cpu)  %zu rects  %s the base trie", label, t1 - t0,
           cpu1 - cpu0, rl.n, mem);
    if (graph_lazy_pending(g, t)) {   /* and what a search or an export adds then */
        printf(" (lazy: %zu nodes, %.2fx;", trie_size(t),
               (double)trie_bytes(t) / (double)trie_bytes(base));
        double c0 = now_ms();
        graph_complete(g, t);
        printf(" complete %.0f ms cpu, %zu nodes)", now_ms() - c0, trie_size(t));
    }
    printf("\n");
    rect_list_free(&rl);
    graph_free(g);
}

int main(int argc, char **argv)
{
    char *end = NULL;
    size_t stacks = argc > 1 ? strtoul(argv[1], &end, 10) : 20000;
    const char *file = argc > 1 && (end == argv[1] || *end) ? argv[1] : NULL;
    nsteps = argc > 2 ? argc - 2 : 0;
    steps = argv + 2;
    struct trie *t = file ? bench_load(file, "bench_filter") : trie_new(NULL);
    if (!t)
        return 1;
    if (file)
        stacks = 0;
    struct strtab *st = trie_names(t);
    /* about stacks/4 distinct names, names like "lib3::func_1234", some "[unknown]" and
     * "cpu_idle"; depth 4..28; stacks share prefixes like real profiles */
    size_t nnames = file ? 16 : stacks / 4 + 16;
    uint32_t *ids = malloc(nnames * sizeof *ids);
    char name[64];
    for (size_t i = 0; i < nnames; i++) {
        int len = i % 97 == 0   ? snprintf(name, sizeof name, "[unknown]")
                  : i % 89 == 0 ? snprintf(name, sizeof name, "cpu_idle_%zu", i)
                                : snprintf(name, sizeof name, "lib%zu::func_%zu", i % 7, i);
        ids[i] = strtab_intern(st, name, (size_t)len);
    }
    /* Distinct stacks shaped like real profiles (about 2.7 nodes per stack, as the
     * corpus has 0.5 to 1.8): main, then per level a branch frame chosen by a base-4
     * digit of the stack number and a chain frame fixed by the prefix. */
    double t0 = now_ms();
    uint32_t path[80];
    for (size_t s = 0; s < stacks; s++) {
        size_t depth = 0, x = s;
        uint64_t h = 1469598103934665603ull;
        path[depth++] = ids[0];
        do {
            h = (h ^ (x % 4 + 1)) * 1099511628211ull;
            path[depth++] = ids[(h >> 17) % nnames];
            h = (h ^ 99) * 1099511628211ull;
            path[depth++] = ids[(h >> 17) % nnames];
            x /= 4;
        } while (x && depth + 2 < 80);
        trie_insert(t, path, depth, count_u64(1 + rnd(10)));
    }
    if (getenv("BENCH_MERGE")) {
        double m0 = now_ms();
        struct trie *cp = trie_new(st);
        trie_merge(cp, t);
        printf("trie_merge copy: %.1f ms cpu\n", now_ms() - m0);
        trie_free(cp);
    }
    size_t nc;
    trie_children(t, TRIE_ROOT, &nc);
    if (file)
        printf("%s: ", file);
    printf("built %zu stacks, %zu nodes, %zu names in %.1f ms cpu; base trie %.1f MB\n", stacks,
           trie_size(t), strtab_count(st), now_ms() - t0, (double)trie_bytes(t) / 1e6);
    time_view(t, FILTER_INCLUDE, "func_1[0-9]*7$", false, "include func_1.*7$");
    time_view(t, FILTER_EXCLUDE, "cpu_idle", false, "exclude cpu_idle");
    time_view(t, FILTER_HIDE, "^\\[unknown\\]$", false, "hide ^\\[unknown\\]$");
    time_view(t, FILTER_HIDE, "lib3::", false, "hide lib3:: (1/7 of frames)");
    time_view(t, FILTER_INCLUDE, "^nomatch$", false, "include nothing (scan only)");
    {   /* a name that exists at every size: a few stacks */
        char few[48], what[64];
        size_t k = nnames / 3;
        while (k % 97 == 0 || k % 89 == 0)   /* those are "[unknown]" and "cpu_idle_K" */
            k++;
        snprintf(few, sizeof few, "::func_%zu$", k);
        snprintf(what, sizeof what, "include %s (few)", few);
        time_view(t, FILTER_INCLUDE, few, false, what);
    }
    time_view(t, FILTER_INCLUDE, NULL, false, "no filter (copy)");
    time_view(t, FILTER_INCLUDE, NULL, true, "reverse");
    time_screen(t, FILTER_INCLUDE, "func_1[0-9]*7$", false, "include func_1.*7$");
    time_screen(t, FILTER_EXCLUDE, "cpu_idle", false, "exclude cpu_idle");
    time_screen(t, FILTER_HIDE, "^\\[unknown\\]$", false, "hide ^\\[unknown\\]$");
    time_screen(t, FILTER_HIDE, "lib3::", false, "hide lib3::");
    time_screen(t, FILTER_INCLUDE, NULL, true, "reverse");
    if (nsteps)
        goto out;
    {   /* live mode: 1000 more stacks into the base, then view_update vs rebuild */
        struct view *v = view_new();
        view_track(v, true);
        view_push_filter(v, FILTER_EXCLUDE, "cpu_idle", NULL);
        struct trie *d = view_build(v, t);
        for (size_t s = 0; s < 1000; s++) {
            size_t depth = 1 + rnd(20);
            for (size_t k = 0; k < depth; k++)
                path[k] = ids[rnd((uint32_t)nnames)];
            trie_insert(t, path, depth, count_u64(1));
        }
        t0 = now_ms();
        bool ok = view_update(v, t, d);
        printf("%-28s %8.1f ms cpu  (%s)\n", "view_update +1000 stacks", now_ms() - t0,
               ok ? "ok" : "refused");
        trie_free(d);
        view_free(v);
    }
    t0 = now_ms();
    struct search *s = search_new("func_12", NULL);
    search_attach(s, t);
    double t1 = now_ms();
    double share = search_share(s, TRIE_ROOT);
    double t2 = now_ms();
    uint32_t m = search_next(s, TRIE_NONE, NULL);
    for (int i = 0; i < 10; i++)
        m = search_next(s, m, NULL);
    double t3 = now_ms();
    printf("%-28s %8.1f ms cpu  (%zu nodes match, jit %s)\n", "search attach func_12", t1 - t0,
           search_match_nodes(s), jit_available() ? "yes" : "no");
    printf("%-28s %8.1f ms cpu  (%.1f%%)\n", "search share", t2 - t1, 100 * share);
    printf("%-28s %8.1f ms cpu\n", "search next x11 (avg)", (t3 - t2) / 11);
    search_free(s);
    t0 = now_ms();
    struct top tp = {0};
    top_compute(t, TOP_BY_SELF, &tp);
    printf("%-28s %8.1f ms cpu  (%zu rows)\n", "top", now_ms() - t0, tp.n);
    t0 = now_ms();
    top_compute(t, TOP_BY_SELF, &tp);
    printf("%-28s %8.1f ms cpu\n", "top again (name ranks cached)", now_ms() - t0);
    uint32_t hot = tp.v[0].name;
    top_fini(&tp);
    t0 = now_ms();
    struct trie *r = callers_callers(t, hot);
    t1 = now_ms();
    struct trie *e = callers_callees(t, hot);
    printf("%-28s %8.1f ms / %.1f ms cpu\n", "callers / callees of top1", t1 - t0, now_ms() - t1);
    trie_free(r);
    trie_free(e);
out:
    free(ids);
    trie_free(t);
    return 0;
}
