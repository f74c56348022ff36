/* SPDX-License-Identifier: MIT */
/* flametui - unit tests: short forms of frame names (render/names.h), on real C++, Java,
 * Rust and Go symbols recorded for the purpose (tests/data/names: NAME.txt, one full
 * name per line, and NAME.expected, the short form of each). */
#include "config.h"

#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/strtab.h"
#include "core/util.h"
#include "render/label.h"
#include "render/layout.h"
#include "render/names.h"
#include "core/trie.h"

static const char *shorten(const char *s, bool ascii, size_t *tail)
{
    static char out[4096];
    struct buf b = {0};
    size_t t = names_shorten(s, strlen(s), ascii, &b);
    if (tail)
        *tail = t;
    snprintf(out, sizeof(out), "%.*s", (int)b.len, b.p ? b.p : "");
    buf_fini(&b);
    return out;
}

static void golden(const char *lang)
{
    const char *top = getenv("top_srcdir");
    char pin[1024], pex[1024], a[65536], e[65536];
    snprintf(pin, sizeof(pin), "%s/tests/data/names/%s.txt", top ? top : ".", lang);
    snprintf(pex, sizeof(pex), "%s/tests/data/names/%s.expected", top ? top : ".", lang);
    FILE *fi = fopen(pin, "r"), *fe = fopen(pex, "r");
    if (!fi || !fe)
        fail_msg("cannot open %s or %s (set top_srcdir)", pin, pex);
    int n = 0;
    while (fgets(a, sizeof(a), fi)) {
        if (!fgets(e, sizeof(e), fe))
            fail_msg("%s: fewer expected lines than names", pex);
        a[strcspn(a, "\n")] = '\0';
        e[strcspn(e, "\n")] = '\0';
        const char *got = shorten(a, false, NULL);
        if (strcmp(got, e) != 0)
            fail_msg("%s line %d: %s\n  got      %s\n  expected %s", lang, n + 1, a, got, e);
        n++;
    }
    assert_true(n >= 10);
    fclose(fi);
    fclose(fe);
}

static void golden_cpp(void **state)
{
    (void)state;
    golden("cpp");
}
static void golden_java(void **state)
{
    (void)state;
    golden("java");
}
static void golden_rust(void **state)
{
    (void)state;
    golden("rust");
}
static void golden_go(void **state)
{
    (void)state;
    golden("go");
}

static void cpp_rules(void **state)
{
    (void)state;
    size_t t;
    assert_string_equal(shorten("std::__detail::_Executor<__gnu_cxx::__normal_iterator<char "
                                "const*, std::__cxx11::basic_string<char> >, true>::_M_dfs",
                                false, &t),
                        "std::__detail::_Executor<\xe2\x80\xa6>::_M_dfs");
    assert_int_equal(t, strlen("std::__detail::_Executor<\xe2\x80\xa6>::"));
    assert_string_equal(shorten("std::vector<int>::push_back", true, NULL),
                        "std::vector<...>::push_back");
    assert_string_equal(shorten("foo(int, char const*) const", true, NULL), "foo(...) const");
    assert_string_equal(shorten("(anonymous namespace)::Parser::parse(std::string const&)",
                                true, NULL),
                        "(anon)::Parser::parse(...)");
    assert_string_equal(shorten("main::{lambda(int)#1}::operator()(int) const", true, NULL),
                        "main::{lambda(...)#1}::operator()(...) const");
    assert_string_equal(shorten("bool std::operator< <char>(std::string const&)", true, NULL),
                        "bool std::operator< <...>(...)");
    assert_string_equal(shorten("A::B::operator<<=", true, &t), "A::B::operator<<=");
    assert_int_equal(t, 6);
    assert_string_equal(shorten("std::__cxx11::basic_string<char>::_M_construct[abi:cxx11]",
                                true, NULL),
                        "std::basic_string<...>::_M_construct");
    /* long chains lose their left end */
    assert_string_equal(shorten("a::b::c::d::e::f<x>::g", true, &t), "...::e::f<...>::g");
    assert_int_equal(t, strlen("...::e::f<...>::"));
    assert_string_equal(shorten("a::b::c::d", true, NULL), "a::b::c::d");
    /* unbalanced: as it is */
    assert_string_equal(shorten("a::b<c::d", true, &t), "a::b<c::d");
    assert_int_equal(t, 0);
}

