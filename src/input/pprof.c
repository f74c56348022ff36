/* SPDX-License-Identifier: MIT */
/* flametui - pprof.c: see pprof.h.
 * Decoding is protobuf-c's (profile.pb-c.c, generated from profile.proto); this file
 * checks what the decoder cannot (string indices, ids that refer to nothing, value
 * counts) before a single stack goes into the trie, so a bad profile adds nothing. */
#include "config.h"

#include "input/pprof.h"

#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "input/profile.pb-c.h"
#include "core/count.h"
#include "core/strtab.h"
#include "core/trie.h"

typedef Perftools__Profiles__Profile Profile;

struct pprof_parser {
    struct trie *t;
    char *want;             /* --sample-type, NULL: the profile's default */
    struct buf in;          /* the whole input, decoded at eof */
    size_t samples, skipped;
    char type[64], unit[64];
    bool lines;             /* frames FUNC:FILE:LINE */
};

void pprof_set_lines(struct pprof_parser *p, bool on)
{
    p->lines = on;
}

struct pprof_parser *pprof_new(struct trie *t, const char *sample_type)
{
    struct pprof_parser *p = xcalloc(1, sizeof *p);
    p->t = t;
    p->want = sample_type ? xstrdup(sample_type) : NULL;
    return p;
}

void pprof_free(struct pprof_parser *p)
{
    if (!p)
        return;
    buf_fini(&p->in);
    free(p->want);
    free(p);
}

size_t pprof_samples(const struct pprof_parser *p)
{
    return p->samples;
}

size_t pprof_skipped(const struct pprof_parser *p)
{
    return p->skipped;
}

const char *pprof_sample_type(const struct pprof_parser *p, const char **unit)
{
    if (unit)
        *unit = p->unit;
    return p->type;
}

static int decode(struct pprof_parser *p, const void *buf, size_t len, bool free_input,
                  struct ft_error *err);

size_t pprof_feed(struct pprof_parser *p, const char *buf, size_t len, bool eof,
                  struct ft_error *err)
{
    if (len > PPROF_MAX_BYTES - p->in.len) {
        ft_error_set(err, 0, "larger than %zu MiB: too large for a pprof profile",
                     PPROF_MAX_BYTES >> 20);
        return (size_t)-1;
    }
    if (len)
        buf_append(&p->in, buf, len);
    if (!eof)
        return len;
    int rc = decode(p, p->in.p ? p->in.p : "", p->in.len, true, err);
    buf_fini(&p->in);   /* (already, after unpacking) */
    return rc < 0 ? (size_t)-1 : len;
}

/* --- decoding ------------------------------------------------------------------------ */

/* An id -> index map: sorted pairs, or the identity when ids are 1..n in order (as Go
 * writes them). */
struct idmap {
    struct idpair { uint64_t id; size_t idx; } *v;
    size_t n;
    bool dense;
};

static int cmp_pair(const void *a, const void *b)
{
    const struct idpair *x = a, *y = b;
    return x->id < y->id ? -1 : x->id > y->id;
}

static void idmap_init(struct idmap *m, size_t n, uint64_t (*id_of)(const void *, size_t),
                       const void *arr)
{
    m->n = n;
    m->dense = true;
    m->v = NULL;
    for (size_t i = 0; i < n && m->dense; i++)
        m->dense = id_of(arr, i) == (uint64_t)i + 1;
    if (m->dense || !n)
        return;
    m->v = xcalloc(n, sizeof *m->v);
    for (size_t i = 0; i < n; i++) {
        m->v[i].id = id_of(arr, i);
        m->v[i].idx = i;
    }
    qsort(m->v, n, sizeof *m->v, cmp_pair);
}

/* The index of id, or SIZE_MAX. Id 0 is never valid. */
static size_t idmap_find(const struct idmap *m, uint64_t id)
{
    if (!id)
        return SIZE_MAX;
    if (m->dense)
        return id <= m->n ? (size_t)(id - 1) : SIZE_MAX;
    size_t lo = 0, hi = m->n;
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        if (m->v[mid].id < id)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo < m->n && m->v[lo].id == id ? m->v[lo].idx : SIZE_MAX;
}

