#!/bin/sh
# flametui - e2e: data on standard input, keys from the terminal (/dev/tty).
. "$top_srcdir/tests/e2e/lib.sh"
start "cat '$data/tui-basic.folded' | $FLAMETUI -"
wait_for 'flametui: stdin  100 samples'
wait_for 'EOF'
keys k
wait_for '^main  75 samples'
keys Enter
wait_for 'zoom main'
quit_ok
