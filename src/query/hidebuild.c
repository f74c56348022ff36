/* SPDX-License-Identifier: MIT */
/* flametui - hidebuild.c: see hidebuild.h. Open addressing with linear probing over
 * 16-byte entries that hold their whole key (no other memory is read by a probe),
 * at most half full. */
#include "config.h"

#include "query/hidebuild.h"

#include <stdlib.h>
#include <string.h>

#include "core/trie.h"
#include "core/util.h"

#define MIN_ENTRIES 1024u

static inline size_t home(const struct hide_map *m, uint32_t parent, uint32_t name)
{
    uint64_t h = ((uint64_t)parent << 32 | name) * 0x9e3779b97f4a7c15ull;
    return (size_t)(h >> 32) & m->mask;
}

static void alloc_entries(struct hide_map *m, size_t count)
{
    m->e = xreallocarray(NULL, count, sizeof *m->e);
    memset(m->e, 0xff, count * sizeof *m->e);   /* parent = UINT32_MAX: free */
    m->mask = count - 1;
}

void hide_map_init(struct hide_map *m)
{
    m->n = 0;
    alloc_entries(m, MIN_ENTRIES);
}

void hide_map_fini(struct hide_map *m)
{
    free(m->e);
    memset(m, 0, sizeof *m);
}

static void grow(struct hide_map *m)
{
    struct hide_ent *old = m->e;
    size_t count = m->mask + 1;
    alloc_entries(m, count * 2);
    for (size_t i = 0; i < count; i++) {
        if (old[i].parent == UINT32_MAX)
            continue;
        size_t j = home(m, old[i].parent, old[i].name);
        while (m->e[j].parent != UINT32_MAX)
            j = (j + 1) & m->mask;
        m->e[j] = old[i];
    }
    free(old);
}

struct hide_ent *hide_map_get(struct hide_map *m, uint32_t parent, uint32_t name)
{
    if ((m->n + 1) * 2 > m->mask + 1)
        grow(m);
    size_t j = home(m, parent, name);
    for (;;) {
        struct hide_ent *e = &m->e[j];
        if (e->parent == parent && e->name == name)
            return e;
        if (e->parent == UINT32_MAX) {
            e->parent = parent;
            e->name = name;
            e->node = TRIE_NONE;
            e->first = TRIE_NONE;
            m->n++;
            return e;
        }
        j = (j + 1) & m->mask;
    }
}
