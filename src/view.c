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

enum {
    N_HIDDEN = 1,   /* the node's name is hidden */
    N_DEAD = 2,     /* an excluded frame is on the path: nothing below survives */
    N_KEEP = 4,     /* a stack ends here and the filters keep it */
    N_NEEDED = 8,   /* a kept stack ends here or below: the derived node is created */
};

struct build {
    struct trie *base, *out;
    uint64_t *mask;          /* per name: the include/exclude bits it sets */
    unsigned char *hide;     /* per name: hidden by some hide filter */
    uint64_t need, forbid;   /* include bits that must be set; exclude bits that must not */
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

/* Nodes are visited in id order: a parent's id is always smaller than its children's,
 * so per-node state flows down in one sequential pass, and "needed" flows up in one
 * reverse pass. Derived nodes are created only for stacks that are kept. */
struct trie *view_build(struct view *v, struct trie *base)
{
    struct strtab *names = trie_names(base);
    struct build b = {.base = base};
    size_t count = strtab_count(names), n = trie_size(base);
    update_matches(v, names);
    make_masks(v, &b, count);
    b.out = trie_new(names);
    bool bits = b.need | b.forbid;
    uint64_t *has = bits ? xcalloc(n, sizeof *has) : NULL;
    unsigned char *fl = xcalloc(n, 1);
    uint32_t *vis = xcalloc(n, sizeof *vis);   /* visible frames on the path */

    /* down: path state, and which stacks are kept */
    for (size_t i = 0; i < n; i++) {
        uint32_t node = (uint32_t)i, p = trie_parent(base, node);
        if (i > 0) {
            uint32_t name = trie_name(base, node);
            if (fl[p] & N_DEAD) {
                fl[i] = N_DEAD;
                continue;
            }
            if (bits) {
                has[i] = has[p] | b.mask[name];
                if (has[i] & b.forbid) {
                    fl[i] = N_DEAD;
                    continue;
                }
            }
            fl[i] = b.hide[name] ? N_HIDDEN : 0;
            vis[i] = vis[p] + !b.hide[name];
        }
        if (!trie_is_terminal(base, node) || (bits && (has[i] & b.need) != b.need))
            continue;
        if (i > 0 && vis[i] == 0)             /* every frame hidden */
            continue;
        fl[i] |= N_KEEP | N_NEEDED;
    }
    if (v->reverse) {
        uint32_t *path = xcalloc((size_t)trie_max_depth(base) + 1, sizeof *path);
        for (size_t i = 0; i < n; i++) {
            if (!(fl[i] & N_KEEP))
                continue;
            size_t k = 0;                     /* leaf first: walk up */
            for (uint32_t a = (uint32_t)i; a != TRIE_ROOT; a = trie_parent(base, a))
                if (!(fl[a] & N_HIDDEN))
                    path[k++] = trie_name(base, a);
            trie_insert(b.out, path, k, trie_self(base, (uint32_t)i));
        }
        free(path);
    } else {
        /* up: a node is needed when a kept stack ends at or below it */
        for (size_t i = n; i-- > 1;)
            if (fl[i] & N_NEEDED)
                fl[trie_parent(base, (uint32_t)i)] |= N_NEEDED;
        uint32_t *map = vis;                  /* reused: base node -> derived node */
        map[0] = TRIE_ROOT;
        for (size_t i = 1; i < n; i++) {
            if (!(fl[i] & N_NEEDED))
                continue;
            uint32_t node = (uint32_t)i, up = map[trie_parent(base, node)];
            map[i] = fl[i] & N_HIDDEN ? up : trie_child(b.out, up, trie_name(base, node));
        }
        for (size_t i = 0; i < n; i++)
            if (fl[i] & N_KEEP)
                trie_add(b.out, map[i], trie_self(base, (uint32_t)i));
    }
    free(vis);
    free(fl);
    free(has);
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
