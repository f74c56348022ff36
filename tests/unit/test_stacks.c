/* SPDX-License-Identifier: MIT */
/* flametui - unit tests: the flat table of whole stacks (core/stacks.c) and the folded
 * writer on it (collapse_write on a trie with trie_flat). The same stacks written from
 * the table and from a tree must be the same bytes: names that are prefixes of each
 * other with next bytes below and above ';', one and two threads, colliding hashes,
 * names that need escapes (the table goes into the tree), stacks in both. */
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
#include "core/stacks.h"
#include "core/strtab.h"
#include "core/trie.h"
#include "core/util.h"
#include "helpers.h"
#include "render/collapse.h"

static uint64_t rng = 0x9e3779b97f4a7c15ull;

/* prefixes of each other, continued below ';' ('.', ':', 0x01, blank) and above it
 * ('<', 'b', 0x7f, UTF-8), the empty name, a strict prefix of a prefix */
static const char *const tricky[] = {"a", "a.", "a.b", "a<", "a:", "ab", "a\x7f", "a\xc3\xa9",
                                     "", "b", "b b", "b!", "a\x01", "a.b.", "a.:", "main"};

/* x = "a" and y = "a." both followed by ';' land at the same place, before "a<" (y's
 * prefixes end there, x's continuations above ';' begin): the longer one first */
static const char *const tie[] = {"a", "a.", "a.\x01", "a<", "b"};

/* Two tries fed the same stacks: tr through nodes, tf through its flat table (hash:
 * the stack's util_hash, or 0 for all when collide). */
struct pair {
    struct trie *tr, *tf;
    bool collide;
};

static void pair_init(struct pair *p, bool collide)
{
    p->tr = trie_new(NULL);
    p->tf = trie_new(NULL);
    trie_set_flat(p->tf, stacks_new());
    p->collide = collide;
}

static void pair_fini(struct pair *p)
{
    trie_free(p->tr);
    trie_free(p->tf);
}

static void pair_add(struct pair *p, const char *const *nm, size_t n, struct count c)
{
    uint32_t a[64], b[64];
    assert_true(n <= 64);
    for (size_t i = 0; i < n; i++) {
        a[i] = strtab_intern(trie_names(p->tr), nm[i], strlen(nm[i]));
        b[i] = strtab_intern(trie_names(p->tf), nm[i], strlen(nm[i]));
    }
    trie_insert(p->tr, a, n, c);
    if (!n) {
        trie_insert(p->tf, b, 0, c);   /* as the pipe does: the root */
        return;
    }
    uint64_t h = p->collide ? 0 : util_hash(b, n * sizeof *b);
    stacks_add(trie_flat(p->tf), b, n, h, c);
}

static char *written(struct trie *t, int threads, size_t *len)
{
    char *mem = NULL;
    FILE *f = open_memstream(&mem, len);
    assert_non_null(f);
    collapse_threads(threads);
    assert_int_equal(collapse_write(f, t), 0);
    assert_int_equal(fclose(f), 0);
    collapse_threads(0);
    return mem;
}

/* The two tries write the same bytes (the flat one on the given threads). */
static void same_output(struct pair *p, int threads)
{
    size_t lr, lf;
    char *r = written(p->tr, 1, &lr);
    char *f = written(p->tf, threads, &lf);
    if (lr != lf || memcmp(r, f, lr) != 0) {
        fprintf(stderr, "tree:\n%.*s\ntable:\n%.*s\n", (int)(lr < 4000 ? lr : 4000), r,
                (int)(lf < 4000 ? lf : 4000), f);
        fail();
    }
    free(r);
    free(f);
}

static const char *random_name(unsigned pool, char *buf, size_t n)
{
    uint32_t r = test_rand(&rng) % (pool + FT_ARRAY_LEN(tricky));
    if (r < FT_ARRAY_LEN(tricky))
        return tricky[r];
    snprintf(buf, n, "f%u", (unsigned)(r % pool));
    return buf;
}

/* Profile-like stacks (shared tops, fan-out, deep chains, repeats), every name held. */
static void fill_random(struct pair *p, size_t stacks, unsigned maxdepth, unsigned pool)
{
    static char bufs[64][16];
    const char *nm[64];
    for (size_t s = 0; s < stacks; s++) {
        unsigned d = 1 + test_rand(&rng) % maxdepth;
        for (unsigned i = 0; i < d; i++)
            nm[i] = i < 2 && test_rand(&rng) % 4 ? tricky[15 - i * 2]
                                                 : random_name(pool, bufs[i], sizeof bufs[i]);
        pair_add(p, nm, d, count_u64(test_rand(&rng) % 9));
    }
}

/* Every stack of one to three frames over the tricky names: each order question the
 * ranks answer (a prefix followed by ';' or by the end, against every continuation). */
static void every_way(const char *const *nm, size_t nt, size_t step)
{
    struct pair p;
    pair_init(&p, false);
    for (size_t i = 0; i < nt; i++) {
        pair_add(&p, (const char *const[]){nm[i]}, 1, count_u64(i + 1));
        for (size_t j = 0; j < nt; j++) {
            pair_add(&p, (const char *const[]){nm[i], nm[j]}, 2, count_u64(j));
            for (size_t k = 0; k < nt; k += step)
                pair_add(&p, (const char *const[]){nm[i], nm[j], nm[k]}, 3, count_u64(7));
        }
    }
    same_output(&p, 1);
    same_output(&p, 2);
    pair_fini(&p);
}

static void prefixes_every_way(void **state)
{
    (void)state;
    every_way(tricky, FT_ARRAY_LEN(tricky), 3);
    every_way(tie, FT_ARRAY_LEN(tie), 1);
}