static uint64_t fn_id(const void *a, size_t i)
{
    return ((Perftools__Profiles__Function *const *)a)[i]->id;
}
static uint64_t loc_id(const void *a, size_t i)
{
    return ((Perftools__Profiles__Location *const *)a)[i]->id;
}
static uint64_t map_id(const void *a, size_t i)
{
    return ((Perftools__Profiles__Mapping *const *)a)[i]->id;
}

struct dec {
    const Profile *pr;
    struct idmap fns, locs, maps;
    uint32_t *frames;   /* every location's frames, root-most first */
    size_t *first;      /* location i: frames[first[i] .. first[i + 1]) */
    struct ft_error *err;
};

static int bad(struct dec *d, const char *fmt, ...) FT_PRINTF(2, 3);
static int bad(struct dec *d, const char *fmt, ...)
{
    char why[120];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(why, sizeof why, fmt, ap);
    va_end(ap);
    return ft_error_set(d->err, 0, "not a valid pprof profile: %s", why);
}

/* String table entry idx into *s; false when idx is out of range. */
static bool str(const Profile *pr, int64_t idx, ProtobufCBinaryData *s)
{
    if (idx < 0 || (uint64_t)idx >= pr->n_string_table)
        return false;
    *s = pr->string_table[idx];
    return true;
}

static bool same(ProtobufCBinaryData s, const char *z)
{
    size_t n = strlen(z);
    return s.len == n && (!n || !memcmp(s.data, z, n));
}

static void copy_name(char *dst, size_t cap, ProtobufCBinaryData s)
{
    size_t n = s.len < cap - 1 ? s.len : cap - 1;
    if (n)
        memcpy(dst, s.data, n);
    dst[n] = '\0';
}

/* The sample value index to use; -1 with the error set. */
static long choose_type(struct pprof_parser *p, struct dec *d)
{
    const Profile *pr = d->pr;
    ProtobufCBinaryData s, u;
    if (!pr->n_sample_type)
        return bad(d, "no sample types");
    for (size_t i = 0; i < pr->n_sample_type; i++)
        if (!str(pr, pr->sample_type[i]->type, &s) || !str(pr, pr->sample_type[i]->unit, &u))
            return bad(d, "sample type %zu: string index out of range", i);
    long pick = (long)pr->n_sample_type - 1;
    if (p->want) {
        pick = -1;
        for (size_t i = 0; i < pr->n_sample_type && pick < 0; i++)
            if (str(pr, pr->sample_type[i]->type, &s) && same(s, p->want))
                pick = (long)i;
        if (pick < 0) {
            struct buf l = {0};
            for (size_t i = 0; i < pr->n_sample_type; i++) {
                str(pr, pr->sample_type[i]->type, &s);
                buf_printf(&l, "%s%.*s", i ? ", " : "", s.len > 40 ? 40 : (int)s.len,
                           (const char *)s.data);
            }
            ft_error_set(d->err, 0, "unknown sample type '%.40s' (available: %.100s)",
                         p->want, l.p);
            buf_fini(&l);
            return -1;
        }
    } else if (pr->default_sample_type) {
        ProtobufCBinaryData def;
        if (!str(pr, pr->default_sample_type, &def))
            return bad(d, "default sample type: string index out of range");
        for (size_t i = 0; i < pr->n_sample_type; i++)
            if (str(pr, pr->sample_type[i]->type, &s) && s.len == def.len &&
                (!s.len || !memcmp(s.data, def.data, s.len)))
                pick = (long)i;   /* the last of that name, else the last one */
    }
    str(pr, pr->sample_type[pick]->type, &s);
    str(pr, pr->sample_type[pick]->unit, &u);
    copy_name(p->type, sizeof p->type, s);
    copy_name(p->unit, sizeof p->unit, u);
    return pick;
}

/* The name of a frame without a function name, as pprof prints it: "[FILE]" after the
 * mapping's object file (its base name), else "<unknown>". */
