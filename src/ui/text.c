/* SPDX-License-Identifier: MIT */
/* flametui - text.c: the text of the title line, the status line and the detail pane,
 * made safe for a terminal (label.h) from the state; the screen shown adds its parts
 * through its ops. Pure. */
#include "config.h"

#include "ui/text.h"

#include <limits.h>
#include <stdio.h>
#include <string.h>

#include "core/count.h"
#include "core/strtab.h"
#include "core/trie.h"
#include "query/graph.h"
#include "query/search.h"
#include "render/label.h"
#include "render/layout.h"
#include "render/names.h"
#include "render/numfmt.h"
#include "ui/diff_status.h"
#include "ui/lineedit.h"
#include "ui/state.h"

#define NAME_MIN 16   /* columns the name keeps before numbers get shorter forms */

/* "2,700 samples, 2.70 s  cpu-clock (1 other event: 1,234 samples, e shows)";
 * compact: "2.70k samples, 2.70 s  cpu-clock (+1 event)". */
static void title_numbers(const struct app *a, struct buf *out, bool compact)
{
    struct unit u;
    char n[NUMFMT_MAX];
    state_unit(a, &u);
    struct count total = trie_total(a->base, TRIE_ROOT);
    if (a->live.nevents == 0 || u.u == UNIT_SAMPLES || u.u == UNIT_MIXED) {
        state_put_weight(out, total, &u, compact);
        if (u.u == UNIT_MIXED)
            buf_printf(out, " (mixed units)");
    } else {
        uint64_t k = a->live.events[0].samples;
        if (compact)
            numfmt_compact(n, sizeof(n), (double)k);
        else
            numfmt_group_u(n, sizeof(n), k);
        buf_printf(out, "%s %s, ", n, numfmt_plural((double)k, "sample", "samples"));
        state_put_weight(out, total, &u, false);
    }
    if (!u.event[0])
        return;
    buf_printf(out, "  ");
    state_safe(out, u.event, strlen(u.event));
    if (a->live.nevents > 1 && compact) {
        buf_printf(out, " (+%zu event%s)", a->live.nevents - 1, a->live.nevents > 2 ? "s" : "");
    } else if (a->live.nevents > 1) {
        uint64_t k = 0;
        for (size_t i = 1; i < a->live.nevents; i++)
            k += a->live.events[i].samples;
        numfmt_group_u(n, sizeof(n), k);
        buf_printf(out, " (%zu other event%s: %s %s, e shows)", a->live.nevents - 1,
                   a->live.nevents > 2 ? "s" : "", n,
                   numfmt_plural((double)k, "sample", "samples"));
    }
}

/* "  include:RE hide:RE reverse (12.3%)  last 10s" */
static void view_title(const struct app *a, struct buf *out)
{
    struct buf d = {0};
    graph_describe(a->graph, &d);
    if (d.len) {
        buf_printf(out, "  ");
        state_safe(out, d.p, d.len);
        if (graph_filter_count(a->graph) > 0 && !graph_windowed(a->graph))
            buf_printf(out, " (%.1f%%)", 100.0 * graph_share(a->graph));
    }
    buf_fini(&d);
    if (graph_windowed(a->graph))
        buf_printf(out, "  last %gs", graph_window_seconds(a->graph));
    else if (a->compacted)   /* w after the memory bound dropped old samples */
        buf_printf(out, "  everything kept (older samples dropped)");
}

/* level 0: grouped numbers; 1: compact; 2: without the numbers (they would be cut). */
static void title_at(const struct app *a, struct buf *out, struct buf *right, int level,
                     int *numbers_end)
{
    const char *slash = strrchr(a->input, '/');
    const char *name = slash && slash[1] ? slash + 1 : a->input;  /* the title is short */
    const struct screen_ops *o = state_shown_ops(a);
    size_t start = out->len;
    buf_printf(out, "flametui: ");
    state_safe(out, name, strlen(name));
    if (level < 2) {
        buf_printf(out, "  ");
        title_numbers(a, out, level == 1);
    }
    if (numbers_end)
        *numbers_end = state_cols_from(out, start);
    buf_printf(out, "  %s", a->vp.orient == ORIENT_FLAME ? "flame" : "icicle");
    if (a->vp.order == ORDER_WEIGHT)
        buf_printf(out, " heaviest-first");
    view_title(a, out);
    diff_title(a, out);
    if (o->title)
        o->title(a, out);
    buf_printf(out, "  ? help");
    if (right && o->title_right)
        o->title_right(a, right);
}

