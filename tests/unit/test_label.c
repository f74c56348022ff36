/* SPDX-License-Identifier: MIT */
/* flametui - unit tests: safe labels (escaping, widths, truncation). */
#include "config.h"

#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>
#include <locale.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <pthread.h>
#include <sys/wait.h>
#include <unistd.h>

#include "render/label.h"
#include "core/util.h"
#include "helpers.h"

/* The safe form of s (NUL-terminated copy in a static buffer) and its columns. */
static const char *esc(const char *s, size_t n, enum label_mode m, int *cols)
{
    static char out[512];
    struct buf b = {0};
    int w = label_escape(&b, s, n, m);
    if (cols)
        *cols = w;
    snprintf(out, sizeof(out), "%.*s", (int)b.len, b.p ? b.p : "");
    buf_fini(&b);
    return out;
}

static const char *fit(const char *s, int cols, enum label_mode m, int *used)
{
    static char out[512];
    struct buf b = {0};
    int w = label_fit(&b, s, strlen(s), cols, m);
    if (used)
        *used = w;
    snprintf(out, sizeof(out), "%.*s", (int)b.len, b.p ? b.p : "");
    buf_fini(&b);
    return out;
}

static const char *fit_tail(const char *s, size_t tail, int cols, enum label_mode m, int *used)
{
    static char out[512];
    struct buf b = {0};
    int w = label_fit_tail(&b, s, strlen(s), tail, cols, m);
    if (used)
        *used = w;
    snprintf(out, sizeof(out), "%.*s", (int)b.len, b.p ? b.p : "");
    buf_fini(&b);
    return out;
}

/* names.h: the method survives a cut; cut from the left with an ellipsis */
static void fit_tail_keeps_the_method(void **state)
{
    (void)state;
    int w;
    const char *n = "std::__detail::_Executor<...>::_M_dfs";
    size_t tail = strlen("std::__detail::_Executor<...>::");
    assert_string_equal(fit_tail(n, tail, 60, LABEL_UTF8, &w), n);
    assert_int_equal(w, (int)strlen(n));
    assert_string_equal(fit_tail(n, tail, 12, LABEL_UTF8, &w), "\xe2\x80\xa6..>::_M_dfs");
    assert_int_equal(w, 12);
    assert_string_equal(fit_tail(n, tail, 8, LABEL_UTF8, &w), "\xe2\x80\xa6_M_dfs");
    assert_int_equal(w, 7);
    assert_string_equal(fit_tail(n, tail, 12, LABEL_ASCII, &w), "...>::_M_dfs");
    assert_int_equal(w, 12);
    /* the method itself does not fit: its start, never a bare "std:.." */
    assert_string_equal(fit_tail(n, tail, 6, LABEL_UTF8, &w), "_M_dfs");
    assert_string_equal(fit_tail(n, tail, 5, LABEL_UTF8, &w), "_M_..");
    /* no qualifier: flamegraph.pl's cut */
    assert_string_equal(fit_tail("__memcpy_avx_unaligned", 0, 8, LABEL_UTF8, &w), "__memc..");
    assert_string_equal(fit_tail(n, tail, 0, LABEL_UTF8, &w), "");
    assert_int_equal(w, 0);
}

static void clear_screen_is_escaped(void **state)
{
    (void)state;
    int w;
    assert_string_equal(esc("\033[2J", 4, LABEL_UTF8, &w), "\\x1b[2J");
    assert_int_equal(w, 7);
    assert_string_equal(esc("a\033]0;title\007b", 12, LABEL_UTF8, NULL),
                        "a\\x1b]0;title\\x07b");
    assert_string_equal(esc("\033[2J", 4, LABEL_ASCII, NULL), "\\x1b[2J");
}

static void controls_del_and_nul(void **state)
{
    (void)state;
    assert_string_equal(esc("a\tb\nc\rd", 7, LABEL_UTF8, NULL), "a\\x09b\\x0ac\\x0dd");
    assert_string_equal(esc("x\177", 2, LABEL_UTF8, NULL), "x\\x7f");
    assert_string_equal(esc("a\0b", 3, LABEL_UTF8, NULL), "a\\x00b");
    assert_string_equal(esc("back\\slash", 10, LABEL_UTF8, NULL), "back\\slash");
}

