#!/bin/sh
# SPDX-License-Identifier: MIT
# flametui - e2e: a perf.data read natively in the viewer, with no perf on PATH: the
# status line, the process frame, the time view (T) from the samples' times.
. "$top_srcdir/tests/e2e/lib.sh"
tiny="$data/perf-data-tiny.data"
mkdir -p "$tmp/noperf"
start "PATH=$tmp/noperf $FLAMETUI $tiny"
wait_for '^flametui: perf-data-tiny.data  21 samples, 42.1 ms  cpu-clock'
wait_gone 'LOADING'
keys k
wait_for '^sh  42.1 ms \(100\.00%\)'
keys T
wait_for 'time vie'
wait_for '^column [0-9.]+ms, row [0-9.]+ms = [0-9]+ periods'
wait_for '^0 +10ms +20ms +30ms +40ms'
keys Escape q
wait_gone 'time vie'
quit_ok
