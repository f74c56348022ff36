/* SPDX-License-Identifier: MIT */
/* flametui - strtab.c: see strtab.h. Open addressing over (hash tag, id, bytes) slots;
 * name bytes live in arena chunks that never move, each after its 4-byte length, so a
 * lookup reads the slot and then one place (the length and the bytes), not the record.
 * Growth is incremental: a full table becomes the old one, and every insertion moves
 * MIGRATE_STEP of its slots to the new table (twice as large), so no single insertion
 * pays for rehashing millions of names (a live viewer stays responsive). A lookup
 * probes the new table, then the old one while it is there. */
#include "config.h"

#include "core/strtab.h"

#include <stdlib.h>
#include <string.h>

#include "core/util.h"

#define CHUNK_BYTES (1u << 20)
#define MIGRATE_STEP 64         /* old slots moved per insertion while growing */

struct name {
    const char *p;
    uint64_t hash;
    uint32_t len;
};

struct sslot {
    uint32_t tag;           /* hash >> 32 */
    uint32_t id1;           /* 0 = empty; else id + 1 */
    const char *p;          /* the bytes (the length is in the 4 bytes before them) */
};

struct strtab {
    struct sslot *slots;
    size_t mask;
    struct sslot *old;      /* the table before the last growth, until moved; or NULL */
    size_t old_mask, moved; /* its slots [0, moved) are in slots too */
    struct name *names;
    size_t n, cap;
    char *chunk;            /* current arena chunk */
    size_t chunk_used, chunk_cap;
    char **chunks;
    size_t nchunks, chunks_cap;
    size_t bytes;
    uint32_t *ranks;
    uint32_t *order;        /* ids [0, nranked) in byte order of their names */
    size_t nranked;
};

struct strtab *strtab_new(void)
{
    struct strtab *s = xcalloc(1, sizeof *s);
    s->mask = 1023;
    s->slots = xcalloc(s->mask + 1, sizeof *s->slots);
    return s;
}

void strtab_free(struct strtab *s)
{
    if (!s)
        return;
    for (size_t i = 0; i < s->nchunks; i++)
        free(s->chunks[i]);
    free(s->chunks);
    free(s->names);
    free(s->slots);
    free(s->old);
    free(s->ranks);
    free(s->order);
    free(s);
}

static const char *store(struct strtab *s, const char *p, size_t len)
{
    uint32_t l32 = (uint32_t)len;
    if (len + 5 > s->chunk_cap - s->chunk_used) {
        size_t cap = len + 5 > CHUNK_BYTES / 4 ? len + 5 : CHUNK_BYTES;
        FT_GROW(s->chunks, s->chunks_cap, s->nchunks + 1);
        /* zeroed: PCRE2's JIT reads names in aligned words past their end, which valgrind
         * reports as uninitialised reads */
        char *c = xcalloc(1, cap);
        s->chunks[s->nchunks++] = c;
        s->bytes += cap;
        if (cap == CHUNK_BYTES || s->chunk == NULL) {
            s->chunk = c;
            s->chunk_used = 0;
            s->chunk_cap = cap;
        } else {
            /* a big name gets a chunk of its own; keep filling the current one */
            memcpy(c, &l32, 4);
            memcpy(c + 4, p, len);
            c[len + 4] = '\0';
            return c + 4;
        }
    }
    char *d = s->chunk + s->chunk_used;
    memcpy(d, &l32, 4);
    memcpy(d + 4, p, len);
    d[len + 4] = '\0';
    s->chunk_used += len + 5;
    return d + 4;
}

/* Moves up to max slots of the old table into the new one; frees it when done. */
static void migrate(struct strtab *s, size_t max)
{
    size_t end = s->moved + max < s->old_mask + 1 ? s->moved + max : s->old_mask + 1;
    for (size_t i = s->moved; i < end; i++) {
        struct sslot v = s->old[i];
        if (!v.id1)
            continue;
        size_t j = s->names[v.id1 - 1].hash & s->mask;
        while (s->slots[j].id1)
            j = (j + 1) & s->mask;
        s->slots[j] = v;
    }
    s->moved = end;
    if (end == s->old_mask + 1) {
        free(s->old);
        s->old = NULL;
    }
}

static void grow(struct strtab *s)
{
    if (s->old)
        migrate(s, SIZE_MAX);   /* the growth before is not finished: finish it now */
    s->old = s->slots;
    s->old_mask = s->mask;
    s->moved = 0;
    s->mask = s->mask * 2 + 1;
    s->slots = xcalloc(s->mask + 1, sizeof *s->slots);
}

/* a[0..n) == b[0..n), a word at a time (names are short: a call to memcmp costs more
 * than the compare) */
static inline int bytes_eq(const char *a, const char *b, size_t n)
{
    uint64_t x, y;
    if (n >= 8) {
        size_t i = 0;
        for (; i + 8 < n; i += 8) {
            memcpy(&x, a + i, 8);
            memcpy(&y, b + i, 8);
            if (x != y)
                return 0;
        }
        memcpy(&x, a + n - 8, 8); /* the last word, overlapping the one before */
        memcpy(&y, b + n - 8, 8);
        return x == y;
    }
    if (n >= 4) {
        uint32_t u, v, w, z;
        memcpy(&u, a, 4);
        memcpy(&v, b, 4);
        memcpy(&w, a + n - 4, 4);
        memcpy(&z, b + n - 4, 4);
        return u == v && w == z;
    }
    for (size_t i = 0; i < n; i++)
        if (a[i] != b[i])
            return 0;
    return 1;
}

