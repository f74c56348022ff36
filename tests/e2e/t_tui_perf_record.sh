#!/bin/sh
# SPDX-License-Identifier: MIT
# flametui - e2e: a real `perf record --no-buffering ... | perf script -i - | flametui -`
# of a busy loop. Skipped, saying why, where perf is missing or not permitted.
. "$top_srcdir/tests/e2e/lib.sh"
command -v perf >/dev/null 2>&1 || skip_all "perf not installed"
busy="i=0; while [ \$i -lt 400000 ]; do i=\$((i+1)); done"
if ! perf record --no-buffering -F 199 -g -o "$tmp/probe.data" -- sh -c 'i=0; while [ $i -lt 2000 ]; do i=$((i+1)); done' \
        >"$tmp/probe.log" 2>&1; then
    skip_all "perf record not permitted here: $(tail -n 1 "$tmp/probe.log")"
fi
start "perf record --no-buffering -F 199 -g -o - -- sh -c '$busy' 2>/dev/null | perf script -i - 2>/dev/null | $FLAMETUI -"
wait_for 'LIVE|EOF'
wait_for '^ sh|sh  '
wait_for 'EOF [0-9]+ samples$'
screen | grep -q 'EOF 0 samples' && fail "no samples"
quit_ok
