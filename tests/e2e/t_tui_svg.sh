#!/bin/sh
# SPDX-License-Identifier: MIT
# flametui - e2e: the x key writes the view as shown (zoomed, with --colors) as an SVG
# to the file named in the prompt and says where; errors and Esc write nothing.
. "$top_srcdir/tests/e2e/lib.sh"
mkdir "$tmp/home" "$tmp/cwd" || exit 99
start "cd $tmp/cwd && HOME=$tmp/home $FLAMETUI --colors=java $data/tui-basic.folded"
wait_for '^all  100 samples'
keys k                                     # flame: Up selects the heaviest child, main
wait_for '^main  75 samples'
keys Enter
wait_for 'zoom main'
keys x
wait_for '^SVG file: flametui\.svg'
keys Enter
wait_for "wrote $tmp/cwd/flametui\\.svg \\([0-9]+ bytes\\)"
f="$tmp/cwd/flametui.svg"
[ -s "$f" ] && ok || fail "no $f"
grep -q '<title>main (75 samples, 75.00%)</title><rect x="10.0" y="[0-9]*" width="1180.0" height="15.0" fill="rgb(242,112,112)"' "$f" &&
    ok || fail "the zoomed frame is not full width in the java palette"
grep -q '<g class="anc">' "$f" && ok || fail "the root is not an ancestor bar"
grep -q '<title>delta ' "$f" && fail "frames outside the zoom were written" || ok
if command -v xmllint > /dev/null 2>&1; then
    xmllint --noout "$f" && ok || fail "not well-formed XML"
else
    skip "xmllint not installed (libxml2-utils): XML not checked"
fi
keys x C-u '~/home.svg' Enter              # ~/ is $HOME
wait_for "wrote $tmp/home/home\\.svg"
[ -s "$tmp/home/home.svg" ] && ok || fail "~/home.svg not written"
keys x C-u "$tmp/no/such/dir.svg" Enter
wait_for "cannot write $tmp/no/such/dir\\.svg: No such file or directory"
keys x C-u "$tmp/cwd/esc.svg" Escape
wait_gone '^SVG file:'
[ -e "$tmp/cwd/esc.svg" ] && fail "Esc wrote the file" || ok
quit_ok