/* Many random stacks: one thread, two threads (the split sort), colliding hashes. */
static void random_profiles(void **state)
{
    (void)state;
    for (int collide = 0; collide < 2; collide++) {
        struct pair p;
        pair_init(&p, collide);
        fill_random(&p, collide ? 3000 : 60000, 40, 300);
        assert_true(stacks_count(trie_flat(p.tf)) > (collide ? 1000u : 20000u));
        same_output(&p, 1);
        same_output(&p, 2);
        pair_fini(&p);
    }
}

/* One long chain and many stacks that share all but their last frames: the sort reads
 * deep, and the split for two threads finds its parts far down. */
static void deep_shared(void **state)
{
    (void)state;
    struct pair p;
    pair_init(&p, false);
    const char *nm[64];
    static char last[30000][12];
    for (size_t i = 0; i < 63; i++)
        nm[i] = tricky[i % 3];
    for (size_t s = 0; s < 30000; s++) {
        snprintf(last[s], sizeof last[s], "x%zu", s * 7919 % 30011);
        nm[63] = last[s];
        pair_add(&p, nm, 64, count_u64(1));
        pair_add(&p, nm, 1 + s % 63, count_u64(2));
    }
    same_output(&p, 2);
    same_output(&p, 1);
    pair_fini(&p);
}

/* A name with ';', a first frame that reads as a comment, a last frame ending in a blank
 * and a number: the table goes into the tree, whose writer escapes them; and stacks put
 * into the tree's nodes directly are written with the table's. */
static void escapes_and_nodes(void **state)
{
    (void)state;
    static const char *const odd[][2] = {{"x;y", "z"}, {"#c", "z"}, {"m", "f 12"}};
    for (size_t i = 0; i < FT_ARRAY_LEN(odd); i++) {
        struct pair p;
        pair_init(&p, false);
        fill_random(&p, 500, 6, 20);
        pair_add(&p, odd[i], 2, count_u64(3));
        trie_compact(p.tf);   /* as a batch output does: a trie of its root alone */
        same_output(&p, 1);
        assert_int_equal(stacks_count(trie_flat(p.tf)), 0);   /* poured into the tree */
        pair_fini(&p);
    }
    struct pair p;
    pair_init(&p, false);
    fill_random(&p, 800, 8, 30);
    uint32_t id = strtab_intern(trie_names(p.tf), "main", 4);
    trie_insert(p.tf, &id, 1, count_u64(5));   /* a node, beside the table */
    trie_insert(p.tr, (uint32_t[]){strtab_intern(trie_names(p.tr), "main", 4)}, 1,
                count_u64(5));
    same_output(&p, 2);
    pair_fini(&p);
}

/* Counts: a stack added again sums (Perl's rules: past 2^64 - 1 a double) at the index
 * stacks_add gave first, a zero count is a line, an empty stack (the root's own samples)
 * is not. */
static void counts(void **state)
{
    (void)state;
    struct pair p;
    pair_init(&p, false);
    const char *const s1[] = {"main", "f"}, *const s2[] = {"main", "g"};
    pair_add(&p, s1, 2, count_u64(UINT64_MAX - 1));
    pair_add(&p, s1, 2, count_u64(5));
    pair_add(&p, s2, 2, count_u64(0));
    pair_add(&p, s1, 0, count_u64(9));
    struct stacks *st = trie_flat(p.tf);
    assert_int_equal(stacks_count(st), 2);
    uint32_t ids[2] = {strtab_intern(trie_names(p.tf), "main", 4),
                       strtab_intern(trie_names(p.tf), "g", 1)};
    size_t i = stacks_add(st, ids, 2, util_hash(ids, sizeof ids), count_u64(0));
    assert_int_equal(stacks_add(st, ids, 2, util_hash(ids, sizeof ids), count_u64(4)), i);
    trie_insert(p.tr, (uint32_t[]){strtab_intern(trie_names(p.tr), "main", 4),
                                   strtab_intern(trie_names(p.tr), "g", 1)},
                2, count_u64(4));
    size_t n;
    struct count c;
    const uint32_t *got = stacks_get(st, i, &n, &c);
    assert_int_equal(n, 2);
    assert_memory_equal(got, ids, sizeof ids);
    assert_false(c.is_float);
    assert_int_equal(c.u, 4);
    assert_true(stacks_total_d(st) > 1.8e19);
    size_t len;
    char *out = written(p.tf, 1, &len);
    assert_string_equal(out, "main;f 1.84467440737096e+19\nmain;g 4\n");
    free(out);
    same_output(&p, 1);
    pair_fini(&p);
}

/* trie_unflatten: the tree gets every stack, the table is empty and takes new ones. */
static void into_the_tree(void **state)
{
    (void)state;
    struct pair p;
    pair_init(&p, false);
    fill_random(&p, 2000, 10, 50);
    struct stacks *st = trie_flat(p.tf);
    size_t n = stacks_count(st);
    assert_true(n > 500);
    trie_unflatten(p.tf);
    assert_int_equal(stacks_count(st), 0);
    assert_true(trie_size(p.tf) > n);
    assert_true(trie_total_d(p.tf, TRIE_ROOT) == trie_total_d(p.tr, TRIE_ROOT));
    same_output(&p, 1);
    fill_random(&p, 100, 5, 10);   /* the table again, besides the nodes */
    same_output(&p, 1);
    pair_fini(&p);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(prefixes_every_way),
        cmocka_unit_test(random_profiles),
        cmocka_unit_test(deep_shared),
        cmocka_unit_test(escapes_and_nodes),
        cmocka_unit_test(counts),
        cmocka_unit_test(into_the_tree),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
