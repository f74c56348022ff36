#!/bin/sh
# SPDX-License-Identifier: MIT
# flametui - e2e, keep and share: --save on q and on SIGHUP equals --collapse
# of the same input, --tee keeps the raw bytes, Ctrl-C in a live session stops the
# recording (the pipeline) and keeps the profile marked EOF, a second Ctrl-C quits; S
# saves the view; C shows the command line of the state; --zoom/--select.
. "$top_srcdir/tests/e2e/lib.sh"
in="$data/tui-basic.folded"
"$FLAMETUI" --collapse "$in" > "$tmp/want" || fail "--collapse"
# live CMD...: runs CMD with a pipe on its stdin that stays open (sleep 30 holds it) and
# writes CMD's exit status to $tmp/rc and its pid to $tmp/pid (the pipeline itself
# ends only with the sleep)
printf '#!/bin/sh\necho $$ > "%s/pid"\nexec "$@"\n' "$tmp" > "$tmp/pid.sh"
live() {
    start "(cat $in; sleep 30) | sh -c 'sh $tmp/pid.sh $*; echo \$? > $tmp/rc'"
}
same() {   # same FILE WHAT
    cmp -s "$1" "$tmp/want" && ok || { diff "$tmp/want" "$1" >&2; fail "$2: not --collapse's output"; }
}

# 1. q in a live session (a pipe that stays open) with --save and --tee
live "$FLAMETUI --save=$tmp/q.folded --tee=$tmp/q.tee -"
wait_for 'LIVE .*100 samples'
keys C                                     # standard input: the --tee file reopens it
wait_for "^flametui $tmp/q.tee"
quit_ok
same "$tmp/q.folded" "q"
cmp -s "$tmp/q.tee" "$in" && ok || fail "--tee: not the input's bytes"
ls "$tmp"/.q.folded.* >/dev/null 2>&1 && fail "--save left a temporary file" || ok

# 2. SIGHUP (a dropped SSH connection) saves too, and exits 129
fresh
live "$FLAMETUI --save=$tmp/hup.folded -"
wait_for 'LIVE .*100 samples'
kill -HUP "$(cat "$tmp/pid")"
rc=$(wait_rc "SIGHUP")
[ "$rc" = 129 ] && ok || fail "SIGHUP: exit status $rc"
same "$tmp/hup.folded" "SIGHUP"

# 3. Ctrl-C in a live session: the writer (in the pipeline) gets SIGINT and ends, the
#    viewer stays with the profile, EOF; the second Ctrl-C quits with status 0
fresh
start "yes 'a;b 1' | $FLAMETUI --save=$tmp/int.folded -"
wait_for 'LIVE'
keys C-c
wait_for 'EOF'
wait_for 'recording stopped'
n1=$(screen | grep -o '[0-9]* samples$')
sleep 0.5
[ "$(screen | grep -o '[0-9]* samples$')" = "$n1" ] && ok || fail "Ctrl-C: samples still growing"
[ -s "$tmp/rc" ] && fail "the first Ctrl-C quit" || ok
quit_ok C-c
grep -q '^a;b [0-9][0-9]*$' "$tmp/int.folded" && ok || fail "Ctrl-C: --save file '$(head -c 80 "$tmp/int.folded")'"

# 4. a writer outside the terminal's job (no SIGINT for it): the input is closed after a
#    quiet second
fresh
mkfifo "$tmp/fifo"
(cat "$in"; sleep 30) > "$tmp/fifo" &
writer=$!
tap_cleanup='kill $writer 2>/dev/null; e2e_cleanup'
start "$FLAMETUI $tmp/fifo"
wait_for 'LIVE .*100 samples'
keys C-c
wait_for 'EOF .*100 samples'
quit_ok
kill $writer 2>/dev/null

# 5. S writes the view as shown (here: all of it; then with an exclude filter), says so
fresh
start "$FLAMETUI $in"
wait_for '^all  100 samples'
keys S
wait_for 'save the view as shown to:'
keys -l "$tmp/s1.folded"
keys Enter
wait_for 'saved all samples to'
same "$tmp/s1.folded" "S"
keys F
keys -l other
keys Enter
wait_for 'exclude:other'
keys S
keys -l "$tmp/s2.folded"
keys Enter
wait_for 'saved the view as shown \(exclude:other\)'
"$FLAMETUI" --collapse --exclude=other "$in" | cmp -s - "$tmp/s2.folded" && ok ||
    fail "S with a filter: not --collapse --exclude's output"
quit_ok

# 6. --zoom and --select open the viewer there; C shows the command line of the state,
#    and that command line opens the same state
fresh
start_size 200 24 "$FLAMETUI --zoom=main --select='main;beta' $in"
wait_for 'zoom main'
wait_for '^beta  20 samples'
keys / ; keys -l 'ph a'; keys Enter
keys C
wait_for "flametui --search='ph a' --zoom=main --select='main;beta' $in"
quit_ok
fresh
start "$FLAMETUI --search='ph a' --zoom=main --select='main;beta' $in"
wait_for '^beta  20 samples'
quit_ok
