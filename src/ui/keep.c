/* SPDX-License-Identifier: MIT */
/* flametui - keep.c: see keep.h: folded files, OSC 52, shell quoting, the history file's
 * path; and the app's keys for them (y Y S C, Ctrl-C in a live session), the --save
 * write and the start paths (--zoom, --select). */
#include "config.h"

#include "ui/keep.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/strtab.h"
#include "core/trie.h"
#include "query/graph.h"
#include "query/search.h"
#include "query/timeline.h"
#include "render/collapse.h"
#include "ui/atomic_file.h"
#include "ui/nav.h"
#include "ui/prompt.h"
#include "ui/state.h"

/* ---- folded files ---- */

static int write_trie(FILE *f, void *ctx)
{
    return collapse_write(f, ctx);
}

int keep_write_folded(const char *path, struct trie *t, struct ft_error *err)
{
    errno = 0;
    return atomic_file_write(path, 0666, write_trie, t, err);
}

/* ---- OSC 52 and shell quoting ---- */

void keep_osc52(struct buf *out, const char *p, size_t n, bool dcs)
{
    static const char b64[] =
        "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    const unsigned char *s = (const unsigned char *)p;
    if (dcs)
        buf_printf(out, "\033P");
    buf_printf(out, "\033]52;c;");
    for (size_t i = 0; i < n; i += 3) {
        unsigned v = (unsigned)s[i] << 16;
        if (i + 1 < n)
            v |= (unsigned)s[i + 1] << 8;
        if (i + 2 < n)
            v |= s[i + 2];
        buf_putc(out, b64[(v >> 18) & 63]);
        buf_putc(out, b64[(v >> 12) & 63]);
        buf_putc(out, i + 1 < n ? b64[(v >> 6) & 63] : '=');
        buf_putc(out, i + 2 < n ? b64[v & 63] : '=');
    }
    buf_putc(out, '\a');
    if (dcs)
        buf_printf(out, "\033\\");
}

void keep_shell_quote(struct buf *out, const char *s, size_t n)
{
    bool plain = n > 0;
    for (size_t i = 0; i < n && plain; i++)
        plain = strchr("_@%+=:,./-", s[i]) ? s[i] != '\0'
                : (s[i] >= 'a' && s[i] <= 'z') || (s[i] >= 'A' && s[i] <= 'Z') ||
                      (s[i] >= '0' && s[i] <= '9');
    if (plain) {
        buf_append(out, s, n);
        return;
    }
    buf_putc(out, '\'');
    for (size_t i = 0; i < n; i++) {
        if (s[i] == '\'')
            buf_printf(out, "'\\''");
        else
            buf_putc(out, s[i]);
    }
    buf_putc(out, '\'');
}

/* ---- the history file's path ---- */

bool keep_history_path(struct buf *out)
{
    const char *x = getenv("XDG_STATE_HOME"), *h = getenv("HOME");
    out->len = 0;
    if (x && x[0] == '/')   /* the spec: a relative path is invalid, ignore it */
        buf_printf(out, "%s/flametui/history", x);
    else if (h && *h)
        buf_printf(out, "%s/.local/state/flametui/history", h);
    else
        return false;
    buf_putc(out, '\0');
    return true;
}

/* ---- the app's side ---- */

static const struct strtab *names_of(const struct app *a)
{
    return trie_names(a->base);
}

/* "a;b;c" -> name ids (interned: a live input may not have them yet). */
static void parse_path(struct app *a, const char *s, struct name_path *p)
{
    p->n = 0;
    while (s && *s) {
        const char *e = strchr(s, ';');
        size_t len = e ? (size_t)(e - s) : strlen(s);
        FT_GROW(p->v, p->cap, p->n + 1);
        p->v[p->n++] = strtab_intern(trie_names(a->base), s, len);
        s = e ? e + 1 : NULL;
    }
}

void keep_start_paths(struct app *a, const char *zoom, const char *select)
{
    if (!(zoom && *zoom) && !(select && *select))
        return;
    if (zoom && *zoom)
        parse_path(a, zoom, &a->zoom_path);
    if (select && *select)
        parse_path(a, select, &a->sel_path);
    else
        state_path_copy(&a->sel_path, &a->zoom_path);
    state_path_copy(&a->trail, &a->sel_path);
    nav_sync(a, true);
    nav_keep_visible(a);
}

