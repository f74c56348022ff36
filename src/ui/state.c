/* SPDX-License-Identifier: MIT */
/* flametui - state.c: the services below the screens: the status message, the screen
 * stack, the search, the lazy reversed view, layout requests, name paths, names and
 * numbers made safe for a terminal. Pure. */
#include "config.h"

#include "ui/state.h"

#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "core/strtab.h"
#include "core/trie.h"
#include "input/loader.h"
#include "query/search.h"
#include "render/label.h"
#include "render/names.h"
#include "ui/keymap.h"

void app_message(struct app *a, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(a->msg, sizeof(a->msg), fmt, ap);
    va_end(ap);
    a->msg_error = false;
}

/* ---- the screen stack ---- */

enum ui_screen app_screen(const struct app *a)
{
    return a->stack[a->depth - 1];
}

enum ui_screen app_under(const struct app *a)
{
    return a->depth > 1 ? a->stack[a->depth - 2] : a->stack[0];
}

const struct screen_ops *state_ops(const struct app *a)
{
    return a->ops[app_screen(a)];
}

const struct screen_ops *state_shown_ops(const struct app *a)
{
    const struct screen_ops *o = state_ops(a);
    return o->overlay ? a->ops[app_under(a)] : o;
}

void app_push(struct app *a, enum ui_screen s)
{
    if (a->depth < APP_STACK)
        a->stack[a->depth++] = s;
    else
        a->stack[a->depth - 1] = s;
}

void app_pop(struct app *a)
{
    if (a->depth > 1)
        a->depth--;
}

enum reaction state_open(struct app *a, enum action act, uint32_t name)
{
    for (size_t i = 0; i < SCREEN_COUNT; i++)
        if (a->ops[i]->open && a->ops[i]->opened_by == act)
            return a->ops[i]->open(a, name);
    return RE_NONE;
}

void app_help_text(const struct app *a, struct buf *out)
{
    enum ui_screen s = state_ops(a)->overlay ? app_under(a) : app_screen(a);
    struct buf h = {0};
    keymap_help_text(&h, s, a->ops[s]->mouse_help);
    if (keymap_screens(ACT_SEARCH) & (1u << s))   /* the screens with prompts */
        buf_printf(&h, "Prompts: Enter accepts, Esc cancels, Backspace on empty leaves\n");
    /* the box has a margin either side: a line wider than the screen wraps, its
     * continuation under the text after the keys (the first two spaces) */
    int cols = a->cols > 4 ? a->cols - 4 : 1 << 20;
    for (size_t i = 0; i < h.len;) {
        const char *l = h.p + i, *nl = memchr(l, '\n', h.len - i);
        size_t n = nl ? (size_t)(nl - l) : h.len - i;
        int hang = 0;   /* the column of the text after the first two spaces */
        while (hang + 1 < (int)n && !(l[hang] == ' ' && l[hang + 1] == ' '))
            hang++;
        while (hang < (int)n && l[hang] == ' ')
            hang++;
        names_wrap(out, l, n, cols, hang < cols / 2 ? hang : 2);
        i += n + 1;
    }
    buf_fini(&h);
}

/* ---- the search and the lazy reversed view ---- */

/* After the lazy shown trie grew in place from generation g0. */
static void lazy_synced(struct app *a, uint64_t g0)
{
    if (a->gen == g0)
        a->gen = trie_generation(a->t);
}

void state_lazy_expand_node(struct app *a, uint32_t node)
{
    uint64_t g0 = trie_generation(a->t);
    if (graph_expand_node(a->graph, a->t, node))
        lazy_synced(a, g0);
}

void state_lazy_complete(struct app *a)
{
    uint64_t g0 = trie_generation(a->t);
    if (graph_complete(a->graph, a->t))
        lazy_synced(a, g0);
}

int app_set_search(struct app *a, const char *pattern, struct ft_error *err)
{
    a->rank_node = TRIE_NONE;
    if (!pattern || !*pattern) {
        search_free(a->search);
        a->search = NULL;
        a->search_hl = false;
        graph_set_lazy(a->graph, true);   /* the next reversed view: as far as drawn */
        return 0;
    }
    struct search *s = search_new(pattern, err);
    if (!s)
        return -1;
    search_free(a->search);
    a->search = s;
    a->search_hl = false;
    state_lazy_complete(a);
    graph_set_lazy(a->graph, false);   /* while searching, views are derived whole */
    search_attach(s, a->t);
    return 0;
}

