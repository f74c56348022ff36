/* SPDX-License-Identifier: MIT */
/* flametui - unit tests: count, strtab, trie (insert, totals, merge, sorted output). */
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
#include "helpers.h"
#include "core/strtab.h"
#include "core/trie.h"
#include "render/collapse.h"

static void count_overflow_becomes_double(void **state)
{
    (void)state;
    struct count a = count_u64(10000000000000000000ull), b;
    char buf[COUNT_FMT_MAX];
    count_add(&a, count_u64(10000000000000000000ull));
    assert_true(a.is_float);
    count_format(buf, a);
    assert_string_equal(buf, "2e+19");
    b = count_u64(9007199254740993ull);
    count_add(&b, count_u64(9007199254740993ull));
    assert_false(b.is_float);
    count_format(buf, b);
    assert_string_equal(buf, "18014398509481986");
}

static void count_parse_forms(void **state)
{
    (void)state;
    struct count c;
    char buf[COUNT_FMT_MAX];
    assert_int_equal(count_parse("42", 2, true, &c), 0);
    assert_int_equal(c.u, 42);
    assert_int_equal(count_parse("31.23", 5, false, &c), 0);
    assert_true(c.is_float);
    count_format(buf, c);
    assert_string_equal(buf, "31.23");
    assert_int_equal(count_parse("6.", 2, false, &c), 0);
    assert_false(c.is_float);
    assert_int_equal(c.u, 6);
    assert_int_equal(count_parse("31.23", 5, true, &c), -1);
    assert_int_equal(count_parse("", 0, false, &c), -1);
    assert_int_equal(count_parse("1e5", 3, false, &c), -1);
    assert_int_equal(count_parse("-1", 2, false, &c), -1);
    assert_int_equal(count_parse("99999999999999999999999", 23, true, &c), -2);
    assert_int_equal(count_parse("99999999999999999999999", 23, false, &c), 0);
    count_format(buf, c);
    assert_string_equal(buf, "1e+23");
    assert_int_equal(count_parse("18446744073709551615", 20, true, &c), 0);
    assert_int_equal(c.u, UINT64_MAX);
}

static void strtab_interns_once(void **state)
{
    (void)state;
    struct strtab *s = strtab_new();
    uint32_t a = strtab_intern(s, "main", 4);
    uint32_t b = strtab_intern(s, "mainx", 4); /* same 4 bytes */
    uint32_t c = strtab_intern(s, "a\0b", 3);  /* NUL inside a name */
    assert_int_equal(a, b);
    assert_int_not_equal(a, c);
    assert_int_equal(strtab_lookup(s, "a\0b", 3), c);
    assert_int_equal(strtab_lookup(s, "a", 1), UINT32_MAX);
    size_t len;
    const char *p = strtab_get(s, c, &len);
    assert_int_equal(len, 3);
    assert_memory_equal(p, "a\0b", 3);
    /* many names: the table grows and ids stay stable */
    char buf[32];
    for (int i = 0; i < 100000; i++) {
        int n = snprintf(buf, sizeof buf, "f%d", i);
        assert_int_equal(strtab_intern(s, buf, (size_t)n), (uint32_t)i + 2);
    }
    assert_int_equal(strtab_intern(s, "main", 4), a);
    assert_int_equal(strtab_count(s), 100002);
    const uint32_t *r = strtab_ranks(s);
    /* "a\0b" < "f0" < "main" */
    assert_true(r[c] < r[2]);
    assert_true(r[2] < r[a]);
    strtab_free(s);
}

static void totals_and_self(void **state)
{
    (void)state;
    struct trie *t = trie_from_folded("main;a 3\nmain;b 1\nmain 2\nmain;a;x 4\n");
    uint32_t m = trie_node_at(t, "main"), a = trie_node_at(t, "main;a");
    assert_true(m != UINT32_MAX && a != UINT32_MAX);
    assert_int_equal(trie_total(t, TRIE_ROOT).u, 10);
    assert_int_equal(trie_total(t, m).u, 10);
    assert_int_equal(trie_self(t, m).u, 2);
    assert_int_equal(trie_total(t, a).u, 7);
    assert_int_equal(trie_self(t, a).u, 3);
    assert_int_equal(trie_depth(t, trie_node_at(t, "main;a;x")), 3);
    assert_int_equal(trie_max_depth(t), 3);
    assert_int_equal(trie_parent(t, a), m);
    size_t len;
    assert_string_equal(trie_label(t, TRIE_ROOT, &len), "all");
    assert_string_equal(trie_label(t, a, &len), "a");
    trie_free(t);
}

static void children_sorted_by_bytes(void **state)
{
    (void)state;
    struct trie *t = trie_from_folded("r;zeta 1\nr;Alpha 1\nr;_u 1\nr;a 1\nr;0 1\n");
    uint32_t r = trie_node_at(t, "r");
    size_t n;
    const uint32_t *k = trie_children(t, r, &n);
    assert_int_equal(n, 5);
    const char *want[] = {"0", "Alpha", "_u", "a", "zeta"};
    for (size_t i = 0; i < n; i++)
        assert_string_equal(trie_label(t, k[i], NULL), want[i]);
    /* the cache is rebuilt after growth */
    uint32_t name = strtab_intern(trie_names(t), "b", 1);
    trie_add(t, trie_child(t, r, name), count_u64(1));
    k = trie_children(t, r, &n);
    assert_int_equal(n, 6);
    assert_string_equal(trie_label(t, k[4], NULL), "b");
    trie_free(t);
}

