/* flametui - tests/unit/test_app.c: pure viewer state: moves, zoom, scroll, paths that
 * survive growth and rebuilds, status text, prompt, help. */
#include "config.h"

#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>
#include <stdlib.h>
#include <string.h>

#include "ui/app.h"
#include "core/count.h"
#include "helpers.h"
#include "ui/keymap.h"
#include "render/layout.h"
#include "query/search.h"
#include "core/strtab.h"
#include "core/trie.h"

#define BASIC "main;alpha;leaf 30\nmain;alpha;two 10\nmain;beta 20\nother 40\n"

static void insert(struct trie *t, const char *stack, uint64_t n)
{
    uint32_t ids[32];
    size_t k = 0;
    const char *p = stack;
    while (*p) {
        const char *e = strchr(p, ';');
        size_t len = e ? (size_t)(e - p) : strlen(p);
        ids[k++] = strtab_intern(trie_names(t), p, len);
        p += len + (e ? 1 : 0);
    }
    trie_insert(t, ids, k, count_u64(n));
}

static void setup_app(struct app *a, struct trie *t, int cols, int rows)
{
    app_init(a, t, "test.folded");
    app_resize(a, cols, rows);
}

static void starts_at_root(void **state)
{
    (void)state;
    struct trie *t = trie_from_folded(BASIC);
    struct app a;
    setup_app(&a, t, 80, 20);
    assert_int_equal(a.sel, TRIE_ROOT);
    assert_int_equal(a.zoom, TRIE_ROOT);
    assert_int_equal(a.vp.orient, ORIENT_FLAME);
    assert_int_equal(app_handle(&a, ACT_QUIT), RE_QUIT);
    app_fini(&a);
    trie_free(t);
}

static void moves_follow_orientation(void **state)
{
    (void)state;
    struct trie *t = trie_from_folded(BASIC);
    struct app a;
    setup_app(&a, t, 80, 20);
    /* flame: up goes to the widest child: main (60) beats other (40) */
    assert_int_equal(app_handle(&a, ACT_MOVE_UP), RE_RELAYOUT);
    assert_int_equal(a.sel, trie_node_at(t, "main"));
    assert_int_equal(app_handle(&a, ACT_MOVE_UP), RE_RELAYOUT);
    assert_int_equal(a.sel, trie_node_at(t, "main;alpha"));
    assert_int_equal(app_handle(&a, ACT_MOVE_DOWN), RE_RELAYOUT);
    assert_int_equal(a.sel, trie_node_at(t, "main"));
    app_handle(&a, ACT_ORIENT);
    assert_int_equal(a.vp.orient, ORIENT_ICICLE);
    /* icicle: down goes deeper */
    app_handle(&a, ACT_MOVE_DOWN);
    assert_int_equal(a.sel, trie_node_at(t, "main;alpha"));
    app_handle(&a, ACT_MOVE_DOWN);
    assert_int_equal(a.sel, trie_node_at(t, "main;alpha;leaf"));
    assert_int_equal(app_handle(&a, ACT_MOVE_DOWN), RE_NONE);   /* a leaf */
    app_handle(&a, ACT_MOVE_UP);
    app_handle(&a, ACT_MOVE_UP);
    app_handle(&a, ACT_MOVE_UP);
    assert_int_equal(a.sel, TRIE_ROOT);
    assert_int_equal(app_handle(&a, ACT_MOVE_UP), RE_NONE);     /* the root */
    app_fini(&a);
    trie_free(t);
}

static void zoom_in_out_reset(void **state)
{
    (void)state;
    struct trie *t = trie_from_folded(BASIC);
    struct app a;
    setup_app(&a, t, 80, 20);
    assert_int_equal(app_handle(&a, ACT_ZOOM_IN), RE_NONE);     /* already the root */
    app_select(&a, trie_node_at(t, "main;alpha"));
    assert_int_equal(app_handle(&a, ACT_ZOOM_IN), RE_RELAYOUT);
    assert_int_equal(a.zoom, trie_node_at(t, "main;alpha"));
    assert_int_equal(app_handle(&a, ACT_ZOOM_OUT), RE_RELAYOUT);
    assert_int_equal(a.zoom, trie_node_at(t, "main"));
    assert_int_equal(a.sel, trie_node_at(t, "main;alpha"));     /* selection kept */
    app_handle(&a, ACT_ZOOM_OUT);
    assert_int_equal(a.zoom, TRIE_ROOT);
    assert_int_equal(app_handle(&a, ACT_ZOOM_OUT), RE_NONE);
    app_handle(&a, ACT_ZOOM_IN);
    app_handle(&a, ACT_ZOOM_RESET);
    assert_int_equal(a.zoom, TRIE_ROOT);
    struct layout_in in;
    app_select(&a, trie_node_at(t, "other"));
    app_handle(&a, ACT_ZOOM_IN);
    app_layout_in(&a, &in);
    assert_int_equal(in.zoom, trie_node_at(t, "other"));
    assert_int_equal(in.selected, trie_node_at(t, "other"));
    assert_int_equal(in.vp.cols, 80);
    app_fini(&a);
    trie_free(t);
}

