/* SPDX-License-Identifier: MIT */
/* flametui - unit tests: the folded-stack line tokenizer and parser. */
#include "config.h"

#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "helpers.h"
#include "input/parse_folded.h"
#include "core/strtab.h"
#include "core/trie.h"

static int split(const char *line, size_t *sl, struct count *c, const char **why)
{
    return folded_split_line(line, strlen(line), sl, c, why);
}

static void last_whitespace_separates_the_count(void **state)
{
    (void)state;
    size_t sl;
    struct count c;
    const char *why = NULL;
    assert_int_equal(split("a;b c 42", &sl, &c, &why), 0);
    assert_int_equal(sl, 5);
    assert_int_equal(c.u, 42);
    /* trailing spaces of the last frame belong to the frame */
    assert_int_equal(split("a;b   7", &sl, &c, &why), 0);
    assert_int_equal(sl, 5);
    assert_int_equal(split("a;b\t7", &sl, &c, &why), 0);
    assert_int_equal(sl, 3);
}

static void decimals_crlf_differential(void **state)
{
    (void)state;
    size_t sl;
    struct count c;
    const char *why = NULL;
    assert_int_equal(split("a 31.23\r", &sl, &c, &why), 0);
    assert_true(c.is_float);
    assert_int_equal(sl, 1);
    assert_int_equal(split("a;b 31 56", &sl, &c, &why), 0);
    assert_int_equal(c.u, 56);
    assert_int_equal(sl, 3);
    assert_int_equal(split("a;b; 5", &sl, &c, &why), 0); /* trailing empty frame dropped */
    assert_int_equal(sl, 3);
}

static void blank_comment_and_bad_lines(void **state)
{
    (void)state;
    size_t sl;
    struct count c;
    const char *why = NULL;
    assert_int_equal(split("", &sl, &c, &why), 1);
    assert_int_equal(split("   \t", &sl, &c, &why), 1);
    assert_int_equal(split("# austin: 3.3.0", &sl, &c, &why), 1);
    assert_int_equal(split("THIS IS A BAD LINE", &sl, &c, &why), -1);
    assert_non_null(why);
    assert_int_equal(split("x 12V.43", &sl, &c, &why), -1);
    assert_int_equal(split("42", &sl, &c, &why), -1);
    assert_int_equal(split(" 42", &sl, &c, &why), -1);
    assert_int_equal(split(";;; 4", &sl, &c, &why), -1);
    assert_int_equal(split("a -3", &sl, &c, &why), -1);
    assert_int_equal(split("a 99999999999999999999999", &sl, &c, &why), 0); /* Perl: 1e+23 */
}

static void skipped_lines_are_counted(void **state)
{
    (void)state;
    struct trie *t = trie_new(NULL);
    struct folded_parser *p = folded_new(t);
    struct ft_error err = {0}, first;
    const char *in = "a;b 1\nbad line\n\na;c 2\nworse\n";
    assert_int_equal(folded_feed(p, in, strlen(in), true, false, &err), strlen(in));
    assert_int_equal(folded_skipped(p, &first), 2);
    assert_int_equal(first.line, 2);
    assert_int_equal(folded_samples(p), 2);
    folded_free(p);
    /* strict: the first bad line is an error with its line number */
    p = folded_new(t);
    assert_int_equal(folded_feed(p, in, strlen(in), true, true, &err), (size_t)-1);
    assert_int_equal(err.line, 2);
    folded_free(p);
    trie_free(t);
}