/* trie_sort_children sorts every node at once; trie_has_children needs no sorting. */
static void sort_all_children(void **state)
{
    (void)state;
    struct trie *t = trie_from_folded("r;zeta 1\nr;a;b 1\nq 2\n");
    uint32_t r = trie_node_at(t, "r"), a = trie_node_at(t, "r;a");
    assert_true(trie_has_children(t, TRIE_ROOT));
    assert_true(trie_has_children(t, r));
    assert_true(trie_has_children(t, a));
    assert_false(trie_has_children(t, trie_node_at(t, "r;a;b")));
    assert_false(trie_has_children(t, trie_node_at(t, "q")));
    trie_sort_children(t);
    trie_sort_children(t);                                /* up to date: no work */
    size_t n;
    const uint32_t *k = trie_children(t, r, &n);
    assert_int_equal(n, 2);
    assert_string_equal(trie_label(t, k[0], NULL), "a");
    assert_string_equal(trie_label(t, k[1], NULL), "zeta");
    uint32_t name = strtab_intern(trie_names(t), "m", 1);
    trie_add(t, trie_child(t, r, name), count_u64(1));    /* grows: sorted again */
    trie_sort_children(t);
    k = trie_children(t, r, &n);
    assert_int_equal(n, 3);
    assert_string_equal(trie_label(t, k[1], NULL), "m");
    trie_free(t);
}

/* The output order is `sort` on whole lines, which is not the order of a tree walk when
 * a name is a prefix of a sibling's name: "a b" sorts before "a;x" (' ' < ';') but after
 * "a" itself. */
static void collapsed_order_is_plain_byte_order(void **state)
{
    (void)state;
    struct trie *t = trie_from_folded("a;x 1\na 2\na b;y 3\na-b 4\na:c 5\nb 6\na;x;z 7\n");
    char *s = trie_to_collapsed(t);
    assert_string_equal(s, "a 2\na b;y 3\na-b 4\na:c 5\na;x 1\na;x;z 7\nb 6\n");
    free(s);
    trie_free(t);
}

/* collapse_write: a write error is -1; stack ends with zero samples are written. */
static void collapse_write_errors(void **state)
{
    (void)state;
    struct trie *t = trie_from_folded("a;b 1\na 0\n");
    char *s = trie_to_collapsed(t);
    assert_string_equal(s, "a 0\na;b 1\n");
    free(s);
    FILE *ro = fopen("/dev/null", "r");
    assert_non_null(ro);
    assert_int_equal(collapse_write(ro, t), -1);
    fclose(ro);
    trie_free(t);
}

static void identical_stacks_sum(void **state)
{
    (void)state;
    struct trie *t = trie_from_folded("a;b 1\na;b 2\nb;c 1.5\nb;c 1.25\n");
    char *s = trie_to_collapsed(t);
    assert_string_equal(s, "a;b 3\nb;c 2.75\n");
    free(s);
    trie_free(t);
}

static void merge_across_strtabs(void **state)
{
    (void)state;
    struct trie *a = trie_from_folded("m;x 1\nm;y 2\n");
    struct trie *b = trie_from_folded("m;y 3\nq 4\nm 1\n");
    trie_merge(a, b);
    char *s = trie_to_collapsed(a);
    assert_string_equal(s, "m 1\nm;x 1\nm;y 5\nq 4\n");
    assert_int_equal(trie_total(a, TRIE_ROOT).u, 11);
    assert_int_equal(trie_total(a, trie_node_at(a, "m")).u, 7);
    free(s);
    trie_free(a);
    trie_free(b);
}

static void path_and_foreach(void **state)
{
    (void)state;
    struct trie *t = trie_from_folded("a;b;c 1\n");
    uint32_t c = trie_node_at(t, "a;b;c");
    uint32_t path[3];
    assert_int_equal(trie_path(t, c, path), 3);
    assert_int_equal(path[0], trie_node_at(t, "a"));
    assert_int_equal(path[2], c);
    trie_free(t);
}

/* Appended nodes (no probe) are found by later lookups once the table is rebuilt, and
 * the totals summed in one pass match trie_add's. */
