/* SPDX-License-Identifier: MIT */
/* flametui - hidebuild.h: a small map for view.c's build of a view with hidden frames.
 * Hidden frames make paths merge, but only under a derived node with more than one
 * source (two base nodes merged into it, or a base node with a hidden child): every
 * other derived node's children are its one base node's children, with distinct names,
 * and are appended with no lookup at all. The children of the derived nodes that have
 * more than one source are found in this map, keyed by (derived parent, name id); an
 * entry also remembers the first base node of the child (so that when a second base
 * node merges into that child later, its earlier children can be entered too). */
#ifndef FLAMETUI_HIDEBUILD_H
#define FLAMETUI_HIDEBUILD_H
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

struct hide_ent {
    uint32_t parent1;  /* derived parent + 1; 0: a free entry */
    uint32_t name;
    uint32_t node;     /* derived node, TRIE_NONE until the caller sets it */
    uint32_t first;    /* the base node that made it */
};

struct hide_map {
    struct hide_ent *e;
    size_t mask, n;     /* mask + 1 entries (a power of two), n in use */
    bool mapped;        /* e came from mmap */
};

/* The entry a probe for (parent, name) starts at. */
static inline size_t hide_map_home(const struct hide_map *m, uint32_t parent, uint32_t name)
{
    uint64_t h = ((uint64_t)parent << 32 | name) * 0x9e3779b97f4a7c15ull;
    return (size_t)(h >> 32) & m->mask;
}

/* Asks for the memory of hide_map_get(m, parent, name) (a get soon). */
static inline void hide_map_prefetch(const struct hide_map *m, uint32_t parent, uint32_t name)
{
    __builtin_prefetch(&m->e[hide_map_home(m, parent, name)]);
}

/* An empty map with room for about expect entries. */
void hide_map_init(struct hide_map *m, size_t expect);
void hide_map_fini(struct hide_map *m);
/* The entry of (parent, name); a new one (node = TRIE_NONE) when absent. The pointer
 * is valid until the next hide_map_get. parent < UINT32_MAX. Cannot fail (OOM dies). */
struct hide_ent *hide_map_get(struct hide_map *m, uint32_t parent, uint32_t name);
#endif
