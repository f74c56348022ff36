/* SPDX-License-Identifier: MIT */
/* flametui - perfdata_symtab.c: see perfdata_symtab.h and perfdata.h (pd_syms_find and
 * the other lookups). */
#include "config.h"

#include "input/perfdata_symtab.h"

#include <elf.h>
#include <stdlib.h>
#include <string.h>

#include "input/perfdata.h"

struct pd_syms *symtab_new(void)
{
    struct pd_syms *s = xcalloc(1, sizeof(struct pd_syms));
    s->root = s->last = NIL;
    return s;
}

static const char *nm(const struct pd_syms *s, const struct pd_sym *y)
{
    return s->pool.p + y->name;
}

/* -- the red-black tree (indexes into v; NIL for none) */

static uint32_t *link_to(struct pd_syms *s, uint32_t x)
{
    uint32_t p = s->v[x].parent;
    if (p == NIL)
        return &s->root;
    return s->v[p].left == x ? &s->v[p].left : &s->v[p].right;
}

/* x's child on side dir (0 left, 1 right) takes x's place; x becomes its other child */
static void rotate(struct pd_syms *s, uint32_t x, int dir)
{
    struct pd_sym *v = s->v;
    uint32_t y = dir ? v[x].right : v[x].left;
    uint32_t inner = dir ? v[y].left : v[y].right;
    if (dir)
        v[x].right = inner;
    else
        v[x].left = inner;
    if (inner != NIL)
        v[inner].parent = x;
    *link_to(s, x) = y;
    v[y].parent = v[x].parent;
    if (dir)
        v[y].left = x;
    else
        v[y].right = x;
    v[x].parent = y;
}

static bool is_red(const struct pd_syms *s, uint32_t x)
{
    return x != NIL && s->v[x].red;
}

static void tree_insert(struct pd_syms *s, uint32_t z)
{
    struct pd_sym *v = s->v;
    uint32_t p = NIL, *at = &s->root;
    if (s->last == NIL)
        for (uint32_t x = s->root; x != NIL; x = v[x].right)
            s->last = x;
    if (s->last != NIL && v[z].start >= v[s->last].start) {
        p = s->last;   /* past every start (kallsyms, mostly ELF): where the walk ends */
        at = &v[p].right;
    }
    while (*at != NIL) {
        p = *at;
        at = v[z].start < v[p].start ? &v[p].left : &v[p].right;
    }
    if (p == NIL || (p == s->last && at == &v[p].right))
        s->last = z;
    *at = z;
    v[z].parent = p;
    v[z].left = v[z].right = NIL;
    v[z].red = 1;
    while (is_red(s, v[z].parent)) {
        p = v[z].parent;
        uint32_t g = v[p].parent;
        int side = v[g].left == p ? 0 : 1;   /* p's side of g */
        uint32_t uncle = side ? v[g].left : v[g].right;
        if (is_red(s, uncle)) {
            v[p].red = v[uncle].red = 0;
            v[g].red = 1;
            z = g;
            continue;
        }
        if (z == (side ? v[p].left : v[p].right)) {   /* z inside: turn it outside */
            rotate(s, p, !side);
            z = p;
            p = v[z].parent;
        }
        v[p].red = 0;
        v[g].red = 1;
        rotate(s, g, side);
    }
    v[s->root].red = 0;
}

static uint32_t tree_min(const struct pd_syms *s, uint32_t x)
{
    while (x != NIL && s->v[x].left != NIL)
        x = s->v[x].left;
    return x;
}

static uint32_t tree_next(const struct pd_syms *s, uint32_t x)
{
    if (s->v[x].right != NIL)
        return tree_min(s, s->v[x].right);
    uint32_t p = s->v[x].parent;
    while (p != NIL && x == s->v[p].right) {
        x = p;
        p = s->v[p].parent;
    }
    return p;
}

