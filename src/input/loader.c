/* SPDX-License-Identifier: MIT */
/* flametui - loader.c: see loader.h.
 * Two ways in. A regular file for a batch output is mapped and parsed in place (perf on
 * several threads) under a SIGBUS guard, so a file truncated underneath is an error, not
 * a crash. Everything else (the viewer's files, pipes, --follow) is read() into one
 * buffer: compressed input (gzip, zstd, xz, bzip2: decompress.h) is decoded in bounded
 * slices, each parsed before the next, and the parser
 * is called only once a line is complete (a long line costs linear time), so memory is
 * bounded by the line cap plus a read, whatever the input. */
#include "config.h"

#include "input/loader_impl.h"

#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include "core/trie.h"
#include "input/mapguard.h"
#include "input/remote.h"
#include "input/sniff.h"


FT_PRINTF(2, 3) static void note(struct loader *l, const char *fmt, ...)
{
    char msg[200];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    buf_printf(&l->notes, "%s: %s\n", l->name, msg);
}

struct loader *loader_open(const char *path, const struct load_opts *o, struct trie *t,
                           struct ft_error *err)
{
    int fd;
    bool is_stdin = !strcmp(path, "-");
    struct http_fetch *http = NULL;
    if (is_stdin) {
        fd = STDIN_FILENO;
    } else if (remote_is_input(path, o->remote)) {
        http = remote_open(path, o->remote, err);
        if (!http)
            return NULL;
        fd = http_fd(http);
    } else {
        /* the viewer must come up even on a FIFO that no writer has opened yet (a
         * blocking open would wait for one); batch outputs wait, as cat does */
        fd = open(path, O_RDONLY | O_CLOEXEC | (o->interactive ? O_NONBLOCK : 0));
        if (fd < 0) {
            ft_error_set(err, 0, "cannot open: %s", strerror(errno));
            return NULL;
        }
    }
    struct stat st;
    if (fstat(fd, &st) < 0) {
        ft_error_set(err, 0, "cannot stat: %s", strerror(errno));
        if (!is_stdin)
            close(fd);
        return NULL;
    }
    if (S_ISDIR(st.st_mode)) {
        ft_error_set(err, 0, "is a directory");
        if (!is_stdin)
            close(fd);
        return NULL;
    }
    /* a file is judged by its first bytes now: a perf.data starts perf script, a format
     * that cannot be read is an error before the viewer comes up */
    unsigned char head[MAGIC_BYTES];
    ssize_t nh = S_ISREG(st.st_mode) ? pread(fd, head, sizeof head, 0) : -1;
    const struct magic_format *mf = NULL;
    if (nh >= 0 && sniff_magic(head, (size_t)nh, true, &mf) > 0 && mf->unsupported) {
        ft_error_set(err, 0, "%s", mf->unsupported);
        if (!is_stdin)
            close(fd);
        return NULL;
    }
    enum decomp_kind kind = DECOMP_NONE;
    if (nh >= 0 && o->format == FORMAT_PERF_DATA && (!mf || mf->format != FORMAT_PERF_DATA) &&
        decomp_sniff(head, (size_t)nh, true, &kind) && kind == DECOMP_NONE) {
        ft_error_set(err, 0, "not a perf.data file (it does not start with PERFILE2)");
        if (!is_stdin)
            close(fd);
        return NULL;
    }
    struct loader *l = xcalloc(1, sizeof *l);
    l->name = xstrdup(is_stdin ? "stdin" : path);
    l->path = is_stdin || http ? NULL : xstrdup(path);
    l->fd = fd;
    l->http = http;
    l->regular = S_ISREG(st.st_mode);
    l->open_size = l->regular ? st.st_size : 0;
    l->open_st = st;
    l->follow = o->follow && l->regular;
    l->live = !l->regular || l->follow;
    l->strict = o->strict;
    l->format = l->forced = o->format;
    l->popts = o->perf;
    l->max_line = o->max_line ? o->max_line : LOAD_MAX_LINE_DEFAULT;
    l->popts.max_line = l->max_line;
    l->t = t;
    l->batch = !o->interactive;
    l->threads = o->threads;
    l->tee_fd = o->tee_fd;
    l->pdo.perf = o->perf_path;
    l->pdo.args = o->perf_args;
    l->pdo.srcline = o->perf.srcline;
    l->pdo.mode = o->perf_script > 0 ? PERF_DATA_SCRIPT
                  : o->perf_script < 0 ? PERF_DATA_NATIVE : PERF_DATA_AUTO;
    if (mf && mf->format == FORMAT_PERF_DATA) {
        bool pipe_mode;
        perf_data_sniff(head, (size_t)nh, &pipe_mode);
        l->child = perf_data_start(&l->pdo, l->path, fd, true, NULL, 0, pipe_mode,
                                   o->interactive, err);
        if (!is_stdin)
            close(fd);
        if (!l->child) {
            l->fd = -1;
            loader_free(l);
            return NULL;
        }
        loader_perf_child(l);
        return l;
    }
    l->sample_type = o->sample_type ? xstrdup(o->sample_type) : NULL;
    l->pprof_lines = o->pprof_lines;
    if (l->live && !l->follow) {
        int fl = fcntl(fd, F_GETFL);
        if (fl >= 0)
            fcntl(fd, F_SETFL, fl | O_NONBLOCK);
    }
    /* the viewer reads files in steps (a step stays short, and a file that shrinks is
     * just shorter); a batch output maps them (see step_map) */
    if (l->batch && l->regular && !l->follow && !l->tee_fd && st.st_size > 2 &&
        (uint64_t)st.st_size <= SIZE_MAX && nh > 0 &&
        decomp_sniff(head, (size_t)nh, true, &kind) && kind == DECOMP_NONE) {
        void *m = mmap(NULL, (size_t)st.st_size, PROT_READ, MAP_PRIVATE, fd, 0);
        if (m != MAP_FAILED) {
            madvise(m, (size_t)st.st_size, MADV_SEQUENTIAL);
            l->map = m;
            l->map_len = (size_t)st.st_size;
        }
    }
    return l;
}

