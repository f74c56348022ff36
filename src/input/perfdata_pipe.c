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
    struct pipe pp = {0};
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
    perfdata_close(&pp.f);
    return ok;
}

/* -- the stream */

struct src {
    const unsigned char *pre;
    size_t npre, ppos;
    int fd;
    unsigned char *b;
    size_t lo, hi;
    bool err;
};

/* At least need bytes at b[lo..hi), unless the input ends first. */
static size_t fill(struct src *s, size_t need)
{
    if (s->hi - s->lo >= need)
        return s->hi - s->lo;
    memmove(s->b, s->b + s->lo, s->hi - s->lo);
    s->hi -= s->lo;
    s->lo = 0;
    while (s->hi < need) {
        if (s->ppos < s->npre) {
            size_t k = s->npre - s->ppos < READ_CAP - s->hi ? s->npre - s->ppos
                                                              : READ_CAP - s->hi;
            memcpy(s->b + s->hi, s->pre + s->ppos, k);
            s->ppos += k;
            s->hi += k;
            continue;
        }
        if (s->fd < 0)
            break;
        ssize_t r = read(s->fd, s->b + s->hi, READ_CAP - s->hi);
        if (r < 0 && errno == EINTR)
            continue;
        if (r <= 0) {
            s->err = r < 0;
            break;
        }
        s->hi += (size_t)r;
    }
    return s->hi - s->lo;
}

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

/* The records after the header: false with why when the input cannot be read. */
static bool stream(struct src *s, struct pipe *pp, struct queue *q, struct pd_machine **m,
                   int out, char *why, size_t n)
{
    while (fill(s, 8) >= 8) {
        const unsigned char *r = s->b + s->lo;
        uint16_t size;
        memcpy(&size, r + 6, 2);
        if (size < 8) {
            snprintf(why, n, "a record of size %u", size);
            return false;
        }
        if (fill(s, size) < size)
            return fail(why, n, "the input ends inside a record");
        r = s->b + s->lo;
        s->lo += size;
        if (pd_u32(r) == PD_FINISHED_ROUND) {
            if (*m) {
                flush(q, *m, q->next_flush);
                pd_machine_flush(*m);
            }
            q->next_flush = q->max_time;
            continue;
        }
        if (!take(pp, r, size, why, n)) {
            if (why[0])
                return false;
            continue;
        }
        if (!*m)
            *m = pd_machine_new(&pp->f, out);
        hold(q, &pp->f, r, size);
    }
    if (s->hi != s->lo)
        return fail(why, n, "the input ends inside a record");
    if (s->err)
        return fail(why, n, "read error");
    return true;
}

int perfdata_pipe_print(const void *prefix, size_t nprefix, int in_fd, int out, char *why,
                        size_t n)
{
    struct src s = {.pre = prefix, .npre = nprefix, .fd = in_fd, .b = xmalloc(READ_CAP)};
    struct pipe pp = {.f.kallsyms = "/proc/kallsyms"};
    struct queue q = {0};
    struct pd_machine *m = NULL;
    bool ok = fill(&s, PIPE_HEADER) >= PIPE_HEADER || fail(why, n, "a truncated perf.data "
                                                              "header");
    if (ok)
        ok = check_header(s.b, PIPE_HEADER, why, n);
    s.lo += PIPE_HEADER;
    if (ok)
        ok = stream(&s, &pp, &q, &m, out, why, n);
    int rc = ok ? 0 : -1;
    if (m) {
        flush(&q, m, UINT64_MAX);
        char w[128];
        if (pd_machine_end(m, w, sizeof w) < 0 && ok) {
            snprintf(why, n, "%s", w);
            rc = -1;
        }
    }
    free(q.arena);
    free(q.v);
    free(s.b);
    perfdata_close(&pp.f);
    return rc;
}
