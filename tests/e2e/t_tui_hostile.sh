#!/bin/sh
# SPDX-License-Identifier: MIT
# flametui - e2e, hostile cases of the interface: every signal that ends the process
# gives the terminal back (SIGQUIT, SIGALRM, SIGUSR1, SIGUSR2: 128+N, echo and icanon
# back on), SIGPIPE is ignored, a catastrophic search says "pattern too expensive" and q
# still quits at once, 2>&- does not swallow a --follow input, names on stderr are
# escaped on a terminal, 70 idle live inputs do not busy-loop, a 12 MB frame name does
# not slow keys down, and running out of descriptors says so.
. "$top_srcdir/tests/e2e/lib.sh"

tty_of() { $T display -p -t 0 '#{pane_tty}'; }
restored='^0 1 0 0000$'

# 1. signals whose default action ends the process
for sn in QUIT:3 USR1:10 USR2:12 ALRM:14; do   # Linux numbers
    sig=${sn%:*}
    fresh
    start "sh -c 'echo \$\$ > $tmp/pid; exec $FLAMETUI $data/tui-basic.folded'"
    wait_for '^all  100 samples'
    kill -$sig "$(cat "$tmp/pid")"
    rc=$(wait_rc "SIG$sig")
    want=$((128 + ${sn#*:}))
    [ "$rc" = "$want" ] || fail "SIG$sig: exit status $rc, want $want"
    wait_modes "$restored" "SIG$sig: after"
    stty -a < "$(tty_of)" | grep -E -q '(^| )echo( |$)' || fail "SIG$sig: echo left off"
    stty -a < "$(tty_of)" | grep -E -q '(^| )icanon( |$)' || fail "SIG$sig: icanon left off"
    ok
done
# SIGPIPE is ignored: the viewer goes on
fresh
start "sh -c 'echo \$\$ > $tmp/pid; exec $FLAMETUI $data/tui-basic.folded'"
wait_for '^all  100 samples'
kill -PIPE "$(cat "$tmp/pid")"
sleep 0.3
[ -s "$tmp/rc" ] && fail "SIGPIPE ended the viewer (status $(cat "$tmp/rc"))"
keys '?'
wait_for 'Quit'
keys '?'
quit_ok

# 2. a catastrophic search: reported, and q is seen at once
fresh
awk 'BEGIN { for (i = 0; i < 20000; i++) printf "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaa%d 1\n", i }' \
    > "$tmp/cat.folded"
start "$FLAMETUI" "$tmp/cat.folded"
wait_for '20,000 samples'
keys '/' '(a+)+$' Enter
wait_for 'pattern too expensive'
quit_ok

# 3. 2>&-: the stderr capture must not land on the --follow file
fresh
printf 'main;a 5\n' > "$tmp/follow.folded"
start "$FLAMETUI --follow $tmp/follow.folded 2>&-"
wait_for '5 samples'
quit_ok

# 4. names on stderr are escaped on a terminal: the title stays
fresh
bad=$(printf 'x\033]0;pwned\007y')
$T new-session -d -x 80 -y 24 "sh" || exit 99
keys "printf '\\033]0;clean\\007'; $FLAMETUI --text '$tmp/$bad' ; printf 'rc=%s\\n' \$?" Enter
wait_for 'rc=1'
screen | grep -q 'x\\x1b\]0;pwned' || fail "the name was not escaped on stderr"
title=$($T display -p -t 0 '#{pane_title}')
[ "$title" = pwned ] && fail "a file name retitled the terminal"
ok
printf 'main;a 1\nbad line\n' > "$tmp/$bad"
keys "clear; $FLAMETUI --text '$tmp/$bad' >/dev/null; printf 'rc=%s\\n' \$?" Enter
wait_for 'rc=0'
screen | grep -q 'skipped' || fail "no lines-skipped message"
title=$($T display -p -t 0 '#{pane_title}')
[ "$title" = pwned ] && fail "the lines-skipped message retitled the terminal"
ok

# 5. 70 idle live inputs: poll on all of them, no busy loop
fresh
i=0; files=""
while [ $i -lt 70 ]; do
    mkfifo "$tmp/f$i"; files="$files $tmp/f$i"; i=$((i + 1))
done
start "sh -c 'echo \$\$ > $tmp/pid; exec $FLAMETUI $files'"
i=0   # hold every FIFO open without writing (one shell per FIFO)
for f in $files; do sleep 30 > "$f" & done
wait_for '70 inputs'
pid=$(cat "$tmp/pid")
sleep 1
t0=$(awk '{ print $14 + $15 }' "/proc/$pid/stat")
sleep 2
t1=$(awk '{ print $14 + $15 }' "/proc/$pid/stat")
ticks=$(getconf CLK_TCK)
# idle: well under 20% of a core over 2 s
[ $((t1 - t0)) -lt $((ticks * 2 / 5)) ] || fail "70 idle inputs: $((t1 - t0)) ticks of CPU in 2 s"
ok
quit_ok
for j in $(jobs -p); do kill "$j" 2>/dev/null; done

# 6. a 12 MB frame name (under the 16 MiB line cap): 40 keys in the table and
# the sandwich stay fast
# A timing test: not under valgrind (tests/valgrind.sh), which is far slower than 600 ms.
if [ -n "${FLAMETUI_VALGRIND:-}" ]; then
    skip "12 MB name timing under valgrind"
else
    fresh
    awk 'BEGIN { s = "x"; while (length(s) < 8388608) s = s s; s = s substr(s, 1, 4194304); print "main;" s " 3"; print "main;b 1" }' \
        > "$tmp/long.folded"
    start "$FLAMETUI" "$tmp/long.folded"
    wait_for '4 samples'
    keys t
    wait_for 'FUNCTION'
    keys Enter
    sleep 1
    t0=$(date +%s%N)
    keys j j j j j j j j j j k k k k k k k k k k j j j j j j j j j j k k k k k k k k k k '?'
    wait_for 'Quit'
    t1=$(date +%s%N)
    ms=$(( (t1 - t0) / 1000000 ))
    echo "41 keys with a 12 MB name: $ms ms"
    [ $ms -lt 600 ] || fail "41 keys took $ms ms with a 12 MB name"
    keys '?'
    wait_gone 'Quit'
    keys q                 # back from the sandwich to the table it came from
    wait_for 'hottest functions'
    keys q                 # and to the graph
    wait_for '^all  4 samples'
    quit_ok
fi

# 7. out of descriptors: say what failed, not only "the terminal"
# Not under valgrind (tests/valgrind.sh): valgrind itself needs more than 16 descriptors.
if [ -n "${FLAMETUI_VALGRIND:-}" ]; then
    skip "out of descriptors under valgrind"
else
    fresh
    $T new-session -d -x 80 -y 24 "sh" || exit 99
    printf 'leak:new_prescr\n' >> "$tmp/lsan.supp"   # ncurses' own, when newterm fails
    keys "ulimit -n 16; $FLAMETUI $(i=0; while [ $i -lt 12 ]; do printf '%s ' "$data/tui-basic.folded"; i=$((i + 1)); done) </dev/null; printf 'rc=%s\\n' \$?" Enter
    wait_for '^rc=[0-9]+$'
    screen | tr -d '\n' | grep -E -q 'cannot initialise the terminal \(TERM=[^)]*\)rc=' &&
        fail "out of descriptors reported as a terminal problem"
    screen | tr -d '\n' | grep -E -q -i 'too many open files' || fail "no word about descriptors"
    ok
fi
