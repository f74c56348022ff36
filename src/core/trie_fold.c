/* SPDX-License-Identifier: MIT */
/* flametui - trie_fold.c: the folded-order walk of trie.h (trie_fold_*): every stack in
 * the byte order of its ';'-joined text, for writers of the whole trie (--collapse).
 * Built for a trie that is read once, with little memory:
 * - Most nodes are made right after their parent (a new stack's frames are consecutive
 *   ids), so most nodes' only child is the next id. Only the other children (the
 *   "branches": about one per distinct stack) are indexed: a scan of the node array
 *   (which threads can share) finds them, a counting sort groups them by parent (a
 *   bitmap of the parents with a rank per word finds a parent's group), and each group
 *   is sorted by the byte-order rank of the names. A few MB, where an index of every
 *   node would be 12 bytes per node of fresh memory.
 * - The walk is depth first with an explicit stack; a node with one child is followed
 *   without a frame. Each child c of a node with several contributes up to two items,
 *   its own stack (key: its name, then the end of the text) and its subtree (key: the
 *   name followed by ';'); in name order they are already in key order unless a name is
 *   a strict prefix of a sibling's: only such groups are sorted by the keys (the order of
 *   `sort` on the full lines, as in stackcollapse-perf.pl).
 * - Splitting into parts: a few thousand nodes chosen at random (a fixed seed) estimate
 *   how many nodes each subtree has; a split is a node with several children and the
 *   item of its group where the next part starts, so the parts' walks cover about
 *   equal numbers of nodes and are concatenated in order. */
#include "config.h"

#include "core/trie.h"

#include <stdlib.h>
#include <string.h>

#include "core/strtab.h"
#include "core/trie_impl.h"
#include "core/util.h"

#define FOLD_MAX_PARTS 64u
#define FOLD_SAMPLES 2048u
#define FOLD_SAMPLE_BUDGET ((size_t)1 << 20) /* path entries kept for the samples */
#define FOLD_CACHE_MIN 1024u    /* branches of a group whose items are made once */

struct fname {
    const char *p;
    uint32_t len;
    uint32_t prefix;        /* a strict prefix of another name */
};

struct fscan {              /* the branches one scan part found, in id order */
    uint32_t *par;
    uint64_t *key;          /* name rank << 32 | id */
    size_t n, cap;
};

struct witem {
    uint32_t node;
    uint32_t sub;           /* 0: the stack ending at node; 1: the stacks below it */
};

struct fcache {
    uint32_t parent;
    size_t off, n;          /* its items: citems[off..off + n) */
};

struct fsplit {
    uint32_t node;          /* the next part starts at item pos of node's group */
    uint32_t pos;
};

struct trie_fold {
    const struct trie *t;
    const struct node *v;
    size_t n;
    unsigned nparts;
    const uint32_t *ranks;
    struct fname *nm;
    struct fscan *scan;
    uint64_t *bits;         /* per node: it has branch children */
    uint32_t *wrank;        /* set bits in the words before */
    uint32_t *gstart;       /* per group (a parent with branches, in id order) */
    uint64_t *kids;         /* the branches by group, each group by name rank */
    struct fsplit *split;   /* nparts - 1 */
    /* the items of the groups of FOLD_CACHE_MIN branches or more, in key order, made
     * once when there are several parts (each part's walk and every split would make
     * them again: a node with millions of children made them dozens of times) */
    uint64_t *mark;         /* find_splits: a bit per node, all 0 between uses */
    struct fcache *cache;   /* by parent id */
    size_t ncache;
    struct witem *citems;
};


struct wframe {
    uint32_t node;
    size_t start, end, pos;
    size_t pathlen;
};

struct walk {
    const struct trie_fold *w;
    char *path;
    size_t plen, pcap;
    struct witem *it;
    size_t nit, itcap;
    struct wframe *st;
    size_t nst, stcap;
};

