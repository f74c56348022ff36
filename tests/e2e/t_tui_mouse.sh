#!/bin/sh
# flametui - e2e: mouse. tmux passes raw X10 mouse reports (ESC [ M b x y, each byte 32 +
# value, x and y 1-based) typed into the pane on to the program: click selects,
# double-click zooms, the wheel scrolls.
. "$top_srcdir/tests/e2e/lib.sh"
start "$FLAMETUI" "$data/tui-basic.folded"
wait_for '^all  100 samples'
mouse 0 69 21                              # click on "other" (row 22 of the screen)
wait_for '^other  25 samples'
mouse 0 9 21                               # double-click on "main": zoom
mouse 0 9 21
wait_for 'zoom main'
wait_gone 'delta'
quit_ok

fresh
printf 'a;b;c;d;e;f;g;h 1\n' > "$tmp/deep.folded"
start_size 80 6 "$FLAMETUI" "$tmp/deep.folded"
wait_for '^ all'
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
