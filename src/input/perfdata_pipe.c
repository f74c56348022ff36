/* SPDX-License-Identifier: MIT */
/* flametui - perfdata_pipe.c: see perfdata.h. perf's pipe format read as a stream: the
 * header records fill a struct pd_file as perfdata_open fills it from a file's sections;
 * the kernel's records are held in a queue and handed to the machine per FINISHED_ROUND
 * the way perf's ordered events hand them on (tools/perf/util/ordered-events.c: at the end
 * of a round, the records up to the highest time seen by the end of the round before; at
 * the end of the input, all of them), each in time order, ties in input order. */
#include "config.h"

#include "input/perfdata.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "core/util.h"

#define HEADER_ATTR 64
#define HEADER_TRACING_DATA 66
#define HEADER_BUILD_ID 67
#define EVENT_UPDATE 78
#define HEADER_FEATURE 80
#define UPDATE_NAME 2
#define FEAT_BUILD_ID 2
#define FEAT_EVENT_DESC 12
#define ATTR_MIN 64
#define PIPE_HEADER 16
#define READ_CAP (1u << 17)

struct pipe {
    struct pd_file f;
    size_t idcap;
    bool records;          /* a kernel record was seen: the attrs are complete */
    bool check_execs;      /* refuse DWARF call graphs of a process that ran another */
    bool watch_execs;      /* program first (perfdata_check's rule), or count those */
    size_t late_execs;     /* processes (a stream read on past its first round) */
    struct pd_pids *execs; /* NULL: not DWARF */
};

static bool fail(char *why, size_t n, const char *msg)
{
    snprintf(why, n, "%s", msg);
    return false;
}

/* PERF_RECORD_HEADER_ATTR: the attr, then its ids to the record's end. */
static bool header_attr(struct pipe *pp, const unsigned char *r, size_t size, char *why,
                        size_t n)
{
    struct pd_file *f = &pp->f;
    if (pp->records)
        return fail(why, n, "an event added after the records began");
    if (size < 8 + ATTR_MIN)
        return fail(why, n, "a malformed attr record");
    uint32_t asz = pd_u32(r + 12);
    if (asz < ATTR_MIN || asz > size - 8)
        return fail(why, n, "a malformed attr record");
    if (f->nattrs >= PD_MAX_ATTRS)
        return fail(why, n, "no events, or more than 64");
    size_t idx = f->nattrs;
    if (!pd_read_attr(f, r + 8, idx, why, n))
        return false;
    f->nattrs++;
    for (size_t k = 8 + asz; size - k >= 8; k += 8) {
        if (f->nids >= PD_MAX_IDS)
            return fail(why, n, "an attr's ids lie past the end of the file");
        FT_GROW(f->ids, pp->idcap, 2 * f->nids + 2);
        f->ids[2 * f->nids] = pd_u64(r + k);
        f->ids[2 * f->nids + 1] = idx;
        f->nids++;
    }
    return pd_attrs_done(f, why, n);
}

/* PERF_RECORD_EVENT_UPDATE of the name kind: u64 type, u64 id, the name. */
static void event_update(struct pd_file *f, const unsigned char *r, size_t size)
{
    if (size <= 24 || pd_u64(r + 8) != UPDATE_NAME)
        return;
    uint64_t id = pd_u64(r + 16);
    for (size_t i = 0; i < f->nids; i++)
        if (f->ids[2 * i] == id && f->ids[2 * i + 1] < f->nattrs) {
            struct pd_attr *a = &f->attrs[f->ids[2 * i + 1]];
            size_t l = strnlen((const char *)r + 24, size - 24);
            free(a->name);
            a->name = xmalloc(l + 1);
            memcpy(a->name, r + 24, l);
            a->name[l] = '\0';
            return;
        }
}

/* The records perf writes ahead of the data (types 64 and up): false with why when the
 * reader cannot go on. */
