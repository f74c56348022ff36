/* SPDX-License-Identifier: MIT */
/* flametui - unit tests: the folded-order walk (trie_fold_*, core/trie_fold.c) and the
 * --collapse writer on one and two threads. Every walk, whole or split into parts and
 * concatenated, must list exactly the stack ends of the trie sorted by their text, on
 * tries laid out every way the index relies on or not: stacks inserted one by one (the
 * usual consecutive chains), nodes appended breadth first (no chains), leaves that got
 * children later, a single path, names that are prefixes of each other. */
#include "config.h"

#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/count.h"
#include "core/strtab.h"
#include "core/trie.h"
#include "helpers.h"
#include "core/util.h"
#include "render/collapse.h"

/* The state of test_rand(); a fixed seed: the same stacks on every run. */
static uint64_t rng = 0x2545f4914f6cdd1dull;

/* names that are prefixes of each other, with next bytes below and above ';' and the
 * end, and the empty name */
static const char *const tricky[] = {"a", "a.", "a.b", "a<", "a:", "ab", "a\x7f", "a\xc3\xa9",
                                     "", "b", "b b", "b!", "main", "main2", "mai"};

static uint32_t pick_name(struct trie *t, unsigned pool)
{
    char nm[32];
    uint32_t r = test_rand(&rng) % (pool + FT_ARRAY_LEN(tricky));
    if (r < FT_ARRAY_LEN(tricky))
        return strtab_intern(trie_names(t), tricky[r], strlen(tricky[r]));
    int len = snprintf(nm, sizeof nm, "f%u", (unsigned)(r % pool));
    return strtab_intern(trie_names(t), nm, (size_t)len);
}

/* Stacks inserted one by one (profile-like: shared prefixes, fan-out, deep chains);
 * some end at a node that already has children, some extend an earlier leaf. */
static struct trie *stack_trie(size_t stacks, unsigned maxdepth, unsigned pool)
{
    assert_true(maxdepth <= 64);
    struct trie *t = trie_new(NULL);
    uint32_t names[64];
    for (size_t s = 0; s < stacks; s++) {
        unsigned d = test_rand(&rng) % maxdepth;
        for (unsigned i = 0; i < d; i++) {
            if (i < 3 && test_rand(&rng) % 4) { /* shared tops: main, main2, mai */
                const char *top = tricky[12 + test_rand(&rng) % 3];
                names[i] = strtab_intern(trie_names(t), top, strlen(top));
            } else {
                names[i] = pick_name(t, pool);
            }
        }
        trie_insert(t, names, d, count_u64(1 + test_rand(&rng) % 9));
    }
    return t;
}

/* Nodes appended level by level (ids do not follow chains). */
static struct trie *bfs_trie(size_t n, unsigned pool)
{
    struct trie *t = trie_new(NULL);
    size_t level_start = 0, level_end = 1;
    while (trie_size(t) < n) {
        for (size_t p = level_start; p < level_end && trie_size(t) < n; p++) {
            unsigned nk = test_rand(&rng) % 4;
            for (unsigned k = 0; k < nk && trie_size(t) < n; k++) {
                uint32_t name = pick_name(t, pool);
                if (trie_find_child(t, (uint32_t)p, name) != TRIE_NONE)
                    continue;
                uint64_t ph = trie_hash_step(trie_phash(t, (uint32_t)p),
                                             strtab_hash(trie_names(t), name));
                trie_append_child(t, (uint32_t)p, name, ph);
            }
        }
        if (trie_size(t) == level_end) { /* nothing added: add one below the last */
            uint32_t name = pick_name(t, pool);
            uint32_t p = (uint32_t)(level_end - 1);
            uint64_t ph =
                trie_hash_step(trie_phash(t, p), strtab_hash(trie_names(t), name));
            trie_append_child(t, p, name, ph);
        }
        level_start = level_end;
        level_end = trie_size(t);
    }
    for (size_t i = 1; i < trie_size(t); i++)
        if (!trie_has_children(t, (uint32_t)i) || test_rand(&rng) % 5 == 0)
            trie_add(t, (uint32_t)i, count_u64(1 + test_rand(&rng) % 5));
    return t;
}

struct line {
    char *text;
    size_t len;
    uint32_t leaf;
};

static int cmp_line(const void *a, const void *b)
{
    const struct line *x = a, *y = b;
    size_t m = x->len < y->len ? x->len : y->len;
    int c = memcmp(x->text, y->text, m);
    return c ? c : (x->len > y->len) - (x->len < y->len);
}

/* Every stack end but the root with its text, sorted by the text. */
static struct line *reference(struct trie *t, size_t *n)
{
    struct line *v = NULL;
    size_t nv = 0, cap = 0;
    uint32_t *path = xreallocarray(NULL, trie_max_depth(t) + 1, sizeof *path);
    for (size_t i = 1; i < trie_size(t); i++) {
        if (!trie_is_terminal(t, (uint32_t)i))
            continue;
        size_t d = trie_path(t, (uint32_t)i, path);
        struct buf b = {0};
        for (size_t k = 0; k < d; k++) {
            size_t len;
            const char *p = trie_label(t, path[k], &len);
            if (k)
                buf_putc(&b, ';');
            buf_append(&b, p, len);
        }
        FT_GROW(v, cap, nv + 1);
        v[nv++] = (struct line){b.p ? b.p : xmemdup("", 1), b.len, (uint32_t)i};
    }
    free(path);
    if (nv)
        qsort(v, nv, sizeof *v, cmp_line);
    *n = nv;
    return v;
}