static void append_then_lookup(void **state)
{
    (void)state;
    struct trie *src = trie_from_folded("a;b 1\na;c 2\nd 3\n");
    struct trie *t = trie_new(trie_names(src));
    uint32_t map[16];
    map[0] = TRIE_ROOT;
    for (uint32_t i = 1; i < trie_size(src); i++) {
        map[i] = trie_append_child(t, map[trie_parent(src, i)], trie_name(src, i),
                                   trie_phash(src, i));
        if (trie_is_terminal(src, i))
            trie_add_self(t, map[i], trie_self(src, i));
    }
    trie_sum_totals(t);
    assert_int_equal(trie_total(t, TRIE_ROOT).u, 6);
    uint32_t a = trie_find_child(t, TRIE_ROOT, trie_name(src, trie_node_at(src, "a")));
    assert_int_not_equal(a, TRIE_NONE);
    assert_int_equal(trie_total(t, a).u, 3);
    size_t n = trie_size(t);
    assert_int_equal(trie_child(t, a, trie_name(src, trie_node_at(src, "a;c"))),
                     map[trie_node_at(src, "a;c")]);
    assert_int_equal(trie_size(t), n); /* found, not duplicated */
    char *s = trie_to_collapsed(t);
    assert_string_equal(s, "a;b 1\na;c 2\nd 3\n");
    free(s);
    trie_free(t);
    trie_free(src);
}

static void deep_stack_no_recursion(void **state)
{
    (void)state;
    struct trie *t = trie_new(NULL);
    enum { DEPTH = 100000 };
    uint32_t *names = malloc(DEPTH * sizeof *names);
    for (int i = 0; i < DEPTH; i++)
        names[i] = strtab_intern(trie_names(t), i & 1 ? "f" : "g", 1);
    trie_insert(t, names, DEPTH, count_u64(1));
    assert_int_equal(trie_max_depth(t), DEPTH);
    char *s = trie_to_collapsed(t);
    assert_int_equal(strlen(s), DEPTH * 2 - 1 + 2 + 1);
    free(s);
    free(names);
    trie_free(t);
}

/* The collapse order against a plain sort of the stack texts (memcmp, a prefix first, as
 * stackcollapse-perf.pl's `sort keys`): names that are prefixes of others followed by
 * bytes below and above ';' (and the line's space), bytes above 0x7f, and sibling groups
 * of thousands of names inserted in random order. */
struct ref_stack {
    char key[64];
    size_t len;
    uint64_t count;
};

static int cmp_ref(const void *a, const void *b)
{
    const struct ref_stack *x = a, *y = b;
    size_t m = x->len < y->len ? x->len : y->len;
    int c = memcmp(x->key, y->key, m);
    return c ? c : (x->len > y->len) - (x->len < y->len);
}

static void collapse_order_prefix_names(void **state)
{
    (void)state;
    static const char *const base[] = {"a", "b", "f", "\xc3\xa9", "\xff", "\x7f"};
    static const char *const suffix[] = {"", "!", ":", "<", ".cold", "\x80", "a", " x",
                                         "\x01", "\xfe", "/", "[k]"};
    enum { NB = 6, NS = 12, NPOOL = NB * NS + 2000, NSTACKS = 6000 };
    char pool[NPOOL][16];
    for (int i = 0; i < NB * NS; i++)
        snprintf(pool[i], sizeof pool[i], "%s%s", base[i / NS], suffix[i % NS]);
    for (int i = NB * NS; i < NPOOL; i++)   /* many siblings, some prefixes of others */
        snprintf(pool[i], sizeof pool[i], "g%d", (i * 7919) % 2000);
    struct trie *t = trie_new(NULL);
    struct ref_stack *ref = calloc(NSTACKS, sizeof *ref);
    assert_non_null(ref);
    uint32_t x = 12345;
    for (int s = 0; s < NSTACKS; s++) {
        uint32_t ids[4];
        x = x * 1103515245u + 12345u;
        int depth = 1 + (int)((x >> 16) % 4);
        ref[s].count = 1 + (x >> 8) % 9;
        for (int d = 0; d < depth; d++) {
            x = x * 1103515245u + 12345u;
            /* the root level mostly from the small pool, so that groups are big */
            uint32_t r = (x >> 12) % (d == 1 ? NPOOL : NB * NS);
            ids[d] = strtab_intern(trie_names(t), pool[r], strlen(pool[r]));
            if (d)
                ref[s].key[ref[s].len++] = ';';
            memcpy(ref[s].key + ref[s].len, pool[r], strlen(pool[r]));
            ref[s].len += strlen(pool[r]);
        }
        trie_insert(t, ids, (size_t)depth, count_u64(ref[s].count));
    }
    qsort(ref, NSTACKS, sizeof *ref, cmp_ref);
    char *want = NULL;
    size_t wn = 0;
    FILE *w = open_memstream(&want, &wn);
    assert_non_null(w);
    for (int s = 0; s < NSTACKS;) {
        uint64_t c = 0;
        int e = s;
        while (e < NSTACKS && cmp_ref(&ref[s], &ref[e]) == 0)
            c += ref[e++].count;
        fwrite(ref[s].key, 1, ref[s].len, w);
        fprintf(w, " %llu\n", (unsigned long long)c);
        s = e;
    }
    fclose(w);
    char *got = trie_to_collapsed(t);
    assert_string_equal(got, want);
    free(got);
    /* again after the trie grew (the children index is rebuilt) */
    uint32_t late[2] = {strtab_intern(trie_names(t), "a", 1),
                        strtab_intern(trie_names(t), "a\x01", 2)};
    trie_insert(t, late, 2, count_u64(1));
    got = trie_to_collapsed(t);
    assert_non_null(strstr(got, "\na;a\x01 1\n"));
    assert_non_null(strstr(got, "\na<"));
    assert_true(strstr(got, "\na;a\x01 1\n") < strstr(got, "\na<"));
    assert_true(strstr(got, "\na;a\x01 1\n") > strstr(got, "\na:"));
    free(got);
    free(want);
    free(ref);
    trie_free(t);
}

