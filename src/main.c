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
#include <unistd.h>

#include "render/layout.h"
#include "input/loader.h"
#include "ui/options.h"
#include "query/graph.h"
#include "query/search.h"
#include "render/collapse.h"
#include "render/textrender.h"
#include "query/top.h"
#include "query/view.h"
#include "core/trie.h"
#include "tui/tui.h"
#include "core/util.h"

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
        rc = collapse_write(dst ? dst : stdout, t);
        break;
    case OUT_TOP:
        rc = top_print(dst ? dst : stdout, t, o->top_n);
        break;
    default: {
        struct viewport vp = {
            .cols = o->cols ? o->cols : terminal_cols(),
            .rows = o->rows,
            .orient = o->icicle ? ORIENT_ICICLE : ORIENT_FLAME,
            .order = ORDER_NAME,
        };
        rc = textrender_print(stdout, t, TRIE_ROOT, &vp, s ? search_matches(s) : NULL);
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

int main(int argc, char **argv)
{
    struct options o;
    struct ft_error err = {0};
    open_std_fds();
    setlocale(LC_ALL, "");
    if (options_parse(&o, argc, argv, &err) < 0)
        usage_error(err.msg);
    if (o.help) {
        fputs(options_usage, stdout);
        return 0;
    }
    if (o.version) {
        puts("flametui " PACKAGE_VERSION);
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
    char why[200];
    if (o.mode == OUT_TUI && !can_run_tui(why, sizeof(why))) {
        if (why[0])   /* a terminal that cannot address the cursor: the --text view */
            fprintf(stderr, "flametui: %s: printing the graph as text\n", why);
        o.mode = OUT_TEXT;
    }
    if (o.mode != OUT_TUI)
        o.follow = false; /* a non-interactive output needs an end */

    struct load_opts lo = {
        .format = o.format,
        .perf = o.perf,
        .follow = o.follow,
        .strict = o.strict,
        .max_line = o.max_line,
        .sample_type = o.sample_type,
        .interactive = o.mode == OUT_TUI,
    };
    const char *threads = getenv("FLAMETUI_THREADS"); /* benchmarks: 1 vs 2 threads */
    if (threads)
        lo.threads = atoi(threads);
    struct trie *t = trie_new(NULL);
    struct loader **ls = xcalloc(o.nfiles, sizeof *ls);
    int rc = 0;
    for (size_t i = 0; i < o.nfiles; i++) {
        ls[i] = loader_open(o.files[i], &lo, t, &err);
        if (!ls[i]) {
            report_error(o.files[i], &err);
            rc = 1;
            goto out;
        }
    }
    if (o.mode == OUT_TUI) {
        struct tui_opts to = {
            .colors = o.colors,
            .no_color = o.no_color,
            .window = o.window,
            .app = {.icicle = o.icicle, .reverse = o.reverse, .filters = o.filters,
                    .nfilters = o.nfilters, .search = o.search},
        };
        rc = tui_run(&to, t, ls, o.nfiles);
        goto out;
    }
    static char outbuf[1 << 16];
    setvbuf(stdout, outbuf, _IOFBF, sizeof outbuf);
    for (size_t i = 0; i < o.nfiles; i++) {
        struct buf msg = {0};
        if (loader_run(ls[i], &err) < 0) {
            report_error(loader_name(ls[i]), &err);
            rc = 1;
        }
        if (loader_report(ls[i], &msg))   /* one line per summary, without the prefix */
            for (size_t k = 0; k < msg.len;) {
                const char *nl = memchr(msg.p + k, '\n', msg.len - k);
                size_t len = nl ? (size_t)(nl - (msg.p + k)) : msg.len - k;
                print_err(msg.p + k, len);
                k += len + 1;
            }
        buf_fini(&msg);
        if (rc)
            goto out;
    }
    trie_compact(t);
    rc = output(&o, t);
out:
    for (size_t i = 0; i < o.nfiles; i++)
        loader_free(ls[i]);
    free(ls);
    trie_free(t);
    options_fini(&o);
    return rc;
}
