#!/bin/sh
# SPDX-License-Identifier: MIT
# The layers of src/ (STYLE.md section 1): includes point down only,
#   tui -> ui -> {query, render, input} -> core
# and query, render and input do not include each other. Also: curses only in src/tui/,
# <pcre2.h> only in src/query/regex.c, ui/options.h only in main.c (and options.c),
# tui/tui_private.h only in src/tui/. No source file outside the six folders but main.c
# and batch.[ch] (the program's own files, above tui).
# Usage: check-layering.sh [SRCDIR]; first it checks itself: it must fail on a tree with
# an upward include and pass on a clean one.

# allowed FROM: the folders a file in FROM may include from
allowed() {
    case $1 in
    core) echo "core" ;;
    input) echo "input core" ;;
    query) echo "query core" ;;
    render) echo "render core" ;;
    ui) echo "ui query render input core" ;;
    tui) echo "tui ui query render input core" ;;
    main) echo "main tui ui query render input core" ;;
    *) echo "" ;;
    esac
}

# check SRCDIR: prints one FAIL line per violation; returns 1 when there was one.
check() {
    src=$1
    fail=0
    for f in $(find "$src" -name '*.[ch]' | sort); do
        rel=${f#"$src"/}
        case $rel in
        *.pb-c.[ch]) continue ;;   # protoc-c's output (input/profile.pb-c.c) is not ours
        main.c | batch.[ch]) layer=main ;;
        */*/*) echo "FAIL: $rel: nested folder"; fail=1; continue ;;
        core/* | input/* | query/* | render/* | ui/* | tui/*) layer=${rel%%/*} ;;
        *) echo "FAIL: $rel: outside the layer folders"; fail=1; continue ;;
        esac
        ok=$(allowed "$layer")
        # project includes: "folder/name.h"
        for inc in $(sed -n 's/^[[:space:]]*#[[:space:]]*include[[:space:]]*"\([^"]*\)".*/\1/p' "$f"); do
            case $inc in
            config.h) continue ;;
            batch.h) to=main ;;
            */*) to=${inc%%/*} ;;
            *) echo "FAIL: $rel includes \"$inc\": say the folder (\"core/$inc\")"; fail=1
               continue ;;
            esac
            case " $ok " in
            *" $to "*) ;;
            *) echo "FAIL: $rel ($layer) includes \"$inc\" ($to): includes point down only"
               fail=1 ;;
            esac
            case $inc in
            ui/options.h)
                case $rel in main.c | ui/options.c) ;;
                *) echo "FAIL: $rel includes ui/options.h (only main.c may)"; fail=1 ;; esac ;;
            tui/tui_private.h)
                case $layer in tui) ;;
                *) echo "FAIL: $rel includes tui/tui_private.h (only src/tui/ may)"; fail=1 ;;
                esac ;;
            esac
        done
        case $layer in
        tui) ;;
        *) if grep -nE '#[[:space:]]*include *<(n?curses|ncursesw/|term\.h)' "$f" >/dev/null; then
               echo "FAIL: $rel includes curses (only src/tui/ may)"; fail=1; fi ;;
        esac
        case $rel in
        query/regex.c) ;;
        *) if grep -n '#[[:space:]]*include *<pcre2.h>' "$f" >/dev/null; then
               echo "FAIL: $rel includes pcre2.h (only src/query/regex.c may)"; fail=1; fi ;;
        esac
    done
    return $fail
}

# Self-test: an upward include, a sideways one and a stray file must each fail.
tmp=$(mktemp -d) || exit 99
trap 'rm -rf "$tmp"' EXIT
mkdir -p "$tmp/ok/core" "$tmp/ok/ui" "$tmp/up/core" "$tmp/side/query" "$tmp/stray"
printf '#include "config.h"\n#include "core/util.h"\n' >"$tmp/ok/core/a.c"
printf '#include "query/view.h"\n#include "core/a.h"\n' >"$tmp/ok/ui/b.c"
printf '#include "ui/app.h"\n' >"$tmp/up/core/a.c"
printf '#include "render/layout.h"\n' >"$tmp/side/query/a.c"
printf 'int x;\n' >"$tmp/stray/a.c"
selftest=0
check "$tmp/ok" >"$tmp/log" || { cat "$tmp/log"; echo "FAIL: self-test: a clean tree fails"; selftest=1; }
for bad in up side stray; do
    if check "$tmp/$bad" >"$tmp/log"; then
        echo "FAIL: self-test: the '$bad' tree passes"; selftest=1
    fi
done
[ $selftest -eq 0 ] || exit 1

src="${1:-${top_srcdir:-.}/src}"
n=$(find "$src" -name '*.c' | wc -l)
[ "$n" -gt 5 ] || { echo "FAIL: no sources found under $src"; exit 1; }
if check "$src"; then
    echo "layering ok ($n source files; self-test: 3 bad trees caught)"
    echo "4 passed, 0 failed"
    exit 0
fi
echo "3 passed, 1 failed"
exit 1
