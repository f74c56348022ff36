/* SPDX-License-Identifier: MIT */
/* flametui - parse_perf.c: see parse_perf.h.
 * A line-at-a-time re-implementation of stackcollapse-perf.pl's main loop (FlameGraph
 * 41fee1f9): the record state machine, annotations, the line cache and trie insertion.
 * The regexes and tidying of single lines are in perf_line.c, the names of a frame line
 * in parse_perf_frames.c, the line cache in perf_lcache.c, the state in parse_perf_impl.h,
 * perf_sniff and perf_first_event (no parser needed) in parse_perf_sniff.c.
 * "rule N" refers to the list in ../shared/corpus/README.md.
 * Hot path per frame: a few scans of the line, at most one copy into the scratch buffer
 * (only when tidying changes the name), and one strtab_intern. No allocation. */
#include "config.h"

#include "input/parse_perf.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/count.h"
#include "core/samples.h"
#include "core/strtab.h"
#include "input/parse_perf_impl.h"
#include "core/trie.h"

struct perf_parser *perf_new(struct trie *t, const struct perf_opts *o)
{
    struct perf_parser *p = xcalloc(1, sizeof *p);
    p->t = t;
    p->o = *o;
    if (o->event_filter && o->event_filter[0]) { /* --event-filter= is the default */
        p->filter_len = strlen(o->event_filter);
        p->filter = xmemdup(o->event_filter, p->filter_len);
    }
    p->o.event_filter = NULL;
    p->have_t0 = o->have_t0;
    p->t0_ns = o->t0_ns;
    if (!o->srcline) {
        perf_lcache_init(&p->lc);
        p->ids = strtab_new();
    }
    return p;
}

void perf_free(struct perf_parser *p)
{
    if (!p)
        return;
    for (size_t i = 0; i < p->nothers; i++)
        free(p->others[i].name);
    free(p->filter);
    buf_fini(&p->pn.bytes);
    free(p->pn.v);
    buf_fini(&p->fr.bytes);
    free(p->fr.v);
    free(p->ph);
    perf_lcache_fini(&p->lc);
    strtab_free(p->ids);
    free(p->idmap);
    buf_fini(&p->scratch);
    buf_fini(&p->ubuf);
    buf_fini(&p->fbuf);
    buf_fini(&p->pidtid);
    buf_fini(&p->oneline_ev);
    perf_fcache_free(p->fc);
    free(p->who);
    free(p->who_ids);
    buf_fini(&p->who_bytes);
    free(p->sf);
    free(p);
}

void perf_set_sink(struct perf_parser *p, const struct stack_sink *sink)
{
    p->sink = sink ? *sink : (struct stack_sink){NULL, NULL, 0};
    p->sf_prev = 0;
}


size_t perf_no_callchain(const struct perf_parser *p)
{
    return p->no_callchain;
}

size_t perf_skipped(const struct perf_parser *p, long *first_line)
{
    if (first_line)
        *first_line = p->first_skipped;
    return p->skipped;
}

size_t perf_samples(const struct perf_parser *p)
{
    return p->samples;
}

void perf_long_line(struct perf_parser *p)
{
    p->line++;
    if (p->long_lines++ == 0)
        p->first_long = p->line;
    if (p->have_pname)
        p->drop = true;
}

size_t perf_long_lines(const struct perf_parser *p, long *first_line)
{
    if (first_line)
        *first_line = p->first_long;
    return p->long_lines;
}

double perf_last_time(const struct perf_parser *p)
{
    if (!p->time_digits)
        return -1;
    double f = (double)p->time_frac;
    for (unsigned k = 0; k < p->time_digits; k++)
        f /= 10;
    return (double)p->time_sec + f;
}

long perf_lines(const struct perf_parser *p)
{
    return p->line;
}

/* Copies the names that still point into the input into bytes (the caller may drop the
 * input once perf_feed returns). */
static void spill(struct names *nm)
{
    for (size_t i = 0; i < nm->n; i++) {
        struct name_ref *r = &nm->v[i];
        if (!r->ptr)
            continue;
        if (nm->bytes.len > UINT32_MAX - r->len)
            die("perf record too large");
        r->off = (uint32_t)nm->bytes.len;
        buf_append(&nm->bytes, r->ptr, r->len);
        r->ptr = NULL;
    }
}

