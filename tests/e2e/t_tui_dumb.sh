#!/bin/sh
# SPDX-License-Identifier: MIT
# flametui - e2e: a terminal that cannot address the cursor (TERM=dumb, an unknown TERM)
# gets the --text view at the terminal's width, a note on stderr, and the shell back
# (before: a frozen LOADING line). TERM=xterm in the same pane still opens the viewer.
. "$top_srcdir/tests/e2e/lib.sh"
infocmp dumb >/dev/null 2>&1 || skip_all "no terminfo entry for dumb"
# wait_rc STATUS: the command in the pane ended with exit status STATUS.
wait_rc() {
    i=0
    while [ ! -s "$tmp/rc" ] && [ $i -lt 100 ]; do sleep 0.1; i=$((i + 1)); done
    [ -s "$tmp/rc" ] || fail "flametui did not return to the shell"
    [ "$(cat "$tmp/rc")" = "$1" ] || fail "exit status $(cat "$tmp/rc"), want $1"
}

start "TERM=dumb $FLAMETUI '$data/tui-basic.folded' 2>'$tmp/err'"
wait_rc 0
screen | grep -q 'alpha_leaf' || fail "TERM=dumb: the text graph was not printed"
screen | grep -E -q '^\[main +\]\[other +\]$' || fail "TERM=dumb: no graph rows"
screen | grep -q 'LOADING' && fail "TERM=dumb: a LOADING status line"
grep -q '^flametui: TERM=dumb cannot move the cursor: printing the graph as text$' "$tmp/err" ||
    fail "TERM=dumb: stderr is '$(cat "$tmp/err")'"
[ "$(wc -l < "$tmp/err")" -eq 1 ] || fail "TERM=dumb: more on stderr: $(cat "$tmp/err")"
# the terminal's width: the root spans the 80 columns of the pane
screen | grep -E -q '^\[all {75}\]$' || fail "TERM=dumb: not the pane's width"
ok

fresh
start "TERM=no-such-terminal-xyz $FLAMETUI '$data/tui-basic.folded' 2>'$tmp/err'"
wait_rc 0
screen | grep -q 'alpha_leaf' || fail "unknown TERM: the text graph was not printed"
grep -q '^flametui: TERM=no-such-terminal-xyz .*: printing the graph as text$' "$tmp/err" ||
    fail "unknown TERM: stderr is '$(cat "$tmp/err")'"
ok

fresh
start "TERM=xterm $FLAMETUI '$data/tui-basic.folded'"
wait_for 'tui-basic.folded  100 samples  flame'
wait_for '^all  100 samples'
quit_ok
ok

