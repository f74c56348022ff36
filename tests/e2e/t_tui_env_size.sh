#!/bin/sh
# SPDX-License-Identifier: MIT
# flametui - e2e, the terminal's own size wins: LINES and COLUMNS exported by a shell
# (stale, tiny or huge) never size the viewer; --text may use COLUMNS, clamped.
. "$top_srcdir/tests/e2e/lib.sh"
in="$tmp/long.folded"   # one frame with a name longer than the screen: its label fills it
printf 'main;%s 10\n' "$(printf 'x%.0s' $(seq 1 150))" > "$in"
start_size 100 30 "LINES=5 COLUMNS=20 $FLAMETUI $in"
wait_for 'samples'
screen | sed -n 30p | grep -q 'samples' && ok "30 rows used: the status line is the last" ||
    fail "LINES=5 sized the viewer"
[ "$(screen | awk '{ if (length > n) n = length } END { print n + 0 }')" -gt 90 ] &&
    ok "100 columns used" || fail "COLUMNS=20 sized the viewer"
quit_ok
fresh
start_size 100 30 "LINES=30000 COLUMNS=30000 $FLAMETUI $in"
wait_for 'samples'
screen | head -1 | grep -q 'help' && ok "the title fits 100 columns" || fail "COLUMNS=30000 sized the viewer"
quit_ok
# --text: COLUMNS when stdout is not a terminal, clamped
out=$(COLUMNS=30000000 "$FLAMETUI" --text "$in" | head -1 | wc -c)
[ "$out" -gt 1 ] && [ "$out" -le 100001 ] && ok "--text COLUMNS clamped ($out)" || fail "--text COLUMNS: $out"