/* A record of an event that is not kept: counted per event name (the first few). */
static void count_other(struct perf_parser *p, const char *ev, size_t evlen)
{
    for (size_t i = 0; i < p->nothers; i++) {
        struct other_event *o = &p->others[i];
        if (o->len == evlen && memcmp(o->name, ev, evlen) == 0) {
            o->samples++;
            return;
        }
    }
    if (p->nothers < FT_ARRAY_LEN(p->others)) {
        struct other_event *o = &p->others[p->nothers++];
        o->name = xmemdup(ev, evlen);
        o->len = evlen;
        o->samples = 1;
    }
}

size_t perf_events(const struct perf_parser *p, size_t i, const char **name, size_t *len,
                   size_t *samples)
{
    size_t n = p->filter ? 1 + p->nothers : 0;
    if (i >= n)
        return n;
    if (i == 0) {
        *name = p->filter;
        *len = p->filter_len;
        *samples = p->samples;
    } else {
        *name = p->others[i - 1].name;
        *len = p->others[i - 1].len;
        *samples = p->others[i - 1].samples;
    }
    return n;
}

/* The event of a header line, when known (perf_match_event's result). */
struct event_match {
    bool ok;
    const char *ev, *per;
    size_t evlen, perlen;
};

/* "[NNN]" at s[i] followed by a blank: the number, else UINT32_MAX. */
static uint32_t cpu_at(const char *s, size_t n, size_t i)
{
    if (i >= n || s[i] != '[')
        return UINT32_MAX;
    uint32_t cpu = 0;
    size_t st = ++i;
    for (; i < n && perf_is_digit(s[i]) && i - st < 9; i++)
        cpu = cpu * 10 + (uint32_t)(s[i] - '0');
    return i > st && i + 1 < n && s[i] == ']' && perf_is_space(s[i + 1]) ? cpu : UINT32_MAX;
}

/* The CPU of a header (perf record -a), or UINT32_MAX: "[NNN]" after the pid/tid, or
 * when the header rule took it into the comm (an exiting task's ":-1 -1 [000] T:"),
 * the first blank-separated "[NNN]" of the line. */
static uint32_t header_cpu(const char *s, size_t n, size_t i)
{
    while (i < n && perf_is_space(s[i]))
        i++;
    uint32_t cpu = cpu_at(s, n, i);
    for (size_t k = 1; cpu == UINT32_MAX && k < i; k++)
        if (perf_is_space(s[k - 1]))
            cpu = cpu_at(s, n, k);
    return cpu;
}

/* The time index's CPU of the record: index, its "cpu N" frame name interned once. */
static void record_cpu(struct perf_parser *p)
{
    if (p->rec_cpu == UINT32_MAX)
        return;
    uint32_t k = samples_cpu_find(p->o.samples, p->rec_cpu);
    if (k != SAMPLES_NO_CPU && samples_cpu_name(p->o.samples, k) == SAMPLES_NO_NAME) {
        char name[24];
        int len = snprintf(name, sizeof name, "cpu %u", p->rec_cpu);
        samples_cpu_set_name(p->o.samples, k, strtab_intern(trie_names(p->t), name,
                                                            (size_t)len));
    }
    samples_set_cpu(p->o.samples, k);
}