static void chunked_feed_matches_whole(void **state)
{
    (void)state;
    const char *in = "m;a;b 1\nm;a;c 2\nm;a 3\nm;b;a 4\nm;a;b 5\nz 1\r\nm;a b;c 6\nlast 7";
    struct trie *whole = trie_from_folded(in);
    char *want = trie_to_collapsed(whole);
    size_t n = strlen(in);
    for (size_t step = 1; step <= n; step++) {
        struct trie *t = trie_new(NULL);
        struct folded_parser *p = folded_new(t);
        struct ft_error err;
        size_t have = 0, start = 0;
        while (have < n) {
            have = have + step < n ? have + step : n;
            start += folded_feed(p, in + start, have - start, have == n, false, &err);
        }
        assert_int_equal(start, n);
        char *got = trie_to_collapsed(t);
        assert_string_equal(got, want);
        free(got);
        folded_free(p);
        trie_free(t);
    }
    assert_string_equal(want, "last 7\nm;a 3\nm;a b;c 6\nm;a;b 6\nm;a;c 2\nm;b;a 4\nz 1\n");
    free(want);
    trie_free(whole);
}

/* The prefix reuse must not confuse "a;bc" with "a;b" + "c". */
static void prefix_reuse_respects_frame_ends(void **state)
{
    (void)state;
    struct trie *t = trie_from_folded("a;b 1\na;bc 2\na;b;c 3\na 4\na;b 5\nab;c 6\n");
    char *s = trie_to_collapsed(t);
    assert_string_equal(s, "a 4\na;b 6\na;b;c 3\na;bc 2\nab;c 6\n");
    assert_int_equal(trie_total(t, trie_node_at(t, "a;b")).u, 9);
    free(s);
    trie_free(t);
}

static void inner_empty_frames_kept(void **state)
{
    (void)state;
    struct trie *t = trie_from_folded("a;;b 1\n;x 2\n");
    char *s = trie_to_collapsed(t);
    assert_string_equal(s, ";x 2\na;;b 1\n");
    free(s);
    trie_free(t);
}

/* Stacks deepening one frame at a time, then shrinking: the per-frame arrays grow many
 * times while the previous stack's prefix is reused. */
static void growing_depth_reuses_prefixes(void **state)
{
    (void)state;
    struct buf in = {0};
    for (int d = 1; d <= 300; d++) {
        for (int i = 0; i < d; i++)
            buf_printf(&in, "%sf%d", i ? ";" : "", i);
        buf_printf(&in, " 1\n");
    }
    buf_printf(&in, "f0;f1;x 2\n");
    buf_putc(&in, '\0');
    struct trie *t = trie_from_folded(in.p);
    assert_int_equal(trie_total(t, trie_node_at(t, "f0")).u, 302);
    assert_int_equal(trie_total(t, trie_node_at(t, "f0;f1")).u, 301);
    assert_int_equal(trie_total(t, trie_node_at(t, "f0;f1;x")).u, 2);
    assert_int_equal(trie_total(t, trie_node_at(t, "f0;f1;f2;f3;f4;f5;f6;f7;f8")).u, 292);
    assert_int_equal(trie_max_depth(t), 300);
    trie_free(t);
    buf_fini(&in);
}

/* Reference trie for a list of stacks: split on ';' and inserted by name ids, without the
 * parser's prefix reuse, hashing or byte compares. */
static struct trie *reference_trie(const char *const *stacks, size_t n)
{
    struct trie *t = trie_new(NULL);
    uint32_t ids[64];
    for (size_t i = 0; i < n; i++) {
        size_t nf = 0;
        const char *q = stacks[i];
        for (;;) {
            const char *sc = strchr(q, ';');
            size_t l = sc ? (size_t)(sc - q) : strlen(q);
            assert_true(nf < 64);
            ids[nf++] = strtab_intern(trie_names(t), q, l);
            if (!sc)
                break;
            q = sc + 1;
        }
        trie_insert(t, ids, nf, (struct count){.u = i + 1});
    }
    return t;
}

/* Consecutive stacks that share a long prefix (compared a word at a time) and differ
 * inside a frame, at every byte offset, in the last byte of a frame only, by one frame
 * being a prefix of the other, or at a CRLF line end: each must get its own nodes. */
