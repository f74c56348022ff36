/* SPDX-License-Identifier: MIT */
/* flametui - tests/bench/bench_rebuilds.c: how many times each key of a scripted viewer
 * session makes the graph derive its trie again (app_rebuild_count), and what the key
 * costs (app_key + app_update + app_layout, as the event loop does after every key).
 * No curses. Not a test, but a check: exits 1 when a move, zoom, search, scroll or
 * table key rebuilt at all, or a filter, undo, clear, reverse or callers key rebuilt
 * other than exactly once (Enter in the table over an open callers view: once or twice).
 * usage: bench_rebuilds [FILE.folded]   (default: a generated 1M-node trie)
 * Prints one line per step ("KEYS  rebuilds +N  (ms)"; a prompt and its text up to Enter
 * are one step) and a summary line. */
#include "config.h"

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "core/count.h"
#include "core/strtab.h"
#include "core/trie.h"
#include "bench_common.h"
#include "input/loader.h"
#include "ui/app.h"
#include "ui/keymap.h"

static double now_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec * 1e3 + (double)ts.tv_nsec / 1e6;
}


/* What a step may cost: nothing, exactly one rebuild, one or two, or anything. */
enum expect { FREE, ONCE, ONE_OR_TWO, ANY };

struct step {
    const char *keys;   /* '\n' Enter, '\b' Backspace, '\033' Esc; outside a prompt
                         * '^' Up, 'v' Down, '<' Left, '>' Right, '[' PgUp, ']' PgDn;
                         * '%I' '%X' '%S' expand to the include / exclude / search REs */
    enum expect expect;
    const char *what;
};

static const struct step script[] = {
    {"^", FREE, "move up"},
    {"^", FREE, "move up"},
    {"^", FREE, "move up"},
    {">", FREE, "move right"},
    {"<", FREE, "move left"},
    {"v", FREE, "move down"},
    {"\n", FREE, "zoom in"},
    {"^", FREE, "move up"},
    {"u", FREE, "zoom out"},
    {"\n", FREE, "zoom in"},
    {"z", FREE, "zoom reset"},
    {"o", FREE, "order by weight"},
    {"o", FREE, "order by name"},
    {"i", FREE, "icicle"},
    {"i", FREE, "flame"},
    {"/%S\n", FREE, "search"},
    {"n", FREE, "next match"},
    {"n", FREE, "next match"},
    {"N", FREE, "previous match"},
    {"G", FREE, "scroll to the deepest"},
    {"]", FREE, "page down"},
    {"[", FREE, "page up"},
    {"g", FREE, "scroll home"},
    {"?", FREE, "help"},
    {"q", FREE, "close help"},
    {"f%I\n", ONCE, "include filter"},
    {"F%X\n", ONCE, "exclude filter"},
    {"U", ONCE, "undo last filter"},
    {"c", ONCE, "clear filters"},
    {"r", ONCE, "reverse"},
    {"^", FREE, "move up (reversed)"},
    {"r", ONCE, "reverse back"},
    {"^^", FREE, "select a function"},
    {"s", ONCE, "callees"},
    {"r", ONCE, "swap to callers"},
    {"r", ONCE, "swap to callees"},
    {"s", ONCE, "callers"},
    {"s", ONCE, "back to the graph"},
    {"t", FREE, "table"},
    {"j", FREE, "table: down"},
    {"o", FREE, "table: sort"},
    {"\n", ONCE, "table: Enter (callees of the row)"},
    {"t", FREE, "table over callers"},
    {"j", FREE, "table: down"},
    {"\n", ONE_OR_TWO, "table: Enter over callers"},
    {"q", ONCE, "close callers"},
    {"t", FREE, "table"},
    {"q", FREE, "close table"},
    {"f%I\n", ONCE, "include filter"},
    {"r", ONCE, "reverse"},
    {"t", FREE, "table (filtered, reversed)"},
    {"\033", FREE, "close table"},
    {"c", ONCE, "clear filters"},
    {"r", ONCE, "reverse back"},
    {"q", ANY, "quit"},
};

static int translate(const struct app *a, char c)
{
    bool prompt = a->prompt != PROMPT_NONE;
    switch (c) {
    case '\n': return FT_KEY_ENTER;
    case '\b': return FT_KEY_BACKSPACE;
    case '\033': return FT_KEY_ESC;
    case '^': return prompt ? c : FT_KEY_UP;
    case 'v': return prompt ? c : FT_KEY_DOWN;
    case '<': return prompt ? c : FT_KEY_LEFT;
    case '>': return prompt ? c : FT_KEY_RIGHT;
    case '[': return prompt ? c : FT_KEY_PGUP;
    case ']': return prompt ? c : FT_KEY_PGDN;
    default: return (unsigned char)c;
    }
}

