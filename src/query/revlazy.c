/* SPDX-License-Identifier: MIT */
/* flametui - revlazy.c: see revlazy.h.
 * The stacks of a pending node live in one pool (two parallel arrays: the leaf, whose
 * self count is the stack's weight, and the base node of the next frame). Expanding a
 * set of pending nodes copies their stacks into a level (grouped by node) and runs the
 * level loop of revbuild.c: a group's children are created from the next frame names
 * (a per-name stamp says whether the group already has that child), each child's total
 * is the sum of the weights of the stacks that reach it (trie_add_total) and its self
 * that of the stacks ending there; a child with stacks going on joins the next level
 * when it must be expanded too, else its stacks go back to the pool under its id. Pool
 * entries of expanded nodes are garbage until the pool is compacted. */
#include "config.h"

#include "query/revlazy.h"

#include <stdlib.h>
#include <string.h>

#include "core/count.h"
#include "core/strtab.h"
#include "core/trie.h"
#include "core/util.h"

struct revlazy {
    struct trie *base;          /* borrowed */
    uint32_t *pl, *pc;          /* the pool: leaf, next frame */
    size_t pn, pcap, plive;     /* used (with garbage), capacity, live entries */
    uint32_t *pb, *pe;          /* per node of out (below pncap): pool[pb, pe) */
    size_t pncap, npend;
    uint32_t *stamp, *child;    /* per name id: group stamp, child index in the group */
    size_t nnames;
    uint32_t gid;
    /* the last revlazy_expand that found everything in place */
    bool m_ok;
    uint32_t m_zoom;
    int m_cols;
    uint64_t m_gen;
};

/* One level: stacks (next frame, leaf, weight: the leaf's self count, read once when
 * the stack enters a level) grouped by node; gbeg[ng] == m. */
struct level {
    uint32_t *cur, *leaf, *gnode, *gbeg;
    uint64_t *w;
    size_t m, ng;
};

bool revlazy_ok(const struct trie *base)
{
    return !trie_has_base(base) && !trie_total(base, TRIE_ROOT).is_float;
}

static void level_alloc(struct level *L, size_t m)
{
    size_t cap = m ? m : 1;
    L->cur = xreallocarray(NULL, cap, sizeof *L->cur);
    L->leaf = xreallocarray(NULL, cap, sizeof *L->leaf);
    L->w = xreallocarray(NULL, cap, sizeof *L->w);
    L->gnode = xreallocarray(NULL, cap + 1, sizeof *L->gnode);
    L->gbeg = xreallocarray(NULL, cap + 1, sizeof *L->gbeg);
    L->m = L->ng = 0;
}

static void level_free(struct level *L)
{
    free(L->cur);
    free(L->leaf);
    free(L->w);
    free(L->gnode);
    free(L->gbeg);
}

static uint32_t next_gid(struct revlazy *z)
{
    if (++z->gid == UINT32_MAX) {   /* the stamps' "none": start over */
        memset(z->stamp, 0xff, (z->nnames ? z->nnames : 1) * sizeof *z->stamp);
        z->gid = 0;
    }
    return z->gid;
}

static void set_pending(struct revlazy *z, uint32_t node, size_t b, size_t e)
{
    if (node >= z->pncap) {
        size_t old = z->pncap;
        FT_GROW(z->pb, z->pncap, (size_t)node + 1);
        z->pe = xreallocarray(z->pe, z->pncap, sizeof *z->pe);
        memset(z->pb + old, 0, (z->pncap - old) * sizeof *z->pb);
        memset(z->pe + old, 0, (z->pncap - old) * sizeof *z->pe);
    }
    z->pb[node] = (uint32_t)b;
    z->pe[node] = (uint32_t)e;
    z->npend++;
    z->plive += e - b;
}

bool revlazy_pending(const struct revlazy *z, uint32_t node)
{
    return node < z->pncap && z->pe[node] > z->pb[node];
}

size_t revlazy_npending(const struct revlazy *z)
{
    return z->npend;
}

size_t revlazy_bytes(const struct revlazy *z)
{
    return z->pcap * 2 * sizeof *z->pl + z->pncap * 2 * sizeof *z->pb +
           z->nnames * 2 * sizeof *z->stamp;
}

/* Expands the groups of L level by level (L is consumed). A child with stacks going on
 * is expanded too when levels allow and (all, or its total * cols >= T: at least a
 * cell wide at that zoom), else it is left pending. */
