/* flametui - view.c: filters and the reversed view (see view.h for the semantics). */
#include "config.h"

#include "view.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "regex.h"
#include "strtab.h"
#include "trie.h"

struct filter {
    enum filter_kind kind;
    struct regex *re;
    unsigned char *match;   /* per name id: 1 = matches (cache, grows with the strtab) */
    size_t nmatched;        /* names [0, nmatched) are in match[] */
};

struct view {
    struct filter f[VIEW_MAX_FILTERS];
    size_t n;
    bool reverse;
};

/* One DFS level. */
struct level {
    uint32_t node;      /* base node */
    uint32_t out;       /* derived node, TRIE_NONE until materialised */
    uint32_t nvis;      /* visible (not hidden) frames on the path, this one included */
    size_t next;        /* next child index */
    uint64_t has;       /* bit j: include/exclude filter j saw a matching frame */
    bool hidden;
};

struct build {
    struct trie *base, *out;
    uint64_t *mask;          /* per name: the include/exclude bits it sets */
    unsigned char *hide;     /* per name: hidden by some hide filter */
    uint64_t need, forbid;   /* include bits that must be set; exclude bits that must not */
    bool reverse;
    struct level *lv;
    uint32_t *vis;           /* visible names of the path (reverse) */
};

struct view *view_new(void)
{
    return xcalloc(1, sizeof(struct view));
}

static void filter_fini(struct filter *f)
{
    regex_free(f->re);
    free(f->match);
    memset(f, 0, sizeof *f);
}

void view_free(struct view *v)
{
    if (!v)
        return;
    view_clear_filters(v);
    free(v);
}

int view_push_filter(struct view *v, enum filter_kind kind, const char *re,
                     struct ft_error *err)
{
    if (v->n == VIEW_MAX_FILTERS)
        return ft_error_set(err, 0, "too many filters (at most %d)", VIEW_MAX_FILTERS);
    struct regex *r = regex_new(re, err);
    if (!r)
        return -1;
    struct filter *f = &v->f[v->n++];
    memset(f, 0, sizeof *f);
    f->kind = kind;
    f->re = r;
    return 0;
}

bool view_pop_filter(struct view *v)
{
    if (v->n == 0)
        return false;
    filter_fini(&v->f[--v->n]);
    return true;
}

void view_clear_filters(struct view *v)
{
    while (view_pop_filter(v))
        ;
}

size_t view_filter_count(const struct view *v)
{
    return v->n;
}

enum filter_kind view_filter_kind(const struct view *v, size_t i)
{
    return v->f[i].kind;
}

const char *view_filter_pattern(const struct view *v, size_t i)
{
    return regex_pattern(v->f[i].re);
}

void view_set_reverse(struct view *v, bool reverse)
{
    v->reverse = reverse;
}

bool view_reverse(const struct view *v)
{
    return v->reverse;
}

bool view_is_identity(const struct view *v)
{
    return v->n == 0 && !v->reverse;
}

void view_describe(const struct view *v, struct buf *out)
{
    static const char *const word[] = {
        [FILTER_INCLUDE] = "include", [FILTER_EXCLUDE] = "exclude", [FILTER_HIDE] = "hide"};
    for (size_t i = 0; i < v->n; i++)
        buf_printf(out, "%s%s:%s", i ? " " : "", word[v->f[i].kind],
                   regex_pattern(v->f[i].re));
    if (v->reverse)
        buf_printf(out, "%sreverse", v->n ? " " : "");
}

/* Brings every filter's match cache up to the strtab's current size. */
static void update_matches(struct view *v, const struct strtab *names)
{
    size_t count = strtab_count(names);
    for (size_t i = 0; i < v->n; i++) {
        struct filter *f = &v->f[i];
        if (f->nmatched >= count)
            continue;
        f->match = xrealloc(f->match, count ? count : 1);
        regex_match_names(f->re, names, f->nmatched, count, f->match);
        f->nmatched = count;
    }
}

/* Per-name masks: hide[] from all hide filters; for include/exclude filter number j
 * (counted among include/exclude filters), bit j when the name matches it and no hide
 * filter pushed before it hides the name. */
