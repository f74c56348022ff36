#!/bin/sh
# SPDX-License-Identifier: MIT
# flametui - e2e: the x (SVG) and S (folded) prompts never replace a FIFO (which would
# block the viewer: no reader), a device or an input, write a symbolic link's target,
# and say why in the status line; the viewer keeps running.
. "$top_srcdir/tests/e2e/lib.sh"
cp "$data/tui-basic.folded" "$tmp/in.folded" || exit 99
mkfifo "$tmp/fifo" || exit 99
echo old > "$tmp/target"
ln -s target "$tmp/link"
start_size 140 24 "$FLAMETUI $tmp/in.folded"
wait_for '^all  100 samples'
keys x C-u "$tmp/fifo" Enter
wait_for "cannot write $tmp/fifo: it is a FIFO, not replaced"
keys S "$tmp/in.folded" Enter
wait_for "cannot write $tmp/in.folded: it is an input, not replaced"
keys S "$tmp/fifo" Enter
wait_for "cannot write $tmp/fifo: it is a FIFO, not replaced"
[ -p "$tmp/fifo" ] && ok || fail "the FIFO was replaced"
keys x C-u "$tmp/in.folded" Enter
wait_for "cannot write $tmp/in.folded: it is an input, not replaced"
cmp -s "$tmp/in.folded" "$data/tui-basic.folded" && ok || fail "the input was changed"
keys x C-u /dev/null Enter
wait_for "cannot write /dev/null: it is a character device, not replaced"
keys S "$tmp/link" Enter
wait_for "saved all samples to $tmp/link"
[ -L "$tmp/link" ] && ok || fail "S replaced the symbolic link"
grep -q '^main;' "$tmp/target" && ok || fail "S did not write the link's target"
keys x C-u "$tmp/link" Enter
wait_for "wrote $tmp/target"
[ -L "$tmp/link" ] && ok || fail "x replaced the symbolic link"
grep -q '</svg>' "$tmp/target" && ok || fail "x did not write the link's target"
quit_ok