struct trie_fold *trie_fold_new(struct trie *t, unsigned nparts)
{
    struct trie_fold *w = xcalloc(1, sizeof *w);
    w->t = t;
    w->v = t->v;
    w->n = t->n;
    w->nparts = nparts < 1 ? 1 : nparts > FOLD_MAX_PARTS ? FOLD_MAX_PARTS : nparts;
    w->ranks = strtab_ranks(t->names);
    size_t nn = strtab_count(t->names);
    w->nm = xreallocarray(NULL, nn ? nn : 1, sizeof *w->nm);
    uint32_t *order = xreallocarray(NULL, nn ? nn : 1, sizeof *order);
    for (size_t i = 0; i < nn; i++) {
        size_t len;
        w->nm[i].p = strtab_get(t->names, (uint32_t)i, &len);
        w->nm[i].len = (uint32_t)len;
        w->nm[i].prefix = 0;
        order[w->ranks[i]] = (uint32_t)i;
    }
    /* a name that is a strict prefix of another is one of the next name in byte order */
    for (size_t r = 0; r + 1 < nn; r++) {
        const struct fname *a = &w->nm[order[r]], *b = &w->nm[order[r + 1]];
        if (a->len < b->len && memcmp(a->p, b->p, a->len) == 0)
            w->nm[order[r]].prefix = 1;
    }
    free(order);
    w->scan = xcalloc(w->nparts, sizeof *w->scan);
    return w;
}

unsigned trie_fold_parts(const struct trie_fold *w)
{
    return w->nparts;
}

void trie_fold_free(struct trie_fold *w)
{
    if (!w)
        return;
    for (unsigned i = 0; w->scan && i < w->nparts; i++) {
        free(w->scan[i].par);
        free(w->scan[i].key);
    }
    free(w->scan);
    free(w->nm);
    free(w->bits);
    free(w->wrank);
    free(w->gstart);
    free(w->kids);
    free(w->split);
    free(w->cache);
    free(w->citems);
    free(w);
}

void trie_fold_scan(struct trie_fold *w, unsigned part)
{
    size_t lo = w->n * part / w->nparts, hi = w->n * (part + 1) / w->nparts;
    struct fscan *s = &w->scan[part];
    const struct node *v = w->v;
    const uint32_t *ranks = w->ranks;
    if (lo == 0)
        lo = 1;
    for (size_t i = lo; i < hi; i++) {
        uint32_t p = v[i].parent;
        if (p == i - 1)
            continue;
        if (s->n == s->cap) {
            FT_GROW(s->par, s->cap, s->n + 1);
            s->key = xreallocarray(s->key, s->cap, sizeof *s->key);
        }
        s->par[s->n] = p;
        s->key[s->n++] = (uint64_t)ranks[v[i].name] << 32 | (uint32_t)i;
    }
}

static inline bool has_branches(const struct trie_fold *w, uint32_t p)
{
    return w->bits[p >> 6] >> (p & 63) & 1;
}

static inline uint32_t group_of(const struct trie_fold *w, uint32_t p)
{
    uint64_t below = w->bits[p >> 6] & ((UINT64_C(1) << (p & 63)) - 1);
    return w->wrank[p >> 6] + (uint32_t)__builtin_popcountll(below);
}

static void find_splits(struct trie_fold *w);
static void make_cache(struct trie_fold *w);

