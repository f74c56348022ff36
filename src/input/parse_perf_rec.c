/* SPDX-License-Identifier: MIT */
/* flametui - parse_perf_rec.c: the perf script parser driven by records instead of text
 * (parse_perf.h, "records given structured"). Header, blank and one-line sample lines go
 * through the text rules as they are (parse_perf.c: perf_one_line); a frame's line is
 * parsed once per key and its finished names (their ids in the parser's string table)
 * kept, so a frame seen before costs one probe of a hash table and a few stores, and a
 * frame whose handle the caller kept (perf_rec_frame_again) no probe at all. The names of
 * a frame line depend on the line, the parser's options (fixed) and whether the record's
 * process name starts with "java" (rule 17): that bit is part of the key. */
#include "config.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

#include "core/strtab.h"
#include "input/parse_perf_impl.h"

#define FC_JAVA 1u
#define FC_LONG 2u        /* the line is longer than the cap: its record is dropped */
#define FC_UNREC 4u       /* the line is not a frame line: counted as skipped */
#define FC_NONAMES 8u     /* seen in records not kept only: its names are not known */
#define FC_FAST 16u       /* in a slot: one name (the slot's id), nothing else to do */

/* What a frame line does to a record: its names, the first inline. */
struct fc_val {
    const char *ptr;      /* the first name's bytes (in the parser's string table) */
    uint64_t hash;
    uint32_t len, id;
    uint32_t off, cnt;    /* all the names: ids[off .. off + cnt) */
    uint32_t flags;
};

struct fc_slot {           /* 32 bytes: two a cache line */
    uint64_t k1, k2;
    uint32_t val1;        /* the value + 1; 0: empty (a zeroed table is empty) */
    uint32_t java;        /* FC_JAVA, and FC_FAST when the value is one name, id: */
    uint32_t id;          /* then the frame needs nothing but the slot */
};

struct perf_fcache {
    struct fc_slot *v;    /* xcalloc_table: huge pages when big */
    size_t mask, n;
    bool mapped;
    struct fc_val *vals;
    size_t nvals, vcap;
    uint32_t *ids;
    size_t nids, cap;
};

static uint64_t fc_hash(uint64_t k1, uint64_t k2, uint32_t java)
{
    uint64_t h = (k1 * 0x9e3779b97f4a7c15ull) ^ (k2 + java) * 0xc2b2ae3d27d4eb4full;
    return h ^ (h >> 29);
}

static void fc_alloc(struct perf_fcache *fc, size_t slots)
{
    fc->mask = slots - 1;
    fc->v = xcalloc_table(slots * sizeof *fc->v, &fc->mapped);
}

/* The values are probed at random too: big ones get huge pages (a hint). */
static void fc_vals_grow(struct perf_fcache *fc)
{
    size_t old = fc->vcap;
    FT_GROW(fc->vals, fc->vcap, fc->nvals + 1);
    size_t bytes = fc->vcap * sizeof *fc->vals, huge = (size_t)2 << 20;
    if (fc->vcap != old && bytes >= 2 * huge) {
        uintptr_t a = ((uintptr_t)fc->vals + huge - 1) & ~(uintptr_t)(huge - 1);
        uintptr_t e = ((uintptr_t)fc->vals + bytes) & ~(uintptr_t)(huge - 1);
        if (e > a)
            madvise((void *)a, e - a, MADV_HUGEPAGE);
    }
}

static struct perf_fcache *fc_get(struct perf_parser *p)
{
    if (!p->fc) {
        struct perf_fcache *fc = xcalloc(1, sizeof *fc);
        fc_alloc(fc, (size_t)1 << 12);
        p->fc = fc;
        if (!p->ids)
            p->ids = strtab_new();
    }
    return p->fc;
}

void perf_fcache_free(struct perf_fcache *fc)
{
    if (!fc)
        return;
    xfree_table(fc->v, (fc->mask + 1) * sizeof *fc->v, fc->mapped);
    free(fc->vals);
    free(fc->ids);
    free(fc);
}

