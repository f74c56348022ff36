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
wait_for '^column 1ms'
wait_for '^0s +0.01s +0.02s +0.03s +0.04s'
keys Escape q
wait_gone 'time vie'
quit_ok
