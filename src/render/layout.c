/* SPDX-License-Identifier: MIT */
/* flametui - layout.c: pure flame-graph layout (see layout.h).
 * Level by level from the zoom root: each level is the list of drawable frames of one
 * depth, left to right, with their start in samples. Only drawable children are
 * queued, so the work is bounded by the drawn cells; the child lists of drawn frames
 * are scanned once and cached (see struct scratch). */
#include "config.h"

#include "render/layout.h"

#include <limits.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "render/names.h"
#include "render/theme.h"
#include "render/diffcolor.h"
#include "core/trie.h"

_Static_assert(RECT_SELECTED == 1 && RECT_MATCH == 2 && RECT_ANCESTOR == 4,
               "theme_frame_style() relies on these values");

struct item {
    uint32_t node;
    double start;   /* samples left of the frame, relative to the zoom root */
    double total;
    uint32_t hidden;   /* > 0: a run of that many narrow children of node (merged) */
    uint32_t first;    /* the run's first child (name-order index); UINT32_MAX: every
                        * narrow child (ORDER_WEIGHT) */
};

/* A drawable-candidate child: its total and its offset (samples of the siblings before
 * it in name order). */
struct kid {
    uint32_t node;
    uint32_t idx;   /* position in name order, for ties */
    double total;
    double off;
};

/* Cache of the drawable children of visited nodes: node -> kids[off, off + n) in name
 * order, holding every child with total * cols >= T. Valid while the trie and its
 * generation are the same and the threshold T/cols does not drop below the cached one
 * (zooming out or narrowing only raises it), so a redraw after a key costs O(drawn
 * frames), not O(children of drawn frames). Cleared otherwise. */
struct slot {
    uint32_t node;   /* TRIE_NONE: empty */
    uint32_t n;
    size_t off;
    uint32_t nall;   /* all children */
    double sum;      /* samples of all children */
    bool all;        /* nall and sum are known (else they are 0: no list was read) */
};

struct scratch {
    struct item *cur, *next;
    size_t cur_cap, next_cap;
    struct trie_heavy *sort;   /* ORDER_WEIGHT work space */
    size_t sort_cap;
    /* the cache */
    const struct trie *t;      /* fingerprint of the trie the cache is for */
    uint64_t gen;
    size_t size;
    double root_total;
    uint32_t max_depth;
    double T;                  /* the threshold: children with total * cols >= T */
    int cols;
    /* colour slot per name id (bit 31: known); names never change for an id */
    const struct strtab *slots_names;
    uint32_t *slots;
    size_t slots_cap;
    struct slot *map;
    size_t map_cap, map_used;  /* map_cap: power of two or 0 */
    struct kid *kids;
    size_t kids_len, kids_cap;
    uint64_t diff_uid, diff_gen; /* diff (diffcolor.h): the largest change, cached */
    double diff_max;
    const struct slot *last;   /* the entry cached_kids() answered from last */
};

static void cache_clear(struct scratch *s, const struct trie *t, double T, int cols)
{
    s->t = t;
    s->gen = trie_generation(t);
    s->size = trie_size(t);
    s->root_total = trie_total_d(t, TRIE_ROOT);
    s->max_depth = trie_max_depth(t);
    s->T = T;
    s->cols = cols;
    s->kids_len = 0;
    s->map_used = 0;
    for (size_t i = 0; i < s->map_cap; i++)
        s->map[i].node = TRIE_NONE;
}

static struct slot *cache_find(struct scratch *s, uint32_t node)
{
    size_t mask = s->map_cap - 1, i = (node * 2654435761u) & mask;
    while (s->map[i].node != TRIE_NONE && s->map[i].node != node)
        i = (i + 1) & mask;
    return &s->map[i];
}

