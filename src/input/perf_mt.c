/* SPDX-License-Identifier: MIT */
/* flametui - perf_mt.c: see perf_mt.h. */
#include "config.h"

#include "input/perf_mt.h"

#include <pthread.h>
#include <setjmp.h>
#include <signal.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "input/parse_perf.h"
#include "input/perf_line.h"
#include "core/trie.h"
#include "core/util.h"

#define MT_MAX_THREADS 64
#define SLICE_BYTES ((size_t)8 << 20) /* parsed between two page releases */

/* --- the SIGBUS guard ------------------------------------------------------------ */

struct guard {
    sigjmp_buf jb;
    const char *lo, *hi;
    struct guard *outer;       /* the enclosing guard of this thread, or NULL */
};
static _Thread_local struct guard *volatile cur_guard;
static struct sigaction old_bus;
static pthread_once_t bus_once = PTHREAD_ONCE_INIT;

static void on_sigbus(int sig, siginfo_t *si, void *uc)
{
    (void)uc;
    const char *a = si->si_addr;
    for (struct guard *g = cur_guard; g; g = g->outer)
        if (a >= g->lo && a < g->hi)
            siglongjmp(g->jb, 1);
    /* not ours: the faulting access runs again under the previous disposition */
    sigaction(sig, &old_bus, NULL);
}

static void install_bus_handler(void)
{
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_sigaction = on_sigbus;
    sa.sa_flags = SA_SIGINFO | SA_NODEFER; /* NODEFER: siglongjmp needs no mask restore */
    sigemptyset(&sa.sa_mask);
    sigaction(SIGBUS, &sa, &old_bus);
}

int perf_mt_guard(const void *lo, size_t len, void (*fn)(void *), void *arg)
{
    struct guard g;
    pthread_once(&bus_once, install_bus_handler);
    g.lo = lo;
    g.hi = (const char *)lo + len;
    g.outer = cur_guard;   /* guards nest: loader.c -> perf_parse_buffer_mt */
    if (sigsetjmp(g.jb, 0)) {
        cur_guard = g.outer;
        return -1;
    }
    cur_guard = &g;
    fn(arg);
    cur_guard = g.outer;
    return 0;
}

/* --- the threads ------------------------------------------------------------------ */

struct job {
    struct trie *t;            /* the caller's trie for job 0, else owned */
    struct perf_opts o;
    const char *buf;           /* this job's part */
    size_t len;
    bool release;
    pthread_t th;
    bool started;
    struct perf_parser *p;
    const char *whole;         /* the whole buffer (the guarded region) */
    size_t whole_len;
    /* results */
    bool faulted;
    size_t samples, skipped, long_lines;
    size_t no_callchain;
    long first_skipped, first_long, lines;
    double last_time;
};

static void release(const char *from, const char *to)
{
    size_t pg = (size_t)sysconf(_SC_PAGESIZE);
    uintptr_t a = ((uintptr_t)from + pg - 1) & ~(uintptr_t)(pg - 1);
    uintptr_t b = (uintptr_t)to & ~(uintptr_t)(pg - 1);
    if (b > a)
        madvise((void *)a, b - a, MADV_DONTNEED); /* a hint: failure is harmless */
}

/* Parses the job's part (under the guard). */
static void parse_job(void *arg)
{
    struct job *j = arg;
    struct perf_parser *p = j->p;
    size_t pos = 0, slice = SLICE_BYTES, released = 0;
    size_t cap = j->o.max_line ? j->o.max_line : SIZE_MAX;
    while (pos < j->len) {
        size_t n = j->len - pos;
        bool last = n <= slice;
        if (!last)
            n = slice;
        size_t used = perf_feed(p, j->buf + pos, n, last);
        pos += used;
        if (used == 0 && !last) {
            /* a line longer than the slice: grow the slice to it, or skip it when it is
             * longer than the cap (found in linear time either way) */
            size_t rem = j->len - pos, look = rem;
            if (cap < SIZE_MAX && cap + 1 < look)
                look = cap + 1;
            const char *nl = memchr(j->buf + pos, '\n', look);
            if (nl) {
                size_t need = (size_t)(nl - (j->buf + pos)) + 1;
                slice = need > slice ? need : slice;
            } else if (look < rem) {
                perf_long_line(p);
                nl = memchr(j->buf + pos + look, '\n', rem - look);
                pos = nl ? (size_t)(nl - j->buf) + 1 : j->len;
            } else {
                slice = rem;
            }
        }
        if (j->release && pos - released >= SLICE_BYTES) {
            release(j->buf + released, j->buf + pos);
            released = pos;
        }
    }
    if (j->release)
        release(j->buf + released, j->buf + pos);
}

static void *run_job(void *arg)
{
    struct job *j = arg;
    j->p = perf_new(j->t, &j->o);
    j->faulted = perf_mt_guard(j->whole, j->whole_len, parse_job, j) < 0;
    struct perf_parser *p = j->p;
    j->samples = perf_samples(p);
    j->no_callchain = perf_no_callchain(p);
    j->skipped = perf_skipped(p, &j->first_skipped);
    j->long_lines = perf_long_lines(p, &j->first_long);
    j->lines = perf_lines(p);
    j->last_time = perf_last_time(p);
    perf_free(p);
    j->p = NULL;
    return NULL;
}

/* Start of the next record at or after pos: just after a blank line. */
static size_t next_boundary(const char *buf, size_t len, size_t pos)
{
    if (pos == 0)
        pos = 1;
    const char *q = memmem(buf + pos - 1, len - (pos - 1), "\n\n", 2);
    return q ? (size_t)(q - buf) + 2 : len;
}