void trie_fold_index(struct trie_fold *w)
{
    size_t nw = w->n / 64 + 1, nb = 0;
    w->bits = xcalloc(nw, sizeof *w->bits);
    w->wrank = xreallocarray(NULL, nw, sizeof *w->wrank);
    for (unsigned k = 0; k < w->nparts; k++) {
        const struct fscan *s = &w->scan[k];
        for (size_t i = 0; i < s->n; i++)
            w->bits[s->par[i] >> 6] |= UINT64_C(1) << (s->par[i] & 63);
        nb += s->n;
    }
    uint32_t ng = 0;
    for (size_t i = 0; i < nw; i++) {
        w->wrank[i] = ng;
        ng += (uint32_t)__builtin_popcountll(w->bits[i]);
    }
    w->gstart = xcalloc((size_t)ng + 1, sizeof *w->gstart);
    w->kids = xreallocarray(NULL, nb ? nb : 1, sizeof *w->kids);
    for (unsigned k = 0; k < w->nparts; k++) {
        const struct fscan *s = &w->scan[k];
        for (size_t i = 0; i < s->n; i++)
            w->gstart[group_of(w, s->par[i]) + 1]++;
    }
    for (uint32_t g = 0; g < ng; g++)
        w->gstart[g + 1] += w->gstart[g];
    /* place (gstart[g] moves to the group's end), then shift back */
    for (unsigned k = 0; k < w->nparts; k++) {
        struct fscan *s = &w->scan[k];
        for (size_t i = 0; i < s->n; i++)
            w->kids[w->gstart[group_of(w, s->par[i])]++] = s->key[i];
        free(s->par);
        free(s->key);
        s->par = NULL;
        s->key = NULL;
        s->n = s->cap = 0;
    }
    memmove(w->gstart + 1, w->gstart, ng * sizeof *w->gstart);
    w->gstart[0] = 0;
    for (uint32_t g = 0; g < ng; g++)
        if (w->gstart[g + 1] - w->gstart[g] > 1)
            trie_sort_keys(w->kids + w->gstart[g], w->gstart[g + 1] - w->gstart[g]);
    if (w->nparts > 1) {
        make_cache(w);
        find_splits(w);
    }
}

/* ---- the walk ------------------------------------------------------------------- */

static int cmp_items(const void *a, const void *b, void *ctx)
{
    const struct trie_fold *w = ctx;
    const struct witem *x = a, *y = b;
    const struct fname *fx = &w->nm[w->v[x->node].name], *fy = &w->nm[w->v[y->node].name];
    size_t lx = fx->len, ly = fy->len, m = lx < ly ? lx : ly;
    const unsigned char *px = (const unsigned char *)fx->p, *py = (const unsigned char *)fy->p;
    int c = memcmp(px, py, m);
    if (c)
        return c;
    /* one name is a prefix of the other (or equal): compare the next "character", where
     * the end of the text is below every byte and a subtree continues with ';' */
    int nx = lx > m ? px[m] : (x->sub ? ';' : -1);
    int ny = ly > m ? py[m] : (y->sub ? ';' : -1);
    if (nx != ny)
        return nx < ny ? -1 : 1;
    if (lx != ly)
        return lx < ly ? -1 : 1;
    return (int)x->sub - (int)y->sub;
}

/* The children of p: the next id when it is one (*chain), and the branches. Returns
 * how many. */
static inline size_t children(const struct trie_fold *w, uint32_t p, bool *chain,
                              const uint64_t **br, size_t *nbr)
{
    *chain = p + 1 < w->n && w->v[p + 1].parent == p;
    *nbr = 0;
    *br = NULL;
    if (has_branches(w, p)) {
        uint32_t g = group_of(w, p);
        *br = w->kids + w->gstart[g];
        *nbr = w->gstart[g + 1] - w->gstart[g];
    }
    return *nbr + *chain;
}

static inline void add_items(struct walk *k, uint32_t c, bool *sort)
{
    const struct node *nd = &k->w->v[c];
    if (nd->df & NODE_TERMINAL)
        k->it[k->nit++] = (struct witem){c, 0};
    if (nd->df & NODE_HAS_KIDS)
        k->it[k->nit++] = (struct witem){c, 1};
    *sort |= k->w->nm[nd->name].prefix != 0;
}

/* The cached items of parent p's group, or NULL. */
static const struct fcache *cached(const struct trie_fold *w, uint32_t p)
{
    size_t lo = 0, hi = w->ncache;
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        if (w->cache[mid].parent < p)
            lo = mid + 1;
        else
            hi = mid;
    }
    return w->citems && lo < w->ncache && w->cache[lo].parent == p ? &w->cache[lo] : NULL;
}

