#!/bin/sh
# SPDX-License-Identifier: MIT
# flametui - tests/bench/ui_perf_data.sh: the viewer on a perf.data (in a 200x60 tmux
# pane): the time from its start until the first frame of the flame graph is on screen
# (the status line names the root, "all": the first step drawn), and until the whole
# file is loaded (LOADING was shown and is gone; a file read before it shows counts
# after 5 s). Polls the pane every 10 ms (the
# resolution, plus tmux's own delay).
# usage: ui_perf_data.sh FLAMETUI FILE [ROUNDS]   Prints the medians and each round's.
# Exit 77 when tmux is not installed. A benchmark, not a test.
set -eu
ft=$1
file=$2
rounds=${3:-5}
command -v tmux >/dev/null 2>&1 || { echo "ui_perf_data: tmux not installed" >&2; exit 77; }
sock=flametui-uipd-$$
trap 'tmux -L "$sock" kill-server 2>/dev/null || true' EXIT
first=
whole=
r=0
while [ "$r" -lt "$rounds" ]; do
    r=$((r + 1))
    tmux -L "$sock" kill-server 2>/dev/null || true
    t0=$(date +%s.%N)
    tmux -L "$sock" -f /dev/null new-session -d -x 200 -y 60 \
        "TERM=xterm-256color '$ft' '$file'; sleep 5"
    t1=
    seen=
    while :; do
        screen=$(tmux -L "$sock" capture-pane -p 2>/dev/null || true)
        now=$(date +%s.%N)
        case $screen in
        *"all  "*) [ -n "$t1" ] || t1=$now ;;
        esac
        case $screen in
        *LOADING*) seen=1 ;;
        *"all  "*) [ -n "$seen" ] || [ "$(echo "$now - $t0 > 5" | bc)" = 1 ] && break ;;
        esac
        if [ "$(echo "$now - $t0 > 120" | bc)" = 1 ]; then
            echo "ui_perf_data: not loaded after 120 s" >&2
            exit 1
        fi
        sleep 0.01
    done
    first="$first $(echo "$t1 - $t0" | bc)"
    whole="$whole $(echo "$now - $t0" | bc)"
    tmux -L "$sock" send-keys Q
    sleep 0.3
done
med() { echo "$1" | tr ' ' '\n' | sed '/^$/d' | sort -n | awk '{ v[NR] = $1; all = all sprintf(" %.3f", $1) }
    END { printf "median %.3f s (rounds:%s)", v[int((NR + 1) / 2)], all }'; }
echo "viewer on $(basename "$file") ($(stat -L -c %s "$file" | awk '{printf "%.0f MB", $1/1e6}')): first frame $(med "$first")"
echo "  fully loaded $(med "$whole"); load $(cut -d' ' -f1-3 /proc/loadavg)"
