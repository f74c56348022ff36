#!/bin/sh
# SPDX-License-Identifier: MIT
# flametui - tests/cli/t_event_filter.sh: an --event-filter that matches no record says
# which events the input has (the names as perf script prints them, modifiers included),
# from a file (read on two threads), a pipe and a perf.data, and exits 1.
. "${top_srcdir:-.}/tests/cli/lib.sh"
F="$FLAMETUI"
d="$top_srcdir/tests/data"
run "$F" --top --event-filter=cycles "$d/perf-events.perf"
expect_eq "no such event: rc" 1 "$rc"
expect_eq "no such event: the events" \
    "flametui: $d/perf-events.perf: no samples of event cycles; the input has: cpu-clock, task-clock" \
    "$err"
sed 's/ cpu-clock:/ cpu-clock:ppp:/' "$d/perf-events.perf" > "$tmp/ppp.perf"
run sh -c "cat '$tmp/ppp.perf' | '$F' --collapse --event-filter=cpu-clock -"
expect_eq "a pipe: rc" 1 "$rc"
expect_eq "a pipe: the events with their modifiers" \
    "flametui: stdin: no samples of event cpu-clock; the input has: cpu-clock:ppp, task-clock" \
    "$err"
if command -v perf > /dev/null 2>&1; then
    run "$F" --collapse --event-filter=cpu-clock "$d/perf-data-tiny.data"
    case $err in
    *"no samples of event cpu-clock; the input has: "*) ok "perf.data: the events" ;;
    *) fail "perf.data: the events: got [$err]" ;;
    esac
else
    skip "perf.data: perf not installed"
fi
# a matching filter is unchanged
run "$F" --collapse --event-filter=task-clock "$d/perf-events.perf"
expect_eq "a matching filter: rc" 0 "$rc"
finish