/* Names holding ';' (possible in perf text): written escaped (render/foldesc.h: ';' as
 * \x3b) so they read back, and sorted by the escaped text (a pinned result: "a"
 * followed by ';' sorts after "a:" and before the name "a\x3bb"). */
static void collapse_order_semicolon_names(void **state)
{
    (void)state;
    struct trie *t = trie_new(NULL);
    struct strtab *st = trie_names(t);
    uint32_t a = strtab_intern(st, "a", 1), ab = strtab_intern(st, "a;b", 3),
             ac = strtab_intern(st, "a:", 2), c = strtab_intern(st, "c", 1),
             d = strtab_intern(st, "d", 1), e = strtab_intern(st, "e", 1);
    trie_insert(t, (uint32_t[]){ab, d}, 2, count_u64(6));
    trie_insert(t, (uint32_t[]){a, c}, 2, count_u64(2));
    trie_insert(t, (uint32_t[]){ac}, 1, count_u64(3));
    trie_insert(t, (uint32_t[]){ab}, 1, count_u64(5));
    trie_insert(t, (uint32_t[]){a}, 1, count_u64(1));
    trie_insert(t, (uint32_t[]){ac, e}, 2, count_u64(4));
    char *got = trie_to_collapsed(t);
    assert_string_equal(got, "a 1\na: 3\na:;e 4\na;c 2\na\\x3bb 5\na\\x3bb;d 6\n");
    free(got);
    trie_free(t);
}

/* trie_reserve_hint: the reservation happens in the middle of inserting (at 64 k nodes),
 * with a base enabled; every node stays findable and the counts stay right. */
static void reserve_hint_mid_insert(void **state)
{
    (void)state;
    struct trie *t = trie_new(NULL);
    trie_enable_base(t);
    trie_reserve_hint(t, (uint64_t)1 << 30);
    enum { N = 100000 };
    uint32_t *ids = malloc(N * sizeof *ids);
    assert_non_null(ids);
    char nm[16];
    for (int i = 0; i < N; i++) {
        int len = snprintf(nm, sizeof nm, "n%d", i);
        uint32_t name = strtab_intern(trie_names(t), nm, (size_t)len);
        ids[i] = trie_child(t, i % 3 ? TRIE_ROOT : (i ? ids[i - 1] : TRIE_ROOT), name);
        trie_add(t, ids[i], count_u64(1));
        trie_add_base(t, ids[i], count_u64(2));
    }
    assert_int_equal(trie_size(t), N + 1);
    for (int i = 0; i < N; i++) {
        int len = snprintf(nm, sizeof nm, "n%d", i);
        uint32_t name = strtab_lookup(trie_names(t), nm, (size_t)len);
        assert_int_equal(trie_find_child(t, trie_parent(t, ids[i]), name), ids[i]);
    }
    assert_int_equal(trie_total(t, TRIE_ROOT).u, N);
    assert_int_equal(trie_base_total(t, TRIE_ROOT).u, 2 * N);
    free(ids);
    trie_free(t);
}

/* ---- the lookup table grows in steps (trie_hash_moving) ---- */

/* The parent of node k of a test trie: a tree of fan-out 7 under the first 64 nodes of
 * the root, with names from a pool of 500, so one name sits under many parents. */
static uint32_t grow_parent(const uint32_t *ids, uint32_t k)
{
    return k < 64 ? TRIE_ROOT : ids[(k - 64) / 7];
}

static uint32_t grow_name(struct trie *t, uint32_t k)
{
    char nm[16];
    int len = snprintf(nm, sizeof nm, "g%u", (k * 2654435761u) % 500u);
    return strtab_intern(trie_names(t), nm, (size_t)len);
}

/* Inserts nodes k = *next, *next + 1, ... (one stack each, count k % 5 + 1) until a
 * growth of the lookup table starts in a trie of at least min nodes (smaller ones move
 * on), or k reaches stop; returns whether it stopped at such a growth. */
static bool grow_until_moving(struct trie *t, uint32_t *ids, uint32_t *next, uint32_t stop,
                              size_t min)
{
    while (*next < stop) {
        uint32_t k = (*next)++;
        size_t before = trie_hash_moving(t);
        ids[k] = trie_child(t, grow_parent(ids, k), grow_name(t, k));
        trie_add(t, ids[k], count_u64(k % 5 + 1));
        if (trie_hash_moving(t) > before && trie_size(t) >= min)
            return true;
    }
    return false;
}

/* Every node 0..n-1 of a test trie is found under its parent with its id, and looking
 * it up again adds nothing (a lost node would be made again; a duplicated one found
 * twice would not be id-stable). */
