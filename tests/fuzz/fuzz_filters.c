/* SPDX-License-Identifier: MIT */
/* flametui - tests/fuzz/fuzz_filters.c: libFuzzer target for regex, view (filters,
 * reverse), search, top and callers. Input: 1 flag byte, three lines (filter regex 1,
 * filter regex 2, search regex), then folded text.
 *   flag bits 0-1: kind of filter 1 (include, exclude, hide, none); bits 2-3: filter 2;
 *   bit 4: reverse; bit 5: pop the last filter and rebuild; bit 6: ORDER of next/prev.
 * Checks: no crash or leak; shares stay in [0, 1]; search_next/prev visit matching nodes
 * only and agree with search_match_nodes; without filters, reversing twice gives back the
 * base; callers and callees of a function have the same root total. */
#include "config.h"

#include <math.h>

#include "query/callers.h"
#include "fuzz_common.h"
#include "query/regex.h"
#include "query/search.h"
#include "core/strtab.h"
#include "query/top.h"
#include "query/view.h"

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    (void)argc;
    (void)argv;
    return 0;
}

/* Takes the next line of *p[0..*n) as a NUL-terminated pattern (caller frees). */
static char *take_line(const char **p, size_t *n)
{
    const char *nl = memchr(*p, '\n', *n);
    size_t l = nl ? (size_t)(nl - *p) : *n;
    char *s = xmemdup(*p, l);
    *p += l + (nl ? 1 : 0);
    *n -= l + (nl ? 1 : 0);
    return s;
}

static void check_search(struct trie *t, const char *pat)
{
    struct ft_error err = {0, ""};
    struct search *s = search_new(pat, &err);
    if (!s)
        return;
    search_attach(s, t);
    search_refresh(s);
    double sh = search_share(s, TRIE_ROOT);
    FUZZ_CHECK(sh >= 0.0 && sh <= 1.0 + 1e-9, "search_share %g", sh);
    size_t nodes = search_match_nodes(s);
    bool wrapped = false;
    uint32_t first = search_next(s, TRIE_NONE, &wrapped);
    FUZZ_CHECK((first == TRIE_NONE) == (nodes == 0), "next %u with %zu matches", first, nodes);
    if (first != TRIE_NONE) {
        /* walk forward once around: every stop matches, and it comes back to first */
        uint32_t n = first;
        size_t steps = 0;
        do {
            FUZZ_CHECK(search_node_matches(s, n), "search_next gave non-matching %u", n);
            n = search_next(s, n, &wrapped);
            steps++;
        } while (n != first && steps <= nodes);
        FUZZ_CHECK(steps == nodes, "cycle of %zu steps, %zu matches", steps, nodes);
        uint32_t b = search_prev(s, first, &wrapped);
        FUZZ_CHECK(b != TRIE_NONE && search_node_matches(s, b), "search_prev");
        FUZZ_CHECK(search_next(s, b, NULL) == first, "prev then next is not the identity");
        /* the callers and callees of the first match's function */
        uint32_t name = trie_name(t, first);
        struct trie *ce = callers_callees(t, name), *cr = callers_callers(t, name);
        double a = trie_total_d(ce, TRIE_ROOT), c = trie_total_d(cr, TRIE_ROOT);
        FUZZ_CHECK(a == c || fabs(a - c) <= 1e-9 * fabs(a), "callees %g vs callers %g", a, c);
        FUZZ_CHECK(a <= trie_total_d(t, TRIE_ROOT) * (1 + 1e-9), "callees exceed the total");
        trie_free(ce);
        trie_free(cr);
    }
    search_free(s);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 1)
        return 0;
    unsigned flags = data[0];
    const char *p = (const char *)data + 1;
    size_t n = size - 1;
    char *re1 = take_line(&p, &n), *re2 = take_line(&p, &n), *re3 = take_line(&p, &n);

    struct trie *base = trie_new(NULL);
    fuzz_folded_into(base, p, n);
    struct view *v = view_new();
    struct ft_error err = {0, ""};
    static const enum filter_kind kinds[3] = {FILTER_INCLUDE, FILTER_EXCLUDE, FILTER_HIDE};
    if ((flags & 3) != 3)
        (void)view_push_filter(v, kinds[flags & 3], re1, &err);
    if (((flags >> 2) & 3) != 3)
        (void)view_push_filter(v, kinds[(flags >> 2) & 3], re2, &err);
    view_set_reverse(v, flags & 16);
    struct buf d = {0};
    view_describe(v, &d);
    buf_fini(&d);

    struct trie *t = view_build(v, base);
    double share = view_share(base, t);
    FUZZ_CHECK(share >= 0.0 && share <= 1.0 + 1e-9, "view_share %g", share);
    if (view_filter_count(v) == 0) {
        /* reverse (or identity) keeps every sample; reversing twice gives back the base */
        size_t l1, l2;
        struct trie *t2 = view_build(v, t);
        char *c1 = fuzz_collapsed(base, &l1), *c2 = fuzz_collapsed(t2, &l2);
        FUZZ_CHECK(l1 == l2 && !memcmp(c1, c2, l1), "view applied twice differs from base");
        free(c1);
        free(c2);
        trie_free(t2);
    }
    check_search(t, re3);
    if (flags & 32) {
        view_pop_filter(v);
        struct trie *t3 = view_build(v, base);
        check_search(t3, re3);
        trie_free(t3);
    }
    struct top tp = {0};
    top_compute(t, (flags >> 6) & 1 ? TOP_BY_SELF : TOP_BY_NAME, &tp);
    for (size_t i = 0; i < tp.n; i++)
        FUZZ_CHECK(count_to_double(tp.v[i].self) <= count_to_double(tp.v[i].total) * (1 + 1e-9),
                   "top: self > total");
    top_fini(&tp);
    trie_free(t);
    view_free(v);
    trie_free(base);
    free(re1);
    free(re2);
    free(re3);
    return 0;
}