static struct slot *cache_add(struct scratch *s, uint32_t node)
{
    if (2 * (s->map_used + 1) > s->map_cap) {
        struct slot *old = s->map;
        size_t oc = s->map_cap;
        s->map_cap = oc ? oc * 2 : 1024;
        s->map = xcalloc(s->map_cap, sizeof(*s->map));
        for (size_t i = 0; i < s->map_cap; i++)
            s->map[i].node = TRIE_NONE;
        for (size_t i = 0; i < oc; i++)
            if (old[i].node != TRIE_NONE)
                *cache_find(s, old[i].node) = old[i];
        free(old);
    }
    struct slot *e = cache_find(s, node);
    e->node = node;
    s->map_used++;
    return e;
}

/* The cached candidate children of node (name order); fills the entry on a miss. all:
 * nall and sum are wanted (merged narrow frames); else, when the trie's bound says no
 * child is drawable, the list is not read and the entry holds no child at all. */
static const struct kid *cached_kids(struct scratch *s, struct trie *t, uint32_t node,
                                     bool all, size_t *n)
{
    struct slot *e = s->map_cap ? cache_find(s, node) : NULL;
    if (!e || e->node != node || (all && !e->all)) {
        if (!e || e->node != node)
            e = cache_add(s, node);
        e->off = s->kids_len;
        size_t nk = 0;
        const uint32_t *k = NULL;
        bool read = all || trie_kids_max_bound(t, node) * s->cols >= s->T;
        if (read)
            k = trie_children(t, node, &nk);
        double cum = 0;
        for (size_t i = 0; i < nk; i++) {
            double tot = trie_total_d(t, k[i]);
            if (tot * s->cols >= s->T) {
                FT_GROW(s->kids, s->kids_cap, s->kids_len + 1);
                s->kids[s->kids_len++] = (struct kid){k[i], (uint32_t)i, tot, cum};
            }
            cum += tot;
        }
        e->n = (uint32_t)(s->kids_len - e->off);
        e->nall = (uint32_t)nk;
        e->sum = cum;
        e->all = read;
    }
    s->last = e;
    *n = e->n;
    return s->kids ? s->kids + e->off : NULL; /* no drawable child yet: NULL + 0 is UB */
}

void rect_list_free(struct rect_list *out)
{
    struct scratch *s = out->scratch;
    if (s) {
        free(s->cur);
        free(s->next);
        free(s->sort);
        free(s->map);
        free(s->slots);
        free(s->kids);
        free(s);
    }
    free(out->v);
    buf_fini(&out->labels);
    memset(out, 0, sizeof(*out));
}

struct ctx {
    const struct layout_in *in;
    struct rect_list *out;
    enum label_mode mode;
    int cols;
    double T;
    double diff_max;     /* a diff trie: the largest change (diffcolor_max); else 0 */
};

static unsigned colour(struct ctx *c, uint32_t nid, const char *name, size_t len)
{
    struct scratch *s = c->out->scratch;
    if (nid == UINT32_MAX)
        return theme_slot(name, len);
    if (nid >= s->slots_cap) {
        size_t old = s->slots_cap;
        FT_GROW(s->slots, s->slots_cap, (size_t)nid + 1);
        memset(s->slots + old, 0, (s->slots_cap - old) * sizeof(*s->slots));
    }
    if (!(s->slots[nid] & 0x80000000u))
        s->slots[nid] = theme_slot(name, len) | 0x80000000u;
    return s->slots[nid] & 0x7fffffffu;
}

