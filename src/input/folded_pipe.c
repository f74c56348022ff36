/* SPDX-License-Identifier: MIT */
/* flametui - folded_pipe.c: see folded_pipe.h.
 * The producer feeds a folded_parser in sink mode slice by slice, with the loader's rules
 * for long lines (a line longer than the cap is dropped without being buffered whole and
 * counted by folded_long_line), and hands the batch over after each slice, so a batch
 * says how many input bytes it covers (the viewer's progress and step budget). A batch
 * holds, per stack, its count, its text and how many frames it shares with the stack
 * before it; per new frame, the name's hash and the path hash. The consumer keeps the
 * node of each frame of the previous stack, so a shared prefix costs nothing, prefetches
 * the trie and string table slots of the frames a few ahead, and resolves each new frame
 * with trie_child_bytes. */
#include "config.h"

#include "input/folded_pipe.h"

#include <errno.h>
#include <pthread.h>
#include <signal.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "core/strtab.h"
#include "core/trie.h"
#include "input/parse_folded.h"
#include "input/mapguard.h"

#define FP_SLICE ((size_t)1 << 20)  /* read or parsed per batch */
#define FP_NBATCHES 16u              /* ring of batches, reading a fd (the viewer) */
#define FP_NBATCHES_MAPPED 4u        /* slicing a mapping (batch outputs): as fast, less memory */
#define FP_MIN_INPUT ((size_t)4 << 20) /* smaller files load on one thread */
#define FP_FULL_BYTES ((size_t)4 << 20) /* a batch is handed over early past this... */
#define FP_FULL_FRAMES 65536u           /* ...or this many new frames (a huge slice) */
#define FP_PREFETCH 12u                 /* frames between a prefetch and its probe */
#define FP_RELEASE ((size_t)64 << 20)   /* parsed mapping pages given back in such steps */
#define FP_MAX_NAMES (1u << 22)         /* names the producer numbers; later ones go as bytes */
#define PID_NONE UINT32_MAX
#define FP_POPULATE_NODES ((size_t)1 << 18)  /* nodes (8 MiB) faulted in ahead of the consumer */

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

/* pid: the producer's number for the name, in the order names first appear, so the
 * consumer sees each number first with the name's bytes (and interns them) and then only
 * maps it; PID_NONE: the bytes are interned each time (the producer's table is full). */
struct fp_frame {
    uint64_t nh, ph;
    uint32_t pid;
    uint32_t off, len;         /* the name's bytes in the batch's (a name new or PID_NONE) */
};
/* The producer's names: records in one arena (the hash, the length, the number, then the
 * bytes, 8-byte aligned), found through slots that hold the top of the hash and the
 * record's offset / 8 + 1, so a probe reads one slot and a hit one record. */
struct pslot {
    uint32_t tag, rec;         /* rec 0: empty */
};
struct prec {
    uint64_t h;
    uint32_t len, pid;
};
struct fp_stack {
    struct count c;
    uint32_t keep, nf;         /* frames shared with the stack before; all frames */
};
struct fp_batch {
    struct fp_frame *f;
    size_t nf, capf;
    struct fp_stack *s;
    size_t ns, caps;
    struct buf bytes;
    size_t in_bytes;           /* input bytes this batch covers */
    size_t skipped;            /* lines skipped up to the batch's end */
    struct ft_error first;
};

