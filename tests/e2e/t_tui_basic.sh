#!/bin/sh
# flametui - e2e: start-up, moves, zoom in/out/reset, flame/icicle, order, help, q.
. "$top_srcdir/tests/e2e/lib.sh"
start "$FLAMETUI" "$data/tui-basic.folded"
wait_for 'tui-basic.folded  100 samples  flame'
wait_for '^all  100 samples \(100\.00%\) self 0'
line 23 | grep -q '^ all' || fail "flame: the root is not on the bottom graph row"
line 22 | grep -q 'main .*other' || fail "flame: main and other not above the root"
screen | grep -q 'alpha_leaf' || fail "leaf frames missing"

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
screen | grep -q beta || fail "beta not back after zoom out"
keys z                                     # reset
wait_gone 'zoom'
wait_for 'delta'
keys BSpace
screen | grep -q 'zoom' && fail "Backspace at the root zoomed"
keys j                                     # flame: down = the parent
wait_for '^main  75 samples'

keys i                                     # icicle: the root on top
wait_for '100 samples  icicle'
line 2 | grep -q '^ all' || fail "icicle: the root is not on the first graph row"
keys j                                     # icicle: down = the widest child
wait_for '^alpha  40 samples'
keys i
wait_for '100 samples  flame'

keys o                                     # heaviest first: other (25) after main (75)
wait_for 'flame heaviest'
keys '?'
wait_for 'Zoom into the selected frame'
wait_for 'Backspace u'
wait_for 'more: j/PgDn'                    # 80x24 is too small for the whole help
keys PageDown
wait_for 'Click selects, double-click zooms'
wait_for 'more: k/PgUp'
keys '?'
wait_gone 'Zoom into the selected frame'
quit_ok
