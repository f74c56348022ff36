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

run "$FLAMETUI" --colors=nope --text "$tmp/k.folded"
expect_eq "unknown palette: usage error" 2 "$rc"
finish