static void do_header(struct perf_parser *p, const char *s, size_t n, const struct perf_header *h,
                      const struct event_match *em)
{
    const char *ev = NULL, *per = NULL;
    size_t evlen = 0, perlen = 0;
    bool has_ev;
    if (em) {
        has_ev = em->ok;
        if (has_ev) {
            ev = em->ev;
            evlen = em->evlen;
            per = em->per;
            perlen = em->perlen;
        }
    } else {
        has_ev = perf_match_event(s, n, &ev, &evlen, &per, &perlen);
    }
    if (has_ev) {
        if (!p->filter) {
            p->filter = xmemdup(ev, evlen);
            p->filter_len = evlen;
        } else if (evlen != p->filter_len || memcmp(ev, p->filter, evlen) != 0) {
            count_other(p, ev, evlen);
            return; /* another event: the whole line is ignored (rule 9) */
        }
    }
    /* `if (not $period) { $period = 1 }`: missing, empty or exactly "0" */
    struct count c = count_u64(1);
    if (!p->o.weight_samples && perlen && !(perlen == 1 && per[0] == '0'))
        count_parse(per, perlen, false, &c);
    p->period = c;

    /* `if (not $tid)`: $3 missing or exactly "0" -> pid "?", tid $2 */
    const char *pid = h->pid, *tid = h->tid;
    size_t pidl = h->pid_len, tidl = h->tid_len;
    if (!tid || (tidl == 1 && tid[0] == '0')) {
        tid = pid;
        tidl = pidl;
        pid = "?";
        pidl = 1;
    }
    struct buf *b = &p->scratch;
    b->len = 0;
    buf_append(b, s, h->comm_len);
    if (p->o.tid || p->o.pid) {
        buf_putc(b, '-');
        buf_append(b, pid, pidl);
        if (p->o.tid) {
            buf_putc(b, '/');
            buf_append(b, tid, tidl);
        }
    }
    for (size_t i = 0; i < b->len; i++)
        if (b->p[i] == ' ')
            b->p[i] = '_';
    p->pn.n = 0;
    p->pn.bytes.len = 0;
    if (!p->o.no_process)
        perf_push_frame(&p->pn, b->p, b->len);
    p->is_java = b->len >= 4 && memcmp(b->p, "java", 4) == 0;
    p->have_pname = true;
    p->rec_cpu = header_cpu(s, n, h->end);
    unsigned digits = perf_parse_time(s, n, h->end, &p->time_sec, &p->time_frac);
    if (digits)
        p->time_digits = digits;
    p->rec_has_time = digits > 0;
    if (digits) {
        uint64_t f = p->time_frac;
        for (unsigned k = digits; k > 9; k--)
            f /= 10;
        for (unsigned k = digits; k < 9; k++)
            f *= 10;
        /* saturated: a hostile 18-digit second count must not wrap around */
        p->rec_ns = p->time_sec >= UINT64_MAX / 1000000000u - 1 ? UINT64_MAX - 1000000000u
                                                                : p->time_sec * 1000000000u + f;
    }
    if (p->o.samples) {
        p->pidtid.len = 0;
        buf_append(&p->pidtid, pid, pidl);
        buf_append(&p->pidtid, tid, tidl);
        p->pid_len = pidl;
    }
}

/* The record's thread in the time index: (process node, pid, tid); on a new one the
 * grouped names of its process frame are interned. */
static uint32_t record_thread(struct perf_parser *p, uint32_t proc)
{
    const char *pid = p->pidtid.p ? p->pidtid.p : "", *tid = pid + p->pid_len;
    size_t pidl = p->pid_len, tidl = p->pidtid.len - p->pid_len;
    bool is_new;
    uint32_t k = samples_thread_find(p->o.samples, proc, pid, pidl, tid, tidl, &is_new);
    if (!is_new)
        return k;
    struct samples_thread th = {proc, (uint32_t)p->pn.n, 0, 0};
    size_t len = 0;
    const char *last = proc == TRIE_ROOT ? "" : trie_label(p->t, proc, &len);
    struct buf b = {0};
    buf_append(&b, last, len);
    buf_putc(&b, '-');
    buf_append(&b, pid, pidl);
    th.name_pid = strtab_intern(trie_names(p->t), b.p, b.len);
    buf_putc(&b, '/');
    buf_append(&b, tid, tidl);
    th.name_tid = strtab_intern(trie_names(p->t), b.p, b.len);
    buf_fini(&b);
    samples_thread_set(p->o.samples, k, &th);
    return k;
}

static inline const struct name_ref *stack_name(const struct perf_parser *p, size_t i,
                                                const char **bytes)
{
    if (i < p->pn.n) {
        *bytes = p->pn.bytes.p;
        return &p->pn.v[i];
    }
    *bytes = p->fr.bytes.p;
    return &p->fr.v[p->fr.n - 1 - (i - p->pn.n)];
}

