#!/bin/sh
# SPDX-License-Identifier: MIT
# flametui - e2e: n/N never zoom by themselves: a match narrower than a cell is selected
# (the status line says it is too narrow to draw, and under which drawn frame); Enter
# zooms to it. "match K/N" counts every match: the same N from the root, inside a zoom
# and after Esc.
. "$top_srcdir/tests/e2e/lib.sh"
printf 'main;big;work 1000\nmain;tiny;needle 2\nmain;mid;needle 300\nother;needle 200\n' \
    > "$tmp/n.folded"
start "TERM=xterm-256color $FLAMETUI '$tmp/n.folded'"
wait_for '^all  1,502 samples'
keys / needle Enter
wait_for 'match 33\.4%'
keys n
wait_for '^needle  300 samples'
wait_for 'match 1/3,'
keys n                                       # main;tiny;needle: 2 of 1,502 samples
wait_for '^too narrow to draw, under main: Enter zooms in'
wait_for 'match 2/3,'
line 1 | grep -q "zoom" && fail "n zoomed in"     # the title says "zoom X" when zoomed
ok "n did not zoom"
keys n
wait_for '^needle  200 samples'
wait_for 'match 3/3,'
keys N
wait_for '^too narrow to draw'
keys Enter                                   # Enter zooms to the narrow match
wait_for 'zoom needle'
wait_for '^needle  2 samples'
keys Escape
wait_gone 'zoom needle'
keys n
wait_for 'match 3/3,'                        # after Esc: the same N
keys N N
wait_for '^needle  300 samples'
wait_for 'match 1/3,'
quit_ok
finish
