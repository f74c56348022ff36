/* SPDX-License-Identifier: MIT */
/* flametui - loader_parse.c: the format side of a loader (loader_impl.h): sniffing the
 * format from the first bytes, making and feeding the parser of each format, and the
 * reports (skipped lines, notices, "no samples found"). */
#include "config.h"

#include "input/loader_impl.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "core/trie.h"
#include "input/perf_native.h"
#include "input/perfdata.h"
#include "input/sniff.h"

size_t loader_perf_events(const struct loader *l, size_t i, const char **name, size_t *len,
                          size_t *samples)
{
    return l->ops && l->ops->events ? l->ops->events(l->parser, i, name, len, samples) : 0;
}

size_t loader_samples(const struct loader *l)
{
    return l->ops && l->ops->samples ? l->ops->samples(l->parser) : 0;
}

const char *loader_sample_type(const struct loader *l, const char **unit)
{
    const char *t = NULL;
    if (l->ops && l->ops->sample_type)
        t = l->ops->sample_type(l->parser, unit);
    return t && *t ? t : NULL;
}

bool loader_weight(const struct loader *l, char *type, size_t n, const char **unit)
{
    const char *name, *u = NULL;
    size_t len, samples;
    const char *t = loader_sample_type(l, &u);
    if (t && u) {
        snprintf(type, n, "%s", t);
        *unit = u;
        return true;
    }
    if (loader_perf_events(l, 0, &name, &len, &samples) == 0)
        return false;
    snprintf(type, n, "%.*s", (int)len, name);
    *unit = l->popts.weight_samples ? "samples" : "period";
    return true;
}

/* A parser was made: the format is known. */
bool loader_has_parser(const struct loader *l)
{
    return l->ops != NULL;
}

void loader_set_parser(struct loader *l, const struct parser_ops *ops, void *parser)
{
    if (l->ops && l->ops->free)
        l->ops->free(l->parser);
    l->ops = ops;
    l->parser = parser;
}

bool loader_report(const struct loader *l, struct buf *msg)
{
    size_t before = msg->len;
    if (l->ops && l->ops->report)
        l->ops->report(l, l->parser, msg);
    if (l->notes.len)
        buf_append(msg, l->notes.p, l->notes.len);
    return msg->len > before;
}

bool loader_notice(struct loader *l, struct buf *msg)
{
    if (l->notes_taken == l->notes.len)
        return false;
    buf_append(msg, l->notes.p + l->notes_taken, l->notes.len - l->notes_taken);
    l->notes_taken = l->notes.len;
    return true;
}

/* --event-filter kept nothing of an input with records of other events: names them. */
static bool no_event(const struct loader *l, struct buf *msg)
{
    const char *ev = l->popts.event_filter, *name;
    size_t len, n;
    size_t ne = ev && *ev ? loader_perf_events(l, 0, &name, &len, &n) : 0;
    if (ne < 2)
        return false;
    buf_printf(msg, "%s: no samples of event %s; the input has: ", l->name, ev);
    for (size_t i = 1; i < ne; i++) {
        loader_perf_events(l, i, &name, &len, &n);
        buf_printf(msg, "%s%.*s", i > 1 ? ", " : "", (int)len, name);
    }
    buf_putc(msg, '\n');
    return true;
}

void loader_no_samples(const struct loader *l, struct buf *msg)
{
    const char *dc = l->dc ? decomp_name(decomp_kind(l->dc)) : NULL;
    if (no_event(l, msg))
        return;
    buf_printf(msg, "%s: no samples found (", l->name);
    if (l->child && !l->consumed)
        buf_printf(msg, "perf script printed nothing: `perf report -i FILE --stats` "
                   "shows what the perf.data holds");
    else if (l->child)
        buf_printf(msg, "in what perf script printed");
    else if (l->forced == FORMAT_FOLDED)
        buf_printf(msg, "read as folded stacks, as --format=folded says");
    else if (l->forced == FORMAT_PERF)
        buf_printf(msg, "read as perf script output, as --format=perf says");
    else if (l->forced == FORMAT_PPROF)
        buf_printf(msg, "read as a Go pprof profile, as --format=pprof says");
    else if (l->forced == FORMAT_BPFTRACE)
        buf_printf(msg, "read as bpftrace output, as --format=bpftrace says");
    else
        buf_printf(msg, "formats tried: %s", sniff_formats_tried());
    if (dc)
        buf_printf(msg, "; after %s decompression", dc);
    buf_printf(msg, ")\n");
}

