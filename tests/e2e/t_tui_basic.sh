#!/bin/sh
# SPDX-License-Identifier: MIT
# flametui - e2e: start-up, moves, zoom in/out/reset, flame/icicle, order, help, q.
. "$top_srcdir/tests/e2e/lib.sh"
start "$FLAMETUI" "$data/tui-basic.folded"
wait_for 'tui-basic.folded  100 samples  flame'
wait_for '^all  100 samples \(100\.00%\) self 0'
expect_line 23 '^ all' "flame: the root is not on the bottom graph row"
expect_line 22 'main .*other' "flame: main and other not above the root"
screen | grep -q 'alpha_leaf' && ok || fail "leaf frames missing"

keys k                                     # flame: up = the widest child
wait_for '^main  75 samples \(75\.00%\) self 0'
keys l                                     # right neighbour
wait_for '^other  25 samples'
keys h
wait_for '^main  75 samples'
keys Enter                                 # zoom into main
wait_for 'zoom main'
wait_gone 'delta'
keys k
wait_for '^alpha  40 samples \(40\.00%, 53\.33% of zoom\)'
keys Enter
wait_for 'zoom alpha'
wait_gone 'beta'
keys u                                     # zoom out one level
wait_for 'zoom main'
screen | grep -q beta && ok || fail "beta not back after zoom out"
keys z                                     # reset
wait_gone 'zoom'
wait_for 'delta'
keys BSpace
screen | grep -q 'zoom' && fail "Backspace at the root zoomed"
keys j                                     # flame: down = the parent
wait_for '^main  75 samples'

keys i                                     # icicle: the root on top
wait_for '100 samples  icicle'
expect_line 2 '^ all' "icicle: the root is not on the first graph row"
keys j                                     # icicle: down = the widest child
wait_for '^alpha  40 samples'
keys i
wait_for '100 samples  flame'

keys o                                     # heaviest first: other (25) after main (75)
wait_for 'flame heaviest'
keys o
wait_gone 'heaviest'
keys '?'
wait_for 'Zoom into the selected frame'
wait_for 'Backspace u'
wait_for 'more: j/PgDn'                    # 80x24 is too small for the whole help
keys End
wait_for 'Click selects, double-click zooms'
wait_for 'more: k/PgUp'
keys '?'
wait_gone 'Zoom into the selected frame'
quit_ok

# o with data whose name order and weight order differ at every level: the rows change
fresh
printf 'main;aa;x 1\nmain;zz;y 3\nbb 2\n' > "$tmp/order.folded"
start "$FLAMETUI" "$tmp/order.folded"
wait_for '^all  6 samples'
expect_line 22 '^ bb +main$' "by name: bb before main"
expect_line 21 '^ {20,}aa +zz$' "by name: aa before zz"
keys o
wait_for 'heaviest'
wait_for '^ main +bb$'                   # heaviest first: main (4) before bb (2)
expect_line 22 '^ main +bb$' "heaviest first: main before bb"
expect_line 21 '^ zz +aa$' "heaviest first: zz (3) before aa (1)"
expect_line 20 '^ y +x$' "heaviest first: the leaves follow"
keys o
wait_for '^ bb +main$'
expect_line 21 '^ {20,}aa +zz$' "by name again"
quit_ok
