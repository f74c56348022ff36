/* SPDX-License-Identifier: MIT */
/* flametui - main.c: options -> load -> tui_run() or a non-interactive output.
 * The only caller of exit() besides die(). */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <locale.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/stat.h>
#include <unistd.h>

#include "render/layout.h"
#include "input/loader.h"
#include "ui/options.h"
#include "query/graph.h"
#include "query/regex.h"
#include "query/search.h"
#include "render/collapse.h"
#include "render/svg.h"
#include "render/theme.h"
#include "render/names.h"
#include "render/textrender.h"
#include "query/top.h"
#include "query/view.h"
#include "core/strtab.h"
#include "core/samples.h"
#include "core/trie.h"
#include "query/timeline.h"
#include "tui/tui.h"
#include "core/util.h"
#include "core/diff.h"
#include "render/diffcollapse.h"
#include "ui/keep.h"

static void print_err(const char *p, size_t n);

static void usage_error(const char *msg)
{
    print_err(msg, strlen(msg));
    fputs("Try 'flametui --help' for more information.\n", stderr);
    exit(2);
}

/* stderr shows file names and names from the input: on a terminal, escape sequences in
 * them must not act (label.h), as on the screen and on stdout. */
static void print_err(const char *p, size_t n)
{
    static int tty = -1;
    if (tty < 0)
        tty = isatty(STDERR_FILENO);
    struct buf b = {0};
    buf_printf(&b, "flametui: ");
    if (tty)
        label_escape(&b, p, n, LABEL_AUTO);
    else
        buf_append(&b, p, n);
    buf_putc(&b, '\n');
    fwrite(b.p, 1, b.len, stderr);
    buf_fini(&b);
}

static void report_error(const char *name, const struct ft_error *e)
{
    char msg[4096 + 256];
    ft_error_format(e, name, msg, sizeof(msg));
    print_err(msg, strlen(msg));
}

#define MAX_COLS 100000   /* --cols' range in ui/options.c: COLUMNS gets the same cap */

static int terminal_cols(void)
{
    struct winsize ws;
    const char *c = getenv("COLUMNS");
    if (ioctl(STDOUT_FILENO, TIOCGWINSZ, &ws) == 0 && ws.ws_col > 0)
        return ws.ws_col;
    if (c && *c) {
        char *end;
        errno = 0;
        long v = strtol(c, &end, 10);
        if (v > 0 && !*end)
            return v > MAX_COLS || errno == ERANGE ? MAX_COLS : (int)v;
    }
    return 80;
}

/* Exits 2: pattern gave up on backtracking (regex.h), its matches would be wrong. */
static void too_expensive(const char *pattern, struct graph *g)
{
    fprintf(stderr, "flametui: pattern too expensive: '%s'\n", pattern);
    graph_free(g);
    exit(2);
}

/* The derive pipeline over t for the non-interactive outputs: the filters, in order,
 * and reverse. Exits 2 on a bad regex. The caller frees the graph. */
static struct graph *apply_view(const struct options *o, struct trie *t)
{
    struct graph *g = graph_new(t);
    struct ft_error err = {0};
    for (size_t i = 0; i < o->nfilters; i++) {
        if (graph_push_filter(g, o->filters[i].kind, o->filters[i].re, &err) < 0) {
            if (i >= VIEW_MAX_FILTERS)   /* not the regex's fault */
                fprintf(stderr, "flametui: %s\n", err.msg);
            else
                fprintf(stderr, "flametui: invalid regex '%s': %s\n", o->filters[i].re,
                        err.msg);
            graph_free(g);
            exit(2);
        }
    }
    graph_set_reverse(g, o->reverse);
    graph_set_recursion(g, o->collapse_recursion);
    return g;
}

/* Writes p[0..n) with every line made safe (label.h): --collapse and --top print raw
 * frame names, whose escape sequences must not act on a terminal. Returns 0 or -1. */
static int write_safe(FILE *out, const char *p, size_t n)
{
    struct buf b = {0};
    for (size_t i = 0; i < n;) {
        const char *nl = memchr(p + i, '\n', n - i);
        size_t l = nl ? (size_t)(nl - (p + i)) : n - i;
        label_escape(&b, p + i, l, LABEL_AUTO);
        if (nl)
            buf_putc(&b, '\n');
        i += l + (nl ? 1 : 0);
    }
    int rc = b.len && fwrite(b.p, 1, b.len, out) != b.len ? -1 : 0;
    buf_fini(&b);
    return rc;
}