static void emit(struct ctx *c, uint32_t node, uint32_t depth, int x, int w, unsigned flags)
{
    struct rect_list *out = c->out;
    const struct layout_in *in = c->in;
    size_t len;
    const char *name = trie_label(in->t, node, &len);
    uint32_t nid = trie_name(in->t, node);
    if (node == in->selected)
        flags |= RECT_SELECTED;
    if (in->match && nid != UINT32_MAX && in->match[nid])
        flags |= RECT_MATCH;
    if (out->n == out->cap)
        FT_GROW(out->v, out->cap, out->n + 1);
    struct rect *r = &out->v[out->n++];
    r->x = x;
    r->w = w;
    r->y = (int)(depth - (uint32_t)in->vp.scroll);   /* flipped at the end for flame */
    r->node = node;
    r->depth = depth;
    r->color = colour(c, nid, name, len);
    if (c->diff_max > 0)   /* a diff: coloured and marked by the change (diffcolor.h) */
        r->color = diffcolor_slot(in->t, node, c->diff_max);
    r->flags = flags;
    r->label = out->labels.len;
    r->label_cols = 0;
    r->hidden = 0;
    r->hidden_total = 0;
    int inner = w - 2;
    if (inner >= 1) {
        if (flags & RECT_MATCH) {
            buf_putc(&out->labels, '*');
            inner--;
            r->label_cols = 1;
        }
        if (c->diff_max > 0)
            inner -= diffcolor_put_mark(&out->labels, in->t, node, inner, &r->label_cols);
        if (in->names && nid != UINT32_MAX) {   /* short names (names.h) */
            size_t sl, tail;
            const char *sn = names_get(in->names, trie_names(in->t), nid, &sl, &tail);
            sl = label_strip_kind(sn, sl);   /* _[k] _[j] _[i] are not shown */
            if (tail >= sl)
                tail = 0;
            r->label_cols += label_fit_tail(&out->labels, sn, sl, tail, inner, c->mode);
        } else {
            r->label_cols +=
                label_fit(&out->labels, name, label_strip_kind(name, len), inner, c->mode);
        }
    }
    buf_putc(&out->labels, '\0');
}

/* Whether a narrow child k of the run, or a frame below it, matches the search. */
static bool hidden_match(const struct ctx *c, uint32_t k)
{
    const struct layout_in *in = c->in;
    uint32_t nid = trie_name(in->t, k);
    if (in->match && nid != UINT32_MAX && in->match[nid])
        return true;
    return in->match_below && in->match_below[k];
}

/* The RECT_MERGED rect of a run of it->hidden narrow children of it->node. */
static void emit_merged(struct ctx *c, const struct item *it, uint32_t depth, int x, int w)
{
    struct rect_list *out = c->out;
    const struct layout_in *in = c->in;
    unsigned flags = RECT_MERGED;
    if (in->match || in->match_below) {
        size_t nk;
        const uint32_t *k = trie_children(in->t, it->node, &nk);
        size_t i = it->first == UINT32_MAX ? 0 : it->first;
        size_t end = it->first == UINT32_MAX ? nk : i + it->hidden;
        for (; i < end && i < nk && !(flags & RECT_MATCH); i++)
            if (trie_total_d(in->t, k[i]) * c->cols < c->T && hidden_match(c, k[i]))
                flags |= RECT_MATCH;
    }
    if (out->n == out->cap)
        FT_GROW(out->v, out->cap, out->n + 1);
    struct rect *r = &out->v[out->n++];
    *r = (struct rect){.x = x, .w = w, .y = (int)(depth - (uint32_t)in->vp.scroll),
                       .node = it->node, .depth = depth, .color = 0, .flags = flags,
                       .label = out->labels.len, .hidden = it->hidden,
                       .hidden_total = it->total};
    buf_putc(&out->labels, '\0');
}

static int cell(const struct ctx *c, double s)
{
    if (s <= 0)
        return 0;
    double x = floor(s * c->cols / c->T);
    return x >= c->cols ? c->cols : (int)x;
}

/* Appends the drawable children of it to s->next (n entries so far); returns the new
 * n. */
