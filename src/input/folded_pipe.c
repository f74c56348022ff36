/* SPDX-License-Identifier: MIT */
/* flametui - folded_pipe.c: see folded_pipe.h.
 * The producer feeds a folded_parser in sink mode (the stack_pipe's sink) slice by slice,
 * with the loader's rules for long lines (a line longer than the cap is dropped without
 * being buffered whole and counted by folded_long_line), and hands the batch over after
 * each slice, so a batch says how many input bytes it covers (the viewer's progress and
 * step budget). */
#include "config.h"

#include "input/folded_pipe.h"

#include <errno.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include "input/mapguard.h"
#include "input/parse_folded.h"
#include "input/stack_pipe.h"

#define FP_SLICE ((size_t)1 << 20)  /* read or parsed per batch */
#define FP_NBATCHES 16u              /* ring of batches, reading a fd (the viewer) */
#define FP_NBATCHES_MAPPED 4u        /* slicing a mapping (batch outputs): as fast, less memory */
#define FP_MIN_INPUT ((size_t)4 << 20) /* smaller files load on one thread */
#define FP_FULL_FRAMES 65536u           /* a batch is handed over early past this many
                                         * new frames (a huge slice) */
#define FP_RELEASE ((size_t)64 << 20)   /* parsed mapping pages given back in such steps */
#define FP_FAULT_NODES ((size_t)1 << 18) /* nodes (8 MiB) faulted in ahead of the consumer */

static size_t tune_slice = FP_SLICE;
static unsigned tune_nb;   /* 0: FP_NBATCHES or FP_NBATCHES_MAPPED */
static size_t tune_min = FP_MIN_INPUT;

void folded_pipe_tune(size_t slice, unsigned nbatches, size_t min_input)
{
    tune_slice = slice ? slice : FP_SLICE;
    tune_nb = nbatches >= 2 ? nbatches : 0;
    tune_min = min_input;
}

size_t folded_pipe_min_input(void)
{
    return tune_min;
}

struct folded_pipe {
    struct stack_pipe *sp;
    struct folded_parser *p;
    struct folded_pipe_opts o;
    int fd;
    struct buf in;             /* fd: bytes read, [start, in.len) not parsed yet */
    off_t offset, open_size;
    const char *buf;           /* buffer mode */
    size_t len;
    bool release;
};

/* --- producer --------------------------------------------------------------------- */

/* Reads fd to its end, parsing as the loader's read path does. 0, or -1 with e. */
static int produce_fd(struct folded_pipe *fp, struct ft_error *e)
{
    size_t start = 0;
    bool skipping = false, eof = false;
    while (!eof) {
        buf_reserve(&fp->in, tune_slice);
        ssize_t r = read(fp->fd, fp->in.p + fp->in.len, tune_slice);
        if (r < 0 && errno == EINTR)
            continue;
        if (r < 0) {
            return ft_error_set(e, 0, "read error: %s", strerror(errno));
        }
        eof = r == 0;
        fp->offset += r;
        fp->in.len += (size_t)r;
        const char *p = fp->in.p + start;
        size_t n = fp->in.len - start;
        if (skipping) {   /* the rest of a line longer than the cap */
            const char *nl = n ? memchr(p, '\n', n) : NULL;
            size_t k = nl ? (size_t)(nl - p) + 1 : n;
            start += k;
            stack_pipe_input(fp->sp, k);
            p += k;
            n -= k;
            skipping = !nl && !eof;
        }
        size_t used = folded_feed(fp->p, n ? p : "", n, eof, fp->o.strict, e);
        if (used == (size_t)-1)
            return -1;
        start += used;
        stack_pipe_input(fp->sp, used);
        if (!eof && fp->in.len - start > fp->o.max_line) {
            folded_long_line(fp->p);
            skipping = true;
            stack_pipe_input(fp->sp, fp->in.len - start);
            start = fp->in.len;
        }
        if (start == fp->in.len) {
            start = fp->in.len = 0;
        } else if (start > fp->in.len / 2) {
            memmove(fp->in.p, fp->in.p + start, fp->in.len - start);
            fp->in.len -= start;
            start = 0;
        }
        if (!stack_pipe_hand_over(fp->sp))
            return 0;
    }
    struct stat st;
    if (fstat(fp->fd, &st) == 0 && st.st_size < fp->open_size && st.st_size < fp->offset)
        return ft_error_set(e, 0, "changed while it was read");
    return 0;
}

static void release_to(struct folded_pipe *fp, size_t *released, size_t pos)
{
    size_t pg = (size_t)sysconf(_SC_PAGESIZE);
    size_t upto = pos / pg * pg;
    if (upto > *released) {
        madvise((void *)(uintptr_t)(fp->buf + *released), upto - *released, MADV_DONTNEED);
        *released = upto;
    }
}

struct buf_job {
    struct folded_pipe *fp;
    struct ft_error e;
    int rc;
};

