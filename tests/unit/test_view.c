/* SPDX-License-Identifier: MIT */
/* flametui - unit tests: view (include / exclude / hide filters, reverse). */
#include "config.h"

#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/count.h"
#include "helpers.h"
#include "core/strtab.h"
#include "core/trie.h"
#include "core/util.h"
#include "query/view.h"

/* Applies the filters "i:RE", "e:RE", "h:RE" or "r" (reverse) to the folded text and
 * checks the collapsed result; also checks that the base is left untouched. */
static void check(const char *in, const char *const *spec, size_t n, const char *want)
{
    struct trie *base = trie_from_folded(in);
    char *before = trie_to_collapsed(base);
    struct view *v = view_new();
    for (size_t i = 0; i < n; i++) {
        enum filter_kind k = spec[i][0] == 'i' ? FILTER_INCLUDE
                             : spec[i][0] == 'e' ? FILTER_EXCLUDE : FILTER_HIDE;
        if (spec[i][0] == 'r') {
            view_set_reverse(v, true);
            continue;
        }
        assert_int_equal(view_push_filter(v, k, spec[i] + 2, NULL), 0);
    }
    struct trie *d = view_build(v, base);
    char *got = trie_to_collapsed(d);
    assert_string_equal(got, want);
    char *after = trie_to_collapsed(base);
    assert_string_equal(before, after);
    assert_ptr_equal(trie_names(d), trie_names(base));
    free(after);
    free(got);
    free(before);
    trie_free(d);
    view_free(v);
    trie_free(base);
}

#define CHECK(in, want, ...)                                                   \
    do {                                                                       \
        const char *const sp_[] = {__VA_ARGS__};                               \
        check(in, sp_, FT_ARRAY_LEN(sp_), want);                               \
    } while (0)

static const char *const prof = "main;a;b 1\nmain;c 2\nmain;a;d 3\nidle;cpu_idle 10\n";

static void include_keeps_matching_stacks(void **state)
{
    (void)state;
    CHECK(prof, "main;a;b 1\nmain;a;d 3\n", "i:^a$");
    CHECK(prof, "idle;cpu_idle 10\n", "i:idle");      /* frames anywhere in the stack */
    CHECK(prof, "main;a;d 3\n", "i:^d");              /* the leaf */
}

static void exclude_drops_matching_stacks(void **state)
{
    (void)state;
    CHECK(prof, "main;a;b 1\nmain;a;d 3\nmain;c 2\n", "e:cpu_idle");
    CHECK(prof, "idle;cpu_idle 10\nmain;c 2\n", "e:^a$");
}

static void frame_matching_twice_counts_once(void **state)
{
    (void)state;
    const char *in = "a;x;b;x 5\na;b 2\nx 1\n";
    CHECK(in, "a;x;b;x 5\nx 1\n", "i:^x$");
    CHECK(in, "a;b 2\n", "e:^x$");
    CHECK(in, "a;b 7\n", "h:^x$");      /* x hidden twice, merges with a;b; "x" vanishes */
}

static void hide_merges_and_drops_empty(void **state)
{
    (void)state;
    CHECK("main;[unknown];f 2\nmain;f 3\nmain;[unknown] 4\n[unknown] 1\n",
          "main 4\nmain;f 5\n", "h:^\\[unknown\\]$");
    CHECK("a;b 1\nb;a 2\n", "", "h:.");               /* everything hidden: empty */
    CHECK("k_[k];u;k2_[k] 3\nu 1\n", "u 4\n", "h:_\\[k\\]$");
}

static void filters_in_sequence(void **state)
{
    (void)state;
    const char *in = "a;h;b 1\na;b 2\nh;c 4\n";
    /* include sees h, then h is hidden */
    CHECK(in, "a;b 1\nc 4\n", "i:^h$", "h:^h$");
    /* hide first: the include no longer sees h */
    CHECK(in, "", "h:^h$", "i:^h$");
    /* include then exclude */
    CHECK(in, "h;c 4\n", "i:^h$", "e:^b$");
    /* two includes: both must match */
    CHECK(in, "a;h;b 1\n", "i:^h$", "i:^b$");
    /* exclude after hide of the excluded name: nothing excluded */
    CHECK(in, "a;b 3\nc 4\n", "h:^h$", "e:^h$");
}

