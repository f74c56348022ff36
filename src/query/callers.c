/* SPDX-License-Identifier: MIT */
/* flametui - callers.c: callers and callees of one function (see callers.h).
 * Both walk t in node-id order: a parent's id is smaller than its children's, so
 * "inside an occurrence" flows down in one sequential pass. */
#include "config.h"

#include "query/callers.h"

#include <stdlib.h>

#include "core/trie.h"
#include "core/util.h"

struct trie *callers_callees(struct trie *t, uint32_t name)
{
    struct trie *res = trie_new(trie_names(t));
    if (trie_has_base(t))
        trie_enable_base(res);
    size_t n = trie_size(t);
    uint32_t *map = xcalloc(n, sizeof *map);  /* node of t -> node of res, or TRIE_NONE */
    map[0] = TRIE_NONE;
    for (size_t i = 1; i < n; i++) {
        uint32_t node = (uint32_t)i, up = map[trie_parent(t, node)], nm = trie_name(t, node);
        if (up != TRIE_NONE)
            map[i] = trie_child(res, up, nm);
        else if (nm == name)                  /* outermost occurrence */
            map[i] = trie_child(res, TRIE_ROOT, nm);
        else
            map[i] = TRIE_NONE;
        if (map[i] != TRIE_NONE && trie_is_terminal(t, node)) {
            trie_add(res, map[i], trie_self(t, node));
            if (trie_has_base(t))   /* a diff: the base's samples too (core/diff.h) */
                trie_add_base(res, map[i], trie_base_self(t, node));
        }
    }
    free(map);
    return res;
}

struct trie *callers_callers(struct trie *t, uint32_t name)
{
    struct trie *res = trie_new(trie_names(t));
    if (trie_has_base(t))
        trie_enable_base(res);
    size_t n = trie_size(t);
    unsigned char *inside = xcalloc(n, 1);    /* an occurrence at or above */
    uint32_t *path = xcalloc((size_t)trie_max_depth(t) + 1, sizeof *path);
    for (size_t i = 1; i < n; i++) {
        uint32_t node = (uint32_t)i, p = trie_parent(t, node);
        if (inside[p]) {
            inside[i] = 1;
            continue;
        }
        if (trie_name(t, node) != name)
            continue;
        inside[i] = 1;                        /* outermost: F, caller, ..., root-most */
        size_t k = 0;
        for (uint32_t a = node; a != TRIE_ROOT; a = trie_parent(t, a))
            path[k++] = trie_name(t, a);
        uint32_t leaf = trie_insert(res, path, k, trie_total(t, node));
        if (trie_has_base(t))
            trie_add_base(res, leaf, trie_base_total(t, node));
    }
    free(path);
    free(inside);
    return res;
}

struct count callers_self(const struct trie *t, uint32_t name)
{
    struct count c = count_u64(0);
    size_t n = trie_size(t);
    for (size_t i = 1; i < n; i++)
        if (trie_name(t, (uint32_t)i) == name && trie_is_terminal(t, (uint32_t)i))
            count_add(&c, trie_self(t, (uint32_t)i));
    return c;
}

struct count callers_total(const struct trie *t, uint32_t name)
{
    struct count c = count_u64(0);
    size_t n = trie_size(t);
    unsigned char *inside = xcalloc(n, 1);    /* an occurrence at or above */
    for (size_t i = 1; i < n; i++) {
        uint32_t p = trie_parent(t, (uint32_t)i);
        if (inside[p]) {
            inside[i] = 1;
        } else if (trie_name(t, (uint32_t)i) == name) {
            inside[i] = 1;                    /* outermost: every stack through it */
            count_add(&c, trie_total(t, (uint32_t)i));
        }
    }
    free(inside);
    return c;
}