static void assert_all_found(struct trie *t, const uint32_t *ids, uint32_t n)
{
    size_t size = trie_size(t);
    for (uint32_t k = 0; k < n; k++) {
        uint32_t p = grow_parent(ids, k), nm = grow_name(t, k);
        assert_int_equal(trie_find_child(t, p, nm), ids[k]);
        assert_int_equal(trie_child(t, p, nm), ids[k]);
    }
    assert_int_equal(trie_size(t), size);
}

/* The sum of the counts grow_until_moving gave nodes 0..n-1. */
static uint64_t grow_total(uint32_t n)
{
    uint64_t s = 0;
    for (uint32_t k = 0; k < n; k++)
        s += k % 5 + 1;
    return s;
}

/* Many growth steps (fourfold, then by half past a million slots): every insertion
 * moves the nodes of at most TRIE_MOVE_STEP slots, a growth never starts while one is in
 * progress, and every node is found (in both tables, mid-move). */
static void hash_grows_in_steps(void **state)
{
    (void)state;
    enum { N = 1000000 };
    uint32_t *ids = malloc(N * sizeof *ids);
    assert_non_null(ids);
    struct trie *t = trie_new(NULL);
    size_t growths = 0, checks = 0, most = 0, start = 0;
    for (uint32_t k = 0; k < N; k++) {
        size_t before = trie_hash_moving(t);
        ids[k] = trie_child(t, grow_parent(ids, k), grow_name(t, k));
        trie_add(t, ids[k], count_u64(k % 5 + 1));
        size_t after = trie_hash_moving(t);
        if (after > before) {   /* a growth started: the one before had finished */
            assert_int_equal(before, 0);
            assert_true(after + 1 >= trie_size(t) - 2);   /* slots for every older node */
            growths++;
            start = after;
        } else if (before) {
            assert_true(before - after <= TRIE_MOVE_STEP);
            if (before - after > most)
                most = before - after;
        }
        /* mid-move: at the start of a growth and half-way through it */
        if ((after > before && k > 2000) || (before > start / 2 && after <= start / 2)) {
            assert_all_found(t, ids, k + 1);
            checks++;
        }
    }
    assert_true(growths >= 5);
    assert_true(checks >= 6);
    assert_int_equal(most, TRIE_MOVE_STEP);
    assert_int_equal(trie_size(t), N + 1);
    assert_int_equal(trie_total(t, TRIE_ROOT).u, grow_total(N));
    assert_all_found(t, ids, N);
    free(ids);
    trie_free(t);
}

/* A trie caught mid-move: its folded output, children and merges (which probe the
 * table) give the same profile as a trie that finished moving, with no node lost or
 * made twice. */
static void hash_mid_move_walks_and_copies(void **state)
{
    (void)state;
    enum { N = 200000 };
    uint32_t *ids = malloc(N * sizeof *ids);
    assert_non_null(ids);
    struct trie *t = trie_new(NULL);
    uint32_t next = 0;
    assert_true(grow_until_moving(t, ids, &next, N, 20000));
    assert_true(trie_hash_moving(t) > 1000);
    uint32_t n = next;
    /* a copy through merges into a fresh trie (no growth in progress at its end) */
    struct trie *copy = trie_new(trie_names(t));
    trie_merge(copy, t);
    assert_int_equal(trie_size(copy), trie_size(t));
    char *a = trie_to_collapsed(t), *b = trie_to_collapsed(copy);
    assert_string_equal(a, b);
    free(b);
    /* merged into itself mid-move: every node found, every count doubled */
    size_t moving = trie_hash_moving(t);
    trie_merge(t, copy);
    assert_int_equal(trie_size(t), n + 1);
    assert_int_equal(trie_total(t, TRIE_ROOT).u, 2 * grow_total(n));
    assert_true(trie_hash_moving(t) == moving);   /* nothing inserted: nothing moved */
    /* the children of the first level: one each, in name order */
    size_t nk = 0;
    const uint32_t *kids = trie_children(t, TRIE_ROOT, &nk);
    assert_true(nk > 0 && nk <= 64);
    for (size_t i = 1; i < nk; i++) {
        size_t la, lb;
        const char *x = trie_label(t, kids[i - 1], &la), *y = trie_label(t, kids[i], &lb);
        int c = memcmp(x, y, la < lb ? la : lb);
        assert_true(c < 0 || (c == 0 && la < lb));
    }
    /* a merge of a trie mid-move into one mid-move (trie_merge inserts: both move on) */
    struct trie *u = trie_new(trie_names(t));
    uint32_t *uids = malloc(N * sizeof *uids);
    assert_non_null(uids);
    uint32_t unext = 0;
    assert_true(grow_until_moving(u, uids, &unext, n / 2, 5000));
    assert_true(trie_hash_moving(u) > 0);
    trie_merge(u, copy);
    assert_int_equal(trie_size(u), n + 1);
    assert_all_found(u, ids, n);
    trie_free(u);
    free(uids);
    /* inserts go on to the end, then the whole profile is the copy's, doubled */
    assert_all_found(t, ids, n);
    grow_until_moving(t, ids, &next, N, SIZE_MAX);
    assert_all_found(t, ids, next);
    free(a);
    trie_free(copy);
    free(ids);
    trie_free(t);
}

