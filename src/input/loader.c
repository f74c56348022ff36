/* flametui - loader.c: see loader.h. */
#include "config.h"

#include "input/loader.h"

#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>
#include <zlib.h>

#include "input/parse_folded.h"
#include "input/parse_perf.h"
#include "input/perf_mt.h"
#include "core/trie.h"

#define READ_CHUNK (4u << 20)
#define SNIFF_BYTES (64u << 10)
#define MAP_SLICE (8u << 20)      /* parsed per step from a mapped file */
#define MAP_RELEASE (64u << 20)   /* parsed pages are dropped in steps of this size */

struct loader {
    char *name;
    int fd;
    bool live, follow, regular, eof, done, gz_checked;
    bool strict;
    enum input_format format;
    struct perf_opts popts;
    struct trie *t;
    struct folded_parser *folded;
    struct perf_parser *perf;
    struct buf in;          /* decoded input; [start, in.len) not yet consumed */
    size_t start;
    z_stream *z;            /* gzip decoder, when the input is gzip */
    bool z_end;             /* the last gzip member ended cleanly */
    unsigned char *zbuf;
    size_t consumed;
    const char *map;        /* regular uncompressed files are mapped, not copied */
    size_t map_len, map_pos, map_released;
    bool batch;             /* non-interactive: parse big perf files on several threads */
    bool mt_done;
    int threads;            /* batch: 0 = ncpu (at most 4) */
    struct perf_mt_stats mt;
};