static void dc_reset(struct loader *l)
{
    decomp_free(l->dc);
    l->dc = NULL;
    l->dc_state = DC_UNKNOWN;
}

void loader_free(struct loader *l)
{
    if (!l)
        return;
    loader_set_parser(l, NULL, NULL);   /* a folded pipe's reader stops before fd closes */
    if (l->map)
        munmap((void *)(uintptr_t)l->map, l->map_len);
    if (l->child)
        perf_data_free(l->child);   /* kills perf if it still runs; closes fd */
    else if (l->http)
        http_free(l->http);         /* stops the transfer; closes fd */
    else if (l->fd > STDIN_FILENO)
        close(l->fd);
    dc_reset(l);
    free(l->sample_type);
    buf_fini(&l->in);
    buf_fini(&l->notes);
    free(l->path);
    free(l->name);
    free(l);
}

bool loader_progress(const struct loader *l, char *out, size_t n)
{
    return l->http && !l->done && http_progress(l->http, out, n);
}

void loader_cancel(struct loader *l)
{
    if (l->http)
        http_cancel(l->http);
}

int loader_fd(const struct loader *l)
{
    if (l->done || l->regular)
        return -1;
    return l->fd;
}

bool loader_same_file(const struct loader *l, const char *path)
{
    struct stat st;
    const struct stat *o = &l->open_st;
    return stat(path, &st) == 0 && st.st_dev == o->st_dev && st.st_ino == o->st_ino &&
           st.st_size == o->st_size && st.st_mtim.tv_sec == o->st_mtim.tv_sec &&
           st.st_mtim.tv_nsec == o->st_mtim.tv_nsec;
}

bool loader_is_live(const struct loader *l)
{
    return l->live;
}

bool loader_is_remote(const struct loader *l)
{
    return l->http != NULL;
}

const char *loader_name(const struct loader *l)
{
    return l->name;
}

enum input_format loader_format(const struct loader *l)
{
    return l->format;
}

int loader_tee_error(const struct loader *l)
{
    return l ? l->tee_errno : 0;
}

bool loader_untimed(const struct loader *l)
{
    return l->ops && l->ops->untimed && l->parser && l->ops->untimed(l->parser);
}

size_t loader_bytes(const struct loader *l)
{
    return l->consumed;
}