/* Mid-move, the paths that rebuild or hand over the table: appending (the table goes
 * stale), reserving, compacting, and trie_replace with a trie that is moving. */
static void hash_mid_move_rebuilds(void **state)
{
    (void)state;
    enum { N = 100000 };
    uint32_t *ids = malloc(N * sizeof *ids);
    assert_non_null(ids);
    for (int mode = 0; mode < 4; mode++) {
        struct trie *t = trie_new(NULL);
        uint32_t next = 0;
        assert_true(grow_until_moving(t, ids, &next, N, 10000));
        assert_true(trie_hash_moving(t) > 0);
        if (mode == 0) {   /* an appended node: found after the rebuild */
            uint32_t nm = strtab_intern(trie_names(t), "appended", 8);
            uint64_t ph = trie_hash_step(trie_phash(t, ids[5]), strtab_hash(trie_names(t), nm));
            uint32_t id = trie_append_child(t, ids[5], nm, ph);
            assert_int_equal(trie_hash_moving(t), 0);
            assert_int_equal(trie_find_child(t, ids[5], nm), id);
        } else if (mode == 1) {
            trie_reserve(t, 4 * trie_size(t));
            assert_int_equal(trie_hash_moving(t), 0);
        } else if (mode == 2) {
            trie_compact(t);
            assert_int_equal(trie_hash_moving(t), 0);
        } else {   /* t's nodes replaced by a copy of itself that is moving */
            struct trie *src = trie_new(trie_names(t));
            trie_merge(src, t);
            struct trie *mv = trie_new(trie_names(t));
            uint32_t *mids = malloc(N * sizeof *mids);
            assert_non_null(mids);
            uint32_t mnext = 0;
            assert_true(grow_until_moving(mv, mids, &mnext, N, 10000));
            size_t moving = trie_hash_moving(mv);
            assert_true(moving > 0);
            trie_replace(t, mv);
            assert_int_equal(trie_hash_moving(t), moving);
            assert_all_found(t, mids, mnext);
            free(mids);
            trie_free(src);
            trie_free(t);
            continue;
        }
        assert_all_found(t, ids, next);
        grow_until_moving(t, ids, &next, N, SIZE_MAX);   /* and inserts go on */
        assert_all_found(t, ids, next);
        assert_int_equal(trie_total(t, TRIE_ROOT).u, grow_total(next));
        trie_free(t);
    }
    free(ids);
}

/* trie_hint_progress sizes the growth from the input parsed so far; it moves in steps
 * as well. */
static void hash_hinted_growth_moves(void **state)
{
    (void)state;
    enum { N = 150000 };
    uint32_t *ids = malloc(N * sizeof *ids);
    assert_non_null(ids);
    struct trie *t = trie_new(NULL);
    trie_reserve_hint(t, (uint64_t)N * 10);
    size_t growths = 0;
    for (uint32_t k = 0; k < N; k++) {
        size_t before = trie_hash_moving(t);
        ids[k] = trie_child(t, grow_parent(ids, k), grow_name(t, k));
        trie_add(t, ids[k], count_u64(k % 5 + 1));
        trie_hint_progress(t, 10);
        size_t after = trie_hash_moving(t);
        growths += after > before;
        assert_true(after <= before || before == 0);
    }
    assert_true(growths >= 1);
    assert_all_found(t, ids, N);
    free(ids);
    trie_free(t);
}

/* trie_sort_heaviest: heaviest first, ties in name order, by insertion (up to 16) and by
 * qsort (more) alike. */
static void heaviest_first_ties_in_name_order(void **state)
{
    (void)state;
    for (size_t n = 0; n <= 40; n += 5) {
        struct trie_heavy k[40];
        for (size_t i = 0; i < n; i++)   /* totals 0..3, in a scrambled name order */
            k[i] = (struct trie_heavy){(uint32_t)(100 + i), (uint32_t)((i * 11) % n),
                                       (double)((i * 5) % 4)};
        trie_sort_heaviest(k, n);
        for (size_t i = 0; i < n; i++)   /* each entry kept whole */
            assert_true(k[i].total == (double)(((k[i].node - 100) * 5) % 4));
        for (size_t i = 1; i < n; i++) {
            assert_true(k[i - 1].total >= k[i].total);
            if (k[i - 1].total == k[i].total)
                assert_true(k[i - 1].idx < k[i].idx);
        }
    }
}

/* The string table grows incrementally: while old slots are being moved, every name
 * interned so far is found with its id, new names get new ids, and the ranks (kept by
 * merging the names added since the last call) are the byte order of all names. */