/* Zoom and selection are name paths: they survive the trie growing and being replaced by
 * a rebuilt trie that shares the strtab (as view_build does). */
static void paths_survive_growth_and_rebuild(void **state)
{
    (void)state;
    struct trie *t = trie_from_folded(BASIC);
    struct app a;
    setup_app(&a, t, 80, 20);
    app_select(&a, trie_node_at(t, "main;alpha;two"));
    app_handle(&a, ACT_MOVE_DOWN);
    app_handle(&a, ACT_ZOOM_IN);
    app_select(&a, trie_node_at(t, "main;alpha;two"));
    insert(t, "aaa;first", 5);
    insert(t, "main;alpha;two;deeper", 7);
    assert_true(app_sync(&a, false));
    assert_false(app_sync(&a, false));
    assert_int_equal(a.zoom, trie_node_at(t, "main;alpha"));
    assert_int_equal(a.sel, trie_node_at(t, "main;alpha;two"));

    struct trie *t2 = trie_new(trie_names(t));
    insert(t2, "zzz", 1);
    insert(t2, "main;alpha;two", 3);
    app_set_trie(&a, t2);
    assert_int_equal(a.zoom, trie_node_at(t2, "main;alpha"));
    assert_int_equal(a.sel, trie_node_at(t2, "main;alpha;two"));
    assert_ptr_equal(a.t, t2);

    /* A path that no longer exists resolves to its deepest existing prefix. */
    struct trie *t3 = trie_new(trie_names(t));
    insert(t3, "main;beta", 1);
    app_set_trie(&a, t3);
    assert_int_equal(a.zoom, trie_node_at(t3, "main"));
    assert_int_equal(a.sel, trie_node_at(t3, "main"));
    app_set_trie(&a, t);    /* back: the paths were kept whole */
    assert_int_equal(a.sel, trie_node_at(t, "main;alpha;two"));
    app_fini(&a);
    trie_free(t3);
    trie_free(t2);
    trie_free(t);
}

static void scroll_keeps_selection_visible(void **state)
{
    (void)state;
    struct trie *t = trie_from_folded("a;b;c;d;e;f;g;h 1\n");
    struct app a;
    setup_app(&a, t, 80, 3);   /* depths 0..8, 3 rows */
    assert_int_equal(a.vp.scroll, 0);
    for (int i = 0; i < 5; i++)
        app_handle(&a, ACT_MOVE_UP);
    assert_int_equal(trie_depth(t, a.sel), 5);
    assert_int_equal(a.vp.scroll, 3);       /* depth 5 is the last visible row */
    app_handle(&a, ACT_SCROLL_HOME);
    assert_int_equal(a.vp.scroll, 0);
    app_handle(&a, ACT_SCROLL_END);
    assert_int_equal(a.vp.scroll, 6);       /* 9 levels - 3 rows */
    app_resize(&a, 80, 3);                  /* the same size (before each layout) must */
    assert_int_equal(a.vp.scroll, 6);       /* not scroll back to the selection */
    app_handle(&a, ACT_PAGE_DOWN);          /* flame: down the screen = toward the root */
    assert_int_equal(a.vp.scroll, 4);
    app_handle(&a, ACT_PAGE_UP);
    assert_int_equal(a.vp.scroll, 6);       /* clamped */
    assert_int_equal(app_wheel(&a, -1), RE_NONE); /* already at the deepest */
    assert_int_equal(app_wheel(&a, 1), RE_RELAYOUT);
    assert_int_equal(a.vp.scroll, 3);
    app_select(&a, TRIE_ROOT);
    assert_int_equal(a.vp.scroll, 0);
    app_fini(&a);
    trie_free(t);
}