struct folded_pipe {
    struct trie *t;
    struct strtab *names;
    unsigned nb;
    struct fp_batch *b;
    pthread_mutex_t mu;
    pthread_cond_t filled;     /* head moved or closed */
    pthread_cond_t drained;    /* tail moved or stop */
    size_t head, tail;         /* batches handed over / inserted */
    bool closed, stop, started;
    pthread_t th;
    /* the producer's */
    struct folded_parser *p;
    struct folded_pipe_opts o;
    int fd;
    struct buf in;             /* fd: bytes read, [start, in.len) not parsed yet */
    off_t offset, open_size;
    const char *buf;           /* buffer mode */
    size_t len;
    bool release;
    size_t pending;            /* input bytes parsed since the last hand-over */
    struct pslot *pslots;      /* the producer's name table */
    size_t pmask, npn;
    struct buf pbytes;         /* its records */
    uintptr_t pop_from, pop_to;   /* published by the consumer (under mu) */
    uintptr_t popped;             /* the producer's: faulted in up to popped */
    bool pop_failed;
    int status;                /* set before closed: 0, or -1 with err */
    struct ft_error err;
    /* the consumer's */
    uint32_t *map;             /* string table id of each producer name number */
    size_t nmap, capmap;
    uint32_t *nodes;           /* node of each frame of the previous stack, */
    uint32_t *fnames;          /* its name */
    uint64_t *phs;             /* and its path hash */
    size_t capn;
    bool lost;                 /* trie replaced: nodes[] means nothing */
    size_t samples, skipped;
    struct ft_error first;
};

/* --- producer --------------------------------------------------------------------- */

/* Faults in the next 2 MiB of the node array pages [from, to) not faulted in yet: the
 * consumer's page zeroing moves to this thread. Returns false when there is none. The
 * array may have moved or been freed since it was published: the range is then
 * unmapped (madvise fails) or another allocation's, and MADV_POPULATE_WRITE changes no
 * contents. */
static bool populate(struct folded_pipe *fp, uintptr_t from, uintptr_t to)
{
#ifdef MADV_POPULATE_WRITE
    if (fp->pop_failed || !from)
        return false;
    if (fp->popped < from || fp->popped > to)   /* the start, or the array moved */
        fp->popped = from;
    uintptr_t pg = (uintptr_t)sysconf(_SC_PAGESIZE);
    uintptr_t a = (fp->popped > from ? fp->popped : from) & ~(pg - 1);
    uintptr_t b = a + ((uintptr_t)2 << 20);
    if (b > (to & ~(pg - 1)))
        return false;
    if (madvise((void *)a, b - a, MADV_POPULATE_WRITE) != 0 && errno == EINVAL)
        fp->pop_failed = true;   /* an older kernel */
    fp->popped = b;
    return true;
#else
    (void)fp, (void)from, (void)to;
    return false;
#endif
}

/* Hands the current batch over and waits until the next one is free. While it is well
 * ahead of the consumer, it faults in node pages for it. False: stop. */
static bool hand_over(struct folded_pipe *fp)
{
    struct fp_batch *b = &fp->b[fp->head % fp->nb];
    b->in_bytes = fp->pending;
    fp->pending = 0;
    b->skipped = folded_skipped(fp->p, &b->first);
    pthread_mutex_lock(&fp->mu);
    fp->head++;
    pthread_cond_signal(&fp->filled);
    while (!fp->stop) {
        size_t ahead = fp->head - fp->tail;
        if (ahead >= fp->nb / 2) {
            uintptr_t from = fp->pop_from, to = fp->pop_to;
            pthread_mutex_unlock(&fp->mu);
            bool did = populate(fp, from, to);
            pthread_mutex_lock(&fp->mu);
            if (did)
                continue;
        }
        if (fp->head - fp->tail < fp->nb)
            break;
        pthread_cond_wait(&fp->drained, &fp->mu);
    }
    bool go = !fp->stop;
    pthread_mutex_unlock(&fp->mu);
    return go;
}

static void pgrow(struct folded_pipe *fp)
{
    size_t ns = fp->pmask ? (fp->pmask + 1) * 2 : 4096;
    struct pslot *sl = xcalloc(ns, sizeof *sl);
    for (size_t off = 0; off < fp->pbytes.len;) {
        struct prec r;
        memcpy(&r, fp->pbytes.p + off, sizeof r);
        size_t j = r.h & (ns - 1);
        while (sl[j].rec)
            j = (j + 1) & (ns - 1);
        sl[j] = (struct pslot){(uint32_t)(r.h >> 32), (uint32_t)(off / 8 + 1)};
        off += sizeof r + ((r.len + 7u) & ~(size_t)7);
    }
    free(fp->pslots);
    fp->pslots = sl;
    fp->pmask = ns - 1;
}

