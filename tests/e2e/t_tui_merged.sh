#!/bin/sh
# SPDX-License-Identifier: MIT
# flametui - e2e: frames narrower than a cell are drawn as '+' cells as wide as their
# samples; a search match hidden in them marks them; a click says what they hold and
# selects their parent, and Enter zooms into it.
. "$top_srcdir/tests/e2e/lib.sh"
# 100 columns, 500 samples: 5 a cell. Under p (cells 0..39): a 0..19, then b + c (2 + 3)
# make cell 20, d 21..38, z (3) cell 39; q is cells 40..99.
printf 'p;a 100\np;b 2\np;c;x 3\np;d 92\np;z 3\nq 300\n' > "$tmp/m.folded"
start_size 100 8 "COLORTERM= $FLAMETUI '$tmp/m.folded'"
wait_for ' a +\+ d +\+ *$'                  # row 4: a, the '+' of b and c, d, the '+' of z
line 5 | cut -c21 | grep -q '+' && ok || fail "no '+' of b and c in cell 20: $(line 5)"
line 5 | cut -c40 | grep -q '+' && ok || fail "no '+' of z in cell 39: $(line 5)"
# a search for x (below c, never drawn) marks the '+' of b and c, not the one of z
keys / '^x$' Enter
i=0
until $T capture-pane -e -p -t 0 | sed -n 5p | grep -q "$(printf '\033')\[45m+"; do
    i=$((i + 1)); [ $i -lt 100 ] || fail "the hidden match does not mark the '+' cell"
    sleep 0.1
done
ok
[ "$($T capture-pane -e -p -t 0 | sed -n 5p | grep -o "$(printf '\033')\[45m+" | wc -l)" = 1 ] &&
    ok || fail "more than one '+' marked"
keys / Enter                                 # clear the search
wait_for 'search cleared'
mouse 0 20 4
wait_for '^\+ 2 frames narrower than a cell: 5 samples, 1\.00% of all; Enter zooms in'
keys Enter
wait_for 'zoom p'
wait_gone '\+'                               # zoomed: every frame is wide enough now
quit_ok
