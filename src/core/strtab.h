/* SPDX-License-Identifier: MIT */
/* flametui - strtab.h: interns frame names (byte strings, may hold any byte but are
 * compared by length+bytes) to dense uint32_t ids 0..n-1.
 * Name bytes are stored once, never modified, and stay at the same address for the
 * life of the table (arena chunks are never moved). Not thread-safe. */
#ifndef FLAMETUI_STRTAB_H
#define FLAMETUI_STRTAB_H
#include <stddef.h>
#include <stdint.h>

struct strtab;
struct strtab *strtab_new(void);
void strtab_free(struct strtab *s);          /* NULL is a no-op */
/* Returns the id of the name, adding it if new. Cannot fail (OOM dies). */
uint32_t strtab_intern(struct strtab *s, const char *p, size_t len);
/* The same, when the caller already has hash = util_hash(p, len). */
uint32_t strtab_intern_h(struct strtab *s, const char *p, size_t len, uint64_t hash);
/* Prefetches the table slot where a name with this util_hash() is looked up first (a
 * parser calls it while scanning, before strtab_intern_h of the same name). */
void strtab_prefetch(const struct strtab *s, uint64_t hash);
/* util_hash() of the name's bytes (stored, not recomputed). */
uint64_t strtab_hash(const struct strtab *s, uint32_t id);
/* Returns the id or UINT32_MAX if the name is not interned. */
uint32_t strtab_lookup(const struct strtab *s, const char *p, size_t len);
/* The bytes of id (NUL-terminated for convenience; *len excludes the NUL). */
const char *strtab_get(const struct strtab *s, uint32_t id, size_t *len);
size_t strtab_count(const struct strtab *s);
/* Rank of each id in plain byte order (memcmp, shorter prefix first); recomputed lazily
 * when names were added since the last call. The returned array has strtab_count()
 * entries and is valid until the next intern. */
const uint32_t *strtab_ranks(struct strtab *s);
size_t strtab_bytes(const struct strtab *s);  /* memory used, for benchmarks */
#endif
