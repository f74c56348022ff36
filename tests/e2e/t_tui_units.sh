#!/bin/sh
# SPDX-License-Identifier: MIT
# flametui - e2e: every number on screen is in the profile's unit: a Go CPU profile's
# nanoseconds and perf's cpu-clock periods as time in the title, the status line, the
# table and the detail pane, the '+' message and a diff's title and status; other perf
# events by their name; inputs merged in different units say so in the status line and
# on stderr. An --event-filter that matches nothing names the events the input has.
. "$top_srcdir/tests/e2e/lib.sh"
start "$FLAMETUI" "$data/go-sha256.pb.gz"
wait_for '^flametui: go-sha256.pb.gz \(cpu, nanoseconds\)  1\.17 s  '
wait_for '^all  1\.17 s \(100\.00%\)'
keys t
wait_for '^ +1\.17 s 100\.00% +1\.17 s 100\.00%  sha256\.block'
wait_for '^sha256\.block  self 1\.17 s \(100\.00%\) total 1\.17 s'
keys d
wait_for 'total 1\.17 s \(100\.00% of all\)'
quit_ok Q

# perf script with cpu-clock periods (1 ms a unit of m.folded of t_tui_merged.sh): the
# '+' of frames narrower than a cell holds 5 ms, not 5000000 samples
fresh
printf 'p;a 100\np;b 2\np;c;x 3\np;d 92\np;z 3\nq 300\n' | awk '{
    n = split($1, f, ";"); printf "prog 1 1.%06d:    %d cpu-clock:ppp: \n", NR, $2 * 1000000
    for (i = n; i >= 1; i--) printf "\t            %x %s (/bin/prog)\n", 4096 + i, f[i]
    printf "\n" }' > "$tmp/m.perf"
start_size 100 9 "COLORTERM= $FLAMETUI '$tmp/m.perf'"
wait_for '^flametui: m\.perf  6 samples, 500 ms  cpu-clock  '
wait_for ' a +\+ d +\+ *$'
mouse 0 20 4
wait_for '^\+ 2 frames narrower than a cell: 5\.00 ms, 1\.00% of all; Enter zooms in'
quit_ok

# a diff of perf profiles: the base's total and the deltas are time too
fresh
start_size 120 9 "COLORTERM= $FLAMETUI --base='$tmp/m.perf' '$tmp/m.perf'"
wait_for 'vs base m\.perf 500 ms  '
wait_for '^all  500 ms \(100\.00%\) self 0\.00 s  base 500 ms new 500 ms delta 0 '
quit_ok

# another event: its counts by its name
fresh
sed 's/ cpu-clock:ppp:/ page-faults:/' "$tmp/m.perf" > "$tmp/pf.perf"
start_size 100 9 "COLORTERM= $FLAMETUI '$tmp/pf.perf'"
wait_for '^flametui: pf\.perf  6 samples, 500,000,000 page-faults  page-faults  '
quit_ok

# nanoseconds and samples merged: the status line says so, and stderr when it ends
fresh
start_size 120 9 "$FLAMETUI '$data/go-cpu.pb.gz' '$data/tui-basic.folded' 2> '$tmp/err'"
wait_for '\(mixed units\)'
wait_for 'MIXED UNITS$'
quit_ok
grep -q 'go-cpu.pb.gz: nanoseconds, .*tui-basic.folded: samples: inputs in different units' \
    "$tmp/err" && ok || fail "stderr: $(cat "$tmp/err")"

# --event-filter of an event the input does not have
fresh
cp "$data/perf-events.perf" "$tmp/ev.perf"   # a short name: the message fits one line
start_size 120 9 "cd '$tmp' && $FLAMETUI --event-filter=cycles ev.perf"
wait_for 'ev\.perf: no samples of event cycles; the input has: cpu-clock, task-clock'
quit_rc 1
finish