static void invalid_utf8_is_escaped(void **state)
{
    (void)state;
    assert_string_equal(esc("a\xff" "b", 3, LABEL_UTF8, NULL), "a\\xffb");
    /* truncated sequence, stray continuation, overlong '/', surrogate, > U+10FFFF */
    assert_string_equal(esc("\xe4\xb8", 2, LABEL_UTF8, NULL), "\\xe4\\xb8");
    assert_string_equal(esc("\x80x", 2, LABEL_UTF8, NULL), "\\x80x");
    assert_string_equal(esc("\xc0\xaf", 2, LABEL_UTF8, NULL), "\\xc0\\xaf");
    assert_string_equal(esc("\xed\xa0\x80", 3, LABEL_UTF8, NULL), "\\xed\\xa0\\x80");
    assert_string_equal(esc("\xf4\x90\x80\x80", 4, LABEL_UTF8, NULL),
                        "\\xf4\\x90\\x80\\x80");
}

static void c1_and_zero_width_are_escaped(void **state)
{
    (void)state;
    /* U+009B CSI (C1), U+202E RIGHT-TO-LEFT OVERRIDE, U+200B ZERO WIDTH SPACE */
    assert_string_equal(esc("\xc2\x9b" "2J", 4, LABEL_UTF8, NULL), "\\xc2\\x9b2J");
    assert_string_equal(esc("a\xe2\x80\xae", 4, LABEL_UTF8, NULL), "a\\xe2\\x80\\xae");
    assert_string_equal(esc("\xe2\x80\x8b", 3, LABEL_UTF8, NULL), "\\xe2\\x80\\x8b");
}

static void combining_marks_are_text(void **state)
{
    (void)state;
    int w;
    /* e + U+0301 COMBINING ACUTE ACCENT: one column, shown as text */
    assert_string_equal(esc("caf" "e\xcc\x81", 6, LABEL_UTF8, &w), "cafe\xcc\x81");
    assert_int_equal(w, 4);
    /* Devanagari ka + virama + ssa (U+0915 U+094D U+0937): the virama is a mark */
    assert_string_equal(esc("\xe0\xa4\x95\xe0\xa5\x8d\xe0\xa4\xb7", 9, LABEL_UTF8, &w),
                        "\xe0\xa4\x95\xe0\xa5\x8d\xe0\xa4\xb7");
    assert_int_equal(label_width("a\xcc\x81\xcc\xa3", 5, LABEL_UTF8), 1);
    /* control bytes, format characters and invalid UTF-8 around them stay escaped */
    assert_string_equal(esc("e\xcc\x81\x1b[2J", 7, LABEL_UTF8, NULL), "e\xcc\x81\\x1b[2J");
    assert_string_equal(esc("e\xcc", 2, LABEL_UTF8, NULL), "e\\xcc");
    assert_string_equal(esc("e\xef\xb8\x8f", 4, LABEL_UTF8, NULL), "e\\xef\\xb8\\x8f"); /* VS16 */
    /* a mark at the start has nothing to mark: escaped */
    assert_string_equal(esc("\xcc\x81" "e", 3, LABEL_UTF8, &w), "\\xcc\\x81e");
    assert_int_equal(w, 9);
    /* C locale: escaped like any non-ASCII byte */
    assert_string_equal(esc("e\xcc\x81", 3, LABEL_ASCII, NULL), "e\\xcc\\x81");
    /* truncation keeps the mark with its letter and never splits it */
    struct buf b = {0};
    w = label_fit(&b, "e\xcc\x81xyzzy", 8, 4, LABEL_UTF8);
    assert_int_equal(w, 4);
    assert_int_equal(b.len, 6);
    assert_memory_equal(b.p, "e\xcc\x81x..", 6);
    /* a slice never starts with the mark of a character left out */
    b.len = 0;
    assert_int_equal(label_slice(&b, "e\xcc\x81xy", 5, 1, 10), 2);
    assert_int_equal(b.len, 2);
    assert_memory_equal(b.p, "xy", 2);
    b.len = 0;
    assert_int_equal(label_slice(&b, "ae\xcc\x81x", 5, 1, 10), 2);   /* e + mark, x */
    assert_int_equal(b.len, 4);
    buf_fini(&b);
}

static void kind_suffix_stripped(void **state)
{
    (void)state;
    assert_int_equal(label_strip_kind("do_syscall_64_[k]", 17), 13);
    assert_int_equal(label_strip_kind("Interpreter_[j]", 15), 11);
    assert_int_equal(label_strip_kind("foo_[i]", 7), 3);
    assert_int_equal(label_strip_kind("foo_[w]", 7), 7);
    assert_int_equal(label_strip_kind("_[k]", 4), 4);   /* nothing left: keep it */
    assert_int_equal(label_strip_kind("[unknown]", 9), 9);
    assert_int_equal(label_strip_kind("a_[k]b", 6), 6);
    assert_int_equal(label_strip_kind("", 0), 0);
}

