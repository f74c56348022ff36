/* SPDX-License-Identifier: MIT */
/* flametui - keep.c: see keep.h; and the app's keys for it (y Y S C, Ctrl-C in a live
 * session), the --save write and the start paths (--zoom, --select). */
#include "config.h"

#include "ui/keep.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "core/strtab.h"
#include "core/trie.h"
#include "query/graph.h"
#include "query/search.h"
#include "render/collapse.h"
#include "ui/state.h"

/* ---- atomic files ---- */

typedef int (*write_fn)(FILE *f, void *ctx);

/* "~/x" -> "$HOME/x" into out (NUL-terminated). */
static void expand_home(struct buf *out, const char *path)
{
    const char *home = getenv("HOME");
    out->len = 0;
    if (path[0] == '~' && path[1] == '/' && home && *home) {
        buf_printf(out, "%s%s", home, path + 1);
    } else {
        buf_append(out, path, strlen(path));
    }
    buf_putc(out, '\0');
}

static int write_atomic(const char *path, mode_t mode, write_fn fn, void *ctx,
                        struct ft_error *err)
{
    struct buf dst = {0}, tmp = {0};
    int rc = -1, fd = -1;
    FILE *f = NULL;
    expand_home(&dst, path);
    const char *slash = strrchr(dst.p, '/');
    size_t dirlen = slash ? (size_t)(slash - dst.p) + 1 : 0;
    if (!dst.p[dirlen]) {
        ft_error_set(err, 0, "%s: not a file name", path);
        goto out;
    }
    buf_append(&tmp, dst.p, dirlen);
    buf_printf(&tmp, ".%s.XXXXXX", dst.p + dirlen);
    buf_putc(&tmp, '\0');
    fd = mkostemp(tmp.p, O_CLOEXEC);
    if (fd < 0) {
        ft_error_set(err, 0, "cannot write %s: %s", path, strerror(errno));
        goto out;
    }
    struct stat st;
    if (stat(dst.p, &st) == 0 && S_ISREG(st.st_mode)) {
        mode = st.st_mode & 07777;
    } else {
        mode_t um = umask(0);
        umask(um);
        mode &= ~um;
    }
    if (fchmod(fd, mode) < 0 || !(f = fdopen(fd, "w"))) {
        ft_error_set(err, 0, "cannot write %s: %s", path, strerror(errno));
        goto fail;
    }
    fd = -1;
    if (fn(f, ctx) < 0 || fflush(f) != 0 || ferror(f) || fsync(fileno(f)) < 0) {
        ft_error_set(err, 0, "cannot write %s: %s", path, strerror(errno ? errno : EIO));
        goto fail;
    }
    int e = fclose(f);
    f = NULL;
    if (e != 0 || rename(tmp.p, dst.p) < 0) {
        ft_error_set(err, 0, "cannot write %s: %s", path, strerror(errno));
        goto fail;
    }
    rc = 0;
    goto out;
fail:
    if (f)
        fclose(f);
    if (fd >= 0)
        close(fd);
    unlink(tmp.p);
out:
    buf_fini(&dst);
    buf_fini(&tmp);
    return rc;
}

static int write_trie(FILE *f, void *ctx)
{
    return collapse_write(f, ctx);
}

int keep_write_folded(const char *path, struct trie *t, struct ft_error *err)
{
    errno = 0;
    return write_atomic(path, 0666, write_trie, t, err);
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

/* ---- history ---- */

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

void keep_history_read(const char *path, void (*fn)(void *ctx, const char *line), void *ctx)
{
    FILE *f = fopen(path, "re");
    char *line = NULL;
    size_t cap = 0;
    ssize_t n;
    if (!f)
        return;
    while ((n = getline(&line, &cap, f)) > 0) {
        if (line[n - 1] == '\n')
            line[--n] = '\0';
        if (n > 0 && strlen(line) == (size_t)n)
            fn(ctx, line);
    }
    free(line);
    fclose(f);
}

struct lines {
    char **v;
    size_t n;
};

static void collect(void *ctx, const char *line)
{
    struct lines *l = ctx;
    l->v = xreallocarray(l->v, l->n + 1, sizeof *l->v);
    l->v[l->n++] = xstrdup(line);
}

static int write_lines(FILE *f, void *ctx)
{
    const struct lines *l = ctx;
    size_t first = l->n > KEEP_HISTORY_MAX ? l->n - KEEP_HISTORY_MAX : 0;
    for (size_t i = first; i < l->n; i++)
        if (l->v[i] && fprintf(f, "%s\n", l->v[i]) < 0)
            return -1;
    return 0;
}

/* mkdir -p of the directory part of path, 0700 (XDG: user-only). */
static void make_dirs(const char *path)
{
    char *p = xstrdup(path);
    for (char *s = p + 1; *s; s++) {
        if (*s != '/')
            continue;
        *s = '\0';
        mkdir(p, 0700);
        *s = '/';
    }
    free(p);
}

int keep_history_add(const char *path, const char *line)
{
    struct lines l = {0};
    if (!*line || strchr(line, '\n'))
        return 0;
    keep_history_read(path, collect, &l);
    for (size_t i = 0; i < l.n; i++)
        if (l.v[i] && !strcmp(l.v[i], line)) {
            free(l.v[i]);
            l.v[i] = NULL;
        }
    collect(&l, line);
    /* the bound counts kept lines: drop the moved duplicates first */
    size_t k = 0;
    for (size_t i = 0; i < l.n; i++)
        if (l.v[i])
            l.v[k++] = l.v[i];
    l.n = k;
    make_dirs(path);
    int rc = write_atomic(path, 0600, write_lines, &l, NULL);
    for (size_t i = 0; i < l.n; i++)
        free(l.v[i]);
    free(l.v);
    return rc;
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

static void history_line(void *ctx, const char *line)
{
    lineedit_history_add(ctx, line);
}

void keep_history_load(struct app *a, const char *path)
{
    free(a->history);
    a->history = path ? xstrdup(path) : NULL;
    if (a->history)
        keep_history_read(a->history, history_line, &a->le);
}

void keep_history_accepted(struct app *a, const char *line)
{
    if (a->history && keep_history_add(a->history, line) < 0) {
        free(a->history);   /* unwritable: say it once, go on without */
        a->history = NULL;
    }
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
    uint32_t f;
    enum graph_focus fo = graph_focus(a->graph, &f);
    if (fo != FOCUS_NONE)
        app_message(a, "saved the %s view as shown to %s",
                    fo == FOCUS_CALLERS ? "callers" : "callees", path);
    else if (what.p[0] || graph_windowed(a->graph))
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
        app_message(a, "%s", a->clip.p);
        a->clip.len--;
        return RE_COPY | RE_REDRAW;
    }
    default:
        return RE_NONE;
    }
}