static void push_rect(struct rect_list *rl, int x, int y, int w, uint32_t node)
{
    if (rl->n == rl->cap) {
        rl->cap = rl->cap ? rl->cap * 2 : 8;
        rl->v = xreallocarray(rl->v, rl->cap, sizeof(*rl->v));
    }
    struct rect r = {.x = x, .y = y, .w = w, .node = node};
    rl->v[rl->n++] = r;
}

static void left_right_and_mouse(void **state)
{
    (void)state;
    struct trie *t = trie_from_folded(BASIC);
    struct app a;
    struct rect_list rl = {0};
    uint32_t main_n = trie_node_at(t, "main"), other = trie_node_at(t, "other");
    uint32_t alpha = trie_node_at(t, "main;alpha"), beta = trie_node_at(t, "main;beta");
    setup_app(&a, t, 100, 10);
    push_rect(&rl, 0, 9, 100, TRIE_ROOT);
    push_rect(&rl, 0, 8, 60, main_n);
    push_rect(&rl, 60, 8, 40, other);
    push_rect(&rl, 0, 7, 40, alpha);
    push_rect(&rl, 40, 7, 20, beta);
    app_set_rects(&a, &rl);
    app_select(&a, alpha);
    assert_int_equal(app_handle(&a, ACT_MOVE_LEFT), RE_NONE);
    assert_int_equal(app_handle(&a, ACT_MOVE_RIGHT), RE_RELAYOUT);
    assert_int_equal(a.sel, beta);
    assert_int_equal(app_handle(&a, ACT_MOVE_RIGHT), RE_NONE);
    assert_int_equal(app_hit(&a, 65, 8), other);
    assert_int_equal(app_hit(&a, 65, 7), TRIE_NONE);
    assert_int_equal(app_click(&a, 59, 8, 1), RE_RELAYOUT);
    assert_int_equal(a.sel, main_n);
    assert_int_equal(a.zoom, TRIE_ROOT);
    app_click(&a, 70, 8, 2);
    assert_int_equal(a.sel, other);
    assert_int_equal(a.zoom, other);
    assert_int_equal(app_click(&a, 5, 0, 1), RE_NONE);
    app_fini(&a);
    free(rl.v);
    trie_free(t);
}

/* With the real layout: left/right walk the frames of one row. */
static void left_right_with_layout(void **state)
{
    (void)state;
    struct trie *t = trie_from_folded(BASIC);
    struct app a;
    struct rect_list rl = {0};
    struct layout_in in;
    setup_app(&a, t, 100, 10);
    app_select(&a, trie_node_at(t, "main"));
    app_layout_in(&a, &in);
    layout_compute(&in, &rl);
    app_set_rects(&a, &rl);
    assert_int_equal(app_handle(&a, ACT_MOVE_RIGHT), RE_RELAYOUT);
    assert_int_equal(a.sel, trie_node_at(t, "other"));
    assert_int_equal(app_handle(&a, ACT_MOVE_LEFT), RE_RELAYOUT);
    assert_int_equal(a.sel, trie_node_at(t, "main"));
    app_fini(&a);
    rect_list_free(&rl);
    trie_free(t);
}

static char *status_of(const struct app *a, char **right)
{
    struct buf l = {0}, r = {0};
    app_status(a, &l, &r);
    buf_putc(&l, '\0');
    buf_putc(&r, '\0');
    *right = r.p;
    return l.p;
}

static void status_line(void **state)
{
    (void)state;
    struct trie *t = trie_from_folded(BASIC);
    struct app a;
    char *l, *r;
    setup_app(&a, t, 80, 20);
    app_select(&a, trie_node_at(t, "main;alpha"));
    app_handle(&a, ACT_MOVE_DOWN);
    app_handle(&a, ACT_ZOOM_IN);
    app_select(&a, trie_node_at(t, "main;alpha"));
    l = status_of(&a, &r);
    assert_string_equal(l, "alpha  40 samples (40.00%, 66.67% of zoom) self 0");
    assert_string_equal(r, "");
    free(l);
    free(r);
    a.live = LIVE_ON;
    a.rate = 12;
    a.mbps = 1.5;
    l = status_of(&a, &r);
    assert_string_equal(r, "LIVE 12/s 1.5 MB/s 100 samples");
    free(l);
    free(r);
    assert_int_equal(app_handle(&a, ACT_PAUSE), RE_RELAYOUT);
    a.live = LIVE_EOF;
    l = status_of(&a, &r);
    assert_string_equal(r, "PAUSED EOF 100 samples");
    free(l);
    free(r);
    struct buf b = {0};
    app_title(&a, &b);
    buf_putc(&b, '\0');
    assert_non_null(strstr(b.p, "test.folded"));
    assert_non_null(strstr(b.p, "100 samples"));
    assert_non_null(strstr(b.p, "flame"));
    assert_non_null(strstr(b.p, "zoom main"));
    buf_fini(&b);
    app_fini(&a);
    trie_free(t);
}

