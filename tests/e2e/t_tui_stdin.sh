#!/bin/sh
# SPDX-License-Identifier: MIT
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

# Lines that do not parse are skipped and reported in the status line.
fresh
printf 'main;a 3\nthis is bad\nmain;b 2\n' > "$tmp/bad.folded"
start "$FLAMETUI" "$tmp/bad.folded"
wait_for 'bad.folded: 1 line skipped \(first at line 2'
keys k                                     # the message goes away with the next key
wait_for '^main  5 samples'
quit_ok

# A broken stream (truncated gzip on a pipe): the data read so far stays on screen and
# the status line says so.
fresh
awk 'BEGIN { for (i = 1; i <= 20000; i++) print "main;f" i " 1" }' | gzip -c |
    head -c 20000 > "$tmp/trunc.gz"
start "cat '$tmp/trunc.gz' | $FLAMETUI -"
wait_for '^stdin: truncated gzip data'
wait_for 'INPUT ERROR  EOF [0-9,]+ samples$'
keys k
wait_for '^main  [0-9,]+ samples \(100\.00%\)'
quit_ok
