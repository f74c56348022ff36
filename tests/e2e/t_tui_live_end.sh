#!/bin/sh
# SPDX-License-Identifier: MIT
# flametui - e2e: how the viewer ends its inputs.
# - A live pipe that ends without a single sample (the producer failed: `perf script`
#   with a bad option) leaves the full screen, says so on stderr and exits 1; the
#   producer's own message stays readable on the terminal. (Before: an empty viewer.)
# - A live pipe that delivered samples, then ended, stays in the viewer showing EOF.
# - Regular files: the status line stops saying LOADING once they are loaded (one file
#   of a few MB, two files).
. "$top_srcdir/tests/e2e/lib.sh"
wait_rc() {    # STATUS: the command in the pane ended with exit status STATUS
    i=0
    while [ ! -s "$tmp/rc" ] && [ $i -lt 100 ]; do sleep 0.1; i=$((i + 1)); done
    [ -s "$tmp/rc" ] || fail "flametui did not return to the shell"
    [ "$(cat "$tmp/rc")" = "$1" ] || fail "exit status $(cat "$tmp/rc"), want $1"
}

# The producer writes its complaint and fails before flametui starts reading (the
# reader waits for it), so the order on the terminal is fixed.
cat > "$tmp/producer.sh" <<'EOP'
echo "perf: usage: bad option" >&2
touch "$1/said"
exit 1
EOP
cat > "$tmp/reader.sh" <<'EOR'
while [ ! -e "$1/said" ]; do sleep 0.05; done
exec "$2" -
EOR
start "sh '$tmp/producer.sh' '$tmp' | sh '$tmp/reader.sh' '$tmp' '$FLAMETUI'"
wait_rc 1
screen | grep -q '^perf: usage: bad option$' || fail "the producer's message is gone"
screen | grep -q '^flametui: stdin: no samples' || fail "no 'flametui: stdin: no samples'"
screen | grep -q 'EOF' && fail "the viewer's status line is left on the terminal"
ok

# Samples, then the end: the viewer stays, showing EOF.
fresh
start "printf 'main;a 3\nmain;b 1\n' | $FLAMETUI -"
wait_for 'EOF 4 samples$'
screen | grep -q 'LOADING' && fail "LOADING after the pipe ended"
wait_for '^ *all'
quit_ok
ok

# Regular files of a few MB: LOADING goes once they are loaded.
awk 'BEGIN { for (i = 0; i < 200000; i++)
                 printf "main;f%d;g%d;h%d %d\n", i % 97, i % 13, i, 1 + i % 5 }' \
    > "$tmp/big.folded"
cp "$tmp/big.folded" "$tmp/big2.folded"
fresh
start "$FLAMETUI '$tmp/big.folded'"
wait_for 'big.folded  600,000 samples'
wait_for '^all  600,000 samples'
wait_gone 'LOADING'
screen | grep -E -q 'LIVE|EOF' && fail "a regular file shown as live"
quit_ok
ok

fresh
start "$FLAMETUI '$tmp/big.folded' '$tmp/big2.folded'"
wait_for '2 inputs  1,200,000 samples'
wait_for '^all  1,200,000 samples'
wait_gone 'LOADING'
screen | grep -E -q 'LIVE|EOF' && fail "regular files shown as live"
quit_ok
ok


# EOF stays on the status line of every screen when a long search shares it: the time
# view, the flame chart and the table give the live state the room the flame graph's
# status finds (before: the time view and the chart dropped the whole right part when it
# was wider than half the line, so the end of a live input could not be seen there).
pat='asm_sysvec_apic_timer_interrupt|this_alternative_makes_the_search_long'
fresh
start_size 100 30 "cat '$data/perf-threads.perf' | $FLAMETUI -"
wait_for 'EOF 67 samples$'
keys / "$pat" Enter
wait_for 'EOF 67 samples$'
for k in T O t; do
    keys "$k"
    case $k in
    T) wait_for '^cursor ' ;;
    O) wait_for 'lanes|click a frame' ;;
    t) wait_for 'SELF' ;;
    esac
    line 30 | grep -q 'EOF 67' || fail "$k: no EOF on the status line: $(line 30)"
    ok "$k: EOF on the status line beside the search"
    keys q
done
# the flame graph: a search of 25 columns and a short frame line fit the line's width,
# but took more than half of it, so the painter dropped the search and EOF together
keys / C-u 'cmp|hash_work|abcdefghijk' Enter
wait_for '^all  '
line 30 | grep -q 'EOF 67' || fail "flame graph: no EOF beside a search: $(line 30)"
ok "flame graph: EOF on the status line beside a medium search"
quit_ok