static void empty_results(void **state)
{
    (void)state;
    CHECK(prof, "", "i:nomatch");
    CHECK(prof, "", "e:.");
    CHECK("", "", "i:x");
    CHECK("", "", "r");
    struct trie *base = trie_from_folded(prof);
    struct view *v = view_new();
    view_push_filter(v, FILTER_INCLUDE, "nomatch", NULL);
    struct trie *d = view_build(v, base);
    assert_int_equal(trie_size(d), 1);            /* no dead nodes left behind */
    assert_true(view_share(base, d) == 0.0);
    trie_free(d);
    view_free(v);
    trie_free(base);
}

/* Reverses every line of folded text by hand ("a;b;c 3" -> "c;b;a 3"). */
static char *reverse_by_hand(const char *in)
{
    struct buf out = {0};
    for (const char *line = in; *line;) {
        const char *nl = strchr(line, '\n');
        const char *sp = nl;
        while (sp > line && sp[-1] != ' ')
            sp--;
        const char *end = sp - 1;                  /* end of the stack text */
        while (end > line) {
            const char *p = end;
            while (p > line && p[-1] != ';')
                p--;
            buf_append(&out, p, (size_t)(end - p));
            if (p > line)
                buf_putc(&out, ';');
            end = p > line ? p - 1 : line;
        }
        buf_putc(&out, ' ');
        buf_append(&out, sp, (size_t)(nl - sp + 1));
        line = nl + 1;
    }
    buf_putc(&out, '\0');
    return out.p;
}

static void reverse_matches_hand_reversal(void **state)
{
    (void)state;
    const char *in = "main;a;b 1\nmain;c;b 2\nmain;a;d 3\nidle;cpu_idle 10\nmain 4\nx;x;y 2\n";
    char *rev = reverse_by_hand(in);
    struct trie *want = trie_from_folded(rev);
    char *w = trie_to_collapsed(want);
    CHECK(in, w, "r");
    assert_non_null(strstr(w, "b;a;main 1\nb;c;main 2\n"));
    free(w);
    trie_free(want);
    free(rev);
    /* filters apply before the reversal */
    CHECK(in, "b;a;main 1\nb;c;main 2\n", "i:^b$", "r");
    CHECK(in, "b;main 3\nd;main 3\nmain 4\n", "i:main", "h:^[ac]$", "e:^$", "r");
    CHECK(in, "b;main 3\nd;main 3\nmain 4\n", "r", "i:main", "h:^[ac]$"); /* r anywhere */
}

static void list_undo_clear_describe(void **state)
{
    (void)state;
    struct view *v = view_new();
    struct ft_error err = {0};
    assert_true(view_is_identity(v));
    assert_false(view_pop_filter(v));
    assert_int_equal(view_push_filter(v, FILTER_EXCLUDE, "cpu_idle", &err), 0);
    assert_int_equal(view_push_filter(v, FILTER_HIDE, "^\\[unknown\\]$", &err), 0);
    assert_int_equal(view_push_filter(v, FILTER_INCLUDE, "(bad", &err), -1);
    assert_string_equal(err.msg, "missing closing parenthesis at offset 4");
    assert_int_equal(view_filter_count(v), 2);
    assert_int_equal(view_filter_kind(v, 1), FILTER_HIDE);
    assert_string_equal(view_filter_pattern(v, 0), "cpu_idle");
    view_set_reverse(v, true);
    assert_true(view_reverse(v));
    struct buf b = {0};
    view_describe(v, &b);
    buf_putc(&b, '\0');
    assert_string_equal(b.p, "exclude:cpu_idle hide:^\\[unknown\\]$ reverse");
    buf_fini(&b);
    assert_true(view_pop_filter(v));
    assert_int_equal(view_filter_count(v), 1);
    view_clear_filters(v);
    assert_int_equal(view_filter_count(v), 0);
    assert_false(view_is_identity(v));
    view_set_reverse(v, false);
    assert_true(view_is_identity(v));
    for (int i = 0; i < VIEW_MAX_FILTERS; i++)
        assert_int_equal(view_push_filter(v, FILTER_HIDE, "x", NULL), 0);
    assert_int_equal(view_push_filter(v, FILTER_HIDE, "x", &err), -1);
    view_free(v);
}