/* The black height lost under parent on side dir (x there, maybe NIL) made good. */
static void erase_fixup(struct pd_syms *s, uint32_t x, uint32_t parent)
{
    struct pd_sym *v = s->v;
    while (x != s->root && !is_red(s, x)) {
        int dir = v[parent].left == x ? 0 : 1;   /* x's side */
        uint32_t w = dir ? v[parent].left : v[parent].right;
        if (is_red(s, w)) {
            v[w].red = 0;
            v[parent].red = 1;
            rotate(s, parent, !dir);
            w = dir ? v[parent].left : v[parent].right;
        }
        uint32_t near = dir ? v[w].right : v[w].left, far = dir ? v[w].left : v[w].right;
        if (!is_red(s, near) && !is_red(s, far)) {
            v[w].red = 1;
            x = parent;
            parent = v[x].parent;
            continue;
        }
        if (!is_red(s, far)) {
            v[near].red = 0;
            v[w].red = 1;
            rotate(s, w, dir);
            w = dir ? v[parent].left : v[parent].right;
            far = dir ? v[w].left : v[w].right;
        }
        v[w].red = v[parent].red;
        v[parent].red = 0;
        v[far].red = 0;
        rotate(s, parent, !dir);
        x = s->root;
        break;
    }
    if (x != NIL)
        v[x].red = 0;
}

/* z out of the tree; with two children its successor takes its place and colour */
static void tree_erase(struct pd_syms *s, uint32_t z)
{
    struct pd_sym *v = s->v;
    uint32_t x, parent;
    bool black_lost;
    if (v[z].left == NIL || v[z].right == NIL) {
        x = v[z].left != NIL ? v[z].left : v[z].right;
        parent = v[z].parent;
        black_lost = !v[z].red;
        *link_to(s, z) = x;
        if (x != NIL)
            v[x].parent = parent;
    } else {
        uint32_t y = tree_min(s, v[z].right);
        black_lost = !v[y].red;
        x = v[y].right;
        if (v[y].parent == z) {
            parent = y;
        } else {
            parent = v[y].parent;
            v[parent].left = x;
            if (x != NIL)
                v[x].parent = parent;
            v[y].right = v[z].right;
            v[v[y].right].parent = y;
        }
        *link_to(s, z) = y;
        v[y].parent = v[z].parent;
        v[y].left = v[z].left;
        v[v[y].left].parent = y;
        v[y].red = v[z].red;
    }
    v[z].parent = v[z].left = v[z].right = NIL;
    s->last = NIL;
    if (black_lost)
        erase_fixup(s, x, parent);
}

uint32_t symtab_add(struct pd_syms *s, uint64_t start, uint64_t size, int bind,
                    const char *name)
{
    if (s->pool.len > UINT32_MAX - 4096 || s->n >= NIL - 1)
        return NIL;
    FT_GROW(s->v, s->cap, s->n + 1);
    struct pd_sym *y = &s->v[s->n];
    y->start = start;
    y->end = start + size;
    y->bind = (unsigned char)bind;
    y->name = (uint32_t)s->pool.len;
    buf_append(&s->pool, name, strlen(name) + 1);
    tree_insert(s, (uint32_t)s->n);
    return (uint32_t)s->n++;
}

static size_t underscores(const char *s)
{
    size_t n = 0;
    while (s[n] == '_')
        n++;
    return n;
}

/* perf's choose_best_symbol: true to keep a over b */
static bool best_is_a(const struct pd_syms *s, const struct pd_sym *a, const struct pd_sym *b)
{
    uint64_t la = a->end - a->start, lb = b->end - b->start;
    if (lb == 0 && la > 0)
        return true;
    if (la == 0 && lb > 0)
        return false;
    bool wa = a->bind == STB_WEAK, wb = b->bind == STB_WEAK;
    if (wb && !wa)
        return true;
    if (wa && !wb)
        return false;
    bool ga = a->bind == STB_GLOBAL, gb = b->bind == STB_GLOBAL;
    if (ga && !gb)
        return true;
    if (gb && !ga)
        return false;
    size_t ua = underscores(nm(s, a)), ub = underscores(nm(s, b));
    if (ub > ua)
        return true;
    if (ua > ub)
        return false;
    return strlen(nm(s, a)) >= strlen(nm(s, b));
}