/* Inserts the record: pname, then the frames root first (the reverse of perf's order). */
static void insert(struct perf_parser *p)
{
    size_t n = p->pn.n + p->fr.n;
    const char *bytes;
    if (p->sink.stack) {
        /* the stack with its hashes, for another thread to insert: the frames it shares
         * with the stack handed over before (same path hashes) are kept, not sent */
        if (n > p->sf_cap)
            FT_GROW(p->sf, p->sf_cap, n);
        uint64_t h = p->sink.root_phash;
        size_t keep = 0;
        for (size_t i = 0; i < n; i++) {
            const struct name_ref *r = stack_name(p, i, &bytes);
            h = trie_hash_step(h, r->hash);
            if (keep == i && i < p->sf_prev && p->sf[i].phash == h && p->sf[i].hash == r->hash &&
                p->sf[i].len == r->len)
                keep++;
            p->sf[i] = (struct stack_frame){name_bytes(r, bytes), r->len, r->id, r->hash, h};
        }
        if (keep == n && n)   /* the same stack again: its last frame is sent anyway */
            keep--;
        p->sf_prev = n;
        p->sink.stack(p->sink.ctx, p->sf + keep, keep, n, p->period);
        p->samples++;
        return;
    }
    if (n > p->ph_cap)
        FT_GROW(p->ph, p->ph_cap, n);
    uint64_t h = trie_phash(p->t, TRIE_ROOT);
    for (size_t i = 0; i < n; i++) {
        h = trie_hash_step(h, stack_name(p, i, &bytes)->hash);
        p->ph[i] = h;
        trie_prefetch(p->t, h);
    }
    uint32_t node = TRIE_ROOT, proc = TRIE_ROOT;
    for (size_t i = 0; i < n; i++) {
        const struct name_ref *r = stack_name(p, i, &bytes);
        uint32_t name = PERF_NO_ID;
        if (r->id != PERF_NO_ID) { /* a line cache name: its trie name once known */
            if (r->id >= p->idmap_cap) {
                size_t old = p->idmap_cap;
                FT_GROW(p->idmap, p->idmap_cap, (size_t)r->id + 1);
                memset(p->idmap + old, 0xff, (p->idmap_cap - old) * sizeof *p->idmap);
            }
            name = p->idmap[r->id];
            if (name == PERF_NO_ID)
                name = p->idmap[r->id] = strtab_intern_h(trie_names(p->t),
                                                         name_bytes(r, bytes), r->len, r->hash);
        }
        if (name != PERF_NO_ID)
            node = trie_child_named(p->t, node, p->ph[i], name);
        else
            node = trie_child_bytes(p->t, node, p->ph[i], r->hash, name_bytes(r, bytes), r->len);
        if (i + 1 == p->pn.n)
            proc = node;
    }
    trie_add(p->t, node, p->period);
    p->samples++;
    if (p->o.samples) {
        samples_add(p->o.samples, p->rec_has_time, p->rec_ns, node, record_thread(p, proc),
                    p->period);
        record_cpu(p);
    }
}

/* --from/--to: whether the record's time is in the range (t0: the first record's). */
static bool in_range(struct perf_parser *p)
{
    if (p->rec_has_time && !p->have_t0) {
        p->have_t0 = true;
        p->t0_ns = p->rec_ns;
    }
    if (!p->o.time_range)
        return true;
    int64_t rel = 0;
    if (p->time_digits && p->have_t0) {
        uint64_t t = p->rec_ns; /* without a time of its own: the last one seen */
        rel = t >= p->t0_ns ? (int64_t)(t - p->t0_ns) : -(int64_t)(p->t0_ns - t);
    }
    return rel >= p->o.from_ns && rel < p->o.to_ns;
}

/* Ends the record: inserts it unless it had an over-long line. */
static void emit(struct perf_parser *p)
{
    if (!p->drop && in_range(p))
        insert(p);
    p->drop = false;
    p->fr.n = 0;
    p->fr.bytes.len = 0;
    p->have_pname = false;
    perf_lcache_end_record(&p->lc); /* no name refers to the cache now */
}

/* --- samples without a call chain (perf record without -g) ---------------------------
 * stackcollapse-perf.pl reads "COMM PID TIME: PERIOD EVENT: ADDR SYM (DSO)" as a header
 * (or, with perf's right-aligned comm, as a frame line outside any record) and never
 * emits it. Here it is the record COMM;SYM with its period, the event filter applied,
 * once the next line shows it stands alone: another such line, a header, or the end.
 * A frame line next makes it the script's header after all (oneline_drop). */
