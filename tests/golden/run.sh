#!/bin/sh
# SPDX-License-Identifier: MIT
# flametui - golden tests for `flametui --text`: for every tests/golden/cases/NAME.folded,
# runs `$FLAMETUI --text $(cat NAME.args) NAME.folded` (with the assignments in NAME.env,
# if present, in the environment) and compares the output with NAME.txt.
#   run.sh            compare (the test run by make check)
#   run.sh --update   rewrite every NAME.txt from the current binary: do this only on
#                     purpose, and review the diff before committing it.
# Most NAME.txt files were written by the binary itself (--update): they catch changes,
# not bugs that were there when they were written. The cases named hand-* were written
# and checked by hand, one frame at a time, and --update never rewrites them. They draw
# every style of the layout: a frame 1 column wide ('|'), 2 ('[]'), 3 with no room for
# its name ('[ ]'), a truncated name ('[ab..]'), a padded name ('[abc   ]'), a search
# match ('*'), flame and icicle (hand-styles: widths 1, 2, 3, 6, 8 of 20 columns), and
# a double-width character (hand-utf8-wide: U+FF01 takes 2 of the 4 label columns).
dir=${top_srcdir:-$(dirname "$0")/../..}/tests/golden/cases
if [ -z "$FLAMETUI" ] || [ ! -x "$FLAMETUI" ]; then
    echo "SKIP: FLAMETUI is not set to a built flametui binary"
    exit 77
fi
update=no
[ "$1" = "--update" ] && update=yes
tmp=$(mktemp -d) || exit 99
trap 'rm -rf "$tmp"' EXIT
: "${LC_ALL:=C.UTF-8}"
export LC_ALL
fail=0 n=0
for in in "$dir"/*.folded; do
    name=$(basename "$in" .folded)
    args=$(cat "$dir/$name.args" 2>/dev/null)
    envs=$(cat "$dir/$name.env" 2>/dev/null)
    # shellcheck disable=SC2086 # args and envs are word lists on purpose
    env $envs "$FLAMETUI" --text $args "$in" >"$tmp/$name.out" 2>"$tmp/$name.err"
    rc=$?
    n=$((n + 1))
    if [ $rc -ne 0 ]; then
        echo "FAIL: $name: exit status $rc"; cat "$tmp/$name.err"
        fail=$((fail + 1))
        continue
    fi
    if [ $update = yes ]; then
        case $name in hand-*) echo "kept $name.txt (written by hand)"; continue ;; esac
        cp "$tmp/$name.out" "$dir/$name.txt"
        echo "updated $name.txt"
    elif ! diff -u "$dir/$name.txt" "$tmp/$name.out"; then
        echo "FAIL: $name: output differs from $name.txt (flametui --text $args)"
        fail=$((fail + 1))
    fi
done
echo "$((n - fail)) passed, $fail failed"
[ $fail -eq 0 ]