static void share_and_growth(void **state)
{
    (void)state;
    struct trie *base = trie_from_folded(prof);     /* 16 samples, 10 idle */
    struct view *v = view_new();
    view_push_filter(v, FILTER_EXCLUDE, "idle", NULL);
    struct trie *d = view_build(v, base);
    assert_true(view_share(base, d) == 6.0 / 16.0);
    trie_free(d);
    /* the base grows with a new name (live mode): the match cache is extended */
    uint32_t names[2] = {strtab_intern(trie_names(base), "main", 4),
                         strtab_intern(trie_names(base), "new_idle", 8)};
    trie_insert(base, names, 2, count_u64(4));
    d = view_build(v, base);
    char *got = trie_to_collapsed(d);
    assert_string_equal(got, "main;a;b 1\nmain;a;d 3\nmain;c 2\n");
    free(got);
    trie_free(d);
    view_free(v);
    trie_free(base);
}

static void odd_bytes_in_names(void **state)
{
    (void)state;
    struct trie *base = trie_new(NULL);
    struct strtab *st = trie_names(base);
    uint32_t nul = strtab_intern(st, "x\0Secret", 8), bad = strtab_intern(st, "\xff\xfe", 2);
    uint32_t mainid = strtab_intern(st, "main", 4);
    uint32_t s1[3] = {mainid, nul, bad}, s2[2] = {mainid, bad};
    trie_insert(base, s1, 3, count_u64(2));
    trie_insert(base, s2, 2, count_u64(3));
    struct view *v = view_new();
    assert_int_equal(view_push_filter(v, FILTER_HIDE, "secret", NULL), 0);  /* after the NUL */
    struct trie *d = view_build(v, base);
    assert_int_equal(trie_size(d), 3);                 /* main;\xff\xfe merged */
    uint32_t m = trie_find_child(d, TRIE_ROOT, mainid);
    assert_true(trie_total_d(d, trie_find_child(d, m, bad)) == 5.0);
    trie_free(d);
    view_clear_filters(v);
    assert_int_equal(view_push_filter(v, FILTER_INCLUDE, "\\xff", NULL), 0);
    d = view_build(v, base);
    assert_true(trie_total_d(d, TRIE_ROOT) == 5.0);
    trie_free(d);
    view_free(v);
    trie_free(base);
}

/* Live mode: view_update after the base grew == a fresh view_build. */
static void update_matches_rebuild_one(const char *const *spec, size_t n)
{
    struct trie *base = trie_from_folded("main;a;b 1\nmain;H;c 2\nidle;cpu_idle 10\n");
    struct view *v = view_new();
    view_track(v, true);
    for (size_t i = 0; i < n; i++) {
        if (spec[i][0] == 'r') {
            view_set_reverse(v, true);
            continue;
        }
        enum filter_kind k = spec[i][0] == 'i' ? FILTER_INCLUDE
                             : spec[i][0] == 'e' ? FILTER_EXCLUDE : FILTER_HIDE;
        assert_int_equal(view_push_filter(v, k, spec[i] + 2, NULL), 0);
    }
    struct trie *d = view_build(v, base);
    assert_true(view_update(v, base, d));              /* nothing to do */
    static const char *const more[] = {
        "main;a;b 4",            /* more samples, old stack */
        "main;H;c;b 3",          /* new stack below an old one */
        "main;new_fn;H 5",       /* new name */
        "idle;cpu_idle 1",       /* excluded or kept */
        "H;H 2",                 /* all hidden */
        "main 1.5",              /* fractional: counts become floats */
        "main;a 0",              /* a new stack end with no samples */
    };
    for (size_t round = 0; round < FT_ARRAY_LEN(more); round++) {
        struct trie *add = trie_from_folded(more[round]);
        trie_merge(base, add);
        trie_free(add);
        assert_true(view_update(v, base, d));
        struct view *w = view_new();
        for (size_t i = 0; i < view_filter_count(v); i++)
            view_push_filter(w, view_filter_kind(v, i), view_filter_pattern(v, i), NULL);
        view_set_reverse(w, view_reverse(v));
        struct trie *fresh = view_build(w, base);
        char *a1 = trie_to_collapsed(d), *a2 = trie_to_collapsed(fresh);
        assert_string_equal(a1, a2);
        assert_true(trie_total_d(d, TRIE_ROOT) == trie_total_d(fresh, TRIE_ROOT));
        free(a1);
        free(a2);
        trie_free(fresh);
        view_free(w);
    }
    trie_free(d);
    view_free(v);
    trie_free(base);
}