static bool has_bracket(const struct pd_syms *s, const struct pd_sym *y)
{
    return strchr(nm(s, y), '[') != NULL;
}

/* perf's symbols__fixup_end: a zero-size symbol ends where the next one starts (kallsyms:
 * a page past itself where kernel and module symbols meet), the last a page past its
 * page. */
void symtab_fixup_end(struct pd_syms *s, bool kallsyms)
{
    uint32_t prev = tree_min(s, s->root);
    if (prev == NIL)
        return;
    for (uint32_t cur = tree_next(s, prev); cur != NIL; prev = cur, cur = tree_next(s, cur)) {
        struct pd_sym *p = &s->v[prev], *c = &s->v[cur];
        if (p->end != p->start)
            continue;
        if (kallsyms && !has_bracket(s, p) != !has_bracket(s, c))
            p->end = ((p->end + 4096) + 4095) / 4096 * 4096;
        else
            p->end = c->start;
    }
    struct pd_sym *last = &s->v[prev];
    if (last->end == last->start)
        last->end = (last->start + 4095) / 4096 * 4096 + 4096;
}

/* perf's symbols__fixup_duplicate: of symbols starting at one address, the best kept. */
void symtab_fixup_duplicate(struct pd_syms *s)
{
    uint32_t cur = tree_min(s, s->root);
    while (cur != NIL) {
        uint32_t next = tree_next(s, cur);
        if (next == NIL)
            break;
        if (s->v[cur].start != s->v[next].start) {
            cur = next;
        } else if (best_is_a(s, &s->v[cur], &s->v[next])) {
            tree_erase(s, next);
        } else {
            tree_erase(s, cur);
            cur = next;
        }
    }
}

/* The spans of a finished table (none when a node's end is below its start: the walk
 * alone knows those). */
static void spans(struct pd_syms *s)
{
    free(s->sp);
    s->sp = xreallocarray(NULL, s->n, sizeof *s->sp);
    s->nsp = 0;
    uint64_t pm = 0;
    for (uint32_t x = tree_min(s, s->root); x != NIL; x = tree_next(s, x)) {
        const struct pd_sym *y = &s->v[x];
        if (y->end < y->start) {
            free(s->sp);
            s->sp = NULL;
            s->nsp = 0;
            return;
        }
        uint64_t hold = y->end > y->start ? y->end : y->start + 1;
        bool clean = pm <= y->start;   /* nothing before reaches it */
        pm = hold > pm ? hold : pm;
        s->sp[s->nsp++] = (struct pd_span){y->start, hold, pm, x, clean};
    }
    for (size_t i = 0; i + 1 < s->nsp; i++)   /* nor does it reach the next */
        s->sp[i].clean = s->sp[i].clean && s->sp[i].hold <= s->sp[i + 1].start;
}

/* A finished table's nodes renumbered breadth first from the root: the tree's shape,
 * and so every answer, is the same, erased nodes are dropped, and a walk's first levels
 * share a few cache lines. */
void symtab_finish(struct pd_syms *s)
{
    if (s->root == NIL || !s->n)
        return;
    uint32_t *q = xreallocarray(NULL, s->n, sizeof *q);     /* new id -> old id */
    uint32_t *map = xreallocarray(NULL, s->n, sizeof *map); /* old id -> new id */
    size_t head = 0, tail = 0;
    q[tail++] = s->root;
    while (head < tail) {
        uint32_t x = q[head];
        map[x] = (uint32_t)head++;
        if (s->v[x].left != NIL)
            q[tail++] = s->v[x].left;
        if (s->v[x].right != NIL)
            q[tail++] = s->v[x].right;
    }
    struct pd_sym *nv = xreallocarray(NULL, tail, sizeof *nv);
    for (size_t i = 0; i < tail; i++) {
        nv[i] = s->v[q[i]];
        nv[i].left = nv[i].left == NIL ? NIL : map[nv[i].left];
        nv[i].right = nv[i].right == NIL ? NIL : map[nv[i].right];
        nv[i].parent = nv[i].parent == NIL ? NIL : map[nv[i].parent];
    }
    free(s->v);
    s->v = nv;
    s->n = s->cap = tail;
    s->root = 0;
    s->last = NIL;
    free(map);
    free(q);
    spans(s);
}

