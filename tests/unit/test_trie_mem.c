/* SPDX-License-Identifier: MIT */
/* flametui - unit tests: the trie's memory layout and its lazily built parts (bytes per
 * node, the lookup table dropped by trie_compact and rebuilt, 32-bit path hashes, the
 * sorted children of a trie that keeps growing) and the string table's compares. */
#include "config.h"

#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

#include "core/count.h"
#include "core/strtab.h"
#include "core/trie.h"
#include "helpers.h"
#include "core/util.h"

/* The state of test_rand(); a fixed seed: the same stacks on every run. */
static uint64_t rng = 88172645463325252ull;

/* A trie of n nodes shaped like a profile: chains with some fan-out, names reused. */
static struct trie *random_trie(size_t n)
{
    struct trie *t = trie_new(NULL);
    char nm[32];
    while (trie_size(t) < n) {
        uint32_t node = trie_size(t) > 1 ? test_rand(&rng) % (uint32_t)trie_size(t) : TRIE_ROOT;
        int len = snprintf(nm, sizeof nm, "fn_%u", (unsigned)(test_rand(&rng) % 5000));
        uint32_t name = strtab_intern(trie_names(t), nm, (size_t)len);
        trie_add(t, trie_child(t, node, name), count_u64(1 + test_rand(&rng) % 7));
    }
    return t;
}

static int cmp_label(const struct trie *t, uint32_t a, uint32_t b)
{
    size_t la, lb;
    const char *pa = trie_label(t, a, &la), *pb = trie_label(t, b, &lb);
    int c = memcmp(pa, pb, la < lb ? la : lb);
    return c ? c : (la > lb) - (la < lb);
}

/* trie_children, trie_has_children and trie_depth of every node against a brute-force
 * scan of the parent ids. */
static void check_links(struct trie *t)
{
    size_t n = trie_size(t);
    uint32_t *cnt = calloc(n, sizeof *cnt);
    assert_non_null(cnt);
    uint32_t maxd = 0;
    for (size_t i = 1; i < n; i++) {
        uint32_t p = trie_parent(t, (uint32_t)i);
        assert_true(p < i);
        cnt[p]++;
        assert_int_equal(trie_depth(t, (uint32_t)i), trie_depth(t, p) + 1);
        if (trie_depth(t, (uint32_t)i) > maxd)
            maxd = trie_depth(t, (uint32_t)i);
    }
    assert_int_equal(trie_depth(t, TRIE_ROOT), 0);
    assert_int_equal(trie_max_depth(t), maxd);
    for (size_t i = 0; i < n; i++) {
        size_t nk;
        const uint32_t *k = trie_children(t, (uint32_t)i, &nk);
        assert_int_equal(nk, cnt[i]);
        assert_int_equal(trie_has_children(t, (uint32_t)i), cnt[i] > 0);
        for (size_t j = 0; j < nk; j++) {
            assert_int_equal(trie_parent(t, k[j]), i);
            if (j)
                assert_true(cmp_label(t, k[j - 1], k[j]) < 0);
        }
    }
    free(cnt);
}

/* <= 40 bytes per node once loaded (the lookup table included), 32 without it. The old
 * layout (48-byte nodes with child links and depth, 8-byte slots) took 58 to 68. */
static void bytes_per_node_budget(void **state)
{
    (void)state;
    struct trie *t = random_trie(200000);
    size_t n = trie_size(t);
    trie_compact(t);   /* loading is over: the growth slack and the lookup table go */
    assert_true(trie_bytes(t) <= 32 * n + 64);
    /* a lookup brings the table back: still within 40 bytes per node */
    uint32_t any = trie_name(t, (uint32_t)(n - 1));
    assert_int_equal(trie_find_child(t, trie_parent(t, (uint32_t)(n - 1)), any), n - 1);
    assert_true(trie_bytes(t) <= 40 * n);
    trie_free(t);
}

/* After trie_compact every node is still found, and inserting goes on without
 * duplicates (the table is rebuilt from the nodes' path hashes). */
