/* SPDX-License-Identifier: MIT */
/* flametui - screen_text.c: the text of the title line, the status line and the help,
 * made safe for a terminal (label.h) from the app's state. Pure. */
#include "config.h"

#include "ui/app_impl.h"
#include "ui/diff_status.h"

#include <limits.h>
#include <stdio.h>
#include <string.h>

#include "core/count.h"
#include "core/strtab.h"
#include "core/trie.h"
#include "query/graph.h"
#include "query/search.h"
#include "render/label.h"
#include "render/names.h"
#include "render/numfmt.h"

static void safe_append(struct buf *out, const char *s, size_t n)
{
    label_escape(out, s, n, LABEL_AUTO);
}

#define NAME_CAP 4096

/* A frame name: a name of megabytes (hostile input) was escaped and measured on every
 * redraw (~1.4 s per key for a 64 MB name); no screen shows more than a few KB of it. */
static void safe_name(struct buf *out, const char *s, size_t n)
{
    if (n > NAME_CAP) {
        safe_append(out, s, NAME_CAP);
        buf_append(out, "..", 2);
        return;
    }
    safe_append(out, s, n);
}

void app_safe_name(const struct app *a, uint32_t node, struct buf *out)
{
    size_t n;
    const char *s = trie_label(a->t, node, &n);
    safe_name(out, s, n);
}

/* ---- added by names: names as shown, units ---- */

static bool ascii_mode(void)
{
    return label_mode_resolve(LABEL_AUTO) == LABEL_ASCII;
}

static int text_cols(const struct buf *b)
{
    return b->len ? label_width(b->p, b->len, LABEL_AUTO) : 0;
}

/* Columns of b's text from byte from on (an empty buffer has no p at all). */
static int cols_from(const struct buf *b, size_t from)
{
    return b->len > from ? label_width(b->p + from, b->len - from, LABEL_AUTO) : 0;
}

void screen_name(const struct app *a, uint32_t name, int cols, struct buf *out)
{
    size_t n, tail = 0;
    const char *s;
    if (name == UINT32_MAX) {
        s = "all";
        n = 3;
    } else if (!a->names_full && a->names) {
        s = names_get(a->names, trie_names(a->base), name, &n, &tail);
    } else {
        s = strtab_get(trie_names(a->base), name, &n);
    }
    if (cols < 0) {
        safe_name(out, s, n);
        return;
    }
    if (n <= NAME_CAP && label_width(s, n, LABEL_AUTO) <= cols)
        safe_append(out, s, n);
    else
        label_fit_tail(out, s, n, tail, cols, LABEL_AUTO);
}

/* What a weight means: samples, nanoseconds (cpu-clock, task-clock periods) or event
 * counts (other perf events weighted by their period). */
struct unit {
    enum numfmt_unit u;
    char event[64];   /* the event without its modifiers ("cpu-clock"), "" not perf */
    bool ascii;
};

static void unit_of(const struct app *a, struct unit *u)
{
    memset(u, 0, sizeof(*u));
    u->u = UNIT_SAMPLES;
    u->ascii = ascii_mode();
    if (a->live.nevents == 0)
        return;
    snprintf(u->event, sizeof(u->event), "%s", a->live.events[0].name);
    char *colon = strrchr(u->event, ':');   /* "cpu-clock:pppH": perf's modifiers */
    if (colon && colon[1] && strspn(colon + 1, "ukhpPGHISDWe") == strlen(colon + 1))
        *colon = '\0';
    if (trie_total_d(a->base, TRIE_ROOT) == (double)a->live.events[0].samples)
        return;   /* every period 1 (or --weight=samples): weights are counts */
    if (strcmp(u->event, "cpu-clock") == 0 || strcmp(u->event, "task-clock") == 0)
        u->u = UNIT_NS;
    else
        u->u = UNIT_EVENTS;
}

static void put_weight(struct buf *out, struct count c, const struct unit *u, bool compact)
{
    char w[NUMFMT_MAX];
    numfmt_weight(w, sizeof(w), c, u->u, u->event, compact, u->ascii);
    buf_printf(out, "%s", w);
}

/* A weight without its unit word when it is a sample count ("2,700", "2.70 s"). */
static void put_number(struct buf *out, struct count c, const struct unit *u, bool compact)
{
    char w[NUMFMT_MAX];
    if (u->u == UNIT_NS)
        numfmt_seconds(w, sizeof(w), count_to_double(c) / 1e9, u->ascii);
    else if (compact)
        numfmt_compact(w, sizeof(w), count_to_double(c));
    else
        numfmt_group(w, sizeof(w), c);
    buf_printf(out, "%s", w);
}

