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
# Prints TAP (tests/lib.sh): one result per case.
top=${top_srcdir:-$(dirname "$0")/../..}
dir=$top/tests/golden/cases
. "$top/tests/lib.sh"
if [ -z "$FLAMETUI" ] || [ ! -x "$FLAMETUI" ]; then
    skip_all "FLAMETUI is not set to a built flametui binary"
fi
update=no
[ "$1" = "--update" ] && update=yes
tmp=$(mktemp -d) || exit 99
tap_cleanup='rm -rf "$tmp"'
: "${LC_ALL:=C.UTF-8}"
export LC_ALL
for in in "$dir"/*.folded; do
    name=$(basename "$in" .folded)
    args=$(cat "$dir/$name.args" 2>/dev/null)
    envs=$(cat "$dir/$name.env" 2>/dev/null)
    # shellcheck disable=SC2086 # args and envs are word lists on purpose
    env $envs "$FLAMETUI" --text $args "$in" >"$tmp/$name.out" 2>"$tmp/$name.err"
    rc=$?
    if [ $rc -ne 0 ]; then
        fail "$name: exit status $rc"; cat "$tmp/$name.err" >&2
        continue
    fi
    if [ $update = yes ]; then
        case $name in hand-*) ok "kept $name.txt (written by hand)"; continue ;; esac
        cp "$tmp/$name.out" "$dir/$name.txt"
        ok "updated $name.txt"
    elif ! diff -u "$dir/$name.txt" "$tmp/$name.out" >&2; then
        fail "$name: output differs from $name.txt (flametui --text $args)"
    else
        ok "$name"
    fi
done
finish