/* --- folded input on two threads (folded_pipe.h) ------------------------------------ */

#define PIPE_WAIT_MS 20   /* the viewer's step waits at most this long for the reader */

/* Two threads for folded input: FLAMETUI_THREADS (load_opts.threads) >= 2, or unset (0)
 * on a machine with two CPUs or more. */
static bool pipe_wanted(const struct loader *l, size_t size)
{
    if (l->ops != &folded_ops || size < folded_pipe_min_input() || size < 2)
        return false;
    if (l->threads >= 1)
        return l->threads >= 2;
    return sysconf(_SC_NPROCESSORS_ONLN) >= 2;
}

enum load_status loader_step_pipe(struct loader *l, size_t max_bytes, struct ft_error *err)
{
    int rc = folded_pipe_step(l->parser, max_bytes < 4096 ? 4096 : max_bytes,
                              l->batch ? -1 : PIPE_WAIT_MS, &l->consumed, err);
    if (rc > 0)
        return LOAD_MORE;
    l->eof = l->done = true;
    return rc < 0 ? LOAD_ERROR : LOAD_EOF;
}

/* --- the mapped path ----------------------------------------------------------------- */

/* A big perf file for a non-interactive output: collapsed whole on up to 4 threads. */
static enum load_status collapse_mt(struct loader *l, struct ft_error *err)
{
    long ncpu = sysconf(_SC_NPROCESSORS_ONLN);
    int threads = ncpu > 1 ? (ncpu > 4 ? 4 : (int)ncpu) : 1;
    if (l->threads >= 1 && l->threads <= 64)
        threads = l->threads;
    struct perf_mt_stats *st = xcalloc(1, sizeof *st);
    int rc = perf_parse_buffer_mt(l->t, &l->popts, l->map, l->map_len, threads, true, st);
    loader_set_parser(l, &perf_mt_ops, st);
    l->map_pos = l->consumed = l->map_len;
    l->done = true;
    if (rc < 0) {
        ft_error_set(err, 0, "changed while it was read");
        return LOAD_ERROR;
    }
    return LOAD_EOF;
}

/* Feeds the mapped line at p (rem bytes to the end) that is longer than the slice:
 * whole up to the cap (one step of at most the cap), skipped beyond it. */
static size_t feed_long(struct loader *l, const char *p, size_t rem, struct ft_error *err)
{
    size_t look = rem;
    if (l->max_line < rem - 1)
        look = l->max_line + 1;
    const char *nl = memchr(p, '\n', look);
    if (!nl && look < rem) {
        loader_long_line(l);
        l->map_skipping = true;
        return look;
    }
    size_t want = nl ? (size_t)(nl - p) + 1 : rem;
    for (;;) {   /* --srcline may want the lines after it, too */
        bool eof = want == rem;
        size_t used = loader_feed(l, p, want, eof, err);
        if (used || eof)
            return used;
        want = want > rem / 2 ? rem : want * 2;
    }
}

/* Parses the next slice of the mapping (at most max_bytes); the bytes consumed or
 * (size_t)-1 with err. */
static size_t feed_map(struct loader *l, size_t max_bytes, struct ft_error *err)
{
    size_t rem = l->map_len - l->map_pos;
    size_t want = max_bytes < MAP_SLICE ? (max_bytes < 4096 ? 4096 : max_bytes) : MAP_SLICE;
    bool eof = want >= rem;
    if (eof)
        want = rem;
    const char *p = l->map + l->map_pos;
    if (l->map_skipping) {
        /* the rest of a line longer than the cap: want bytes at a time */
        const char *nl = memchr(p, '\n', want);
        l->map_skipping = !nl;
        return nl ? (size_t)(nl - p) + 1 : want;
    }
    size_t used = loader_feed(l, p, want, eof, err);
    if (used == 0 && !eof)
        used = feed_long(l, p, rem, err);
    return used;
}

/* Drops parsed pages: peak RSS stays bounded by the trie, not the input. */
static void map_release(struct loader *l)
{
    size_t pg = (size_t)sysconf(_SC_PAGESIZE);
    size_t upto = l->map_pos / pg * pg;
    if (upto > l->map_released) {
        madvise((void *)(uintptr_t)(l->map + l->map_released), upto - l->map_released,
                MADV_DONTNEED);
        l->map_released = upto;
    }
}

