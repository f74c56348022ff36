/* SPDX-License-Identifier: MIT */
/* flametui - parse_perf_impl.h: the state of the perf script parser, shared by
 * parse_perf.c (records, the line loop, insertion) and parse_perf_frames.c (the names of
 * one frame line). Internal to those two files. */
#ifndef FLAMETUI_PARSE_PERF_IMPL_H
#define FLAMETUI_PARSE_PERF_IMPL_H
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "core/count.h"
#include "core/util.h"
#include "input/parse_perf.h"
#include "input/perf_lcache.h"
#include "input/perf_line.h"

/* The frame names of a record, kept until the record ends: then the path hashes of the
 * whole stack are computed and prefetched before the trie is probed. A name is either in
 * the input (ptr; only within one perf_feed call, see spill()) or in bytes (off). */
struct name_ref {
    const char *ptr;           /* NULL: at bytes.p + off */
    uint32_t off, len;
    uint64_t hash;             /* util_hash of the bytes */
    uint32_t id;               /* in perf_parser.ids, or PERF_NO_ID */
};
#define PERF_NO_ID UINT32_MAX
struct names {
    struct buf bytes;
    struct name_ref *v;
    size_t n, cap;
};

struct perf_parser {
    struct trie *t;
    struct perf_lcache lc;     /* lc.v NULL with --srcline */
    /* the names the line cache stored, by an id of the parser's own (interned once per
     * line stored, never per frame), and their ids in the trie's names (PERF_NO_ID until
     * inserted) */
    struct strtab *ids;
    uint32_t *idmap;
    size_t idmap_cap;
    struct perf_opts o;
    char *filter;              /* event filter (owned copy), NULL until the first event */
    size_t filter_len;
    /* the current record */
    bool have_pname;
    bool is_java;              /* pname starts with "java" (rule 17) */
    struct count period;
    struct names pn;           /* pname, split at ';' */
    struct names fr;           /* frame names in perf order, each line's parts reversed */
    uint64_t *ph;              /* path hashes of the stack being inserted */
    size_t ph_cap;
    struct buf scratch;        /* tidied names, pname */
    struct buf ubuf;           /* "[module]" names */
    struct buf fbuf;           /* names with an annotation or a source line */
    /* counters */
    long line;
    size_t skipped;
    long first_skipped;
    size_t long_lines;
    long first_long;
    bool drop;                 /* the current record had an over-long line */
    size_t samples;
    uint64_t time_sec, time_frac; /* last record time; time_digits 0: none yet */
    unsigned time_digits;
    /* the records of the events not kept (perf_events) */
    struct other_event {
        char *name;
        size_t len, samples;
    } others[PERF_EVENTS_MAX - 1];
    size_t nothers;
    /* time: the current record's time, t0, its pid and tid */
    bool rec_has_time, have_t0;
    uint32_t rec_cpu;          /* the "[NNN]" of the header, UINT32_MAX: none */
    uint64_t rec_ns, t0_ns;
    struct buf pidtid;         /* pid bytes then tid bytes */
    size_t pid_len;
    /* a sample without a call chain (perf_match_oneline): the next line decides */
    bool oneline, oneline_padded;
    struct count oneline_period;
    struct buf oneline_ev;
    size_t no_callchain;       /* such samples added */
    /* records given structured (parse_perf_rec.c): the frame cache, NULL until used;
     * the "who" of headers (perf_rec_who): their process frames' ids in who_ids, their
     * pid and tid bytes in who_bytes */
    struct perf_fcache *fc;
    struct perf_who *who;
    size_t nwho, who_cap;
    uint32_t *who_ids;
    size_t who_nids, who_idcap;
    struct buf who_bytes;
    /* perf_set_sink */
    struct stack_sink sink;
    struct stack_frame *sf;    /* the stack handed over last: sf_prev frames */
    size_t sf_cap, sf_prev;
};

/* A source of further lines, for --srcline (the script reads the next line itself). */
struct reader {
    const char *buf;
    size_t len, pos;
    bool eof;
};

/* Adds a name; input says that s points into the input (not a scratch buffer), so it
 * need not be copied until the end of the perf_feed call. */
static inline void push_name(struct names *nm, const char *s, size_t len, bool input)
{
    if (nm->n == nm->cap)
        FT_GROW(nm->v, nm->cap, nm->n + 1);
    if (len > UINT32_MAX || nm->bytes.len > UINT32_MAX - len)
        die("perf record too large");
    struct name_ref *r = &nm->v[nm->n++];
    r->len = (uint32_t)len;
    r->hash = util_hash(s, len);
    r->id = PERF_NO_ID;
    if (input) {
        r->ptr = s;
        r->off = 0;
    } else {
        r->ptr = NULL;
        r->off = (uint32_t)nm->bytes.len;
        buf_append(&nm->bytes, s, len);
    }
}

/* Adds a name kept elsewhere (the line cache) whose hash and id are known. */
static inline void push_name_h(struct names *nm, const char *s, uint32_t len, uint64_t hash,
                               uint32_t id)
{
    if (nm->n == nm->cap)
        FT_GROW(nm->v, nm->cap, nm->n + 1);
    struct name_ref *r = &nm->v[nm->n++];
    r->ptr = s;
    r->off = 0;
    r->len = len;
    r->hash = hash;
    r->id = id;
}

static inline const char *name_bytes(const struct name_ref *r, const char *bytes)
{
    if (r->ptr)
        return r->ptr;
    return bytes ? bytes + r->off : ""; /* no bytes stored yet (empty name): NULL + 0 is UB */
}

/* Adds s as one frame, or as several when it holds ';' (the script joins frames with ';',
 * so "a;b" is two frames of the output line). */
void perf_push_frame(struct names *nm, const char *s, size_t len);
/* The names of frame line f (func f->func[0..flen)): split at "->", tidied, annotated,
 * with --srcline the source lines read from r; appended to p->fr reversed. */
/* --srcline: whether the line s[0..n) is a source line (indented, not blank, not a frame
 * line: parse_perf_frames.c). */
bool perf_is_source_line(const char *s, size_t n);
void perf_do_frame(struct perf_parser *p, const struct perf_frame *f, size_t flen,
                   struct reader *r);
/* parse_perf.c for parse_perf_rec.c: one whole line s[0..n) (no '\n', no line after it)
 * as perf_feed parses it (the line cap included); the names still pointing into s are
 * copied (spill) unless keep_ptrs. */
void perf_one_line(struct perf_parser *p, const char *s, size_t n, bool keep_ptrs);
/* A sample without a call chain waiting for the next line is ended (as at the end of
 * the input). */
void perf_end_oneline(struct perf_parser *p);
/* The line just parsed was not recognized (counted). */
void perf_count_unrecognized(struct perf_parser *p);
void perf_fcache_free(struct perf_fcache *fc);
#endif
