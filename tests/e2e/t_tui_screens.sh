#!/bin/sh
# SPDX-License-Identifier: MIT
# flametui - e2e: screens as states. q closes the table, help or callers view and quits
# only from the graph, Q quits from anywhere, Esc leaves a sub-view; the help lists the
# keys of the screen it was opened from and leaves the title readable; in callers/callees
# r swaps the data AND the title; U drops the last filter and the title lists the
# filters in order; Backspace on an empty prompt leaves it; an empty / clears the search;
# Ctrl-L repaints a scribbled screen.
. "$top_srcdir/tests/e2e/lib.sh"

start "$FLAMETUI" "$data/tui-basic.folded"
wait_for '^all  100 samples'
# q closes the table, then the help over the graph, and only then quits
keys t
wait_for 'SELF%'
keys q
wait_gone 'SELF%'
wait_for '^all  100 samples'
keys '?'
wait_for 'Zoom into the selected frame'
line 1 | grep -q '^flametui: tui-basic.folded' || fail "the help covers the title line"
keys q
wait_gone 'Zoom into the selected frame'
[ -s "$tmp/rc" ] && fail "q in the help quit the program"
ok
# the table's help lists the table's keys, not the graph's
keys t
wait_for 'SELF%'
keys '?'
wait_for 'Table of the hottest functions'
screen | grep -q 'Select the frame to the left' && fail "table help lists graph-only keys"
keys Escape
wait_for 'SELF%'
keys Escape                                # Esc leaves the table
wait_gone 'SELF%'
ok
# the sandwich: the callers above, the callees below, on one screen; q goes back
keys k                                     # main
wait_for '^main  75 samples'
keys k                                     # alpha
wait_for '^alpha  40 samples'
keys s
wait_for 'callers/callees of alpha'
expect_line 3 '^  40\.00%  +40  +main$' "the sandwich: alpha's caller above"
expect_line 4 '^  40\.00%    0\.00%  +40  (==|══) alpha ' "the sandwich: alpha in the middle"
expect_line 5 '^  30\.00%   30\.00%  +30    alpha_leaf$' "the sandwich: alpha's callees below"
keys q
wait_gone 'callees of'
wait_for '^alpha  40 samples'              # back where we were
[ -s "$tmp/rc" ] && fail "q in the sandwich quit the program"
ok
# filters: the title lists them in order; U drops the last one only (a wide pane: the
# title has room for three filters)
$T resize-window -t 0 -x 130 -y 24 >/dev/null 2>&1
keys z j j                                 # the root
keys f a l p h a Enter
wait_for 'include:alpha \(40\.0%\)'
keys F
wait_for '^exclude:'
keys BSpace                                # Backspace on an empty prompt leaves it
wait_gone '^exclude:'
keys H '^main$' Enter
wait_for 'include:alpha hide:\^main\$'
keys F t w o Enter
wait_for 'include:alpha hide:\^main\$ exclude:two \(30\.0%\)'
keys U
wait_for 'last filter removed'
wait_for 'include:alpha hide:\^main\$ \(40\.0%\)'
screen | grep -q 'exclude:two' && fail "U dropped more than the last filter"
keys U
wait_for 'include:alpha \(40\.0%\)'
keys c
wait_for 'filters cleared'
$T resize-window -t 0 -x 80 -y 24 >/dev/null 2>&1
ok
# search: an empty / clears it; Backspace on the empty search prompt leaves it
keys / b e t Enter
wait_for '/bet match'
keys /
wait_for '^/ +/bet match'
keys BSpace
wait_gone '^/ +/bet match'
screen | grep -q '/bet match' || fail "leaving the prompt dropped the search"
keys / Enter
wait_for 'search cleared'
wait_gone '/bet match'
ok
# Ctrl-L repaints what something else scribbled over the screen
tty=$($T display -p -t 0 '#{pane_tty}')
printf '\033[5;1HSCRIBBLE SCRIBBLE SCRIBBLE' > "$tty"
wait_for 'SCRIBBLE'
keys C-l
wait_gone 'SCRIBBLE'
wait_for '^ all'
ok
# Q quits from a sub-view
keys t
wait_for 'SELF%'
quit_ok Q
ok