/* --- the parser of each format ------------------------------------------------------ */

static void report_folded(const struct loader *l, size_t n, const struct ft_error *first,
                          struct buf *msg)
{
    if (n)
        buf_printf(msg, "%s: %zu line%s skipped (first at line %ld: %s)\n", l->name, n,
                   n == 1 ? "" : "s", first->line, first->msg);
}

static void *folded_make(struct loader *l)
{
    struct folded_parser *p = folded_new(l->t);
    folded_set_max_line(p, l->max_line);
    return p;
}

static size_t folded_feed_op(void *p, const char *buf, size_t n, bool eof, bool strict,
                             struct ft_error *err)
{
    return folded_feed(p, buf, n, eof, strict, err);
}

static void folded_long_op(void *p)
{
    folded_long_line(p);
}

static size_t folded_samples_op(const void *p)
{
    return folded_samples(p);
}

static void folded_report(const struct loader *l, const void *p, struct buf *msg)
{
    struct ft_error first;
    size_t n = folded_skipped(p, &first);
    report_folded(l, n, &first, msg);
}

static void folded_replaced_op(void *p)
{
    folded_trie_replaced(p);
}

static void folded_free_op(void *p)
{
    folded_free(p);
}

const struct parser_ops folded_ops = {
    .make = folded_make, .feed = folded_feed_op, .long_line = folded_long_op,
    .samples = folded_samples_op, .report = folded_report,
    .trie_replaced = folded_replaced_op, .free = folded_free_op,
};

/* The folded pipe (folded_pipe.h): it reads the input itself (loader.c: step_pipe). */
static size_t fpipe_samples(const void *p)
{
    return folded_pipe_samples(p);
}

static void fpipe_report(const struct loader *l, const void *p, struct buf *msg)
{
    struct ft_error first;
    size_t n = folded_pipe_skipped(p, &first);
    report_folded(l, n, &first, msg);
}

static void fpipe_replaced(void *p)
{
    folded_pipe_trie_replaced(p);
}

static void fpipe_free(void *p)
{
    folded_pipe_free(p);   /* stops its reader */
}

const struct parser_ops folded_pipe_ops = {
    .step = loader_step_pipe, .samples = fpipe_samples, .report = fpipe_report,
    .trie_replaced = fpipe_replaced, .free = fpipe_free,
};

/* "16 MiB", "4 KiB", "1000 bytes" */
static void size_text(char *out, size_t n, size_t bytes)
{
    if (bytes && bytes % (1u << 20) == 0)
        snprintf(out, n, "%zu MiB", bytes >> 20);
    else if (bytes && bytes % 1024 == 0)
        snprintf(out, n, "%zu KiB", bytes >> 10);
    else
        snprintf(out, n, "%zu bytes", bytes);
}

/* perf script's counters, from a perf_parser or a finished perf_mt */
static void report_perf(const struct loader *l, const struct perf_mt_stats *s, struct buf *msg)
{
    size_t n = s->skipped, nl = s->long_lines, nc = s->no_callchain;
    if (n)
        buf_printf(msg, "%s: %zu unrecognized line%s skipped (first at line %ld)\n",
                   l->name, n, n == 1 ? "" : "s", s->first_skipped);
    if (nc)
        buf_printf(msg, "%s: %zu sample%s without a call graph, each counted as "
                   "comm;function (perf record -g records call graphs)\n", l->name, nc,
                   nc == 1 ? "" : "s");
    if (nl) {
        char sz[32];
        size_text(sz, sizeof sz, l->max_line);
        buf_printf(msg, "%s: %zu line%s longer than %s skipped with %s record%s (first at "
                   "line %ld)\n", l->name, nl, nl == 1 ? "" : "s", sz,
                   nl == 1 ? "its" : "their", nl == 1 ? "" : "s", s->first_long);
    }
}