static void run(struct revlazy *z, struct trie *out, struct level *L, double T, int cols,
                bool all, size_t levels)
{
    struct trie *base = z->base;
    const struct strtab *names = trie_names(base);
    size_t cap = L->m ? L->m : 1;
    struct level N;
    level_alloc(&N, cap);
    uint32_t *cid = xreallocarray(NULL, cap, sizeof *cid);   /* child in the group */
    uint32_t *nmv = xreallocarray(NULL, cap, sizeof *nmv);   /* the level's names */
    uint32_t *cnt = xreallocarray(NULL, cap, sizeof *cnt);   /* per child: stacks going on */
    uint64_t *csum = xreallocarray(NULL, cap, sizeof *csum); /* per child: its total */
    unsigned char *topool = xmalloc(cap);
    for (size_t lv = 0; L->ng; lv++) {
        bool deeper = lv + 1 < levels;
        /* the names and next frames of the whole level first: independent loads
         * whose cache misses overlap (revbuild.c) */
        const uint64_t *ws = L->w;
        for (size_t k = 0; k < L->m; k++) {
            uint32_t x = L->cur[k];
            nmv[k] = trie_name(base, x);
            L->cur[k] = trie_parent(base, x);
        }
        size_t m2 = 0, ng2 = 0;
        for (size_t g = 0; g < L->ng; g++) {
            uint32_t p = L->gnode[g], b = L->gbeg[g], e = L->gbeg[g + 1];
            uint32_t gid = next_gid(z);
            uint64_t pph = trie_phash(out, p);
            uint32_t first = TRIE_NONE, nk = 0;
            for (uint32_t k = b; k < e; k++) {
                uint32_t nm = nmv[k];
                if (z->stamp[nm] != gid) {
                    z->stamp[nm] = gid;
                    uint32_t id = trie_append_child(
                        out, p, nm, trie_hash_step(pph, strtab_hash(names, nm)));
                    if (first == TRIE_NONE)
                        first = id;
                    z->child[nm] = id - first;
                    cnt[nk] = 0;
                    csum[nk++] = 0;
                }
                uint32_t c = z->child[nm];
                csum[c] += ws[k];
                if (L->cur[k] == TRIE_ROOT) {
                    trie_add_self(out, first + c, count_u64(ws[k]));
                    cid[k] = UINT32_MAX;
                } else {
                    cid[k] = c;
                    cnt[c]++;
                }
            }
            size_t going = 0;
            for (uint32_t c = 0; c < nk; c++) {
                trie_add_total(out, first + c, count_u64(csum[c]));
                going += cnt[c];
            }
            if (!going)
                continue;
            if (z->pn + going > z->pcap) {
                size_t pc = z->pcap;
                FT_GROW(z->pl, pc, z->pn + going);
                z->pc = xreallocarray(z->pc, pc, sizeof *z->pc);
                z->pcap = pc;
            }
            uint32_t pos = (uint32_t)m2;
            for (uint32_t c = 0; c < nk; c++) {
                uint32_t k = cnt[c];
                if (!k)
                    continue;
                uint32_t id = first + c;
                if (deeper && (all || (double)csum[c] * cols >= T)) {
                    topool[c] = 0;
                    cnt[c] = pos;
                    N.gnode[ng2] = id;
                    N.gbeg[ng2++] = pos;
                    pos += k;
                } else {
                    topool[c] = 1;
                    cnt[c] = (uint32_t)z->pn;
                    set_pending(z, id, z->pn, z->pn + k);
                    z->pn += k;
                }
            }
            for (uint32_t k = b; k < e; k++) {
                uint32_t c = cid[k];
                if (c == UINT32_MAX)
                    continue;
                uint32_t at = cnt[c]++;
                if (topool[c]) {
                    z->pl[at] = L->leaf[k];
                    z->pc[at] = L->cur[k];
                } else {
                    N.cur[at] = L->cur[k];
                    N.leaf[at] = L->leaf[k];
                    N.w[at] = ws[k];
                }
            }
            m2 = pos;
        }
        N.gbeg[ng2] = (uint32_t)m2;
        N.m = m2;
        N.ng = ng2;
        struct level t = *L;
        *L = N;
        N = t;
    }
    level_free(&N);
    level_free(L);
    free(topool);
    free(csum);
    free(cnt);
    free(nmv);
    free(cid);
}