/* The slot of the key: its entry, or the empty slot where it goes. */
static struct fc_slot *fc_slot(const struct perf_fcache *fc, uint64_t k1, uint64_t k2,
                               uint32_t java)
{
    size_t i = fc_hash(k1, k2, java) & fc->mask;
    for (;;) {
        struct fc_slot *e = &fc->v[i];
        if (!e->val1 || (e->k1 == k1 && e->k2 == k2 && (e->java & FC_JAVA) == java))
            return e;
        i = (i + 1) & fc->mask;
    }
}

static void fc_grow(struct perf_fcache *fc)
{
    struct fc_slot *old = fc->v;
    size_t n = fc->mask + 1;
    bool mapped = fc->mapped;
    fc_alloc(fc, 2 * n);
    for (size_t i = 0; i < n; i++)
        if (old[i].val1)
            *fc_slot(fc, old[i].k1, old[i].k2, old[i].java & FC_JAVA) = old[i];
    xfree_table(old, n * sizeof *old, mapped);
}

/* The value of the key, a new one when it has none. */
static uint32_t fc_add(struct perf_fcache *fc, uint64_t k1, uint64_t k2, uint32_t java)
{
    struct fc_slot *e = fc_slot(fc, k1, k2, java);
    if (e->val1)
        return e->val1 - 1;
    if (2 * (fc->n + 1) > fc->mask + 1) {
        fc_grow(fc);
        e = fc_slot(fc, k1, k2, java);
    }
    if (fc->nvals >= PERF_REC_NONE - 1)
        die("perf record too large");
    fc_vals_grow(fc);
    *e = (struct fc_slot){k1, k2, (uint32_t)fc->nvals + 1, java, 0};
    fc->vals[fc->nvals] = (struct fc_val){NULL, 0, 0, PERF_NO_ID, 0, 0, java | FC_NONAMES};
    fc->n++;
    return (uint32_t)fc->nvals++;
}

/* The value's effect on the record, as its line had. */
static void fc_apply(struct perf_parser *p, const struct perf_fcache *fc,
                     const struct fc_val *v)
{
    if (v->flags & FC_LONG) {
        perf_long_line(p);
        return;
    }
    p->line++;
    if (v->flags & FC_UNREC)
        perf_count_unrecognized(p);
    if (!p->have_pname)   /* a record not kept: the line is only counted */
        return;
    if (v->cnt == 1) {
        push_name_h(&p->fr, v->ptr, v->len, v->hash, v->id);
        return;
    }
    const uint32_t *id = fc->ids + v->off;
    for (uint32_t k = 0; k < v->cnt; k++) {
        size_t len;
        const char *s = strtab_get(p->ids, id[k], &len);
        push_name_h(&p->fr, s, (uint32_t)len, strtab_hash(p->ids, id[k]), id[k]);
    }
}

void perf_rec_prefetch(struct perf_parser *p, uint64_t k1, uint64_t k2)
{
    const struct perf_fcache *fc = fc_get(p);
    __builtin_prefetch(&fc->v[fc_hash(k1, k2, p->is_java ? FC_JAVA : 0) & fc->mask]);
}

void perf_rec_ref_of(const struct perf_parser *p, uint32_t h, struct perf_rec_ref *r)
{
    const struct perf_fcache *fc = p->fc;
    if (h == PERF_REC_NONE || !fc || h >= fc->nvals) {
        *r = (struct perf_rec_ref){NULL, 0, 0, 0, PERF_REC_NONE, 0, 0};
        return;
    }
    const struct fc_val *v = &fc->vals[h];
    *r = (struct perf_rec_ref){v->ptr, v->hash, v->len, v->id, h, v->flags, v->cnt};
}

bool perf_rec_frame_ref(struct perf_parser *p, const struct perf_rec_ref *r)
{
    if (r->h == PERF_REC_NONE || (r->flags & FC_NONAMES) || r->cnt != 1 ||
        (r->flags & (FC_LONG | FC_UNREC)) || (r->flags & FC_JAVA) != (p->is_java ? FC_JAVA : 0u))
        return perf_rec_frame_again(p, r->h);   /* the rare kinds: from the table */
    p->line++;
    if (p->have_pname)
        push_name_h(&p->fr, r->ptr, r->len, r->hash, r->id);
    return true;
}

