/* SPDX-License-Identifier: MIT */
/* flametui - main.c: options -> load -> tui_run() or a non-interactive output (batch.c).
 * The only caller of exit() besides die(). */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <locale.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "batch.h"
#include "core/samples.h"
#include "core/stacks.h"
#include "core/strtab.h"
#include "core/trie.h"
#include "core/util.h"
#include "input/loader.h"
#include "input/remote.h"
#include "query/graph.h"
#include "query/timeline.h"
#include "render/collapse.h"
#include "tui/tui.h"
#include "ui/atomic_file.h"
#include "ui/keep.h"
#include "ui/options.h"
#include "ui/outpaths.h"

_Static_assert((int)BATCH_COLLAPSE == (int)OUT_COLLAPSE && (int)BATCH_TEXT == (int)OUT_TEXT &&
                   (int)BATCH_TOP == (int)OUT_TOP && (int)BATCH_SVG == (int)OUT_SVG &&
                   (int)BATCH_TREE == (int)OUT_TREE && (int)BATCH_ANNOTATE == (int)OUT_ANNOTATE,
               "batch.h's outputs are options.h's");

static void usage_error(const char *msg)
{
    batch_print_err(msg, strlen(msg));
    fputs("Try 'flametui --help' for more information.\n", stderr);
    exit(2);
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
    if (options_check_words(1 + *nwords, v, &err) < 0) {
        char msg[300];
        snprintf(msg, sizeof msg, "FLAMETUI_OPTS: %s", err.msg);
        usage_error(msg);
    }
    for (int i = 1; i < *argc; i++)
        v[*nwords + i] = argv[i];
    *argc += *nwords;
    return v;
}

/* " --name=VALUE", the value shell-quoted; nothing when value is NULL. */
static void word(struct buf *args, const char *name, const char *value)
{
    if (!value)
        return;
    buf_printf(args, " %s=", name);
    keep_shell_quote(args, value, strlen(value));
}

/* C (the command line of a state): the options the viewer's state does not hold (it
 * holds the process level of --pid and --tid as its grouping), and the inputs ("-" is
 * --tee's file when there is one, the raw input with all its detail, else --save's: the
 * profile will be there). */
static void cmd_parts(const struct options *o, struct buf *args, struct buf *files)
{
    static const char *const fmts[] = {"auto", "folded", "perf"};
    const struct perf_opts *p = &o->perf;
    buf_printf(args, "%s", "");
    if (o->format != FORMAT_AUTO && (size_t)o->format < FT_ARRAY_LEN(fmts))
        buf_printf(args, " --format=%s", fmts[o->format]);
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
    word(args, "--sample-type", o->sample_type);
    word(args, "--perf", o->perf_path);
    word(args, "--perf-args", o->perf_args);
    if (o->max_line)
        buf_printf(args, " --max-line=%zu", o->max_line);
    for (size_t i = 0; i < o->nbases; i++)
        word(args, "--base", o->bases[i]);
    if (o->normalize)
        buf_printf(args, " --normalize");
    if (o->strip_hex)
        buf_printf(args, " --strip-hex");
    if (o->strict)
        buf_printf(args, " --strict");
    word(args, "--colors", o->spec.colors);
    if (o->no_color)
        buf_printf(args, " --no-color");
    const struct remote_opts *r = &o->remote;   /* never its --header: kept secret */
    const char *const rq[][2] = {{" --pyroscope=", r->pyroscope}, {" --parca=", r->parca},
                                 {" --query=", r->query}, {" --since=", r->since},
                                 {" --until=", r->until}};
    for (size_t i = 0; i < FT_ARRAY_LEN(rq); i++)
        if (rq[i][1]) {
            buf_printf(args, "%s", rq[i][0]);
            keep_shell_quote(args, rq[i][1], strlen(rq[i][1]));
        }
    buf_putc(args, '\0');
    for (size_t i = 0; i < o->nfiles && !r->pyroscope && !r->parca; i++) {
        const char *keep = o->tee ? o->tee : o->save;
        const char *f = !strcmp(o->files[i], "-") && keep ? keep : o->files[i];
        buf_putc(files, ' ');
        if (f[0] == '-' && f[1])
            buf_printf(files, "./");   /* not an option */
        keep_shell_quote(files, f, strlen(f));
    }
    buf_putc(files, '\0');
}

/* The inputs and the output mode as they will be used: NO_COLOR, standard input when no
 * FILE is given (exits 2 when it is a terminal, or also the base), the --text view when
 * the terminal cannot run the viewer, no --follow for an output that needs an end. */