static size_t children(struct ctx *c, struct scratch *s, const struct item *it, size_t n)
{
    size_t nk;
    const struct kid *k = cached_kids(s, c->in->t, it->node, c->in->merge_narrow, &nk);
    if (c->in->vp.order == ORDER_WEIGHT) {
        size_t m = 0;
        for (size_t i = 0; i < nk; i++) {
            if (k[i].total * c->cols < c->T)
                continue;
            FT_GROW(s->sort, s->sort_cap, m + 1);
            s->sort[m++] = (struct trie_heavy){k[i].node, k[i].idx, k[i].total};
        }
        trie_sort_heaviest(s->sort, m);   /* s->sort is NULL until the first drawable child */
        FT_GROW(s->next, s->next_cap, n + m + 1);
        double cum = it->start;
        for (size_t i = 0; i < m; i++) {
            s->next[n++] = (struct item){s->sort[i].node, cum, s->sort[i].total, 0, 0};
            cum += s->sort[i].total;
        }
        if (c->in->merge_narrow && s->last->nall > m && s->last->sum > cum - it->start)
            s->next[n++] = (struct item){it->node, cum, it->start + s->last->sum - cum,
                                         (uint32_t)(s->last->nall - m), UINT32_MAX};
        return n;
    }
    const struct slot *e = s->last;
    bool merge = c->in->merge_narrow;
    double end = 0;      /* where the previous drawable child ends (relative) */
    uint32_t next = 0;   /* name-order index after the previous drawable child */
    for (size_t i = 0; i < nk; i++) {
        if (k[i].total * c->cols >= c->T) {
            FT_GROW(s->next, s->next_cap, n + 2);
            if (merge && k[i].idx > next && k[i].off > end)
                s->next[n++] = (struct item){it->node, it->start + end, k[i].off - end,
                                             k[i].idx - next, next};
            s->next[n++] = (struct item){k[i].node, it->start + k[i].off, k[i].total, 0, 0};
            end = k[i].off + k[i].total;
            next = k[i].idx + 1;
        }
    }
    if (merge && e->nall > next && e->sum > end) {
        FT_GROW(s->next, s->next_cap, n + 1);
        s->next[n++] = (struct item){it->node, it->start + end, e->sum - end,
                                     e->nall - next, next};
    }
    return n;
}

/* Brings the scratch's caches up to date for t at the threshold c->T / c->cols: the
 * largest change of a diff trie (into c->diff_max), the drawable-children cache and the
 * colour slots. */
static void cache_sync(struct scratch *s, struct ctx *c, struct trie *t)
{
    if (trie_has_base(t)) {
        if (s->diff_uid != trie_uid(t) || s->diff_gen != trie_generation(t)) {
            s->diff_uid = trie_uid(t);
            s->diff_gen = trie_generation(t);
            s->diff_max = diffcolor_max(t);
        }
        c->diff_max = s->diff_max;
    }
    /* Reuse the cache if the new threshold T/cols is not below the cached one. A trie
     * freed and another made at the same address is told apart by the rest of the
     * fingerprint (and node ids stay < trie_size, so a stale entry cannot crash);
     * layout_cache_reset() makes it certain. */
    if (s->t != t || s->gen != trie_generation(t) || s->size != trie_size(t) ||
        s->root_total != trie_total_d(t, TRIE_ROOT) || s->max_depth != trie_max_depth(t) ||
        c->T * s->cols < s->T * c->cols)
        cache_clear(s, t, c->T, c->cols);
    if (s->slots_names != trie_names(t)) {
        s->slots_names = trie_names(t);
        if (s->slots)
            memset(s->slots, 0, s->slots_cap * sizeof(*s->slots));
    }
}

/* The rows in view: depths scroll..last. */
struct rows_in_view {
    uint32_t scroll, last;
    uint32_t deepest;   /* the deepest row drawn, when any */
    bool any;
};