static uint32_t object_name(struct trie *t, struct dec *d, uint64_t mapping_id, bool *ok)
{
    const Profile *pr = d->pr;
    ProtobufCBinaryData f = {0, NULL};
    *ok = true;
    if (mapping_id) {
        size_t mi = idmap_find(&d->maps, mapping_id);
        if (mi == SIZE_MAX || !str(pr, pr->mapping[mi]->filename, &f)) {
            *ok = false;
            return 0;
        }
    }
    if (!f.len)
        return strtab_intern(trie_names(t), "<unknown>", 9);
    size_t b = f.len;
    while (b > 0 && f.data[b - 1] != '/')
        b--;
    struct buf n = {0};
    buf_putc(&n, '[');
    buf_append(&n, f.data + b, f.len - b);
    buf_putc(&n, ']');
    uint32_t id = strtab_intern(trie_names(t), n.p, n.len);
    buf_fini(&n);
    return id;
}

/* Line mode: "FUNC:FILE:LINE" (FILE empty when the string index is bad or unset). */
static uint32_t line_name(struct pprof_parser *p, struct dec *d, size_t fi,
                          ProtobufCBinaryData fn, int64_t line)
{
    ProtobufCBinaryData f = {0, NULL};
    if (!str(d->pr, d->pr->function[fi]->filename, &f))
        f.len = 0;
    struct buf n = {0};
    buf_append(&n, fn.data, fn.len);
    buf_putc(&n, ':');
    if (f.len)
        buf_append(&n, f.data, f.len);
    buf_printf(&n, ":%lld", (long long)(line > 0 ? line : 0));
    uint32_t id = strtab_intern(trie_names(p->t), n.p, n.len);
    buf_fini(&n);
    return id;
}

/* Every location's frames: its lines reversed (the last line is the caller). */
static int location_frames(struct pprof_parser *p, struct dec *d)
{
    const Profile *pr = d->pr;
    size_t total = 0;
    for (size_t i = 0; i < pr->n_location; i++)
        total += pr->location[i]->n_line ? pr->location[i]->n_line : 1;
    d->frames = xcalloc(total ? total : 1, sizeof *d->frames);
    d->first = xcalloc(pr->n_location + 1, sizeof *d->first);
    size_t k = 0;
    for (size_t i = 0; i < pr->n_location; i++) {
        const Perftools__Profiles__Location *l = pr->location[i];
        d->first[i] = k;
        bool ok;
        if (!l->n_line) {
            d->frames[k++] = object_name(p->t, d, l->mapping_id, &ok);
            if (!ok)
                return bad(d, "location %llu refers to an unknown mapping",
                           (unsigned long long)l->id);
            continue;
        }
        for (size_t j = l->n_line; j-- > 0;) {
            size_t fi = idmap_find(&d->fns, l->line[j]->function_id);
            ProtobufCBinaryData s;
            if (fi == SIZE_MAX)
                return bad(d, "location %llu refers to an unknown function %llu",
                           (unsigned long long)l->id,
                           (unsigned long long)l->line[j]->function_id);
            if (!str(pr, pr->function[fi]->name, &s))
                return bad(d, "function %llu: string index out of range",
                           (unsigned long long)pr->function[fi]->id);
            if (s.len && p->lines) {
                d->frames[k++] = line_name(p, d, fi, s, l->line[j]->line);
            } else if (s.len) {
                d->frames[k++] = strtab_intern(trie_names(p->t), (const char *)s.data, s.len);
            } else {
                d->frames[k++] = object_name(p->t, d, l->mapping_id, &ok);
                if (!ok)
                    return bad(d, "location %llu refers to an unknown mapping",
                               (unsigned long long)l->id);
            }
        }
    }
    d->first[pr->n_location] = k;
    return 0;
}

