#!/bin/sh
# SPDX-License-Identifier: MIT
# The layers of src/ (STYLE.md section 1): includes point down only,
#   tui -> ui -> {query, render, input} -> core
# and query, render and input do not include each other. Also: curses only in src/tui/,
# <pcre2.h> only in src/query/regex.c, ui/options.h only in main.c (and options.c),
# tui/tui_private.h only in src/tui/. No source file outside the six folders but main.c and
# batch.[ch] (the program: they may include anything, and nothing includes them back).
# And no circle of includes between files, inside a folder too: a file never includes a
# header whose .c file includes that file's header back, directly or through others. The
# graph: a .c file -> every header it reaches by includes -> the .c files that define what
# that header declares (its implementers), a cycle of which is a circle. The parts of one
# module share its header without a circle: a file is a part of header H's module when its
# stem is H's (less an _impl or _private suffix) or starts with it and "_" (trie.h: trie.c,
# trie_kids.c, trie_fold.c; app_impl.h: app.c).
# Usage: check-layering.sh [SRCDIR]; first it checks itself on small trees it builds: a
# clean one must pass; an upward include, a sideways one, a stray file and a circle inside
# a folder must each be caught. Prints TAP (tests/lib.sh).
top=${top_srcdir:-$(dirname "$0")/..}
. "$top/tests/lib.sh"

# Circles known today, tolerated until the restructuring that removes them is merged: a
# circle passes only when ALL its files are listed here. Empty this list after the merge.
known_circles="
"

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