static void names_are_escaped(void **state)
{
    (void)state;
    struct trie *t = trie_from_folded("main;evil\033[2J\007x 3\n");
    struct app a;
    char *l, *r;
    setup_app(&a, t, 80, 20);
    app_select(&a, trie_node_at(t, "main;evil\033[2J\007x"));
    l = status_of(&a, &r);
    assert_null(strchr(l, '\033'));
    assert_null(strchr(l, '\007'));
    assert_non_null(strstr(l, "evil\\x1b[2J\\x07x"));
    free(l);
    free(r);
    app_fini(&a);
    trie_free(t);
}

static void help_prompt_and_messages(void **state)
{
    (void)state;
    struct trie *t = trie_from_folded(BASIC);
    struct app a;
    char *l, *r;
    setup_app(&a, t, 80, 20);
    assert_int_equal(app_handle(&a, ACT_HELP), RE_REDRAW);
    assert_true(a.help);
    assert_int_equal(app_handle(&a, ACT_MOVE_UP), RE_NONE);    /* scrolls: at the top */
    assert_int_equal(app_handle(&a, ACT_MOVE_DOWN), RE_REDRAW);
    assert_int_equal(a.help_scroll, 1);
    assert_int_equal(app_handle(&a, ACT_PAGE_DOWN), RE_REDRAW);
    assert_int_equal(a.help_scroll, ACT_COUNT + 1 - 20);       /* clamped: 20 rows */
    assert_true(a.help);
    assert_int_equal(app_handle(&a, ACT_ZOOM_IN), RE_REDRAW);  /* only closes the help */
    assert_false(a.help);
    assert_int_equal(a.sel, TRIE_ROOT);
    app_handle(&a, ACT_HELP);
    assert_int_equal(app_handle(&a, ACT_QUIT), RE_QUIT);       /* q works in the help */
    app_handle(&a, ACT_HELP);
    assert_false(a.help);

    assert_int_equal(app_handle(&a, ACT_PAUSE), RE_REDRAW);    /* not live */
    assert_false(a.paused);
    assert_string_equal(a.msg, "not a live input");
    app_handle(&a, ACT_ORDER);
    assert_int_equal(a.vp.order, ORDER_WEIGHT);

    app_handle(&a, ACT_SEARCH);
    assert_int_equal(a.prompt, PROMPT_SEARCH);
    assert_int_equal(app_prompt_key(&a, 'a'), RE_REDRAW | RE_RELAYOUT); /* highlights */
    assert_int_equal(app_prompt_key(&a, 'b'), RE_REDRAW | RE_RELAYOUT);
    l = status_of(&a, &r);
    assert_string_equal(l, "/ab");
    free(l);
    free(r);
    assert_int_equal(app_prompt_key(&a, FT_KEY_ESC), RE_REDRAW | RE_RELAYOUT);
    assert_int_equal(a.prompt, PROMPT_NONE);
    assert_int_equal(a.zoom, TRIE_ROOT);
    app_fini(&a);
    trie_free(t);
}

static void type_prompt(struct app *a, enum action open, const char *text)
{
    app_handle(a, open);
    for (const char *p = text; *p; p++)
        app_prompt_key(a, (unsigned char)*p);
    app_prompt_key(a, FT_KEY_ENTER);
}

static char *title_of(const struct app *a)
{
    struct buf b = {0};
    app_title(a, &b);
    buf_putc(&b, '\0');
    return b.p;
}