static void compact_then_lookup(void **state)
{
    (void)state;
    struct trie *t = random_trie(50000);
    size_t n = trie_size(t);
    trie_compact(t);
    for (size_t i = 1; i < n; i++)
        assert_int_equal(trie_find_child(t, trie_parent(t, (uint32_t)i), trie_name(t, (uint32_t)i)),
                         i);
    for (size_t i = 1; i < n; i += 7)
        assert_int_equal(trie_child(t, trie_parent(t, (uint32_t)i), trie_name(t, (uint32_t)i)), i);
    assert_int_equal(trie_size(t), n);
    uint32_t nm = strtab_intern(trie_names(t), "new", 3);
    uint32_t c = trie_child(t, (uint32_t)(n - 1), nm);
    assert_int_equal(c, n);
    assert_int_equal(trie_find_child(t, (uint32_t)(n - 1), nm), c);
    check_links(t);
    trie_free(t);
}

/* Path hashes are 32 bits wide: stepping from a full 64-bit result or from trie_phash()
 * of the node made with it is the same, so a parser may start a line's chain anywhere. */
static void path_hash_uses_32_bits(void **state)
{
    (void)state;
    uint64_t h = util_hash("frame", 5);
    assert_true(trie_hash_step(0x12345678u, h) == trie_hash_step(0xabcdef0012345678ull, h));
    struct trie *t = trie_new(NULL);
    const char *fr[] = {"main", "run", "loop", "work"};
    uint64_t ph = trie_phash(t, TRIE_ROOT);
    uint32_t node = TRIE_ROOT, mid = 0;
    for (int i = 0; i < 4; i++) {
        uint64_t nh = util_hash(fr[i], strlen(fr[i]));
        ph = trie_hash_step(ph, nh);
        node = trie_child_bytes(t, node, ph, nh, fr[i], strlen(fr[i]));
        if (i == 1)
            mid = node;
    }
    /* the same path again, its chain started from trie_phash() of "main;run" */
    ph = trie_phash(t, mid);
    uint32_t again = mid;
    for (int i = 2; i < 4; i++) {
        uint64_t nh = util_hash(fr[i], strlen(fr[i]));
        ph = trie_hash_step(ph, nh);
        again = trie_child_bytes(t, again, ph, nh, fr[i], strlen(fr[i]));
    }
    assert_int_equal(again, node);
    assert_int_equal(trie_size(t), 5);
    trie_free(t);
}

/* A trie that grows while it is read (live tail): the sorted children stay right after
 * small and large batches of inserts, with and without a full index built before, and
 * arrays handed out stay readable until the next change (ASan). */
static void children_while_growing(void **state)
{
    (void)state;
    struct trie *t = random_trie(3000); /* no full index yet: per-node lists */
    check_links(t);
    trie_sort_children(t);              /* the full index */
    check_links(t);
    size_t n0;
    trie_children(t, TRIE_ROOT, &n0);
    /* a few new nodes: under the rebuild limit, handled per parent */
    char nm[32];
    for (int i = 0; i < 40; i++) {
        int len = snprintf(nm, sizeof nm, "late_%d", i);
        uint32_t name = strtab_intern(trie_names(t), nm, (size_t)len);
        uint32_t at = i % 2 ? TRIE_ROOT : 1 + (uint32_t)(test_rand(&rng) % (trie_size(t) - 1));
        trie_add(t, trie_child(t, at, name), count_u64(1));
    }
    check_links(t);
    size_t n1;
    const uint32_t *k1 = trie_children(t, TRIE_ROOT, &n1);
    assert_int_equal(n1, n0 + 20);
    trie_sort_children(t);              /* no change since k1: k1 stays readable */
    assert_int_equal(trie_parent(t, k1[0]), TRIE_ROOT);
    assert_int_equal(trie_parent(t, k1[n1 - 1]), TRIE_ROOT);
    /* many new nodes: past the limit, the full index is rebuilt on the next call */
    for (int i = 0; i < 20000; i++) {
        int len = snprintf(nm, sizeof nm, "bulk_%u", (unsigned)(test_rand(&rng) % 3000));
        uint32_t name = strtab_intern(trie_names(t), nm, (size_t)len);
        trie_add(t, trie_child(t, (uint32_t)(test_rand(&rng) % trie_size(t)), name), count_u64(1));
        if (i % 5000 == 0)
            check_links(t);             /* reads in between batches */
    }
    check_links(t);
    trie_free(t);
}

