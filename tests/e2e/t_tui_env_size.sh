#!/bin/sh
# SPDX-License-Identifier: MIT
# flametui - e2e, the terminal's own size wins: LINES and COLUMNS exported by a shell
# (stale, tiny or huge) never size the viewer; --text may use COLUMNS, clamped.
. "$top_srcdir/tests/e2e/lib.sh"
in="$data/tui-basic.folded"
start_size 80 24 "LINES=5 COLUMNS=20 $FLAMETUI $in"
wait_for 'samples'
[ "$(screen | sed -n 24p | grep -c 'all')" = 1 ] || [ "$(screen | grep -c .)" -gt 6 ] &&
    ok "24 rows used" || fail "LINES=5 sized the viewer"
[ "$(screen | head -1 | wc -c)" -gt 40 ] && ok "80 columns used" || fail "COLUMNS=20 sized the viewer"
quit_ok
fresh
start_size 80 24 "LINES=30000 COLUMNS=30000 $FLAMETUI $in"
wait_for 'samples'
screen | head -1 | grep -q 'help' && ok "the title fits 80 columns" || fail "COLUMNS=30000 sized the viewer"
quit_ok
# --text: COLUMNS when stdout is not a terminal, clamped
out=$(COLUMNS=30000000 "$FLAMETUI" --text "$in" | head -1 | wc -c)
[ "$out" -gt 1 ] && [ "$out" -le 100001 ] && ok "--text COLUMNS clamped ($out)" || fail "--text COLUMNS: $out"