/* Appends the items of p's children (several) to k->it in key order. */
static void group_items(struct walk *k, uint32_t p, bool chain, const uint64_t *br, size_t nbr)
{
    const struct trie_fold *w = k->w;
    size_t start = k->nit;
    bool sort = false;
    FT_GROW(k->it, k->itcap, k->nit + 2 * (nbr + 1));
    const struct fcache *c = nbr >= FOLD_CACHE_MIN ? cached(w, p) : NULL;
    if (c) {
        memcpy(k->it + k->nit, w->citems + c->off, c->n * sizeof *k->it);
        k->nit += c->n;
        return;
    }
    uint64_t ckey = chain ? (uint64_t)w->ranks[w->v[p + 1].name] << 32 : UINT64_MAX;
    for (size_t i = 0; i < nbr; i++) {
        if (ckey < br[i]) {
            add_items(k, p + 1, &sort);
            ckey = UINT64_MAX;
        }
        add_items(k, (uint32_t)br[i], &sort);
    }
    if (ckey != UINT64_MAX)
        add_items(k, p + 1, &sort);
    if (sort && k->nit - start > 1)
        qsort_r(k->it + start, k->nit - start, sizeof *k->it, cmp_items, (void *)(uintptr_t)w);
}

static inline void path_add(struct walk *k, uint32_t parent, uint32_t c)
{
    const struct fname *f = &k->w->nm[k->w->v[c].name];
    size_t n = f->len;
    if (k->plen + n + 1 > k->pcap) {
        k->pcap = (k->plen + n + 1) * 2;
        k->path = xreallocarray(k->path, k->pcap, 1);
    }
    char *d = k->path + k->plen;
    if (parent != TRIE_ROOT)
        *d++ = ';';
    if (n >= 8 && n <= 16) { /* most names: two overlapping words, no call */
        uint64_t a, b;
        memcpy(&a, f->p, 8);
        memcpy(&b, f->p + n - 8, 8);
        memcpy(d, &a, 8);
        memcpy(d + n - 8, &b, 8);
    } else {
        memcpy(d, f->p, n);
    }
    k->plen = (size_t)(d + n - k->path);
}

static void push_frame(struct walk *k, uint32_t node, size_t start, size_t pos)
{
    FT_GROW(k->st, k->stcap, k->nst + 1);
    k->st[k->nst++] = (struct wframe){node, start, k->nit, pos, k->plen};
}

/* Goes down from p (its text in path): nodes with one child are followed (their stacks
 * written), a node with several gets a frame. Returns fn's non-zero result. */
static int descend(struct walk *k, uint32_t p, trie_fold_fn fn, void *ctx)
{
    const struct trie_fold *w = k->w;
    for (;;) {
        bool chain;
        const uint64_t *br;
        size_t nbr;
        size_t nk = children(w, p, &chain, &br, &nbr);
        if (nk == 0)
            return 0;
        if (nk > 1) {
            size_t start = k->nit;
            group_items(k, p, chain, br, nbr);
            push_frame(k, p, start, start);
            return 0;
        }
        uint32_t c = chain ? p + 1 : (uint32_t)br[0];
        path_add(k, p, c);
        uint32_t df = w->v[c].df;
        if (df & NODE_TERMINAL) {
            int rc = fn(ctx, c, k->path, k->plen);
            if (rc)
                return rc;
        }
        if (!(df & NODE_HAS_KIDS))
            return 0;
        p = c;
    }
}

static int run(struct walk *k, uint32_t stop_node, uint32_t stop_pos, trie_fold_fn fn, void *ctx)
{
    while (k->nst) {
        struct wframe *f = &k->st[k->nst - 1];
        if (f->pos == f->end) {
            k->nit = f->start;
            k->nst--;
            continue;
        }
        if (f->node == stop_node && f->pos - f->start == stop_pos)
            return 0;
        struct witem it = k->it[f->pos++];
        k->plen = f->pathlen;
        path_add(k, f->node, it.node);
        int rc;
        if (!it.sub) {
            rc = fn(ctx, it.node, k->path, k->plen);
        } else {
            if (f->pos == f->end) { /* the last item: its frame is done */
                k->nit = f->start;
                k->nst--;
            }
            rc = descend(k, it.node, fn, ctx);
        }
        if (rc)
            return rc;
    }
    return 0;
}