/* --svg[=FILE]: the shown trie as flamegraph.pl would draw it; the subtitle names the
 * input and the view (filters, reverse). Returns 0, or -1 (errno set). */
/* --zoom=PATH for the SVG: the node at PATH (frames joined by ';'), or the deepest
 * frame of it that exists (as the viewer does); the root for NULL. */
static uint32_t zoom_node(struct trie *t, const char *path)
{
    uint32_t node = TRIE_ROOT;
    for (const char *p = path; p && *p;) {
        const char *e = strchr(p, ';');
        size_t len = e ? (size_t)(e - p) : strlen(p);
        uint32_t name = strtab_lookup(trie_names(t), p, len);
        uint32_t k = name == UINT32_MAX ? TRIE_NONE : trie_find_child(t, node, name);
        if (k == TRIE_NONE)
            break;
        node = k;
        p = e ? e + 1 : p + len;
    }
    return node;
}

static int output_svg(const struct options *o, struct graph *g, struct trie *t)
{
    struct buf sub = {0};
    for (size_t i = 0; i < o->nfiles; i++) {
        const char *f = strcmp(o->files[i], "-") ? o->files[i] : "standard input";
        buf_printf(&sub, "%s%s", i ? ", " : "", f);
    }
    size_t len = sub.len;
    buf_append(&sub, "  ", 2);
    graph_describe(g, &sub);
    if (sub.len == len + 2)
        sub.len = len;
    buf_putc(&sub, '\0');
    struct svg_opts so = {
        .icicle = o->icicle,
        .subtitle = sub.p,
        .search = o->search,
        .search_icase = o->search && regex_smartcase_lower(o->search),
    };
    theme_palette_parse(o->colors, &so.palette);
    if (trie_has_base(t)) {   /* --base: flamegraph.pl's red/blue differential frames */
        so.self_delta = svg_own_base_delta;
        so.maxdelta = svg_own_base_maxdelta(t);
    }
    FILE *f = o->svg_file ? fopen(o->svg_file, "w") : stdout;
    int rc = -1;
    if (f) {
        rc = svg_write(f, t, zoom_node(t, o->zoom), &so);
        if (f != stdout && fclose(f) != 0)
            rc = -1;
    }
    buf_fini(&sub);
    return rc;
}

static int output(const struct options *o, struct trie *base)
{
    struct graph *g = apply_view(o, base);
    /* --top: self samples belong to the function, so the table is of the profile, never
     * of the reversed trie (where every frame but the process would have self 0) */
    struct trie *t = o->mode == OUT_TOP ? graph_profile(g) : graph_shown(g);
    struct search *s = NULL;
    int rc = 0;
    /* a catastrophic filter matched nothing from some name on (regex.h): say so */
    if (graph_too_expensive(g))
        too_expensive(graph_too_expensive(g), g);
    if (o->search) {
        struct ft_error err = {0};
        s = search_new(o->search, &err);
        if (!s) {
            fprintf(stderr, "flametui: invalid regex '%s': %s\n", o->search, err.msg);
            rc = 2;
            goto out;
        }
        search_attach(s, t);
        if (search_too_expensive(s)) {
            search_free(s);
            too_expensive(o->search, g);
        }
    }
    /* raw names go to pipes and files as they are, to a terminal only made safe */
    char *mem = NULL;
    size_t memlen = 0;
    FILE *dst = NULL;
    if ((o->mode == OUT_COLLAPSE || o->mode == OUT_TOP) && isatty(STDOUT_FILENO))
        dst = open_memstream(&mem, &memlen);
    switch (o->mode) {
    case OUT_COLLAPSE:
        rc = trie_has_base(t) ? collapse_write_diff(dst ? dst : stdout, t)
                              : collapse_write(dst ? dst : stdout, t);
        break;
    case OUT_TOP:
        rc = top_print(dst ? dst : stdout, t, o->top_n);
        break;
    case OUT_SVG:
        rc = output_svg(o, g, t);
        if (rc < 0 && o->svg_file && errno != EPIPE) {
            fprintf(stderr, "flametui: %s: %s\n", o->svg_file, strerror(errno));
            rc = 1;
            goto out;
        }
        break;
    default: {
        struct viewport vp = {
            .cols = o->cols ? o->cols : terminal_cols(),
            .rows = o->rows,
            .orient = o->icicle ? ORIENT_ICICLE : ORIENT_FLAME,
            .order = ORDER_NAME,
        };
        struct names *nm = o->names_full ? NULL
                                          : names_new(label_mode_resolve(LABEL_AUTO) ==
                                                      LABEL_ASCII);
        rc = textrender_print_names(stdout, t, TRIE_ROOT, &vp, s ? search_matches(s) : NULL,
                                    nm);
        names_free(nm);
        break;
    }
    }
    if (dst) {
        if (fclose(dst) != 0)
            rc = -1;
        if (rc == 0)
            rc = write_safe(stdout, mem, memlen);
        free(mem);
    }
    if (fflush(stdout) != 0)
        rc = -1;
    if (rc < 0) {
        /* a reader that stopped early (| head) is not an error, even with SIGPIPE ignored */
        if (errno == EPIPE) {
            rc = 0;
        } else {
            fprintf(stderr, "flametui: write error: %s\n", strerror(errno));
            rc = 1;
        }
    }
out:
    search_free(s);
    graph_free(g);
    return rc;
}

