#!/bin/sh
# SPDX-License-Identifier: MIT
# flametui - e2e: hostile input in the viewer. A file truncated while it loads
# is an error in the status line, not SIGBUS with the terminal left broken (1); an
# endless line never holds up a key (10); a quiet pipe shows its first line at once
# (11); --follow reads a truncated file again from the start (16).
. "$top_srcdir/tests/e2e/lib.sh"
command -v truncate > /dev/null 2>&1 || skip_all "no truncate(1)"

# 1 and 10. One line, then a sparse 64 GB hole: an endless line of NULs, read in steps.
printf 'main;first 5\n' > "$tmp/big.folded"
truncate -s 64G "$tmp/big.folded"
start "$FLAMETUI" "$tmp/big.folded"
wait_for 'LOADING'
wait_for '^ *first'
truncate -s 1000 "$tmp/big.folded"
wait_for 'changed while it was read'
wait_for '^ *first'                          # what was read is kept
quit_ok

# 10. q is seen at once while the endless line is being read
fresh
printf 'main;first 5\n' > "$tmp/big.folded"
truncate -s 64G "$tmp/big.folded"
start "$FLAMETUI" "$tmp/big.folded"
wait_for 'LOADING'
keys q
i=0
while [ ! -s "$tmp/rc" ] && [ $i -lt 20 ]; do sleep 0.1; i=$((i + 1)); done
[ -s "$tmp/rc" ] || fail "q took more than 2 s while an endless line was read"
[ "$(cat "$tmp/rc")" = 0 ] || fail "exit status $(cat "$tmp/rc") after q"
ok
rm -f "$tmp/big.folded"

# 11. a slow live stream: its first line is shown before a second one arrives
fresh
start "{ printf 'main;solo 5\n'; while [ ! -e '$tmp/stop' ]; do sleep 0.1; done; } | $FLAMETUI"
wait_for '^ *solo'
wait_for 'LIVE'
touch "$tmp/stop"                           # the pipeline ends once the writer does
quit_ok

# 16. --follow: truncated to less than was read, the new data is read from the start
fresh
i=0
: > "$tmp/log.folded"
while [ $i -lt 20 ]; do printf 'main;old 1\n' >> "$tmp/log.folded"; i=$((i + 1)); done
start "$FLAMETUI" --follow "$tmp/log.folded"
wait_for '^all  20 samples'
: > "$tmp/log.folded"
printf 'main;new 3\n' >> "$tmp/log.folded"
wait_for 'new'
wait_for 'file truncated'                  # the status line says so (a loader notice)
keys g                                     # the next key clears the message
wait_for '^all  23 samples'
quit_ok
exit 0