/* The position of (c, sub) among the items [start, end), or end. */
static size_t find_sub(const struct walk *k, size_t start, size_t end, uint32_t c)
{
    for (size_t i = start; i < end; i++)
        if (k->it[i].node == c && k->it[i].sub)
            return i;
    return end;
}

/* The walk's state just before item pos of node q's group: a frame for every node with
 * several children on the path to q, each past the item that leads to q. */
static void start_at(struct walk *k, uint32_t q, uint32_t pos)
{
    const struct trie_fold *w = k->w;
    size_t d = node_depth(&w->v[q]);
    uint32_t *path = xreallocarray(NULL, d + 1, sizeof *path);
    path[d] = q;
    for (size_t i = d; i > 0; i--)
        path[i - 1] = w->v[path[i]].parent;
    k->plen = 0;
    for (size_t i = 0; i <= d; i++) {
        bool chain;
        const uint64_t *br;
        size_t nbr;
        if (i > 0)
            path_add(k, path[i - 1], path[i]);
        if (children(w, path[i], &chain, &br, &nbr) < 2)
            continue;
        size_t start = k->nit;
        group_items(k, path[i], chain, br, nbr);
        size_t at = i == d ? start + pos : find_sub(k, start, k->nit, path[i + 1]) + 1;
        push_frame(k, path[i], start, at);
    }
    free(path);
}

static void walk_fini(struct walk *k)
{
    free(k->path);
    free(k->it);
    free(k->st);
}

/* The items of every group of FOLD_CACHE_MIN branches or more, parents in id order. */
static void make_cache(struct trie_fold *w)
{
    struct walk k = {.w = w};
    size_t cap = 0;
    for (size_t i = 0; i < w->n / 64 + 1; i++)
        for (uint64_t b = w->bits[i]; b; b &= b - 1) {
            uint32_t p = (uint32_t)(i * 64 + (size_t)__builtin_ctzll(b)), g = group_of(w, p);
            bool chain;
            const uint64_t *br;
            size_t nbr;
            if (w->gstart[g + 1] - w->gstart[g] < FOLD_CACHE_MIN)
                continue;
            children(w, p, &chain, &br, &nbr);
            group_items(&k, p, chain, br, nbr);   /* appended after the groups before */
            FT_GROW(w->cache, cap, w->ncache + 1);
            size_t off = w->ncache ? w->cache[w->ncache - 1].off + w->cache[w->ncache - 1].n : 0;
            w->cache[w->ncache++] = (struct fcache){p, off, k.nit - off};
        }
    w->citems = k.it;   /* cached() finds these groups from now on */
    k.it = NULL;
    walk_fini(&k);
}

int trie_fold_walk(const struct trie_fold *w, unsigned part, trie_fold_fn fn, void *ctx)
{
    struct walk k = {.w = w};
    int rc = 0;
    if (part >= w->nparts)
        return 0;
    if (part > 0) {
        if (w->split[part - 1].node == TRIE_NONE)
            return 0; /* no place to split: the previous part wrote everything */
        start_at(&k, w->split[part - 1].node, w->split[part - 1].pos);
    } else {
        rc = descend(&k, TRIE_ROOT, fn, ctx);
    }
    uint32_t sn = TRIE_NONE, sp = 0;
    if (part + 1 < w->nparts) {
        sn = w->split[part].node;
        sp = w->split[part].pos;
    }
    if (rc == 0)
        rc = run(&k, sn, sp, fn, ctx);
    walk_fini(&k);
    return rc;
}

/* ---- splitting into parts --------------------------------------------------------- */

struct fsamples {
    uint32_t *pool;         /* each sample's path from the root's child down */
    size_t *off;
    uint32_t *depth;
    size_t n;
};

static int cmp_node_idx(const void *a, const void *b)
{
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return (x > y) - (x < y);
}

/* cnt[j] for each item j of k->it[0..k->nit): how many of the samples sel[0..nsel) it
 * holds (their node at depth d is a child of the group's parent): a sample below child c
 * counts for c's subtree, c itself for c's first item. One pass over the items (a group
 * may have millions) with the samples sorted by node; map has room for 2 * nsel. */