/* Drops the garbage of the pool when it is most of it. */
static void compact(struct revlazy *z)
{
    if (z->pn <= 2 * z->plive + 65536)
        return;
    uint32_t *pl = xreallocarray(NULL, z->plive ? z->plive : 1, sizeof *pl);
    uint32_t *pc = xreallocarray(NULL, z->plive ? z->plive : 1, sizeof *pc);
    size_t n = 0;
    for (size_t i = 0; i < z->pncap; i++) {
        uint32_t b = z->pb[i], e = z->pe[i];
        if (e <= b)
            continue;
        memcpy(pl + n, z->pl + b, (e - b) * sizeof *pl);
        memcpy(pc + n, z->pc + b, (e - b) * sizeof *pc);
        z->pb[i] = (uint32_t)n;
        n += e - b;
        z->pe[i] = (uint32_t)n;
    }
    free(z->pl);
    free(z->pc);
    z->pl = pl;
    z->pc = pc;
    z->pn = n;
    z->pcap = z->plive ? z->plive : 1;
}

/* Moves the stacks of the pending nodes v[0..n) into a level of their own groups;
 * returns the number of their frames (a bound on the nodes they can make). */
static size_t gather(struct revlazy *z, struct level *L, const uint32_t *v, size_t n)
{
    size_t frames = 0;
    size_t m = 0;
    for (size_t i = 0; i < n; i++)
        m += z->pe[v[i]] - z->pb[v[i]];
    level_alloc(L, m);
    for (size_t i = 0; i < n; i++) {
        uint32_t x = v[i], b = z->pb[x], e = z->pe[x];
        L->gnode[L->ng] = x;
        L->gbeg[L->ng++] = (uint32_t)L->m;
        memcpy(L->cur + L->m, z->pc + b, (e - b) * sizeof *L->cur);
        memcpy(L->leaf + L->m, z->pl + b, (e - b) * sizeof *L->leaf);
        for (uint32_t k = b; k < e; k++) {   /* one node: the weight and the depth */
            L->w[L->m++] = trie_self(z->base, z->pl[k]).u;
            frames += trie_depth(z->base, z->pl[k]);
        }
        z->pb[x] = z->pe[x] = 0;
        z->npend--;
        z->plive -= e - b;
    }
    L->gbeg[L->ng] = (uint32_t)L->m;
    return frames;
}

/* The root's children (one per name that ends a stack), straight from the base: two
 * sequential passes over its nodes (the first sums per name, the second places the
 * stacks going on into the pool, grouped by child), so no per-stack array is needed
 * besides the pool itself. The children are made in the byte order of their names, so
 * that sorting them for trie_children (all of them: the layout reads them) finds them
 * in order. */
static void root_level(struct revlazy *z, struct trie *out)
{
    struct trie *base = z->base;
    struct strtab *names = trie_names(base);
    size_t n = trie_size(base), nn = z->nnames ? z->nnames : 1;
    uint64_t pph = trie_phash(out, TRIE_ROOT);
    uint64_t *csum = xcalloc(nn, sizeof *csum);   /* per name: the child's total */
    uint64_t *self = xcalloc(nn, sizeof *self);   /* and its self */
    uint32_t *cnt = xcalloc(nn, sizeof *cnt);     /* stacks going on; then pool offsets */
    unsigned char *seen = xcalloc(nn, 1);         /* 1: a child, 2: stacks end there */
    for (size_t i = 1; i < n; i++) {
        uint32_t x = (uint32_t)i;
        if (!trie_is_terminal(base, x))
            continue;
        uint32_t nm = trie_name(base, x);
        uint64_t w = trie_self(base, x).u;
        csum[nm] += w;
        if (trie_parent(base, x) == TRIE_ROOT) {
            self[nm] += w;
            seen[nm] |= 3;
        } else {
            seen[nm] |= 1;
            cnt[nm]++;
        }
    }
    const uint32_t *ranks = strtab_ranks(names);
    uint32_t *byrank = xreallocarray(NULL, nn, sizeof *byrank);
    for (size_t i = 0; i < z->nnames; i++)
        byrank[ranks[i]] = (uint32_t)i;
    size_t pos = 0;
    for (size_t r = 0; r < z->nnames; r++) {
        uint32_t nm = byrank[r];
        if (!seen[nm])
            continue;
        uint32_t id = trie_append_child(out, TRIE_ROOT, nm,
                                        trie_hash_step(pph, strtab_hash(names, nm)));
        trie_add_total(out, id, count_u64(csum[nm]));
        if (seen[nm] & 2)
            trie_add_self(out, id, count_u64(self[nm]));
        if (cnt[nm])
            set_pending(z, id, pos, pos + cnt[nm]);
        uint32_t k = cnt[nm];
        cnt[nm] = (uint32_t)pos;
        pos += k;
    }
    free(byrank);
    free(seen);
    free(self);
    free(csum);
    z->pcap = pos ? pos : 1;
    z->pl = xreallocarray(NULL, z->pcap, sizeof *z->pl);
    z->pc = xreallocarray(NULL, z->pcap, sizeof *z->pc);
    z->pn = pos;
    for (size_t i = 1; pos && i < n; i++) {
        uint32_t x = (uint32_t)i;
        if (!trie_is_terminal(base, x))
            continue;
        uint32_t p = trie_parent(base, x);
        if (p == TRIE_ROOT)
            continue;
        uint32_t at = cnt[trie_name(base, x)]++;
        z->pl[at] = x;
        z->pc[at] = p;
    }
    free(cnt);
}