enum reaction keep_interrupt(struct app *a)
{
    if (a->live.live == UI_LIVE_ON && !a->interrupted) {
        a->interrupted = true;
        a->paused = false;
        app_message(a, "Ctrl-C: recording stopped, profile kept (q or Ctrl-C again: quit)");
        return RE_INTERRUPT | RE_REDRAW;
    }
    return RE_QUIT;
}

static void append_name(const struct app *a, struct buf *out, uint32_t id)
{
    size_t n;
    const char *s = strtab_get(names_of(a), id, &n);
    buf_append(out, s, n);
}

static void path_text(const struct app *a, const struct name_path *p, struct buf *out)
{
    for (size_t i = 0; i < p->n; i++) {
        if (i)
            buf_putc(out, ';');
        append_name(a, out, p->v[i]);
    }
}

static void opt(struct buf *out, const char *name, const char *val, size_t n)
{
    buf_printf(out, " %s=", name);
    keep_shell_quote(out, val, n);
}

/* The profile's zoom and selection: the current screen's or the one below it's when
 * it shows something else (callers/callees keep them aside). */
static void profile_paths(const struct app *a, const struct name_path **zp,
                          const struct name_path **sp)
{
    const struct screen_ops *cur = state_ops(a), *under = a->ops[app_under(a)];
    *zp = &a->zoom_path;
    *sp = &a->sel_path;
    if (cur->profile_paths)
        cur->profile_paths(a, zp, sp);
    else if (under->profile_paths)
        under->profile_paths(a, zp, sp);
}

/* Microseconds as seconds, without trailing zeros ("1.5", "2"). */
static void seconds(struct buf *out, uint64_t us)
{
    char frac[8];
    snprintf(frac, sizeof frac, "%06u", (unsigned)(us % 1000000));
    for (int i = 5; i >= 0 && frac[i] == '0'; i--)
        frac[i] = '\0';
    buf_printf(out, "%llu%s%s", (unsigned long long)(us / 1000000), frac[0] ? "." : "", frac);
}

/* What the state holds beyond the filters and the view: the process level, recursion,
 * the time range, the names and the perf event (e changes it). */
static void state_options(const struct app *a, struct buf *out)
{
    uint64_t from, to;
    enum perf_group grp = graph_group(a->graph);
    if (grp != GROUP_COMM)
        buf_printf(out, " --group=%s", samples_group_word(grp));
    if (graph_recursion(a->graph))
        buf_printf(out, " --collapse-recursion");
    if (graph_range(a->graph, &from, &to)) {
        if (from) {
            buf_printf(out, " --from=");
            seconds(out, from);
        }
        if (to != TIMELINE_END) {
            buf_printf(out, " --to=");
            seconds(out, to);
        }
    }
    if (a->names_full)
        buf_printf(out, " --names=full");
    const char *ev = a->live.nevents >= 2 ? a->live.events[0].name : a->cmd_event;
    if (ev && *ev)
        opt(out, "--event-filter", ev, strlen(ev));
}

void keep_cmdline(const struct app *a, struct buf *out)
{
    static const char *const kinds[] = {"--include", "--exclude", "--hide"};
    const struct name_path *zp, *sp;
    profile_paths(a, &zp, &sp);
    struct buf tmp = {0};
    buf_printf(out, "flametui%s", a->cmd_args ? a->cmd_args : "");
    if (a->vp.orient == ORIENT_ICICLE)
        buf_printf(out, " -i");
    if (a->reverse)
        buf_printf(out, " -r");
    state_options(a, out);
    for (size_t i = 0; i < graph_filter_count(a->graph); i++) {
        const char *re = graph_filter_pattern(a->graph, i);
        opt(out, kinds[graph_filter_kind(a->graph, i)], re, strlen(re));
    }
    if (a->search) {
        const char *re = search_pattern(a->search);
        opt(out, "--search", re, strlen(re));
    }
    if (zp->n) {
        path_text(a, zp, &tmp);
        opt(out, "--zoom", tmp.p, tmp.len);
    }
    if (sp->n && !(sp->n == zp->n && !memcmp(sp->v, zp->v, sp->n * sizeof *sp->v))) {
        tmp.len = 0;
        path_text(a, sp, &tmp);
        opt(out, "--select", tmp.p, tmp.len);
    }
    buf_printf(out, "%s", a->cmd_files ? a->cmd_files : "");
    buf_fini(&tmp);
}