static void *perf_make(struct loader *l)
{
    return perf_new(l->t, &l->popts);
}

static size_t perf_feed_op(void *p, const char *buf, size_t n, bool eof, bool strict,
                           struct ft_error *err)
{
    (void)strict, (void)err;
    return perf_feed(p, buf, n, eof);
}

static void perf_long_op(void *p)
{
    perf_long_line(p);
}

static size_t perf_samples_op(const void *p)
{
    return perf_samples(p);
}

static void perf_report(const struct loader *l, const void *p, struct buf *msg)
{
    struct perf_mt_stats s = {.last_time = -1};
    s.samples = perf_samples(p);
    s.last_time = perf_last_time(p);
    s.skipped = perf_skipped(p, &s.first_skipped);
    s.long_lines = perf_long_lines(p, &s.first_long);
    s.no_callchain = perf_no_callchain(p);
    report_perf(l, &s, msg);
}

static size_t perf_events_op(const void *p, size_t i, const char **name, size_t *len,
                             size_t *samples)
{
    return perf_events(p, i, name, len, samples);
}

/* Records read (or, with --from/--to, skipped for their time) and none had a time. */
static bool perf_untimed_op(const void *p)
{
    return perf_lines(p) > 0 && perf_last_time(p) < 0;
}

static bool mt_untimed(const void *p)
{
    const struct perf_mt_stats *s = p;
    return s->lines > 0 && s->last_time < 0;
}

static void perf_free_op(void *p)
{
    perf_free(p);
}

const struct parser_ops perf_ops = {
    .make = perf_make, .feed = perf_feed_op, .long_line = perf_long_op,
    .samples = perf_samples_op, .report = perf_report, .events = perf_events_op,
    .untimed = perf_untimed_op, .free = perf_free_op,
};

/* A perf input collapsed by perf_parse_buffer_mt: its counters (a struct perf_mt_stats
 * of the heap). */
static size_t mt_samples(const void *p)
{
    return ((const struct perf_mt_stats *)p)->samples;
}

static void mt_report(const struct loader *l, const void *p, struct buf *msg)
{
    report_perf(l, p, msg);
}

static size_t mt_events(const void *p, size_t i, const char **name, size_t *len,
                        size_t *samples)
{
    const struct perf_mt_stats *s = p;
    if (i < s->nevents) {
        *name = s->events[i].name;
        *len = strlen(s->events[i].name);
        *samples = s->events[i].samples;
    }
    return s->nevents;
}

const struct parser_ops perf_mt_ops = {
    .samples = mt_samples, .report = mt_report, .events = mt_events, .untimed = mt_untimed,
    .free = free,
};

/* A perf.data read in this process (perf_native.h). */
#define NATIVE_WAIT_MS 20   /* the viewer's step waits at most this long for the reader */

static enum load_status native_step(struct loader *l, size_t max_bytes, struct ft_error *err)
{
    int rc = perf_native_step(l->parser, max_bytes < 4096 ? 4096 : max_bytes,
                              l->batch ? -1 : NATIVE_WAIT_MS, &l->consumed, err);
    if (rc > 0)
        return LOAD_MORE;
    l->eof = l->done = true;
    return rc < 0 ? LOAD_ERROR : LOAD_EOF;
}

static size_t native_samples(const void *p)
{
    struct perf_mt_stats s;
    perf_native_stats(p, &s);
    return s.samples;
}