static void oneline_start(struct perf_parser *p, const char *s, size_t n,
                          const struct perf_oneline *o, struct reader *r)
{
    do_header(p, s + o->skip, n - o->skip, &o->h, NULL); /* as the script: period 1 */
    p->fr.n = 0;
    p->fr.bytes.len = 0;
    size_t flen;
    struct reader none = {"", 0, 0, true};   /* no --srcline lines read for it */
    (void)r;
    if (perf_frame_func(&o->f, &flen))
        perf_do_frame(p, &o->f, flen, &none);
    p->oneline = true;
    p->oneline_padded = o->skip > 0;
    p->oneline_ev.len = 0;
    buf_append(&p->oneline_ev, o->ev, o->evlen);
    struct count per = count_u64(1);   /* as do_header does */
    if (!p->o.weight_samples && o->perlen && !(o->perlen == 1 && o->per[0] == '0'))
        count_parse(o->per, o->perlen, false, &per);
    p->oneline_period = per;
}

static void oneline_flush(struct perf_parser *p)
{
    p->oneline = false;
    const char *ev = p->oneline_ev.p ? p->oneline_ev.p : "";
    size_t evlen = p->oneline_ev.len;
    if (!p->filter) {
        p->filter = xmemdup(ev, evlen);
        p->filter_len = evlen;
    } else if (evlen != p->filter_len || memcmp(ev, p->filter, evlen) != 0) {
        p->fr.n = 0;   /* another event: not counted (rule 9) */
        p->fr.bytes.len = 0;
        p->have_pname = p->drop = false;
        return;
    }
    p->period = p->oneline_period;
    if (!p->drop)
        p->no_callchain++;
    emit(p);
}

static void oneline_drop(struct perf_parser *p)
{
    p->oneline = false;
    p->fr.n = 0;
    p->fr.bytes.len = 0;
    if (p->oneline_padded)   /* the script saw a frame line outside a record */
        p->have_pname = false;
}

static void unrecognized(struct perf_parser *p)
{
    if (p->skipped++ == 0)
        p->first_skipped = p->line;
}

void perf_count_unrecognized(struct perf_parser *p)
{
    unrecognized(p);
}

/* A line after a sample without a call chain (perf_match_oneline: the next line
 * decides): another such sample starts (true: the line is done), a header ends it, a
 * frame line drops it. */
static bool oneline_next(struct perf_parser *p, const char *s, size_t n, struct reader *r)
{
    struct perf_oneline one;
    struct perf_header hh;
    struct perf_frame ff;
    if (perf_match_oneline(s, n, &one)) {
        oneline_flush(p);
        p->line++;
        oneline_start(p, s, n, &one, r);
        return true;
    }
    if (!perf_is_space(s[0]) && perf_match_header(s, n, &hh))
        oneline_flush(p);
    else if (perf_match_frame(s, n, &ff))
        oneline_drop(p);
    return false;
}

/* --srcline: whether the lines the frame f (its function flen bytes) may read are in r. */
static bool srcline_ready(const struct perf_frame *f, size_t flen, const struct reader *r)
{
    size_t need = perf_count_parts(f->func, flen), have = 0;
    const char *q = r->buf + r->pos, *end = r->buf + r->len;
    while (have < need && (q = memchr(q, '\n', (size_t)(end - q))) != NULL) {
        q++;
        have++;
    }
    return have >= need;
}

/* The frame line s[0..n) gave the names from fr.v[before] on (one at most): its line
 * cache entry e (lh: the line's hash) gets the name, numbered by p->ids. */
static void cache_frame_line(struct perf_parser *p, struct lc_entry *e, uint64_t lh,
                             const char *s, size_t n, size_t before)
{
    struct name_ref *nr = p->fr.n > before ? &p->fr.v[before] : NULL;
    const char *nb = nr ? name_bytes(nr, p->fr.bytes.p) : NULL;
    if (nr) /* the hits of this line will know the name by its id */
        nr->id = strtab_intern_h(p->ids, nb, nr->len, nr->hash);
    perf_lcache_store(&p->lc, e, lh, s, n, nb, nr ? nr->len : 0, nr ? nr->hash : 0,
                      nr ? nr->id : PERF_NO_ID);
}

/* Parses one line s[0..n) (no '\n'); line_hash: perf_line_hash of it, or 0 if not
 * computed yet. Returns false, consuming nothing, when --srcline
 * needs lines that are not in r yet. */