static inline bool same_bytes(const char *a, const char *b, size_t n)
{
    while (n >= 8) {
        uint64_t x, y;
        memcpy(&x, a, 8);
        memcpy(&y, b, 8);
        if (x != y)
            return false;
        a += 8, b += 8, n -= 8;
    }
    while (n && *a == *b)
        a++, b++, n--;
    return n == 0;
}

/* The producer's number of the name p[0..len) with util_hash h (numbered when new: then
 * *fresh is set). */
static uint32_t pname_id(struct folded_pipe *fp, const char *p, uint32_t len, uint64_t h,
                         bool *fresh)
{
    size_t j = h & fp->pmask;
    uint32_t tag = (uint32_t)(h >> 32);
    for (;;) {
        struct pslot x = fp->pslots[j];
        if (!x.rec)
            break;
        if (x.tag == tag) {
            const char *rp = fp->pbytes.p + ((size_t)x.rec - 1) * 8;
            struct prec r;
            memcpy(&r, rp, sizeof r);
            if (r.h == h && r.len == len && same_bytes(rp + sizeof r, p, len))
                return r.pid;
        }
        j = (j + 1) & fp->pmask;
    }
    size_t need = sizeof(struct prec) + ((len + 7u) & ~(size_t)7);
    *fresh = true;
    if (fp->npn >= FP_MAX_NAMES || (fp->pbytes.len + need) / 8 >= UINT32_MAX)
        return PID_NONE;
    uint32_t id = (uint32_t)fp->npn++;
    size_t off = fp->pbytes.len;
    buf_reserve(&fp->pbytes, need);
    struct prec r = {h, len, id};
    memcpy(fp->pbytes.p + off, &r, sizeof r);
    memset(fp->pbytes.p + off + sizeof r, 0, need - sizeof r);
    if (len)
        memcpy(fp->pbytes.p + off + sizeof r, p, len);
    fp->pbytes.len = off + need;
    fp->pslots[j] = (struct pslot){tag, (uint32_t)(off / 8 + 1)};
    if (fp->npn * 2 > fp->pmask)
        pgrow(fp);
    return id;
}

/* Appends the stack: its count and frame counts, the numbers and hashes of its new
 * frames, and the bytes of the names the consumer has not seen. The batch's counts move
 * last (a fault while the input is read leaves no half stack behind). */
static void sink(void *ctx, const char *s, size_t len, size_t keep, size_t nf,
                 const uint32_t *ends, const uint64_t *nh, const uint64_t *ph, struct count c)
{
    struct folded_pipe *fp = ctx;
    struct fp_batch *b = &fp->b[fp->head % fp->nb]; /* only the producer moves head */
    if (len > UINT32_MAX - b->bytes.len || nf > UINT32_MAX)
        die("folded input batch too large");
    if (b->ns == b->caps)
        FT_GROW(b->s, b->caps, b->ns + 1);
    if (nf > keep && b->nf + (nf - keep) > b->capf)
        FT_GROW(b->f, b->capf, b->nf + (nf - keep));
    struct fp_frame *out = nf > keep ? b->f + b->nf : NULL; /* b->f may be NULL */
    for (size_t i = keep; i < nf; i++) {
        uint32_t fs = i ? ends[i - 1] + 1 : 0, fl = ends[i] - fs, off = 0;
        bool fresh = false;
        uint32_t pid = pname_id(fp, s + fs, fl, nh[i], &fresh);
        if (fresh && fl) {   /* bytes no frame refers to are harmless */
            buf_reserve(&b->bytes, fl);
            memcpy(b->bytes.p + b->bytes.len, s + fs, fl);
            off = (uint32_t)b->bytes.len;
            b->bytes.len += fl;
        }
        *out++ = (struct fp_frame){nh[i], ph[i], pid, off, fl};
    }
    b->nf += nf - keep;
    b->s[b->ns++] = (struct fp_stack){c, (uint32_t)keep, (uint32_t)nf};
    if (b->bytes.len >= FP_FULL_BYTES || b->nf >= FP_FULL_FRAMES)
        hand_over(fp); /* a stop is seen at the end of the slice */
}