struct revlazy *revlazy_new(struct trie *out, struct trie *base)
{
    struct revlazy *z = xcalloc(1, sizeof *z);
    z->base = base;
    z->nnames = strtab_count(trie_names(base));
    size_t nn = z->nnames ? z->nnames : 1;
    z->stamp = xreallocarray(NULL, nn, sizeof *z->stamp);
    z->child = xreallocarray(NULL, nn, sizeof *z->child);
    memset(z->stamp, 0xff, nn * sizeof *z->stamp);
    if (trie_is_terminal(base, TRIE_ROOT))
        trie_add_self(out, TRIE_ROOT, trie_self(base, TRIE_ROOT));
    trie_add_total(out, TRIE_ROOT, trie_total(base, TRIE_ROOT));
    root_level(z, out);
    return z;
}

void revlazy_free(struct revlazy *z)
{
    if (!z)
        return;
    free(z->pl);
    free(z->pc);
    free(z->pb);
    free(z->pe);
    free(z->stamp);
    free(z->child);
    free(z);
}

bool revlazy_expand(struct revlazy *z, struct trie *out, uint32_t zoom, int cols)
{
    if (zoom >= trie_size(out) || cols <= 0 || !z->npend)
        return false;
    double T = trie_total_d(out, zoom);
    if (T <= 0)
        return false;
    if (z->m_ok && z->m_zoom == zoom && z->m_cols == cols &&
        z->m_gen == trie_generation(out))
        return false;
    /* the frames a layout draws under the zoom (at least a cell wide): the pending ones
     * are expanded, the expanded ones are looked into */
    size_t qn = 0, qcap = 0, pn = 0, pcap = 0;
    uint32_t *q = NULL, *pend = NULL;
    FT_GROW(q, qcap, 1);
    q[qn++] = zoom;
    for (size_t i = 0; i < qn; i++) {
        uint32_t x = q[i];
        if (revlazy_pending(z, x)) {
            FT_GROW(pend, pcap, pn + 1);
            pend[pn++] = x;
            continue;
        }
        size_t nk;
        const uint32_t *k = trie_children(out, x, &nk);
        for (size_t j = 0; j < nk; j++) {
            if (trie_total_d(out, k[j]) * cols >= T) {
                FT_GROW(q, qcap, qn + 1);
                q[qn++] = k[j];
            }
        }
    }
    if (pn) {
        compact(z);
        struct level L;
        gather(z, &L, pend, pn);
        run(z, out, &L, T, cols, false, SIZE_MAX);
    }
    free(q);
    free(pend);
    z->m_ok = true;
    z->m_zoom = zoom;
    z->m_cols = cols;
    z->m_gen = trie_generation(out);
    return pn > 0;
}

bool revlazy_expand_node(struct revlazy *z, struct trie *out, uint32_t node)
{
    if (!revlazy_pending(z, node))
        return false;
    compact(z);
    struct level L;
    gather(z, &L, &node, 1);
    run(z, out, &L, 0, 0, false, 1);
    return true;
}

bool revlazy_complete(struct revlazy *z, struct trie *out)
{
    if (!z->npend)
        return false;
    size_t n = 0;
    uint32_t *v = xreallocarray(NULL, z->npend, sizeof *v);
    for (size_t i = 0; i < z->pncap; i++)
        if (z->pe[i] > z->pb[i])
            v[n++] = (uint32_t)i;
    struct level L;
    size_t frames = gather(z, &L, v, n);
    free(v);
    /* room for the nodes at once (revbuild.c): no regrowth and copies; only the pages
     * used are touched, but the address space is capped as there */
    size_t cap_nodes = trie_size(z->base) * 16 > ((size_t)1 << 24) ? trie_size(z->base) * 16
                                                                    : (size_t)1 << 24;
    trie_reserve(out, trie_size(out) + (frames < cap_nodes ? frames : cap_nodes));
    free(z->pl);
    free(z->pc);
    free(z->pb);
    free(z->pe);
    z->pl = z->pc = z->pb = z->pe = NULL;
    z->pn = z->pcap = z->plive = z->pncap = 0;
    run(z, out, &L, 0, 0, true, SIZE_MAX);
    trie_compact(out);   /* the growth slack: the trie is whole now */
    return true;
}