/* Checks every sample; then adds them (so that a bad profile adds nothing). */
static int add_samples(struct pprof_parser *p, struct dec *d, size_t vi)
{
    const Profile *pr = d->pr;
    for (size_t i = 0; i < pr->n_sample; i++) {
        const Perftools__Profiles__Sample *s = pr->sample[i];
        if (s->n_value != pr->n_sample_type)
            return bad(d, "sample %zu has %zu values for %zu sample types", i, s->n_value,
                       pr->n_sample_type);
        for (size_t j = 0; j < s->n_location_id; j++)
            if (idmap_find(&d->locs, s->location_id[j]) == SIZE_MAX)
                return bad(d, "sample %zu refers to an unknown location %llu", i,
                           (unsigned long long)s->location_id[j]);
    }
    uint32_t *names = NULL;
    size_t cap = 0;
    for (size_t i = 0; i < pr->n_sample; i++) {
        const Perftools__Profiles__Sample *s = pr->sample[i];
        int64_t v = s->value[vi];
        if (v <= 0 || !s->n_location_id) {
            /* zero: nothing to draw (heap profiles have many: freed memory); negative
             * (a -diff_base profile) or no stack: counted (pprof -traces skips these too) */
            p->skipped += v < 0 || (v > 0 && !s->n_location_id);
            continue;
        }
        size_t n = 0;
        for (size_t j = s->n_location_id; j-- > 0;) {
            size_t li = idmap_find(&d->locs, s->location_id[j]);
            size_t m = d->first[li + 1] - d->first[li];
            FT_GROW(names, cap, n + m);
            memcpy(names + n, d->frames + d->first[li], m * sizeof *names);
            n += m;
        }
        trie_insert(p->t, names, n, count_u64((uint64_t)v));
        p->samples++;
    }
    free(names);
    return 0;
}

int pprof_decode(struct pprof_parser *p, const void *buf, size_t len, struct ft_error *err)
{
    return decode(p, buf, len, false, err);
}

static uint64_t decoded_size(const unsigned char *b, size_t n, int kind);

/* protobuf-c's allocations, bounded: at most limit bytes in all (the budget the input's
 * size allows), and a failed malloc told apart from a bad profile. */
struct budget {
    size_t used, limit;
    bool over;          /* the budget ran out */
    bool oom;           /* malloc failed */
};

static void *budget_alloc(void *ctx, size_t size)
{
    struct budget *b = ctx;
    if (size > b->limit - b->used) {
        b->over = true;
        return NULL;
    }
    void *q = malloc(size ? size : 1);
    if (!q) {
        b->oom = true;
        return NULL;
    }
    b->used += size;
    return q;
}

static void budget_free(void *ctx, void *q)
{
    (void)ctx;
    free(q);
}

/* free_input: buf is p->in, freed once unpacked (protobuf-c copies what it keeps), so
 * the input and its decoded form are not held at the same time. */
static int decode(struct pprof_parser *p, const void *buf, size_t len, bool free_input,
                  struct ft_error *err)
{
    struct dec d;
    memset(&d, 0, sizeof d);
    d.err = err;
    /* real profiles take 3-8 times their size decoded; thousands of tiny messages (a
     * "pprof bomb": 2 bytes each, 100 decoded) are refused before they are allocated */
    uint64_t need = decoded_size(buf, len, 0);
    if (need > (uint64_t)len * PPROF_MAX_RATIO + ((uint64_t)64 << 20)) {
        if (free_input)
            buf_fini(&p->in);
        return ft_error_set(err, 0, "pprof profile too costly to decode: about %llu MiB "
                            "for %zu KiB of input", (unsigned long long)(need >> 20),
                            len >> 10);
    }
    uint64_t limit = (uint64_t)len * PPROF_MAX_RATIO + ((uint64_t)64 << 20);
    struct budget bu = {0, limit < SIZE_MAX ? (size_t)limit : SIZE_MAX, false, false};
    ProtobufCAllocator al = {budget_alloc, budget_free, &bu};
    Profile *pr = perftools__profiles__profile__unpack(&al, len, buf);
    if (free_input) {
        buf_fini(&p->in);
        memset(&p->in, 0, sizeof p->in);
    }
    if (!pr && bu.oom)
        return ft_error_set(err, 0, "out of memory decoding the pprof profile (%zu MiB "
                            "allocated)", bu.used >> 20);
    if (!pr && bu.over)
        return ft_error_set(err, 0, "pprof profile too costly to decode: more than %zu MiB "
                            "for %zu KiB of input", bu.limit >> 20, len >> 10);
    if (!pr)
        return bad(&d, "protobuf decoding failed");
    d.pr = pr;
    int rc = -1;
    long vi;
    if (!pr->n_string_table || pr->string_table[0].len)
        rc = bad(&d, "the string table does not start with an empty string");
    else if ((vi = choose_type(p, &d)) >= 0) {
        idmap_init(&d.fns, pr->n_function, fn_id, pr->function);
        idmap_init(&d.locs, pr->n_location, loc_id, pr->location);
        idmap_init(&d.maps, pr->n_mapping, map_id, pr->mapping);
        if (location_frames(p, &d) == 0)
            rc = add_samples(p, &d, (size_t)vi);
    }
    free(d.fns.v);
    free(d.locs.v);
    free(d.maps.v);
    free(d.frames);
    free(d.first);
    perftools__profiles__profile__free_unpacked(pr, &al);
    return rc;
}