# layers SRCDIR: prints one line per violation; returns 1 when there was one.
layers() {
    src=$1
    bad=0
    for f in $(find "$src" -name '*.[ch]' | sort); do
        rel=${f#"$src"/}
        case $rel in
        *.pb-c.[ch]) continue ;;   # protoc-c's output (input/profile.pb-c.c) is not ours
        main.c | batch.c | batch.h) layer=main ;;   # the program: options, viewer, batch
        */*/*) echo "  $rel: nested folder"; bad=1; continue ;;
        core/* | input/* | query/* | render/* | ui/* | tui/*) layer=${rel%%/*} ;;
        *) echo "  $rel: outside the layer folders"; bad=1; continue ;;
        esac
        down=$(allowed "$layer")
        # project includes: "folder/name.h"
        for inc in $(sed -n 's/^[[:space:]]*#[[:space:]]*include[[:space:]]*"\([^"]*\)".*/\1/p' "$f"); do
            case $inc in
            config.h) continue ;;
            */*) to=${inc%%/*} ;;
            *) if [ "$inc" = batch.h ]; then to=main
               else echo "  $rel includes \"$inc\": say the folder (\"core/$inc\")"; bad=1
               continue; fi ;;
            esac
            case " $down " in
            *" $to "*) ;;
            *) echo "  $rel ($layer) includes \"$inc\" ($to): includes point down only"
               bad=1 ;;
            esac
            case $inc in
            ui/options.h)
                case $rel in main.c | ui/options.c) ;;
                *) echo "  $rel includes ui/options.h (only main.c may)"; bad=1 ;; esac ;;
            tui/tui_private.h)
                case $layer in tui) ;;
                *) echo "  $rel includes tui/tui_private.h (only src/tui/ may)"; bad=1 ;;
                esac ;;
            esac
        done
        case $layer in
        tui) ;;
        *) if grep -nE '#[[:space:]]*include *<(n?curses|ncursesw/|term\.h)' "$f" >/dev/null; then
               echo "  $rel includes curses (only src/tui/ may)"; bad=1; fi ;;
        esac
        case $rel in
        query/regex.c) ;;
        *) if grep -n '#[[:space:]]*include *<pcre2.h>' "$f" >/dev/null; then
               echo "  $rel includes pcre2.h (only src/query/regex.c may)"; bad=1; fi ;;
        esac
    done
    return $bad
}

# circles SRCDIR: prints "circle FILE..." for each circle, then its edges
# "edge FROM HEADER TO"; names are relative to SRCDIR.
circles() {
    # shellcheck disable=SC2016 # awk's own $0
    find "$1" -name '*.[ch]' ! -name '*.pb-c.[ch]' | sort |
        xargs awk -v src="$1" '
    # the path of FILENAME relative to src
    function rel(f) { return substr(f, length(src) + 2) }
    function add(set, key, v) { if (index(" " set[key] " ", " " v " ") == 0) set[key] = set[key] " " v }
    # the first identifier followed by "(" that is not a macro (all capitals) nor an attribute
    function callee(line,   m, id) {
        while (match(line, /[A-Za-z_][A-Za-z0-9_]*[ \t]*\(/)) {
            id = substr(line, RSTART, RLENGTH); sub(/[ \t]*\($/, "", id)
            line = substr(line, RSTART + RLENGTH)
            if (id !~ /^[A-Z0-9_]+$/ && id !~ /^__/ && id != "sizeof") return id
        }
        return ""
    }
    # the identifier before "=", "[" or ";" in a data declaration or definition
    function dataname(line,   m) {
        sub(/[ \t]*(\[[^]]*\][ \t]*)*(=.*|;.*|\{.*)?$/, "", line)
        if (match(line, /[A-Za-z_][A-Za-z0-9_]*$/)) return substr(line, RSTART, RLENGTH)
        return ""
    }
    FNR == 1 { f = rel(FILENAME); files[f] = 1 }
    /^[ \t]*#[ \t]*include[ \t]*"/ {
        i = $0; sub(/^[^"]*"/, "", i); sub(/".*/, "", i)
        add(inc, f, i); next
    }
    /^[A-Za-z_]/ && !/^(static|typedef|#|})/ {
        line = $0; sub(/\/\*.*/, "", line); sub(/\/\/.*/, "", line)
        if (f ~ /\.h$/) {
            if (line ~ /\{[ \t]*$/) next                   # struct, enum, union: a type
            n = (line ~ /^extern/ && line !~ /\(/) ? dataname(line) : callee(line)
            if (n != "") add(decl, f, n)
        } else if (f ~ /\.c$/ && line !~ /^extern/ && line !~ /;[ \t]*$/) {
            if (line ~ /\(/ && line !~ /=/) n = callee(line)
            else if (line ~ /=/) n = dataname(substr(line, 1, index(line, "=") - 1))
            else n = ""
            if (n != "") defs[n] = defs[n] " " f
        }
    }
    # part(file, header): the file is a part of the module of the header: its stem (less an
    # _impl or _private suffix) is the stem of the file or its prefix followed by "_"
    # (trie.h: trie.c, trie_kids.c, trie_fold.c; app_impl.h: app.c)
    function part(file, h,   m, s) {
        m = h; sub(/\.h$/, "", m); sub(/_(impl|private)$/, "", m)
        s = file; sub(/\.c$/, "", s)
        return s == m || index(s, m "_") == 1
    }
    function reach_from(start, node,   list, k, i, x) {
        if ((start SUBSEP node) in R) return
        R[start, node] = 1
        k = split(adj[node], list, " ")
        for (i = 1; i <= k; i++) reach_from(start, list[i])
    }
    END {
        # impl[h]: the .c files that define a name h declares, and the .c of its stem
        for (h in decl) {
            k = split(decl[h], names, " ")
            for (i = 1; i <= k; i++) {
                m = split(defs[names[i]], where, " ")
                for (j = 1; j <= m; j++) add(impl, h, where[j])
            }
        }
        for (x in files) if (x ~ /\.h$/) { c = x; sub(/\.h$/, ".c", c); if (c in files) add(impl, x, c) }
        # edges: a .c file -> each header it reaches by includes -> its implementers
        for (c in files) {
            if (c !~ /\.c$/) continue
            split("", seen); todo = inc[c]; via_n = 0
            while (todo != "") {
                k = split(todo, list, " "); todo = ""
                for (i = 1; i <= k; i++) {
                    h = list[i]
                    if (h in seen || !(h in files)) continue
                    seen[h] = 1; todo = todo " " inc[h]
                    m = split(impl[h], where, " ")
                    for (j = 1; j <= m; j++) if (where[j] != c && !((c SUBSEP where[j]) in via) &&
                            !(part(c, h) && part(where[j], h))) {
                        via[c, where[j]] = h; adj[c] = adj[c] " " where[j]
                    }
                }
            }
        }
        for (c in files) if (c ~ /\.c$/) reach_from(c, c)
        nc = 0
        for (c in files) {
            if (c !~ /\.c$/ || c in done) continue
            members = ""
            for (d in files) if (d != c && ((c SUBSEP d) in R) && ((d SUBSEP c) in R)) members = members " " d
            if (members == "") continue
            members = c members
            k = split(members, list, " ")
            for (i = 1; i <= k; i++) done[list[i]] = 1
            # sorted, one line: "circle a.c b.c ...", then its edges "edge a.c h b.c"
            out = ""
            for (i = 1; i <= k; i++) for (j = i + 1; j <= k; j++) if (list[j] < list[i]) { t = list[i]; list[i] = list[j]; list[j] = t }
            for (i = 1; i <= k; i++) out = out " " list[i]
            print "circle" out
            for (i = 1; i <= k; i++) for (j = 1; j <= k; j++)
                if ((list[i] SUBSEP list[j]) in via) print "edge " list[i] " " via[list[i], list[j]] " " list[j]
        }
    }
    '
}
# no_circles SRCDIR: prints each circle not in $known_circles; returns 1 when there was one
# (the known ones are printed as TAP comments)
no_circles() {
    circles "$1" > "$tmp/circles" || return 1
    nc_st=0; nc_bad=false
    while read -r what a b c; do
        if [ "$what" = circle ]; then
            nc_bad=false
            for x in $a $b $c; do
                case " $(echo $known_circles) " in *" $x "*) ;; *) nc_bad=true ;; esac
            done
            if $nc_bad; then nc_st=1; echo "  circle of includes: $a $b $c"
            else diag "known circle (allow-listed): $a $b $c"; fi
        elif $nc_bad; then
            echo "    $a includes $b (reached), which $c implements"
        fi
    done < "$tmp/circles"
    return $nc_st
}