static bool header_rec(struct pipe *pp, uint32_t type, const unsigned char *r, size_t size,
                       char *why, size_t n)
{
    struct pd_file *f = &pp->f;
    switch (type) {
    case HEADER_ATTR: return header_attr(pp, r, size, why, n);
    case HEADER_TRACING_DATA:
        return fail(why, n, "tracepoint events (perf script formats their data)");
    case HEADER_BUILD_ID: pd_read_build_ids(f, r, size); return true;
    case EVENT_UPDATE: event_update(f, r, size); return true;
    case HEADER_FEATURE:
        if (size >= 16 && pd_u64(r + 8) == FEAT_EVENT_DESC)
            pd_read_event_desc(f, r + 16, size - 16);
        else if (size >= 16 && pd_u64(r + 8) == FEAT_BUILD_ID)
            pd_read_build_ids(f, r + 16, size - 16);
        return true;
    case PD_AUXTRACE_INFO:
    case PD_AUXTRACE: return fail(why, n, "AUX area data (Intel PT, CoreSight, ...)");
    case PD_COMPRESSED: return fail(why, n, "compressed records (perf record -z)");
    default: return true;
    }
}

/* The first kernel record: the events are all known; unnamed ones get perf's raw name. */
static bool begin_records(struct pipe *pp, char *why, size_t n)
{
    struct pd_file *f = &pp->f;
    if (!f->nattrs)
        return fail(why, n, "records before any event (attr)");
    pp->records = true;
    if ((pp->check_execs || pp->watch_execs) && (f->sample_type & PD_S_STACK_USER))
        pp->execs = pd_pids_new();
    for (size_t i = 0; i < f->nattrs; i++)
        if (!f->attrs[i].name) {
            f->attrs[i].name = xmalloc(32);
            snprintf(f->attrs[i].name, 32, "raw 0x%llx",
                     (unsigned long long)f->attrs[i].config);
        }
    return true;
}

/* One record: true when it is to be queued (a kernel record); false with why[0] set when
 * the input cannot be read, or why[0] == 0 when it is consumed here. */
static bool take(struct pipe *pp, const unsigned char *r, size_t size, char *why, size_t n)
{
    uint32_t type = pd_u32(r);
    why[0] = '\0';
    if (type >= HEADER_ATTR) {
        header_rec(pp, type, r, size, why, n);
        return false;
    }
    if (type == PD_AUX)
        return fail(why, n, "AUX area data (Intel PT, CoreSight, ...)");
    if (!pp->records && !begin_records(pp, why, n))
        return false;
    struct pd_sample s;
    if (type == PD_SAMPLE && !perfdata_sample(&pp->f, r, size, &s))
        return fail(why, n, "a malformed sample (fields or call chain past its end, or an "
                    "unknown id)");
    if (pp->execs && pd_pids_exec_after_maps(pp->execs, r, size)) {
        if (pp->check_execs)
            return fail(why, n, "DWARF call graphs of a process that ran another program "
                        "first (perf's libunwind unwinds those otherwise)");
        pp->late_execs++;
    }
    return true;
}

static bool check_header(const unsigned char *p, size_t len, char *why, size_t n)
{
    if (len < PIPE_HEADER)
        return fail(why, n, "a truncated perf.data header");
    if (!memcmp(p, "2ELIFREP", 8))
        return fail(why, n, "a perf.data of the other byte order");
    if (memcmp(p, "PERFILE2", 8) || pd_u64(p + 8) != PIPE_HEADER)
        return fail(why, n, "not a perf.data in perf's pipe format");
    return true;
}

bool perfdata_pipe_check(const void *data, size_t len, bool partial, char *why, size_t n)
{
    const unsigned char *p = data;
    if (!check_header(p, len, why, n))
        return false;
    struct pipe pp = {.check_execs = true};
    size_t off = PIPE_HEADER;
    bool ok = true;
    while (ok && len - off >= 8) {
        uint16_t size;
        memcpy(&size, p + off + 6, 2);
        if (size < 8 || size > len - off) {
            if (partial && size >= 8)
                break;
            snprintf(why, n, "a record of size %u at offset %zu", size, off);
            ok = false;
            break;
        }
        if (!take(&pp, p + off, size, why, n) && why[0])
            ok = false;
        off += size;
    }
    if (ok && !partial && off != len)
        ok = fail(why, n, "the input ends inside a record");
    pd_pids_free(pp.execs);
    perfdata_close(&pp.f);
    return ok;
}

