/* SPDX-License-Identifier: MIT */
/* flametui - tests/unit/test_keep.c: keep.h (OSC 52 bytes, shell quoting,
 * atomic folded files, the bounded history file), options_split (FLAMETUI_OPTS), and
 * the app's side: --zoom/--select start paths, the C command line, y/Y clipboard text,
 * Ctrl-C in a live session, the S prompt. */
#include "config.h"

#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "core/count.h"
#include "core/strtab.h"
#include "core/trie.h"
#include "core/util.h"
#include "helpers.h"
#include "render/collapse.h"
#include "ui/app.h"
#include "ui/history.h"
#include "ui/keep.h"
#include "ui/options.h"

#define BASIC "main;alpha;leaf 30\nmain;alpha;two 10\nmain;beta 20\nother 40\n"

static char *text_of(struct buf *b)
{
    buf_putc(b, '\0');
    return b->p;
}

static void osc52_is_base64_with_bel(void **state)
{
    (void)state;
    struct buf b = {0};
    keep_osc52(&b, "main", 4, false);
    assert_string_equal(text_of(&b), "\033]52;c;bWFpbg==\a");
    b.len = 0;
    keep_osc52(&b, "ab\nc", 4, false);        /* 2 and 1 padding bytes, newline kept */
    assert_string_equal(text_of(&b), "\033]52;c;YWIKYw==\a");
    b.len = 0;
    keep_osc52(&b, "abc", 3, true);           /* GNU screen: DCS passthrough */
    assert_string_equal(text_of(&b), "\033P\033]52;c;YWJj\a\033\\");
    b.len = 0;
    keep_osc52(&b, "\xff\xfe", 2, false);
    assert_string_equal(text_of(&b), "\033]52;c;//4=\a");
    buf_fini(&b);
}