/* Parses the buffer in slices, as the loader's mapped path does (under the guard). */
static void produce_buf(void *arg)
{
    struct buf_job *j = arg;
    struct folded_pipe *fp = j->fp;
    size_t pos = 0, released = 0, rem;
    bool skipping = false;
    while ((rem = fp->len - pos) > 0) {
        const char *p = fp->buf + pos;
        size_t want = rem < tune_slice ? rem : tune_slice, used;
        bool eof = want == rem;
        if (skipping) {
            const char *nl = memchr(p, '\n', want);
            used = nl ? (size_t)(nl - p) + 1 : want;
            skipping = !nl;
        } else {
            used = folded_feed(fp->p, p, want, eof, fp->o.strict, &j->e);
            if (used == 0 && !eof) {
                /* a line longer than the slice: parsed whole up to the cap */
                size_t look = rem;
                if (fp->o.max_line < rem - 1)
                    look = fp->o.max_line + 1;
                const char *nl = memchr(p, '\n', look);
                if (nl || look == rem) {
                    want = nl ? (size_t)(nl - p) + 1 : rem;
                    used = folded_feed(fp->p, p, want, want == rem, fp->o.strict, &j->e);
                } else {
                    folded_long_line(fp->p);
                    skipping = true;
                    used = look;
                }
            }
            if (used == (size_t)-1) {
                j->rc = -1;
                return;
            }
        }
        pos += used;
        stack_pipe_input(fp->sp, used);
        if (fp->release && pos - released >= FP_RELEASE)
            release_to(fp, &released, pos);
        if (!stack_pipe_hand_over(fp->sp))
            return;
    }
    if (fp->release)
        release_to(fp, &released, fp->len);
}

static void run(void *arg)
{
    struct folded_pipe *fp = arg;
    struct buf_job j = {fp, {0, ""}, 0};
    if (fp->buf) {
        if (map_guard(fp->buf, fp->len, produce_buf, &j) < 0)
            j.rc = ft_error_set(&j.e, 0, "changed while it was read");
    } else {
        j.rc = produce_fd(fp, &j.e);
    }
    stack_pipe_close(fp->sp, j.rc < 0 ? &j.e : NULL);
}

static size_t skipped(void *ctx, struct ft_error *first)
{
    return folded_skipped(ctx, first);
}

static struct folded_pipe *start(struct trie *t, const struct folded_pipe_opts *o,
                                 struct folded_pipe *fp)
{
    fp->o = *o;
    if (!fp->o.max_line)
        fp->o.max_line = SIZE_MAX;
    fp->p = folded_new(t);
    if (o->max_line)
        folded_set_max_line(fp->p, o->max_line);
    struct stack_pipe_opts po = {
        .batch_frames = FP_FULL_FRAMES,
        .fault_nodes = FP_FAULT_NODES,
        .nbatches = tune_nb ? tune_nb : fp->fd >= 0 ? FP_NBATCHES : FP_NBATCHES_MAPPED,
        .number_names = true,
        .skipped = skipped,
        .skipped_ctx = fp->p,
    };
    fp->sp = stack_pipe_new(t, &po);
    struct stack_sink sink = stack_pipe_sink(fp->sp);
    folded_set_sink(fp->p, &sink);
    if (stack_pipe_start(fp->sp, run, fp) != 0) {
        folded_pipe_free(fp);
        return NULL;
    }
    return fp;
}

struct folded_pipe *folded_pipe_fd(struct trie *t, const struct folded_pipe_opts *o, int fd,
                                   const char *head, size_t n, off_t open_size)
{
    struct folded_pipe *fp = xcalloc(1, sizeof *fp);
    fp->fd = fd;
    fp->open_size = open_size;
    fp->offset = (off_t)n;
    buf_append(&fp->in, n ? head : "", n);
    off_t cur = lseek(fd, 0, SEEK_CUR);
    if (cur >= 0)
        fp->offset = cur;
    return start(t, o, fp);
}

struct folded_pipe *folded_pipe_buf(struct trie *t, const struct folded_pipe_opts *o,
                                    const char *buf, size_t len, bool release)
{
    struct folded_pipe *fp = xcalloc(1, sizeof *fp);
    fp->fd = -1;
    fp->buf = buf;
    fp->len = len;
    fp->release = release;
    return start(t, o, fp);
}

void folded_pipe_free(struct folded_pipe *fp)
{
    if (!fp)
        return;
    stack_pipe_free(fp->sp);   /* stops and joins the producer first */
    folded_free(fp->p);
    buf_fini(&fp->in);
    free(fp);
}

/* --- consumer --------------------------------------------------------------------- */

int folded_pipe_step(struct folded_pipe *fp, size_t max_bytes, int wait_ms, size_t *bytes,
                     struct ft_error *err)
{
    return stack_pipe_step(fp->sp, max_bytes, wait_ms, bytes, err);
}

void folded_pipe_trie_replaced(struct folded_pipe *fp)
{
    stack_pipe_trie_replaced(fp->sp);
}

size_t folded_pipe_samples(const struct folded_pipe *fp)
{
    return stack_pipe_samples(fp->sp);
}

size_t folded_pipe_skipped(const struct folded_pipe *fp, struct ft_error *first)
{
    return stack_pipe_skipped(fp->sp, first);
}