static void count_items(const struct walk *k, const struct fsamples *sm, const uint32_t *sel,
                        size_t nsel, size_t d, uint64_t *map, size_t *cnt)
{
    uint64_t *asg = map + nsel;   /* per sample: its item + 1, 0 none yet */
    uint64_t *mark = k->w->mark;  /* the samples' nodes: most items have none */
    for (size_t i = 0; i < nsel; i++) {
        uint32_t c = sm->pool[sm->off[sel[i]] + d];
        map[i] = (uint64_t)c << 32 | (uint64_t)i;
        asg[i] = 0;
        mark[c >> 6] |= UINT64_C(1) << (c & 63);
    }
    qsort(map, nsel, sizeof *map, cmp_node_idx);
    for (size_t j = 0; j < k->nit; j++) {
        uint32_t c = k->it[j].node;
        size_t lo = 0, hi = nsel;
        cnt[j] = 0;
        if (!(mark[c >> 6] >> (c & 63) & 1))
            continue;
        while (lo < hi) {
            size_t mid = (lo + hi) / 2;
            if ((map[mid] >> 32) < c)
                lo = mid + 1;
            else
                hi = mid;
        }
        for (; lo < nsel && (map[lo] >> 32) == c; lo++) {
            uint32_t i = (uint32_t)map[lo];
            if (!asg[i] || (k->it[j].sub && sm->depth[sel[i]] > d + 1))
                asg[i] = j + 1;
        }
    }
    for (size_t i = 0; i < nsel; i++) {
        if (asg[i])
            cnt[asg[i] - 1]++;
        mark[map[i] >> 38] = 0;
    }
}

/* The split before which about target of the samples lie (in walk order). */
static struct fsplit split_at(const struct trie_fold *w, const struct fsamples *sm,
                              size_t target, struct walk *k, uint32_t *sel)
{
    struct fsplit best = {TRIE_NONE, 0};
    size_t nsel = sm->n, before = 0, *cnt = NULL, cntcap = 0, mapcap = 0;
    uint64_t *map = NULL;
    for (size_t i = 0; i < nsel; i++)
        sel[i] = (uint32_t)i;
    uint32_t p = TRIE_ROOT;
    size_t d = 0;
    for (;;) {
        size_t keep = 0;
        for (size_t i = 0; i < nsel; i++) {
            if (sm->depth[sel[i]] > d)
                sel[keep++] = sel[i];
            else
                before++; /* the sample is p: walked before p's children */
        }
        nsel = keep;
        bool chain;
        const uint64_t *br;
        size_t nbr;
        size_t nk = children(w, p, &chain, &br, &nbr);
        if (nk == 0)
            break;
        if (nk == 1) {
            p = chain ? p + 1 : (uint32_t)br[0];
            d++;
            continue;
        }
        k->nit = 0;
        group_items(k, p, chain, br, nbr);
        size_t m = k->nit;
        FT_GROW(cnt, cntcap, m);
        FT_GROW(map, mapcap, 2 * nsel + 1);
        count_items(k, sm, sel, nsel, d, map, cnt);
        size_t acc = before, j = 0;
        while (j < m && acc + cnt[j] <= target)
            acc += cnt[j++];
        if (j == m) {
            best = (struct fsplit){p, (uint32_t)(m - 1)};
            break;
        }
        size_t into = target - acc; /* < cnt[j]: the target lies in item j */
        size_t s = into * 2 < cnt[j] ? j : j + 1;
        best = (struct fsplit){p, (uint32_t)(s < 1 ? 1 : s > m - 1 ? m - 1 : s)};
        if (!k->it[j].sub || cnt[j] < 2 || into == 0)
            break;
        /* go down into item j's subtree */
        uint32_t c = k->it[j].node;
        bool own = w->v[c].df & NODE_TERMINAL; /* then the samples that are c counted there */
        keep = 0;
        for (size_t i = 0; i < nsel; i++) {
            uint32_t x = sel[i];
            if (sm->pool[sm->off[x] + d] == c && (sm->depth[x] > d + 1 || !own))
                sel[keep++] = x;
        }
        nsel = keep;
        before = acc;
        p = c;
        d++;
    }
    free(map);
    free(cnt);
    return best;
}