void app_layout_in(const struct app *a, struct layout_in *in)
{
    /* Logically const (like trie_children's cache): the lazy reversed view fills in
     * what a layout of this zoom and width reads, before anything reads it. */
    struct app *ma = (struct app *)(uintptr_t)a;
    uint64_t g0 = trie_generation(a->t);
    if (graph_expand(ma->graph, ma->t, a->zoom, a->vp.cols))
        lazy_synced(ma, g0);
    memset(in, 0, sizeof(*in));
    in->t = a->t;
    in->zoom = a->zoom;
    in->selected = a->sel;
    in->match = a->search ? search_matches(a->search) : NULL;
    in->vp = a->vp;
    in->names = a->names_full ? NULL : a->names;
    in->merge_narrow = true;   /* the viewer marks frames narrower than a cell */
    in->match_below = a->search ? search_below(a->search) : NULL;
}

/* ---- name paths ---- */

void state_path_set(struct name_path *p, const struct trie *t, uint32_t node)
{
    size_t d = node == TRIE_NONE ? 0 : trie_depth(t, node);
    FT_GROW(p->v, p->cap, d);
    p->n = d;
    uint32_t n = node;
    for (size_t i = d; i > 0; i--) {
        p->v[i - 1] = trie_name(t, n);
        n = trie_parent(t, n);
    }
}

void state_path_copy(struct name_path *dst, const struct name_path *src)
{
    FT_GROW(dst->v, dst->cap, src->n);
    if (src->n)
        memcpy(dst->v, src->v, src->n * sizeof(*src->v));
    dst->n = src->n;
}

void state_path_set1(struct name_path *p, uint32_t name)
{
    FT_GROW(p->v, p->cap, 1);
    p->v[0] = name;
    p->n = 1;
}

/* ---- names and numbers made safe ---- */

void state_safe(struct buf *out, const char *s, size_t n)
{
    label_escape(out, s, n, LABEL_AUTO);
}

#define NAME_CAP 4096

/* A frame name: a name of megabytes (hostile input) was escaped and measured on every
 * redraw (~1.4 s per key for a 64 MB name); no screen shows more than a few KB of it. */
void state_safe_name(struct buf *out, const char *s, size_t n)
{
    if (n > NAME_CAP) {
        state_safe(out, s, NAME_CAP);
        buf_append(out, "..", 2);
        return;
    }
    state_safe(out, s, n);
}

int state_cols_from(const struct buf *b, size_t from)
{
    return b->len > from ? label_width(b->p + from, b->len - from, LABEL_AUTO) : 0;
}

void state_name(const struct app *a, uint32_t name, int cols, struct buf *out)
{
    size_t n, tail = 0;
    const char *s;
    if (name == UINT32_MAX) {
        s = "all";
        n = 3;
    } else if (!a->names_full && a->names) {
        s = names_get(a->names, trie_names(a->base), name, &n, &tail);
    } else {
        s = strtab_get(trie_names(a->base), name, &n);
    }
    if (cols < 0) {
        state_safe_name(out, s, n);
        return;
    }
    if (n <= NAME_CAP && label_width(s, n, LABEL_AUTO) <= cols)
        state_safe(out, s, n);
    else
        label_fit_tail(out, s, n, tail, cols, LABEL_AUTO);
}

void state_unit(const struct app *a, struct unit *u)
{
    if (a->live.has_unit) {
        *u = a->live.unit;
    } else if (a->live.nevents > 0) {   /* perf input: its event decides */
        bool counts = trie_total_d(a->base, TRIE_ROOT) == (double)a->live.events[0].samples;
        numfmt_unit_set(u, a->live.events[0].name, "period", counts);
    } else {
        numfmt_unit_set(u, NULL, NULL, false);
    }
    u->ascii = label_mode_resolve(LABEL_AUTO) == LABEL_ASCII;
}

/* The unit of one input's weights (loader_weight). */
static void input_unit(struct loader *l, bool counts, struct unit *x)
{
    char type[64];
    const char *unit = NULL;
    if (loader_weight(l, type, sizeof(type), &unit))
        numfmt_unit_set(x, type, unit, counts);
    else
        numfmt_unit_set(x, NULL, NULL, false);
}