struct got {
    struct line *v;
    size_t n, cap;
    size_t stop_after; /* return 7 after this many lines (0: never) */
};

static int collect(void *ctx, uint32_t leaf, const char *text, size_t len)
{
    struct got *g = ctx;
    FT_GROW(g->v, g->cap, g->n + 1);
    g->v[g->n++] = (struct line){xmemdup(len ? text : "", len ? len : 1), len, leaf};
    if (g->stop_after && g->n == g->stop_after)
        return 7;
    return 0;
}

static void free_lines(struct line *v, size_t n)
{
    for (size_t i = 0; i < n; i++)
        free(v[i].text);
    free(v);
}

/* The walk in nparts parts (parts walked in a scrambled order, as threads would),
 * concatenated, against the reference. Returns the smallest part's share of lines. */
static double check_parts(struct trie *t, const struct line *ref, size_t nref, unsigned nparts)
{
    struct trie_fold *w = trie_fold_new(t, nparts);
    unsigned np = trie_fold_parts(w);
    assert_true(np >= 1 && np <= nparts);
    for (unsigned i = np; i-- > 0;)
        trie_fold_scan(w, i);
    trie_fold_index(w);
    struct got *g = calloc(np, sizeof *g);
    assert_non_null(g);
    for (unsigned i = np; i-- > 0;)
        assert_int_equal(trie_fold_walk(w, i, collect, &g[i]), 0);
    size_t at = 0, least = SIZE_MAX;
    for (unsigned i = 0; i < np; i++) {
        for (size_t j = 0; j < g[i].n; j++, at++) {
            assert_true(at < nref);
            assert_int_equal(g[i].v[j].leaf, ref[at].leaf);
            assert_int_equal(g[i].v[j].len, ref[at].len);
            assert_memory_equal(g[i].v[j].text, ref[at].text, ref[at].len);
        }
        if (g[i].n < least)
            least = g[i].n;
        free_lines(g[i].v, g[i].n);
    }
    assert_int_equal(at, nref);
    free(g);
    trie_fold_free(w);
    return nref ? (double)least / (double)nref : 1.0;
}

static void check_all_parts(struct trie *t)
{
    size_t nref;
    struct line *ref = reference(t, &nref);
    for (unsigned np = 1; np <= 8; np++)
        check_parts(t, ref, nref, np);
    check_parts(t, ref, nref, 33);
    free_lines(ref, nref);
}

static void stacks_in_text_order(void **state)
{
    (void)state;
    for (int round = 0; round < 40; round++) {
        struct trie *t = stack_trie(1 + test_rand(&rng) % 400, 2 + test_rand(&rng) % 30,
                                    1 + test_rand(&rng) % 40);
        check_all_parts(t);
        trie_free(t);
    }
}

static void appended_breadth_first(void **state)
{
    (void)state;
    for (int round = 0; round < 20; round++) {
        struct trie *t = bfs_trie(2 + test_rand(&rng) % 3000, 1 + test_rand(&rng) % 60);
        check_all_parts(t);
        trie_free(t);
    }
}

static void degenerate_shapes(void **state)
{
    (void)state;
    /* only the root, with and without its own (unwritten) stack */
    struct trie *t = trie_new(NULL);
    check_all_parts(t);
    trie_add(t, TRIE_ROOT, count_u64(3));
    check_all_parts(t);
    trie_free(t);
    /* one path: nowhere to split; stacks ending along it; then a fork at its end */
    t = trie_new(NULL);
    uint32_t names[200];
    for (int i = 0; i < 200; i++) {
        char nm[16];
        int len = snprintf(nm, sizeof nm, "p%d", i % 7);
        names[i] = strtab_intern(trie_names(t), nm, (size_t)len);
    }
    for (size_t d = 1; d <= 200; d += 13)
        trie_insert(t, names, d, count_u64(d));
    check_all_parts(t);
    names[199] = strtab_intern(trie_names(t), "zz", 2);
    trie_insert(t, names, 200, count_u64(1));
    check_all_parts(t);
    trie_free(t);
    /* a wide root: thousands of children, names that are prefixes of each other */
    t = trie_new(NULL);
    for (int i = 0; i < 3000; i++) {
        char nm[16];
        int len = snprintf(nm, sizeof nm, "%d", i);
        uint32_t n1 = strtab_intern(trie_names(t), nm, (size_t)len);
        trie_insert(t, &n1, 1, count_u64(1));
        if (i % 3 == 0) {
            uint32_t two[2] = {n1, n1};
            trie_insert(t, two, 2, count_u64(2));
        }
    }
    check_all_parts(t);
    trie_free(t);
}