static void fail(struct folded_pipe *fp, const struct ft_error *e)
{
    fp->status = -1;
    fp->err = *e;
}

/* Reads fd to its end, parsing as the loader's read path does. */
static void produce_fd(struct folded_pipe *fp)
{
    struct ft_error e = {0, ""};
    size_t start = 0;
    bool skipping = false, eof = false;
    while (!eof) {
        buf_reserve(&fp->in, tune_slice);
        ssize_t r = read(fp->fd, fp->in.p + fp->in.len, tune_slice);
        if (r < 0 && errno == EINTR)
            continue;
        if (r < 0) {
            ft_error_set(&e, 0, "read error: %s", strerror(errno));
            fail(fp, &e);
            return;
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
            fp->pending += k;
            p += k;
            n -= k;
            skipping = !nl && !eof;
        }
        size_t used = folded_feed(fp->p, n ? p : "", n, eof, fp->o.strict, &e);
        if (used == (size_t)-1) {
            fail(fp, &e);
            return;
        }
        start += used;
        fp->pending += used;
        if (!eof && fp->in.len - start > fp->o.max_line) {
            folded_long_line(fp->p);
            skipping = true;
            fp->pending += fp->in.len - start;
            start = fp->in.len;
        }
        if (start == fp->in.len) {
            start = fp->in.len = 0;
        } else if (start > fp->in.len / 2) {
            memmove(fp->in.p, fp->in.p + start, fp->in.len - start);
            fp->in.len -= start;
            start = 0;
        }
        if (!hand_over(fp))
            return;
    }
    struct stat st;
    if (fstat(fp->fd, &st) == 0 && st.st_size < fp->open_size && st.st_size < fp->offset) {
        ft_error_set(&e, 0, "changed while it was read");
        fail(fp, &e);
    }
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

/* Parses the buffer in slices, as the loader's mapped path does. */
static void produce_buf(void *arg)
{
    struct folded_pipe *fp = arg;
    struct ft_error e = {0, ""};
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
            used = folded_feed(fp->p, p, want, eof, fp->o.strict, &e);
            if (used == 0 && !eof) {
                /* a line longer than the slice: parsed whole up to the cap */
                size_t look = rem;
                if (fp->o.max_line < rem - 1)
                    look = fp->o.max_line + 1;
                const char *nl = memchr(p, '\n', look);
                if (nl || look == rem) {
                    want = nl ? (size_t)(nl - p) + 1 : rem;
                    used = folded_feed(fp->p, p, want, want == rem, fp->o.strict, &e);
                } else {
                    folded_long_line(fp->p);
                    skipping = true;
                    used = look;
                }
            }
            if (used == (size_t)-1) {
                fail(fp, &e);
                return;
            }
        }
        pos += used;
        fp->pending += used;
        if (fp->release && pos - released >= FP_RELEASE)
            release_to(fp, &released, pos);
        if (!hand_over(fp))
            return;
    }
    if (fp->release)
        release_to(fp, &released, fp->len);
}

static void *run(void *arg)
{
    struct folded_pipe *fp = arg;
    if (fp->buf) {
        if (map_guard(fp->buf, fp->len, produce_buf, fp) < 0) {
            struct ft_error e;
            ft_error_set(&e, 0, "changed while it was read");
            fail(fp, &e);
        }
    } else {
        produce_fd(fp);
    }
    struct fp_batch *b = &fp->b[fp->head % fp->nb];
    b->in_bytes = fp->pending;
    b->skipped = folded_skipped(fp->p, &b->first);
    pthread_mutex_lock(&fp->mu);
    if (!fp->stop)
        fp->head++;   /* the last batch, even empty: it holds the final counts */
    fp->closed = true;
    pthread_cond_signal(&fp->filled);
    pthread_mutex_unlock(&fp->mu);
    return NULL;
}