const char *pd_syms_find(const struct pd_syms *s, uint64_t addr, uint64_t *start)
{
    uint64_t lo, hi;
    return pd_syms_find_in(s, addr, start, &lo, &hi);
}

static const char *walk(const struct pd_syms *s, uint64_t addr, uint64_t *start, uint64_t *lo,
                        uint64_t *hi);

/* From the spans where they answer (a clean span holding addr; or addr past every
 * range that starts at or below it, or below every node: none), else from the walk.
 * [lo, hi): the span's range, the gap, or the walk's. */
const char *pd_syms_find_in(const struct pd_syms *s, uint64_t addr, uint64_t *start,
                            uint64_t *lo, uint64_t *hi)
{
    *lo = 0;
    *hi = UINT64_MAX;
    if (!s)
        return NULL;
    if (s->sp && s->nsp) {   /* the last span starting at or below addr */
        size_t a = 0, b = s->nsp;
        while (a < b) {
            size_t mid = a + (b - a) / 2;
            if (s->sp[mid].start <= addr)
                a = mid + 1;
            else
                b = mid;
        }
        if (!a) {   /* below every node */
            *hi = s->sp[0].start;
            return NULL;
        }
        const struct pd_span *k = &s->sp[a - 1];
        uint64_t next = a < s->nsp ? s->sp[a].start : UINT64_MAX;
        if (addr < k->hold && k->clean) {
            *lo = k->start;
            *hi = k->hold;
            *start = k->start;
            return nm(s, &s->v[k->node]);
        }
        if (addr >= k->pm) {   /* past every range that starts below */
            *lo = k->pm;
            *hi = next;
            return NULL;
        }
    }
    return walk(s, addr, start, lo, hi);
}

const char *pd_syms_walk(const struct pd_syms *s, uint64_t addr, uint64_t *start)
{
    uint64_t lo = 0, hi = UINT64_MAX;
    return s ? walk(s, addr, start, &lo, &hi) : NULL;
}

/* perf's symbols__find: the first node on the search path from the root that holds
 * addr. Every address of [*lo, *hi) takes the same path to the same end: the bounds of
 * the nodes it went left (below their start) and right (at or past their end; past the
 * start of a zero-size one) of, and the found node's own range. */
static const char *walk(const struct pd_syms *s, uint64_t addr, uint64_t *start, uint64_t *lo,
                        uint64_t *hi)
{
    uint32_t x = s->root;
    while (x != NIL) {
        const struct pd_sym *y = &s->v[x];
        if (addr < y->start) {
            *hi = y->start < *hi ? y->start : *hi;
            x = y->left;
        } else if (addr > y->end || (addr == y->end && addr != y->start)) {
            uint64_t b = y->end + (y->end == y->start);
            *lo = b > *lo ? b : *lo;
            x = y->right;
        } else {
            uint64_t e = y->end > y->start ? y->end : y->start + 1;
            *lo = y->start > *lo ? y->start : *lo;
            *hi = e < *hi ? e : *hi;
            *start = y->start;
            return nm(s, y);
        }
    }
    return NULL;
}

void pd_syms_span(const struct pd_syms *s, uint64_t *lo, uint64_t *hi)
{
    *lo = *hi = 0;
    if (s && s->root != NIL) {
        uint32_t x = s->root;
        *lo = s->v[tree_min(s, x)].start;
        while (s->v[x].right != NIL)
            x = s->v[x].right;
        *hi = s->v[x].end;
    }
}

void pd_syms_free(struct pd_syms *s)
{
    if (!s)
        return;
    free(s->v);
    free(s->sp);
    buf_fini(&s->pool);
    free(s);
}

struct pd_syms *pd_syms_one(uint64_t start, uint64_t len, const char *name)
{
    struct pd_syms *s = symtab_new();
    symtab_add(s, start, len, STB_GLOBAL, name);
    symtab_fixup_end(s, false);
    return s;
}