static void make_masks(struct view *v, struct build *b, size_t count)
{
    b->mask = xcalloc(count ? count : 1, sizeof *b->mask);
    b->hide = xcalloc(count ? count : 1, 1);
    unsigned j = 0;
    for (size_t i = 0; i < v->n; i++) {
        const struct filter *f = &v->f[i];
        if (f->kind == FILTER_HIDE) {
            for (size_t id = 0; id < count; id++)
                b->hide[id] |= f->match[id];
            continue;
        }
        uint64_t bit = UINT64_C(1) << j++;
        if (f->kind == FILTER_INCLUDE)
            b->need |= bit;
        else
            b->forbid |= bit;
        for (size_t id = 0; id < count; id++)
            if (f->match[id] && !b->hide[id])
                b->mask[id] |= bit;
    }
}

/* Creates the derived nodes of levels up to l (lazily, so dropped stacks leave none). */
static uint32_t materialise(struct build *b, size_t l)
{
    size_t k = l;
    while (b->lv[k].out == TRIE_NONE)
        k--;
    for (k++; k <= l; k++) {
        struct level *p = &b->lv[k - 1], *c = &b->lv[k];
        c->out = c->hidden ? p->out : trie_child(b->out, p->out, trie_name(b->base, c->node));
    }
    return b->lv[l].out;
}

/* A stack ends at level l: add it to the result if the filters keep it. */
static void stack_end(struct build *b, size_t l)
{
    const struct level *lv = &b->lv[l];
    if ((lv->has & b->need) != b->need || (lv->has & b->forbid))
        return;
    if (l > 0 && lv->nvis == 0)              /* every frame hidden */
        return;
    struct count c = trie_self(b->base, lv->node);
    if (!b->reverse) {
        trie_add(b->out, materialise(b, l), c);
        return;
    }
    uint32_t n = lv->nvis;
    for (uint32_t i = 0; i < n / 2; i++) {   /* reverse in place, then restore */
        uint32_t tmp = b->vis[i];
        b->vis[i] = b->vis[n - 1 - i];
        b->vis[n - 1 - i] = tmp;
    }
    trie_insert(b->out, b->vis, n, c);
    for (uint32_t i = 0; i < n / 2; i++) {
        uint32_t tmp = b->vis[i];
        b->vis[i] = b->vis[n - 1 - i];
        b->vis[n - 1 - i] = tmp;
    }
}

struct trie *view_build(struct view *v, struct trie *base)
{
    struct strtab *names = trie_names(base);
    struct build b = {.base = base, .reverse = v->reverse};
    size_t count = strtab_count(names);
    update_matches(v, names);
    make_masks(v, &b, count);
    b.out = trie_new(names);
    size_t cap = (size_t)trie_max_depth(base) + 2;
    b.lv = xcalloc(cap, sizeof *b.lv);
    b.vis = xcalloc(cap, sizeof *b.vis);
    b.lv[0] = (struct level){.node = TRIE_ROOT, .out = TRIE_ROOT};
    size_t l = 0;
    if (trie_is_terminal(base, TRIE_ROOT))
        stack_end(&b, 0);
    for (;;) {
        struct level *lv = &b.lv[l];
        size_t n;
        const uint32_t *kids = trie_children(base, lv->node, &n);
        if (lv->next == n) {
            if (l == 0)
                break;
            l--;
            continue;
        }
        uint32_t c = kids[lv->next++];
        uint32_t name = trie_name(base, c);
        uint64_t has = lv->has | b.mask[name];
        if (has & b.forbid)                  /* every stack below is excluded */
            continue;
        if (l + 1 >= cap) {                  /* cannot happen unless max_depth lies */
            b.lv = xreallocarray(b.lv, cap * 2, sizeof *b.lv);
            b.vis = xreallocarray(b.vis, cap * 2, sizeof *b.vis);
            cap *= 2;
        }
        struct level *ch = &b.lv[++l];
        bool hidden = b.hide[name];
        *ch = (struct level){.node = c, .out = TRIE_NONE, .has = has, .hidden = hidden,
                             .nvis = b.lv[l - 1].nvis + !hidden};
        if (!hidden)
            b.vis[ch->nvis - 1] = name;
        if (trie_is_terminal(base, c))
            stack_end(&b, l);
    }
    free(b.lv);
    free(b.vis);
    free(b.mask);
    free(b.hide);
    return b.out;
}

double view_share(const struct trie *base, const struct trie *derived)
{
    double all = trie_total_d(base, TRIE_ROOT);
    if (all <= 0)
        return 1.0;
    double kept = trie_total_d(derived, TRIE_ROOT) / all;
    return kept > 1.0 ? 1.0 : kept;
}
