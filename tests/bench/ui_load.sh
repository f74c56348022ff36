#!/bin/sh
# SPDX-License-Identifier: MIT
# flametui - tests/bench/ui_load.sh: time from starting the viewer on FILE (in a 200x60
# tmux pane) until the whole file is loaded and on screen: the status line shows the
# samples and no longer says LOADING. Polls the pane every 20 ms (the resolution).
# usage: ui_load.sh FLAMETUI FILE [ROUNDS]   Prints the median and each round's seconds,
# and the viewer's CPU time (user+sys, from start to quit: loading is nearly all of it)
# when /usr/bin/time is installed.
# Exit 77 when tmux is not installed. A benchmark, not a test.
set -eu
ft=$1
file=$2
rounds=${3:-3}
command -v tmux >/dev/null 2>&1 || { echo "ui_load: tmux not installed" >&2; exit 77; }
sock=flametui-uiload-$$
times=
cpus=
tf=$(mktemp)
trap 'tmux -L "$sock" kill-server 2>/dev/null || true; rm -f "$tf"' EXIT
timer=
[ -x /usr/bin/time ] && timer="/usr/bin/time -f %U+%S -o $tf"
r=0
while [ "$r" -lt "$rounds" ]; do
    r=$((r + 1))
    tmux -L "$sock" kill-server 2>/dev/null || true
    t0=$(date +%s.%N)
    : >"$tf"
    tmux -L "$sock" -f /dev/null new-session -d -x 200 -y 60 "TERM=xterm-256color $timer '$ft' '$file'; sleep 5"
    while :; do
        screen=$(tmux -L "$sock" capture-pane -p 2>/dev/null || true)
        case $screen in
        *LOADING*) ;;
        *" samples"*|*" sample "*) break ;;
        esac
        now=$(date +%s.%N)
        if [ "$(echo "$now - $t0 > 120" | bc)" = 1 ]; then
            echo "ui_load: not loaded after 120 s" >&2
            exit 1
        fi
        sleep 0.02
    done
    t1=$(date +%s.%N)
    times="$times $(echo "$t1 - $t0" | bc)"
    tmux -L "$sock" send-keys Q
    w=0
    while [ -n "$timer" ] && [ ! -s "$tf" ] && [ "$w" -lt 50 ]; do sleep 0.1; w=$((w + 1)); done
    [ -s "$tf" ] && cpus="$cpus $(tail -n 1 "$tf" | bc)"
    sleep 0.3
done
echo "$times" | tr ' ' '\n' | sed '/^$/d' | sort -n | awk -v f="$(basename "$file")" -v mb="$(stat -c %s "$file")" '
    { v[NR] = $1; all = all sprintf(" %.2f", $1) }
    END { m = v[int((NR + 1) / 2)]; printf "UI load of %s (%.0f MB) until fully on screen: median %.2f s (%.0f MB/s); rounds:%s s\n", f, mb / 1e6, m, mb / 1e6 / m, all }'
if [ -n "$cpus" ]; then
    echo "$cpus" | tr ' ' '\n' | sed '/^$/d' | sort -n | awk '
        { v[NR] = $1; all = all sprintf(" %.2f", $1) }
        END { printf "  CPU user+sys: median %.2f s; rounds:%s s\n", v[int((NR + 1) / 2)], all }'
fi