static void update_after_growth(void **state)
{
    (void)state;
    static const char *const s1[] = {"e:idle"}, *const s2[] = {"h:^H$"},
                             *const s3[] = {"i:^b$", "h:^H$", "r"}, *const s4[] = {"r"},
                             *const s5[] = {"i:^(a|H)$", "e:new"};
    update_matches_rebuild_one(s1, 1);
    update_matches_rebuild_one(s2, 1);
    update_matches_rebuild_one(s3, 3);
    update_matches_rebuild_one(s4, 1);
    update_matches_rebuild_one(s5, 2);
}

static void update_refuses_when_stale(void **state)
{
    (void)state;
    struct trie *base = trie_from_folded("a;b 1\n");
    struct view *v = view_new();
    view_push_filter(v, FILTER_HIDE, "b", NULL);
    struct trie *d = view_build(v, base);
    assert_false(view_update(v, base, d));             /* tracking off */
    trie_free(d);
    view_track(v, true);
    d = view_build(v, base);
    assert_true(view_update(v, base, d));
    struct trie *other = trie_from_folded("a 1\n");
    assert_false(view_update(v, other, d));            /* another base */
    assert_false(view_update(v, base, other));         /* another derived */
    view_set_reverse(v, true);
    assert_false(view_update(v, base, d));             /* the view changed */
    view_set_reverse(v, false);
    view_push_filter(v, FILTER_HIDE, "a", NULL);
    assert_false(view_update(v, base, d));
    view_track(v, false);
    trie_free(other);
    trie_free(d);
    view_free(v);
    trie_free(base);
}

/* The view of random stacks equals inserting every kept stack (reversed when rev), one
 * by one (trie_insert: the reference), node for node: counts, totals, base counts (a
 * diff), stack ends with zero samples, fractional counts, hidden frames (which merge
 * paths) and the stack with no frames (the root). */