bool perfdata_pipe_ahead(const void *data, size_t len)
{
    const unsigned char *p = data;
    bool dwarf = false;
    for (size_t off = PIPE_HEADER; len >= off + 8;) {
        uint32_t type = pd_u32(p + off);
        uint16_t size;
        memcpy(&size, p + off + 6, 2);
        if (type < HEADER_ATTR && !dwarf)
            return true;
        if (size < 8 || size > len - off)
            return size < 8;   /* bad: perfdata_pipe_check says so */
        if (type == HEADER_ATTR && size >= 8 + 32 &&
            (pd_u64(p + off + 8 + 24) & PD_S_STACK_USER))
            dwarf = true;   /* the attr's sample_type */
        if (type == PD_FINISHED_ROUND)
            return true;
        off += size;
    }
    return false;
}

/* -- the queue */

struct held {
    uint64_t time, seq;
    size_t off;
};

struct queue {
    unsigned char *arena;
    size_t alen, acap;
    struct held *v;
    size_t n, cap;
    uint64_t seq, next_flush, max_time;
};

static int cmp_held(const void *a, const void *b)
{
    const struct held *x = a, *y = b;
    if (x->time != y->time)
        return x->time < y->time ? -1 : 1;
    return x->seq < y->seq ? -1 : x->seq > y->seq;
}

static void hold(struct queue *q, const struct pd_file *f, const unsigned char *r,
                 size_t size)
{
    FT_GROW(q->arena, q->acap, q->alen + size);
    memcpy(q->arena + q->alen, r, size);
    FT_GROW(q->v, q->cap, q->n + 1);
    uint64_t t = pd_machine_time(f, r);
    q->v[q->n++] = (struct held){.time = t, .seq = q->seq++, .off = q->alen};
    q->alen += size;
    if (t > q->max_time)
        q->max_time = t;
}

/* Hands on the held records of time <= limit, in order; keeps the others. */
static void flush(struct queue *q, struct pd_machine *m, uint64_t limit)
{
    if (q->n)
        qsort(q->v, q->n, sizeof *q->v, cmp_held);
    size_t i = 0;
    for (; i < q->n && q->v[i].time <= limit; i++)
        pd_machine_record(m, q->arena + q->v[i].off);
    unsigned char *keep = NULL;
    size_t klen = 0, kcap = 0;
    for (size_t j = i; j < q->n; j++) {
        uint16_t size;
        memcpy(&size, q->arena + q->v[j].off + 6, 2);
        FT_GROW(keep, kcap, klen + size);
        memcpy(keep + klen, q->arena + q->v[j].off, size);
        q->v[j - i] = q->v[j];
        q->v[j - i].off = klen;
        klen += size;
    }
    q->n -= i;
    free(q->arena);
    q->arena = keep;
    q->alen = klen;
    q->acap = kcap;
}

/* -- pushed: records from buffers of any size */

struct pd_stream {
    struct pipe pp;
    struct queue q;
    struct pd_machine *m;
    struct perf_parser *parser;  /* NULL: text on out */
    int out;
    unsigned char *part;         /* the start of a record (or the header) cut short */
    size_t npart, cap;
    bool header, failed;
    char why[200];
};

struct pd_stream *pd_stream_new(struct perf_parser *parser, int out, bool srcline)
{
    struct pd_stream *s = xcalloc(1, sizeof *s);
    s->pp.f.kallsyms = "/proc/kallsyms";
    s->pp.f.srcline = srcline;
    s->pp.watch_execs = true;
    s->parser = parser;
    s->out = out;
    return s;
}

/* One whole record r[0..size) (size >= 8). */
static bool stream_record(struct pd_stream *s, const unsigned char *r, size_t size)
{
    if (pd_u32(r) == PD_FINISHED_ROUND) {
        if (s->m) {
            flush(&s->q, s->m, s->q.next_flush);
            pd_machine_flush(s->m);
        }
        s->q.next_flush = s->q.max_time;
        return true;
    }
    if (!take(&s->pp, r, size, s->why, sizeof s->why))
        return !s->why[0];
    if (!s->m)
        s->m = s->parser ? pd_machine_new_parser(&s->pp.f, s->parser)
                         : pd_machine_new(&s->pp.f, s->out);
    hold(&s->q, &s->pp.f, r, size);
    return true;
}