static void search_highlights_and_moves(void **state)
{
    (void)state;
    struct trie *t = trie_from_folded(BASIC "x;leaf 5\n");
    struct app a;
    char *l, *r;
    setup_app(&a, t, 80, 20);
    assert_int_equal(app_handle(&a, ACT_SEARCH_NEXT), RE_REDRAW);
    assert_string_equal(a.msg, "no search: press / first");
    app_handle(&a, ACT_SEARCH);
    app_prompt_key(&a, 'l');
    assert_non_null(a.search);                 /* highlights while typing */
    app_prompt_key(&a, '(');                   /* invalid: the last valid search stays */
    assert_non_null(a.search);
    app_prompt_key(&a, FT_KEY_BACKSPACE);
    app_prompt_key(&a, 'e');
    app_prompt_key(&a, 'a');
    app_prompt_key(&a, 'f');
    app_prompt_key(&a, FT_KEY_ENTER);
    assert_int_equal(a.prompt, PROMPT_NONE);
    struct layout_in in;
    app_layout_in(&a, &in);
    assert_non_null(in.match);
    l = status_of(&a, &r);
    assert_string_equal(r, "/leaf match 33.3%");
    free(l);
    free(r);
    assert_int_equal(app_handle(&a, ACT_SEARCH_NEXT), RE_RELAYOUT);
    assert_int_equal(a.sel, trie_node_at(t, "main;alpha;leaf"));
    app_handle(&a, ACT_SEARCH_NEXT);
    assert_int_equal(a.sel, trie_node_at(t, "x;leaf"));
    app_handle(&a, ACT_SEARCH_NEXT);
    assert_int_equal(a.sel, trie_node_at(t, "main;alpha;leaf"));
    assert_string_equal(a.msg, "search wrapped");
    app_handle(&a, ACT_SEARCH_PREV);
    assert_int_equal(a.sel, trie_node_at(t, "x;leaf"));
    /* Esc in the prompt restores the previous search */
    app_handle(&a, ACT_SEARCH);
    app_prompt_key(&a, 'z');
    app_prompt_key(&a, FT_KEY_ESC);
    assert_string_equal(search_pattern(a.search), "leaf");
    type_prompt(&a, ACT_SEARCH, "");
    assert_null(a.search);
    app_fini(&a);
    trie_free(t);
}

static void filters_reverse_and_undo(void **state)
{
    (void)state;
    struct trie *t = trie_from_folded(BASIC);
    struct app a;
    setup_app(&a, t, 80, 20);
    app_select(&a, trie_node_at(t, "main;alpha"));
    type_prompt(&a, ACT_FILTER_INCLUDE, "alpha");
    assert_ptr_not_equal(a.t, t);
    assert_int_equal(trie_total_d(a.t, TRIE_ROOT), 40);
    assert_int_equal(a.sel, trie_node_at(a.t, "main;alpha"));  /* the path survived */
    char *ti = title_of(&a);
    assert_non_null(strstr(ti, "include:alpha (40.0%)"));
    assert_non_null(strstr(ti, "100 samples"));                /* the input's total */
    free(ti);
    type_prompt(&a, ACT_FILTER_HIDE, "^main$");
    assert_int_equal(trie_total_d(a.t, trie_node_at(a.t, "alpha")), 40);
    /* Backspace in an empty filter prompt removes the last filter */
    app_handle(&a, ACT_FILTER_EXCLUDE);
    assert_int_equal(app_prompt_key(&a, FT_KEY_BACKSPACE) & RE_REBUILD, RE_REBUILD);
    assert_int_equal(a.prompt, PROMPT_NONE);
    assert_int_equal(trie_total_d(a.t, trie_node_at(a.t, "main")), 40);
    type_prompt(&a, ACT_FILTER_EXCLUDE, "(");
    assert_true(strncmp(a.msg, "invalid filter", 14) == 0);
    app_handle(&a, ACT_FILTER_CLEAR);
    assert_ptr_equal(a.t, t);
    assert_int_equal(a.sel, trie_node_at(t, "main;alpha"));
    app_handle(&a, ACT_REVERSE);
    assert_int_equal(trie_total_d(a.t, trie_node_at(a.t, "leaf;alpha;main")), 30);
    app_handle(&a, ACT_REVERSE);
    assert_ptr_equal(a.t, t);
    /* live growth re-derives a filtered view */
    type_prompt(&a, ACT_FILTER_INCLUDE, "beta");
    assert_int_equal(trie_total_d(a.t, TRIE_ROOT), 20);
    insert(t, "main;beta", 5);
    assert_true(app_refresh(&a));
    assert_false(app_refresh(&a));
    assert_int_equal(trie_total_d(a.t, TRIE_ROOT), 25);
    app_fini(&a);
    trie_free(t);
}

