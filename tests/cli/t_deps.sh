#!/bin/sh
# SPDX-License-Identifier: MIT
# flametui - the dependency lists cannot drift: tests/deps.txt is the one list (GROUP
# PACKAGE lines); .ci/run and tests/quickstart.sh install from it; the README's block
# ("build:", "git:", "check:", "ci:", "runtime:" and their continuation lines) names the
# same packages per group, its `apt-get install` line the build, git and check groups;
# no Essential package is listed (lintian's error); and, where ldd and dpkg are there,
# every library the program links directly (readelf's NEEDED) belongs to a runtime package
# and every runtime package is loaded (the sanitizers' own runtime libraries aside).
. "${top_srcdir:-.}/tests/cli/lib.sh"
deps="$top_srcdir/tests/deps.txt"
readme="$top_srcdir/README"
[ -s "$deps" ] || { fail "no tests/deps.txt"; exit 1; }
# group NAME...: the packages of those groups in deps.txt, sorted
group() {
    awk -v g=" $* " '!/^#/ && NF == 2 && index(g, " " $1 " ") { print $2 }' "$deps" | sort
}
bad=$(awk '!/^#/ && NF && (NF != 2 || $1 !~ /^(build|git|check|ci|runtime)$/)' "$deps")
expect_eq "every line of tests/deps.txt is GROUP PACKAGE" "" "$bad"
expect_eq "no package is listed twice" "" "$(awk '!/^#/ && NF == 2 { print $2 }' "$deps" | sort | uniq -d)"
for f in .ci/run tests/quickstart.sh; do
    grep -q 'tests/deps.txt' "$top_srcdir/$f" && ok "$f installs from tests/deps.txt" ||
        fail "$f does not read tests/deps.txt"
done
# the README's block: "    GROUP:    pkg pkg" and deeper-indented continuation lines
awk '/^    [a-z]+: / { g = $1; sub(/:$/, "", g); for (i = 2; i <= NF; i++) print g, $i; next }
     g != "" && /^      +[a-z]/ { for (i = 1; i <= NF; i++) print g, $i; next }
     { g = "" }' "$readme" > "$tmp/readme-groups"
for g in build git check ci runtime; do
    want=$(group $g | tr '\n' ' ')
    got=$(awk -v g=$g '$1 == g { print $2 }' "$tmp/readme-groups" | sort | tr '\n' ' ')
    expect_eq "README's $g: list is tests/deps.txt's" "$want" "$got"
done
# the README's install line: "    apt-get install ..." with its "\" continuation lines
awk '/^    apt-get install / { on = 1 } on { print; if (!/\\$/) on = 0 }' "$readme" |
    tr ' \\' '\n\n' | grep -v -e '^$' -e '^apt-get$' -e '^install$' | sort > "$tmp/install"
expect_eq "README's apt-get install line: the build, git and check groups" \
    "$(group build git check | tr '\n' ' ')" "$(tr '\n' ' ' < "$tmp/install")"
# Essential packages are always there; listing one is an error for lintian
if command -v dpkg-query >/dev/null 2>&1; then
    ess=""
    for p in $(group build git check ci runtime); do
        [ "$(dpkg-query -W -f='${Essential}' "$p" 2>/dev/null)" = yes ] && ess="$ess $p"
    done
    expect_eq "no Essential package is listed (dpkg-query)" "" "$ess"
else
    skip "no dpkg-query: the Essential check"
fi
# the runtime group against what the program loads
if ! command -v ldd >/dev/null 2>&1 || ! command -v dpkg >/dev/null 2>&1; then
    skip "no ldd or dpkg: the runtime libraries not checked"
elif ! ldd "$FLAMETUI" > "$tmp/ldd" 2>&1 || ! grep -q '=>' "$tmp/ldd"; then
    skip "$FLAMETUI is not dynamically linked: the runtime libraries not checked"
else
    # the libraries it links directly (readelf's NEEDED; ldd also lists what they load)
    readelf -d "$FLAMETUI" 2>/dev/null | sed -n 's/.*Shared library: \[\(.*\)\]/\1/p' \
        > "$tmp/needed"
    [ -s "$tmp/needed" ] || awk '/=>/ { print $1 }' "$tmp/ldd" > "$tmp/needed"
    awk 'NR == FNR { need[$1] = 1; next } /=>/ && $3 ~ /^\// && ($1 in need) { print $3 }' \
        "$tmp/needed" "$tmp/ldd" | while read -r lib; do
        p=$(dpkg -S "$lib" 2>/dev/null || dpkg -S "/usr$lib" 2>/dev/null || readlink -f "$lib" |
            xargs dpkg -S 2>/dev/null) || p="?:"
        echo "${p%%:*} $lib"
    done | grep -v -E '^lib(asan|ubsan|tsan|gcc-s|stdc\+\+)[0-9]* ' > "$tmp/loaded"
    while read -r p lib; do
        case " $(group runtime | tr '\n' ' ') " in
        *" $p "*) ok "runtime lists $p ($lib)" ;;
        *) fail "the program loads $lib (package $p): not in tests/deps.txt's runtime group" ;;
        esac
    done < "$tmp/loaded"
    for p in $(group runtime); do
        grep -q "^$p " "$tmp/loaded" && ok "$p is loaded" ||
            fail "tests/deps.txt's runtime group lists $p, which the program does not load"
    done
fi
finish
