#!/bin/sh
# SPDX-License-Identifier: MIT
# flametui - e2e, C round-trips: the command line C prints reopens the state it came
# from. Each state is made with keys (grouping, recursion, event, names, filters) and
# start options (time range, base); the printed command, run with --collapse, writes
# the same stacks as S (the view as shown) wrote in the viewer. Standard input without
# --tee says that it cannot be reopened; e after the file changed keeps the profile.
. "$top_srcdir/tests/e2e/lib.sh"
cd "$tmp" || exit 99
thr="$data/perf-threads.perf"
ev="$data/perf-events.perf"

# cmdline: the command C shows (the status line's first line starting with "flametui ")
cmdline() {
    keys C
    wait_for '^flametui '
    screen | grep -E '^flametui ' | sed 's/ *$//' > "$tmp/cmd"
}
# roundtrip WHAT: runs the shown command with --collapse (in the test's directory) and
# compares with the S file s.folded
roundtrip() {
    eval "set -- $(sed 's/^flametui //' "$tmp/cmd")"
    "$FLAMETUI" --collapse "$@" > "$tmp/c.folded" 2>"$tmp/c.err" ||
        fail "$1: the command of C failed: $(cat "$tmp/c.err")"
    cmp -s "$tmp/c.folded" "$tmp/s.folded" && ok "$*: C reopens the state" || {
        diff "$tmp/s.folded" "$tmp/c.folded" | head -20 >&2
        fail "$(cat "$tmp/cmd"): not the state it came from"
    }
}
save_view() {
    keys S; keys -l "$tmp/s.folded"; keys Enter
    wait_for 'saved'
}

# 1. grouping (P), recursion (R), full names (L), a filter (f), and a time range
start_size 300 24 "$FLAMETUI --from=0.1 --to=0.45 $thr"
wait_for '^all  [1-9]'   # a P before the first record is no step of the cycle
wait_gone 'LOADING'
keys P; wait_for 'grouped by pid'
keys P; wait_for 'grouped by tid'
keys R; wait_for 'recursion'
keys L
keys F; keys -l 'hash'; keys Enter
save_view
cmdline
grep -q -- '--group=tid' "$tmp/cmd" && grep -q -- '--collapse-recursion' "$tmp/cmd" &&
    grep -q -- '--from=0.1 --to=0.45' "$tmp/cmd" && grep -q -- '--names=full' "$tmp/cmd" &&
    ok || fail "C: $(cat "$tmp/cmd")"
roundtrip
quit_ok

# 2. the event chosen with e
fresh
start_size 300 24 "$FLAMETUI $ev"
wait_for 'cpu-clock \(1 other event'
keys e
wait_for 'task-clock \(1 other event'
save_view
cmdline
grep -q -- '--event-filter=task-clock' "$tmp/cmd" && ok || fail "C: $(cat "$tmp/cmd")"
roundtrip
quit_ok

# 3. a diff: C keeps --base
fresh
printf 'main;a 5\nmain;b 5\n' > "$tmp/base.folded"
printf 'main;a 2\nmain;b 9\n' > "$tmp/new.folded"
start_size 300 24 "$FLAMETUI --base=$tmp/base.folded $tmp/new.folded"
wait_for 'samples'
cmdline
grep -q -- "--base=$tmp/base.folded" "$tmp/cmd" && ok || fail "C: $(cat "$tmp/cmd")"
quit_ok

# 4. standard input without --tee: C says it cannot be reopened
fresh
start_size 300 24 "cat $thr | $FLAMETUI -"
wait_for 'samples'
keys C
wait_for 'stdin cannot be reopened: use --tee=FILE'
quit_ok


# 5. e after the input file changed: the profile shown stays, the status line says why
fresh
cp "$ev" "$tmp/ev.perf"
start_size 200 24 "$FLAMETUI $tmp/ev.perf"
wait_for 'cpu-clock \(1 other event'
printf 'garbage\n' > "$tmp/ev.perf"
keys e
wait_for 'ev.perf changed since it was read: restart with --event-filter=task-clock'
wait_for '150 samples'
screen | grep -q 'spin_a' && ok "the profile stays" || fail "e discarded the profile"
quit_ok