/* Ancestors of the zoom root: full-width bars, root first. */
static void emit_ancestors(struct ctx *c, uint32_t zoom, struct rows_in_view *rv)
{
    const struct trie *t = c->in->t;
    struct rect_list *out = c->out;
    for (uint32_t a = trie_parent(t, zoom); a != TRIE_NONE; a = trie_parent(t, a)) {
        uint32_t d = trie_depth(t, a);
        if (d >= rv->scroll && d <= rv->last) {
            emit(c, a, d, 0, c->cols, RECT_ANCESTOR);
            if (!rv->any || d > rv->deepest)
                rv->deepest = d;
            rv->any = true;
        }
    }
    /* emit() appended them leaf-most first; put them in root-first order. */
    for (size_t i = 0, j = out->n; i + 1 < j; i++, j--) {
        struct rect tmp = out->v[i];
        out->v[i] = out->v[j - 1];
        out->v[j - 1] = tmp;
    }
}

/* The rects of the n items of s->cur, at depth d. */
static void emit_row(struct ctx *c, const struct scratch *s, size_t n, uint32_t d,
                     uint32_t zoom)
{
    for (size_t i = 0; i < n; i++) {
        const struct item *it = &s->cur[i];
        int x = cell(c, it->start), x2 = cell(c, it->start + it->total);
        if (it->hidden) {   /* merged narrow frames: only when they span a cell */
            if (x2 > x)
                emit_merged(c, it, d, x, x2 - x);
            continue;
        }
        if (it->node == zoom)
            x = 0, x2 = c->cols;
        if (x2 <= x)
            x2 = x + 1 <= c->cols ? x + 1 : x;   /* float rounding guard */
        if (x2 > x)
            emit(c, it->node, d, x, x2 - x, 0);
    }
}

/* The items of the row below the n items of s->cur become s->cur; returns their number. */
static size_t next_row(struct ctx *c, struct scratch *s, size_t n)
{
    size_t m = 0;
    for (size_t i = 0; i < n; i++)
        if (!s->cur[i].hidden)
            m = children(c, s, &s->cur[i], m);
    struct item *tmp = s->cur;
    size_t tcap = s->cur_cap;
    s->cur = s->next, s->cur_cap = s->next_cap;
    s->next = tmp, s->next_cap = tcap;
    return m;
}

/* Whether an item of s->cur[0..n) is a frame (not merged narrow frames). */
static bool any_frame(const struct scratch *s, size_t n)
{
    for (size_t i = 0; i < n; i++)
        if (!s->cur[i].hidden)
            return true;
    return false;
}

void layout_compute(const struct layout_in *in, struct rect_list *out)
{
    struct trie *t = in->t;
    out->n = 0;
    out->labels.len = 0;
    out->more = false;
    out->total = 0;
    int rows = in->vp.rows;
    int scroll = in->vp.scroll > 0 ? in->vp.scroll : 0;
    bool unbounded = rows <= 0;
    out->rows = unbounded ? 0 : rows;
    if (!out->scratch)
        out->scratch = xcalloc(1, sizeof(struct scratch));
    struct scratch *s = out->scratch;
    if (in->vp.cols <= 0 || !t)
        return;
    uint32_t zoom = in->zoom;
    if (zoom == TRIE_NONE || zoom >= trie_size(t))
        zoom = TRIE_ROOT;

    struct layout_in in2 = *in;
    in2.vp.scroll = scroll;
    struct ctx c = {&in2, out, label_mode_resolve(in->label_mode), in->vp.cols,
                    trie_total_d(t, zoom), 0};
    out->total = c.T;
    cache_sync(s, &c, t);
    struct rows_in_view rv = {(uint32_t)scroll, (uint32_t)scroll + (uint32_t)rows - 1, 0,
                              false};
    if (unbounded || rv.last < rv.scroll)
        rv.last = UINT32_MAX;   /* unbounded, or overflow */
    emit_ancestors(&c, zoom, &rv);

    size_t n = 1;
    FT_GROW(s->cur, s->cur_cap, 1);
    s->cur[0] = (struct item){zoom, 0, c.T, 0, 0};
    for (uint32_t d = trie_depth(t, zoom); n > 0; d++) {
        if (d > rv.last) {   /* drawable frames below the last row */
            out->more = any_frame(s, n);
            break;
        }
        if (d >= rv.scroll) {
            emit_row(&c, s, n, d, zoom);
            rv.deepest = d;
            rv.any = true;
        }
        if (c.T <= 0)
            break;
        n = next_row(&c, s, n);
    }

    if (unbounded)
        out->rows = rv.any ? (int)(rv.deepest - rv.scroll) + 1 : 0;
    if (in->vp.orient == ORIENT_FLAME)
        for (size_t i = 0; i < out->n; i++)
            out->v[i].y = out->rows - 1 - out->v[i].y;
}

