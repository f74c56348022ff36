/* SPDX-License-Identifier: MIT */
/* flametui - tests/unit/helpers.c */
#include "config.h"

#include "helpers.h"

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <fcntl.h>
#include <unistd.h>

#include <cmocka.h>

#include "core/count.h"
#include "core/diff.h"
#include "input/parse_folded.h"
#include "core/strtab.h"
#include "core/trie.h"
#include "render/collapse.h"
#include "ui/app.h"

struct trie *trie_from_folded(const char *text)
{
    struct trie *t = trie_new(NULL);
    struct folded_parser *p = folded_new(t);
    struct ft_error err = {0};
    size_t n = folded_feed(p, text, strlen(text), true, true, &err);
    if (n == (size_t)-1) {
        fprintf(stderr, "trie_from_folded: line %ld: %s\n", err.line, err.msg);
        abort();
    }
    folded_free(p);
    return t;
}

char *trie_to_collapsed(struct trie *t)
{
    char *s = NULL;
    size_t n = 0;
    FILE *f = open_memstream(&s, &n);
    if (!f || collapse_write(f, t) < 0)
        abort();
    fclose(f);
    return s;
}

uint32_t trie_node_at(const struct trie *t, const char *path)
{
    return trie_node_at_sep(t, path, ';');
}

uint32_t trie_node_at_sep(const struct trie *t, const char *path, char sep)
{
    uint32_t node = TRIE_ROOT;
    const char *p = path;
    while (*p) {
        const char *e = strchr(p, sep);
        size_t len = e ? (size_t)(e - p) : strlen(p);
        uint32_t name = strtab_lookup(trie_names(t), p, len);
        if (name == UINT32_MAX)
            return UINT32_MAX;
        node = trie_find_child(t, node, name);
        if (node == TRIE_NONE)
            return UINT32_MAX;
        p += len + (e ? 1 : 0);
        if (!e)
            break;
    }
    return node;
}

void trie_insert_path(struct trie *t, const char *stack, char sep, uint64_t n)
{
    uint32_t ids[32];
    size_t k = 0;
    const char *p = stack;
    while (*p) {
        const char *e = strchr(p, sep);
        size_t len = e ? (size_t)(e - p) : strlen(p);
        ids[k++] = strtab_intern(trie_names(t), p, len);
        p += len + (e ? 1 : 0);
    }
    trie_insert(t, ids, k, count_u64(n));
}

struct trie *trie_diff_of(const char *base, const char *new_, bool normalize)
{
    struct trie *t = trie_from_folded(new_);
    struct trie *b = trie_from_folded(base);
    diff_attach(t, b, normalize);
    trie_free(b);
    return t;
}

void assert_same_collapsed(struct trie *a, struct trie *b)
{
    char *x = trie_to_collapsed(a), *y = trie_to_collapsed(b);
    assert_string_equal(x, y);
    free(x);
    free(y);
}

uint64_t test_xorshift64(uint64_t *state)
{
    *state ^= *state << 13;
    *state ^= *state >> 7;
    *state ^= *state << 17;
    return *state;
}

uint32_t test_rand(uint64_t *state)
{
    return (uint32_t)test_xorshift64(state);
}

uint32_t test_rand_below(uint64_t *state, uint32_t n)
{
    return (uint32_t)(test_xorshift64(state) % n);
}

void sync_app(struct app *a)
{
    app_update(a);
    app_layout(a);
}

size_t count_newlines(const char *p, size_t len)
{
    size_t n = 0;
    for (size_t i = 0; i < len; i++)
        n += p[i] == '\n';
    return n;
}

char *test_temp_path(const char *tag)
{
    const char *dir = getenv("TMPDIR");
    char *path = malloc(4096);
    assert_non_null(path);
    snprintf(path, 4096, "%s/%s.XXXXXX", dir && *dir ? dir : "/tmp", tag);
    int fd = mkstemp(path);
    assert_true(fd >= 0);
    close(fd);
    return path;
}

static void write_all(int fd, const void *p, size_t n)
{
    for (size_t k = 0; k < n;) {
        ssize_t w = write(fd, (const char *)p + k, n - k);
        assert_true(w > 0);
        k += (size_t)w;
    }
}

void test_write_file(const char *path, const void *p, size_t n)
{
    int fd = open(path, O_WRONLY | O_TRUNC | O_CREAT, 0600);
    assert_true(fd >= 0);
    write_all(fd, p, n);
    close(fd);
}

char *test_temp_file(const char *tag, const char *text)
{
    char *path = test_temp_path(tag);
    test_write_file(path, text, strlen(text));
    return path;
}

int test_temp_fd(const void *p, size_t n)
{
    char *path = test_temp_path("flametui-test");
    int fd = open(path, O_RDWR);
    assert_true(fd >= 0);
    unlink(path);
    free(path);
    write_all(fd, p, n);
    assert_int_equal(lseek(fd, 0, SEEK_SET), 0);
    return fd;
}

void test_pipe_path(int p[2], char *path, size_t size)
{
    assert_int_equal(pipe(p), 0);
    snprintf(path, size, "/dev/fd/%d", p[0]);
}

char *test_read_data(const char *name, size_t *len)
{
    const char *top = getenv("top_srcdir");
    char path[4096];
    snprintf(path, sizeof path, "%s/tests/data/%s", top ? top : ".", name);
    FILE *f = fopen(path, "rb");
    if (!f) {
        fprintf(stderr, "cannot open %s (set top_srcdir)\n", path);
        abort();
    }
    fseek(f, 0, SEEK_END);
    long n = ftell(f);
    fseek(f, 0, SEEK_SET);
    char *b = malloc(n > 0 ? (size_t)n + 1 : 1);
    if (!b || n < 0 || fread(b, 1, (size_t)n, f) != (size_t)n) {
        fprintf(stderr, "cannot read %s\n", path);
        abort();
    }
    b[n] = '\0';
    fclose(f);
    *len = (size_t)n;
    return b;
}

void assert_same_trie(struct trie *a, struct trie *b)
{
    assert_int_equal(trie_size(a), trie_size(b));
    for (uint32_t i = 0; i < (uint32_t)trie_size(a); i++) {
        assert_int_equal(trie_parent(a, i), trie_parent(b, i));
        size_t la, lb;
        const char *na = trie_label(a, i, &la), *nb = trie_label(b, i, &lb);
        assert_int_equal(la, lb);
        assert_memory_equal(na, nb, la);
        assert_true(trie_self_d(a, i) == trie_self_d(b, i));
        assert_true(trie_total_d(a, i) == trie_total_d(b, i));
        assert_int_equal(trie_is_terminal(a, i), trie_is_terminal(b, i));
    }
    char *ca = trie_to_collapsed(a), *cb = trie_to_collapsed(b);
    assert_string_equal(ca, cb);
    free(ca);
    free(cb);
}
