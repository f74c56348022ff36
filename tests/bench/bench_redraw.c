/* SPDX-License-Identifier: MIT */
/* flametui - tests/bench/bench_redraw.c: key -> screen time of the viewer on a large trie
 * (default 1M+ nodes) at 200x60: app_handle + app_update + app_layout + tui_draw (ncurses
 * diff and output, written to a temporary file whose growth gives the bytes sent per key).
 * Not a test: prints p50/p99/max milliseconds and bytes per key.
 * usage: bench_redraw [NODES] [KEYS] [grow|search|repaint]
 * grow: insert one new stack before each key, as live input does (the trie changed, so
 * the children index and the layout have to catch up).
 * search: a search matching many names is on (matches, and matches hidden in the merged
 * narrow frames, are marked on every redraw).
 * repaint: only the full-repaint keys, i (flame / icicle) and o (name / weight order).
 * BENCH_SLOW=1 in the environment lists the keys that took over 2 ms. */
#include "config.h"

#include <curses.h>
#include <locale.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "ui/app.h"
#include "core/count.h"
#include "ui/keymap.h"
#include "core/strtab.h"
#include "core/trie.h"
#include "bench_common.h"
#include "tui/tui_private.h"

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

/* tui_session.c's one-write refresh needs the session's tty; here refresh() writes the file. */
void tui_refresh(void)
{
    refresh();
}

static int cmp_d(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}


int main(int argc, char **argv)
{
    size_t nodes = argc > 1 ? strtoul(argv[1], NULL, 10) : 1000000;
    int keys = argc > 2 ? atoi(argv[2]) : 2000;
    int grow = argc > 3 && strcmp(argv[3], "grow") == 0;
    int search = argc > 3 && strcmp(argv[3], "search") == 0;
    int repaint = argc > 3 && strcmp(argv[3], "repaint") == 0;
    uint64_t gs = 12345;
    setlocale(LC_ALL, "");
    double t0 = now();
    struct trie *t = bench_make_trie(nodes);
    fprintf(stderr, "trie: %zu nodes, depth %u, built in %.2f s\n", trie_size(t),
            trie_max_depth(t), now() - t0);

    FILE *out = tmpfile(), *in = fopen("/dev/null", "r");
    if (!out || !in)
        return 1;
    setenv("TERM", "xterm-256color", 1);
    setenv("LINES", "60", 1);
    setenv("COLUMNS", "200", 1);
    SCREEN *scr = newterm(NULL, out, in);
    if (!scr)
        return 1;
    set_term(scr);
    struct tui_opts o;
    memset(&o, 0, sizeof(o));
    tui_draw_init(&o);

    struct app a;
    app_init(&a, t, "bench");
    app_resize(&a, COLS, LINES);     /* the whole screen: the graph area is LINES - 2 */
    if (search && app_set_search(&a, "7", NULL) < 0)
        return 1;
    app_update(&a);
    app_layout(&a);
    tui_draw(&a, app_rects(&a));

    static const enum action script[] = {
        ACT_MOVE_UP,   ACT_MOVE_UP,    ACT_MOVE_UP,  ACT_MOVE_RIGHT, ACT_MOVE_RIGHT,
        ACT_MOVE_UP,   ACT_MOVE_LEFT,  ACT_ZOOM_IN,  ACT_MOVE_UP,    ACT_MOVE_UP,
        ACT_MOVE_DOWN, ACT_ZOOM_OUT,   ACT_MOVE_DOWN, ACT_MOVE_DOWN, ACT_ORIENT,
        ACT_MOVE_DOWN, ACT_MOVE_RIGHT, ACT_ORIENT,   ACT_ZOOM_RESET, ACT_MOVE_DOWN,
    };
    double *dt = calloc((size_t)keys, sizeof(*dt));
    long bytes_moves = 0, n_moves = 0;
    int nd = 0;     /* keys that changed something (the others cost nothing) */
    for (int i = 0; i < keys; i++) {
        enum action act = script[(size_t)i % (sizeof(script) / sizeof(script[0]))];
        if (repaint)
            act = i % 2 ? ACT_ORDER : ACT_ORIENT;
        fflush(out);
        long before = ftell(out);
        if (grow) {
            uint32_t stack[3] = {trie_name(t, 1), trie_name(t, 2),
                                 strtab_intern(trie_names(t), "grown", 5)};
            stack[1] = (uint32_t)(bench_rnd(&gs) % 4096);
            trie_insert(t, stack, 3, count_u64(1));
        }
        double s = now();
        /* the event loop: input, derive when stale, lay out when needed, paint */
        enum reaction re = app_handle(&a, act);
        if (app_update(&a))
            re |= RE_RELAYOUT;
        if (re & (RE_RELAYOUT | RE_REBUILD))
            app_layout(&a);
        tui_draw(&a, app_rects(&a));
        fflush(out);
        if (re == RE_NONE)
            continue;
        dt[nd++] = (now() - s) * 1e3;
        if (getenv("BENCH_SLOW") && dt[nd - 1] > 2)   /* which keys make the tail */
            fprintf(stderr, "slow: key %d action %d: %.2f ms\n", i, (int)act, dt[nd - 1]);
        if (act == ACT_MOVE_LEFT || act == ACT_MOVE_RIGHT || act == ACT_MOVE_UP ||
            act == ACT_MOVE_DOWN) {
            bytes_moves += ftell(out) - before;
            n_moves++;
        }
    }
    endwin();
    if (nd == 0)
        return 1;
    qsort(dt, (size_t)nd, sizeof(*dt), cmp_d);
    printf("redraw after a key%s%s%s (%d of %d keys changed the view), %zu nodes, 200x60:\n"
           "  p50 %.2f ms  p99 %.2f ms  max %.2f ms  %.0f bytes per selection move\n",
           grow ? " (trie growing)" : "", search ? " (search on)" : "",
           repaint ? " (i and o: full repaints)" : "", nd, keys,
           trie_size(t), dt[nd / 2],
           dt[(size_t)nd * 99 / 100], dt[nd - 1],
           n_moves ? (double)bytes_moves / (double)n_moves : 0.0);
    free(dt);
    delscreen(scr);
    app_fini(&a);
    trie_free(t);
    fclose(out);
    fclose(in);
    return 0;
}