void text_title(const struct app *a, struct buf *out, struct buf *right)
{
    title_at(a, out, right, 0, NULL);
}

void text_title_fit(const struct app *a, int cols, struct buf *out, struct buf *right)
{
    size_t ol = out->len, rl = right ? right->len : 0;
    for (int level = 0; level < 3; level++) {
        int end;
        out->len = ol;
        if (right)
            right->len = rl;
        title_at(a, out, right, level, &end);
        int w = state_cols_from(out, ol);
        /* the whole title fits, or at least its numbers do before the ".." of a cut */
        if (w <= cols || (level == 1 && end <= cols - 2))
            return;
    }
}

static bool is_under(const struct trie *t, uint32_t node, uint32_t anc)
{
    while (node != TRIE_NONE && node != anc)
        node = trie_parent(t, node);
    return node == anc;
}

/* The numbers after the selected frame's name; level 0 (all, grouped) .. 4 (none). */
void text_frame_info(const struct app *a, const struct unit *u, int level, struct buf *info)
{
    uint32_t sel = a->sel;
    double tot = trie_total_d(a->t, sel), all = trie_total_d(a->t, TRIE_ROOT);
    bool zoomed = a->zoom != TRIE_ROOT && is_under(a->t, sel, a->zoom);
    double pz = zoomed ? ft_pct(tot, trie_total_d(a->t, a->zoom)) : 0;
    bool compact = level >= 1;
    if (level >= 4)
        return;
    if (level == 3) {
        buf_printf(info, "  %.1f%%", ft_pct(tot, all));
        if (zoomed)
            buf_printf(info, " zoom %.1f%%", pz);
        return;
    }
    buf_printf(info, "  ");
    if (level == 2) {
        state_put_number(info, trie_total(a->t, sel), u, true);
        buf_printf(info, " %.1f%%", ft_pct(tot, all));
        if (zoomed)
            buf_printf(info, " zoom %.1f%%", pz);
        buf_printf(info, " self ");
        state_put_number(info, trie_self(a->t, sel), u, true);
        diff_status_short(a, info);
        return;
    }
    state_put_weight(info, trie_total(a->t, sel), u, compact);
    buf_printf(info, " (%.2f%%", ft_pct(tot, all));
    if (zoomed)
        buf_printf(info, ", %.2f%% of zoom", pz);
    buf_printf(info, ") self ");
    state_put_number(info, trie_self(a->t, sel), u, compact);
    if (level == 0)
        diff_status(a, info);   /* --base: base, new, delta and its shares */
}

/* Search and live counters; level 0 full, 1 short, 2 none. */
void text_right(const struct app *a, const struct unit *u, int level, struct buf *right)
{
    if (level >= 2)
        return;
    if (a->search) {
        const char *p = search_pattern(a->search);
        buf_printf(right, "/");
        if (level == 0)
            state_safe(right, p, strlen(p));
        else
            label_fit(right, p, strlen(p), 10, LABEL_AUTO);
        /* after n/N: "match K/N" of the selection among the matches inside the zoom */
        if (search_too_expensive(a->search))   /* it gave up: its matches mean nothing */
            buf_printf(right, level == 0 ? " pattern too expensive" : " too expensive");
        else if (level == 0 && a->rank_node == a->sel && a->rank_k > 0 &&
                 a->rank_gen == trie_generation(a->t))
            buf_printf(right, " match %zu/%zu,", a->rank_k, a->rank_n);
        else if (level == 0)
            buf_printf(right, " match");
        if (!search_too_expensive(a->search))
            buf_printf(right, " %.1f%%", 100.0 * search_share(a->search, a->zoom));
    }
    if (a->live.error[0])
        buf_printf(right, "%sINPUT ERROR", right->len ? "  " : "");
    if (u->u == UNIT_MIXED)
        buf_printf(right, "%s%s", right->len ? "  " : "", level == 0 ? "MIXED UNITS" : "MIXED");
    if (a->live.live == UI_LIVE_NONE)
        return;
    if (right->len)
        buf_printf(right, "  ");
    if (a->paused)
        buf_printf(right, "PAUSED ");
    char r[NUMFMT_MAX];
    if (a->live.live == UI_LIVE_EOF) {
        buf_printf(right, "EOF ");
    } else {
        numfmt_compact(r, sizeof(r), a->live.rate);
        buf_printf(right, "%s ", a->live.live == UI_LIVE_LOAD ? "LOADING" : "LIVE");
        if (a->live.progress[0]) {   /* a network input: what its transfer does */
            buf_printf(right, "%s", a->live.progress);
            return;
        }
        if (level == 0)
            buf_printf(right, "%s/s %.1f MB/s ", r, a->live.mbps);
    }
    /* weights that count samples: the samples the stacks hold; perf input: the samples
     * of the event read; else the records read */
    struct count c = u->u == UNIT_SAMPLES ? trie_total(a->base, TRIE_ROOT)
                     : a->live.nevents    ? count_u64(a->live.events[0].samples)
                                          : count_u64(a->live.samples);
    struct unit su = *u;
    su.u = UNIT_SAMPLES;
    state_put_weight(right, c, &su, level > 0);
}