static enum load_status step_map(struct loader *l, size_t max_bytes, struct ft_error *err)
{
    if (!loader_has_parser(l)) {
        size_t n = l->map_len < SNIFF_BYTES ? l->map_len : SNIFF_BYTES;
        if (loader_sniff_input(l, l->map, n, true, false, err) < 0) {
            l->done = true;
            return LOAD_ERROR;
        }
    }
    if (l->batch && l->ops == &perf_ops && l->map_pos == 0 && l->map_len > (1u << 20))
        return collapse_mt(l, err);
    if (l->map_pos == 0 && pipe_wanted(l, l->map_len)) {
        struct folded_pipe_opts fo = {l->max_line, l->strict};
        struct folded_pipe *fp = folded_pipe_buf(l->t, &fo, l->map, l->map_len, true);
        if (fp) {
            loader_set_parser(l, &folded_pipe_ops, fp);
            return loader_step_pipe(l, max_bytes, err);
        }
    }
    size_t used = feed_map(l, max_bytes, err);
    if (used == (size_t)-1) {
        l->done = true;
        return LOAD_ERROR;
    }
    l->map_pos += used;
    l->consumed += used;
    if (l->map_pos - l->map_released >= MAP_RELEASE)
        map_release(l);
    if (l->map_pos == l->map_len) {
        if (!loader_has_parser(l))
            loader_sniff_text(l, "", 0, true, false);
        l->done = true;
        return LOAD_EOF;
    }
    return LOAD_MORE;
}

struct map_call {
    struct loader *l;
    size_t max_bytes;
    struct ft_error *err;
    enum load_status st;
};

static void map_call(void *arg)
{
    struct map_call *c = arg;
    c->st = step_map(c->l, c->max_bytes, c->err);
}

/* step_map under the SIGBUS guard: a file truncated while it is parsed is an error. */
static enum load_status step_mapped(struct loader *l, size_t max_bytes, struct ft_error *err)
{
    struct map_call c = {l, max_bytes, err, LOAD_ERROR};
    if (map_guard(l->map, l->map_len, map_call, &c) < 0) {
        ft_error_set(err, 0, "changed while it was read");
        l->done = true;
        return LOAD_ERROR;
    }
    return c.st;
}

/* --- the read() path ----------------------------------------------------------------- */

/* --tee: copies the raw bytes just read; on a write error stops copying, with a notice. */
static void tee_copy(struct loader *l, const unsigned char *p, size_t n)
{
    while (n) {
        ssize_t w = write(l->tee_fd, p, n);
        if (w < 0 && errno == EINTR)
            continue;
        if (w <= 0) {
            note(l, "--tee: write error: %s; the input is no longer copied",
                 w < 0 ? strerror(errno) : "nothing written");
            l->tee_errno = w < 0 ? errno : EIO;
            l->tee_fd = 0;
            return;
        }
        p += w;
        n -= (size_t)w;
    }
}

void loader_tee(struct loader *l, const void *p, size_t n)
{
    if (l->tee_fd && n)
        tee_copy(l, p, n);
}

/* Drops consumed bytes from the front of the buffer (amortised: at most half moves). */
static void compact(struct loader *l)
{
    if (l->start == l->in.len) {
        l->start = l->in.len = l->scanned = 0;
    } else if (l->start > l->in.len / 2) {
        memmove(l->in.p, l->in.p + l->start, l->in.len - l->start);
        l->in.len -= l->start;
        l->scanned -= l->scanned > l->start ? l->start : l->scanned;
        l->start = 0;
    }
}

/* Drops n buffered bytes (counted as consumed). */
static void drop(struct loader *l, size_t n)
{
    l->start += n;
    l->consumed += n;
}

/* Parses the complete lines buffered (everything at eof). idle: see sniff_text.
 * Returns 0, or -1 with err filled in. */
