/* flametui - perf_mt.c: see perf_mt.h. */
#include "config.h"

#include "input/perf_mt.h"

#include <pthread.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "input/parse_perf.h"
#include "core/trie.h"
#include "core/util.h"

#define MT_MAX_THREADS 64
#define SLICE_BYTES ((size_t)8 << 20) /* parsed between two page releases */

struct job {
    struct trie *t;            /* the caller's trie for job 0, else owned */
    struct perf_opts o;
    const char *buf;           /* this job's part */
    size_t len;
    bool release;
    pthread_t th;
    bool started;
    /* results */
    size_t samples, skipped;
    long first_skipped, lines;
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

static void *run_job(void *arg)
{
    struct job *j = arg;
    struct perf_parser *p = perf_new(j->t, &j->o);
    size_t pos = 0, slice = SLICE_BYTES, released = 0;
    while (pos < j->len) {
        size_t n = j->len - pos;
        bool last = n <= slice;
        if (!last)
            n = slice;
        size_t used = perf_feed(p, j->buf + pos, n, last);
        pos += used;
        if (used == 0 && !last)
            slice *= 2; /* a line longer than the slice */
        if (j->release && pos - released >= SLICE_BYTES) {
            release(j->buf + released, j->buf + pos);
            released = pos;
        }
    }
    if (j->release)
        release(j->buf + released, j->buf + pos);
    j->samples = perf_samples(p);
    j->skipped = perf_skipped(p, &j->first_skipped);
    j->lines = perf_lines(p);
    j->last_time = perf_last_time(p);
    perf_free(p);
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

int perf_parse_buffer_mt(struct trie *t, const struct perf_opts *o, const char *buf, size_t len,
                         int nthreads, bool release_pages, struct perf_mt_stats *st)
{
    struct perf_opts opts = *o;
    char *filter = NULL;
    if (!opts.event_filter || !opts.event_filter[0]) {
        const char *ev;
        size_t evlen;
        opts.event_filter = NULL;
        if (perf_first_event(buf, len, &ev, &evlen)) {
            if (memchr(ev, '\0', evlen))
                nthreads = 1; /* cannot travel as a C string: let the parser find it */
            else
                opts.event_filter = filter = xmemdup(ev, evlen);
        }
    }
    if (nthreads < 1 || o->srcline)
        nthreads = 1;
    if (nthreads > MT_MAX_THREADS)
        nthreads = MT_MAX_THREADS;

    struct job jobs[MT_MAX_THREADS];
    int nj = 0;
    size_t start = 0;
    for (int k = 0; k < nthreads && start < len; k++) {
        size_t end = k == nthreads - 1 ? len
                                       : next_boundary(buf, len, len / (size_t)nthreads * (k + 1));
        if (end < start)
            end = start;
        if (end == start && end < len)
            continue;
        jobs[nj] = (struct job){.t = nj == 0 ? t : trie_new(NULL), .o = opts, .buf = buf + start,
                                .len = end - start, .release = release_pages};
        nj++;
        start = end;
    }
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

    struct perf_mt_stats s = {0, 0, 0, 0, -1};
    for (int k = 0; k < nj; k++) {
        if (k > 0) {
            trie_merge(t, jobs[k].t);
            trie_free(jobs[k].t);
        }
        if (jobs[k].skipped && !s.skipped)
            s.first_skipped = s.lines + jobs[k].first_skipped;
        s.samples += jobs[k].samples;
        s.skipped += jobs[k].skipped;
        s.lines += jobs[k].lines;
        if (jobs[k].last_time >= 0)
            s.last_time = jobs[k].last_time;
    }
    if (st)
        *st = s;
    free(filter);
    return 0;
}