static void rust_rules(void **state)
{
    (void)state;
    assert_string_equal(shorten("r::main::h086b0cfd890a8ea9", true, NULL), "r::main");
    assert_string_equal(
        shorten("core::ptr::drop_in_place<alloc::vec::Vec<alloc::string::String>>::"
                "h1aff18789bca12a8",
                true, NULL),
        "core::ptr::drop_in_place<Vec<...>>");
    assert_string_equal(
        shorten("<alloc::vec::Vec<T> as core::iter::Iterator>::next", true, NULL),
        "<Vec<...> as Iterator>::next");
    assert_string_equal(shorten("<core[c1f1a4ba060b9bfa]::cell::once::OnceCell<u8>>::get",
                                true, NULL),
                        "<OnceCell<...>>::get");
    assert_string_equal(shorten("alloc::raw_vec::finish_grow::<alloc::alloc::Global>", true,
                                NULL),
                        "alloc::raw_vec::finish_grow::<...>");
}

static void java_go_rules(void **state)
{
    (void)state;
    size_t t;
    /* perf-map form: no return type, no package (async-profiler's Formatter.format) */
    assert_string_equal(shorten("java.lang.String Bench.buildReport_[j]", true, &t),
                        "Bench.buildReport_[j]");
    assert_int_equal(t, strlen("Bench."));
    assert_string_equal(shorten("java.lang.String java.util.Formatter.format", true, &t),
                        "Formatter.format");
    assert_int_equal(t, strlen("Formatter."));
    assert_string_equal(shorten("void java.util.concurrent.ThreadPoolExecutor$Worker.run", true,
                                NULL),
                        "ThreadPoolExecutor$Worker.run");
    assert_string_equal(shorten("int[] a.b.c", true, NULL), "a.b.c");
    assert_string_equal(shorten("java/lang/Thread.run", true, NULL), "j/l/Thread.run");
    assert_string_equal(shorten("java.lang.Thread.run", true, NULL), "j.l.Thread.run");
    assert_string_equal(shorten("encoding/json.(*encodeState).marshal", true, &t),
                        "json.(*encodeState).marshal");
    assert_int_equal(t, strlen("json.(*encodeState)."));
    assert_string_equal(shorten("github.com/u/repo/pkg.Func", true, NULL), "pkg.Func");
    assert_string_equal(shorten("main.(*T).Method", true, NULL), "main.(*T).Method");
    assert_string_equal(shorten("main.Map[go.shape.int,go.shape.string].Get", true, NULL),
                        "main.Map[...].Get");
}

static void others_unchanged(void **state)
{
    (void)state;
    static const char *const same[] = {
        "[unknown]", "[kernel.kallsyms]", "put_pid.part.0", "cfree@GLIBC_2.2.5",
        "<module> (/tmp/x.py:3)", "main", "do_syscall_64_[k]", "", "libc.so.6",
        "/usr/lib/x86_64-linux-gnu/libc.so.6", "a\033[2Jb", "foo(", "operator new@plt",
    };
    for (size_t i = 0; i < FT_ARRAY_LEN(same); i++) {
        size_t t = 99;
        assert_string_equal(shorten(same[i], true, &t), same[i]);
        assert_int_equal(t, 0);
    }
}