/* Reads inputs to their end, reporting as the non-interactive path does. 0 or 1. */
static int run_loaders(struct loader **ls, size_t n)
{
    struct ft_error err = {0};
    for (size_t i = 0; i < n; i++) {
        struct buf msg = {0};
        int bad = loader_run(ls[i], &err) < 0;
        if (bad)
            report_error(loader_name(ls[i]), &err);
        if (loader_report(ls[i], &msg))   /* one line per summary, without the prefix */
            for (size_t k = 0; k < msg.len;) {
                const char *nl = memchr(msg.p + k, '\n', msg.len - k);
                size_t len = nl ? (size_t)(nl - (msg.p + k)) : msg.len - k;
                print_err(msg.p + k, len);
                k += len + 1;
            }
        buf_fini(&msg);
        if (bad)
            return 1;
    }
    return 0;
}

/* Diff mode (--base): reads the base files into a trie sharing t's names and attaches
 * them to t (core/diff.h). --normalize and --strip-hex need the whole new profile: its
 * loaders are read to their end first (ls may be NULL when that was done). 0 or 1. */
static int attach_base(const struct options *o, const struct load_opts *lo, struct trie *t,
                       struct loader **ls, size_t nls)
{
    struct load_opts blo = *lo;
    blo.follow = false;
    blo.interactive = false;
    struct trie *bt = trie_new(trie_names(t));
    struct ft_error err = {0};
    int rc = 0;
    for (size_t i = 0; i < o->nbases && rc == 0; i++) {
        struct loader *l = loader_open(o->bases[i], &blo, bt, &err);
        if (!l) {
            report_error(o->bases[i], &err);
            rc = 1;
            break;
        }
        rc = run_loaders(&l, 1);
        loader_free(l);
    }
    if (rc == 0 && ls && (o->normalize || o->strip_hex))
        rc = run_loaders(ls, nls);
    if (rc == 0) {
        if (o->strip_hex) {
            diff_strip_hex(bt);
            diff_strip_hex(t);
            for (size_t i = 0; ls && i < nls; i++)
                loader_trie_replaced(ls[i]);
        }
        diff_attach(t, bt, o->normalize);
    }
    trie_free(bt);
    return rc;
}

/* Nothing parsed in any input: "NAME: no samples found (hint)" for each, true (exit 1).
 * Some inputs empty, others not: a notice for the empty ones, false. With --from/--to
 * (range) a perf input counts as found even when no sample fell in the range: an empty
 * range prints nothing and exits 0, as collapsing the records of that range does. */
static bool no_samples(struct loader **ls, size_t n, bool range)
{
    size_t total = 0;
    for (size_t i = 0; i < n; i++)
        total += loader_samples(ls[i]) ||
                 (range && loader_format(ls[i]) == FORMAT_PERF);
    for (size_t i = 0; i < n; i++) {
        if (loader_samples(ls[i]) || (range && loader_format(ls[i]) == FORMAT_PERF))
            continue;
        struct buf msg = {0};
        loader_no_samples(ls[i], &msg);
        print_err(msg.p, msg.len - 1);   /* without the '\n' */
        buf_fini(&msg);
    }
    return total == 0;
}