static int parse(struct loader *l, bool eof, bool idle, struct ft_error *err)
{
    const char *p = l->in.p ? l->in.p + l->start : ""; /* NULL + 0 is undefined */
    size_t n = l->in.len - l->start;
    if (!loader_has_parser(l)) {
        int r = loader_sniff_input(l, p, n, eof, idle, err);
        if (r <= 0)
            return r;
    }
    /* the viewer's regular folded file: read and split on a second thread from here */
    if (!eof && !l->batch && l->regular && !l->follow && !l->tee_fd && !l->child &&
        l->dc_state == DC_NO && l->consumed == 0 && !l->skipping &&
        l->open_size > 0 && pipe_wanted(l, (size_t)l->open_size)) {
        struct folded_pipe_opts fo = {l->max_line, l->strict};
        struct folded_pipe *fp = folded_pipe_fd(l->t, &fo, l->fd, p, n, l->open_size);
        if (fp) {
            loader_set_parser(l, &folded_pipe_ops, fp);
            l->in.len = l->start = l->scanned = 0;
            return 0;
        }
    }
    if (l->skipping) {
        const char *nl = n ? memchr(p, '\n', n) : NULL;
        size_t k = nl ? (size_t)(nl - p) + 1 : n;
        drop(l, k);
        p += k;
        n -= k;
        l->skipping = !nl && !eof;
        l->scanned = l->start;
    }
    if (!eof && !l->ops->whole) {   /* pprof takes everything: it has no lines */
        /* only new bytes are searched for the end of a line: linear in a long line */
        size_t from = l->scanned > l->start ? l->scanned : l->start;
        if (from == l->in.len || !memchr(l->in.p + from, '\n', l->in.len - from)) {
            l->scanned = l->in.len;
            if (n > l->max_line) {
                loader_long_line(l);
                l->skipping = true;
                drop(l, n);
            }
            compact(l);
            return 0;
        }
    }
    size_t used = loader_feed(l, p, n, eof, err);
    if (used == (size_t)-1)
        return -1;
    l->start += used;
    l->consumed += used;
    l->scanned = l->in.len;
    if (!eof && l->in.len - l->start > l->max_line) {
        loader_long_line(l);
        l->skipping = true;
        drop(l, l->in.len - l->start);
    }
    compact(l);
    return 0;
}

/* Decompresses at most DC_SLICE bytes of the pending compressed input and parses them.
 * Returns 0, 1 when the input ends here (garbage after the last member), -1 on error. */
static int decode_slice(struct loader *l, size_t *work, struct ft_error *err)
{
    buf_reserve(&l->in, DC_SLICE);
    size_t got;
    int rc = decomp_step(l->dc, l->in.p + l->in.len, DC_SLICE, l->eof, &got, err);
    l->in.len += got;
    *work += got + 1;
    if (rc < 0)
        return -1;
    if (rc > 0) {
        note(l, "trailing garbage after the %s data ignored", decomp_name(decomp_kind(l->dc)));
        return 1;
    }
    return parse(l, false, false, err);
}

/* The first bytes have arrived: compressed or not. Returns false while it cannot tell. */
static bool dc_sniff(struct loader *l, struct ft_error *err, bool *failed)
{
    size_t n = l->in.len - l->start;
    const unsigned char *p = (const unsigned char *)l->in.p + l->start;
    enum decomp_kind kind;
    if (!decomp_sniff(n ? p : (const unsigned char *)"", n, l->eof, &kind))
        return false;
    if (kind == DECOMP_NONE) {
        l->dc_state = DC_NO;
        return true;
    }
    l->dc_state = DC_YES;
    l->dc = decomp_new(kind, err);
    if (!l->dc) {
        *failed = true;
        return true;
    }
    /* what was read is compressed: it moves to the decoder */
    decomp_push(l->dc, p, n);
    l->in.len = l->start = l->scanned = 0;
    return true;
}

/* --follow: a file that shrank (truncated) or whose name now points to another file
 * (rotated) is read again from the start, as tail -F does. Returns true if so. */