void layout_cache_reset(struct rect_list *rl)
{
    struct scratch *s = rl->scratch;
    if (s) {
        s->t = NULL;
        s->slots_names = NULL;
    }
}

void layout_frame_text(const struct rect_list *rl, const struct rect *r, struct buf *out)
{
    if (r->w <= 0)
        return;
    if (r->w == 1) {
        buf_putc(out, '|');
        return;
    }
    const char *l = layout_label(rl, r);
    size_t len = strlen(l);
    buf_putc(out, '[');
    buf_append(out, l, len);
    for (int i = r->label_cols; i < r->w - 2; i++)
        buf_putc(out, ' ');
    buf_putc(out, ']');
}

const struct rect *layout_find(const struct rect_list *rl, uint32_t node)
{
    for (size_t i = 0; i < rl->n; i++)
        if (rl->v[i].node == node && !(rl->v[i].flags & RECT_MERGED))
            return &rl->v[i];
    return NULL;
}

const struct rect *layout_hit(const struct rect_list *rl, int x, int y)
{
    for (size_t i = 0; i < rl->n; i++) {
        const struct rect *r = &rl->v[i];
        if (r->y == y && x >= r->x && x < r->x + r->w)
            return r;
    }
    return NULL;
}

static uint32_t zoom_of(const struct layout_in *in)
{
    return in->zoom == TRIE_NONE || in->zoom >= trie_size(in->t) ? TRIE_ROOT : in->zoom;
}

/* The child of anc on the path down to node, or TRIE_NONE if anc is not a strict
 * ancestor of node. */
static uint32_t child_towards(const struct trie *t, uint32_t anc, uint32_t node)
{
    uint32_t prev = TRIE_NONE;
    for (uint32_t a = node; a != TRIE_NONE; prev = a, a = trie_parent(t, a))
        if (a == anc)
            return prev;
    return TRIE_NONE;
}

bool layout_drawable(const struct layout_in *in, uint32_t node)
{
    if (node == TRIE_NONE || node >= trie_size(in->t) || in->vp.cols <= 0)
        return false;
    uint32_t zoom = zoom_of(in);
    double T = trie_total_d(in->t, zoom);
    for (uint32_t a = node; a != TRIE_NONE; a = trie_parent(in->t, a)) {
        if (a == zoom)
            return true;
        if (trie_total_d(in->t, a) * in->vp.cols < T || T <= 0)
            return false;
    }
    /* Not below the zoom root: drawn if it is one of its ancestors. */
    return child_towards(in->t, node, zoom) != TRIE_NONE;
}