bool perf_rec_frame_again(struct perf_parser *p, uint32_t h)
{
    const struct perf_fcache *fc = p->fc;
    if (h == PERF_REC_NONE || !fc || h >= fc->nvals)
        return false;
    const struct fc_val *v = &fc->vals[h];
    if ((v->flags & FC_JAVA) != (p->is_java ? FC_JAVA : 0u) ||
        (p->have_pname && (v->flags & FC_NONAMES)))
        return false;
    fc_apply(p, fc, v);
    return true;
}

/* A slot's one name into the record, and into r (NULL: not asked). */
static void apply_fast(struct perf_parser *p, const struct fc_slot *e, struct perf_rec_ref *r)
{
    size_t len;
    const char *name = strtab_get(p->ids, e->id, &len);
    uint64_t hash = strtab_hash(p->ids, e->id);
    p->line++;
    if (p->have_pname)
        push_name_h(&p->fr, name, (uint32_t)len, hash, e->id);
    if (r)
        *r = (struct perf_rec_ref){name, hash, (uint32_t)len, e->id, e->val1 - 1,
                                   e->java & FC_JAVA, 1};
}

uint32_t perf_rec_frame(struct perf_parser *p, uint64_t k1, uint64_t k2, struct perf_rec_ref *r)
{
    struct perf_fcache *fc = fc_get(p);
    const struct fc_slot *e = fc_slot(fc, k1, k2, p->is_java ? FC_JAVA : 0);
    if (e->val1 && (e->java & FC_FAST)) {
        apply_fast(p, e, r);
        return e->val1 - 1;
    }
    if (!e->val1 || !perf_rec_frame_again(p, e->val1 - 1))
        return PERF_REC_NONE;
    if (r)
        perf_rec_ref_of(p, e->val1 - 1, r);
    return e->val1 - 1;
}

uint32_t perf_rec_frame_line(struct perf_parser *p, uint64_t k1, uint64_t k2, const char *s,
                             size_t n)
{
    struct perf_fcache *fc = fc_get(p);
    size_t before = p->fr.n, skipped = p->skipped, longs = p->long_lines;
    bool kept = p->have_pname;
    perf_one_line(p, s, n, true);
    uint32_t java = p->is_java ? FC_JAVA : 0;
    uint32_t h = fc_add(fc, k1, k2, java);
    struct fc_val *v = &fc->vals[h];
    bool fill = kept && (v->flags & FC_NONAMES);
    if (fill) {
        v->off = (uint32_t)fc->nids;
        v->flags &= ~FC_NONAMES;
    }
    for (size_t i = before; i < p->fr.n; i++) {
        struct name_ref *r = &p->fr.v[i];
        uint32_t id = r->id;
        if (id == PERF_NO_ID)
            id = strtab_intern_h(p->ids, name_bytes(r, p->fr.bytes.p), r->len, r->hash);
        size_t len;
        r->ptr = strtab_get(p->ids, id, &len);   /* not into s: it goes away */
        r->id = id;
        if (!fill)
            continue;
        FT_GROW(fc->ids, fc->cap, fc->nids + 1);
        fc->ids[fc->nids++] = id;
        if (v->cnt++ == 0)
            *v = (struct fc_val){r->ptr, r->hash, r->len, id, v->off, 1, v->flags};
    }
    if (p->long_lines != longs)
        v->flags |= FC_LONG;
    if (p->skipped != skipped)
        v->flags |= FC_UNREC;
    if (v->cnt == 1 && !(v->flags & (FC_LONG | FC_UNREC | FC_NONAMES))) {
        struct fc_slot *e = fc_slot(fc, k1, k2, java);
        e->java |= FC_FAST;
        e->id = v->id;
    }
    return h;
}

void perf_rec_line(struct perf_parser *p, const char *s, size_t n)
{
    perf_one_line(p, s, n, false);
}

void perf_rec_end(struct perf_parser *p)
{
    perf_end_oneline(p);
}