static void check_against_insertion(bool rev)
{
    uint64_t rs = 12345;
    for (int round = 0; round < 8; round++) {
        struct trie *base = trie_new(NULL);
        struct strtab *st = trie_names(base);
        uint32_t nm[12], path[16];
        for (int i = 0; i < 12; i++) {
            char b[8];
            int len = snprintf(b, sizeof b, "%c%d", i % 3 == 0 ? 'H' : 'f', i);
            nm[i] = strtab_intern(st, b, (size_t)len);
        }
        bool fl = round % 2, diff = round >= 2;
        if (diff)
            trie_enable_base(base);
        for (int s = 0; s < 300; s++) {
            rs = rs * 6364136223846793005ull + 1442695040888963407ull;
            size_t d = (rs >> 33) % 9;
            for (size_t k = 0; k < d; k++) {
                rs = rs * 6364136223846793005ull + 1442695040888963407ull;
                path[k] = nm[(rs >> 33) % (k < 2 ? 3 : 12)];
            }
            uint64_t w = (rs >> 40) % 4;   /* 0 too: a stack end with no samples */
            struct count c = fl ? (struct count){0, (double)w * 0.3, true} : count_u64(w);
            uint32_t leaf = trie_insert(base, path, d, c);
            if (diff && w != 1)
                trie_add_base(base, leaf, count_u64(w + 1));
        }
        struct view *v = view_new();
        view_set_reverse(v, rev);
        if (round >= 4)   /* hide the names H0, H3, H6, H9 */
            assert_int_equal(view_push_filter(v, FILTER_HIDE, "^H", NULL), 0);
        if (round >= 6)   /* and keep the stacks with f4 (a name seen after two H) */
            assert_int_equal(view_push_filter(v, FILTER_INCLUDE, "^f4$", NULL), 0);
        struct trie *got = view_build(v, base);
        struct trie *want = trie_new(st);
        if (diff)
            trie_enable_base(want);
        for (size_t i = 0; i < trie_size(base); i++) {
            if (!trie_is_terminal(base, (uint32_t)i))
                continue;
            size_t k = 0, vis = 0;
            bool f4 = false;
            for (uint32_t a = (uint32_t)i; a != TRIE_ROOT; a = trie_parent(base, a)) {
                size_t len;
                const char *p = strtab_get(st, trie_name(base, a), &len);
                vis++;
                f4 |= len == 2 && memcmp(p, "f4", 2) == 0;
                if (round < 4 || p[0] != 'H')
                    path[k++] = trie_name(base, a);
            }
            if ((vis && !k) || (round >= 6 && !f4))
                continue;   /* every frame hidden: the stack is gone; or not included */
            for (size_t j = 0; !rev && j < k / 2; j++) {   /* root first */
                uint32_t x = path[j];
                path[j] = path[k - 1 - j];
                path[k - 1 - j] = x;
            }
            uint32_t leaf = trie_insert(want, path, k, trie_self(base, (uint32_t)i));
            if (diff)
                trie_add_base(want, leaf, trie_base_self(base, (uint32_t)i));
        }
        char *a = trie_to_collapsed(got), *b = trie_to_collapsed(want);
        assert_string_equal(a, b);
        free(a);
        free(b);
        assert_int_equal(trie_size(got), trie_size(want));
        for (size_t i = 0; i < trie_size(want); i++) {   /* same paths, same numbers */
            uint32_t w = (uint32_t)i, g = TRIE_ROOT;
            size_t k = trie_path(want, w, path);
            for (size_t j = 0; j < k; j++)
                g = trie_find_child(got, g, trie_name(want, path[j]));
            assert_int_not_equal(g, TRIE_NONE);
            assert_true(trie_is_terminal(got, g) == trie_is_terminal(want, w));
            assert_true(trie_total_d(got, g) == trie_total_d(want, w) ||
                        (fl && fabs(trie_total_d(got, g) - trie_total_d(want, w)) < 1e-9));
            assert_true(trie_self_d(got, g) == trie_self_d(want, w));
            assert_true(trie_base_total_d(got, g) == trie_base_total_d(want, w));
        }
        trie_free(want);
        trie_free(got);
        view_free(v);
        trie_free(base);
    }
}

/* Every node of a view can be looked up by its parent and name (trie_find_child, as the
 * viewer does to keep the selection), also where hidden frames shortened the paths and
 * nodes were appended without lookups; growth then merges into those nodes. */
static void view_nodes_are_found(void **state)
{
    (void)state;
    const char *in = "a;H;b 1\na;H;c;H;d 2\nx;H 1\n";
    for (size_t r = 0; r < 2; r++) {
        struct trie *base = trie_from_folded(in);
        struct view *v = view_new();
        view_track(v, true);
        assert_int_equal(view_push_filter(v, FILTER_HIDE, "^H$", NULL), 0);
        view_set_reverse(v, r == 1);
        struct trie *d = view_build(v, base);
        for (uint32_t i = 1; i < trie_size(d); i++)
            assert_int_equal(trie_find_child(d, trie_parent(d, i), trie_name(d, i)), i);
        size_t before = trie_size(d);
        uint32_t path[4];   /* a;H;b;d: the view gains d under a;b (reversed: d;b;a) */
        path[0] = trie_name(base, trie_node_at(base, "a"));
        path[1] = trie_name(base, trie_node_at(base, "a;H"));
        path[2] = trie_name(base, trie_node_at(base, "a;H;b"));
        path[3] = trie_name(base, trie_node_at(base, "a;H;c;H;d"));
        trie_insert(base, path, 4, count_u64(5));
        trie_insert(base, path, 3, count_u64(1));   /* a;H;b again: one more sample */
        assert_true(view_update(v, base, d));
        assert_int_equal(trie_size(d), before + 1 + r);   /* reversed: d;b and d;b;a */
        char *got = trie_to_collapsed(d);
        assert_string_equal(got, r == 0 ? "a;b 2\na;b;d 5\na;c;d 2\nx 1\n"
                                        : "b;a 2\nd;b;a 5\nd;c;a 2\nx 1\n");
        free(got);
        trie_free(d);
        view_free(v);
        trie_free(base);
    }
}