/* trie_append_child leaves the table stale; trie_reserve and the next lookup rebuild it
 * at the right size (a grown-by-half table of any size). */
static void append_reserve_rehash(void **state)
{
    (void)state;
    struct trie *src = random_trie(30000);
    struct trie *t = trie_new(trie_names(src));
    size_t n = trie_size(src);
    trie_reserve(t, n);
    for (size_t i = 1; i < n; i++)
        assert_int_equal(trie_append_child(t, trie_parent(src, (uint32_t)i),
                                           trie_name(src, (uint32_t)i),
                                           trie_phash(src, (uint32_t)i)),
                         i);
    for (size_t i = 1; i < n; i++)
        assert_int_equal(trie_find_child(t, trie_parent(t, (uint32_t)i), trie_name(t, (uint32_t)i)),
                         i);
    check_links(t);
    trie_free(t);
    trie_free(src);
}

/* Names that differ in one byte at every position of every length up to 40 (the word
 * compare's head, tail and overlapping last word), and names that are prefixes of each
 * other, all stay distinct. */
static void strtab_compare_edges(void **state)
{
    (void)state;
    struct strtab *s = strtab_new();
    char a[48];
    uint32_t base[41];
    for (size_t len = 0; len <= 40; len++) {
        memset(a, 'x', len);
        base[len] = strtab_intern(s, a, len);
    }
    for (size_t len = 0; len <= 40; len++) {
        memset(a, 'x', len);
        assert_int_equal(strtab_lookup(s, a, len), base[len]);
        for (size_t pos = 0; pos < len; pos++) {
            memset(a, 'x', len);
            a[pos] = 'y';
            assert_int_equal(strtab_lookup(s, a, len), UINT32_MAX);
            uint32_t id = strtab_intern(s, a, len);
            assert_int_not_equal(id, base[len]);
            assert_int_equal(strtab_lookup(s, a, len), id);
            size_t gl;
            const char *g = strtab_get(s, id, &gl);
            assert_int_equal(gl, len);
            assert_memory_equal(g, a, len);
            assert_int_equal(g[len], '\0');
        }
    }
    assert_int_equal(strtab_count(s), 41 + 40 * 41 / 2);
    strtab_free(s);
}

/* Path hashes that all collide (the same value for every child, at the table's last
 * slot): the probes wrap around the end of the table, in lookups and in every rehash,
 * and every child is still found once. */
static void colliding_path_hashes(void **state)
{
    (void)state;
    struct trie *t = trie_new(NULL);
    char nm[16];
    enum { N = 3000 };
    for (int round = 0; round < 2; round++) {
        if (round)
            trie_compact(t); /* the table is rebuilt by the next lookup: no insert first */
        for (int i = 0; i < N; i++) {
            int len = snprintf(nm, sizeof nm, "c%d", i);
            uint32_t id = trie_child_bytes(t, TRIE_ROOT, UINT64_MAX, util_hash(nm, (size_t)len),
                                           nm, (size_t)len);
            assert_int_equal(id, i + 1);
        }
    }
    assert_int_equal(trie_size(t), N + 1);
    trie_free(t);
}

/* Names whose hashes all collide (a caller-given hash): only the byte compare tells them
 * apart, at every position of every length up to 40. */
static void strtab_colliding_names(void **state)
{
    (void)state;
    struct strtab *s = strtab_new();
    char a[48];
    uint32_t ids[41][41];
    for (int round = 0; round < 2; round++)
        for (size_t len = 0; len <= 40; len++)
            for (size_t pos = 0; pos <= len; pos++) {
                memset(a, 'x', len);
                if (pos < len)
                    a[pos] = 'y';
                uint32_t id = strtab_intern_h(s, a, len, 42);
                if (round == 0)
                    ids[len][pos] = id;
                else
                    assert_int_equal(id, ids[len][pos]);
            }
    assert_int_equal(strtab_count(s), 41 * 42 / 2);
    strtab_free(s);
}

/* trie_hint_progress: once the input's nodes per byte are known, a full table grows to
 * what the whole input will need, not by a fixed factor (here: the end is near, so much
 * less than the fourfold of a small table); every node stays found. */