static void utf8_kept_and_measured(void **state)
{
    (void)state;
    int w;
    assert_string_equal(esc("caf\xc3\xa9", 5, LABEL_UTF8, &w), "caf\xc3\xa9");
    assert_int_equal(w, 4);
    assert_string_equal(esc("\xe4\xb8\xad\xe6\x96\x87", 6, LABEL_UTF8, &w),
                        "\xe4\xb8\xad\xe6\x96\x87");
    assert_int_equal(w, 4);
    assert_int_equal(label_width("\xe4\xb8\xad", 3, LABEL_UTF8), 2);
    /* C locale form: every non-ASCII byte escaped, output is ASCII */
    assert_string_equal(esc("caf\xc3\xa9", 5, LABEL_ASCII, &w), "caf\\xc3\\xa9");
    assert_int_equal(w, 11);
}

static void truncation_like_flamegraph(void **state)
{
    (void)state;
    int used;
    assert_string_equal(fit("very_long_name_here", 14, LABEL_UTF8, &used), "very_long_na..");
    assert_int_equal(used, 14);
    assert_string_equal(fit("short", 14, LABEL_UTF8, &used), "short");
    assert_int_equal(used, 5);
    assert_string_equal(fit("exact", 5, LABEL_UTF8, NULL), "exact");
    assert_string_equal(fit("abcdef", 3, LABEL_UTF8, NULL), "a..");
    assert_string_equal(fit("abcdef", 2, LABEL_UTF8, &used), "");
    assert_int_equal(used, 0);
    assert_string_equal(fit("ab", 2, LABEL_UTF8, NULL), "ab");
    assert_string_equal(fit("abc", 0, LABEL_UTF8, NULL), "");
    assert_string_equal(fit("abc", -3, LABEL_UTF8, NULL), "");
}

static void truncation_never_splits(void **state)
{
    (void)state;
    int used;
    /* CJK: 2 columns each; 5 columns hold one char + ".." (the second would need 6) */
    const char *cjk = "\xe4\xb8\xad\xe6\x96\x87\xe5\xad\x97";   /* 3 chars, 6 columns */
    assert_string_equal(fit(cjk, 6, LABEL_UTF8, &used), cjk);
    assert_string_equal(fit(cjk, 5, LABEL_UTF8, &used), "\xe4\xb8\xad..");
    assert_int_equal(used, 4);
    assert_string_equal(fit(cjk, 4, LABEL_UTF8, &used), "\xe4\xb8\xad..");
    assert_string_equal(fit(cjk, 3, LABEL_UTF8, &used), "");
    /* an escape (4 columns) is atomic */
    assert_string_equal(fit("a\033bcdefgh", 6, LABEL_UTF8, &used), "a..");
    assert_string_equal(fit("a\033bcdefgh", 7, LABEL_UTF8, &used), "a\\x1b..");
    assert_int_equal(used, 7);
}

static void slice_for_status_line(void **state)
{
    (void)state;
    struct buf b = {0};
    const char *s = "ab\xe4\xb8\xad" "cd";   /* a b [2 cols] c d: 6 columns */
    assert_int_equal(label_slice(&b, s, strlen(s), 1, 3), 3);
    assert_int_equal(b.len, 4);
    assert_memory_equal(b.p, "b\xe4\xb8\xad", 4);
    b.len = 0;
    assert_int_equal(label_slice(&b, s, strlen(s), 3, 10), 2);   /* cut wide char left out */
    assert_memory_equal(b.p, "cd", 2);
    buf_fini(&b);
}

/* Random bytes (fixed seed): the output never holds a control byte, ESC, DEL or a C1
 * control, its width is what label_fit says and at most cols, and it is valid UTF-8
 * that passes through label_escape unchanged. */