bool state_unit_inputs(struct unit *u, struct loader *const *ls, size_t n, double total,
                       struct buf *mixed)
{
    double samples = 0;
    for (size_t i = 0; i < n; i++)
        samples += (double)loader_samples(ls[i]);
    bool counts = total == samples, have = false, same = true;
    numfmt_unit_set(u, NULL, NULL, false);
    struct unit x;
    for (size_t i = 0; i < n; i++) {
        if (loader_samples(ls[i]) == 0)
            continue;
        input_unit(ls[i], counts, &x);
        if (have && !numfmt_unit_same(u, &x))
            same = false;
        if (!have)
            *u = x;
        have = true;
    }
    if (same)
        return true;
    for (size_t i = 0; mixed && i < n; i++) {
        if (loader_samples(ls[i]) == 0)
            continue;
        input_unit(ls[i], counts, &x);
        buf_printf(mixed, "%s%s: %s", mixed->len ? ", " : "", loader_name(ls[i]),
                   numfmt_unit_name(&x));
    }
    numfmt_unit_set(u, NULL, NULL, false);
    u->u = UNIT_MIXED;
    return false;
}

void state_put_weight(struct buf *out, struct count c, const struct unit *u, bool compact)
{
    char w[NUMFMT_MAX + 80];
    numfmt_weight(w, sizeof(w), c, u, compact);
    buf_printf(out, "%s", w);
}

void state_put_number(struct buf *out, struct count c, const struct unit *u, bool compact)
{
    char w[NUMFMT_MAX];
    numfmt_number(w, sizeof(w), c, u, compact);
    buf_printf(out, "%s", w);
}

void state_number(const struct app *a, struct count c, int cols, char *out, size_t n)
{
    struct unit u;
    struct buf b = {0};
    state_unit(a, &u);
    state_put_number(&b, c, &u, false);
    if (cols >= 0 && state_cols_from(&b, 0) > cols) {
        b.len = 0;
        state_put_number(&b, c, &u, true);
    }
    snprintf(out, n, "%.*s", (int)b.len, b.p ? b.p : "");
    buf_fini(&b);
}

bool state_diff(const struct app *a)
{
    return a->base && trie_has_base(a->base);
}

bool state_nothing_read(const struct app *a)
{
    return (a->live.live == UI_LIVE_LOAD || a->live.live == UI_LIVE_ON) && a->live.samples == 0;
}

size_t state_list_page(const struct app *a)
{
    return a->vp.rows > 2 ? (size_t)a->vp.rows - 1 : 1;
}

size_t state_list_move(size_t sel, size_t n, size_t page, enum action act)
{
    size_t last = n ? n - 1 : 0;
    switch (act) {
    case ACT_MOVE_UP: return sel ? sel - 1 : 0;
    case ACT_MOVE_DOWN: return sel < last ? sel + 1 : last;
    case ACT_PAGE_UP: return sel > page ? sel - page : 0;
    case ACT_PAGE_DOWN: return sel + page < last ? sel + page : last;
    case ACT_SCROLL_HOME: return 0;
    default: return last;   /* ACT_SCROLL_END */
    }
}

void state_list_show(size_t sel, size_t *scroll, size_t page)
{
    if (sel < *scroll)
        *scroll = sel;
    if (sel >= *scroll + page)
        *scroll = sel - page + 1;
}

static size_t list_wheel(size_t sel, size_t *scroll, size_t n, size_t page, int wheel)
{
    size_t max = n > page ? n - page : 0;
    if (wheel < 0)
        *scroll = *scroll > 3 ? *scroll - 3 : 0;
    else
        *scroll = *scroll + 3 < max ? *scroll + 3 : max;
    return sel < *scroll ? *scroll : sel >= *scroll + page ? *scroll + page - 1 : sel;
}

bool state_list_mouse(const struct app *a, int y, int wheel, size_t sel, size_t *scroll,
                      size_t n, size_t *row)
{
    if (wheel) {
        *row = list_wheel(sel, scroll, n, state_list_page(a), wheel);
        return true;
    }
    if (y < 2 || (size_t)(y - 2) >= state_list_page(a) || *scroll + (size_t)(y - 2) >= n)
        return false;
    *row = *scroll + (size_t)(y - 2);
    return true;
}

size_t state_list_find(struct app *a, size_t sel, size_t n, bool back,
                       bool (*matches)(const struct app *a, size_t i))
{
    if (!a->search) {
        app_message(a, "no search: press / first");
        return SIZE_MAX;
    }
    for (size_t k = 1; k <= n; k++) {
        size_t i = back ? (sel + n - k) % n : (sel + k) % n;
        if (matches(a, i)) {
            if (back ? i > sel : i < sel)
                app_message(a, "search wrapped");
            return i;
        }
    }
    app_message(a, "no row matches");
    return SIZE_MAX;
}