int layout_depth(const struct layout_in *in)
{
    struct trie *t = in->t;
    if (!t || in->vp.cols <= 0)
        return 0;
    uint32_t zoom = zoom_of(in), d = trie_depth(t, zoom), maxd = trie_max_depth(t);
    double T = trie_total_d(t, zoom), cols = in->vp.cols;
    if (T <= 0)
        return (int)d;   /* layout_compute draws the zoom root alone */
    /* Level by level over drawable frames only (at most about cols per level, as their
     * totals are >= T/cols and add up to <= T); stops at the trie's deepest level. */
    size_t n = 1, cur_cap = 0, next_cap = 0;
    uint32_t *cur = NULL, *next = NULL;
    FT_GROW(cur, cur_cap, 1);
    cur[0] = zoom;
    while (d < maxd) {
        size_t m = 0;
        for (size_t i = 0; i < n; i++) {
            size_t nk;
            if (trie_kids_max_bound(t, cur[i]) * cols < T)
                continue;   /* no child is drawable: the list is not read */
            const uint32_t *k = trie_children(t, cur[i], &nk);
            for (size_t j = 0; j < nk; j++) {
                if (trie_total_d(t, k[j]) * cols >= T) {
                    FT_GROW(next, next_cap, m + 1);
                    next[m++] = k[j];
                }
            }
        }
        if (m == 0)
            break;
        d++;
        uint32_t *tmp = cur;
        size_t tcap = cur_cap;
        cur = next, cur_cap = next_cap;
        next = tmp, next_cap = tcap;
        n = m;
    }
    free(cur);
    free(next);
    return d > INT_MAX ? INT_MAX : (int)d;
}

static uint32_t widest_child(const struct layout_in *in, uint32_t node)
{
    uint32_t zoom = zoom_of(in);
    uint32_t next = child_towards(in->t, node, zoom);
    if (next != TRIE_NONE)
        return next;
    if (!layout_drawable(in, node))
        return TRIE_NONE;
    double T = trie_total_d(in->t, zoom);
    if (trie_kids_max_bound(in->t, node) * in->vp.cols < T || T <= 0)
        return TRIE_NONE;   /* no child is drawable */
    size_t nk;
    const uint32_t *k = trie_children(in->t, node, &nk);
    uint32_t best = TRIE_NONE;
    double bw = 0;
    for (size_t i = 0; i < nk; i++) {   /* name order: ties go to the first name */
        double w = trie_total_d(in->t, k[i]);
        if (w * in->vp.cols >= T && T > 0 && (best == TRIE_NONE || w > bw))
            best = k[i], bw = w;
    }
    return best;
}

uint32_t layout_move(const struct layout_in *in, const struct rect_list *rl, uint32_t node,
                     enum layout_move m)
{
    if (node == TRIE_NONE || node >= trie_size(in->t))
        return node;
    if (m == LAYOUT_UP)
        m = in->vp.orient == ORIENT_FLAME ? LAYOUT_CHILD : LAYOUT_PARENT;
    else if (m == LAYOUT_DOWN)
        m = in->vp.orient == ORIENT_FLAME ? LAYOUT_PARENT : LAYOUT_CHILD;
    switch (m) {
    case LAYOUT_PARENT: {
        uint32_t p = trie_parent(in->t, node);
        return p == TRIE_NONE ? node : p;
    }
    case LAYOUT_CHILD: {
        uint32_t c = widest_child(in, node);
        return c == TRIE_NONE ? node : c;
    }
    case LAYOUT_LEFT:
    case LAYOUT_RIGHT: {
        const struct rect *r = rl ? layout_find(rl, node) : NULL;
        if (!r)
            return node;
        const struct rect *best = NULL;
        for (size_t i = 0; i < rl->n; i++) {
            const struct rect *q = &rl->v[i];
            if (q->y != r->y || q == r || (q->flags & RECT_MERGED))
                continue;
            if (m == LAYOUT_LEFT && q->x < r->x && (!best || q->x > best->x))
                best = q;
            if (m == LAYOUT_RIGHT && q->x > r->x && (!best || q->x < best->x))
                best = q;
        }
        return best ? best->node : node;
    }
    default:
        return node;
    }
}

int layout_scroll_to(const struct layout_in *in, uint32_t node)
{
    int rows = in->vp.rows, scroll = in->vp.scroll > 0 ? in->vp.scroll : 0;
    if (rows <= 0 || node == TRIE_NONE || node >= trie_size(in->t))
        return rows <= 0 ? 0 : scroll;
    long d = (long)trie_depth(in->t, node);
    if (d < scroll)
        return (int)d;
    if (d >= (long)scroll + rows)
        return (int)(d - rows + 1);
    return scroll;
}