/* The reads of the whole buffer before the threads start: the default event filter and
 * the part boundaries. */
struct plan {
    struct perf_opts opts;
    char *filter;
    int nthreads;
    const char *buf;
    size_t len;
    struct job *jobs;
    int nj;
    struct trie *t;
    bool release;
};

/* --from/--to: t0, the time of the first record header of the kept event (filter, or
 * any event when NULL) that has one, in nanoseconds; false if there is none. */
static bool first_time(const char *buf, size_t len, const char *filter, uint64_t *ns)
{
    size_t flen = filter ? strlen(filter) : 0;
    for (size_t pos = 0; pos < len;) {
        const char *nl = memchr(buf + pos, '\n', len - pos);
        size_t end = nl ? (size_t)(nl - buf) : len;
        const char *s = buf + pos, *ev, *per;
        size_t n = end - pos, evlen, perlen;
        struct perf_header h;
        pos = end + 1;
        if (!n || s[0] == '#' || perf_is_space(s[0]) || !perf_match_header(s, n, &h))
            continue;
        if (filter && perf_match_event(s, n, &ev, &evlen, &per, &perlen) &&
            (evlen != flen || memcmp(ev, filter, flen) != 0))
            continue;
        uint64_t sec, frac;
        unsigned digits = perf_parse_time(s, n, h.end, &sec, &frac);
        if (!digits)
            continue;
        for (unsigned k = digits; k > 9; k--)
            frac /= 10;
        for (unsigned k = digits; k < 9; k++)
            frac *= 10;
        *ns = sec >= UINT64_MAX / 1000000000u - 1 ? UINT64_MAX - 1000000000u
                                                  : sec * 1000000000u + frac;
        return true;
    }
    return false;
}

static void make_plan(void *arg)
{
    struct plan *pl = arg;
    const char *buf = pl->buf;
    size_t len = pl->len;
    if (!pl->opts.event_filter || !pl->opts.event_filter[0]) {
        const char *ev;
        size_t evlen;
        pl->opts.event_filter = NULL;
        if (perf_first_event(buf, len, &ev, &evlen)) {
            if (memchr(ev, '\0', evlen))
                pl->nthreads = 1; /* cannot travel as a C string: let the parser find it */
            else
                pl->opts.event_filter = pl->filter = xmemdup(ev, evlen);
        }
    }
    if (pl->nthreads < 1 || pl->opts.srcline)
        pl->nthreads = 1;
    if (pl->opts.samples)
        pl->nthreads = 1; /* one index, in input order */
    if (pl->opts.time_range && pl->nthreads > 1 && !pl->opts.have_t0) {
        /* t0 is the first record of the whole input: every thread is told */
        pl->opts.have_t0 = first_time(buf, len, pl->opts.event_filter, &pl->opts.t0_ns);
        if (!pl->opts.have_t0)
            pl->nthreads = 1;
    }
    if (pl->nthreads > MT_MAX_THREADS)
        pl->nthreads = MT_MAX_THREADS;
    size_t start = 0;
    int nthreads = pl->nthreads;
    for (int k = 0; k < nthreads && start < len; k++) {
        size_t end = k == nthreads - 1 ? len
                                       : next_boundary(buf, len, len / (size_t)nthreads * (k + 1));
        if (end < start)
            end = start;
        if (end == start && end < len)
            continue;
        pl->jobs[pl->nj] = (struct job){.t = pl->nj == 0 ? pl->t : trie_new(NULL),
                                        .o = pl->opts, .buf = buf + start, .len = end - start,
                                        .release = pl->release, .whole = buf, .whole_len = len};
        pl->nj++;
        start = end;
    }
}

int perf_parse_buffer_mt(struct trie *t, const struct perf_opts *o, const char *buf, size_t len,
                         int nthreads, bool release_pages, struct perf_mt_stats *st)
{
    struct job jobs[MT_MAX_THREADS] = {0}; /* make_plan fills [0, nj): cppcheck cannot tell */
    struct plan pl = {.opts = *o, .nthreads = nthreads, .buf = buf, .len = len, .jobs = jobs,
                      .t = t, .release = release_pages};
    bool faulted = perf_mt_guard(buf, len, make_plan, &pl) < 0;
    int nj = pl.nj;
    if (!faulted) {
        for (int k = 1; k < nj; k++)
            jobs[k].started = pthread_create(&jobs[k].th, NULL, run_job, &jobs[k]) == 0;
        if (nj > 0)
            run_job(&jobs[0]);
        for (int k = 1; k < nj; k++) {
            if (jobs[k].started)
                pthread_join(jobs[k].th, NULL);
            else
                run_job(&jobs[k]);
        }
    }

    for (int k = 0; k < nj; k++)
        faulted |= jobs[k].faulted;
    struct perf_mt_stats s = {0, 0, 0, 0, 0, 0, -1, 0};
    for (int k = 0; k < nj; k++) {
        if (k > 0) {
            if (!faulted)
                trie_merge(t, jobs[k].t);
            trie_free(jobs[k].t);
        }
        if (jobs[k].skipped && !s.skipped)
            s.first_skipped = s.lines + jobs[k].first_skipped;
        if (jobs[k].long_lines && !s.long_lines)
            s.first_long = s.lines + jobs[k].first_long;
        s.samples += jobs[k].samples;
        s.no_callchain += jobs[k].no_callchain;
        s.skipped += jobs[k].skipped;
        s.long_lines += jobs[k].long_lines;
        s.lines += jobs[k].lines;
        if (jobs[k].last_time >= 0)
            s.last_time = jobs[k].last_time;
    }
    if (st)
        *st = s;
    free(pl.filter);
    return faulted ? -1 : 0;
}
