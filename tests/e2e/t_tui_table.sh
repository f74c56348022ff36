#!/bin/sh
# SPDX-License-Identifier: MIT
# flametui - e2e: the hottest-functions table. Self time belongs to the function, not to
# the view (r then t shows the same self column); the status line describes the
# selected row; / searches the rows; the mouse selects rows and the wheel scrolls.
. "$top_srcdir/tests/e2e/lib.sh"
row() { screen | grep -E "$1" | head -n1; }

start "$FLAMETUI" "$data/tui-basic.folded"
wait_for '^all  100 samples'
keys t
wait_for 'SELF%'
row ' alpha_leaf$' | grep -Eq '^ +30 +30\.00% +30 ' || fail "table: alpha_leaf self"
keys q r
wait_for 'reverse'
keys t
wait_for 'SELF%'
row ' alpha_leaf$' | grep -Eq '^ +30 +30\.00% +30 ' || fail "r then t: alpha_leaf self changed"
row ' main$' | grep -Eq '^ +0 +0\.00% +75 ' || fail "r then t: main self changed"
ok
# the status line describes the selected row
wait_for '^alpha_leaf  self 30 \(30\.00%\) total 30 \(30\.00%\)'
keys j
wait_for '^delta  self 25'
ok
# / searches the rows; n finds the next one
keys / b e t a Enter
wait_for '^beta_leaf  self 20'
keys n
wait_for '^beta  self 0 .* total 20'
ok
# mouse: a click on a row selects it; a double click opens its sandwich
mouse 0 10 3                               # screen row 3: the second table row
wait_for '^delta  self 25'
mouse 0 10 2
mouse 0 10 2
wait_for 'callers/callees of'
wait_for '^alpha_leaf  30 samples \(30\.00%\) self 30 \(30\.00%\)'
keys q                                     # q goes back to the table
wait_for 'SELF%'
ok
quit_ok Q

# the wheel scrolls a long table
fresh
i=0; while [ $i -lt 60 ]; do echo "main;f$i $((i + 1))"; i=$((i + 1)); done > "$tmp/many.folded"
start "$FLAMETUI" "$tmp/many.folded"
wait_for '^all  '
keys t
wait_for 'SELF%'
line 3 | grep -q ' f59$' || fail "the heaviest row is not first"
keys -l "$(printf '\033[Ma!!')"            # wheel down (button 5): three rows
wait_gone ' f59$'
line 3 | grep -q ' f56$' || fail "the wheel did not scroll the table by three rows"
wait_for '^f56  self 57'                   # the selection stays on a visible row
ok
quit_ok Q
