/* SPDX-License-Identifier: MIT */
/* flametui - hidebuild.c: see hidebuild.h. Open addressing with linear probing over
 * 16-byte entries that hold their whole key (no other memory is read by a probe),
 * at most half full. Big tables are mapped directly (zero pages: zero is a free entry),
 * aligned for transparent huge pages (probes are random: fewer TLB misses). */
#include "config.h"

#include "query/hidebuild.h"

#include <stdlib.h>
#include <string.h>

#include "core/trie.h"
#include "core/util.h"

#define MIN_ENTRIES 1024u

static void alloc_entries(struct hide_map *m, size_t count)
{
    m->mask = count - 1;
    m->e = xcalloc_table(count * sizeof *m->e, &m->mapped);
}

static void free_entries(struct hide_map *m)
{
    xfree_table(m->e, (m->mask + 1) * sizeof *m->e, m->mapped);
    m->e = NULL;
}

void hide_map_init(struct hide_map *m, size_t expect)
{
    size_t count = MIN_ENTRIES;
    while (count < expect * 2 && count < ((size_t)1 << 31))
        count *= 2;
    m->n = 0;
    alloc_entries(m, count);
}

void hide_map_fini(struct hide_map *m)
{
    free_entries(m);
    memset(m, 0, sizeof *m);
}

static void grow(struct hide_map *m)
{
    struct hide_map old = *m;
    alloc_entries(m, (old.mask + 1) * 2);
    for (size_t i = 0; i <= old.mask; i++) {
        const struct hide_ent *o = &old.e[i];
        if (!o->parent1)
            continue;
        size_t j = hide_map_home(m, o->parent1 - 1, o->name);
        while (m->e[j].parent1)
            j = (j + 1) & m->mask;
        m->e[j] = *o;
    }
    free_entries(&old);
}

struct hide_ent *hide_map_get(struct hide_map *m, uint32_t parent, uint32_t name)
{
    if ((m->n + 1) * 2 > m->mask + 1)
        grow(m);
    size_t j = hide_map_home(m, parent, name);
    for (;;) {
        struct hide_ent *e = &m->e[j];
        if (e->parent1 == parent + 1 && e->name == name)
            return e;
        if (!e->parent1) {
            e->parent1 = parent + 1;
            e->name = name;
            e->node = TRIE_NONE;
            e->first = TRIE_NONE;
            m->n++;
            return e;
        }
        j = (j + 1) & m->mask;
    }
}