static void strtab_grows_incrementally(void **state)
{
    (void)state;
    struct strtab *st = strtab_new();
    char name[32];
    for (uint32_t i = 0; i < 100000; i++) {
        int n = snprintf(name, sizeof name, "f%u", i ^ 0x5555u);
        assert_int_equal(strtab_intern(st, name, (size_t)n), i);
        if (i % 997 == 0) {     /* every name so far, found with its id */
            for (uint32_t k = 0; k <= i; k += 101) {
                int m = snprintf(name, sizeof name, "f%u", k ^ 0x5555u);
                assert_int_equal(strtab_lookup(st, name, (size_t)m), k);
                assert_int_equal(strtab_intern(st, name, (size_t)m), k);
            }
        }
        if (i % 20011 == 0 || i == 99999) {   /* ranks: the byte order */
            const uint32_t *r = strtab_ranks(st);
            size_t cnt = strtab_count(st);
            uint32_t *by = malloc(cnt * sizeof *by);
            for (size_t k = 0; k < cnt; k++)
                by[r[k]] = (uint32_t)k;
            for (size_t k = 1; k < cnt; k++) {
                size_t la, lb;
                const char *a = strtab_get(st, by[k - 1], &la), *b = strtab_get(st, by[k], &lb);
                int c = memcmp(a, b, la < lb ? la : lb);
                assert_true(c < 0 || (c == 0 && la < lb));
            }
            free(by);
        }
    }
    assert_int_equal(strtab_count(st), 100000);
    strtab_free(st);
}

/* Children read while a node keeps getting new ones (a live profile): each read is in
 * byte order of the names, the new children merged into the ones sorted before. */
static void children_sorted_while_growing(void **state)
{
    (void)state;
    struct trie *t = trie_new(NULL);
    struct strtab *st = trie_names(t);
    uint32_t top = trie_child(t, TRIE_ROOT, strtab_intern(st, "main", 4));
    size_t nk = 0;
    trie_children(t, top, &nk);           /* the full index, before the growth */
    char name[32];
    for (uint32_t round = 0; round < 40; round++) {
        for (uint32_t j = 0; j < 1 + round % 7; j++) {
            uint32_t v = (round * 7919u + j * 104729u) % 100003u;
            int n = snprintf(name, sizeof name, "k%u", v);
            trie_add(t, trie_child(t, top, strtab_intern(st, name, (size_t)n)), count_u64(1));
        }
        const uint32_t *kids = trie_children(t, top, &nk);
        for (size_t i = 1; i < nk; i++) {
            size_t la, lb;
            const char *a = trie_label(t, kids[i - 1], &la), *b = trie_label(t, kids[i], &lb);
            int c = memcmp(a, b, la < lb ? la : lb);
            assert_true(c < 0 || (c == 0 && la < lb));
        }
    }
    assert_true(nk > 100);
    trie_free(t);
}

/* ---- trie_kids_max_bound: never below the largest child's total ---- */

static uint32_t lcg(uint64_t *x)
{
    *x = *x * 6364136223846793005ull + 1442695040888963407ull;
    return (uint32_t)(*x >> 33);
}

/* Compares every node's bound with a scan of its children: never below the largest
 * total; exact: no more above it than a float's rounding (no total ever shrank). */
static void check_bounds(struct trie *t, bool exact)
{
    for (uint32_t i = 0; i < trie_size(t); i++) {
        size_t nk;
        const uint32_t *k = trie_children(t, i, &nk);
        double m = 0;
        for (size_t j = 0; j < nk; j++)
            if (trie_total_d(t, k[j]) > m)
                m = trie_total_d(t, k[j]);
        double b = trie_kids_max_bound(t, i);
        if (b < m || (exact && b > m + m * 2e-7))
            fail_msg("node %u: bound %g, largest child %g", (unsigned)i, b, m);
    }
}

/* A random stack of 1 to 6 frames out of names a..(a + spread), count 1..9 or a float. */
static uint32_t random_stack(struct trie *t, uint64_t *x, unsigned spread)
{
    uint32_t names[6];
    size_t n = 1 + lcg(x) % 6;
    for (size_t i = 0; i < n; i++) {
        char nm[16];
        snprintf(nm, sizeof nm, "f%u", (unsigned)(lcg(x) % spread));
        names[i] = strtab_intern(trie_names(t), nm, strlen(nm));
    }
    struct count c = lcg(x) % 7 ? count_u64(1 + lcg(x) % 9)
                                : (struct count){0, 0.25 * (1 + lcg(x) % 8), true};
    return trie_insert(t, names, n, c);
}

static void kids_bound_kept_by_inserts(void **state)
{
    (void)state;
    uint64_t x = 42;
    struct trie *t = trie_new(NULL);
    assert_true(trie_kids_max_bound(t, TRIE_ROOT) == 0);   /* kept from here on */
    for (int i = 0; i < 6000; i++) {
        random_stack(t, &x, i < 3000 ? 8 : 4000);   /* then many new names: a wide node */
        if (i % 1500 == 0)
            check_bounds(t, true);
    }
    assert_true(trie_size(t) > 4096);   /* the lookup table grew (in steps) meanwhile */
    check_bounds(t, true);
    /* a node made without samples, then one total alone (a lazy view's way) */
    uint32_t n = trie_child(t, TRIE_ROOT, strtab_intern(trie_names(t), "zz", 2));
    check_bounds(t, true);
    trie_add_total(t, n, count_u64(1000000));
    check_bounds(t, true);
    assert_true(trie_kids_max_bound(t, TRIE_ROOT) == 1000000);
    /* a total a float cannot hold (2^24 + 1): the bound rounds up */
    trie_add_total(t, n, count_u64(15777217));
    check_bounds(t, true);
    assert_true(trie_kids_max_bound(t, TRIE_ROOT) > 16777217);
    trie_free(t);
}

