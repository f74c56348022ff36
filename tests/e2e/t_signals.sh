#!/bin/sh
# SPDX-License-Identifier: MIT
# flametui - e2e: signals give the terminal back. After SIGINT, SIGTERM and
# SIGHUP the pane has left the alternate screen, shows the cursor, and keypad and mouse
# modes are off. A FIFO that nobody writes (with or without a writer holding it open)
# keeps the UI responsive and q quits. Ctrl-Z suspends to the shell and fg redraws.
. "$top_srcdir/tests/e2e/lib.sh"

no_reports() {
    if ls "$tmp"/asan.* "$tmp"/ubsan.* >/dev/null 2>&1; then
        cat "$tmp"/asan.* "$tmp"/ubsan.* >&2; fail "$1: sanitizer report"
    fi
}
restored='^0 1 0 0000$'

# 1. SIGINT, SIGTERM, SIGHUP
for sig in INT TERM HUP; do
    fresh
    start "sh -c 'echo \$\$ > $tmp/pid; exec $FLAMETUI $data/tui-basic.folded'"
    wait_for '^all  100 samples'
    wait_modes '^1 ' "SIG$sig: before"
    kill -$sig "$(cat "$tmp/pid")"
    rc=$(wait_rc "SIG$sig")
    case $sig:$rc in INT:0|INT:130|TERM:143|HUP:129) ;; *) fail "SIG$sig: exit status $rc" ;; esac
    wait_modes "$restored" "SIG$sig: after"
    screen | grep -q 'samples' && fail "SIG$sig: the graph is still on the screen"
    no_reports "SIG$sig"
done

# 2. a FIFO whose writer holds it open and never writes
fresh
mkfifo "$tmp/fifo1"
sleep 30 > "$tmp/fifo1" &
writer=$!
tap_cleanup='kill $writer 2>/dev/null; e2e_cleanup'
start "$FLAMETUI" "$tmp/fifo1"
wait_for 'LIVE'
keys '?'                                   # still answering keys
wait_for 'Quit'
keys '?'
wait_gone 'Quit'
quit_ok
wait_modes "$restored" "silent FIFO: after q"
kill $writer 2>/dev/null

# 3. a FIFO that no process ever opens for writing: open() must not block the UI
fresh
mkfifo "$tmp/fifo2"
start "$FLAMETUI" "$tmp/fifo2"
wait_for 'LIVE|fifo2'
keys '?'
wait_for 'Quit'
keys q                                     # leaves help
keys q
rc=$(wait_rc "FIFO without a writer")
[ "$rc" = 0 ] || fail "FIFO without a writer: exit status $rc"
wait_modes "$restored" "FIFO without a writer: after q"
no_reports "FIFO without a writer"

# 4. Ctrl-Z suspends to the shell (terminal restored), fg redraws the graph
#    (not under valgrind, which does not stop on the SIGSTOP of curses' SIGTSTP handler)
if [ -z "${FLAMETUI_VALGRIND:-}" ]; then
    fresh
    $T new-session -d -x 80 -y 24 "env PS1='ft-prompt\$ ' ENV= sh -i" || exit 99
    $T set -g window-size manual >/dev/null 2>&1
    wait_for 'ft-prompt\$'
    keys "$FLAMETUI $data/tui-basic.folded" Enter
    wait_for '^all  100 samples'
    keys k
    wait_for '^main  75 samples'
    keys C-z
    wait_for 'ft-prompt\$'
    wait_modes "$restored" "Ctrl-Z"
    keys clear Enter
    wait_gone 'samples'
    keys fg Enter
    wait_for '^main  75 samples'               # redrawn, selection kept
    screen | grep -q 'alpha_leaf' || fail "fg: the graph was not redrawn"
    wait_modes '^1 ' "fg"
    keys q
    wait_modes "$restored" "q after fg"
    keys 'echo "status=$?"' Enter
    wait_for 'status=[0-9]+$'
    screen | grep -q 'status=0$' || fail "q after fg: exit status is not 0"
    no_reports "Ctrl-Z"
fi

# 5. a 100k-deep stack of distinct names: the table, callers, search and scrolling answer
#    promptly and q quits (the hottest-functions table used to take O(depth^2))
fresh
awk 'BEGIN { for (i = 0; i < 100000; i++) printf "%sf%d", (i ? ";" : ""), i; printf " 7\n" }' \
    > "$tmp/deep.folded"
start "$FLAMETUI" "$tmp/deep.folded"
wait_for '^all  7 samples'
keys t
wait_for 'SELF'
keys t
wait_gone 'SELF'
keys k
wait_for '^f0  7 samples'
keys s
wait_for 'callees of f0|callers of f0'
keys s
keys Escape
keys / f 9 9 9 9 9 Enter
wait_for 'f99999 match 100\.0%$'              # the status line, not the echo of the prompt
keys n                                     # n selects the match, 100k frames down
wait_for '^f99999  7 samples'
keys G
keys g
quit_ok

# 6. --top and --collapse print raw names to pipes, but escape them on a terminal: an
#    OSC sequence in a frame name must not retitle the pane
fresh
printf '\033]0;pwned\007x;\033[2Jy 1\n' > "$tmp/osc.folded"
start "$FLAMETUI --top $tmp/osc.folded; $FLAMETUI --collapse $tmp/osc.folded"
wait_for 'y 1$'
screen | grep -q 'x07x' || fail "--top: the BEL of a name is not shown escaped"
screen | grep -q -F '\x1b[2Jy 1' || fail "--collapse: ESC not shown escaped on a terminal"
[ "$($T display -p -t 0 '#{pane_title}')" != pwned ] || fail "a frame name retitled the pane"
[ "$("$FLAMETUI" --collapse "$tmp/osc.folded" | od -An -c | tr -d ' \n')" = \
  '033]0;pwned\ax;033[2Jy1\n' ] || fail "--collapse into a pipe is not raw"

# 7. a 64 MB frame name: keys stay quick with it selected (the status line escaped and
#    measured the whole name on every redraw: 1.4 s per key). A timing test: not under
#    valgrind, which needs longer than a step's 10 s just to load 64 MB.
[ -n "${FLAMETUI_VALGRIND:-}" ] && exit 0
fresh
{ head -c 67108864 /dev/zero | tr '\000' x; printf ' 1\nb 2\n'; } > "$tmp/long.folded"
start "$FLAMETUI" --max-line=128M "$tmp/long.folded"
wait_for '^all  3 samples'
keys k
wait_for '^b  2 samples'
i=0
while [ $i -lt 40 ]; do keys l h; i=$((i + 1)); done
keys l
wait_for '^x+\.\.  1 sample '
quit_ok
rm -f "$tmp/long.folded"
exit 0