void text_right_fit(const struct app *a, const struct unit *u, int cols, struct buf *right)
{
    size_t rl = right->len;
    for (int level = 0; level < 2; level++) {
        right->len = rl;
        text_right(a, u, level, right);
        int rw = state_cols_from(right, rl);
        if (label_right_fits(cols, rw))
            return;
    }
    right->len = rl;
}

void text_fit(const struct app *a, int cols, uint32_t name, status_info_fn *info_fn,
              struct buf *left, struct buf *info, struct buf *right)
{
    struct unit u;
    state_unit(a, &u);
    /* the name's width as shown whole (up to NAME_MIN) */
    struct buf nm = {0};
    state_name(a, name, NAME_MIN, &nm);
    int nmin = state_cols_from(&nm, 0);
    buf_fini(&nm);
    /* (numbers, right part): the search and live state stay longer than precision */
    static const int combos[][2] = {{0, 0}, {1, 0}, {0, 1}, {1, 1}, {2, 1}, {3, 1},
                                    {1, 2}, {2, 2}, {3, 2}, {4, 2}};
    size_t il = info->len, rl = right->len;
    int iw = 0, rw = 0;
    for (size_t k = 0; k < FT_ARRAY_LEN(combos); k++) {
        info->len = il;
        right->len = rl;
        info_fn(a, &u, combos[k][0], info);
        text_right(a, &u, combos[k][1], right);
        iw = state_cols_from(info, il);
        rw = state_cols_from(right, rl);
        if (nmin + iw + (rw ? rw + 1 : 0) <= cols && label_right_fits(cols, rw))
            break;
    }
    int room = cols - iw - (rw ? rw + 1 : 0);
    state_name(a, name, room > 0 ? room : 0, left);
}

void text_status_fit(const struct app *a, int cols, struct buf *left, struct buf *info,
                     struct buf *right)
{
    if (a->prompt != PROMPT_NONE || a->msg[0]) {
        struct unit u;
        state_unit(a, &u);
        if (a->prompt != PROMPT_NONE) {
            buf_printf(left, "%s", a->prompt->label);
            const char *p = lineedit_text(&a->le);
            state_safe(left, p, strlen(p));
            /* in full or not at all: the prompt's line is the search being typed */
            text_right(a, &u, 0, right);
        } else {
            state_safe(left, a->msg, strlen(a->msg));
            text_right_fit(a, &u, cols, right);
        }
        return;
    }
    state_shown_ops(a)->status(a, cols, left, info, right);
}

/* Appends the safe text s[0..n) wrapped to cols columns (every line ends in '\n'), at
 * "::", '<', ',', '.', '/' or a space rather than inside an identifier. */
static void wrap(struct buf *out, const char *s, size_t n, int cols)
{
    names_wrap(out, s, n, cols, 0);
}

/* Appends the items (NUL-separated in items[0..len)) joined by two spaces, a new line
 * when the next item does not fit: an item is never cut (unless wider than a line). */