static void kids_bound_built_late(void **state)
{
    (void)state;
    uint64_t x = 7;
    struct trie *t = trie_new(NULL);
    for (int i = 0; i < 3000; i++)
        random_stack(t, &x, 50);
    check_bounds(t, true);   /* the first call computes them all */
    trie_compact(t);         /* the array shrinks to the nodes... */
    for (int i = 0; i < 2000; i++)   /* ...and grows again */
        random_stack(t, &x, 500);
    check_bounds(t, true);
    trie_free(t);
}

static void kids_bound_merge_copy_replace(void **state)
{
    (void)state;
    uint64_t x = 99;
    struct trie *src = trie_new(NULL), *dst = trie_new(NULL);
    for (int i = 0; i < 2000; i++)
        random_stack(src, &x, 30);
    for (int i = 0; i < 500; i++)
        random_stack(dst, &x, 30);
    check_bounds(dst, true);
    trie_merge(dst, src);      /* other strtab: names re-interned */
    check_bounds(dst, true);
    trie_merge(dst, src);      /* existing nodes grow */
    check_bounds(dst, true);

    /* a copy the bulk way (views): appended nodes, self counts, one sum */
    struct trie *cp = trie_new(trie_names(dst));
    check_bounds(cp, true);   /* kept while it is built */
    uint32_t *map = calloc(trie_size(dst), sizeof *map);
    assert_non_null(map);
    for (uint32_t i = 1; i < trie_size(dst); i++) {
        if (i % 3 == 0 && trie_parent(dst, i) == TRIE_ROOT) {   /* a filter drops some */
            map[i] = TRIE_NONE;
            continue;
        }
        uint32_t p = map[trie_parent(dst, i)];
        if (p == TRIE_NONE) {
            map[i] = TRIE_NONE;
            continue;
        }
        map[i] = trie_append_child(cp, p, trie_name(dst, i),
                                   trie_hash_step(trie_phash(cp, p),
                                                  strtab_hash(trie_names(dst), trie_name(dst, i))));
        trie_add_self(cp, map[i], trie_self(dst, i));
    }
    trie_sum_totals(cp);
    check_bounds(cp, true);
    /* replace: the bounds come with the new nodes (kept, or built on the next call) */
    struct trie *r1 = trie_new(trie_names(dst));
    for (int i = 0; i < 300; i++)
        random_stack(r1, &x, 30);
    trie_replace(dst, r1);     /* dst had bounds, r1 none */
    check_bounds(dst, true);
    struct trie *r2 = trie_new(trie_names(dst));
    trie_kids_max_bound(r2, TRIE_ROOT);
    for (int i = 0; i < 300; i++)
        random_stack(r2, &x, 30);
    trie_replace(dst, r2);     /* r2's bounds come along */
    check_bounds(dst, true);
    for (int i = 0; i < 300; i++)
        random_stack(dst, &x, 300);
    check_bounds(dst, true);
    free(map);
    trie_free(cp);
    trie_free(src);
    trie_free(dst);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(count_overflow_becomes_double),
        cmocka_unit_test(strtab_grows_incrementally),
        cmocka_unit_test(children_sorted_while_growing),
        cmocka_unit_test(kids_bound_kept_by_inserts),
        cmocka_unit_test(kids_bound_built_late),
        cmocka_unit_test(kids_bound_merge_copy_replace),
        cmocka_unit_test(count_parse_forms),
        cmocka_unit_test(strtab_interns_once),
        cmocka_unit_test(totals_and_self),
        cmocka_unit_test(children_sorted_by_bytes),
        cmocka_unit_test(sort_all_children),
        cmocka_unit_test(collapsed_order_is_plain_byte_order),
        cmocka_unit_test(collapse_write_errors),
        cmocka_unit_test(identical_stacks_sum),
        cmocka_unit_test(merge_across_strtabs),
        cmocka_unit_test(path_and_foreach),
        cmocka_unit_test(append_then_lookup),
        cmocka_unit_test(deep_stack_no_recursion),
        cmocka_unit_test(collapse_order_prefix_names),
        cmocka_unit_test(collapse_order_semicolon_names),
        cmocka_unit_test(reserve_hint_mid_insert),
        cmocka_unit_test(heaviest_first_ties_in_name_order),
        cmocka_unit_test(hash_grows_in_steps),
        cmocka_unit_test(hash_mid_move_walks_and_copies),
        cmocka_unit_test(hash_mid_move_rebuilds),
        cmocka_unit_test(hash_hinted_growth_moves),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