/* The selected frame's name (y) or its stack, root first, one per line (Y). */
static enum reaction copy(struct app *a, bool stack)
{
    size_t n;
    uint32_t row;
    const struct screen_ops *o = state_ops(a);
    a->clip.len = 0;
    if (o->row_name) {
        if (!o->row_name(a, &row))
            return RE_NONE;
        const char *s = strtab_get(names_of(a), row, &n);
        buf_append(&a->clip, s, n);
    } else if (a->sel == TRIE_ROOT) {
        app_message(a, "select a frame first");
        return RE_REDRAW;
    } else if (!stack) {
        const char *s = trie_label(a->t, a->sel, &n);
        buf_append(&a->clip, s, n);
    } else {
        size_t d = trie_depth(a->t, a->sel);
        uint32_t *path = xcalloc(d + 1, sizeof *path);
        size_t k = trie_path(a->t, a->sel, path);
        for (size_t i = 0; i < k; i++) {
            if (path[i] == TRIE_ROOT)
                continue;
            const char *s = trie_label(a->t, path[i], &n);
            buf_append(&a->clip, s, n);
            buf_putc(&a->clip, '\n');
        }
        free(path);
    }
    if (stack) {
        app_message(a, "copied (OSC 52): the stack of %u frames", (unsigned)trie_depth(a->t, a->sel));
    } else {
        a->msg[0] = '\0';
        size_t room = sizeof a->msg - 1, pre = strlen("copied (OSC 52): ");
        memcpy(a->msg, "copied (OSC 52): ", pre);
        n = a->clip.len < room - pre ? a->clip.len : room - pre;
        if (n)   /* an empty name: clip.p may be NULL */
            memcpy(a->msg + pre, a->clip.p, n);   /* raw: the status line makes it safe */
        a->msg[pre + n] = '\0';
    }
    return RE_COPY | RE_REDRAW;
}

static enum reaction save_accept(struct app *a, const char *path)
{
    struct ft_error err = {0, ""};
    struct buf what = {0};
    if (!*path)
        return RE_REDRAW;
    state_lazy_complete(a);   /* every stack */
    if (keep_write_folded(path, a->t, &err) < 0) {
        app_message(a, "%s", err.msg);
        a->msg_error = true;
        return RE_REDRAW;
    }
    graph_describe(a->graph, &what);
    buf_putc(&what, '\0');
    if (what.p[0] || graph_windowed(a->graph))
        app_message(a, "saved the view as shown (%s%s%s) to %s; --save writes all samples",
                    what.p, what.p[0] && graph_windowed(a->graph) ? ", " : "",
                    graph_windowed(a->graph) ? "window" : "", path);
    else
        app_message(a, "saved all samples to %s", path);
    buf_fini(&what);
    return RE_REDRAW;
}

/* S: the file name, then the view as shown (no history for file names) */
static const struct prompt_ops save_prompt = {"save the view as shown to: ", NULL, false, NULL,
                                              save_accept};

enum reaction keep_action(struct app *a, enum action act)
{
    switch (act) {
    case ACT_INTERRUPT:
        return keep_interrupt(a);
    case ACT_COPY_NAME:
    case ACT_COPY_STACK:
        return copy(a, act == ACT_COPY_STACK);
    case ACT_SAVE:
        return prompt_open(a, &save_prompt);
    case ACT_CMDLINE: {
        a->clip.len = 0;
        keep_cmdline(a, &a->clip);
        buf_putc(&a->clip, '\0');
        app_message(a, "%s%s", a->clip.p,
                    a->cmd_stdin ? "  (stdin cannot be reopened: use --tee=FILE)" : "");
        a->clip.len--;
        return RE_COPY | RE_REDRAW;
    }
    default:
        return RE_NONE;
    }
}
