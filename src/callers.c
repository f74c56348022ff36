/* flametui - callers.c: callers and callees of one function (see callers.h). */
#include "config.h"

#include "callers.h"

#include <stdlib.h>

#include "trie.h"
#include "util.h"

struct level {
    uint32_t node;   /* node of t */
    uint32_t out;    /* callees: node of the result, TRIE_NONE outside an occurrence */
    size_t next;
};

struct dfs {
    struct level *lv;
    uint32_t *names;  /* callers: names on the path, names[k] at depth k+1 */
    uint32_t *rev;    /* callers: the inverted path being inserted */
    size_t cap;
};

static void dfs_init(struct dfs *d, struct trie *t)
{
    d->cap = (size_t)trie_max_depth(t) + 2;
    d->lv = xcalloc(d->cap, sizeof *d->lv);
    d->names = xcalloc(d->cap, sizeof *d->names);
    d->rev = xcalloc(d->cap, sizeof *d->rev);
}

static void dfs_grow(struct dfs *d, size_t l)
{
    if (l + 1 < d->cap)
        return;
    d->cap *= 2;
    d->lv = xreallocarray(d->lv, d->cap, sizeof *d->lv);
    d->names = xreallocarray(d->names, d->cap, sizeof *d->names);
    d->rev = xreallocarray(d->rev, d->cap, sizeof *d->rev);
}

static void dfs_fini(struct dfs *d)
{
    free(d->lv);
    free(d->names);
    free(d->rev);
}

struct trie *callers_callees(struct trie *t, uint32_t name)
{
    struct trie *res = trie_new(trie_names(t));
    struct dfs d;
    dfs_init(&d, t);
    size_t l = 0;
    d.lv[0] = (struct level){TRIE_ROOT, TRIE_NONE, 0};
    for (;;) {
        size_t n;
        const uint32_t *kids = trie_children(t, d.lv[l].node, &n);
        if (d.lv[l].next == n) {
            if (l == 0)
                break;
            l--;
            continue;
        }
        uint32_t c = kids[d.lv[l].next++], cn = trie_name(t, c), up = d.lv[l].out;
        uint32_t out = TRIE_NONE;
        if (up != TRIE_NONE)
            out = trie_child(res, up, cn);
        else if (cn == name)                 /* outermost occurrence */
            out = trie_child(res, TRIE_ROOT, cn);
        if (out != TRIE_NONE && trie_is_terminal(t, c))
            trie_add(res, out, trie_self(t, c));
        dfs_grow(&d, l);
        d.lv[++l] = (struct level){c, out, 0};
    }
    dfs_fini(&d);
    return res;
}

struct trie *callers_callers(struct trie *t, uint32_t name)
{
    struct trie *res = trie_new(trie_names(t));
    struct dfs d;
    dfs_init(&d, t);
    size_t l = 0;
    d.lv[0] = (struct level){TRIE_ROOT, TRIE_NONE, 0};
    for (;;) {
        size_t n;
        const uint32_t *kids = trie_children(t, d.lv[l].node, &n);
        if (d.lv[l].next == n) {
            if (l == 0)
                break;
            l--;
            continue;
        }
        uint32_t c = kids[d.lv[l].next++], cn = trie_name(t, c);
        if (cn == name) {                    /* outermost: insert F, caller, ..., root-most */
            d.rev[0] = cn;
            for (size_t k = 0; k < l; k++)
                d.rev[1 + k] = d.names[l - 1 - k];
            trie_insert(res, d.rev, l + 1, trie_total(t, c));
            continue;                        /* inner occurrences are not counted again */
        }
        dfs_grow(&d, l);
        d.names[l] = cn;
        d.lv[++l] = (struct level){c, TRIE_NONE, 0};
    }
    dfs_fini(&d);
    return res;
}
