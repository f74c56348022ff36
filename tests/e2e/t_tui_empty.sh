#!/bin/sh
# SPDX-License-Identifier: MIT
# flametui - e2e, the viewer on an input without samples (empty, garbage, skipped lines):
# the messages are the screen's whole content, one per line and wrapped, never joined
# or cut; q exits 1 (as the non-interactive outputs do) and the messages stay on stderr.
. "$top_srcdir/tests/e2e/lib.sh"
cd "$tmp" || exit 99
: > "$tmp/empty.txt"
printf 'hello world\nthis is not a profile\n' > "$tmp/garbage.txt"

start_size 60 16 "$FLAMETUI empty.txt 2>$tmp/err"
wait_for '^ empty.txt: no samples found \(formats tried: folded'
wait_for 'compressed: gzip, zstd, xz, bzip2\)$'   # wrapped, not cut with ..
screen | grep -q '\.\.$' && fail "a message is cut" || ok
keys t; keys T; keys /; keys Escape; keys v; keys q   # keys on an empty profile: no crash
wait_for 'empty.txt'
fresh
start_size 60 16 "$FLAMETUI garbage.txt 2>$tmp/err"
wait_for '^ garbage.txt: 2 lines skipped \(first at line 1: count is'
wait_for '^ garbage.txt: no samples found'     # its own line: not joined with ;
screen | grep -q ';/' && fail "messages joined with ;" || ok
quit_rc 1
grep -q 'garbage.txt: no samples found' "$tmp/err" && ok || fail "stderr: $(cat "$tmp/err")"