/* "\Q" NAME "\E": a literal regex for a frame name. */
static void literal_re(struct buf *out, const struct trie *t, uint32_t node, size_t maxlen)
{
    size_t n;
    const char *s = trie_label(t, node, &n);
    if (n > maxlen)
        n = maxlen;
    buf_printf(out, "\\Q");
    buf_append(out, s, n);
    buf_printf(out, "\\E");
    buf_putc(out, '\0');
}

/* The node reached from the root by `ups` widest-child steps. */
static uint32_t widest_path(struct trie *t, int ups)
{
    uint32_t n = TRIE_ROOT;
    for (int i = 0; i < ups; i++) {
        size_t nc;
        const uint32_t *c = trie_children(t, n, &nc);
        uint32_t best = TRIE_NONE;
        for (size_t k = 0; k < nc; k++)
            if (best == TRIE_NONE || trie_total_d(t, c[k]) > trie_total_d(t, best))
                best = c[k];
        if (best == TRIE_NONE)
            break;
        n = best;
    }
    return n;
}

static const char *expect_name(enum expect e)
{
    return e == FREE ? "0" : e == ONCE ? "1" : e == ONE_OR_TWO ? "1-2" : "any";
}

int main(int argc, char **argv)
{
    double t0 = now_ms();
    struct trie *t = argc > 1 ? bench_load(argv[1], "bench_rebuilds") : bench_make_trie(1000000);
    if (!t)
        return 1;
    double t_load = now_ms() - t0;
    /* regexes from the data: include the frame 2 levels up the widest path, exclude the
     * one below it, search for the start of the first one's name */
    struct buf inc = {0}, exc = {0}, srch = {0};
    uint32_t n2 = widest_path(t, 2), n3 = widest_path(t, 3);
    literal_re(&inc, t, n2, 200);
    literal_re(&exc, t, n3 != n2 ? n3 : n2, 200);
    literal_re(&srch, t, n2, 4);
    printf("bench_rebuilds: %s: %zu nodes, %.0f samples, loaded in %.0f ms\n",
           argc > 1 ? argv[1] : "generated", trie_size(t), trie_total_d(t, TRIE_ROOT), t_load);
    printf("  include /%s/  exclude /%s/  search /%s/\n", inc.p, exc.p, srch.p);

    struct app a;
    app_init(&a, t, argc > 1 ? argv[1] : "generated");
    app_resize(&a, 200, 62);
    app_update(&a);
    app_layout(&a);
    int bad = 0;
    uint64_t total = 0;
    double total_ms = 0, worst_free = 0, worst_rebuild = 0;
    size_t steps = sizeof(script) / sizeof(script[0]);
    for (size_t i = 0; i < steps; i++) {
        const struct step *st = &script[i];
        struct buf shown = {0};
        uint64_t before = app_rebuild_count(&a);
        enum reaction re = RE_NONE;
        double s = now_ms();
        for (const char *p = st->keys; *p; p++) {
            const char *text = NULL;
            if (p[0] == '%' && p[1]) {
                text = p[1] == 'I' ? inc.p : p[1] == 'X' ? exc.p : srch.p;
                p++;
            }
            char one[2] = {*p, '\0'};
            for (const char *q = text ? text : one; *q; q++) {
                re |= app_key(&a, translate(&a, *q));
                /* the event loop: derive when stale, lay out, (paint) */
                app_update(&a);
                app_layout(&a);
            }
            if (*p == '\n')
                buf_printf(&shown, "%sEnter", shown.len ? " " : "");
            else if (*p == '\033')
                buf_printf(&shown, "%sEsc", shown.len ? " " : "");
            else if (text)
                buf_printf(&shown, " %s", text);
            else
                buf_putc(&shown, *p);
        }
        double ms = now_ms() - s;
        uint64_t n = app_rebuild_count(&a) - before;
        bool ok = st->expect == ANY || (st->expect == FREE && n == 0) ||
                  (st->expect == ONCE && n == 1) ||
                  (st->expect == ONE_OR_TWO && (n == 1 || n == 2));
        buf_putc(&shown, '\0');
        printf("%-28.28s rebuilds +%llu  (%8.2f ms)  expect %-3s %-4s %s\n", shown.p,
               (unsigned long long)n, ms, expect_name(st->expect), ok ? "" : "BAD", st->what);
        buf_fini(&shown);
        bad += !ok;
        total += n;
        total_ms += ms;
        if (n == 0 && ms > worst_free)
            worst_free = ms;
        if (n > 0 && ms > worst_rebuild)
            worst_rebuild = ms;
        if (re & RE_QUIT)
            break;
    }
    printf("summary: %zu steps, %llu rebuilds, %.1f ms in all, slowest step without a "
           "rebuild %.2f ms, with one %.2f ms, %d unexpected\n",
           steps, (unsigned long long)total, total_ms, worst_free, worst_rebuild, bad);
    app_fini(&a);
    buf_fini(&inc);
    buf_fini(&exc);
    buf_fini(&srch);
    trie_free(t);
    return bad ? 1 : 0;
}