void screen_number(const struct app *a, struct count c, int cols, char *out, size_t n)
{
    struct unit u;
    struct buf b = {0};
    unit_of(a, &u);
    put_number(&b, c, &u, false);
    if (cols >= 0 && cols_from(&b, 0) > cols) {
        b.len = 0;
        put_number(&b, c, &u, true);
    }
    snprintf(out, n, "%.*s", (int)b.len, b.p ? b.p : "");
    buf_fini(&b);
}

/* "2,700 samples, 2.70 s  cpu-clock (1 other event: 1,234 samples, e shows)";
 * compact: "2.70k samples, 2.70 s  cpu-clock (+1 event)". */
static void title_numbers(const struct app *a, struct buf *out, bool compact)
{
    struct unit u;
    char n[NUMFMT_MAX];
    unit_of(a, &u);
    struct count total = trie_total(a->base, TRIE_ROOT);
    if (a->live.nevents == 0 || u.u == UNIT_SAMPLES) {
        put_weight(out, total, &u, compact);
    } else {
        uint64_t k = a->live.events[0].samples;
        if (compact)
            numfmt_compact(n, sizeof(n), (double)k);
        else
            numfmt_group_u(n, sizeof(n), k);
        buf_printf(out, "%s %s, ", n, numfmt_plural((double)k, "sample", "samples"));
        put_weight(out, total, &u, false);
    }
    if (!u.event[0])
        return;
    buf_printf(out, "  ");
    safe_append(out, u.event, strlen(u.event));
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

/* "  include:RE hide:RE reverse (12.3%)  last 10s  callees of NAME" */
static void view_title(const struct app *a, struct buf *out)
{
    struct buf d = {0};
    uint32_t name;
    enum graph_focus f = graph_focus(a->graph, &name);
    graph_describe(a->graph, &d);
    if (d.len) {
        buf_printf(out, "  ");
        safe_append(out, d.p, d.len);
        if (graph_filter_count(a->graph) > 0 && !graph_windowed(a->graph))
            buf_printf(out, " (%.1f%%)", 100.0 * graph_share(a->graph));
    }
    buf_fini(&d);
    if (graph_windowed(a->graph))
        buf_printf(out, "  last %gs", graph_window_seconds(a->graph));
    else if (a->compacted)   /* w after the memory bound dropped old samples */
        buf_printf(out, "  everything kept (older samples dropped)");
    if (f != FOCUS_NONE) {
        buf_printf(out, "  %s of ", f == FOCUS_CALLEES ? "callees" : "callers");
        screen_name(a, name, -1, out);
    }
}

/* level 0: grouped numbers; 1: compact; 2: without the numbers (they would be cut). */
static void title_at(const struct app *a, struct buf *out, struct buf *right, int level,
                     int *numbers_end)
{
    const char *slash = strrchr(a->input, '/');
    const char *name = slash && slash[1] ? slash + 1 : a->input;  /* the title is short */
    enum ui_screen s = app_screen(a) == SCREEN_HELP ? app_under(a) : app_screen(a);
    size_t start = out->len;
    buf_printf(out, "flametui: ");
    safe_append(out, name, strlen(name));
    if (level < 2) {
        buf_printf(out, "  ");
        title_numbers(a, out, level == 1);
    }
    if (numbers_end)
        *numbers_end = cols_from(out, start);
    buf_printf(out, "  %s", a->vp.orient == ORIENT_FLAME ? "flame" : "icicle");
    if (a->vp.order == ORDER_WEIGHT)
        buf_printf(out, " heaviest-first");
    view_title(a, out);
    app_diff_title(a, out);
    if (s == SCREEN_TIME) {
        buf_printf(out, "  time view");
    } else if (s == SCREEN_TABLE) {
        buf_printf(out, "  hottest functions");
    } else if (a->zoom != TRIE_ROOT) {
        buf_printf(out, "  zoom ");
        screen_name(a, trie_name(a->t, a->zoom), -1, out);
    }
    buf_printf(out, "  ? help");
    if (right && (s == SCREEN_GRAPH || s == SCREEN_CALLERS))
        nav_scroll_text(a, right);
}

void app_title(const struct app *a, struct buf *out, struct buf *right)
{
    title_at(a, out, right, 0, NULL);
}

void app_title_fit(const struct app *a, int cols, struct buf *out, struct buf *right)
{
    size_t ol = out->len, rl = right ? right->len : 0;
    for (int level = 0; level < 3; level++) {
        int end;
        out->len = ol;
        if (right)
            right->len = rl;
        title_at(a, out, right, level, &end);
        int w = cols_from(out, ol);
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

void app_status_parts(const struct app *a, struct buf *left, struct buf *info,
                      struct buf *right)
{
    app_status_fit(a, INT_MAX / 2, left, info, right);
}

void app_status(const struct app *a, struct buf *left, struct buf *right)
{
    struct buf info = {0};
    app_status_parts(a, left, &info, right);
    buf_append(left, info.p, info.len);
    buf_fini(&info);
}

enum status_kind app_status_kind(const struct app *a)
{
    if (a->prompt != PROMPT_NONE)
        return STATUS_PROMPT;
    return a->msg[0] && a->msg_error ? STATUS_ERROR : STATUS_NORMAL;
}

int app_prompt_cursor(const struct app *a)
{
    if (a->prompt == PROMPT_NONE)
        return -1;
    return (int)strlen(prompt_label(a->prompt)) +
           label_width(lineedit_text(&a->le), a->le.cur, LABEL_AUTO);
}

void app_help_text(const struct app *a, struct buf *out)
{
    enum ui_screen s = app_screen(a) == SCREEN_HELP ? app_under(a) : app_screen(a);
    keymap_help_text(out, s);
    if (s == SCREEN_GRAPH || s == SCREEN_CALLERS || s == SCREEN_TABLE)
        buf_printf(out, "Prompts: Enter accepts, Esc cancels, Backspace on empty leaves\n");
}

int app_help_scroll(const struct app *a)
{
    return a->help_scroll;
}

/* ---- added by names: the status line fitted to a width, the detail pane ---- */

#define NAME_MIN 16   /* columns the name keeps before numbers get shorter forms */

static enum ui_screen shown_screen(const struct app *a)
{
    return app_screen(a) == SCREEN_HELP ? app_under(a) : app_screen(a);
}

/* The numbers after the selected frame's name; level 0 (all, grouped) .. 4 (none). */
static void frame_info(const struct app *a, const struct unit *u, int level, struct buf *info)
{
    uint32_t sel = a->sel;
    double tot = trie_total_d(a->t, sel), all = trie_total_d(a->t, TRIE_ROOT);
    bool zoomed = a->zoom != TRIE_ROOT && is_under(a->t, sel, a->zoom);
    double pz = zoomed ? ft_pct(tot, trie_total_d(a->t, a->zoom)) : 0;
    bool callers = shown_screen(a) == SCREEN_CALLERS;
    double prof = callers ? ft_pct(tot, trie_total_d(graph_profile(a->graph), TRIE_ROOT)) : 0;
    bool compact = level >= 1;
    if (level >= 4)
        return;
    if (level == 3) {
        if (callers)   /* the view's share is 100%: its share of all says more */
            buf_printf(info, "  all %.1f%%", prof);
        else
            buf_printf(info, "  %.1f%%", ft_pct(tot, all));
        if (zoomed)
            buf_printf(info, " zoom %.1f%%", pz);
        return;
    }
    buf_printf(info, "  ");
    if (level == 2) {
        put_number(info, trie_total(a->t, sel), u, true);
        buf_printf(info, " %.1f%%", ft_pct(tot, all));
        if (zoomed)
            buf_printf(info, " zoom %.1f%%", pz);
        if (callers)
            buf_printf(info, " all %.1f%%", prof);
        buf_printf(info, " self ");
        put_number(info, trie_self(a->t, sel), u, true);
        app_diff_status_short(a, info);
        return;
    }
    put_weight(info, trie_total(a->t, sel), u, compact);
    buf_printf(info, " (%.2f%%%s", ft_pct(tot, all), callers ? " of view" : "");
    if (zoomed)
        buf_printf(info, ", %.2f%% of zoom", pz);
    if (callers)   /* the view's 100% is this share of the profile */
        buf_printf(info, ", %.2f%% of all", prof);
    buf_printf(info, ") self ");
    put_number(info, trie_self(a->t, sel), u, compact);
    if (level == 0)
        app_diff_status(a, info);   /* --base: base, new, delta and its shares */
}

/* The numbers of the selected table row. */
static void row_info(const struct app *a, const struct unit *u, int level, struct buf *info)
{
    if (a->top_sel >= a->table.n || level >= 4)
        return;
    const struct top_row *r = &a->table.v[a->top_sel];
    double all = count_to_double(a->table.all);
    double ps = ft_pct(count_to_double(r->self), all), pt = ft_pct(count_to_double(r->total), all);
    if (level == 3) {
        buf_printf(info, "  %.1f%% / %.1f%%", ps, pt);
        return;
    }
    buf_printf(info, "  self ");
    put_number(info, r->self, u, level >= 1);
    buf_printf(info, level == 2 ? " %.1f%% total " : " (%.2f%%) total ", ps);
    put_number(info, r->total, u, level >= 1);
    buf_printf(info, level == 2 ? " %.1f%%" : " (%.2f%%)", pt);
    if (level == 0)
        app_diff_table_status(a, info);
}

/* Search and live counters; level 0 full, 1 short, 2 none. */
static void right_info(const struct app *a, const struct unit *u, int level, struct buf *right)
{
    if (level >= 2)
        return;
    if (a->search) {
        const char *p = search_pattern(a->search);
        buf_printf(right, "/");
        if (level == 0)
            safe_append(right, p, strlen(p));
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
        if (level == 0)
            buf_printf(right, "%s/s %.1f MB/s ", r, a->live.mbps);
    }
    /* perf input: the samples read; folded: the samples the stacks hold */
    struct count c = a->live.nevents ? count_u64(a->live.events[0].samples)
                                     : trie_total(a->base, TRIE_ROOT);
    struct unit su = *u;
    su.u = UNIT_SAMPLES;
    put_weight(right, c, &su, level > 0);
}

void app_status_fit(const struct app *a, int cols, struct buf *left, struct buf *info,
                    struct buf *right)
{
    enum ui_screen s = shown_screen(a);
    struct unit u;
    unit_of(a, &u);
    if (a->prompt != PROMPT_NONE || a->msg[0]) {
        if (a->prompt != PROMPT_NONE) {
            buf_printf(left, "%s", prompt_label(a->prompt));
            const char *p = lineedit_text(&a->le);
            safe_append(left, p, strlen(p));
        } else {
            safe_append(left, a->msg, strlen(a->msg));
        }
        right_info(a, &u, 0, right);
        return;
    }
    if (s == SCREEN_TIME) {   /* the time view: the cursor's cell and the range */
        time_status(a, left, info);
        right_info(a, &u, 0, right);
        return;
    }
    bool table = s == SCREEN_TABLE;
    if (table && a->top_sel >= a->table.n) {
        right_info(a, &u, 0, right);
        return;
    }
    uint32_t name = table ? a->table.v[a->top_sel].name : trie_name(a->t, a->sel);
    /* the name's width as shown whole (up to NAME_MIN) */
    struct buf nm = {0};
    screen_name(a, name, NAME_MIN, &nm);
    int nmin = text_cols(&nm);
    buf_fini(&nm);
    /* (numbers, right part): the search and live state stay longer than precision */
    static const int combos[][2] = {{0, 0}, {1, 0}, {0, 1}, {1, 1}, {2, 1}, {3, 1},
                                    {1, 2}, {2, 2}, {3, 2}, {4, 2}};
    size_t il = info->len, rl = right->len;
    int iw = 0, rw = 0;
    for (size_t k = 0; k < FT_ARRAY_LEN(combos); k++) {
        info->len = il;
        right->len = rl;
        if (table)
            row_info(a, &u, combos[k][0], info);
        else
            frame_info(a, &u, combos[k][0], info);
        right_info(a, &u, combos[k][1], right);
        iw = cols_from(info, il);
        rw = cols_from(right, rl);
        if (nmin + iw + (rw ? rw + 1 : 0) <= cols)
            break;
    }
    int room = cols - iw - (rw ? rw + 1 : 0);
    screen_name(a, name, room > 0 ? room : 0, left);
}

bool app_detail_open(const struct app *a)
{
    return a->detail;
}

/* Appends the safe text s[0..n) wrapped to cols columns (every line ends in '\n'). */
static void wrap(struct buf *out, const char *s, size_t n, int cols)
{
    int w = label_width(s, n, LABEL_AUTO);
    for (int skip = 0; skip < w || skip == 0;) {
        int got = label_slice(out, s, n, skip, cols);
        buf_putc(out, '\n');
        if (got <= 0)
            break;
        skip += got;
    }
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

FT_PRINTF(2, 3) static void item(struct buf *items, const char *fmt, ...)
{
    va_list ap;
    char tmp[256];
    va_start(ap, fmt);
    vsnprintf(tmp, sizeof(tmp), fmt, ap);
    va_end(ap);
    buf_append(items, tmp, strlen(tmp) + 1);
}

void app_detail_text(const struct app *a, int cols, struct buf *out)
{
    if (!a->detail || cols < 8)
        return;
    enum ui_screen s = shown_screen(a);
    struct unit u;
    unit_of(a, &u);
    struct buf name = {0}, items = {0};
    char w[NUMFMT_MAX + 80], x[NUMFMT_MAX + 80];
    uint32_t nid;
    if (s == SCREEN_TABLE) {
        if (a->top_sel >= a->table.n)
            return;
        const struct top_row *r = &a->table.v[a->top_sel];
        double all = count_to_double(a->table.all);
        nid = r->name;
        numfmt_weight(w, sizeof(w), r->total, u.u, u.event, false, u.ascii);
        item(&items, "total %s (%.2f%% of all)", w, ft_pct(count_to_double(r->total), all));
        numfmt_weight(w, sizeof(w), r->self, u.u, u.event, false, u.ascii);
        item(&items, "self %s (%.2f%%)", w, ft_pct(count_to_double(r->self), all));
        item(&items, "merged over every call site");
    } else {
        uint32_t sel = a->sel, par = trie_parent(a->t, sel);
        double tot = trie_total_d(a->t, sel);
        nid = trie_name(a->t, sel);
        numfmt_weight(w, sizeof(w), trie_total(a->t, sel), u.u, u.event, false, u.ascii);
        item(&items, "total %s", w);
        item(&items, "%.2f%% of %s", ft_pct(tot, trie_total_d(a->t, TRIE_ROOT)),
             s == SCREEN_CALLERS ? "the view" : "all");
        if (s == SCREEN_CALLERS)
            item(&items, "%.2f%% of all",
                 ft_pct(tot, trie_total_d(graph_profile(a->graph), TRIE_ROOT)));
        if (a->zoom != TRIE_ROOT && is_under(a->t, sel, a->zoom))
            item(&items, "%.2f%% of zoom", ft_pct(tot, trie_total_d(a->t, a->zoom)));
        if (par != TRIE_NONE)
            item(&items, "%.2f%% of parent", ft_pct(tot, trie_total_d(a->t, par)));
        numfmt_weight(x, sizeof(x), trie_self(a->t, sel), u.u, u.event, false, u.ascii);
        item(&items, "self %s (%.2f%%)", x,
             ft_pct(trie_self_d(a->t, sel), trie_total_d(a->t, TRIE_ROOT)));
        item(&items, "depth %u", trie_depth(a->t, sel));
        struct buf d = {0};   /* --base: base, new, delta and its shares */
        app_diff_status(a, &d);
        if (d.len > 2) {
            buf_putc(&d, '\0');
            item(&items, "%s", d.p + 2);
        }
        buf_fini(&d);
    }
    if (u.event[0]) {
        struct buf e = {0};
        safe_append(&e, u.event, strlen(u.event));
        buf_putc(&e, '\0');
        item(&items, "event %s", e.p);
        buf_fini(&e);
    }
    /* the full name, whatever L says: this is where it is always readable */
    if (nid == UINT32_MAX) {
        buf_printf(&name, "all");
    } else {
        size_t n;
        const char *p = strtab_get(trie_names(a->base), nid, &n);
        safe_name(&name, p, n);
    }
    wrap(out, name.p, name.len, cols);
    wrap_items(out, &items, cols);
    buf_fini(&name);
    buf_fini(&items);
}

const char *app_event_request(const struct app *a)
{
    return a->event_next;
}

void app_event_done(struct app *a, const char *msg)
{
    a->event_next[0] = '\0';
    if (msg && *msg)
        app_message(a, "%s", msg);
}

enum reaction app_next_event(struct app *a)
{
    if (a->live.nevents < 2) {
        app_message(a, a->live.nevents ? "only one event in this input"
                                       : "events: only for perf script input");
        return RE_REDRAW;
    }
    /* the next name in byte order after the shown one (wrapping): a cycle through all */
    const char *cur = a->live.events[0].name, *next = NULL, *first = NULL;
    for (size_t i = 1; i < a->live.nevents; i++) {
        const char *e = a->live.events[i].name;
        if (!first || strcmp(e, first) < 0)
            first = e;
        if (strcmp(e, cur) > 0 && (!next || strcmp(e, next) < 0))
            next = e;
    }
    snprintf(a->event_next, sizeof(a->event_next), "%s", next ? next : first);
    app_message(a, "reading the input again for event %s", a->event_next);
    return RE_REDRAW;
}
