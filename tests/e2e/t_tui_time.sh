#!/bin/sh
# SPDX-License-Identifier: MIT
# flametui - e2e: time, threads and recursion on a real perf recording
# (tests/data/perf-time.perf: sort twice, then a threaded program with a recursive fib).
# T shows the heat map (293 samples over 5 s: cells of 7 periods, about ten samples, so
# 5 columns of 7 rows), its time axis and legend; m marks a range (keys and mouse), Enter shows
# its flame graph with the range in the title, T returns with the range kept, Esc clears
# it; the map grows with live input; folded input has no time. P regroups (pid, tid,
# none), R merges the fib tower.
. "$top_srcdir/tests/e2e/lib.sh"
in="$data/perf-time.perf"

start_size 100 40 "$FLAMETUI" "$in"
wait_for '^all  '
wait_for ' prog '
keys T
wait_for 'time vie(w|\.\.)'
wait_for '^0 +1s +2s +3s +4s +5s$'
wait_for 'column 1.401s, row 200.2ms = 7 periods'
wait_for '^samples/cell 1 .* 13$'
# the third line is the map's first row: shades, or (256 colours) coloured cells
line 3 | grep -qE '^[ .:=+*#%@-]+$' || fail "no heat map on the third line"
screen | sed -n 3p | grep -qE '^[.:=+*#%@-]{100}$' ||
    screen_e | sed -n 3p | grep -q '48;5;' || fail "neither shades nor colours on line 3"
ok
# keys: from row 2 (0.4 s) to the end of row 6 (1.4 s): the same samples as --from/--to
keys Down Down m Down Down Down Down m
wait_for 'selected 400.358ms-1.40125s: 58 samples'
n=$("$FLAMETUI" --weight=samples --from=0.400358 --to=1.40125 --collapse "$in" |
    awk '{ n += $NF } END { print n }')
[ "$n" = 58 ] && ok "the batch range holds the same samples" || fail "batch: $n samples"
keys Enter
wait_for '^flametui: .*time:0.400358s-1.40125s'
wait_gone ' prog '          # the threaded program ran later
# T again: the map, with the range kept; q back to the graph, still the range
keys T
wait_for 'selected 400.358ms-1.40125s: 58 samples'
keys q
wait_for '^flametui: .*time:0.400358s-1.40125s'
# Esc in the time view clears it: every sample again
keys T
wait_for 'time vie(w|\.\.)'
keys Escape
wait_for 'time range cleared'
keys q
wait_gone 'time:'
wait_for ' prog '
# the mouse: two clicks mark a range
keys T
wait_for 'time vie(w|\.\.)'
mouse 0 20 2
wait_for 'selected 1.40125s-1.60143s: 12 samples'
mouse 0 45 4
wait_for 'selected 1.40125s-3.40304s: 101 samples'
keys Enter
wait_for '^flametui: .*time:1.40125s-3.40304s'
keys T
wait_for 'time vie(w|\.\.)'
keys Escape q
wait_gone 'time:'
# P: pid, tid, none, comm
keys P
wait_for 'group:pid'
wait_for 'sort-23525 '
keys P
wait_for 'group:tid'
wait_for 'sort-23525/23525'
keys P
wait_for 'group:none'
wait_gone 'sort-23525'
screen | grep -qE '^ +sort +' && fail "a process frame with --group=none"
ok
keys P
wait_for 'grouped by comm'
# R: the fib tower becomes one frame
[ "$(screen | grep -c 'fib')" -ge 3 ] || fail "no fib tower to merge"
ok
keys R
wait_for 'recursion collapsed'
wait_for '^flametui: .*recursion'
[ "$(screen | grep -c 'fib')" -eq 1 ] || fail "R left more than one fib row"
ok
keys R
wait_for 'recursion shown'
quit_ok q

# --from/--to/--group/--collapse-recursion start the viewer in that state
fresh
start_size 140 40 "$FLAMETUI" --from=0.5 --to=1.8 --group=tid --collapse-recursion "$in"
wait_for '^flametui: .*group:tid recursion time:0.5s-1.8s'
wait_for 'sort-23525/23525'
keys T
wait_for 'selected 500ms-1.8s: 76 samples'
quit_ok Q

# live: the map grows to the right as records arrive
fresh
half=$(awk 'NR > 900 && /^$/ { print NR; exit }' "$in")
head -n "$half" "$in" > "$tmp/a.perf"
tail -n "+$((half + 1))" "$in" > "$tmp/b.perf"
# the second half is sent once the test says go (no timing)
start_size 100 40 "sh -c 'cat $tmp/a.perf; while [ ! -e $tmp/go ]; do sleep 0.1; done; cat $tmp/b.perf' | $FLAMETUI"
wait_for '^all  '
wait_gone ' 0 samples'   # T before the first record: "no record read yet"
keys T
wait_for '^0 +[0-9.]+m?s +'
screen | grep -qE '^0 .* 5s$' && fail "the second half is there already"
ok
touch "$tmp/go"
wait_for '^0 +1s +2s +3s +4s +5s$'
quit_ok Q

# perf input with no record read yet: T and P say so (before: "folded input has no
# timestamps", "not perf input"); once the records come, T shows the map
fresh
start_size 100 30 "sh -c 'while [ ! -e $tmp/go2 ]; do sleep 0.1; done; cat $tmp/a.perf' | $FLAMETUI"
wait_for 'LIVE'
keys T
wait_for '^no time: no record read yet'
keys P
wait_for '^no grouping: no record read yet'
touch "$tmp/go2"
wait_gone ' 0 samples'
keys T
wait_for '^0 +[0-9.]+m?s +'
quit_ok Q

# folded input: no time
fresh
start "$FLAMETUI" "$data/tui-basic.folded"
wait_for '^all  100 samples'
keys T
wait_for 'no time: folded input has no timestamps'
keys P
wait_for 'no grouping: not perf input'
keys R
wait_for 'recursion collapsed'
quit_ok q
