/* SPDX-License-Identifier: MIT */
/* flametui - unit tests: views with hidden frames (view_build's hide path). */
#include "config.h"

#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/count.h"
#include "core/strtab.h"
#include "core/trie.h"
#include "query/view.h"

static uint64_t rs = 0x9e3779b97f4a7c15ull;
static uint32_t rnd(uint32_t n)
{
    rs = rs * 6364136223846793005ull + 1442695040888963407ull;
    return (uint32_t)((rs >> 33) % n);
}

static bool same_count(struct count a, struct count b)
{
    if (a.is_float != b.is_float)
        return false;
    return a.is_float ? memcmp(&a.d, &b.d, sizeof a.d) == 0 : a.u == b.u;
}

/* The view as a lookup per visible node in base id order gives it (trie_child under the
 * derived parent; the derived node of a hidden node is its parent's), with the self
 * counts of the kept stack ends added in id order and the totals summed: the build
 * before hides had their own path. hid[] / inc[] per name id: hidden, matches the
 * include filter (inc NULL: none). */
static struct trie *reference(struct trie *base, const bool *hid, const bool *inc)
{
    size_t n = trie_size(base);
    bool *need = calloc(n, sizeof *need), *keep = calloc(n, sizeof *keep);
    uint32_t *map = calloc(n, sizeof *map);
    for (size_t i = 0; i < n; i++) {
        if (!trie_is_terminal(base, (uint32_t)i))
            continue;
        bool vis = false, match = false;
        for (uint32_t a = (uint32_t)i; a != TRIE_ROOT; a = trie_parent(base, a)) {
            uint32_t nm = trie_name(base, a);
            vis |= !hid[nm];
            match |= inc && !hid[nm] && inc[nm];
        }
        keep[i] = (i == 0 || vis) && (!inc || match);
        for (uint32_t a = (uint32_t)i; keep[i] && a != TRIE_NONE; a = trie_parent(base, a))
            need[a] = true;
    }
    struct trie *ref = trie_new(trie_names(base));
    if (trie_has_base(base))
        trie_enable_base(ref);
    for (size_t i = 1; i < n; i++) {
        if (!need[i])
            continue;
        uint32_t up = map[trie_parent(base, (uint32_t)i)], nm = trie_name(base, (uint32_t)i);
        map[i] = hid[nm] ? up : trie_child(ref, up, nm);
    }
    for (size_t i = 0; i < n; i++) {
        if (!keep[i])
            continue;
        trie_add_self(ref, map[i], trie_self(base, (uint32_t)i));
        if (trie_has_base(base))
            trie_add_base_self(ref, map[i], trie_base_self(base, (uint32_t)i));
    }
    trie_sum_totals(ref);
    trie_sum_base(ref);
    free(map);
    free(keep);
    free(need);
    return ref;
}

/* Views with hidden frames over many random stacks (hidden frames at the root, in
 * chains, at the leaves, and paths that merge at several depths, so that derived nodes
 * get a second base node after they have children) are node for node what a lookup per
 * node gives: the same ids, parents, names, stack ends and count bits (fractional
 * counts: the same order of sums), base counts of a diff; also with an include filter
 * and when tracked (for view_update). And they are built without a lookup table: the
 * node array and nothing else (the old build made one of 5 bytes per node). */
static void hide_views_are_exact_and_compact(void **state)
{
    (void)state;
    for (int round = 0; round < 6; round++) {
        struct trie *base = trie_new(NULL);
        struct strtab *st = trie_names(base);
        enum { NAMES = 16 };
        uint32_t nm[NAMES], path[14];
        bool hid[NAMES] = {false}, inc[NAMES] = {false};
        for (int i = 0; i < NAMES; i++) {
            char b[8];
            int len = snprintf(b, sizeof b, "%c%d", i % 3 == 0 ? 'H' : 'f', i);
            nm[i] = strtab_intern(st, b, (size_t)len);
            hid[nm[i]] = i % 3 == 0;
            inc[nm[i]] = i == 4;
        }
        bool fl = round % 2 == 1, diff = round == 3, incl = round == 4, track = round == 5;
        if (diff)
            trie_enable_base(base);
        for (int s = 0; s < 20000; s++) {
            size_t d = rnd(13);
            for (size_t k = 0; k < d; k++)   /* the first frames from fewer names */
                path[k] = nm[rnd(k < 3 ? 4 : NAMES)];
            uint32_t w = rnd(4);
            struct count c = fl ? (struct count){0, w * 0.1 + 0.01, true} : count_u64(w);
            uint32_t leaf = trie_insert(base, path, d, c);
            if (diff && w != 2)
                trie_add_base(base, leaf, fl ? (struct count){0, w * 0.7, true}
                                             : count_u64(w + 1));
        }
        struct view *v = view_new();
        view_track(v, track);
        assert_int_equal(view_push_filter(v, FILTER_HIDE, "^H", NULL), 0);
        if (incl)
            assert_int_equal(view_push_filter(v, FILTER_INCLUDE, "^f4$", NULL), 0);
        struct trie *got = view_build(v, base), *want = reference(base, hid, incl ? inc : NULL);
        size_t n = trie_size(want);
        assert_true(n > 5000);
        assert_int_equal(trie_size(got), n);
        for (uint32_t i = 0; i < n; i++) {
            assert_int_equal(trie_parent(got, i), trie_parent(want, i));
            assert_int_equal(trie_name(got, i), trie_name(want, i));
            assert_true(trie_is_terminal(got, i) == trie_is_terminal(want, i));
            assert_true(same_count(trie_self(got, i), trie_self(want, i)));
            assert_true(same_count(trie_total(got, i), trie_total(want, i)));
            assert_true(same_count(trie_base_total(got, i), trie_base_total(want, i)));
        }
        assert_true(trie_bytes(got) <= (32 + (diff ? 8 : 0)) * n + 65536);
        for (uint32_t i = 1; i < n; i++)   /* path hashes: each node can be found */
            assert_int_equal(trie_find_child(got, trie_parent(got, i), trie_name(got, i)), i);
        trie_free(want);
        trie_free(got);
        view_free(v);
        trie_free(base);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(hide_views_are_exact_and_compact),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