static bool follow_moved(struct loader *l)
{
    struct stat st, ps;
    if (fstat(l->fd, &st) < 0)
        return false;
    const char *what;
    if (st.st_size < l->offset) {
        if (lseek(l->fd, 0, SEEK_SET) < 0)
            return false;
        what = "file truncated: reading it again from the start";
    } else {
        if (!l->path || stat(l->path, &ps) < 0 || !S_ISREG(ps.st_mode) ||
            (ps.st_dev == st.st_dev && ps.st_ino == st.st_ino))
            return false;
        int fd = open(l->path, O_RDONLY | O_CLOEXEC);
        if (fd < 0)
            return false;
        close(l->fd);
        l->fd = fd;
        what = "file replaced: reading the new file from the start";
    }
    /* the partial line of the old data is dropped */
    l->offset = 0;
    l->in.len = l->start = l->scanned = 0;
    l->skipping = false;
    dc_reset(l);
    note(l, "%s", what);
    return true;
}

/* read() returned 0. */
static enum load_status at_end(struct loader *l, size_t work, struct ft_error *err)
{
    if (l->child) {   /* perf script ended: its exit status says how */
        l->eof = l->done = true;
        int rc = parse(l, true, false, err);
        struct buf lines = {0};
        if (perf_data_finish(l->child, rc < 0 ? NULL : err, &lines) < 0) {
            for (size_t k = 0; k < lines.len;) {
                const char *nl = memchr(lines.p + k, '\n', lines.len - k);
                size_t len = nl ? (size_t)(nl - (lines.p + k)) : lines.len - k;
                note(l, "%.*s", (int)len, lines.p + k);
                k += len + 1;
            }
            rc = -1;
        }
        buf_fini(&lines);
        return rc < 0 ? LOAD_ERROR : LOAD_EOF;
    }
    if (l->follow) {
        if (follow_moved(l))
            return LOAD_MORE;
        if (parse(l, false, true, err) < 0) {
            l->done = true;
            return LOAD_ERROR;
        }
        return work ? LOAD_MORE : LOAD_AGAIN;
    }
    l->eof = true;
    l->done = true;
    if (l->http && http_finish(l->http, err) < 0)   /* the transfer failed */
        return LOAD_ERROR;
    bool failed = false;
    if (l->dc_state == DC_UNKNOWN)
        dc_sniff(l, err, &failed);
    if (failed)
        return LOAD_ERROR;
    if (l->dc_state == DC_YES) {
        int rc = decomp_finish(l->dc, err);   /* judges the bytes left over */
        if (rc > 0)
            note(l, "trailing garbage after the %s data ignored",
                 decomp_name(decomp_kind(l->dc)));
        if (rc < 0) {
            parse(l, true, false, NULL);   /* keep what was decoded so far */
            return LOAD_ERROR;
        }
    }
    if (parse(l, true, false, err) < 0)
        return LOAD_ERROR;
    if (l->child) {   /* a perf.data recognised only now: read perf script's output */
        l->eof = l->done = false;
        return LOAD_MORE;
    }
    struct stat st;
    if (l->regular && fstat(l->fd, &st) == 0 && st.st_size < l->open_size &&
        st.st_size < l->offset)
        return ft_error_set(err, 0, "changed while it was read"), LOAD_ERROR;
    return LOAD_EOF;
}

/* The steps of loader_step's read loop return a load_status, or STEP_ON to go on. */
#define STEP_ON (-1)

/* Decompressed input is ready: decodes and parses a slice of it. */
static int step_decode(struct loader *l, size_t *work, struct ft_error *err)
{
    int rc = decode_slice(l, work, err);
    if (rc < 0) {
        l->done = true;
        return LOAD_ERROR;
    }
    if (rc == 0)
        return STEP_ON;
    /* garbage after the compressed data: the input ends here */
    l->eof = l->done = true;
    if (parse(l, true, false, err) < 0)
        return LOAD_ERROR;
    return LOAD_EOF;
}

/* Where the next read goes and how much of it: at most want bytes. */
static unsigned char *read_room(struct loader *l, size_t *want)
{
    if (l->dc_state == DC_YES) {
        /* bytes still pending (part of a header) move to the front */
        size_t room;
        unsigned char *dst = decomp_room(l->dc, &room);
        if (*want > room)
            *want = room;
        return dst;
    }
    buf_reserve(&l->in, *want);
    return (unsigned char *)l->in.p + l->in.len;
}