static void cache_per_id(void **state)
{
    (void)state;
    struct strtab *st = strtab_new();
    uint32_t a = strtab_intern(st, "std::vector<int>::size", 22);
    uint32_t b = strtab_intern(st, "main", 4);
    struct names *n = names_new(true);
    size_t len, tail;
    const char *s = names_get(n, st, a, &len, &tail);
    assert_int_equal(len, strlen("std::vector<...>::size"));
    assert_memory_equal(s, "std::vector<...>::size", len);
    assert_int_equal(tail, strlen("std::vector<...>::"));
    const char *s2 = names_get(n, st, a, &len, NULL);
    assert_ptr_equal(s, s2);   /* made once */
    s = names_get(n, st, b, &len, &tail);
    assert_int_equal(len, 4);
    assert_int_equal(tail, 0);
    struct strtab *st2 = strtab_new();   /* another table: the cache starts again */
    uint32_t c = strtab_intern(st2, "x::y<z>::w", 10);
    assert_int_equal(c, 0);
    s = names_get(n, st2, c, &len, NULL);
    assert_memory_equal(s, "x::y<...>::w", len);
    names_free(n);
    names_free(NULL);
    strtab_free(st);
    strtab_free(st2);
}

/* Labels: short names, cut from the left so that the method stays; full names
 * (layout_in.names NULL) as before. */
static void layout_labels(void **state)
{
    (void)state;
    struct trie *t = trie_new(NULL);
    const char *n = "std::__detail::_Executor<__gnu_cxx::__normal_iterator<char const*>, "
                    "true>::_M_dfs";
    uint32_t id = strtab_intern(trie_names(t), n, strlen(n));
    trie_insert(t, &id, 1, count_u64(1));
    struct names *nm = names_new(true);
    struct layout_in in = {0};
    struct rect_list rl = {0};
    in.t = t;
    in.zoom = TRIE_ROOT;
    in.selected = TRIE_NONE;
    in.vp.cols = 20;
    in.vp.rows = 2;
    in.vp.orient = ORIENT_ICICLE;
    in.label_mode = LABEL_ASCII;
    in.names = nm;
    layout_compute(&in, &rl);
    assert_int_equal(rl.n, 2);
    assert_string_equal(layout_label(&rl, &rl.v[1]), "..tor<...>::_M_dfs");
    in.names = NULL;
    layout_compute(&in, &rl);
    assert_string_equal(layout_label(&rl, &rl.v[1]), "std::__detail::_..");
    in.vp.cols = 60;
    in.names = nm;
    layout_compute(&in, &rl);
    assert_string_equal(layout_label(&rl, &rl.v[1]), "std::__detail::_Executor<...>::_M_dfs");
    rect_list_free(&rl);
    names_free(nm);
    trie_free(t);
}

static const char *wrapped(const char *s, int cols, int hang)
{
    static struct buf b;
    b.len = 0;
    names_wrap(&b, s, strlen(s), cols, hang);
    buf_putc(&b, '\0');
    return b.p;
}

static void wrap_at_breaks(void **state)
{
    (void)state;
    /* after "::", '<', ',', '.', a space; never between the two colons of "::" */
    assert_string_equal(wrapped("std::__detail::_Executor<char>::_M_dfs", 16, 0),
                        "std::__detail::\n_Executor<\nchar>::_M_dfs\n");
    assert_string_equal(wrapped("a:::b", 3, 0), "a::\n:b\n");
    assert_string_equal(wrapped("java.util.Formatter.format", 12, 0),
                        "java.util.\nFormatter.\nformat\n");
    assert_string_equal(wrapped("f(a, b)", 5, 0), "f(a, \nb)\n");
    /* no break: cut at the width; a hanging indent after the first line */
    assert_string_equal(wrapped("abcdefgh", 3, 0), "abc\ndef\ngh\n");
    assert_string_equal(wrapped("key  some text here", 12, 5), "key  some \n     text \n     here\n");
    assert_string_equal(wrapped("", 5, 0), "\n");
    assert_string_equal(wrapped("ab", 0, 0), "a\nb\n");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(golden_cpp),      cmocka_unit_test(golden_java),
        cmocka_unit_test(golden_rust),     cmocka_unit_test(golden_go),
        cmocka_unit_test(cpp_rules),       cmocka_unit_test(rust_rules),
        cmocka_unit_test(java_go_rules),   cmocka_unit_test(others_unchanged),
        cmocka_unit_test(wrap_at_breaks),
        cmocka_unit_test(cache_per_id),    cmocka_unit_test(layout_labels),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