/* The position in walk order of a split: the path of the items that lead to it, as
 * (item index) per node with several children, then its own position. */
static size_t split_key(const struct trie_fold *w, struct walk *k, struct fsplit sp,
                        uint32_t **key, size_t *cap)
{
    size_t d = node_depth(&w->v[sp.node]), n = 0;
    uint32_t *path = xreallocarray(NULL, d + 1, sizeof *path);
    path[d] = sp.node;
    for (size_t i = d; i > 0; i--)
        path[i - 1] = w->v[path[i]].parent;
    for (size_t i = 0; i <= d; i++) {
        bool chain;
        const uint64_t *br;
        size_t nbr;
        if (children(w, path[i], &chain, &br, &nbr) < 2)
            continue;
        k->nit = 0;
        group_items(k, path[i], chain, br, nbr);
        FT_GROW(*key, *cap, n + 1);
        /* inside item x: after x's start, before x + 1 (the split before x + 1) */
        (*key)[n++] = i == d ? 2 * sp.pos : 2 * (uint32_t)find_sub(k, 0, k->nit, path[i + 1]) + 1;
    }
    free(path);
    return n;
}

/* a's place in walk order is after b's */
static bool split_after(const struct trie_fold *w, struct walk *k, struct fsplit a,
                        struct fsplit b)
{
    uint32_t *ka = NULL, *kb = NULL;
    size_t ca = 0, cb = 0;
    size_t na = split_key(w, k, a, &ka, &ca), nb = split_key(w, k, b, &kb, &cb);
    size_t i = 0;
    while (i < na && i < nb && ka[i] == kb[i])
        i++;
    bool after = i < na && i < nb && ka[i] > kb[i];
    free(ka);
    free(kb);
    return after;
}

static void find_splits(struct trie_fold *w)
{
    struct fsamples sm = {0};
    size_t used = 0, cap = 0;
    sm.off = xreallocarray(NULL, FOLD_SAMPLES, sizeof *sm.off);
    sm.depth = xreallocarray(NULL, FOLD_SAMPLES, sizeof *sm.depth);
    uint64_t r = 0x9e3779b97f4a7c15ull;
    while (sm.n < FOLD_SAMPLES && w->n > 1) {
        r ^= r << 13;
        r ^= r >> 7;
        r ^= r << 17;
        uint32_t id = (uint32_t)(1 + r % (w->n - 1));
        size_t dep = node_depth(&w->v[id]);
        if (used + dep > FOLD_SAMPLE_BUDGET)
            break;
        FT_GROW(sm.pool, cap, used + dep);
        for (size_t i = dep, x = id; i > 0; i--, x = w->v[x].parent)
            sm.pool[used + i - 1] = (uint32_t)x;
        sm.off[sm.n] = used;
        sm.depth[sm.n++] = (uint32_t)dep;
        used += dep;
    }
    w->split = xreallocarray(NULL, w->nparts - 1, sizeof *w->split);
    w->mark = xcalloc(w->n / 64 + 1, sizeof *w->mark);
    struct walk k = {.w = w};
    uint32_t *sel = xreallocarray(NULL, sm.n ? sm.n : 1, sizeof *sel);
    for (unsigned i = 1; i < w->nparts; i++) {
        w->split[i - 1] = (struct fsplit){TRIE_NONE, 0};
        if (sm.n)
            w->split[i - 1] = split_at(w, &sm, sm.n * i / w->nparts, &k, sel);
        /* the parts must follow each other: never before the previous split */
        if (i > 1 && (w->split[i - 2].node == TRIE_NONE || w->split[i - 1].node == TRIE_NONE ||
                      split_after(w, &k, w->split[i - 2], w->split[i - 1])))
            w->split[i - 1] = w->split[i - 2];
    }
    free(sel);
    walk_fini(&k);
    free(sm.pool);
    free(sm.off);
    free(sm.depth);
    free(w->mark);
    w->mark = NULL;
}