/* A non-zero result of fn ends that part's walk and comes back. */
static void callback_stops(void **state)
{
    (void)state;
    struct trie *t = stack_trie(300, 12, 20);
    struct trie_fold *w = trie_fold_new(t, 1);
    trie_fold_scan(w, 0);
    trie_fold_index(w);
    struct got g = {NULL, 0, 0, 5};
    assert_int_equal(trie_fold_walk(w, 0, collect, &g), 7);
    assert_int_equal(g.n, 5);
    free_lines(g.v, g.n);
    trie_fold_free(w);
    trie_free(t);
}

/* Parts of a big profile-like trie are about equal (the split is estimated from a
 * sample of nodes). */
static void parts_are_balanced(void **state)
{
    (void)state;
    struct trie *t = stack_trie(60000, 40, 300);
    size_t nref;
    struct line *ref = reference(t, &nref);
    assert_true(check_parts(t, ref, nref, 2) > 0.3);
    assert_true(check_parts(t, ref, nref, 4) > 0.12);
    free_lines(ref, nref);
    trie_free(t);
}

static char *written(struct trie *t, int threads, size_t pair_nodes, size_t *len)
{
    char *mem = NULL;
    FILE *f = open_memstream(&mem, len);
    assert_non_null(f);
    collapse_threads(threads);
    collapse_pair_nodes(pair_nodes);
    assert_int_equal(collapse_write(f, t), 0);
    assert_int_equal(fclose(f), 0);
    collapse_threads(0);
    collapse_pair_nodes(0);
    return mem;
}

/* --collapse: the same bytes on one and two threads (one pair of parts, several pairs,
 * the most pairs), each line the text and the count of the reference's stack, in its
 * order. */
static void writer_threads_agree(void **state)
{
    (void)state;
    struct trie *t = stack_trie(40000, 40, 200); /* over the two-thread minimum */
    assert_true(trie_size(t) >= 65536);
    size_t l1, l2, nref;
    char *one = written(t, 1, 0, &l1);
    static const size_t pairs[] = {0, 30000, 5000, 1};
    for (size_t i = 0; i < FT_ARRAY_LEN(pairs); i++) {
        char *two = written(t, 2, pairs[i], &l2);
        assert_int_equal(l1, l2);
        assert_memory_equal(one, two, l1);
        free(two);
    }
    struct line *ref = reference(t, &nref);
    const char *p = one;
    for (size_t i = 0; i < nref; i++) {
        char cnt[COUNT_FMT_MAX];
        int cl = count_format(cnt, trie_self(t, ref[i].leaf));
        assert_memory_equal(p, ref[i].text, ref[i].len);
        p += ref[i].len;
        assert_int_equal(*p++, ' ');
        assert_memory_equal(p, cnt, (size_t)cl);
        p += cl;
        assert_int_equal(*p++, '\n');
    }
    assert_int_equal((size_t)(p - one), l1);
    free_lines(ref, nref);
    free(one);
    trie_free(t);
}

/* Nodes with tens of thousands of children (their items are made once and shared by
 * every part and split): names that are prefixes of each other (fn_1, fn_10, ...), one
 * such group inside another, stacks ending at nodes with children; every split of the
 * walk and the two-thread writer agree with the reference. */
static void wide_groups(void **state)
{
    (void)state;
    struct trie *t = trie_new(NULL);
    struct strtab *st = trie_names(t);
    uint32_t s[4] = {strtab_intern(st, "root", 4), 0, 0, 0};
    for (unsigned i = 0; i < 70000; i++) {
        char nm[16];
        int len = snprintf(nm, sizeof nm, "fn_%u", i);
        s[1] = strtab_intern(st, nm, (size_t)len);
        trie_insert(t, s, 2, count_u64(1 + i % 5));
        if (i % 7 == 0) {   /* a level below some of them, and a wide group under fn_7 */
            s[2] = s[1];
            trie_insert(t, s, 3, count_u64(2));
        }
        if (i < 3000) {
            s[1] = strtab_intern(st, "fn_7", 4);
            len = snprintf(nm, sizeof nm, "g%u", i);
            s[2] = strtab_intern(st, nm, (size_t)len);
            s[3] = s[0];
            trie_insert(t, s, 4, count_u64(1));
        }
    }
    size_t nref, l1, l2;
    struct line *ref = reference(t, &nref);
    static const unsigned nparts[] = {1, 2, 3, 6, 33};
    for (size_t i = 0; i < FT_ARRAY_LEN(nparts); i++)
        check_parts(t, ref, nref, nparts[i]);
    free_lines(ref, nref);
    char *one = written(t, 1, 0, &l1), *two = written(t, 2, 20000, &l2);
    assert_int_equal(l1, l2);
    assert_memory_equal(one, two, l1);
    free(one);
    free(two);
    trie_free(t);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(stacks_in_text_order),
        cmocka_unit_test(appended_breadth_first),
        cmocka_unit_test(degenerate_shapes),
        cmocka_unit_test(callback_stops),
        cmocka_unit_test(parts_are_balanced),
        cmocka_unit_test(writer_threads_agree),
        cmocka_unit_test(wide_groups),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