static bool do_line(struct perf_parser *p, const char *s, size_t n, struct reader *r,
                    uint64_t line_hash)
{
    if (n == 0) {
        p->line++;
        if (p->oneline)
            oneline_drop(p);
        if (p->have_pname)
            emit(p);
        return true;
    }
    if (s[0] == '#') {
        p->line++;
        return true;
    }
    struct perf_oneline one;
    if (p->oneline && oneline_next(p, s, n, r))
        return true;
    struct lc_entry *e = NULL;
    uint64_t lh = 0;
    if (p->lc.v && p->have_pname && !p->oneline) {
        e = perf_lcache_slot(&p->lc, s, n, line_hash, p->is_java, &lh);
        const char *nm;
        uint32_t nl;
        uint64_t nh;
        uint32_t id;
        if (e && perf_lcache_hit(&p->lc, e, lh, s, n, &nm, &nl, &nh, &id)) {
            p->line++;
            if (nm)
                push_name_h(&p->fr, nm, nl, nh, id);
            return true;
        }
    }
    struct perf_header h;
    if (!perf_is_space(s[0]) && perf_match_header(s, n, &h)) {
        struct event_match em = {false, NULL, NULL, 0, 0};
        p->line++;
        em.ok = perf_match_event(s, n, &em.ev, &em.evlen, &em.per, &em.perlen);
        if (!em.ok && perf_match_oneline(s, n, &one))
            oneline_start(p, s, n, &one, r);
        else
            do_header(p, s, n, &h, &em);
        return true;
    }
    if (!p->have_pname && perf_is_space(s[0]) && perf_match_oneline(s, n, &one)) {
        p->line++;
        oneline_start(p, s, n, &one, r);
        return true;
    }
    struct perf_frame f;
    if (p->o.srcline && perf_is_source_line(s, n)) {
        p->line++;   /* the source line of a frame line that was not recognized */
        return true;
    }
    if (!perf_match_frame(s, n, &f)) {
        p->line++;
        unrecognized(p);
        return true;
    }
    size_t flen;
    if (!p->have_pname || !perf_frame_func(&f, &flen)) {
        p->line++;
        if (e)
            perf_lcache_store(&p->lc, e, lh, s, n, NULL, 0, 0, PERF_NO_ID);
        return true;
    }
    if (p->o.srcline && !r->eof && !srcline_ready(&f, flen, r))
        return false;
    p->line++;
    size_t before = p->fr.n;
    perf_do_frame(p, &f, flen, r);
    if (e && p->fr.n - before <= 1)
        cache_frame_line(p, e, lh, s, n, before);
    return true;
}

size_t perf_feed(struct perf_parser *p, const char *buf, size_t len, bool eof)
{
    struct reader r = {buf, len, 0, eof};
    /* one line ahead: its end, the hash of its bytes (0: none) and a prefetch of its line
     * cache slot, so the slot is in cache when the line is parsed */
    size_t ahead = SIZE_MAX;
    const char *ahead_nl = NULL;
    uint64_t ahead_h = 0;
    while (r.pos < len) {
        size_t start = r.pos;
        const char *nl;
        uint64_t h = 0;
        if (start == ahead) {
            nl = ahead_nl;
            h = ahead_h;
        } else {
            nl = perf_find_nl(buf + start, len - start);
        }
        if (!nl && !eof)
            break;
        size_t end = nl ? (size_t)(nl - buf) : len;
        r.pos = nl ? end + 1 : end;
        if (nl && p->lc.v && !p->lc.off) {
            if (len - start > 2048) /* the input streams in: ask for it ahead */
                __builtin_prefetch(buf + start + 2048);
            ahead = r.pos;
            ahead_nl = perf_find_nl(buf + ahead, len - ahead);
            ahead_h = 0;
            if (ahead_nl && ahead_nl > buf + ahead) {
                ahead_h = perf_line_hash(buf + ahead, (size_t)(ahead_nl - buf) - ahead);
                perf_lcache_prefetch(&p->lc, ahead_h, p->is_java);
            }
        }
        if (p->o.max_line && end - start > p->o.max_line) {
            perf_long_line(p);
            continue;
        }
        if (!do_line(p, buf + start, end - start, &r, h)) {
            r.pos = start;
            break;
        }
    }
    if (eof && r.pos == len && p->oneline)
        oneline_flush(p);   /* the last one: no blank line ends these */
    spill(&p->fr);
    return r.pos;
}


void perf_one_line(struct perf_parser *p, const char *s, size_t n, bool keep_ptrs)
{
    struct reader r = {s, n, n, true};
    if (p->o.max_line && n > p->o.max_line)
        perf_long_line(p);
    else
        do_line(p, s, n, &r, 0);
    if (!keep_ptrs)
        spill(&p->fr);
}