static void native_report(const struct loader *l, const void *p, struct buf *msg)
{
    struct perf_mt_stats s;
    perf_native_stats(p, &s);
    report_perf(l, &s, msg);
}

static size_t native_events(const void *p, size_t i, const char **name, size_t *len,
                            size_t *samples)
{
    return perf_native_events(p, i, name, len, samples);
}

static bool native_untimed(const void *p)
{
    struct perf_mt_stats s;
    perf_native_stats(p, &s);
    return s.lines > 0 && s.last_time < 0;
}

static void native_replaced(void *p)
{
    perf_native_trie_replaced(p);
}

static void native_free(void *p)
{
    perf_native_free(p);
}

static const struct parser_ops perf_native_ops = {
    .step = native_step, .samples = native_samples, .report = native_report,
    .events = native_events, .untimed = native_untimed, .trie_replaced = native_replaced,
    .free = native_free,
};

/* perf's pipe format read here (perf_native_stream): bytes, not lines */
static size_t stream_feed(void *p, const char *buf, size_t n, bool eof, bool strict,
                          struct ft_error *err)
{
    (void)strict;
    return perf_native_stream_feed(p, buf, n, eof, err);
}

static size_t stream_samples(const void *p)
{
    return perf_samples(perf_native_stream_parser(p));
}

static void stream_report(const struct loader *l, const void *p, struct buf *msg)
{
    perf_report(l, perf_native_stream_parser(p), msg);
    size_t n = perf_native_stream_late_execs(p);
    if (n)   /* past the read-ahead: perf script cannot take the pipe over any more */
        buf_printf(msg, "%s: %zu process%s ran another program after the first round of "
                   "records: %s DWARF call graphs unwound here in full, where perf script's "
                   "libunwind stops earlier (a recording to a file goes through perf "
                   "script)\n", l->name, n, n == 1 ? "" : "es", n == 1 ? "its" : "their");
}

static size_t stream_events(const void *p, size_t i, const char **name, size_t *len,
                            size_t *samples)
{
    return perf_events(perf_native_stream_parser(p), i, name, len, samples);
}

static bool stream_untimed(const void *p)
{
    return perf_untimed_op(perf_native_stream_parser(p));
}

static void stream_free(void *p)
{
    perf_native_stream_free(p);
}

static const struct parser_ops perf_stream_ops = {
    .feed = stream_feed, .whole = true, .samples = stream_samples, .report = stream_report,
    .events = stream_events, .untimed = stream_untimed, .free = stream_free,
};

void loader_perf_child(struct loader *l)
{
    l->fd = perf_data_fd(l->child);
    if (perf_data_note(l->child))
        buf_printf(&l->notes, "%s: %s\n", l->name, perf_data_note(l->child));
    l->regular = l->follow = false;   /* a pipe, that ends: shown as loading */
    l->format = FORMAT_PERF;
    l->dc_state = DC_NO;
    const struct pd_file *f = perf_data_file(l->child);
    const void *ahead;
    size_t nahead;
    if (f) {
        loader_set_parser(l, &perf_native_ops, perf_native_new(f, l->t, &l->popts, l->batch));
    } else if (perf_data_stream(l->child, &ahead, &nahead)) {
        struct perf_native_stream *s = perf_native_stream_new(l->t, &l->popts);
        loader_set_parser(l, &perf_stream_ops, s);
        struct ft_error e = {0, ""};
        if (nahead)   /* checked already (perfdata_pipe_check): it cannot fail here */
            perf_native_stream_feed(s, ahead, nahead, false, &e);
    }
}

static void *pprof_make(struct loader *l)
{
    struct pprof_parser *p = pprof_new(l->t, l->sample_type);
    pprof_set_lines(p, l->pprof_lines);
    return p;
}

static size_t pprof_feed_op(void *p, const char *buf, size_t n, bool eof, bool strict,
                            struct ft_error *err)
{
    (void)strict;
    return pprof_feed(p, buf, n, eof, err);
}