static struct folded_pipe *start(struct trie *t, const struct folded_pipe_opts *o,
                                 struct folded_pipe *fp)
{
    fp->t = t;
    fp->names = trie_names(t);
    fp->o = *o;
    if (!fp->o.max_line)
        fp->o.max_line = SIZE_MAX;
    fp->nb = tune_nb ? tune_nb : fp->fd >= 0 ? FP_NBATCHES : FP_NBATCHES_MAPPED;
    fp->b = xcalloc(fp->nb, sizeof *fp->b);
    fp->p = folded_new(t);
    if (o->max_line)
        folded_set_max_line(fp->p, o->max_line);
    folded_set_sink(fp->p, sink, fp);
    pgrow(fp);
    pthread_mutex_init(&fp->mu, NULL);
    pthread_condattr_t ca;
    pthread_condattr_init(&ca);
    pthread_condattr_setclock(&ca, CLOCK_MONOTONIC);
    pthread_cond_init(&fp->filled, &ca);
    pthread_condattr_destroy(&ca);
    pthread_cond_init(&fp->drained, NULL);
    /* signals (the viewer's SIGWINCH, SIGINT, SIGTSTP) go to the calling thread, whose
     * poll() they must interrupt; faults stay with the thread that makes them */
    sigset_t all, old;
    sigfillset(&all);
    sigdelset(&all, SIGBUS);
    sigdelset(&all, SIGSEGV);
    sigdelset(&all, SIGFPE);
    sigdelset(&all, SIGILL);
    sigdelset(&all, SIGABRT);
    pthread_sigmask(SIG_BLOCK, &all, &old);
    int rc = pthread_create(&fp->th, NULL, run, fp);
    pthread_sigmask(SIG_SETMASK, &old, NULL);
    if (rc != 0) {
        folded_pipe_free(fp);
        return NULL;
    }
    fp->started = true;
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
    if (fp->started) {
        pthread_mutex_lock(&fp->mu);
        fp->stop = true;
        pthread_cond_broadcast(&fp->drained);
        pthread_mutex_unlock(&fp->mu);
        pthread_join(fp->th, NULL);
    }
    for (unsigned i = 0; i < fp->nb; i++) {
        free(fp->b[i].f);
        free(fp->b[i].s);
        buf_fini(&fp->b[i].bytes);
    }
    free(fp->b);
    folded_free(fp->p);
    buf_fini(&fp->in);
    free(fp->nodes);
    free(fp->fnames);
    free(fp->phs);
    free(fp->map);
    free(fp->pslots);
    buf_fini(&fp->pbytes);
    pthread_mutex_destroy(&fp->mu);
    pthread_cond_destroy(&fp->filled);
    pthread_cond_destroy(&fp->drained);
    free(fp);
}

/* --- consumer --------------------------------------------------------------------- */

/* After trie_replace: the kept frames of the stack are found again by their names and
 * path hashes (the string table is the same). */
static uint32_t resolve_kept(struct folded_pipe *fp, uint32_t keep)
{
    uint32_t node = TRIE_ROOT;
    for (uint32_t i = 0; i < keep; i++) {
        node = trie_child_named(fp->t, node, fp->phs[i], fp->fnames[i]);
        fp->nodes[i] = node;
    }
    return node;
}

