#!/bin/sh
# SPDX-License-Identifier: MIT
# flametui - e2e: live tail from a pipe. A writer feeds folded stacks in steps that the
# test releases one by one (deterministic, no timing): frames appear before the writer
# ends, totals grow, keys act while data flows, pause freezes the display, EOF is shown.
. "$top_srcdir/tests/e2e/lib.sh"
cat > "$tmp/writer.sh" <<'EOW'
# $1: directory with the go.N files the test creates
step() { while [ ! -e "$1/go.$2" ]; do sleep 0.05; done; }
printf 'main;alpha 6\nmain;alpha 4\n'    # the format sniffer wants two lines
step "$1" 1
printf 'main;beta 20\nmain;al'            # a partial line waits for the rest
step "$1" 2
printf 'pha 5\n'
step "$1" 3
printf 'other 30\n'
touch "$1/wrote.3"
step "$1" 4
printf 'main;gamma 35\n'
EOW
start "sh '$tmp/writer.sh' '$tmp' | $FLAMETUI -"
wait_for 'flametui: stdin  10 samples'
wait_for 'LIVE .* 10 samples$'
wait_for '^ alpha'
keys k                                     # keys act while the writer is still running
wait_for '^main  10 samples \(100\.00%\)'
touch "$tmp/go.1"
wait_for 'LIVE .* 30 samples$'
wait_for 'beta'
wait_for '^main  30 samples'
touch "$tmp/go.2"
wait_for 'LIVE .* 35 samples$'
keys Enter                                 # zoom survives growth
wait_for 'zoom main'
keys p
wait_for 'PAUSED LIVE'
touch "$tmp/go.3"
i=0; while [ ! -e "$tmp/wrote.3" ] && [ $i -lt 100 ]; do sleep 0.1; i=$((i + 1)); done
sleep 0.5                                  # give a (wrong) redraw the chance to happen
screen | grep -q 'stdin  35 samples' || fail "display not frozen while paused"
keys p
wait_gone 'PAUSED'
wait_for 'stdin  65 samples'
wait_for '^main  35 samples \(53\.85%, 100\.00% of zoom\)'
touch "$tmp/go.4"
wait_for 'EOF 100 samples$'
wait_for 'gamma'
quit_ok

# --window: only the samples of the last N seconds (arrival time); w switches to
# everything and back.
fresh
cat > "$tmp/writer2.sh" <<'EOW'
printf 'main;old 6\nmain;old 4\n'
while [ ! -e "$1/go.w" ]; do sleep 0.05; done
printf 'main;new 5\nmain;new 2\n'
while [ ! -e "$1/go.end" ]; do sleep 0.05; done
EOW
start "sh '$tmp/writer2.sh' '$tmp' | $FLAMETUI --window=1 -"
wait_for 'stdin  10 samples  flame  last 1s'
wait_for 'old'
wait_gone 'old'                            # a second later it left the window
touch "$tmp/go.w"
wait_for 'stdin  17 samples'
wait_for 'new'
screen | grep -q 'old' && fail "old samples back in the window"
keys w
wait_for 'old'
screen | grep -q 'last 1s' && fail "still windowed after w"
keys w
wait_for 'last 1s'
touch "$tmp/go.end"
wait_for 'EOF'
quit_ok
