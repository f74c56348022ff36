#!/bin/sh
# SPDX-License-Identifier: MIT
# flametui - e2e: mouse. tmux passes raw X10 mouse reports (ESC [ M b x y, each byte 32 +
# value, x and y 1-based) typed into the pane on to the program: click selects,
# double-click zooms, the wheel scrolls.
. "$top_srcdir/tests/e2e/lib.sh"
start "$FLAMETUI" "$data/tui-basic.folded"
wait_for '^all  100 samples'
mouse 0 69 21                              # click on "other" (row 22 of the screen)
wait_for '^other  25 samples'
# the edges of frames: main is columns 0-59, other 60-79 of that row (a click one column
# off selects the neighbour)
expect_line 22 '^\[main {55}\]\[other {14}\]$|^ main {55} other' "main/other not at columns 0-59/60-79"
mouse 0 59 21                              # the last cell of main
wait_for '^main  75 samples'
mouse 0 60 21                              # the first cell of other
wait_for '^other  25 samples'
mouse 0 0 21                               # the first cell of main
wait_for '^main  75 samples'
mouse 0 79 21                              # the last cell of other
wait_for '^other  25 samples'
mouse 0 31 20                              # alpha is 0-31 of the row above, beta 32-47
wait_for '^alpha  40 samples'
mouse 0 32 20
wait_for '^beta  20 samples'
mouse 0 31 20
wait_for '^alpha  40 samples'
mouse 0 9 21                               # double-click on "main": zoom
mouse 0 9 21
wait_for 'zoom main'
wait_gone 'delta'
quit_ok

fresh
printf 'a;b;c;d;e;f;g;h 1\n' > "$tmp/deep.folded"
start_size 80 6 "$FLAMETUI" "$tmp/deep.folded"
wait_for '^all  1 sample '                 # loaded: a wheel turn before that has no rows
screen | grep -q '^ h' && fail "h visible before scrolling"
keys -l "$(printf '\033[M`!!')"            # wheel up (button 4): flame scrolls to the leaves
keys -l "$(printf '\033[M`!!')"
wait_for '^ h'
wait_gone '^ all'
keys PageDown                              # flame: down the screen, toward the root
wait_for '^ c'
wait_gone '^ h'
keys g                                     # back to the root
wait_for '^ all'
keys G
wait_for '^ h'
quit_ok