static void long_shared_prefixes_differ_inside_frames(void **state)
{
    (void)state;
    const char *lead = "a_long_common_root_frame_name;second::long::frame::name";
    const char *tails[] = {"x", "third_frame_name_0", "third_frame_name_1", "third_frame_name_",
                           "third_frame_name_0;z", "third_frame_name_0z", "Third_frame_name_0",
                           "third_frame_nbme_0", "third_frame_name_1;z", ""};
    enum { NT = sizeof tails / sizeof *tails };
    char *stk[NT * 24];
    size_t n = 0;
    /* every pair of tails in both orders, plus variants changing one byte of the lead */
    for (size_t i = 0; i < NT; i++) {
        for (size_t j = 0; j < NT; j++) {
            if (i == j)
                continue;
            for (size_t k = 0; k < 2; k++) {
                const char *tl = k ? tails[j] : tails[i];
                char *b = malloc(strlen(lead) + strlen(tl) + 2);
                sprintf(b, "%s%s%s", lead, *tl ? ";" : "", tl);
                if (n < NT * 24)
                    stk[n++] = b;
                else
                    free(b);
            }
        }
    }
    for (size_t off = 0; off < strlen(lead) && n < NT * 24; off++) {
        if (lead[off] == ';')
            continue;
        char *b = malloc(strlen(lead) + 8);
        sprintf(b, "%s;x", lead);
        b[off] ^= 0x20; /* one byte differs, at every offset of a word */
        stk[n++] = b;
        char *c = malloc(strlen(lead) + 8);
        sprintf(c, "%s;x", lead);
        stk[n++] = c;
    }
    struct trie *want = reference_trie((const char *const *)stk, n);
    char *w = trie_to_collapsed(want);
    /* the same stacks as one folded text, every third line ending in CRLF */
    struct buf in = {0};
    for (size_t i = 0; i < n; i++)
        buf_printf(&in, "%s %zu%s\n", stk[i], i + 1, i % 3 ? "" : "\r");
    buf_putc(&in, '\0');
    struct trie *t = trie_from_folded(in.p);
    char *g = trie_to_collapsed(t);
    assert_string_equal(g, w);
    assert_int_equal(trie_size(t), trie_size(want));
    free(g);
    free(w);
    trie_free(t);
    trie_free(want);
    buf_fini(&in);
    for (size_t i = 0; i < n; i++)
        free(stk[i]);
}

/* The previous stack is kept past the buffer it was fed from: the caller may reuse or
 * free that buffer before the next feed. */
static void previous_stack_outlives_the_fed_buffer(void **state)
{
    (void)state;
    struct trie *t = trie_new(NULL);
    struct folded_parser *p = folded_new(t);
    struct ft_error err;
    char b[64];
    strcpy(b, "alpha_frame;beta_frame 1\n");
    assert_int_equal(folded_feed(p, b, strlen(b), false, false, &err), strlen(b));
    /* the caller reuses its buffer: the old bytes now read like the next stack's prefix */
    strcpy(b, "gamma_frame;beta_frame 1\n");
    const char *next = "gamma_frame;beta_frame;delta 2\n";
    assert_int_equal(folded_feed(p, next, strlen(next), true, false, &err), strlen(next));
    char *s = trie_to_collapsed(t);
    assert_string_equal(s, "alpha_frame;beta_frame 1\ngamma_frame;beta_frame;delta 2\n");
    free(s);
    folded_free(p);
    trie_free(t);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(last_whitespace_separates_the_count),
        cmocka_unit_test(decimals_crlf_differential),
        cmocka_unit_test(blank_comment_and_bad_lines),
        cmocka_unit_test(skipped_lines_are_counted),
        cmocka_unit_test(chunked_feed_matches_whole),
        cmocka_unit_test(prefix_reuse_respects_frame_ends),
        cmocka_unit_test(inner_empty_frames_kept),
        cmocka_unit_test(growing_depth_reuses_prefixes),
        cmocka_unit_test(long_shared_prefixes_differ_inside_frames),
        cmocka_unit_test(previous_stack_outlives_the_fed_buffer),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