static void wrap_items(struct buf *out, const struct buf *items, int cols)
{
    int col = 0;
    for (size_t i = 0; i < items->len;) {
        const char *it = items->p + i;
        size_t l = strlen(it);
        int w = label_width(it, l, LABEL_AUTO);
        if (col > 0 && col + 2 + w > cols) {
            buf_putc(out, '\n');
            col = 0;
        }
        if (col > 0) {
            buf_append(out, "  ", 2);
            col += 2;
        }
        if (w > cols) {
            label_slice(out, it, l, 0, cols);
            col = cols;
        } else {
            buf_append(out, it, l);
            col += w;
        }
        i += l + 1;
    }
    if (col > 0)
        buf_putc(out, '\n');
}

void text_item(struct buf *items, const char *fmt, ...)
{
    va_list ap;
    char tmp[256];
    va_start(ap, fmt);
    vsnprintf(tmp, sizeof(tmp), fmt, ap);
    va_end(ap);
    buf_append(items, tmp, strlen(tmp) + 1);
}

bool text_frame_detail(const struct app *a, const struct unit *u, struct buf *items,
                       uint32_t *name)
{
    char w[NUMFMT_MAX + 80], x[NUMFMT_MAX + 80];
    uint32_t sel = a->sel, par = trie_parent(a->t, sel);
    double tot = trie_total_d(a->t, sel);
    *name = trie_name(a->t, sel);
    numfmt_weight(w, sizeof(w), trie_total(a->t, sel), u, false);
    text_item(items, "total %s", w);
    text_item(items, "%.2f%% of all", ft_pct(tot, trie_total_d(a->t, TRIE_ROOT)));
    if (a->zoom != TRIE_ROOT && is_under(a->t, sel, a->zoom))
        text_item(items, "%.2f%% of zoom", ft_pct(tot, trie_total_d(a->t, a->zoom)));
    if (par != TRIE_NONE)
        text_item(items, "%.2f%% of parent", ft_pct(tot, trie_total_d(a->t, par)));
    numfmt_weight(x, sizeof(x), trie_self(a->t, sel), u, false);
    text_item(items, "self %s (%.2f%%)", x,
              ft_pct(trie_self_d(a->t, sel), trie_total_d(a->t, TRIE_ROOT)));
    text_item(items, "depth %u", trie_depth(a->t, sel));
    struct buf d = {0};   /* --base: base, new, delta and its shares */
    diff_status(a, &d);
    if (d.len > 2) {
        buf_putc(&d, '\0');
        text_item(items, "%s", d.p + 2);
    }
    buf_fini(&d);
    return true;
}

int text_detail_rows(const struct app *a, bool *top)
{
    *top = false;
    if (!a->detail || a->cols < 3)
        return 0;
    struct buf d = {0};
    text_detail(a, a->cols - 2, &d);
    int lines = 0;
    for (size_t i = 0; i < d.len; i++)
        lines += d.p[i] == '\n';
    buf_fini(&d);
    int room = a->lines - 2;
    const struct rect *sr = NULL;
    for (size_t i = 0; a->rects && i < a->rects->n; i++)
        if (a->rects->v[i].flags & RECT_SELECTED)
            sr = &a->rects->v[i];
    *top = sr && state_shown_ops(a)->paint != PAINT_ROWS && 1 + sr->y >= a->lines / 2;
    return lines < room ? lines : room > 0 ? room : 0;
}

void text_detail(const struct app *a, int cols, struct buf *out)
{
    if (!a->detail || cols < 8)
        return;
    const struct screen_ops *o = state_shown_ops(a);
    struct unit u;
    state_unit(a, &u);
    struct buf name = {0}, items = {0};
    uint32_t nid;
    if (!o->detail || !o->detail(a, &u, &items, &nid)) {
        buf_fini(&items);
        return;
    }
    if (u.event[0]) {
        struct buf e = {0};
        state_safe(&e, u.event, strlen(u.event));
        buf_putc(&e, '\0');
        text_item(&items, "event %s", e.p);
        buf_fini(&e);
    }
    /* the full name, whatever L says: this is where it is always readable */
    if (nid == UINT32_MAX) {
        buf_printf(&name, "all");
    } else {
        size_t n;
        const char *p = strtab_get(trie_names(a->base), nid, &n);
        state_safe_name(&name, p, n);
    }
    wrap(out, name.p, name.len, cols);
    wrap_items(out, &items, cols);
    buf_fini(&name);
    buf_fini(&items);
}