static void callers_and_top(void **state)
{
    (void)state;
    struct trie *t = trie_from_folded("a;f;x 3\nb;f;y 2\nc 5\n");
    struct app a;
    struct buf b = {0};
    setup_app(&a, t, 80, 20);
    assert_int_equal(app_handle(&a, ACT_CALLERS), RE_REDRAW);   /* root: nothing */
    app_select(&a, trie_node_at(t, "a;f"));
    app_handle(&a, ACT_CALLERS);
    assert_int_equal(a.mode, GRAPH_CALLEES);
    assert_int_equal(trie_total_d(a.t, TRIE_ROOT), 5);
    assert_int_equal(a.sel, trie_node_at(a.t, "f"));
    char *ti = title_of(&a);
    assert_non_null(strstr(ti, "callees of f"));
    free(ti);
    app_handle(&a, ACT_CALLERS);
    assert_int_equal(a.mode, GRAPH_CALLERS);
    assert_int_equal(trie_total_d(a.t, trie_node_at(a.t, "f;b")), 2);
    app_handle(&a, ACT_CALLERS);
    assert_int_equal(a.mode, GRAPH_PROFILE);
    assert_ptr_equal(a.t, t);
    assert_int_equal(a.sel, trie_node_at(t, "a;f"));           /* restored */

    app_handle(&a, ACT_TOP);
    assert_true(a.top);
    assert_true(app_top_line(&a, 0, &b));
    b.len = 0;
    assert_true(app_top_line(&a, 1, &b));                       /* c: self 5 first */
    buf_putc(&b, '\0');
    assert_non_null(strstr(b.p, "c"));
    assert_non_null(strstr(b.p, "50.00%"));
    assert_false(app_top_line(&a, 7, &b));                      /* 6 names */
    app_handle(&a, ACT_MOVE_DOWN);
    app_handle(&a, ACT_MOVE_DOWN);
    assert_int_equal(a.top_sel, 2);
    app_handle(&a, ACT_SCROLL_HOME);
    app_handle(&a, ACT_CALLERS);                                /* s: search for c */
    assert_false(a.top);
    assert_non_null(a.search);
    assert_int_equal(a.sel, trie_node_at(t, "c"));
    app_handle(&a, ACT_TOP);                                    /* Enter: callees of f */
    app_handle(&a, ACT_ORDER);                                  /* by total: f first */
    app_handle(&a, ACT_ZOOM_IN);
    assert_false(a.top);
    assert_int_equal(a.mode, GRAPH_CALLEES);
    assert_int_equal(trie_total_d(a.t, TRIE_ROOT), 5);
    app_handle(&a, ACT_CALLERS);
    app_handle(&a, ACT_CALLERS);
    assert_int_equal(a.mode, GRAPH_PROFILE);
    assert_ptr_equal(a.t, t);
    app_handle(&a, ACT_TOP);
    app_handle(&a, ACT_ORDER);                                  /* by name: a first */
    b.len = 0;
    assert_true(app_top_line(&a, 1, &b));
    buf_putc(&b, '\0');
    assert_non_null(strstr(b.p, " a"));
    app_handle(&a, ACT_ORDER);                                  /* back to self */
    app_handle(&a, ACT_TOP);
    app_handle(&a, ACT_TOP);
    assert_int_equal(app_handle(&a, ACT_QUIT), RE_QUIT);
    app_handle(&a, ACT_ZOOM_RESET);
    assert_false(a.top);
    buf_fini(&b);
    app_fini(&a);
    trie_free(t);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(starts_at_root),
        cmocka_unit_test(moves_follow_orientation),
        cmocka_unit_test(zoom_in_out_reset),
        cmocka_unit_test(paths_survive_growth_and_rebuild),
        cmocka_unit_test(scroll_keeps_selection_visible),
        cmocka_unit_test(left_right_and_mouse),
        cmocka_unit_test(left_right_with_layout),
        cmocka_unit_test(status_line),
        cmocka_unit_test(names_are_escaped),
        cmocka_unit_test(help_prompt_and_messages),
        cmocka_unit_test(search_highlights_and_moves),
        cmocka_unit_test(filters_reverse_and_undo),
        cmocka_unit_test(callers_and_top),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
