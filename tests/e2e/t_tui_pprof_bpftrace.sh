#!/bin/sh
# SPDX-License-Identifier: MIT
# flametui - e2e: the viewer on a Go pprof profile (a file, and gzip on a pipe) and on
# bpftrace output that arrives the way bpftrace writes it: the "Attaching" line at once,
# the maps only when it exits. Formats are sniffed; a bad profile is an error on screen.
. "$top_srcdir/tests/e2e/lib.sh"
start "$FLAMETUI" "$data/go-cpu.pb.gz"
wait_for 'go-cpu.pb.gz \(cpu, nanoseconds\)  980 ms  '
wait_for 'main.hashLoop'
keys k
wait_for '^main.worker  [0-9.]+ ms '
quit_ok

fresh
start "cat '$data/go-heap.pb.gz' | $FLAMETUI --sample-type=alloc_objects"
wait_for 'stdin \(alloc_objects, count\)  20,000 objects'
wait_for 'main.allocSmall'
quit_ok

# bpftrace on a pipe: the header line alone decides the format, the stacks come later
fresh
start "{ printf 'Attaching 1 probe...\n'; while [ ! -e '$tmp/go' ]; do sleep 0.1; done; tail -n +2 '$data/bpftrace-kstack-comm.bt'; } | $FLAMETUI"
wait_for 'LIVE'
touch "$tmp/go"
wait_for 'swapper/0'
wait_for 'EOF'
quit_ok

# a profile cut short: the error is on screen, not a crash or an empty graph
fresh
gzip -dc "$data/go-cpu.pb.gz" | head -c 400 > "$tmp/cut.pb"
start "$FLAMETUI" "$tmp/cut.pb"
wait_for 'not a valid pprof profile'
keys q
rc=$(wait_rc "cut profile")
case $rc in 0 | 1) ok ;; *) fail "cut profile: exit status $rc" ;; esac
if ls "$tmp"/asan.* "$tmp"/ubsan.* > /dev/null 2>&1; then
    cat "$tmp"/asan.* "$tmp"/ubsan.* >&2; fail "sanitizer report"
fi
exit 0