/* read() failed with errno. */
static int read_failed(struct loader *l, size_t work, struct ft_error *err)
{
    if (errno == EINTR)
        return STEP_ON;
    if (errno == EAGAIN || errno == EWOULDBLOCK) {
        /* a quiet pipe: a single complete line is enough to sniff the format */
        bool had = loader_has_parser(l);
        if (!had && l->dc_state != DC_UNKNOWN && parse(l, false, true, err) < 0) {
            l->done = true;
            return LOAD_ERROR;
        }
        return work || (!had && loader_has_parser(l)) ? LOAD_MORE : LOAD_AGAIN;
    }
    ft_error_set(err, 0, "read error: %s", strerror(errno));
    l->done = true;
    return LOAD_ERROR;
}

/* r bytes were read into dst: to the decoder, or sniffed and parsed. */
static int read_done(struct loader *l, const unsigned char *dst, size_t r, struct ft_error *err)
{
    l->offset += (off_t)r;
    if (l->tee_fd)
        tee_copy(l, dst, r);
    if (l->dc_state == DC_YES) {
        decomp_added(l->dc, r);
        return STEP_ON;
    }
    l->in.len += r;
    if (l->dc_state == DC_UNKNOWN) {
        bool failed = false;
        if (!dc_sniff(l, err, &failed))
            return STEP_ON;
        if (failed) {
            l->done = true;
            return LOAD_ERROR;
        }
        if (l->dc_state == DC_YES)
            return STEP_ON;
    }
    if (parse(l, false, false, err) < 0) {
        l->done = true;
        return LOAD_ERROR;
    }
    if (l->ops && l->ops->step)   /* the reader thread took over the file */
        return LOAD_MORE;
    return STEP_ON;
}

/* One read() (or decoded slice) of the read loop. */
static int read_step(struct loader *l, size_t max_bytes, size_t *work, struct ft_error *err)
{
    if (l->dc_state == DC_YES && decomp_ready(l->dc))
        return step_decode(l, work, err);
    size_t want = READ_CHUNK;
    if (want > max_bytes - *work)
        want = max_bytes - *work < 4096 ? 4096 : max_bytes - *work;
    unsigned char *dst = read_room(l, &want);
    ssize_t r = read(l->fd, dst, want);
    if (r < 0)
        return read_failed(l, *work, err);
    if (r == 0)
        return at_end(l, *work, err);
    *work += (size_t)r;
    return read_done(l, dst, (size_t)r, err);
}

/* One step (loader_step) once the trie's replacement was noticed. */
static enum load_status step(struct loader *l, size_t max_bytes, struct ft_error *err)
{
    if (l->ops && l->ops->step)
        return l->ops->step(l, max_bytes, err);
    if (l->map)
        return step_mapped(l, max_bytes, err);
    if (max_bytes < 4096)
        max_bytes = 4096;
    size_t work = 0;
    while (work < max_bytes) {
        int st = read_step(l, max_bytes, &work, err);
        if (st != STEP_ON)
            return (enum load_status)st;
    }
    return LOAD_MORE;
}

enum load_status loader_step(struct loader *l, size_t max_bytes, struct ft_error *err)
{
    if (l->done)
        return LOAD_EOF;
    /* the trie changed since the last step, maybe replaced (trie_replace: a compacted
     * window): the parser forgets its node ids (a change of another kind, such as a
     * second loader's stacks, costs it only the next line's shared prefix) */
    if (trie_generation(l->t) != l->gen)
        loader_trie_replaced(l);
    enum load_status st = step(l, max_bytes, err);
    l->gen = trie_generation(l->t);
    return st;
}

void loader_trie_replaced(struct loader *l)
{
    if (l->ops && l->ops->trie_replaced)
        l->ops->trie_replaced(l->parser);
}

int loader_run(struct loader *l, struct ft_error *err)
{
    if (l->live && !l->follow) {
        int fl = fcntl(l->fd, F_GETFL);
        if (fl >= 0)
            fcntl(l->fd, F_SETFL, fl & ~O_NONBLOCK);
    }
    for (;;) {
        enum load_status s = loader_step(l, SIZE_MAX, err);
        if (s == LOAD_EOF)
            return 0;
        if (s == LOAD_ERROR)
            return -1;
        if (s == LOAD_AGAIN && l->follow)
            usleep(100000);
    }
}