static void settle(struct options *o)
{
    static char dash0[] = "-";
    static char *dash[] = {dash0};
    static char *server[1];
    const char *nc = getenv("NO_COLOR");
    if (nc && *nc)
        o->no_color = true;
    if (o->remote.pyroscope || o->remote.parca) {   /* the query is the input */
        server[0] = (char *)(uintptr_t)(o->remote.pyroscope ? o->remote.pyroscope
                                                            : o->remote.parca);
        o->files = server;
        o->nfiles = 1;
    }
    if (o->nfiles == 0) {
        if (isatty(STDIN_FILENO))
            usage_error("no input: give a FILE, or pipe perf script or folded stacks into "
                        "standard input");
        o->files = dash;
        o->nfiles = 1;
    }
    for (size_t i = 0; i < o->nbases; i++)   /* diff: one reader of stdin */
        for (size_t k = 0; k < o->nfiles; k++)
            if (!strcmp(o->bases[i], "-") && !strcmp(o->files[k], "-"))
                usage_error("standard input cannot be both the base (--base=-) and the "
                            "new profile");
    char why[200];
    if (o->mode == OUT_TUI && !can_run_tui(why, sizeof(why))) {
        if (why[0])   /* a terminal that cannot address the cursor: the --text view */
            batch_errf("%s: printing the graph as text", why);
        o->mode = OUT_TEXT;
    }
    if (o->mode != OUT_TUI)
        o->follow = false; /* a non-interactive output needs an end */
}

/* Batch outputs with --from/--to or --group=cpu derive them from a time index, as the
 * viewer does (the same t0: the earliest sample of all inputs); --chart draws from it. */
static bool batch_time_index(const struct options *o)
{
    return o->spec.has_from || o->spec.has_to || o->spec.group == GROUP_CPU || o->chart;
}

/* How the inputs are read (FLAMETUI_THREADS also sets the --collapse writer's threads).
 * The batch outputs filter by time and group in the parser
 * (exact, nanoseconds); the viewer parses grouped by comm with a time index (samples)
 * and derives the range and the grouping from it (graph.h). */
static struct load_opts load_opts_of(const struct options *o, struct samples *samples,
                                     int tee_fd)
{
    const struct graph_spec *s = &o->spec;
    struct load_opts lo = {
        .format = o->format,
        .perf = o->perf,
        .follow = o->follow,
        .strict = o->strict,
        .max_line = o->max_line,
        .sample_type = o->sample_type,
        .pprof_lines = o->mode == OUT_ANNOTATE,   /* the lines are in the frame names */
        .interactive = o->mode == OUT_TUI,
        .perf_path = o->perf_path,
        .perf_args = o->perf_args,
        .perf_script = o->perf_script,
        .tee_fd = tee_fd > 0 ? tee_fd : 0,
        .remote = &o->remote,
    };
    const char *threads = getenv("FLAMETUI_THREADS"); /* benchmarks: 1 vs 2 threads */
    if (threads) {
        lo.threads = atoi(threads);
        collapse_threads(lo.threads); /* the --collapse writer too */
    }
    if (samples) {   /* the viewer, and batch outputs that derive from the index */
        lo.perf.samples = samples;
        lo.perf.pid = lo.perf.tid = lo.perf.no_process = false;
        return lo;
    }
    lo.perf.pid = s->group == GROUP_PID || s->group == GROUP_TID;
    lo.perf.tid = s->group == GROUP_TID;
    lo.perf.no_process = s->group == GROUP_NONE;
    lo.perf.time_range = s->has_from || s->has_to;
    lo.perf.from_ns = s->has_from ? s->from_ns : INT64_MIN;
    lo.perf.to_ns = s->has_to ? s->to_ns : INT64_MAX;
    return lo;
}

/* Every output path checked before any data is read (outpaths.h): exits 1 when one
 * cannot be written, 2 when one is an input or another output. */
static void check_outputs(const struct options *o)
{
    const struct outpath outs[] = {
        {o->save, "--save"}, {o->tee, "--tee"}, {o->mode == OUT_SVG ? o->svg_file : NULL, "--svg"}};
    size_t nin = o->nfiles + o->nbases;
    char **in = xcalloc(nin + 1, sizeof *in);
    for (size_t i = 0; i < nin; i++)
        in[i] = i < o->nfiles ? o->files[i] : o->bases[i - o->nfiles];
    struct ft_error err = {0};
    int rc = outpaths_check(outs, FT_ARRAY_LEN(outs), in, nin, &err);
    free(in);
    if (rc == OUTPATHS_CLASH)
        usage_error(err.msg);
    if (rc != OUTPATHS_OK) {
        batch_print_err(err.msg, strlen(err.msg));
        exit(1);
    }
}