static void hint_progress_sizes_growth(void **state)
{
    (void)state;
    struct trie *t[2];
    char nm[16];
    for (int k = 0; k < 2; k++) {
        t[k] = trie_new(NULL);
        trie_reserve_hint(t[k], (uint64_t)16 << 20); /* a 16 MB input: 128 k nodes guessed */
        for (int i = 0; i < 140000; i++) {
            int len = snprintf(nm, sizeof nm, "n%d", i % 4);
            uint32_t name = strtab_intern(trie_names(t[k]), nm, (size_t)len);
            trie_child(t[k], (uint32_t)(i / 4), name);
            if (k == 1 && i % 1000 == 999)
                trie_hint_progress(t[k], 100 * 1000); /* 100 bytes per node: 168 k nodes */
        }
    }
    assert_int_equal(trie_size(t[1]), 140001);
    assert_true(trie_bytes(t[1]) + 300000 * 4 < trie_bytes(t[0]));
    for (size_t i = 1; i < trie_size(t[1]); i++)
        assert_int_equal(trie_find_child(t[1], trie_parent(t[1], (uint32_t)i),
                                         trie_name(t[1], (uint32_t)i)),
                         i);
    trie_free(t[0]);
    trie_free(t[1]);
}

/* util_quick_exit: a small heap returns (the caller frees it); a big one ends the process
 * with the status and stdio flushed, and the helper that held the address space exits
 * after it (this test is the subreaper that reaps it). Sanitizer builds and valgrind
 * always return. */
static void quick_exit_of_a_big_heap(void **state)
{
    (void)state;
    assert_int_equal(prctl(PR_SET_CHILD_SUBREAPER, 1), 0);
    for (int big = 0; big < 2; big++) {
        int out[2];
        assert_int_equal(pipe(out), 0);
        fflush(NULL);
        pid_t pid = fork();
        assert_true(pid >= 0);
        if (pid == 0) {
            close(out[0]);
            dup2(out[1], STDOUT_FILENO);
            size_t bytes = big ? UTIL_QUICK_EXIT_BYTES : UTIL_QUICK_EXIT_BYTES - 1;
            char *heap = malloc(bytes);
            if (heap)
                memset(heap, 1, bytes);
            printf("buffered");   /* no newline, a pipe: in stdio's buffer */
            util_quick_exit(bytes, 7);
            printf(" returned");
            free(heap);
            exit(8);
        }
        close(out[1]);
        char got[64] = "";
        size_t n = 0;
        ssize_t r;
        while (n < sizeof got - 1 && (r = read(out[0], got + n, sizeof got - 1 - n)) > 0)
            n += (size_t)r;
        got[n] = '\0';
        close(out[0]);
        int st;
        assert_int_equal(waitpid(pid, &st, 0), pid);
        assert_true(WIFEXITED(st));
        bool returned = WEXITSTATUS(st) == 8;
        const char *pre = getenv("LD_PRELOAD");
        bool vg = pre && strstr(pre, "vgpreload");   /* under valgrind it returns too */
        assert_int_equal(returned, !big || UTIL_LEAK_CHECKED || vg);
        assert_string_equal(got, returned ? "buffered returned" : "buffered");
        /* the helper, if there was one, ends too: nothing is left to reap after it */
        int helpers = 0;
        while (waitpid(-1, &st, 0) > 0) {
            assert_true(WIFEXITED(st) && WEXITSTATUS(st) == 0);
            helpers++;
        }
        assert_int_equal(helpers, big && !returned);
    }
    prctl(PR_SET_CHILD_SUBREAPER, 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(bytes_per_node_budget),
        cmocka_unit_test(compact_then_lookup),
        cmocka_unit_test(path_hash_uses_32_bits),
        cmocka_unit_test(children_while_growing),
        cmocka_unit_test(append_reserve_rehash),
        cmocka_unit_test(strtab_compare_edges),
        cmocka_unit_test(colliding_path_hashes),
        cmocka_unit_test(strtab_colliding_names),
        cmocka_unit_test(hint_progress_sizes_growth),
        cmocka_unit_test(quick_exit_of_a_big_heap),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
