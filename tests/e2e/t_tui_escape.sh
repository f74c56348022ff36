#!/bin/sh
# SPDX-License-Identifier: MIT
# flametui - e2e: escape sequences and control bytes in names are shown as visible
# escapes and never reach the terminal (the screen is not cleared, the title not set).
. "$top_srcdir/tests/e2e/lib.sh"
start "$FLAMETUI" "$data/tui-escape.folded"
title0=$($T display -p -t 0 '#{pane_title}')
wait_for 'evil\\x1b\[2J'
wait_for 'tui-escape.folded  22 samples'
wait_for 'PWNED\\x07name'                 # ';' splits the OSC into two frames
wait_for 'bell\\x07x'
keys k k                                   # select the evil frame: its name in the status
wait_for '^evil\\x1b\[2J\\x1b\]0  10 samples'
keys h
wait_for '^c1\\xc2\\x9b2J\\x7f\\xff  2 samples'  # C1 CSI, DEL, invalid UTF-8
title1=$($T display -p -t 0 '#{pane_title}')
[ "$title0" = "$title1" ] || fail "pane title changed: '$title0' -> '$title1'"
case $title1 in *PWNED*) fail "pane title set by a frame name" ;; esac
screen | grep -q 'tui-escape.folded' || fail "screen was cleared"
quit_ok

# A name longer than the status line: cut with "..", the numbers stay visible (a method
# too long for the line keeps its start, not the qualifier's); a long prompt shows its
# tail.
fresh
start "$FLAMETUI" "$data/tui-long.folded"
wait_for '^all  10 samples'
keys k k
wait_for '^push_back_x+\.\.  7 samples \(70\.00%\) self 7$'
keys /
keys 'aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa' Z Z
wait_for 'aaaaZZ$'
keys Escape
wait_for '^push_back_x'
quit_ok