/* --tee=FILE opened (truncated; check_outputs made sure it is no input): its fd, 0
 * without --tee, -1 after reporting an error. */
static int open_tee(const struct options *o)
{
    if (!o->tee)
        return 0;
    struct buf path = {0};   /* "~/" and a symbolic link as the check saw them */
    int fd = atomic_file_target(o->tee, &path)
                 ? open(path.p, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC | O_NOCTTY, 0666)
                 : -1;
    buf_fini(&path);
    if (fd < 0) {
        char msg[600];
        snprintf(msg, sizeof msg, "%s: cannot write (--tee): %s", o->tee, strerror(errno));
        batch_print_err(msg, strlen(msg));
        return -1;
    }
    outpaths_take_fd(fd, "the --tee file");
    return fd;
}

/* --collapse of the profile as it is read (no time index, diff, --save, filter, reverse,
 * recursion or search): the stack pipes fill a flat table (stacks.h) instead of the tree,
 * which the folded writer sorts; a profile of deep, varied stacks has a tree node for
 * almost every frame it reads. */
static bool flat_collapse(const struct options *o, const struct load_opts *lo)
{
    const struct graph_spec *s = &o->spec;
    return o->mode == OUT_COLLAPSE && !lo->perf.samples && !o->nbases && !o->save &&
           !s->nfilters && !s->reverse && !s->recursion && !s->search && !s->zoom &&
           !s->select && !getenv("FLAMETUI_NO_FLAT");
}

/* A trie sized from the regular inputs (viewer and batch outputs alike; a pipe gives no
 * size, and a small trie never reserves), and a loader on it per input. 0, or 1 after
 * reporting the input that cannot be opened. */
static int open_inputs(const struct options *o, const struct load_opts *lo, struct trie **t,
                       struct loader **ls)
{
    struct ft_error err = {0};
    uint64_t in_bytes = 0;
    for (size_t i = 0; i < o->nfiles; i++) {
        struct stat fst;
        if (strcmp(o->files[i], "-") != 0 && stat(o->files[i], &fst) == 0 &&
            S_ISREG(fst.st_mode))
            in_bytes += (uint64_t)fst.st_size;
    }
    *t = trie_new(NULL);
    trie_reserve_hint(*t, in_bytes);
    if (flat_collapse(o, lo))
        trie_set_flat(*t, stacks_new());
    for (size_t i = 0; i < o->nfiles; i++) {
        ls[i] = loader_open(o->files[i], lo, *t, &err);
        if (!ls[i]) {
            batch_report_error(o->files[i], &err);
            return 1;
        }
    }
    return 0;
}

static struct batch_base base_of(const struct options *o, const struct load_opts *lo)
{
    return (struct batch_base){.files = o->bases, .n = o->nbases, .normalize = o->normalize,
                               .strip_hex = o->strip_hex, .load = lo};
}

/* The viewer's start state: the spec, and what the state does not hold (C). */
static struct app_opts viewer_opts_of(const struct options *o, struct samples *samples)
{
    const struct graph_spec *s = &o->spec;
    return (struct app_opts){
        .icicle = s->icicle, .reverse = s->reverse, .filters = s->filters,
        .nfilters = s->nfilters, .search = s->search, .colors = s->colors,
        .base_input = o->nbases ? o->bases[0] : NULL, .nbase_inputs = o->nbases,
        .zoom = s->zoom, .select = s->select, .names_full = s->names_full,
        .samples = samples, .group = s->group, .recursion = s->recursion, .chart = o->chart,
        .range = s->has_from || s->has_to,
        .from_us = s->has_from ? ((uint64_t)s->from_ns + 999) / 1000 : 0,
        .to_us = s->has_to ? ((uint64_t)s->to_ns + 999) / 1000 : TIMELINE_END,
    };
}

