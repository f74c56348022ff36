#!/bin/sh
# SPDX-License-Identifier: MIT
# flametui - e2e: colour depth. COLORTERM=truecolor (or 24bit) gives 24-bit colour on a
# TERM with colours (TERM=xterm-256color, as SSH terminals send); xterm-16color paints
# frames with the bright set too (SGR 100-107) and more than 3 colours; a dark frame gets
# a white label (black on a dark red would read at less than 4.5:1).
. "$top_srcdir/tests/e2e/lib.sh"
# bgs: the distinct background SGR codes of the graph rows
bgs() {
    screen_e | sed '1d;$d' | grep -o '\[[0-9;]*m' | tr -d '[m' | awk -F';' '{
        for (i = 1; i <= NF; i++) {
            if ($i == 48) { print $i ";" $(i + 1) ";" $(i + 2) (($(i + 1) == 2) ? ";" $(i + 3) ";" $(i + 4) : ""); i += ($(i + 1) == 2) ? 4 : 2 }
            else if ($i == 38) i += ($(i + 1) == 2) ? 4 : 2
            else if ($i >= 40 && $i <= 47 || $i >= 100 && $i <= 107) print $i
        } }' | sort -u
}
# until_bgs PATTERN COUNT WHAT: at least COUNT distinct backgrounds match PATTERN
until_bgs() {
    i=0
    while :; do
        n=$(bgs | grep -c -E -- "$1")
        [ "$n" -ge "$2" ] && break
        i=$((i + 1)); [ $i -lt 50 ] || fail "$3: $n backgrounds like /$1/: $(bgs | tr '\n' ' ')"
        sleep 0.1
    done
    ok "$3"
}
for ct in truecolor 24bit; do
    fresh
    start "env TERM=xterm-256color COLORTERM=$ct $FLAMETUI '$data/perf-many-siblings.folded'"
    until_bgs '^48;2;' 5 "COLORTERM=$ct on TERM=xterm-256color: 24-bit colours"
    quit_ok
done
if infocmp xterm-16color >/dev/null 2>&1; then
    fresh
    start "env TERM=xterm-16color COLORTERM= $FLAMETUI '$data/perf-many-siblings.folded'"
    until_bgs '^10[0-7]$' 1 "xterm-16color: bright backgrounds"
    until_bgs '^(4[0-7]|10[0-7])$' 4 "xterm-16color: 4 or more frame colours"
    quit_ok
else
    skip "no terminfo entry for xterm-16color (install ncurses-term)"
fi
# a dark red frame (the red palette's darkest: ~#c83232 and below) gets a white label on
# 16 colours (red 41: black would read at 3.6:1)
fresh
start "env TERM=xterm-16color COLORTERM= $FLAMETUI --colors=red '$data/perf-many-siblings.folded'"
i=0
until screen_e | grep -q -E '(97|37)m.?.?\[41m|\[(97|37);41m'; do
    i=$((i + 1)); [ $i -lt 50 ] || fail "no white label on red (41): $(screen_e | grep -o '\[[0-9;]*m' | sort -u | tr '\n' ' ')"
    sleep 0.1
done
ok "a white label on a red frame"
quit_ok
finish
