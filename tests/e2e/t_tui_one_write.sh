#!/bin/sh
# SPDX-License-Identifier: MIT
# flametui - e2e: one repaint reaches the terminal in one write() (ncurses 6 alone flushes
# after every cursor move: about 15 writes per repaint of this profile). Needs strace.
. "$top_srcdir/tests/e2e/lib.sh"
command -v strace >/dev/null 2>&1 || skip_all "strace not installed"
strace -o /dev/null true 2>/dev/null || skip_all "strace cannot trace here (ptrace denied)"
# LeakSanitizer cannot run under ptrace: leaks are checked by the other tests
start_size 200 60 "ASAN_OPTIONS=\$ASAN_OPTIONS:detect_leaks=0 TERM=xterm-256color strace -y -e trace=write -o $tmp/st $FLAMETUI '$data/perf-many-siblings.folded'"
wait_for '__libc_start_call_main'               # the graph is drawn (not still loading)
for i in 1 2 3 4 5 6; do
    keys i
    if [ $((i % 2)) = 1 ]; then wait_for '  icicle  '; else wait_for '  flame  '; fi
done
quit_ok
n=$(grep -c '^write([0-9]*</dev/tty>' "$tmp/st")
big=$(grep '^write([0-9]*</dev/tty>' "$tmp/st" | awk '{ n = $NF + 0 } n >= 1000 { c++ } END { print c + 0 }')
echo "tty writes: $n in all, $big of a whole repaint (>= 1000 bytes)"
# setup, one per frame (start, 6 flips, maybe a status change), reset at the end
[ "$n" -le 20 ] || fail "$n write()s to the terminal for 7 frames"
[ "$big" -ge 6 ] || fail "the repaints were not written whole ($big writes of 1000+ bytes)"
ok
