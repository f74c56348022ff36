/* SPDX-License-Identifier: MIT */
/* flametui - tests/unit/helpers.c */
#include "config.h"

#include "helpers.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "input/parse_folded.h"
#include "core/strtab.h"
#include "core/trie.h"
#include "render/collapse.h"

struct trie *trie_from_folded(const char *text)
{
    struct trie *t = trie_new(NULL);
    struct folded_parser *p = folded_new(t);
    struct ft_error err = {0};
    size_t n = folded_feed(p, text, strlen(text), true, true, &err);
    if (n == (size_t)-1) {
        fprintf(stderr, "trie_from_folded: line %ld: %s\n", err.line, err.msg);
        abort();
    }
    folded_free(p);
    return t;
}

char *trie_to_collapsed(struct trie *t)
{
    char *s = NULL;
    size_t n = 0;
    FILE *f = open_memstream(&s, &n);
    if (!f || collapse_write(f, t) < 0)
        abort();
    fclose(f);
    return s;
}

uint32_t trie_node_at(const struct trie *t, const char *path)
{
    uint32_t node = TRIE_ROOT;
    const char *p = path;
    while (*p) {
        const char *e = strchr(p, ';');
        size_t len = e ? (size_t)(e - p) : strlen(p);
        uint32_t name = strtab_lookup(trie_names(t), p, len);
        if (name == UINT32_MAX)
            return UINT32_MAX;
        node = trie_find_child(t, node, name);
        if (node == TRIE_NONE)
            return UINT32_MAX;
        p += len + (e ? 1 : 0);
        if (!e)
            break;
    }
    return node;
}