static void reverse_equals_insertion(void **state)
{
    (void)state;
    check_against_insertion(true);
}

static void filters_equal_insertion(void **state)
{
    (void)state;
    check_against_insertion(false);
}

/* A filtered view, and the reversed view of many distinct stacks (a reversed trie can
 * have many times the base's nodes), are built without growth slack: the node array is
 * not larger than the nodes, and no lookup table is built until something looks a child
 * up. */
static void views_are_compact(void **state)
{
    (void)state;
    struct trie *base = trie_new(NULL);
    struct strtab *st = trie_names(base);
    uint32_t nm[64], path[12];
    for (int i = 0; i < 64; i++) {
        char b[8];
        int len = snprintf(b, sizeof b, "n%d", i);
        nm[i] = strtab_intern(st, b, (size_t)len);
    }
    for (uint32_t s = 0; s < 20000; s++) {   /* distinct: the digits of s, base 64 */
        size_t d = 0;
        for (uint32_t x = s; d < 3; x /= 64)
            path[d++] = nm[x % 64];
        for (uint32_t x = s * 2654435761u; d < 12; x = x * 2654435761u + 1)
            path[d++] = nm[x >> 26];
        trie_insert(base, path, d, count_u64(1));
    }
    struct view *v = view_new();
    /* an include filter (no hide): the kept paths are the base's, appended without a
     * lookup table (the old build zeroed one of 10 bytes per node that it never used) */
    assert_int_equal(view_push_filter(v, FILTER_INCLUDE, "^n6[0-3]$", NULL), 0);
    struct trie *d = view_build(v, base);
    size_t n = trie_size(d);
    assert_true(n > 50000 && n < trie_size(base));
    assert_true(trie_bytes(d) <= 50 * n + 65536);
    trie_free(d);
    view_pop_filter(v);
    view_set_reverse(v, true);
    d = view_build(v, base);
    n = trie_size(d);
    assert_true(n > 100000);
    /* 48-byte nodes; the old build grew the array 1.5x at a time and kept a lookup
     * table of 8 bytes per slot at a load of at most 0.8 (over 58 bytes per node) */
    assert_true(trie_bytes(d) <= 52 * n + 65536);
    assert_true(trie_total_d(d, TRIE_ROOT) == 20000);
    trie_free(d);
    view_free(v);
    trie_free(base);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(include_keeps_matching_stacks),
        cmocka_unit_test(exclude_drops_matching_stacks),
        cmocka_unit_test(frame_matching_twice_counts_once),
        cmocka_unit_test(hide_merges_and_drops_empty),
        cmocka_unit_test(filters_in_sequence),
        cmocka_unit_test(empty_results),
        cmocka_unit_test(reverse_matches_hand_reversal),
        cmocka_unit_test(list_undo_clear_describe),
        cmocka_unit_test(share_and_growth),
        cmocka_unit_test(odd_bytes_in_names),
        cmocka_unit_test(update_after_growth),
        cmocka_unit_test(update_refuses_when_stale),
        cmocka_unit_test(reverse_equals_insertion),
        cmocka_unit_test(filters_equal_insertion),
        cmocka_unit_test(view_nodes_are_found),
        cmocka_unit_test(views_are_compact),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