/* The size of the record (or header) at p, given n >= 8 bytes of it: 0 when it is bad. */
static size_t stream_size(struct pd_stream *s, const unsigned char *p)
{
    if (!s->header)
        return PIPE_HEADER;
    uint16_t size;
    memcpy(&size, p + 6, 2);
    if (size < 8)
        snprintf(s->why, sizeof s->why, "a record of size %u", size);
    return size < 8 ? 0 : size;
}

static bool stream_whole(struct pd_stream *s, const unsigned char *p, size_t size)
{
    if (s->header)
        return stream_record(s, p, size);
    s->header = true;
    return check_header(p, size, s->why, sizeof s->why);
}

/* Grows the record cut short (s->part) from p[0..*n): true once it is whole (its size in
 * *size), false when more is needed or it is bad (s->failed). */
static bool stream_part(struct pd_stream *s, const unsigned char **p, size_t *n,
                        size_t *size)
{
    for (;;) {
        size_t need = s->npart < 8 ? 8 : stream_size(s, s->part);
        if (!need) {
            s->failed = true;
            return false;
        }
        if (s->npart == need) {
            *size = need;
            return true;
        }
        if (!*n)
            return false;
        size_t k = need - s->npart < *n ? need - s->npart : *n;
        FT_GROW(s->part, s->cap, s->npart + k);
        memcpy(s->part + s->npart, *p, k);
        s->npart += k;
        *p += k;
        *n -= k;
    }
}

bool pd_stream_push(struct pd_stream *s, const void *data, size_t n)
{
    const unsigned char *p = data;
    size_t size;
    if (s->npart && !s->failed && stream_part(s, &p, &n, &size)) {
        s->npart = 0;
        s->failed = !stream_whole(s, s->part, size);
    }
    while (!s->failed && n) {
        size = n >= 8 ? stream_size(s, p) : 8;
        if (!size) {
            s->failed = true;
            break;
        }
        if (size > n) {   /* the start of a record: kept for the next push */
            stream_part(s, &p, &n, &size);
            break;
        }
        s->failed = !stream_whole(s, p, size);
        p += size;
        n -= size;
    }
    return !s->failed;
}

int pd_stream_end(struct pd_stream *s, char *why, size_t n)
{
    if (!s->failed && (s->npart || !s->header)) {
        fail(s->why, sizeof s->why, s->header ? "the input ends inside a record"
                                              : "a truncated perf.data header");
        s->failed = true;
    }
    int rc = s->failed ? -1 : 0;
    if (s->m) {
        flush(&s->q, s->m, UINT64_MAX);
        char w[128];
        if (pd_machine_end(s->m, w, sizeof w) < 0 && !s->failed) {
            snprintf(s->why, sizeof s->why, "%s", w);
            rc = -1;
        }
        s->m = NULL;
    }
    if (rc < 0)
        snprintf(why, n, "%s", s->why);
    return rc;
}

size_t pd_stream_late_execs(const struct pd_stream *s)
{
    return s->pp.late_execs;
}

void pd_stream_free(struct pd_stream *s)
{
    if (!s)
        return;
    if (s->m) {
        char w[16];
        pd_machine_end(s->m, w, sizeof w);
    }
    free(s->q.arena);
    free(s->q.v);
    free(s->part);
    pd_pids_free(s->pp.execs);
    perfdata_close(&s->pp.f);
    free(s);
}

int perfdata_pipe_print(const void *prefix, size_t nprefix, int in_fd, int out, bool srcline,
                        char *why, size_t n)
{
    struct pd_stream *s = pd_stream_new(NULL, out, srcline);
    bool ok = pd_stream_push(s, prefix, nprefix);
    unsigned char *b = in_fd >= 0 ? xmalloc(READ_CAP) : NULL;
    bool rerr = false;
    while (ok && in_fd >= 0) {
        ssize_t r = read(in_fd, b, READ_CAP);
        if (r < 0 && errno == EINTR)
            continue;
        if (r <= 0) {
            rerr = r < 0;
            break;
        }
        ok = pd_stream_push(s, b, (size_t)r);
    }
    free(b);
    int rc = pd_stream_end(s, why, n);
    if (rc == 0 && rerr) {
        snprintf(why, n, "read error");
        rc = -1;
    }
    pd_stream_free(s);
    return rc;
}