static void random_bytes_are_always_safe(void **state)
{
    (void)state;
    uint64_t x = 0x9e3779b97f4a7c15ull;
    unsigned char name[24];
    struct buf b = {0}, again = {0};
    for (int iter = 0; iter < 20000; iter++) {
        size_t n = 0, len;
        test_xorshift64(&x);
        len = x % sizeof(name);
        for (n = 0; n < len; n++) {
            test_xorshift64(&x);
            /* bias towards interesting bytes: controls, ESC, UTF-8 lead/continuation */
            static const unsigned char pick[] = {0x1b, 0x07, 0x7f, 0x9b, 0xc2, 0xe4, 0xb8,
                                                 0xad, 0xf0, 0x80, 'a', '[', ' ', 0xff};
            name[n] = (x >> 8) % 3 ? pick[(x >> 16) % sizeof(pick)] : (unsigned char)(x >> 24);
        }
        int cols = (int)((x >> 40) % 20);
        b.len = 0;
        int w = label_fit(&b, (const char *)name, len, cols, LABEL_UTF8);
        assert_true(w <= cols || (cols <= 0 && w == 0));
        for (size_t i = 0; i < b.len; i++) {
            unsigned char c = (unsigned char)b.p[i];
            assert_true(c >= 0x20 && c != 0x7f);
            if (c == 0xc2 && i + 1 < b.len)
                assert_false((unsigned char)b.p[i + 1] >= 0x80 &&
                             (unsigned char)b.p[i + 1] <= 0x9f);
        }
        assert_int_equal(label_width(b.p, b.len, LABEL_UTF8), w);
        again.len = 0;
        label_escape(&again, b.p, b.len, LABEL_UTF8);
        assert_int_equal(again.len, b.len);
        if (b.len)
            assert_memory_equal(again.p, b.p, b.len);
    }
    buf_fini(&b);
    buf_fini(&again);
}

static void auto_mode_follows_locale(void **state)
{
    (void)state;
    assert_int_equal(label_mode_resolve(LABEL_AUTO), LABEL_UTF8);
    assert_non_null(setlocale(LC_CTYPE, "C"));
    assert_int_equal(label_mode_resolve(LABEL_AUTO), LABEL_ASCII);
    assert_string_equal(esc("\xc3\xa9", 2, LABEL_AUTO, NULL), "\\xc3\\xa9");
    assert_non_null(setlocale(LC_CTYPE, "C.UTF-8"));
    assert_int_equal(label_mode_resolve(LABEL_ASCII), LABEL_ASCII);
}

/* core/util.c, here with the other message tests: die() from several worker
 * threads at once prints one message and exits once, with status 1. */
#define DIE_THREADS 8
static pthread_barrier_t die_barrier;

static void *die_thread(void *arg)
{
    pthread_barrier_wait(&die_barrier);
    die("worker %d ran out of something with a long message to interleave", (int)(size_t)arg);
}

static void die_once_from_threads(void **state)
{
    (void)state;
    for (int round = 0; round < 20; round++) {
        int fds[2];
        assert_int_equal(pipe(fds), 0);
        fflush(stderr);
        pid_t pid = fork();
        assert_true(pid >= 0);
        if (pid == 0) {
            dup2(fds[1], STDERR_FILENO);
            close(fds[0]);
            pthread_t th[DIE_THREADS];
            pthread_barrier_init(&die_barrier, NULL, DIE_THREADS);
            for (size_t i = 0; i < DIE_THREADS; i++)
                pthread_create(&th[i], NULL, die_thread, (void *)i);
            for (;;)
                pause();
        }
        close(fds[1]);
        char out[8192];
        size_t len = 0;
        ssize_t r;
        while (len < sizeof out - 1 && (r = read(fds[0], out + len, sizeof out - 1 - len)) > 0)
            len += (size_t)r;
        out[len] = '\0';
        close(fds[0]);
        int st;
        assert_int_equal(waitpid(pid, &st, 0), pid);
        assert_true(WIFEXITED(st));
        assert_int_equal(WEXITSTATUS(st), 1);
        size_t lines = 0;
        for (size_t i = 0; i < len; i++)
            lines += out[i] == '\n';
        if (lines != 1 || strncmp(out, "flametui: worker ", 17) != 0)
            fail_msg("round %d: %zu lines: %s", round, lines, out);
    }
}

int main(void)
{
    if (!setlocale(LC_ALL, "C.UTF-8")) {
        printf("SKIP: no C.UTF-8 locale\n");
        return 77;
    }
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(clear_screen_is_escaped),
        cmocka_unit_test(controls_del_and_nul),
        cmocka_unit_test(invalid_utf8_is_escaped),
        cmocka_unit_test(c1_and_zero_width_are_escaped),
        cmocka_unit_test(combining_marks_are_text),
        cmocka_unit_test(kind_suffix_stripped),
        cmocka_unit_test(utf8_kept_and_measured),
        cmocka_unit_test(truncation_like_flamegraph),
        cmocka_unit_test(truncation_never_splits),
        cmocka_unit_test(slice_for_status_line),
        cmocka_unit_test(die_once_from_threads),
        cmocka_unit_test(random_bytes_are_always_safe),
        cmocka_unit_test(auto_mode_follows_locale),
        cmocka_unit_test(fit_tail_keeps_the_method),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