/* --- sniffing ------------------------------------------------------------------------ */

/* Reads a varint at *i; 0, or -1 if malformed, 1 if it runs past n. */
static int varint(const unsigned char *b, size_t n, size_t *i, uint64_t *v)
{
    *v = 0;
    for (unsigned k = 0; k < 10; k++) {
        if (*i >= n)
            return 1;
        unsigned char c = b[(*i)++];
        *v |= (uint64_t)(c & 0x7f) << (7 * k);
        if (!(c & 0x80))
            return k == 9 && c > 1 ? -1 : 0;
    }
    return -1;
}

/* Allowed wire types per field number (bit w set: wire type w), index = field number. */
static const unsigned char top_fields[16] = {0, 4, 4, 4, 4, 4, 4, 1, 1, 1, 1, 4, 1, 5, 1, 1};
static const unsigned char vt_fields[3] = {0, 1, 1};                 /* ValueType */
static const unsigned char sample_fields[4] = {0, 5, 5, 4};          /* Sample */
static const unsigned char mapping_fields[11] = {0, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1};
static const unsigned char location_fields[6] = {0, 1, 1, 1, 4, 1};  /* Location */
static const unsigned char function_fields[6] = {0, 1, 1, 1, 1, 1};  /* Function */

/* Walks the fields of one message b[0..n) (only varints and length-delimited fields are
 * allowed: pprof has no others). 0: well-formed and complete; -1: not this message;
 * 1 (only if clip): a field runs past n (what is here of it is well-formed).
 * fields: allowed wire types (see above) for field numbers < nf; *count gets the
 * complete fields. The sub-messages (and theirs) are walked too. */
static const unsigned char line_fields[4] = {0, 1, 1, 1};       /* Line */
static const unsigned char label_fields[5] = {0, 1, 1, 1, 1};   /* Label */

/* The fields of the sub-message in field f of a message with fields (NULL: f is not a
 * message); *subn gets their number. */
static const unsigned char *sub_fields(const unsigned char *fields, uint64_t f, size_t *subn)
{
    static const unsigned char *const subs[6] = {NULL, NULL, sample_fields, mapping_fields,
                                                 location_fields, function_fields};
    static const size_t subns[6] = {0, 0, sizeof sample_fields, sizeof mapping_fields,
                                    sizeof location_fields, sizeof function_fields};
    bool top = fields == top_fields;
    if (top && (f == 1 || f == 11)) {
        *subn = sizeof vt_fields;
        return vt_fields;
    }
    if (top && f >= 2 && f <= 5) {
        *subn = subns[f];
        return subs[f];
    }
    if (fields == location_fields && f == 4) {
        *subn = sizeof line_fields;
        return line_fields;
    }
    if (fields == sample_fields && f == 3) {
        *subn = sizeof label_fields;
        return label_fields;
    }
    *subn = 0;
    return NULL;
}

/* Packed varints b[i..end) (a sample's location ids or values): whether they are
 * well-formed. */
static bool packed_ok(const unsigned char *b, size_t i, size_t end)
{
    uint64_t v;
    while (i < end)
        if (varint(b, end, &i, &v))
            return false;
    return true;
}

