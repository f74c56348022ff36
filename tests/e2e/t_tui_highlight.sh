#!/bin/sh
# SPDX-License-Identifier: MIT
# flametui - e2e: `#` highlights every frame of the selected function and says its share
# (each stack once); `#` again clears it, and Esc clears it before resetting the zoom.
. "$top_srcdir/tests/e2e/lib.sh"
printf 'main;alpha;leaf 30\nmain;beta;leaf 20\nmain;gamma 15\nother;leaf 25\nother;x 10\n' \
    > "$tmp/h.folded"
start "TERM=xterm-256color $FLAMETUI '$tmp/h.folded'"
wait_for 'gamma'                             # the graph is drawn (not still loading)
keys k k k                                   # main -> alpha -> leaf
wait_for '^leaf '
keys '#'
wait_for '^# 3 frames of this function: 75\.0% of all samples'
wait_for 'match 75\.0%'
keys '#'
wait_for '^highlight cleared'
wait_gone 'match 75'
keys '#' j j Enter                           # highlight, then zoom into main
wait_for 'match 76\.9%'                      # the share inside the zoom: 50 of 65
keys Escape
wait_for '^highlight cleared'
wait_for 'zoom main'                         # the zoom stays: Esc cleared the highlight
keys Escape
wait_gone 'zoom main'
quit_ok