struct loader *loader_open(const char *path, const struct load_opts *o, struct trie *t,
                           struct ft_error *err)
{
    int fd;
    bool is_stdin = !strcmp(path, "-");
    if (is_stdin) {
        fd = STDIN_FILENO;
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
    struct loader *l = xcalloc(1, sizeof *l);
    l->name = xstrdup(is_stdin ? "stdin" : path);
    l->fd = fd;
    l->regular = S_ISREG(st.st_mode);
    l->follow = o->follow && l->regular;
    l->live = !l->regular || l->follow;
    l->strict = o->strict;
    l->format = o->format;
    l->popts = o->perf;
    l->t = t;
    l->batch = !o->interactive;
    l->threads = o->threads;
    if (l->live && !l->follow) {
        int fl = fcntl(fd, F_GETFL);
        if (fl >= 0)
            fcntl(fd, F_SETFL, fl | O_NONBLOCK);
    }
    unsigned char magic[2];
    if (l->regular && !l->follow && st.st_size > 2 && (uint64_t)st.st_size <= SIZE_MAX &&
        pread(fd, magic, 2, 0) == 2 && !(magic[0] == 0x1f && magic[1] == 0x8b)) {
        void *m = mmap(NULL, (size_t)st.st_size, PROT_READ, MAP_PRIVATE, fd, 0);
        if (m != MAP_FAILED) {
            madvise(m, (size_t)st.st_size, MADV_SEQUENTIAL);
            l->map = m;
            l->map_len = (size_t)st.st_size;
        }
    }
    return l;
}

void loader_free(struct loader *l)
{
    if (!l)
        return;
    if (l->map)
        munmap((void *)(uintptr_t)l->map, l->map_len);
    if (l->fd > STDIN_FILENO)
        close(l->fd);
    if (l->z) {
        inflateEnd(l->z);
        free(l->z);
    }
    free(l->zbuf);
    folded_free(l->folded);
    perf_free(l->perf);
    buf_fini(&l->in);
    free(l->name);
    free(l);
}

int loader_fd(const struct loader *l)
{
    if (l->done || l->regular)
        return -1;
    return l->fd;
}

bool loader_is_live(const struct loader *l)
{
    return l->live;
}

const char *loader_name(const struct loader *l)
{
    return l->name;
}

enum input_format loader_format(const struct loader *l)
{
    return l->format;
}

size_t loader_bytes(const struct loader *l)
{
    return l->consumed;
}

size_t loader_samples(const struct loader *l)
{
    if (l->mt_done)
        return l->mt.samples;
    if (l->folded)
        return folded_samples(l->folded);
    if (l->perf)
        return perf_samples(l->perf);
    return 0;
}

bool loader_report(const struct loader *l, struct buf *msg)
{
    if (l->folded) {
        struct ft_error first;
        size_t n = folded_skipped(l->folded, &first);
        if (!n)
            return false;
        buf_printf(msg, "%s: %zu line%s skipped (first at line %ld: %s)\n", l->name, n,
                   n == 1 ? "" : "s", first.line, first.msg);
        return true;
    }
    if (l->perf || l->mt_done) {
        long first = l->mt.first_skipped;
        size_t n = l->mt_done ? l->mt.skipped : perf_skipped(l->perf, &first);
        if (!n)
            return false;
        buf_printf(msg, "%s: %zu unrecognized line%s skipped (first at line %ld)\n", l->name,
                   n, n == 1 ? "" : "s", first);
        return true;
    }
    return false;
}

/* Appends raw bytes, decompressing if the input is gzip. Returns 0 or -1. */
static int take(struct loader *l, const unsigned char *p, size_t n, struct ft_error *err)
{
    if (!l->gz_checked) {
        l->gz_checked = true;
        if (n >= 2 && p[0] == 0x1f && p[1] == 0x8b) {
            l->z = xcalloc(1, sizeof *l->z);
            if (inflateInit2(l->z, 16 + MAX_WBITS) != Z_OK)
                return ft_error_set(err, 0, "cannot initialise zlib");
        }
    }
    if (!l->z) {
        buf_append(&l->in, p, n);
        return 0;
    }
    l->z->next_in = (unsigned char *)(uintptr_t)p;
    l->z->avail_in = (uInt)n;
    while (l->z->avail_in) {
        if (l->z_end) {
            /* another gzip member follows (concatenated .gz files) */
            if (inflateReset(l->z) != Z_OK)
                return ft_error_set(err, 0, "corrupt gzip data");
            l->z_end = false;
        }
        buf_reserve(&l->in, 256u << 10);
        l->z->next_out = (unsigned char *)l->in.p + l->in.len;
        l->z->avail_out = (uInt)(l->in.cap - l->in.len);
        size_t before = l->z->avail_out;
        int rc = inflate(l->z, Z_NO_FLUSH);
        l->in.len += before - l->z->avail_out;
        if (rc == Z_STREAM_END)
            l->z_end = true;
        else if (rc == Z_BUF_ERROR)
            continue;
        else if (rc != Z_OK)
            return ft_error_set(err, 0, "corrupt gzip data (%s)",
                                l->z->msg ? l->z->msg : "inflate failed");
    }
    return 0;
}

/* Decides the format from the buffered text. Returns false if more text is needed. */
static bool sniff_text(struct loader *l, const char *p, size_t n, bool eof)
{
    if (l->format == FORMAT_AUTO) {
        /* wait for two meaningful lines (or enough text, or the end) */
        size_t lines = 0;
        for (size_t i = 0; i < n && lines < 2;) {
            const char *nl = memchr(p + i, '\n', n - i);
            if (!nl)
                break;
            size_t ll = (size_t)(nl - (p + i));
            size_t k = 0;
            while (k < ll && (p[i + k] == ' ' || p[i + k] == '\t' || p[i + k] == '\r'))
                k++;
            if (k < ll && p[i + k] != '#')
                lines++;
            i += ll + 1;
        }
        if (lines < 2 && n < SNIFF_BYTES && !eof)
            return false;
        l->format = perf_sniff(p, n < SNIFF_BYTES ? n : SNIFF_BYTES) ? FORMAT_PERF
                                                                      : FORMAT_FOLDED;
    }
    if (l->format == FORMAT_PERF)
        l->perf = perf_new(l->t, &l->popts);
    else
        l->folded = folded_new(l->t);
    return true;
}

static bool sniff(struct loader *l)
{
    /* in.p is NULL before the first byte arrives (NULL + 0 is undefined) */
    return sniff_text(l, l->in.p ? l->in.p + l->start : "", l->in.len - l->start, l->eof);
}

/* Parses p[0..n) of a mapped file; returns the bytes consumed or (size_t)-1. */
static size_t feed(struct loader *l, const char *p, size_t n, bool eof, struct ft_error *err)
{
    if (l->perf)
        return perf_feed(l->perf, p, n, eof);
    return folded_feed(l->folded, p, n, eof, l->strict, err);
}

static enum load_status step_map(struct loader *l, size_t max_bytes, struct ft_error *err)
{
    if (!l->perf && !l->folded) {
        size_t n = l->map_len < SNIFF_BYTES ? l->map_len : SNIFF_BYTES;
        sniff_text(l, l->map, n, true);
    }
    if (l->batch && l->perf && l->map_pos == 0 && !l->mt_done && l->map_len > (1u << 20)) {
        /* a big perf file for a non-interactive output: both cores */
        long ncpu = sysconf(_SC_NPROCESSORS_ONLN);
        int threads = ncpu > 1 ? (ncpu > 4 ? 4 : (int)ncpu) : 1;
        if (l->threads >= 1 && l->threads <= 64)
            threads = l->threads;
        if (perf_parse_buffer_mt(l->t, &l->popts, l->map, l->map_len, threads, true, &l->mt) ==
            0) {
            l->mt_done = true;
            l->map_pos = l->consumed = l->map_len;
            l->done = true;
            return LOAD_EOF;
        }
    }
    size_t rem = l->map_len - l->map_pos;
    size_t want = max_bytes < MAP_SLICE ? (max_bytes < 4096 ? 4096 : max_bytes) : MAP_SLICE;
    bool eof = want >= rem;
    if (eof)
        want = rem;
    size_t used;
    for (;;) {
        used = feed(l, l->map + l->map_pos, want, eof, err);
        if (used == (size_t)-1) {
            l->done = true;
            return LOAD_ERROR;
        }
        if (used || eof)
            break;
        /* a line longer than the slice */
        want = want > rem / 2 ? rem : want * 2;
        eof = want == rem;
    }
    l->map_pos += used;
    l->consumed += used;
    if (l->map_pos - l->map_released >= MAP_RELEASE) {
        /* drop parsed pages: peak RSS stays bounded by the trie, not the input */
        size_t pg = (size_t)sysconf(_SC_PAGESIZE);
        size_t upto = l->map_pos / pg * pg;
        if (upto > l->map_released) {
            madvise((void *)(uintptr_t)(l->map + l->map_released), upto - l->map_released,
                    MADV_DONTNEED);
            l->map_released = upto;
        }
    }
    if (eof || l->map_pos == l->map_len) {
        l->done = true;
        return LOAD_EOF;
    }
    return LOAD_MORE;
}

/* Parses what is buffered. Returns bytes consumed or -1. */
static long parse(struct loader *l, bool eof, struct ft_error *err)
{
    const char *p = l->in.p ? l->in.p + l->start : "";
    size_t n = l->in.len - l->start, used;
    if (!l->perf && !l->folded && !sniff(l))
        return 0;
    if (l->perf) {
        used = perf_feed(l->perf, p, n, eof);
    } else {
        used = folded_feed(l->folded, p, n, eof, l->strict, err);
        if (used == (size_t)-1)
            return -1;
    }
    l->start += used;
    l->consumed += used;
    if (l->start == l->in.len) {
        l->start = l->in.len = 0;
    } else if (l->start > l->in.len / 2) {
        memmove(l->in.p, l->in.p + l->start, l->in.len - l->start);
        l->in.len -= l->start;
        l->start = 0;
    }
    return (long)used;
}

enum load_status loader_step(struct loader *l, size_t max_bytes, struct ft_error *err)
{
    if (l->done)
        return LOAD_EOF;
    if (l->map)
        return step_map(l, max_bytes, err);
    size_t got = 0;
    if (!l->zbuf)
        l->zbuf = xmalloc(READ_CHUNK);
    while (got < max_bytes) {
        size_t want = READ_CHUNK;
        if (want > max_bytes - got && max_bytes - got >= 4096)
            want = max_bytes - got;
        ssize_t r = read(l->fd, l->zbuf, want);
        if (r < 0) {
            if (errno == EINTR)
                continue;
            if (errno == EAGAIN || errno == EWOULDBLOCK)
                return got ? LOAD_MORE : LOAD_AGAIN;
            ft_error_set(err, 0, "read error: %s", strerror(errno));
            l->done = true;
            return LOAD_ERROR;
        }
        if (r == 0) {
            if (l->follow) {
                if (parse(l, false, err) < 0) {
                    l->done = true;
                    return LOAD_ERROR;
                }
                return got ? LOAD_MORE : LOAD_AGAIN;
            }
            l->eof = true;
            if (l->z && !l->z_end) {
                ft_error_set(err, 0, "truncated gzip data");
                l->done = true;
                /* keep what was decoded so far */
                parse(l, true, NULL);
                return LOAD_ERROR;
            }
            if (parse(l, true, err) < 0) {
                l->done = true;
                return LOAD_ERROR;
            }
            if (!l->perf && !l->folded)
                sniff(l);
            l->done = true;
            return LOAD_EOF;
        }
        got += (size_t)r;
        if (take(l, l->zbuf, (size_t)r, err) < 0 || parse(l, false, err) < 0) {
            l->done = true;
            return LOAD_ERROR;
        }
    }
    return LOAD_MORE;
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
