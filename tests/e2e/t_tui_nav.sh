#!/bin/sh
# SPDX-License-Identifier: MIT
# flametui - e2e: moving in the graph. Up returns to the child the selection came from;
# n/N follow the order on screen (also heaviest first) and stay inside the zoom, with
# "match K/N"; G/End/PgUp never scroll past the deepest drawable row, and a scroll
# indicator tells which rows are shown.
. "$top_srcdir/tests/e2e/lib.sh"

start "$FLAMETUI" "$data/tui-basic.folded"
wait_for '^all  100 samples'
keys k                                     # main
wait_for '^main  75 samples'
keys k l                                   # alpha, then its right neighbour beta
wait_for '^beta  20 samples'
keys j                                     # back down to main ...
wait_for '^main  75 samples'
keys k                                     # ... and up: beta again, not the widest
wait_for '^beta  20 samples'
keys j j k k
wait_for '^beta  20 samples'
ok
# n/N in screen order, with "match K/N"
keys j j                                   # the root
wait_for '^all  100 samples'
keys / 'f$|o$' Enter
wait_for 'match 60\.0%'
keys n
wait_for '^alpha_leaf  30 samples'
wait_for 'match 1/3'
keys n
wait_for '^alpha_two  10 samples'
wait_for 'match 2/3'
keys n
wait_for '^beta_leaf  20 samples'
wait_for 'match 3/3'
ok
# inside the zoom: zoom into beta, n stays on beta_leaf and says so (its rank among all)
keys j Enter                               # beta
wait_for 'zoom beta'
keys n
wait_for '^beta_leaf  20 samples'
wait_for 'match 3/3'                       # N counts every match, zoomed or not
keys n
wait_for 'search wrapped'
screen | grep -q '^alpha' && fail "n left the zoom"
keys / delta Enter n
wait_for 'no match inside the zoom'
ok
quit_ok

# heaviest first (o): n follows the new left-to-right order
fresh
printf 'main;a_small 10\nmain;b_big 50\nmain;c_mid 20\n' > "$tmp/order.folded"
start "$FLAMETUI" "$tmp/order.folded"
wait_for '^all  80 samples'
keys / '_' Enter
keys n
wait_for '^a_small  10 samples'
keys o
wait_for 'heaviest'
keys j n                                   # from the root: b_big is leftmost now
wait_for '^b_big  50 samples'
wait_for 'match 1/3'
keys n
wait_for '^c_mid  20 samples'
keys n
wait_for '^a_small  10 samples'
wait_for 'match 3/3'
keys N
wait_for '^c_mid  20 samples'
ok
quit_ok

# A deep branch too narrow to draw: G must not scroll to its empty rows.
fresh
{
    echo "main;wide 100000"
    d="main"; i=0
    while [ $i -lt 60 ]; do d="$d;deep$i"; i=$((i + 1)); done
    echo "$d 1"
} > "$tmp/narrow.folded"
start "$FLAMETUI" "$tmp/narrow.folded"
wait_for '^all  100,001 samples'
keys G
sleep 0.3
line 23 | grep -q '^ all' || fail "G scrolled past the deepest drawable row"
keys End PageUp PageUp
sleep 0.3
line 23 | grep -q '^ all' || fail "End/PgUp scrolled past the deepest drawable row"
screen | grep -q 'depth' && fail "scroll indicator shown although every drawable row fits"
ok
quit_ok

# A deep drawable stack in a small pane: the indicator tells what is shown.
fresh
printf 'a;b;c;d;e;f;g;h 1\n' > "$tmp/deep.folded"
start_size 80 6 "$FLAMETUI" "$tmp/deep.folded"
wait_for '^ all'
wait_for 'depth 0-3/8 \(more \^\)'
keys G
wait_for 'depth 5-8/8 \(more v\)'
wait_for '^ h'
keys PageDown
wait_for 'depth 2-5/8 \(more \^ v\)'
ok
quit_ok