/* False when there is no terminal (why stays ""), or when the terminal cannot show the
 * viewer (why says so). */
static bool can_run_tui(char *why, size_t n)
{
    why[0] = '\0';
    if (!isatty(STDOUT_FILENO))
        return false;
    int fd = open("/dev/tty", O_RDWR | O_CLOEXEC);
    if (fd < 0)
        return false;
    close(fd);
    return tui_terminal_ok(why, n);
}

/* A closed 0, 1 or 2 would be taken by the next open(): an input file would become
 * "stderr" (and the viewer's stderr capture would land on it). Opens /dev/null there,
 * the wrong way round, so that using the stream still fails as on a closed one (reading
 * a closed stdin and writing a closed stdout are errors, EBADF). */
static void open_std_fds(void)
{
    for (int fd = 0; fd <= 2; fd++) {
        if (fcntl(fd, F_GETFD) >= 0 || errno != EBADF)
            continue;
        int nfd = open("/dev/null", fd == 0 ? O_WRONLY : O_RDONLY);
        if (nfd < 0)
            exit(2);     /* nothing to report on: stderr may be the one closed */
        if (nfd != fd) { /* a lower one was open: cannot happen, but never leak */
            dup2(nfd, fd);
            close(nfd);
        }
    }
}

/* FLAMETUI_OPTS: its words go between argv[0] and the command line's arguments, so the
 * command line comes later and wins where an option takes one value. */
static char **env_argv(int *argc, char **argv, char ***words, int *nwords)
{
    const char *env = getenv("FLAMETUI_OPTS");
    struct ft_error err = {0};
    *words = NULL;
    *nwords = 0;
    if (!env || !*env)
        return argv;
    if (options_split(env, words, nwords, &err) < 0) {
        char msg[300];
        snprintf(msg, sizeof msg, "FLAMETUI_OPTS: %s", err.msg);
        usage_error(msg);
    }
    char **v = xcalloc((size_t)*argc + (size_t)*nwords + 1, sizeof *v);
    v[0] = argv[0];
    for (int i = 0; i < *nwords; i++)
        v[1 + i] = (*words)[i];
    for (int i = 1; i < *argc; i++)
        v[*nwords + i] = argv[i];
    *argc += *nwords;
    return v;
}

/* C (the command line of a state): the options the viewer's state does not hold, and
 * the inputs ("-" is --tee's file when there is one, the raw input with all its detail,
 * else --save's: the profile will be there). */
static void cmd_parts(const struct options *o, struct buf *args, struct buf *files)
{
    static const char *const fmts[] = {"auto", "folded", "perf"};
    const struct perf_opts *p = &o->perf;
    buf_printf(args, "%s", "");
    if (o->format != FORMAT_AUTO && (size_t)o->format < FT_ARRAY_LEN(fmts))
        buf_printf(args, " --format=%s", fmts[o->format]);
    if (p->tid)
        buf_printf(args, " --tid");
    else if (p->pid)
        buf_printf(args, " --pid");
    if (p->kernel)
        buf_printf(args, " --kernel");
    if (p->jit)
        buf_printf(args, " --jit");
    if (p->addrs)
        buf_printf(args, " --addrs");
    if (p->srcline)
        buf_printf(args, " --srcline");
    if (p->weight_samples)
        buf_printf(args, " --weight=samples");
    if (p->event_filter) {
        buf_printf(args, " --event-filter=");
        keep_shell_quote(args, p->event_filter, strlen(p->event_filter));
    }
    if (o->strict)
        buf_printf(args, " --strict");
    if (o->colors) {
        buf_printf(args, " --colors=");
        keep_shell_quote(args, o->colors, strlen(o->colors));
    }
    if (o->no_color)
        buf_printf(args, " --no-color");
    buf_putc(args, '\0');
    for (size_t i = 0; i < o->nfiles; i++) {
        const char *keep = o->tee ? o->tee : o->save;
        const char *f = !strcmp(o->files[i], "-") && keep ? keep : o->files[i];
        buf_putc(files, ' ');
        if (f[0] == '-' && f[1])
            buf_printf(files, "./");   /* not an option */
        keep_shell_quote(files, f, strlen(f));
    }
    buf_putc(files, '\0');
}