# Self-test: a clean tree passes; an upward include, a sideways one and a stray file fail
# the layers; a circle inside a folder (a.c includes b.h, b.c includes a.h) fails, and so
# does one through a shared private header of another module's name.
tmp=$(mktemp -d) || exit 99
tap_cleanup='rm -rf "$tmp"'
t=$tmp/self
mkdir -p "$t/ok/core" "$t/ok/ui" "$t/up/core" "$t/side/query" "$t/stray" "$t/circle/ui" \
    "$t/impl/ui"
printf '#include "config.h"\n#include "core/util.h"\n#include "core/a.h"\nint a_one(void) { return 1; }\n' >"$t/ok/core/a.c"
printf 'int a_one(void);\n' >"$t/ok/core/a.h"
printf '#include "core/a.h"\n#include "core/a_impl.h"\nint a_two(void)\n{\n    return a_one();\n}\n' >"$t/ok/core/a_part.c"
printf 'int a_two(void);\n' >"$t/ok/core/a_impl.h"
printf '#include "query/view.h"\n#include "core/a.h"\n' >"$t/ok/ui/b.c"
printf '#include "ui/app.h"\n' >"$t/up/core/a.c"
printf '#include "render/layout.h"\n' >"$t/side/query/a.c"
printf 'int x;\n' >"$t/stray/a.c"
printf '#include "ui/a.h"\n#include "ui/b.h"\nint a_f(void) { return b_f(); }\n' >"$t/circle/ui/a.c"
printf 'int a_f(void);\n' >"$t/circle/ui/a.h"
printf '#include "ui/b.h"\n#include "ui/c.h"\nint b_f(void) { return c_f(); }\n' >"$t/circle/ui/b.c"
printf '#include "ui/a.h"\nint b_f(void);\n' >"$t/circle/ui/b.h"
printf '#include "ui/c.h"\n#include "ui/a.h"\nint c_f(void) { return a_f(); }\n' >"$t/circle/ui/c.c"
printf 'extern const int c_table[];\nint c_f(void);\n' >"$t/circle/ui/c.h"
printf '#include "ui/app.h"\n#include "ui/app_impl.h"\nvoid app_run(void) { nav_go(); }\n' >"$t/impl/ui/app.c"
printf 'void app_run(void);\n' >"$t/impl/ui/app.h"
printf '#include "ui/app.h"\nvoid nav_go(void);\nvoid app_message(void);\n' >"$t/impl/ui/app_impl.h"
printf '#include "ui/app_impl.h"\nvoid nav_go(void)\n{\n    app_message();\n}\n' >"$t/impl/ui/nav.c"
printf '#include "ui/app_impl.h"\nvoid app_message(void) { }\n' >"$t/impl/ui/msg.c"
if layers "$t/ok" >"$tmp/log" && no_circles "$t/ok" >>"$tmp/log"; then ok "self-test: a clean tree passes"
else cat "$tmp/log" >&2; fail "self-test: a clean tree fails"; fi
for tree in up side stray; do
    if layers "$t/$tree" >"$tmp/log"; then fail "self-test: the '$tree' tree passes"
    else ok "self-test: the '$tree' tree is caught"; fi
done
for tree in circle impl; do
    if no_circles "$t/$tree" >"$tmp/log"; then fail "self-test: the '$tree' tree passes"
    elif grep -q "circle of includes: ui/a.c ui/b.c ui/c.c$\|circle of includes: ui/app.c ui/msg.c ui/nav.c$" "$tmp/log"; then
        ok "self-test: the '$tree' tree's circle is caught"
    else cat "$tmp/log" >&2; fail "self-test: the '$tree' tree: not the circle expected"; fi
done
known_circles="$known_circles ui/a.c ui/b.c"
if no_circles "$t/circle" >"$tmp/log"; then fail "self-test: a circle half allow-listed passes"
else ok "self-test: a circle half allow-listed is caught"; fi
known_circles="$known_circles ui/c.c"
if no_circles "$t/circle" >"$tmp/log"; then ok "self-test: an allow-listed circle passes"
else fail "self-test: an allow-listed circle fails"; fi
tap_status || exit 1

src="${1:-$top/src}"
n=$(find "$src" -name '*.c' | wc -l)
[ "$n" -gt 5 ] || { fail "no sources found under $src"; exit 1; }
if layers "$src" >"$tmp/log"; then ok "$src: includes point down ($n source files)"
else sed 's/^/# /' "$tmp/log"; fail "$src: an include points up or sideways"; fi
if no_circles "$src" >"$tmp/log"; then cat "$tmp/log"; ok "$src: no circle of includes"
else sed 's/^  /# /' "$tmp/log"; fail "$src: a circle of includes"; fi
finish
