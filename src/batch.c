/* SPDX-License-Identifier: MIT */
/* flametui - batch.c: see batch.h. */
#include "config.h"

#include "batch.h"

#include <errno.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <unistd.h>

#include "core/diff.h"
#include "core/strtab.h"
#include "core/samples.h"
#include "core/stacks.h"
#include "core/trie.h"
#include "query/annotate.h"
#include "query/calltree.h"
#include "query/regex.h"
#include "query/search.h"
#include "query/timeline.h"
#include "query/top.h"
#include "render/collapse.h"
#include "render/diffcollapse.h"
#include "render/label.h"
#include "render/layout.h"
#include "render/names.h"
#include "render/numfmt.h"
#include "render/svg.h"
#include "render/textrender.h"
#include "render/theme.h"
#include "ui/atomic_file.h"
#include "ui/keep.h"
#include "ui/state.h"
#include "ui/screen_chart.h"

/* stderr shows file names and names from the input: on a terminal, escape sequences in
 * them must not act (label.h), as on the screen and on stdout. */
void batch_print_err(const char *p, size_t n)
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

void batch_errf(const char *fmt, ...)
{
    char msg[4096 + 256];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    batch_print_err(msg, strlen(msg));
}

void batch_report_error(const char *name, const struct ft_error *e)
{
    char msg[4096 + 256];
    ft_error_format(e, name, msg, sizeof(msg));
    batch_print_err(msg, strlen(msg));
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

/* The pattern gave up on backtracking (regex.h): its matches would be wrong. Returns the
 * exit status, 2. */
static int too_expensive(const char *pattern)
{
    batch_errf("pattern too expensive: '%s'", pattern);
    return 2;
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

struct svg_job {
    struct trie *t;
    uint32_t zoom;
    const struct svg_opts *so;
};

static int write_svg(FILE *f, void *ctx)
{
    const struct svg_job *j = ctx;
    return svg_write(f, j->t, j->zoom, j->so);
}

/* --svg[=FILE]: the shown trie as flamegraph.pl would draw it; the subtitle names the
 * input and the view (filters, reverse). Returns 0, -1 (errno set) for standard output,
 * or 1 after reporting that FILE cannot be written. */
static int output_svg(const struct batch_opts *o, struct graph *g, struct trie *t)
{
    const struct graph_spec *spec = o->spec;
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
        .icicle = spec->icicle,
        .subtitle = sub.p,
        .search = spec->search,
        .search_icase = spec->search && regex_smartcase_lower(spec->search),
        .unit = o->unit,
    };
    theme_palette_parse(spec->colors, &so.palette);
    if (trie_has_base(t)) {   /* --base: flamegraph.pl's red/blue differential frames */
        so.self_delta = svg_own_base_delta;
        so.maxdelta = svg_own_base_maxdelta(t);
    }
    struct svg_job job = {t, zoom_node(t, spec->zoom), &so};
    int rc;
    if (!o->svg_file) {
        rc = write_svg(stdout, &job);
    } else {   /* atomically: a failed write leaves the old file */
        struct ft_error err = {0, ""};
        rc = atomic_file_write(o->svg_file, 0666, write_svg, &job, &err) < 0 ? 1 : 0;
        if (rc)
            batch_print_err(err.msg, strlen(err.msg));
    }
    buf_fini(&sub);
    return rc;
}

/* --text: the rows the viewer would show, at --cols (else the terminal's) width. */
static int output_text(const struct batch_opts *o, struct trie *t,
                       const struct search *s)
{
    struct viewport vp = {
        .cols = o->cols ? o->cols : terminal_cols(),
        .rows = o->rows,
        .orient = o->spec->icicle ? ORIENT_ICICLE : ORIENT_FLAME,
        .order = ORDER_NAME,
    };
    struct names *nm = o->spec->names_full
                           ? NULL
                           : names_new(label_mode_resolve(LABEL_AUTO) == LABEL_ASCII);
    int rc = textrender_print_names(stdout, t, TRIE_ROOT, &vp, s ? search_matches(s) : NULL,
                                    nm);
    names_free(nm);
    return rc;
}

/* --tree: names as --text shows them (short unless --names=full), made safe. */
struct tree_names {
    struct names *nm;
    const struct strtab *st;
};

static void tree_name(void *ctx, uint32_t name, struct buf *out)
{
    const struct tree_names *tn = ctx;
    size_t n;
    const char *s = tn->nm ? names_get(tn->nm, tn->st, name, &n, NULL)
                           : strtab_get(tn->st, name, &n);
    label_escape(out, s, n, LABEL_AUTO);
}

static void tree_value(void *ctx, struct count c, char *out, size_t n)
{
    (void)ctx;
    numfmt_group(out, n, c);
}

/* --tree[=N]: the shown trie (reversed with -r: bottom-up) as an indented tree. */
static int output_tree(const struct batch_opts *o, struct trie *t)
{
    bool ascii = label_mode_resolve(LABEL_AUTO) == LABEL_ASCII;
    struct tree_names tn = {o->spec->names_full ? NULL : names_new(ascii), trie_names(t)};
    struct calltree_fmt f = {
        .ascii = ascii, .bottom_up = o->spec->reverse,
        .value = tree_value, .name = tree_name, .ctx = &tn,
    };
    int rc = calltree_print(stdout, t, o->tree_min, o->tree_depth, &f);
    names_free(tn.nm);
    return rc;
}

/* --annotate's text is made safe as every name is (tabs stay tabs). */
static void annotate_safe(struct buf *out, const char *s, size_t n)
{
    label_escape(out, s, n, LABEL_AUTO);
}

/* --annotate=RE: the source lines of every function matching RE. Returns 0, -1 on a
 * write error, or the exit status 1 (no line information, no match) or 2 (bad RE). */
static int output_annotate(const struct batch_opts *o, struct trie *t, const char *unit)
{
    struct ft_error err = {0};
    struct regex *re = regex_new(o->annotate, &err);
    if (!re) {
        fprintf(stderr, "flametui: invalid regex '%s': %s\n", o->annotate, err.msg);
        return 2;
    }
    struct annotate an = {0};
    annotate_collect(t, re, NULL, 0, &an);
    int rc = 0;
    if (!an.line_frames) {
        fprintf(stderr, "flametui: no line information in the profile: perf: record with "
                        "--call-graph dwarf (or -g with debuginfo) and read it with "
                        "--srcline (perf script -F+srcline); Go pprof profiles have it\n");
        rc = 1;
    } else if (!an.n) {
        fprintf(stderr, "flametui: no function matches '%s'\n", o->annotate);
        rc = 1;
    } else {
        struct buf b = {0};
        annotate_text(&an, trie_total(t, TRIE_ROOT), unit, o->source_path, annotate_safe, &b);
        rc = fwrite(b.p, 1, b.len, stdout) == b.len ? 0 : -1;
        buf_fini(&b);
    }
    annotate_fini(&an);
    regex_free(re);
    return rc;
}

/* The shown trie (the profile for --top: self samples belong to the function, so the
 * table is of the profile, never of the reversed trie, where every frame but the process
 * would have self 0), with the filters, reverse and recursion of the spec. *g gets the
 * graph (the caller frees it, also on failure). NULL after reporting a bad or too
 * expensive filter (exit status 2). */
static struct trie *shown(const struct batch_opts *o, struct trie *base, struct graph **g)
{
    struct ft_error err = {0};
    size_t bad = 0;
    *g = graph_new(base);
    if (graph_apply_spec(*g, o->spec, &bad, &err) < 0) {
        if (bad >= VIEW_MAX_FILTERS)   /* not the regex's fault */
            batch_errf("%s", err.msg);
        else
            batch_errf("invalid regex '%s': %s", o->spec->filters[bad].re,
                    err.msg);
        return NULL;
    }
    struct trie *t = o->out == BATCH_TOP || o->out == BATCH_ANNOTATE ? graph_profile(*g)
                                                                     : graph_shown(*g);
    /* a catastrophic filter matched nothing from some name on (regex.h): say so */
    if (graph_too_expensive(*g)) {
        too_expensive(graph_too_expensive(*g));
        return NULL;
    }
    return t;
}

/* -s RE on t into *s (NULL without one). Returns 0, or the exit status 2 after reporting
 * a bad or too expensive pattern. */
static int search_on(const char *re, struct trie *t, struct search **s)
{
    struct ft_error err = {0};
    *s = NULL;
    if (!re)
        return 0;
    *s = search_new(re, &err);
    if (!*s) {
        batch_errf("invalid regex '%s': %s", re, err.msg);
        return 2;
    }
    search_attach(*s, t);
    return search_too_expensive(*s) ? too_expensive(re) : 0;
}

/* Time and bytes in their units ("1.17 s", "10.4 MiB"); counts as count_format writes
 * them, as scripts read them. */
static int top_number(char *out, size_t n, struct count c, const void *ctx)
{
    const struct unit *u = ctx;
    if (u->u == UNIT_NS || u->u == UNIT_BYTES)
        return numfmt_number(out, n, c, u, false);
    return top_fmt_count(out, n, c, NULL);
}

/* --top: time and bytes in their units, the name of other counts in a first line
 * ("# unit: page-faults"); samples and --raw: the plain numbers. 0 or -1. */
static int output_top(const struct batch_opts *o, FILE *out, struct trie *t)
{
    const struct unit *u = o->unit;
    char note[128];
    if (o->raw || !u || u->u == UNIT_SAMPLES)
        return top_print(out, t, o->top_n);
    snprintf(note, sizeof(note), "# unit: %s", numfmt_unit_name(u));
    bool named = u->u != UNIT_NS && u->u != UNIT_BYTES;
    return top_print_fmt(out, t, o->top_n, top_number, u, named ? note : NULL);
}

/* --collapse or --top into out. 0 or -1. */
static int output_table(const struct batch_opts *o, FILE *out, struct trie *t)
{
    if (o->out == BATCH_TOP)
        return output_top(o, out, t);
    return trie_has_base(t) ? collapse_write_diff(out, t) : collapse_write(out, t);
}

/* --collapse and --top: raw names go to pipes and files as they are, to a terminal only
 * made safe (through a memory stream). 0 or -1. */
static int output_names(const struct batch_opts *o, struct trie *t)
{
    if (!isatty(STDOUT_FILENO))
        return output_table(o, stdout, t);
    char *mem = NULL;
    size_t memlen = 0;
    FILE *dst = open_memstream(&mem, &memlen);
    int rc = output_table(o, dst ? dst : stdout, t);
    if (dst) {
        if (fclose(dst) != 0)
            rc = -1;
        if (rc == 0)
            rc = write_safe(stdout, mem, memlen);
        free(mem);
    }
    return rc;
}

/* --chart --text: the flame chart of the time index (base: the profile it indexes, not
 * derived). 0, -1 (write error), or 1 after saying that it needs timestamps. */
static int output_chart(const struct batch_opts *o, const struct trie *base)
{
    const struct graph_spec *s = o->spec;
    uint64_t from = s->has_from ? ((uint64_t)s->from_ns + 999) / 1000 : 0;
    uint64_t to = s->has_to ? ((uint64_t)s->to_ns + 999) / 1000 : TIMELINE_END;
    int rc = chart_print_text(stdout, o->samples, base, (int)s->group, from, to,
                              o->cols ? o->cols : terminal_cols(), s->names_full);
    if (rc == 1) {
        static const char msg[] = "no flame chart: it needs timestamps (perf script "
                                  "records have them; folded stacks and pprof do not)";
        batch_print_err(msg, sizeof msg - 1);
    }
    return rc;
}

/* The output of the derived graph of base. Returns the exit status. */
static int output(const struct batch_opts *o, struct trie *base, const char *unit)
{
    struct graph *g = NULL;
    struct search *s = NULL;
    struct trie *t = shown(o, base, &g);
    int rc = t ? search_on(o->spec->search, t, &s) : 2;
    if (rc)
        goto out;
    if (o->chart)
        rc = output_chart(o, base);
    else if (o->out == BATCH_SVG)
        rc = output_svg(o, g, t);
    else if (o->out == BATCH_TEXT)
        rc = output_text(o, t, s);
    else if (o->out == BATCH_TREE)
        rc = output_tree(o, t);
    else if (o->out == BATCH_ANNOTATE)
        rc = output_annotate(o, t, unit);
    else
        rc = output_names(o, t);
    if (rc > 0 && o->out == BATCH_SVG)   /* --svg=FILE, reported */
        goto out;
    if (fflush(stdout) != 0)
        rc = -1;
    /* a reader that stopped early (| head) is not an error, even with SIGPIPE ignored */
    if (rc < 0 && errno != EPIPE) {
        batch_errf("write error: %s", strerror(errno));
        rc = 1;
    }
    rc = rc < 0 ? 0 : rc;
out:
    search_free(s);
    graph_free(g);
    return rc;
}

/* Reads inputs to their end, reporting errors and the loaders' summaries. 0 or 1. */
static int run_loaders(struct loader **ls, size_t n)
{
    struct ft_error err = {0};
    for (size_t i = 0; i < n; i++) {
        struct buf msg = {0};
        int bad = loader_run(ls[i], &err) < 0;
        if (bad)
            batch_report_error(loader_name(ls[i]), &err);
        if (loader_report(ls[i], &msg))   /* one line per summary, without the prefix */
            for (size_t k = 0; k < msg.len;) {
                const char *nl = memchr(msg.p + k, '\n', msg.len - k);
                size_t len = nl ? (size_t)(nl - (msg.p + k)) : msg.len - k;
                batch_print_err(msg.p + k, len);
                k += len + 1;
            }
        buf_fini(&msg);
        if (bad)
            return 1;
    }
    return 0;
}

int batch_attach_base(const struct batch_base *b, struct trie *t, struct loader **ls,
                      size_t nls)
{
    struct load_opts blo = *b->load;
    blo.tee_fd = 0;   /* --tee copies the input, never the base */
    blo.follow = false;
    blo.interactive = false;
    struct trie *bt = trie_new(trie_names(t));
    struct ft_error err = {0};
    int rc = 0;
    for (size_t i = 0; i < b->n && rc == 0; i++) {
        struct loader *l = loader_open(b->files[i], &blo, bt, &err);
        if (!l) {
            batch_report_error(b->files[i], &err);
            rc = 1;
            break;
        }
        rc = run_loaders(&l, 1);
        if (rc == 0 && loader_samples(l) == 0) {   /* +0.00% against nothing: no */
            struct buf msg = {0};
            loader_no_samples(l, &msg);
            batch_print_err(msg.p, msg.len && msg.p[msg.len - 1] == '\n' ? msg.len - 1 : msg.len);
            buf_fini(&msg);
            rc = 1;
        }
        loader_free(l);
    }
    if (rc == 0 && ls && (b->normalize || b->strip_hex))
        rc = run_loaders(ls, nls);
    if (rc == 0) {
        if (b->strip_hex) {
            diff_strip_hex(bt);
            diff_strip_hex(t);
            for (size_t i = 0; ls && i < nls; i++)
                loader_trie_replaced(ls[i]);
        }
        diff_attach(t, bt, b->normalize);
    }
    trie_free(bt);
    return rc;
}

/* Nothing parsed in any input: "NAME: no samples found (hint)" for each, true (exit 1).
 * Some inputs empty, others not: a notice for the empty ones, false. With --from/--to
 * (range) a perf input counts as found even when no sample fell in the range: an empty
 * range prints nothing and exits 0, as collapsing the records of that range does; but
 * perf records without timestamps are never in a range: "NAME: no timestamps ...". */
static bool found(const struct loader *l, bool range)
{
    if (range && loader_untimed(l))   /* perf records without a time: none in a range */
        return false;
    return loader_samples(l) || (range && loader_format(l) == FORMAT_PERF);
}

static bool no_samples(struct loader **ls, size_t n, bool range)
{
    size_t total = 0;
    for (size_t i = 0; i < n; i++)
        total += found(ls[i], range);
    for (size_t i = 0; i < n; i++) {
        if (found(ls[i], range))
            continue;
        struct buf msg = {0};
        if (range && loader_untimed(ls[i]))
            buf_printf(&msg, "%s: no timestamps in the records: --from/--to need them "
                       "(perf script -F +time)\n", loader_name(ls[i]));
        else
            loader_no_samples(ls[i], &msg);
        batch_print_err(msg.p, msg.len - 1);   /* without the '\n' */
        buf_fini(&msg);
    }
    return total == 0;
}

/* The time range and grouping of the spec from the time index, as the viewer derives
 * them (t0: the earliest sample of all inputs); NULL without an index. */
static struct trie *derive(const struct batch_opts *o, const struct trie *t)
{
    const struct graph_spec *s = o->spec;
    if (!o->samples || samples_count(o->samples) == 0 || o->chart)
        return NULL;   /* the chart draws from the index and its own base */
    uint64_t from = s->has_from ? ((uint64_t)s->from_ns + 999) / 1000 : 0;
    uint64_t to = s->has_to ? ((uint64_t)s->to_ns + 999) / 1000 : TIMELINE_END;
    return timeline_build(o->samples, t, from, to, s->group);
}

int batch_run(const struct batch_opts *o, struct trie *t, struct loader **ls)
{
    static char outbuf[1 << 16];
    setvbuf(stdout, outbuf, _IOFBF, sizeof outbuf);
    struct ft_error err = {0};
    int rc = run_loaders(ls, o->nfiles);
    if (rc)
        return rc;
    if (no_samples(ls, o->nfiles, o->spec->has_from || o->spec->has_to))
        return 1;
    struct unit unit;
    struct buf mixed = {0};
    double total = trie_total_d(t, TRIE_ROOT) + (trie_flat(t) ? stacks_total_d(trie_flat(t)) : 0);
    if (!state_unit_inputs(&unit, ls, o->nfiles, total, &mixed)) {
        buf_printf(&mixed, ": inputs in different units: their numbers are added as they are");
        batch_print_err(mixed.p, mixed.len);
    }
    buf_fini(&mixed);
    unit.ascii = label_mode_resolve(LABEL_AUTO) == LABEL_ASCII;
    struct batch_opts uo = *o;
    uo.unit = &unit;
    o = &uo;
    struct trie *derived = derive(o, t);
    if (derived)
        t = derived;
    if (o->base.n && (rc = batch_attach_base(&o->base, t, NULL, 0)))
        goto out;
    trie_compact(t);
    if (o->save && keep_write_folded(o->save, t, &err) < 0) {   /* the batch outputs too */
        batch_print_err(err.msg, strlen(err.msg));
        rc = 1;
        goto out;
    }
    const char *punit = NULL;   /* pprof's unit ("nanoseconds") for --annotate */
    for (size_t i = 0; i < o->nfiles && !punit; i++)
        loader_sample_type(ls[i], &punit);
    rc = output(o, t, punit);
out:
    trie_free(derived);
    return rc;
}
