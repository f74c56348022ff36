#!/bin/sh
# SPDX-License-Identifier: MIT
# flametui - e2e: works with TERM=xterm, xterm-256color, screen, tmux-256color, linux and
# vt100 (monochrome: frames drawn as [label]), in the C locale (non-ASCII escaped), with
# --no-color and NO_COLOR.
. "$top_srcdir/tests/e2e/lib.sh"
for term in xterm xterm-256color screen tmux-256color linux vt100; do
    if ! infocmp "$term" >/dev/null 2>&1; then
        skip "no terminfo entry for $term (install ncurses-term), not tried"
        continue
    fi
    fresh
    start "TERM=$term $FLAMETUI '$data/tui-basic.folded'"
    wait_for '^all  100 samples'
    keys k
    wait_for '^main  75 samples'
    case $term in vt100) wait_for '\[main +\]\[other +\]' ;; esac
    quit_ok
done

fresh
start "LC_ALL=C $FLAMETUI '$data/tui-escape.folded'"
wait_for '^all  22 samples'
keys k k h
wait_for '^c1\\xc2\\x9b2J\\x7f\\xff  2 samples'
quit_ok

for how in --no-color NO_COLOR=1; do
    fresh
    case $how in
    --*) start "$FLAMETUI $how '$data/tui-basic.folded'" ;;
    *) start "env $how $FLAMETUI '$data/tui-basic.folded'" ;;
    esac
    wait_for '\[main +\]\[other +\]'       # monochrome: bracketed frames
    quit_ok
done

# Colour modes: 256 colours, truecolor (a direct-colour terminfo and COLORTERM), 8 colours.
colour_mode() { # TERM ENV PATTERN
    fresh
    start "env $2 TERM=$1 $FLAMETUI '$data/tui-basic.folded'"
    wait_for '^all  100 samples'
    i=0
    until screen_e | grep -q -- "$3"; do
        i=$((i + 1)); [ $i -lt 50 ] || fail "TERM=$1 $2: no '$3' in the SGR sequences"
        sleep 0.1
    done
    ok
    quit_ok
}
colour_mode tmux-256color COLORTERM= '48;5;'
if infocmp xterm-direct >/dev/null 2>&1; then
    colour_mode xterm-direct COLORTERM=truecolor '48;2;'
else
    skip "no terminfo entry for xterm-direct (install ncurses-term): truecolor not tried"
fi
colour_mode xterm COLORTERM= '\[4[1-7]m'
