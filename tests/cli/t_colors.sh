#!/bin/sh
# SPDX-License-Identifier: MIT
# flametui - cli: frame kinds. --colors=kind turns on perf's kernel/JIT annotations
# (_[k], _[j]); labels (--text) leave the suffixes out, --collapse keeps them.
. "$top_srcdir/tests/cli/lib.sh"
in="$top_srcdir/tests/data/perf-kernel.perf"

run "$FLAMETUI" --collapse "$in"
expect_eq "plain: no annotations" 0 "$(printf '%s\n' "$out" | grep -c '_\[k\]')"
run "$FLAMETUI" --colors=kind --collapse "$in"
expect_eq "kind: exit" 0 "$rc"
n=$(printf '%s\n' "$out" | grep -c '_\[k\]')
[ "$n" -gt 0 ] && ok || fail "--colors=kind: no _[k] frames in --collapse"
expect_eq "kind: the same as --kernel --jit" "$(cat "$tmp/out")" \
    "$("$FLAMETUI" --kernel --jit --collapse "$in")"

run "$FLAMETUI" --kernel --text --cols 400 "$in"
expect_eq "text: exit" 0 "$rc"
expect_eq "text: labels without _[k]" 0 "$(printf '%s\n' "$out" | grep -c '_\[k\]')"
printf '%s\n' "$out" | grep -q '\[do_syscall_64 *\]' && ok || fail "text: do_syscall_64 not drawn: $out"

# folded input keeps its names; the suffix goes from the label only
printf 'main;read_[k] 3\nmain;foo_[i] 2\nmain;bar_[j] 1\nmain;x_[w] 1\n' > "$tmp/k.folded"
run "$FLAMETUI" --text --cols 100 "$tmp/k.folded"
case $out in *'[bar '*'[foo '*'[read '*'[x_[w]'*) ok ;; *) fail "text labels: $out" ;; esac
run "$FLAMETUI" --collapse "$tmp/k.folded"
expect_eq "collapse keeps the suffixes" "main;bar_[j] 1
main;foo_[i] 2
main;read_[k] 3
main;x_[w] 1" "$out"

# --svg --colors=kind: each kind its colour (kernel orange, JIT green, inlined aqua,
# user red), no black frame; the viewer's rules (theme_resolve)
run "$FLAMETUI" --svg --colors=kind "$tmp/k.folded"
expect_eq "svg kind: exit" 0 "$rc"
expect_eq "svg kind: no black frame" 0 "$(printf '%s\n' "$out" | grep -c 'fill="rgb(0,0,0)"')"
fill_of() { # NAME: the fill of the frame titled NAME (the title leaves the suffix out)
    printf '%s\n' "$out" | tr -d '\n' | sed 's/<g/\n<g/g' | grep -F "<title>$1 " |
        grep -o 'fill="rgb([0-9,]*)"' | head -n1
}
hue_ok() { # WHAT FILL AWK-CONDITION-ON-r,g,b
    echo "$2" | tr -c '0-9\n' ' ' | awk -v what="$1" "{ r = \$1; g = \$2; b = \$3; exit !($3) }" &&
        ok "$1" || fail "$1: $2"
}
hue_ok "svg kind: kernel read_[k] orange" "$(fill_of read)" 'r >= 190 && b == 0 && g < r'
hue_ok "svg kind: JIT bar_[j] green" "$(fill_of bar)" 'g >= 200 && r < g && b < g'
hue_ok "svg kind: inlined foo_[i] aqua" "$(fill_of foo)" 'g >= 165 && b >= 165 && r <= 110'
hue_ok "svg kind: user main red" "$(fill_of main)" 'r >= 200 && g < 140 && g == b'

run "$FLAMETUI" --colors=nope --text "$tmp/k.folded"
expect_eq "unknown palette: usage error" 2 "$rc"
finish