int main(int argc, char **argv)
{
    struct options o;
    struct ft_error err = {0};
    char **words;
    int nwords;
    open_std_fds();
    setlocale(LC_ALL, "");
    char **args = env_argv(&argc, argv, &words, &nwords);
    if (options_parse(&o, argc, args, &err) < 0)
        usage_error(err.msg);
    if (o.help) {
        fputs(options_usage, stdout);
        return 0;
    }
    if (o.version) {
        puts("flametui " PACKAGE_VERSION "\n"
             "Copyright (c) 2026 the flametui authors. "
             "License: " PACKAGE_LICENSE " (see LICENSE).");
        return 0;
    }
    const char *nc = getenv("NO_COLOR");
    if (nc && *nc)
        o.no_color = true;
    static char dash0[] = "-";
    static char *dash[] = {dash0};
    if (o.nfiles == 0) {
        if (isatty(STDIN_FILENO))
            usage_error("no input: give a FILE, or pipe perf script or folded stacks into "
                        "standard input");
        o.files = dash;
        o.nfiles = 1;
    }
    for (size_t i = 0; i < o.nbases; i++)   /* diff: one reader of stdin */
        for (size_t k = 0; k < o.nfiles; k++)
            if (!strcmp(o.bases[i], "-") && !strcmp(o.files[k], "-"))
                usage_error("standard input cannot be both the base (--base=-) and the "
                            "new profile");
    char why[200];
    if (o.mode == OUT_TUI && !can_run_tui(why, sizeof(why))) {
        if (why[0])   /* a terminal that cannot address the cursor: the --text view */
            fprintf(stderr, "flametui: %s: printing the graph as text\n", why);
        o.mode = OUT_TEXT;
    }
    if (o.mode != OUT_TUI)
        o.follow = false; /* a non-interactive output needs an end */

    /* time and grouping (issue 15): the batch outputs filter and group in the parser
     * (exact, nanoseconds); the viewer parses grouped by comm with a time index and
     * derives the range and the grouping from it (graph.h) */
    struct samples *samples = NULL;
    int group = o.group >= 0 ? o.group : o.perf.tid ? GROUP_TID : o.perf.pid ? GROUP_PID
                                                                          : GROUP_COMM;
    if (o.mode == OUT_TUI) {
        samples = samples_new();
        o.perf.samples = samples;
        o.perf.pid = o.perf.tid = o.perf.no_process = false;
    } else {
        o.perf.pid = group == GROUP_PID || group == GROUP_TID;
        o.perf.tid = group == GROUP_TID;
        o.perf.no_process = group == GROUP_NONE;
        o.perf.time_range = o.has_from || o.has_to;
        o.perf.from_ns = o.has_from ? o.from_ns : INT64_MIN;
        o.perf.to_ns = o.has_to ? o.to_ns : INT64_MAX;
    }
    struct load_opts lo = {
        .format = o.format,
        .perf = o.perf,
        .follow = o.follow,
        .strict = o.strict,
        .max_line = o.max_line,
        .sample_type = o.sample_type,
        .interactive = o.mode == OUT_TUI,
        .perf_path = o.perf_path,
        .perf_args = o.perf_args,
    };
    int tee_fd = -1;
    struct stat tst, ist;
    if (o.tee && stat(o.tee, &tst) == 0)   /* O_TRUNC would empty an input before it is read */
        for (size_t i = 0; i < o.nfiles; i++)
            if (stat(o.files[i], &ist) == 0 && ist.st_dev == tst.st_dev &&
                ist.st_ino == tst.st_ino && S_ISREG(ist.st_mode)) {
                char msg[600];
                snprintf(msg, sizeof msg, "%s: --tee would overwrite this input", o.tee);
                usage_error(msg);
            }
    if (o.tee) {
        tee_fd = open(o.tee, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0666);
        if (tee_fd < 0) {
            char msg[600];
            snprintf(msg, sizeof msg, "%s: cannot write (--tee): %s", o.tee, strerror(errno));
            print_err(msg, strlen(msg));
            return 1;
        }
        lo.tee_fd = tee_fd;
    }
    const char *threads = getenv("FLAMETUI_THREADS"); /* benchmarks: 1 vs 2 threads */
    if (threads)
        lo.threads = atoi(threads);
    if (threads)
        collapse_threads(lo.threads); /* the --collapse writer too */
    struct trie *t = trie_new(NULL);
    /* size the trie from the regular inputs (viewer and batch outputs alike; a pipe
     * gives no size, and a small trie never reserves) */
    uint64_t in_bytes = 0;
    for (size_t i = 0; i < o.nfiles; i++) {
        struct stat fst;
        if (strcmp(o.files[i], "-") != 0 && stat(o.files[i], &fst) == 0 && S_ISREG(fst.st_mode))
            in_bytes += (uint64_t)fst.st_size;
    }
    trie_reserve_hint(t, in_bytes);
    /* static: still reachable when an output exits early (too_expensive), so LeakSanitizer
     * does not depend on where the compiler keeps the pointer */
    static struct loader **ls;
    ls = xcalloc(o.nfiles, sizeof *ls);
    int rc = 0;
    for (size_t i = 0; i < o.nfiles; i++) {
        ls[i] = loader_open(o.files[i], &lo, t, &err);
        if (!ls[i]) {
            report_error(o.files[i], &err);
            rc = 1;
            goto out;
        }
    }
    if (o.mode == OUT_TUI && o.nbases && (rc = attach_base(&o, &lo, t, ls, o.nfiles)))
        goto out;
    if (o.mode == OUT_TUI) {
        struct buf hist = {0}, cargs = {0}, cfiles = {0};
        cmd_parts(&o, &cargs, &cfiles);
        struct tui_opts to = {
            .colors = o.colors,
            .no_color = o.no_color,
            .window = o.window,
            .save = o.save,
            .no_mouse = o.no_mouse,
            .app = {.icicle = o.icicle, .reverse = o.reverse, .filters = o.filters,
                    .nfilters = o.nfilters, .search = o.search, .colors = o.colors,
                    .base_input = o.nbases ? o.bases[0] : NULL, .nbase_inputs = o.nbases,
                    .zoom = o.zoom,
                    .select = o.select, .cmd_args = cargs.p, .cmd_files = cfiles.p,
                    .history = keep_history_path(&hist) ? hist.p : NULL},
        };
        to.app.names_full = o.names_full;
        to.load = &lo;   /* e reads the inputs again for another event */
        to.files = o.files;
        to.app.samples = samples;
        to.app.group = group;
        to.app.recursion = o.collapse_recursion;
        to.app.range = o.has_from || o.has_to;
        to.app.from_us = o.has_from ? ((uint64_t)o.from_ns + 999) / 1000 : 0;
        to.app.to_us = o.has_to ? ((uint64_t)o.to_ns + 999) / 1000 : TIMELINE_END;
        rc = tui_run(&to, t, ls, o.nfiles);
        buf_fini(&hist);
        buf_fini(&cargs);
        buf_fini(&cfiles);
        goto out;
    }
    static char outbuf[1 << 16];
    setvbuf(stdout, outbuf, _IOFBF, sizeof outbuf);
    if ((rc = run_loaders(ls, o.nfiles)))
        goto out;
    if (no_samples(ls, o.nfiles, o.has_from || o.has_to)) {
        rc = 1;
        goto out;
    }
    if (o.nbases && (rc = attach_base(&o, &lo, t, NULL, 0)))
        goto out;
    trie_compact(t);
    if (o.save && keep_write_folded(o.save, t, &err) < 0) {   /* the batch outputs too */
        print_err(err.msg, strlen(err.msg));
        rc = 1;
        goto out;
    }
    rc = output(&o, t);
out:
    if (tee_fd >= 0 && close(tee_fd) < 0 && rc == 0) {
        fprintf(stderr, "flametui: %s: write error (--tee): %s\n", o.tee, strerror(errno));
        rc = 1;
    }
    if (args != argv)
        free(args);
    options_free_words(words, nwords);
    for (size_t i = 0; i < o.nfiles; i++)
        loader_free(ls[i]);
    free(ls);
    trie_free(t);
    samples_free(samples);
    options_fini(&o);
    return rc;
}