static size_t pprof_samples_op(const void *p)
{
    return pprof_samples(p);
}

static void pprof_report(const struct loader *l, const void *p, struct buf *msg)
{
    size_t n = pprof_skipped(p);
    if (n)
        buf_printf(msg, "%s: %zu sample%s with a negative value or without a stack left out\n",
                   l->name, n, n == 1 ? "" : "s");
}

static const char *pprof_type_op(const void *p, const char **unit)
{
    return pprof_sample_type(p, unit);
}

static void pprof_free_op(void *p)
{
    pprof_free(p);
}

static const struct parser_ops pprof_ops = {
    .make = pprof_make, .feed = pprof_feed_op, .whole = true, .samples = pprof_samples_op,
    .report = pprof_report, .sample_type = pprof_type_op, .free = pprof_free_op,
};

static void *bpftrace_make(struct loader *l)
{
    return bpftrace_new(l->t, l->max_line);
}

static size_t bpftrace_feed_op(void *p, const char *buf, size_t n, bool eof, bool strict,
                               struct ft_error *err)
{
    (void)strict, (void)err;
    return bpftrace_feed(p, buf, n, eof);
}

static void bpftrace_long_op(void *p)
{
    bpftrace_long_line(p);
}

static size_t bpftrace_samples_op(const void *p)
{
    return bpftrace_samples(p);
}

static void bpftrace_report(const struct loader *l, const void *p, struct buf *msg)
{
    struct ft_error first;
    size_t n = bpftrace_skipped(p, &first);
    if (n)
        buf_printf(msg, "%s: %zu stack%s skipped (first at line %ld: %s)\n", l->name, n,
                   n == 1 ? "" : "s", first.line, first.msg);
}

static void bpftrace_free_op(void *p)
{
    bpftrace_free(p);
}

static const struct parser_ops bpftrace_ops = {
    .make = bpftrace_make, .feed = bpftrace_feed_op, .long_line = bpftrace_long_op,
    .samples = bpftrace_samples_op, .report = bpftrace_report, .free = bpftrace_free_op,
};

static void make_parser(struct loader *l)
{
    const struct parser_ops *ops = l->format == FORMAT_PERF      ? &perf_ops
                                   : l->format == FORMAT_PPROF    ? &pprof_ops
                                   : l->format == FORMAT_BPFTRACE ? &bpftrace_ops
                                                                  : &folded_ops;
    loader_set_parser(l, ops, ops->make(l));
}

/* Decides the format from the text p[0..n) and makes the parser. Returns false if more
 * text is needed. idle: no more text is coming for now (a quiet pipe), so one complete
 * line is enough when it plainly is one format. */
bool loader_sniff_text(struct loader *l, const char *p, size_t n, bool eof, bool idle)
{
    if (l->format == FORMAT_AUTO) {
        /* pprof (binary) and bpftrace first: neither is ever taken for folded or perf */
        int pp = pprof_sniff(p, n, eof || n >= SNIFF_BYTES);
        if (pp < 0)
            return false;
        if (pp > 0)
            l->format = FORMAT_PPROF;
        else if (bpftrace_sniff(p, n < SNIFF_BYTES ? n : SNIFF_BYTES))
            l->format = FORMAT_BPFTRACE;
    }
    if (l->format == FORMAT_AUTO) {
        /* wait for two meaningful lines (or enough text, or the end) */
        size_t lines = 0, first = 0, first_len = 0;
        for (size_t i = 0; i < n && lines < 2;) {
            const char *nl = memchr(p + i, '\n', n - i);
            if (!nl)
                break;
            size_t ll = (size_t)(nl - (p + i));
            size_t k = 0;
            while (k < ll && (p[i + k] == ' ' || p[i + k] == '\t' || p[i + k] == '\r'))
                k++;
            if (k < ll && p[i + k] != '#' && lines++ == 0) {
                first = i;
                first_len = ll;
            }
            i += ll + 1;
        }
        size_t sn = n < SNIFF_BYTES ? n : SNIFF_BYTES;
        if (lines < 2 && n < SNIFF_BYTES && !eof) {
            size_t sl;
            struct count c;
            const char *why;
            if (!idle || lines == 0)
                return false;
            if (perf_sniff(p, sn))
                l->format = FORMAT_PERF;
            else if (folded_split_line(p + first, first_len, &sl, &c, &why) == 0)
                l->format = FORMAT_FOLDED;
            else
                return false;   /* a perf header alone, say: wait for its frames */
        } else {
            l->format = perf_sniff(p, sn) ? FORMAT_PERF : FORMAT_FOLDED;
        }
    }
    make_parser(l);
    return true;
}

