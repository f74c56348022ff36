#!/bin/sh
# SPDX-License-Identifier: MIT
# flametui - bench_window.sh: peak RSS of the viewer with --window=10 on a fast
# synthetic live stream of distinct stacks, in a private tmux server.
#   FLAMETUI=build/src/flametui tests/bench/bench_window.sh
#   BENCH_SECONDS=600 ...   the 10-minute run of the acceptance criteria (default 20 s)
#   BENCH_NAMES=new ...     every stack also brings two new function NAMES (names are
#                           never dropped, so this one still grows, by the names only)
# Prints "window=10s seconds=N names=bounded|new peak_rss_kb=K".
command -v tmux >/dev/null 2>&1 || { echo "SKIP: tmux not installed"; exit 77; }
F=${FLAMETUI:-src/flametui}
[ -x "$F" ] || { echo "FLAMETUI=$F is not executable"; exit 99; }
secs=${BENCH_SECONDS:-20}
tmp=$(mktemp -d) || exit 99
T="tmux -L ftbw-$$ -f /dev/null"
trap '$T kill-server 2>/dev/null; rm -rf "$tmp"' EXIT
names=${BENCH_NAMES:-bounded}
# distinct stacks, 4 frames each, as fast as the viewer reads. bounded: over 64 + 4096 +
# 4096 names (2^30 distinct stacks: none repeats within 10 minutes); new: the last two
# frames are new names every time
if [ "$names" = new ]; then
    cat > "$tmp/gen.sh" <<'GEN'
awk 'BEGIN { for (i = 0; ; i++) printf "main;worker%d;fn%d;leaf%d 1\n", i % 64, i, i * 7 }'
GEN
else
    cat > "$tmp/gen.sh" <<'GEN'
awk 'BEGIN { for (i = 0; ; i++)
    printf "main;worker%d;fn%d;leaf%d 1\n", i % 64, int(i / 64) % 4096, int(i / 262144) % 4096 }'
GEN
fi
$T new-session -d -x 120 -y 40 \
    "sh $tmp/gen.sh | sh -c 'echo \$\$ > $tmp/pid; exec $F --window=10 -'" || exit 99
i=0
while [ ! -s "$tmp/pid" ] && [ $i -lt 50 ]; do sleep 0.1; i=$((i + 1)); done
pid=$(cat "$tmp/pid")
sleep "$secs"
kb=$(awk '/^VmHWM:/ { print $2 }' "/proc/$pid/status")
$T send-keys -t 0 q
echo "window=10s seconds=$secs names=$names peak_rss_kb=$kb"
