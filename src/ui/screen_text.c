/* flametui - screen_text.c: the text of the title line, the status line and the help,
 * made safe for a terminal (label.h) from the app's state. Pure. */
#include "config.h"

#include "ui/app_impl.h"

#include <string.h>

#include "core/count.h"
#include "core/strtab.h"
#include "core/trie.h"
#include "query/graph.h"
#include "query/search.h"
#include "render/label.h"

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

static void fmt_count(struct buf *out, struct count c)
{
    char tmp[COUNT_FMT_MAX];
    count_format(tmp, c);
    buf_printf(out, "%s", tmp);
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
        size_t n;
        const char *s = strtab_get(trie_names(a->base), name, &n);
        buf_printf(out, "  %s of ", f == FOCUS_CALLEES ? "callees" : "callers");
        safe_name(out, s, n);
    }
}

void app_title(const struct app *a, struct buf *out, struct buf *right)
{
    const char *slash = strrchr(a->input, '/');
    const char *name = slash && slash[1] ? slash + 1 : a->input;  /* the title is short */
    enum ui_screen s = app_screen(a) == SCREEN_HELP ? app_under(a) : app_screen(a);
    buf_printf(out, "flametui: ");
    safe_append(out, name, strlen(name));
    buf_printf(out, "  ");
    fmt_count(out, trie_total(a->base, TRIE_ROOT));
    buf_printf(out, " samples  %s", a->vp.orient == ORIENT_FLAME ? "flame" : "icicle");
    if (a->vp.order == ORDER_WEIGHT)
        buf_printf(out, " heaviest-first");
    view_title(a, out);
    if (s == SCREEN_TIME) {
        buf_printf(out, "  time view");
    } else if (s == SCREEN_TABLE) {
        buf_printf(out, "  hottest functions");
    } else if (a->zoom != TRIE_ROOT) {
        buf_printf(out, "  zoom ");
        app_safe_name(a, a->zoom, out);
    }
    buf_printf(out, "  ? help");
    if (right && (s == SCREEN_GRAPH || s == SCREEN_CALLERS))
        nav_scroll_text(a, right);
}

static bool is_under(const struct trie *t, uint32_t node, uint32_t anc)
{
    while (node != TRIE_NONE && node != anc)
        node = trie_parent(t, node);
    return node == anc;
}

static void frame_status(const struct app *a, struct buf *left, struct buf *info)
{
    double tot = trie_total_d(a->t, a->sel);
    app_safe_name(a, a->sel, left);
    buf_printf(info, "  ");
    fmt_count(info, trie_total(a->t, a->sel));
    buf_printf(info, " samples (%.2f%%", ft_pct(tot, trie_total_d(a->t, TRIE_ROOT)));
    if (a->zoom != TRIE_ROOT && is_under(a->t, a->sel, a->zoom))
        buf_printf(info, ", %.2f%% of zoom", ft_pct(tot, trie_total_d(a->t, a->zoom)));
    buf_printf(info, ") self ");
    fmt_count(info, trie_self(a->t, a->sel));
}

void app_status_parts(const struct app *a, struct buf *left, struct buf *info,
                      struct buf *right)
{
    enum ui_screen s = app_screen(a) == SCREEN_HELP ? app_under(a) : app_screen(a);
    if (a->prompt != PROMPT_NONE) {
        buf_printf(left, "%s", prompt_label(a->prompt));
        const char *p = lineedit_text(&a->le);
        safe_append(left, p, strlen(p));
    } else if (a->msg[0]) {
        safe_append(left, a->msg, strlen(a->msg));
    } else if (s == SCREEN_TABLE) {
        table_status(a, left, info);
    } else if (s == SCREEN_TIME) {
        time_status(a, left, info);
    } else {
        frame_status(a, left, info);
    }
    if (a->search) {
        const char *p = search_pattern(a->search);
        buf_printf(right, "/");
        safe_append(right, p, strlen(p));
        /* after n/N: "match K/N" of the selection among the matches inside the zoom */
        if (search_too_expensive(a->search))   /* it gave up: its matches mean nothing */
            buf_printf(right, " pattern too expensive");
        else if (a->rank_node == a->sel && a->rank_k > 0 &&
                 a->rank_gen == trie_generation(a->t))
            buf_printf(right, " match %zu/%zu,", a->rank_k, a->rank_n);
        else
            buf_printf(right, " match");
        if (!search_too_expensive(a->search))
            buf_printf(right, " %.1f%%", 100.0 * search_share(a->search, a->zoom));
    }
    if (a->live.error[0])
        buf_printf(right, "%sINPUT ERROR", right->len ? "  " : "");
    if (a->live.live == LIVE_NONE)
        return;
    if (right->len)
        buf_printf(right, "  ");
    if (a->paused)
        buf_printf(right, "PAUSED ");
    if (a->live.live == LIVE_EOF)
        buf_printf(right, "EOF ");
    else
        buf_printf(right, "%s %.0f/s %.1f MB/s ", a->live.live == LIVE_LOAD ? "LOADING" : "LIVE",
                   a->live.rate, a->live.mbps);
    fmt_count(right, trie_total(a->base, TRIE_ROOT));
    buf_printf(right, " samples");
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