/* A perf.data on standard input: perf script reads it from here on; p[0..n) was read
 * already. Returns 0 or -1 with err. */
static int start_perf_stdin(struct loader *l, const char *p, size_t n, struct ft_error *err)
{
    if (l->dc_state == DC_YES)
        return ft_error_set(err, 0, "a compressed perf.data: decompress it first (perf "
                            "script cannot read it compressed)");
    bool pipe_mode = false;
    perf_data_sniff(p, n, &pipe_mode);
    int fd = l->fd;
    l->child = perf_data_start(&l->pdo, NULL, l->fd, l->regular, p, n, pipe_mode,
                               !l->batch, err);
    if (!l->child)
        return -1;
    enum dc_state dc = l->dc_state;
    loader_perf_child(l);
    l->dc_state = dc;
    const void *ahead;
    size_t nahead;
    if (perf_data_stream(l->child, &ahead, &nahead) && nahead > n)   /* read past p */
        loader_tee(l, (const char *)ahead + n, nahead - n);
    if (l->fd != fd && fd > STDIN_FILENO)
        close(fd);   /* mapped, or opened again: this fd is not read again */
    l->in.len = l->start = l->scanned = 0;
    return 0;
}

/* The first bytes: a format of sniff.h's table (perf.data starts perf script; the others
 * are errors), else sniff_text. Returns 1 when a parser was made, 0 when more text is
 * needed (or perf script was just started), -1 with err. */
int loader_sniff_input(struct loader *l, const char *p, size_t n, bool eof, bool idle,
                       struct ft_error *err)
{
    if (!l->magic_done && !l->child) {
        const struct magic_format *mf;
        int r = sniff_magic(n ? p : "", n, eof, &mf);
        if (r > 0 && mf->unsupported)
            return ft_error_set(err, 0, "%s", mf->unsupported);
        if (r > 0) {
            switch (mf->format) {   /* the formats of sniff.c's table that are read */
            case FORMAT_PERF_DATA:
                return start_perf_stdin(l, p, n, err);
            default:
                return ft_error_set(err, 0, "%s: not read here", mf->name);
            }
        }
        if (r == 0) {
            l->magic_done = true;
            if (l->format == FORMAT_PERF_DATA)
                return ft_error_set(err, 0, "not a perf.data file (it does not start with "
                                    "PERFILE2)");
        } else if (!idle) {
            return 0;
        }
    }
    if (l->format == FORMAT_PERF_DATA)
        return 0;   /* a quiet pipe: the magic decides */
    return loader_sniff_text(l, p, n, eof, idle) ? 1 : 0;
}

/* Parses p[0..n); returns the bytes consumed or (size_t)-1 with err filled in. */
size_t loader_feed(struct loader *l, const char *p, size_t n, bool eof, struct ft_error *err)
{
    return l->ops->feed(l->parser, p, n, eof, l->strict, err);
}

/* The parser counts the next line as too long (its bytes are dropped). */
void loader_long_line(struct loader *l)
{
    if (l->ops && l->ops->long_line)
        l->ops->long_line(l->parser);
}