static void insert_batch(struct folded_pipe *fp, struct fp_batch *b)
{
    struct trie *t = fp->t;
    const struct fp_frame *f = b->f;
    const char *bytes = b->bytes.p ? b->bytes.p : "";
    size_t nf = b->nf, k = 0;
    for (size_t i = 0; i < FP_PREFETCH && i < nf; i++)
        trie_prefetch(t, f[i].ph);
    for (size_t si = 0; si < b->ns; si++) {
        const struct fp_stack *s = &b->s[si];
        if (s->nf > fp->capn) {
            size_t c = fp->capn;
            FT_GROW(fp->nodes, c, s->nf);
            c = fp->capn;
            FT_GROW(fp->fnames, c, s->nf);
            c = fp->capn;
            FT_GROW(fp->phs, c, s->nf);
            fp->capn = c;
        }
        uint32_t node = TRIE_ROOT;
        if (s->keep)
            node = fp->lost ? resolve_kept(fp, s->keep) : fp->nodes[s->keep - 1];
        fp->lost = false;
        for (uint32_t i = s->keep; i < s->nf; i++, k++) {
            if (k + FP_PREFETCH < nf)
                trie_prefetch(t, f[k + FP_PREFETCH].ph);
            uint32_t pid = f[k].pid, name;
            if (pid < fp->nmap) {
                name = fp->map[pid];
            } else {
                name = strtab_intern_h(fp->names, bytes + f[k].off, f[k].len, f[k].nh);
                if (pid != PID_NONE) { /* == nmap: numbers come in order */
                    if (fp->nmap == fp->capmap)
                        FT_GROW(fp->map, fp->capmap, fp->nmap + 1);
                    fp->map[fp->nmap++] = name;
                }
            }
            node = trie_child_named(t, node, f[k].ph, name);
            fp->nodes[i] = node;
            fp->fnames[i] = name;
            fp->phs[i] = f[k].ph;
        }
        trie_add(t, node, s->c);
    }
    fp->samples += b->ns;
    fp->skipped = b->skipped;
    fp->first = b->first;
    trie_hint_progress(t, b->in_bytes);
    b->nf = b->ns = 0;
    b->bytes.len = 0;
}

static void deadline(struct timespec *ts, int ms)
{
    clock_gettime(CLOCK_MONOTONIC, ts);
    ts->tv_sec += ms / 1000;
    ts->tv_nsec += (long)(ms % 1000) * 1000000L;
    if (ts->tv_nsec >= 1000000000L) {
        ts->tv_sec++;
        ts->tv_nsec -= 1000000000L;
    }
}

int folded_pipe_step(struct folded_pipe *fp, size_t max_bytes, int wait_ms, size_t *bytes,
                     struct ft_error *err)
{
    size_t done = 0;
    bool first = true;
    for (;;) {
        pthread_mutex_lock(&fp->mu);
        if (fp->tail == fp->head && !fp->closed && first && wait_ms != 0) {
            struct timespec ts;
            if (wait_ms > 0)
                deadline(&ts, wait_ms);
            while (fp->tail == fp->head && !fp->closed) {
                if (wait_ms < 0)
                    pthread_cond_wait(&fp->filled, &fp->mu);
                else if (pthread_cond_timedwait(&fp->filled, &fp->mu, &ts) == ETIMEDOUT)
                    break;
            }
        }
        bool have = fp->tail != fp->head;
        bool ended = !have && fp->closed;
        pthread_mutex_unlock(&fp->mu);
        if (ended) {
            if (fp->status < 0) {
                if (err)
                    *err = fp->err;
                return -1;
            }
            return 0;
        }
        if (!have)
            return 1;
        struct fp_batch *b = &fp->b[fp->tail % fp->nb];
        insert_batch(fp, b);
        done += b->in_bytes;
        *bytes += b->in_bytes;
        first = false;
        void *next;
        size_t len;
        trie_next_nodes(fp->t, FP_POPULATE_NODES, &next, &len);
        pthread_mutex_lock(&fp->mu);
        fp->pop_from = (uintptr_t)next;
        fp->pop_to = (uintptr_t)next + len;
        fp->tail++;
        pthread_cond_signal(&fp->drained);
        pthread_mutex_unlock(&fp->mu);
        if (done >= max_bytes)
            return 1;
    }
}

void folded_pipe_trie_replaced(struct folded_pipe *fp)
{
    fp->lost = true;
}

size_t folded_pipe_samples(const struct folded_pipe *fp)
{
    return fp->samples;
}

size_t folded_pipe_skipped(const struct folded_pipe *fp, struct ft_error *first)
{
    if (first)
        *first = fp->first;
    return fp->skipped;
}