static int run_viewer(const struct options *o, const struct load_opts *lo, struct trie *t,
                      struct loader **ls, struct samples *samples)
{
    struct batch_base base = base_of(o, lo);
    if (o->nbases && batch_attach_base(&base, t, ls, o->nfiles))
        return 1;
    struct buf hist = {0}, cargs = {0}, cfiles = {0};
    cmd_parts(o, &cargs, &cfiles);
    struct tui_opts to = {
        .colors = o->spec.colors,
        .no_color = o->no_color,
        .window = o->window,
        .save = o->save,
        .no_mouse = o->no_mouse,
        .app = viewer_opts_of(o, samples),
        .load = lo,   /* e reads the inputs again for another event */
        .files = o->files,
        .refresh = o->remote.refresh,
    };
    to.app.cmd_args = cargs.p;
    to.app.cmd_files = cfiles.p;
    to.app.cmd_event = o->perf.event_filter;
    to.app.reload = lo;   /* a on a pprof profile reads it again with its lines */
    to.app.files = o->files;
    to.app.nfiles = o->nfiles;
    for (size_t i = 0; i < o->nfiles; i++)
        if (!strcmp(o->files[i], "-") && !o->tee && !o->save)
            to.app.cmd_stdin = true;
    for (size_t i = 0; i < o->nbases; i++)
        if (!strcmp(o->bases[i], "-"))
            to.app.cmd_stdin = true;
    to.app.history = keep_history_path(&hist) ? hist.p : NULL;
    int rc = tui_run(&to, t, ls, o->nfiles);
    buf_fini(&hist);
    buf_fini(&cargs);
    buf_fini(&cfiles);
    return rc;
}

static int run_batch(const struct options *o, const struct load_opts *lo, struct trie *t,
                     struct loader **ls)
{
    struct batch_opts bo = {
        .out = (enum batch_out)o->mode, .spec = &o->spec,
        .cols = o->cols, .rows = o->rows, .top_n = o->top_n, .svg_file = o->svg_file,
        .save = o->save, .files = o->files, .nfiles = o->nfiles, .base = base_of(o, lo),
        .raw = o->raw,
        .samples = lo->perf.samples, .chart = o->chart,
        .tree_depth = o->tree_depth, .tree_min = o->tree_min, .annotate = o->annotate,
        .source_path = o->source_path,
    };
    return batch_run(&bo, t, ls);
}

/* --list: the server's profile types and labels. */
static int list_remote(const struct options *o)
{
    struct buf out = {0};
    struct ft_error err = {0};
    int rc = remote_list(&o->remote, &out, &err);
    fwrite(out.p ? out.p : "", 1, out.len, stdout);
    if (rc < 0)
        batch_report_error(o->remote.pyroscope ? o->remote.pyroscope : o->remote.parca, &err);
    buf_fini(&out);
    return rc < 0 ? 1 : 0;
}

/* --help and --version. */
static int info(const struct options *o)
{
    if (o->help) {
        fputs(options_usage, stdout);
        return 0;
    }
    puts("flametui " PACKAGE_VERSION "\n"
         "Copyright (c) 2026 the flametui authors. "
         "License: " PACKAGE_LICENSE " (see LICENSE).");
    return 0;
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
    if (o.help || o.version)
        return info(&o);
    if (o.remote.list) {
        int lrc = list_remote(&o);
        if (args != argv)
            free(args);
        options_free_words(words, nwords);
        options_fini(&o);
        return lrc;
    }
    settle(&o);
    check_outputs(&o);   /* before anything is allocated: it may exit */
    int tee_fd = open_tee(&o);
    struct samples *samples = o.mode == OUT_TUI || batch_time_index(&o) ? samples_new() : NULL;
    struct load_opts lo = load_opts_of(&o, samples, tee_fd);
    struct trie *t = NULL;
    struct loader **ls = xcalloc(o.nfiles, sizeof *ls);
    int rc = tee_fd < 0 ? 1 : open_inputs(&o, &lo, &t, ls);
    if (rc == 0)
        rc = o.mode == OUT_TUI ? run_viewer(&o, &lo, t, ls, samples)
                               : run_batch(&o, &lo, t, ls);
    int tee_err = 0;   /* a write error while copying (reported as it came), or at close */
    for (size_t i = 0; i < o.nfiles && !tee_err; i++)
        tee_err = loader_tee_error(ls[i]);
    if (tee_fd > 0 && close(tee_fd) < 0 && !tee_err)
        tee_err = errno;
    if (tee_err && rc == 0) {
        batch_errf("%s: write error (--tee): %s", o.tee, strerror(tee_err));
        rc = 1;
    }
    if (args != argv)
        free(args);
    options_free_words(words, nwords);
    for (size_t i = 0; i < o.nfiles; i++)
        loader_free(ls[i]);
    free(ls);
    if (t)   /* a big heap is not freed page by page (q; the end of a batch output) */
        util_quick_exit(trie_bytes(t) + strtab_bytes(trie_names(t)) +
                            (trie_flat(t) ? stacks_bytes(trie_flat(t)) : 0), rc);
    trie_free(t);
    samples_free(samples);
    options_fini(&o);
    return rc;
}
