/* SPDX-License-Identifier: MIT */
/* flametui - recursion.c: see recursion.h. */
#include "config.h"

#include "query/recursion.h"

#include <stdlib.h>

#include "core/trie.h"
#include "core/util.h"

/* Node ids grow from the root down (a parent is created before its children), so one
 * pass in id order maps every node: to its parent's copy when the names are equal
 * (stackcollapse-recursive.pl starts with $last = "", so an empty first frame goes too),
 * else to a child of the parent's copy. */
struct trie *recursion_build(const struct trie *src)
{
    struct trie *out = trie_new(trie_names(src));
    size_t n = trie_size(src);
    uint32_t *map = xreallocarray(NULL, n ? n : 1, sizeof *map);
    map[0] = TRIE_ROOT;
    for (size_t i = 1; i < n; i++) {
        uint32_t node = (uint32_t)i, par = trie_parent(src, node), name = trie_name(src, node);
        bool same;
        if (par == TRIE_ROOT) {
            size_t len;
            trie_label(src, node, &len);
            same = len == 0;
        } else {
            same = trie_name(src, par) == name;
        }
        map[i] = same ? map[par] : trie_child(out, map[par], name);
    }
    for (size_t i = 0; i < n; i++)
        if (trie_is_terminal(src, (uint32_t)i))
            trie_add_self(out, map[i], trie_self(src, (uint32_t)i));
    trie_sum_totals(out);
    free(map);
    return out;
}
