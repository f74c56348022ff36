/* SPDX-License-Identifier: MIT */
/* flametui - foldesc.c: see foldesc.h. */
#include "config.h"

#include "render/foldesc.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "core/strtab.h"
#include "core/trie.h"
#include "core/util.h"

static bool is_blank(unsigned char c)
{
    return c == ' ' || c == '\t' || c == '\v' || c == '\f' || c == '\r' || c == '\n';
}

/* The byte codes the reader turns back (foldesc.h). */
static bool is_code(const char *s, size_t n)
{
    static const char codes[][2] = {{'3', 'b'}, {'0', 'a'}, {'2', '3'}, {'2', '0'},
                                    {'0', '9'}, {'0', 'b'}, {'0', 'c'}, {'0', 'd'},
                                    {'5', 'c'}};
    if (n < 4 || s[0] != '\\' || s[1] != 'x')
        return false;
    for (size_t i = 0; i < sizeof codes / sizeof codes[0]; i++)
        if (s[2] == codes[i][0] && s[3] == codes[i][1])
            return true;
    return false;
}

/* Where a first frame's comment '#' is (its first byte past blanks), or len. */
static size_t hash_at(const char *s, size_t len)
{
    size_t i = 0;
    while (i < len && is_blank((unsigned char)s[i]))
        i++;
    return i < len && s[i] == '#' ? i : len;
}

/* Where a last frame's blank before a trailing number ([0-9.]+) is, or len. */
static size_t count_blank_at(const char *s, size_t len)
{
    size_t j = len;
    while (j > 0 && ((s[j - 1] >= '0' && s[j - 1] <= '9') || s[j - 1] == '.'))
        j--;
    return j < len && j > 0 && is_blank((unsigned char)s[j - 1]) ? j - 1 : len;
}

bool foldesc_name(const char *name, size_t len, bool first, bool last, struct buf *out)
{
    size_t h = first ? hash_at(name, len) : len;
    size_t b = last ? count_blank_at(name, len) : len;
    bool any = false;
    for (size_t i = 0; i < len; i++) {
        unsigned char c = (unsigned char)name[i];
        if (c == ';' || c == '\n' || i == h || i == b || is_code(name + i, len - i)) {
            buf_printf(out, "\\x%02x", c);
            any = true;
        } else {
            buf_putc(out, (char)c);
        }
    }
    return any;
}

/* Names escaped whatever their place: ';', a newline, a backslash sequence. */
static bool always_escaped(const char *s, size_t len)
{
    if (memchr(s, ';', len) || memchr(s, '\n', len))
        return true;
    for (const char *q = s; (q = memchr(q, '\\', len - (size_t)(q - s))) != NULL; q++)
        if (is_code(q, len - (size_t)(q - s)))
            return true;
    return false;
}

/* Could the name need an escape in some place (the first frame, a stack's last)? */
static bool maybe_escaped(const char *s, size_t len)
{
    return always_escaped(s, len) || hash_at(s, len) < len || count_blank_at(s, len) < len;
}

/* Does pred hold for a name of t's string table? */
static bool any_name(const struct trie *t, bool (*pred)(const char *, size_t))
{
    const struct strtab *names = trie_names(t);
    size_t nn = strtab_count(names);
    for (size_t i = 0; i < nn; i++) {
        size_t len;
        const char *s = strtab_get(names, (uint32_t)i, &len);
        if (pred(s, len))
            return true;
    }
    return false;
}

bool foldesc_names_maybe(const struct trie *t)
{
    return any_name(t, maybe_escaped);
}

/* Does node's name need an escape in its places (first frame, a stack's last)? */
static bool node_escaped(const struct trie *t, uint32_t node, const char *s, size_t len)
{
    if (trie_parent(t, node) == TRIE_ROOT && hash_at(s, len) < len)
        return true;
    return trie_is_terminal(t, node) && count_blank_at(s, len) < len;
}

static bool needs_copy(const struct trie *t)
{
    if (any_name(t, always_escaped))
        return true;
    size_t n = trie_size(t);
    for (size_t i = 1; i < n; i++) {
        size_t len;
        const char *s = trie_label(t, (uint32_t)i, &len);
        /* the cheap tests first: a last byte that ends a number, a first frame */
        bool maybe = (len && ((s[len - 1] >= '0' && s[len - 1] <= '9') || s[len - 1] == '.')) ||
                     trie_parent(t, (uint32_t)i) == TRIE_ROOT;
        if (maybe && node_escaped(t, (uint32_t)i, s, len))
            return true;
    }
    return false;
}

struct trie *foldesc_trie(struct trie *t)
{
    if (!needs_copy(t))
        return NULL;
    size_t n = trie_size(t);
    struct trie *c = trie_new(NULL);
    trie_reserve(c, n);
    uint32_t *map = xreallocarray(NULL, n, sizeof *map);
    struct buf nb = {0};
    bool base = trie_has_base(t);
    if (base)
        trie_enable_base(c);
    map[TRIE_ROOT] = TRIE_ROOT;
    for (size_t i = 1; i < n; i++) {   /* a parent's id is below its children's */
        uint32_t node = (uint32_t)i, parent = trie_parent(t, node);
        size_t len;
        const char *s = trie_label(t, node, &len);
        nb.len = 0;
        foldesc_name(s, len, parent == TRIE_ROOT, trie_is_terminal(t, node), &nb);
        uint32_t id = strtab_intern(trie_names(c), nb.p ? nb.p : "", nb.len);
        map[i] = trie_child(c, map[parent], id);
        if (trie_is_terminal(t, node)) {
            trie_add_self(c, map[i], trie_self(t, node));
            if (base)
                trie_add_base_self(c, map[i], trie_base_self(t, node));
        }
    }
    trie_sum_totals(c);
    if (base) {
        trie_sum_base(c);
        trie_set_base_swapped(c, trie_base_swapped(t));
    }
    buf_fini(&nb);
    free(map);
    return c;
}
