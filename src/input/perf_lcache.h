/* SPDX-License-Identifier: MIT */
/* flametui - perf_lcache.h: the line cache of the perf script parser (parse_perf.c).
 * Real profiles repeat most frame lines byte for byte (the callers' return addresses), so
 * the name a line gave is remembered by the line's bytes. A slot keeps the line itself
 * when it is short (most are): a hit is verified byte for byte in the slot's own cache
 * lines, not in a distant arena. A name that is a piece of its line (the usual case) is
 * kept as its offset: on a hit it is taken from the line being parsed. Other names, and
 * long lines, go to an arena of fixed size (names in it must not move while a record
 * refers to them), emptied at a record boundary once full. Not used with --srcline (a
 * line's name depends on the next line). Internal to parse_perf.c. */
#ifndef FLAMETUI_PERF_LCACHE_H
#define FLAMETUI_PERF_LCACHE_H
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "input/perf_line.h"

#define LC_SIZE 8192u
#define LC_INLINE 96u           /* line bytes kept in the slot */
#define LC_WINDOW 65536u        /* lookups between two hit-rate checks */
#define LC_PAUSE (1u << 20)     /* lines without the cache after a poor window */
#define LC_NO_NAME UINT32_MAX
#define LC_IN_LINE 0x80000000u  /* name_off: an offset in the line, not in the arena */

struct lc_entry {               /* 128 bytes, two cache lines */
    uint64_t hash;              /* of the line (and the java flag); 0: empty */
    uint64_t name_hash;
    uint32_t raw_len, name_id;  /* name_id: the caller's id of the name (perf_lcache_store) */
    uint32_t name_off, name_len; /* name_len LC_NO_NAME: the frame is dropped */
    char raw[LC_INLINE];        /* a longer line is in the arena at the offset in raw[0..4) */
};

struct perf_lcache {
    struct lc_entry *v;         /* LC_SIZE slots */
    char *arena;
    size_t used;
    bool full;                  /* a store did not fit: empty it at the record's end */
    uint32_t tries, hits;       /* in the current window of LC_WINDOW lookups */
    uint32_t off;               /* lookups left with the cache off (it missed too often) */
};

void perf_lcache_init(struct perf_lcache *c);
void perf_lcache_fini(struct perf_lcache *c);
static inline uint64_t lc_key(uint64_t line_hash, bool java)
{
    uint64_t h = line_hash ^ (java ? 0x9e3779b97f4a7c15ull : 0);
    return h + !h;
}
/* Brings the slot of a line whose perf_line_hash is line_hash into cache. */
static inline void perf_lcache_prefetch(const struct perf_lcache *c, uint64_t line_hash, bool java)
{
    const char *e = (const char *)&c->v[lc_key(line_hash, java) & (LC_SIZE - 1)];
    __builtin_prefetch(e);
    __builtin_prefetch(e + 64);
}
/* The slot for line s[0..n) (line_hash: its perf_line_hash, or 0 when not computed yet;
 * java: the record's process is java, rule 17), *lh the key; NULL while the cache is
 * paused after too many misses. */
static inline struct lc_entry *perf_lcache_slot(struct perf_lcache *c, const char *s, size_t n,
                                                uint64_t line_hash, bool java, uint64_t *lh)
{
    if (c->off) {
        c->off--;
        return NULL;
    }
    if (++c->tries == LC_WINDOW) {
        /* mostly misses (a huge trie of new stacks): hashing every line does not pay */
        if (c->hits < LC_WINDOW / 3)
            c->off = LC_PAUSE;
        c->tries = c->hits = 0;
    }
    uint64_t h = lc_key(line_hash ? line_hash : perf_line_hash(s, n), java);
    *lh = h;
    return &c->v[h & (LC_SIZE - 1)];
}
static inline const char *lc_raw(const struct perf_lcache *c, const struct lc_entry *e)
{
    uint32_t off;
    if (e->raw_len <= LC_INLINE)
        return e->raw;
    memcpy(&off, e->raw, sizeof off);
    return c->arena + off;
}
/* True if slot e holds line s[0..n): then *name (NULL: the frame is dropped; else in s
 * or in the arena, valid until the record ends), *len, *hash and *id are its name. */
static inline bool perf_lcache_hit(struct perf_lcache *c, const struct lc_entry *e, uint64_t lh,
                                   const char *s, size_t n, const char **name, uint32_t *len,
                                   uint64_t *hash, uint32_t *id)
{
    if (e->hash != lh || e->raw_len != n)
        return false;
    if (memcmp(lc_raw(c, e), s, n) != 0)
        return false;
    c->hits++;
    *len = e->name_len;
    *hash = e->name_hash;
    *id = e->name_id;
    if (e->name_len == LC_NO_NAME)
        *name = NULL;
    else if (e->name_off & LC_IN_LINE)
        *name = s + (e->name_off & ~LC_IN_LINE);
    else
        *name = c->arena + e->name_off;
    return true;
}
/* Remembers that line s[0..n) gives name[0..len) with hash and id (name NULL: dropped).
 * When the arena is full nothing is stored (and the cache is emptied at the record's
 * end). */
void perf_lcache_store(struct perf_lcache *c, struct lc_entry *e, uint64_t lh, const char *s,
                       size_t n, const char *name, uint32_t len, uint64_t hash, uint32_t id);
/* At a record boundary (no name refers to the arena): empties the cache if it is full. */
void perf_lcache_end_record(struct perf_lcache *c);
#endif