/* Probes one table for the name; returns the slot where it is, or the empty slot that
 * ended the probe (*id UINT32_MAX). */
static inline size_t probe(const struct sslot *slots, size_t mask, const char *p, size_t len,
                           uint64_t h, uint32_t *id)
{
    uint32_t tag = (uint32_t)(h >> 32);
    size_t j = h & mask;
    for (;;) {
        const struct sslot *v = &slots[j];
        if (!v->id1)
            break;
        if (v->tag == tag) {
            uint32_t nl;
            memcpy(&nl, v->p - 4, 4);
            if (nl == len && bytes_eq(v->p, p, len)) {
                *id = v->id1 - 1;
                return j;
            }
        }
        j = (j + 1) & mask;
    }
    *id = UINT32_MAX;
    return j;
}

/* The new table, then the old one (its moved slots are in the new one too, so a name
 * missing from the new table and found there was not moved yet). Returns the new
 * table's slot for an insertion when *id is UINT32_MAX. */
static inline size_t find(const struct strtab *s, const char *p, size_t len, uint64_t h,
                          uint32_t *id)
{
    size_t j = probe(s->slots, s->mask, p, len, h, id);
    if (*id == UINT32_MAX && s->old)
        probe(s->old, s->old_mask, p, len, h, id);
    return j;
}

uint32_t strtab_intern(struct strtab *s, const char *p, size_t len)
{
    if (len > UINT32_MAX - 1)
        len = UINT32_MAX - 1; /* a 4 GiB name is cut; nothing real gets near this */
    return strtab_intern_h(s, p, len, util_hash(p, len));
}

void strtab_prefetch(const struct strtab *s, uint64_t hash)
{
    __builtin_prefetch(&s->slots[hash & s->mask]);
}

uint64_t strtab_hash(const struct strtab *s, uint32_t id)
{
    return id < s->n ? s->names[id].hash : 0;
}

uint32_t strtab_intern_h(struct strtab *s, const char *p, size_t len, uint64_t h)
{
    uint32_t id;
    size_t j = find(s, p, len, h, &id);
    if (id != UINT32_MAX)
        return id;
    if (s->n >= UINT32_MAX - 1)
        die("too many distinct frame names");
    if (s->n == s->cap)   /* hot path: no call unless full */
        FT_GROW(s->names, s->cap, s->n + 1);
    id = (uint32_t)s->n++;
    s->names[id].p = store(s, p, len);
    s->names[id].len = (uint32_t)len;
    s->names[id].hash = h;
    s->slots[j] = (struct sslot){(uint32_t)(h >> 32), id + 1, s->names[id].p};
    if (s->old)
        migrate(s, MIGRATE_STEP);
    if (s->n * 2 > s->mask)
        grow(s);
    return id;
}

uint32_t strtab_lookup(const struct strtab *s, const char *p, size_t len)
{
    uint32_t id;
    find(s, p, len, util_hash(p, len), &id);
    return id;
}

const char *strtab_get(const struct strtab *s, uint32_t id, size_t *len)
{
    if (id >= s->n) {
        if (len)
            *len = 0;
        return "";
    }
    if (len)
        *len = s->names[id].len;
    return s->names[id].p;
}

size_t strtab_count(const struct strtab *s)
{
    return s->n;
}

static int cmp_ids(const void *a, const void *b, void *ctx)
{
    const struct strtab *s = ctx;
    const struct name *x = &s->names[*(const uint32_t *)a];
    const struct name *y = &s->names[*(const uint32_t *)b];
    size_t n = x->len < y->len ? x->len : y->len;
    int c = memcmp(x->p, y->p, n);
    if (c)
        return c;
    return (x->len > y->len) - (x->len < y->len);
}

/* Names added since the last call are sorted alone and merged into the order kept from
 * then: a stream of new names costs a merge per call, not a sort of every name. */
const uint32_t *strtab_ranks(struct strtab *s)
{
    if (s->ranks && s->nranked == s->n)
        return s->ranks;
    size_t k = s->n - s->nranked;
    uint32_t *add = xreallocarray(NULL, k ? k : 1, sizeof *add);
    for (size_t i = 0; i < k; i++)
        add[i] = (uint32_t)(s->nranked + i);
    qsort_r(add, k, sizeof *add, cmp_ids, s);
    uint32_t *order = xreallocarray(NULL, s->n ? s->n : 1, sizeof *order);
    size_t a = 0, b = 0, o = 0;
    while (a < s->nranked || b < k) {
        if (b == k || (a < s->nranked && cmp_ids(&s->order[a], &add[b], s) <= 0))
            order[o++] = s->order[a++];
        else
            order[o++] = add[b++];
    }
    free(add);
    free(s->order);
    s->order = order;
    free(s->ranks);
    s->ranks = xreallocarray(NULL, s->n ? s->n : 1, sizeof *s->ranks);
    for (size_t i = 0; i < s->n; i++)
        s->ranks[order[i]] = (uint32_t)i;
    s->nranked = s->n;
    return s->ranks;
}

size_t strtab_bytes(const struct strtab *s)
{
    return s->bytes + (s->mask + 1) * sizeof *s->slots + s->cap * sizeof *s->names +
           (s->old ? (s->old_mask + 1) * sizeof *s->old : 0);
}