void perf_end_oneline(struct perf_parser *p)
{
    if (p->oneline)
        oneline_flush(p);
}

/* --- record headers given structured (perf_rec_who, perf_rec_head) --------------------
 * The "COMM PID/TID" part of a header line decides the process frame, its java bit, the
 * pid and tid of the time index and (without a CPU field) the CPU rule's fallback: kept
 * per who, so a later header of the same who is only its numbers. */
struct perf_who {
    uint32_t off, cnt;         /* the process frame's names: who_ids[off .. off + cnt) */
    bool java;
    uint32_t cpu;              /* header_cpu of a line without a CPU field */
    uint32_t pt_off, pid_len, tid_len;  /* pid then tid bytes in who_bytes */
};

uint32_t perf_rec_who(struct perf_parser *p, const char *s, size_t n, size_t head_end)
{
    struct perf_header h;
    const char *ev, *per;
    size_t evlen, perlen;
    bool usual = !p->oneline && !p->o.srcline && n && !perf_is_space(s[0]) &&
                 (!p->o.max_line || n <= p->o.max_line) && perf_match_header(s, n, &h) &&
                 h.end <= head_end && perf_match_event(s, n, &ev, &evlen, &per, &perlen);
    perf_one_line(p, s, n, false);
    if (!usual || !p->have_pname || !p->ids)
        return PERF_REC_NONE;
    FT_GROW(p->who, p->who_cap, p->nwho + 1);
    struct perf_who *w = &p->who[p->nwho];
    w->off = (uint32_t)p->who_nids;
    w->cnt = (uint32_t)p->pn.n;
    for (size_t i = 0; i < p->pn.n; i++) {
        const struct name_ref *r = &p->pn.v[i];
        FT_GROW(p->who_ids, p->who_idcap, p->who_nids + 1);
        p->who_ids[p->who_nids++] =
            strtab_intern_h(p->ids, name_bytes(r, p->pn.bytes.p), r->len, r->hash);
    }
    w->java = p->is_java;
    w->cpu = header_cpu(s, head_end, head_end);
    w->pt_off = (uint32_t)p->who_bytes.len;
    w->pid_len = (uint32_t)p->pid_len;
    w->tid_len = (uint32_t)(p->pidtid.len - p->pid_len);
    buf_append(&p->who_bytes, p->pidtid.p ? p->pidtid.p : "", p->pidtid.len);
    return (uint32_t)p->nwho++;
}

void perf_rec_head(struct perf_parser *p, const struct perf_rec_head *hd)
{
    const struct perf_who *w = &p->who[hd->who];
    if (p->oneline)
        oneline_flush(p);   /* a header line ends it */
    p->line++;
    if (!p->filter) {
        p->filter = xmemdup(hd->ev, hd->evlen);
        p->filter_len = hd->evlen;
    } else if (hd->evlen != p->filter_len || memcmp(hd->ev, p->filter, hd->evlen) != 0) {
        count_other(p, hd->ev, hd->evlen);
        return;
    }
    p->period = count_u64(!p->o.weight_samples && hd->period ? hd->period : 1);
    p->pn.n = 0;
    p->pn.bytes.len = 0;
    if (!p->o.no_process)
        for (uint32_t k = 0; k < w->cnt; k++) {
            uint32_t id = p->who_ids[w->off + k];
            size_t len;
            const char *b = strtab_get(p->ids, id, &len);
            push_name_h(&p->pn, b, (uint32_t)len, strtab_hash(p->ids, id), id);
        }
    p->is_java = w->java;
    p->have_pname = true;
    p->rec_cpu = hd->cpu != UINT32_MAX ? hd->cpu : w->cpu;
    p->rec_has_time = hd->has_time;
    if (hd->has_time) {   /* as "SEC.USEC:" reads */
        p->time_sec = hd->time_ns / 1000000000u;
        p->time_frac = hd->time_ns % 1000000000u / 1000u;
        p->time_digits = 6;
        p->rec_ns = p->time_sec >= UINT64_MAX / 1000000000u - 1
                        ? UINT64_MAX - 1000000000u
                        : p->time_sec * 1000000000u + p->time_frac * 1000u;
    }
    if (p->o.samples) {
        p->pidtid.len = 0;
        buf_append(&p->pidtid, p->who_bytes.p + w->pt_off, w->pid_len + w->tid_len);
        p->pid_len = w->pid_len;
    }
}