static void shell_quote(void **state)
{
    (void)state;
    struct buf b = {0};
    const char *cases[][2] = {
        {"main;a", "'main;a'"}, {"a.folded", "a.folded"}, {"", "''"},
        {"it's", "'it'\\''s'"}, {"a b", "'a b'"}, {"x=1,y:2/z@%+-", "x=1,y:2/z@%+-"},
        {"$HOME", "'$HOME'"}, {"a*", "'a*'"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        b.len = 0;
        keep_shell_quote(&b, cases[i][0], strlen(cases[i][0]));
        assert_string_equal(text_of(&b), cases[i][1]);
    }
    buf_fini(&b);
}

static void split_like_a_shell(void **state)
{
    (void)state;
    char **v = NULL;
    int n = 0;
    struct ft_error err = {0};
    assert_int_equal(options_split("  -i --include='a b' \"c\\\"d\" e\\ f '' x\"y\"z ",
                                   &v, &n, &err), 0);
    assert_int_equal(n, 6);
    assert_string_equal(v[0], "-i");
    assert_string_equal(v[1], "--include=a b");
    assert_string_equal(v[2], "c\"d");
    assert_string_equal(v[3], "e f");
    assert_string_equal(v[4], "");
    assert_string_equal(v[5], "xyz");
    options_free_words(v, n);
    v = NULL;
    n = 0;
    assert_int_equal(options_split("a 'b", &v, &n, &err), -1);
    assert_non_null(strstr(err.msg, "unterminated"));
    options_free_words(v, n);
}

static char tmpdir[64];

static int mk_tmp(void **state)
{
    (void)state;
    strcpy(tmpdir, "/tmp/ft-keep-XXXXXX");
    return mkdtemp(tmpdir) ? 0 : -1;
}

static int rm_tmp(void **state)
{
    (void)state;
    char cmd[128];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", tmpdir);
    return system(cmd) == 0 ? 0 : -1;
}

static char *slurp(const char *path)
{
    FILE *f = fopen(path, "r");
    if (!f)
        return NULL;
    struct buf b = {0};
    char tmp[4096];
    size_t n;
    while ((n = fread(tmp, 1, sizeof tmp, f)) > 0)
        buf_append(&b, tmp, n);
    fclose(f);
    buf_putc(&b, '\0');
    return b.p;
}

static void folded_file_is_atomic(void **state)
{
    (void)state;
    char path[128], bad[128];
    struct ft_error err = {0};
    struct trie *t = trie_from_folded(BASIC);
    snprintf(path, sizeof path, "%s/out.folded", tmpdir);
    assert_int_equal(keep_write_folded(path, t, &err), 0);
    char *got = slurp(path), *want = trie_to_collapsed(t);
    assert_string_equal(got, want);
    free(got);
    free(want);
    /* a directory that does not exist: an error, and nothing left behind */
    snprintf(bad, sizeof bad, "%s/no/out.folded", tmpdir);
    assert_int_equal(keep_write_folded(bad, t, &err), -1);
    assert_non_null(strstr(err.msg, "cannot write"));
    snprintf(bad, sizeof bad, "%s/", tmpdir);
    assert_int_equal(keep_write_folded(bad, t, &err), -1);
    char cmd[200];
    snprintf(cmd, sizeof cmd, "test $(ls -A '%s' | wc -l) = 1", tmpdir);
    assert_int_equal(system(cmd), 0);     /* only out.folded: no temporary file */
    trie_free(t);
}

static bool stop_now(void)
{
    return true;
}

/* A write given up (collapse_stop_hook: a signal during --save at exit) leaves the old
 * file and no temporary file, and says so; a FIFO is refused, never opened. */
static void folded_write_given_up(void **state)
{
    (void)state;
    char path[128], fifo[128];
    struct ft_error err = {0};
    struct trie *t = trie_from_folded(BASIC);
    snprintf(path, sizeof path, "%s/out.folded", tmpdir);
    FILE *f = fopen(path, "w");
    assert_non_null(f);
    fputs("old\n", f);
    assert_int_equal(fclose(f), 0);
    collapse_stop_hook(stop_now);
    assert_int_equal(keep_write_folded(path, t, &err), -1);
    collapse_stop_hook(NULL);
    assert_non_null(strstr(err.msg, "interrupted, not written"));
    char *got = slurp(path);
    assert_string_equal(got, "old\n");
    free(got);
    snprintf(fifo, sizeof fifo, "%s/fifo", tmpdir);
    assert_int_equal(mkfifo(fifo, 0600), 0);
    assert_int_equal(keep_write_folded(fifo, t, &err), -1);
    assert_non_null(strstr(err.msg, "it is a FIFO, not replaced"));
    char cmd[200];
    snprintf(cmd, sizeof cmd, "test $(ls -A '%s' | wc -l) = 2", tmpdir);
    assert_int_equal(system(cmd), 0);     /* out.folded and fifo: no temporary file */
    trie_free(t);
}

static void history_is_bounded_and_moves_repeats(void **state)
{
    (void)state;
    char path[128], line[32];
    snprintf(path, sizeof path, "%s/state/flametui/history", tmpdir);
    for (int i = 0; i < HISTORY_MAX + 20; i++) {
        snprintf(line, sizeof line, "re%d", i);
        assert_int_equal(history_add(path, line), 0);
    }
    assert_int_equal(history_add(path, "re30"), 0);    /* moves to the end */
    assert_int_equal(history_add(path, "a\nb"), 0);    /* not kept */
    char *s = slurp(path);
    assert_non_null(s);
    size_t lines = 0;
    for (char *p = s; *p; p++)
        lines += *p == '\n';
    assert_int_equal(lines, HISTORY_MAX);
    assert_true(strncmp(s, "re20\n", 5) == 0);               /* the oldest kept */
    size_t len = strlen(s);
    assert_string_equal(s + len - 5, "re30\n");
    assert_null(strstr(s, "\nre30\nre31"));                  /* not twice */
    free(s);
    struct stat st;
    assert_int_equal(stat(path, &st), 0);
    assert_int_equal(st.st_mode & 0777, 0600);
    /* a file where the directory should be: an error, not a crash */
    snprintf(path, sizeof path, "%s/state/flametui/history/x", tmpdir);
    assert_int_equal(history_add(path, "re"), -1);
}

static void history_path_follows_xdg(void **state)
{
    (void)state;
    struct buf b = {0};
    setenv("XDG_STATE_HOME", "/x/state", 1);
    assert_true(keep_history_path(&b));
    assert_string_equal(b.p, "/x/state/flametui/history");
    setenv("XDG_STATE_HOME", "relative", 1);   /* invalid by the spec: ignored */
    setenv("HOME", "/home/u", 1);
    assert_true(keep_history_path(&b));
    assert_string_equal(b.p, "/home/u/.local/state/flametui/history");
    unsetenv("XDG_STATE_HOME");
    unsetenv("HOME");
    assert_false(keep_history_path(&b));
    buf_fini(&b);
}

static void start_paths_and_cmdline(void **state)
{
    (void)state;
    struct trie *t = trie_from_folded(BASIC);
    struct app a;
    struct ft_error err = {0};
    struct filter_opt f[] = {{FILTER_EXCLUDE, "o'ther"}};
    struct app_opts o = {.icicle = true, .filters = f, .nfilters = 1, .search = "le af",
                         .zoom = "main;alpha", .select = "main;alpha;leaf",
                         .cmd_args = " --colors=mem", .cmd_files = " in.folded"};
    app_init(&a, t, "in.folded");
    app_resize(&a, 80, 12);
    assert_int_equal(app_apply_options(&a, &o, &err), 0);
    sync_app(&a);
    assert_int_equal(a.zoom, trie_node_at(a.t, "main;alpha"));
    assert_int_equal(a.sel, trie_node_at(a.t, "main;alpha;leaf"));
    struct buf b = {0};
    app_cmdline(&a, &b);
    assert_string_equal(text_of(&b), "flametui --colors=mem -i --exclude='o'\\''ther' "
                        "--search='le af' --zoom='main;alpha' --select='main;alpha;leaf' "
                        "in.folded");
    /* C: the same text as the status message and the clipboard */
    assert_int_equal(app_handle(&a, ACT_CMDLINE), RE_COPY | RE_REDRAW);
    size_t n;
    const char *clip = app_clip(&a, &n);
    assert_int_equal(n, b.len - 1);
    assert_memory_equal(clip, b.p, n);
    assert_string_equal(a.msg, b.p);
    /* a selection equal to the zoom is not repeated */
    app_select(&a, a.zoom);
    sync_app(&a);
    b.len = 0;
    app_cmdline(&a, &b);
    assert_null(strstr(text_of(&b), "--select"));
    buf_fini(&b);
    app_fini(&a);
    trie_free(t);
}

static void start_path_not_there_yet(void **state)
{
    (void)state;
    struct trie *t = trie_from_folded("main;a 1\n");
    struct app a;
    struct ft_error err = {0};
    struct app_opts o = {.zoom = "main;b;c"};
    app_init(&a, t, "in");
    app_resize(&a, 80, 12);
    app_apply_options(&a, &o, &err);
    sync_app(&a);
    assert_int_equal(a.zoom, trie_node_at(t, "main"));       /* the deepest that exists */
    /* the frames arrive (live): the zoom goes there */
    uint32_t ids[3] = {strtab_intern(trie_names(t), "main", 4),
                       strtab_intern(trie_names(t), "b", 1), strtab_intern(trie_names(t), "c", 1)};
    trie_insert(t, ids, 3, count_u64(2));
    sync_app(&a);
    assert_int_equal(a.zoom, trie_node_at(t, "main;b;c"));
    app_fini(&a);
    trie_free(t);
}

static void copy_name_and_stack(void **state)
{
    (void)state;
    struct trie *t = trie_from_folded(BASIC);
    struct app a;
    struct ft_error err = {0};
    struct app_opts o = {.select = "main;alpha;leaf"};
    size_t n;
    app_init(&a, t, "in");
    app_resize(&a, 80, 12);
    app_apply_options(&a, &o, &err);
    sync_app(&a);
    assert_int_equal(app_key(&a, 'y'), RE_COPY | RE_REDRAW);
    const char *c = app_clip(&a, &n);
    assert_int_equal(n, 4);
    assert_memory_equal(c, "leaf", 4);
    assert_int_equal(app_key(&a, 'Y'), RE_COPY | RE_REDRAW);
    c = app_clip(&a, &n);
    assert_int_equal(n, strlen("main\nalpha\nleaf\n"));
    assert_memory_equal(c, "main\nalpha\nleaf\n", n);
    /* the root: nothing to copy */
    app_handle(&a, ACT_ZOOM_RESET);
    while (a.sel != TRIE_ROOT && app_handle(&a, ACT_MOVE_DOWN))
        sync_app(&a);
    assert_int_equal(app_key(&a, 'y') & RE_COPY, 0);
    app_fini(&a);
    trie_free(t);
}

static void ctrl_c_stops_live_then_quits(void **state)
{
    (void)state;
    struct trie *t = trie_from_folded(BASIC);
    struct app a;
    app_init(&a, t, "in");
    assert_int_equal(app_key(&a, 3), RE_QUIT);               /* not live: quit */
    struct live_status st = {.live = UI_LIVE_ON};
    app_set_live(&a, &st);
    assert_int_equal(app_key(&a, 3), RE_INTERRUPT | RE_REDRAW);
    assert_non_null(strstr(a.msg, "recording stopped"));
    app_input_end(&a, "stdin: 1 line skipped");             /* the line Ctrl-C cut */
    assert_string_equal(a.msg, "recording stopped (Ctrl-C); stdin: 1 line skipped");
    assert_int_equal(app_key(&a, 3), RE_QUIT);               /* the second one */
    app_fini(&a);
    trie_free(t);
}

static void save_prompt_writes_the_view(void **state)
{
    (void)state;
    char path[128];
    struct trie *t = trie_from_folded(BASIC);
    struct app a;
    struct ft_error err = {0};
    struct filter_opt f[] = {{FILTER_EXCLUDE, "other"}};
    struct app_opts o = {.filters = f, .nfilters = 1};
    app_init(&a, t, "in");
    app_resize(&a, 80, 12);
    app_apply_options(&a, &o, &err);
    sync_app(&a);
    snprintf(path, sizeof path, "%s/view.folded", tmpdir);
    app_key(&a, 'S');
    assert_string_equal(a.prompt->label, "save the view as shown to: ");
    for (const char *p = path; *p; p++)
        app_key(&a, (unsigned char)*p);
    app_key(&a, FT_KEY_ENTER);
    assert_null(a.prompt);
    assert_non_null(strstr(a.msg, "view as shown (exclude:other)"));
    char *got = slurp(path);
    assert_string_equal(got, "main;alpha;leaf 30\nmain;alpha;two 10\nmain;beta 20\n");
    free(got);
    /* --save: all samples, whatever the view */
    snprintf(path, sizeof path, "%s/all.folded", tmpdir);
    assert_int_equal(app_save_profile(&a, path, &err), 0);
    got = slurp(path);
    char *want = trie_to_collapsed(t);
    assert_string_equal(got, want);
    free(got);
    free(want);
    app_fini(&a);
    trie_free(t);
}

static void history_file_feeds_the_prompt(void **state)
{
    (void)state;
    char path[128];
    snprintf(path, sizeof path, "%s/h2/history", tmpdir);
    struct trie *t = trie_from_folded(BASIC);
    struct app a;
    struct ft_error err = {0};
    struct app_opts o = {.history = path};
    app_init(&a, t, "in");
    app_apply_options(&a, &o, &err);
    app_key(&a, '/');
    app_key(&a, 'l');
    app_key(&a, FT_KEY_ENTER);
    app_key(&a, 'f');
    app_key(&a, 'b');
    app_key(&a, FT_KEY_ESC);                                 /* cancelled: not kept */
    app_fini(&a);
    char *s = slurp(path);
    assert_string_equal(s, "l\n");
    free(s);
    /* the next run: Up in any prompt recalls it */
    app_init(&a, t, "in");
    app_apply_options(&a, &o, &err);
    app_key(&a, 'f');
    app_key(&a, FT_KEY_UP);
    assert_string_equal(lineedit_text(&a.le), "l");
    app_fini(&a);
    trie_free(t);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(osc52_is_base64_with_bel),
        cmocka_unit_test(shell_quote),
        cmocka_unit_test(split_like_a_shell),
        cmocka_unit_test_setup_teardown(folded_file_is_atomic, mk_tmp, rm_tmp),
        cmocka_unit_test_setup_teardown(folded_write_given_up, mk_tmp, rm_tmp),
        cmocka_unit_test_setup_teardown(history_is_bounded_and_moves_repeats, mk_tmp, rm_tmp),
        cmocka_unit_test(history_path_follows_xdg),
        cmocka_unit_test(start_paths_and_cmdline),
        cmocka_unit_test(start_path_not_there_yet),
        cmocka_unit_test(copy_name_and_stack),
        cmocka_unit_test(ctrl_c_stops_live_then_quits),
        cmocka_unit_test_setup_teardown(save_prompt_writes_the_view, mk_tmp, rm_tmp),
        cmocka_unit_test_setup_teardown(history_file_feeds_the_prompt, mk_tmp, rm_tmp),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
