/* SPDX-License-Identifier: MIT */
/* flametui - collapse.c: the folded writer (see collapse.h).
 * Plain byte order of the whole stack text without building the lines first: each child
 * c of a node contributes up to two items, its own stack (key: the name, then the end of
 * the text) and its subtree (key: the name followed by ';'). Sorting the items of one
 * sibling group by those keys gives exactly the order of `sort` on the full lines, so
 * one depth-first walk (an explicit stack, no recursion) writes them in order.
 * The children come in name order (trie_children); their items are already in key order
 * (own stack, then subtree, child by child) unless a child's name is a strict prefix of
 * another name: only the few sibling groups holding such a name are sorted by the keys.
 * Lines are built in one large buffer that goes out in big fwrite()s. */
#include "config.h"

#include "render/collapse.h"

#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "core/count.h"
#include "core/strtab.h"
#include "core/trie.h"
#include "core/util.h"

struct item {
    uint32_t node;
    uint32_t subtree; /* 0: the stack ending at node; 1: the stacks below it */
};

static int cmp_items(const void *a, const void *b, void *ctx)
{
    const struct trie *t = ctx;
    const struct item *x = a, *y = b;
    size_t lx, ly;
    const unsigned char *px = (const unsigned char *)trie_label(t, x->node, &lx);
    const unsigned char *py = (const unsigned char *)trie_label(t, y->node, &ly);
    size_t m = lx < ly ? lx : ly;
    int c = memcmp(px, py, m);
    if (c)
        return c;
    /* one name is a prefix of the other (or equal): compare the next "character", where
     * the end of the text is below every byte and a subtree continues with ';' */
    int nx = lx > m ? px[m] : (x->subtree ? ';' : -1);
    int ny = ly > m ? py[m] : (y->subtree ? ';' : -1);
    if (nx != ny)
        return nx < ny ? -1 : 1;
    if (lx != ly)
        return lx < ly ? -1 : 1;
    return (int)x->subtree - (int)y->subtree;
}

struct wframe {
    size_t start, end, pos, pathlen;
    bool sep; /* below the root's children: frames are joined with ';' */
};

/* is_prefix[id]: the name id is a strict prefix of some other name (then it is a
 * prefix of the next name in byte order). */
static unsigned char *prefix_names(struct strtab *names)
{
    size_t nn = strtab_count(names);
    const uint32_t *ranks = strtab_ranks(names);
    uint32_t *order = xreallocarray(NULL, nn ? nn : 1, sizeof *order);
    unsigned char *is_prefix = xcalloc(nn ? nn : 1, 1);
    for (size_t i = 0; i < nn; i++)
        order[ranks[i]] = (uint32_t)i;
    for (size_t r = 0; r + 1 < nn; r++) {
        size_t la, lb;
        const char *a = strtab_get(names, order[r], &la);
        const char *b = strtab_get(names, order[r + 1], &lb);
        if (la < lb && memcmp(a, b, la) == 0)
            is_prefix[order[r]] = 1;
    }
    free(order);
    return is_prefix;
}

static void push_items(struct trie *t, const unsigned char *is_prefix, uint32_t node,
                       struct item **items, size_t *ni, size_t *cap)
{
    size_t nk;
    const uint32_t *k = trie_children(t, node, &nk);
    size_t start = *ni;
    bool sort = false;
    FT_GROW(*items, *cap, *ni + 2 * nk);
    struct item *it = *items;
    for (size_t i = 0; i < nk; i++) {
        if (trie_is_terminal(t, k[i]))
            it[(*ni)++] = (struct item){k[i], 0};
        if (trie_has_children(t, k[i]))
            it[(*ni)++] = (struct item){k[i], 1};
        sort |= is_prefix[trie_name(t, k[i])];
    }
    if (sort && *ni - start > 1)
        qsort_r(*items + start, *ni - start, sizeof **items, cmp_items, t);
}

enum { OUT_CHUNK = 1 << 20 };

int collapse_write(FILE *out, struct trie *t)
{
    struct item *items = NULL;
    size_t ni = 0, icap = 0;
    struct wframe *st = NULL;
    size_t nst = 0, stcap = 0;
    struct buf path = {0};
    struct buf ob = {0};   /* output, written in chunks of about OUT_CHUNK */
    int rc = 0;

    trie_sort_children(t); /* the walk visits every node: sort them all at once */
    unsigned char *is_prefix = prefix_names(trie_names(t));
    buf_reserve(&ob, OUT_CHUNK + 4096);
    push_items(t, is_prefix, TRIE_ROOT, &items, &ni, &icap);
    FT_GROW(st, stcap, 1);
    st[nst++] = (struct wframe){0, ni, 0, 0, false};
    while (nst) {
        struct wframe *f = &st[nst - 1];
        if (f->pos == f->end) {
            ni = f->start;
            nst--;
            continue;
        }
        struct item it = items[f->pos++];
        path.len = f->pathlen;
        if (f->sep)
            buf_putc(&path, ';');
        size_t len;
        const char *name = trie_label(t, it.node, &len);
        buf_append(&path, name, len);
        if (!it.subtree) {
            buf_reserve(&ob, path.len + COUNT_FMT_MAX + 2);
            memcpy(ob.p + ob.len, path.p, path.len);
            ob.len += path.len;
            ob.p[ob.len++] = ' ';
            ob.len += (size_t)count_format(ob.p + ob.len, trie_self(t, it.node));
            ob.p[ob.len++] = '\n';
            if (ob.len >= OUT_CHUNK) {
                if (fwrite(ob.p, 1, ob.len, out) != ob.len) {
                    rc = -1;
                    break;
                }
                ob.len = 0;
            }
        } else {
            size_t plen = path.len;
            size_t start = ni;
            push_items(t, is_prefix, it.node, &items, &ni, &icap);
            FT_GROW(st, stcap, nst + 1);
            st[nst++] = (struct wframe){start, ni, start, plen, true};
        }
    }
    if (rc == 0 && ob.len && fwrite(ob.p, 1, ob.len, out) != ob.len)
        rc = -1;
    free(is_prefix);
    free(items);
    free(st);
    buf_fini(&path);
    buf_fini(&ob);
    return rc;
}
