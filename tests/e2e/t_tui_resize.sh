#!/bin/sh
# SPDX-License-Identifier: MIT
# flametui - e2e: resize to tiny sizes and back: no crash, a "too small" note, redraw.
. "$top_srcdir/tests/e2e/lib.sh"
start "$FLAMETUI" "$data/tui-basic.folded"
wait_for '^all  100 samples'
$T resize-window -t 0 -x 50 -y 12
wait_for '^all  100 samples'
wait_for 'main'
$T resize-window -t 0 -x 20 -y 5
wait_for '^all'
$T resize-window -t 0 -x 12 -y 4
wait_for 'terminal too'
keys k                                     # keys work while too small
$T resize-window -t 0 -x 1 -y 1
sleep 0.3                                  # nothing to poll for at 1x1: give it a moment
$T resize-window -t 0 -x 80 -y 24
wait_for '^main  75 samples'
wait_for 'alpha_leaf'
quit_ok