static int walk(const unsigned char *b, size_t n, const unsigned char *fields, size_t nf,
                bool clip, size_t *count)
{
    size_t i = 0;
    while (i < n) {
        uint64_t tag, v;
        int r = varint(b, n, &i, &tag);
        if (r)
            return r < 0 || !clip ? -1 : 1;
        uint64_t f = tag >> 3, w = tag & 7;
        if (f >= nf || w > 2 || !(fields[f] & (1u << w)))
            return -1;
        if ((r = varint(b, n, &i, &v)))
            return r < 0 || !clip ? -1 : 1;
        if (w == 0) {
            (*count)++;
            continue;
        }
        bool clipped = false;
        if (v > n - i) {
            if (!clip)
                return -1;
            v = n - i;   /* what is here of a long field must be well-formed */
            clipped = true;
        }
        size_t subn, c = 0;
        const unsigned char *sub = sub_fields(fields, f, &subn);
        if (sub) {
            /* a clipped sub-message: its own fields may run past its end */
            r = walk(b + i, (size_t)v, sub, subn, clipped, &c);
            if (r < 0 || (r > 0 && !clipped))
                return -1;
        } else if (fields == sample_fields && !packed_ok(b, i, i + (size_t)v)) {
            return clipped ? 1 : -1;
        }
        i += (size_t)v;
        if (clipped)
            return 1;
        (*count)++;
    }
    return 0;
}

int pprof_sniff(const void *buf, size_t len, bool final)
{
    const unsigned char *b = buf;
    size_t look = len < 64 ? len : 64;
    bool binary = false;
    for (size_t i = 0; i < look && !binary; i++)
        binary = (b[i] < 0x20 && b[i] != '\t' && b[i] != '\n' && b[i] != '\r') || b[i] == 0x7f;
    if (!binary)
        return len < 8 && !final ? -1 : 0;
    /* the fields come in any order (runtime/pprof writes time_nanos first) */
    size_t count = 0;
    int r = walk(b, len, top_fields, sizeof top_fields, true, &count);
    if (r < 0)
        return 0;
    if (count == 0)
        return final ? 0 : -1;
    return 1;
}

/* --- the cost of decoding ------------------------------------------------------------ */

/* What protobuf-c allocates to unpack the message b[0..n), about: each sub-message its
 * struct, a pointer to it and a malloc header; repeated numbers 8 bytes each; bytes
 * their length and a header. kind: 0 Profile, 1 Sample, 2 Location, 3 a message
 * without sub-messages. Malformed input: the cost of what was walked (protobuf-c
 * rejects it anyway). */
static uint64_t decoded_size(const unsigned char *b, size_t n, int kind)
{
    enum { HDR = 16 + sizeof(void *) };
    uint64_t cost = 0;
    size_t i = 0;
    while (i < n) {
        uint64_t tag, v;
        if (varint(b, n, &i, &tag))
            break;
        uint64_t f = tag >> 3, w = tag & 7;
        if (w == 1 || w == 5) {
            i += w == 1 ? 8 : 4;
            cost += 8;
            continue;
        }
        if (w != 0 && w != 2)
            break;
        if (varint(b, n, &i, &v))
            break;
        if (w == 0) {
            cost += 8;
            continue;
        }
        if (v > n - i)
            break;
        const unsigned char *sub = b + i;
        size_t sn = (size_t)v;
        i += sn;
        if (kind == 0 && f == 2) {
            cost += sizeof(Perftools__Profiles__Sample) + HDR + decoded_size(sub, sn, 1);
        } else if (kind == 0 && f == 4) {
            cost += sizeof(Perftools__Profiles__Location) + HDR + decoded_size(sub, sn, 2);
        } else if (kind == 0 && (f == 1 || f == 3 || f == 5 || f == 11)) {
            cost += sizeof(Perftools__Profiles__Mapping) + HDR;   /* the largest of them */
        } else if (kind == 0 && f == 6) {
            cost += sizeof(ProtobufCBinaryData) + 16 + sn;
        } else if ((kind == 1 && f == 3) || (kind == 2 && f == 4)) {
            cost += sizeof(Perftools__Profiles__Label) + HDR;    /* a Label or a Line */
        } else {
            /* packed numbers: one per byte without the continuation bit */
            for (size_t k = 0; k < sn; k++)
                cost += (sub[k] & 0x80) ? 0 : 8;
        }
    }
    return cost;
}
