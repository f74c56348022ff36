/* SPDX-License-Identifier: MIT */
/* flametui - perf_lcache.c: see perf_lcache.h. */
#include "config.h"

#include "input/perf_lcache.h"

#include <stdlib.h>

#include "core/util.h"

#define LC_ARENA ((size_t)4 << 20)

void perf_lcache_init(struct perf_lcache *c)
{
    memset(c, 0, sizeof *c);
    void *v = NULL;
    if (posix_memalign(&v, 64, LC_SIZE * sizeof *c->v) != 0)
        die("out of memory");
    memset(v, 0, LC_SIZE * sizeof *c->v);
    c->v = v;
    c->arena = xmalloc(LC_ARENA);
}

void perf_lcache_fini(struct perf_lcache *c)
{
    free(c->v);
    free(c->arena);
    memset(c, 0, sizeof *c);
}

void perf_lcache_store(struct perf_lcache *c, struct lc_entry *e, uint64_t lh, const char *s,
                       size_t n, const char *name, uint32_t len, uint64_t hash, uint32_t id)
{
    bool in_line = name && n < LC_IN_LINE && name >= s && name + len <= s + n;
    size_t need = (n > LC_INLINE ? n : 0) + (name && !in_line ? len : 0);
    if (n > UINT32_MAX || need > LC_ARENA - c->used) {
        c->full = true;
        return;
    }
    e->hash = lh;
    e->raw_len = (uint32_t)n;
    e->name_id = id;
    if (n > LC_INLINE) {
        uint32_t off = (uint32_t)c->used;
        memcpy(e->raw, &off, sizeof off);
        memcpy(c->arena + c->used, s, n);
        c->used += n;
    } else {
        memcpy(e->raw, s, n);
    }
    e->name_len = name ? len : LC_NO_NAME;
    e->name_hash = name ? hash : 0;
    if (in_line) {
        e->name_off = (uint32_t)(name - s) | LC_IN_LINE;
    } else if (name) {
        e->name_off = (uint32_t)c->used;
        memcpy(c->arena + c->used, name, len);
        c->used += len;
    }
}

void perf_lcache_end_record(struct perf_lcache *c)
{
    if (c->full) {
        memset(c->v, 0, LC_SIZE * sizeof *c->v);
        c->used = 0;
        c->full = false;
    }
}
