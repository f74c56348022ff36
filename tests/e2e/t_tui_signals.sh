#!/bin/sh
# SPDX-License-Identifier: MIT
# flametui - e2e: Ctrl-C quits with status 0; SIGTERM and SIGHUP restore the terminal and
# exit 128+N; --follow tails a growing file.
. "$top_srcdir/tests/e2e/lib.sh"
start "$FLAMETUI" "$data/tui-basic.folded"
wait_for '^all  100 samples'
keys C-c
i=0; while [ ! -s "$tmp/rc" ] && [ $i -lt 100 ]; do sleep 0.1; i=$((i + 1)); done
[ "$(cat "$tmp/rc" 2>/dev/null)" = 0 ] || fail "Ctrl-C: exit status $(cat "$tmp/rc" 2>/dev/null)"

for sig in TERM HUP; do
    fresh
    start "sh -c 'echo \$\$ > $tmp/pid; exec $FLAMETUI $data/tui-basic.folded'"
    wait_for '^all  100 samples'
    kill -$sig "$(cat "$tmp/pid")"
    i=0; while [ ! -s "$tmp/rc" ] && [ $i -lt 100 ]; do sleep 0.1; i=$((i + 1)); done
    rc=$(cat "$tmp/rc" 2>/dev/null)
    case $sig in TERM) want=143 ;; HUP) want=129 ;; esac
    [ "$rc" = "$want" ] || fail "SIG$sig: exit status '$rc', want $want"
    wait_gone '100 samples'                # the alternate screen was left
done

fresh
printf 'main;a 6\nmain;a 4\n' > "$tmp/grow.folded"
start "sh -c 'echo \$\$ > $tmp/pid; exec $FLAMETUI --follow $tmp/grow.folded'"
wait_for 'LIVE .* 10 samples$'
printf 'main;b 20\n' >> "$tmp/grow.folded"
wait_for 'LIVE .* 30 samples$'
# Waiting for a file to grow must not spin (a regular file always polls readable).
cpu() { awk '{ print $14 + $15 }' "/proc/$(cat "$tmp/pid")/stat"; }
if [ -r "/proc/$(cat "$tmp/pid")/stat" ]; then
    c0=$(cpu); sleep 1; c1=$(cpu)
    [ $((c1 - c0)) -lt 30 ] || fail "--follow idles at $((c1 - c0)) CPU ticks per second"
fi
wait_for '^ a +b$'
keys p
wait_for 'PAUSED'
keys p
wait_gone 'PAUSED'
quit_ok
