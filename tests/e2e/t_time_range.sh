#!/bin/sh
# SPDX-License-Identifier: MIT
# flametui - e2e: --from/--to and --group=cpu, batch and viewer alike.
# --from/--to past 10^9 s are refused (no overflow into a negative or inverted range);
# perf text without timestamps says so and exits 1; records out of time order count
# from the earliest one, in the viewer's time view and in the batch outputs alike (the
# same samples for the same --from/--to); --group=cpu roots every stack at "cpu N".
. "$top_srcdir/tests/e2e/lib.sh"

# --- options past 10^9 s
for v in 9223372037 9999999999 1000000001; do
    "$FLAMETUI" --from=$v --collapse "$data/perf-time.perf" > "$tmp/out" 2> "$tmp/err"
    rc=$?
    [ $rc = 2 ] && grep -q "invalid --from '$v'" "$tmp/err" && [ ! -s "$tmp/out" ] \
        && ok "--from=$v refused" || fail "--from=$v: exit $rc, $(cat "$tmp/err")"
done
"$FLAMETUI" --to=1000000000 --collapse "$data/perf-time.perf" > "$tmp/out" 2>&1 \
    && [ -s "$tmp/out" ] && ok "--to=1000000000 accepted: everything" || fail "--to=10^9"

# --- perf text without timestamps: a hint, exit 1
printf 'pp 1/1 1 cpu-clock: \n\t1 f (m)\n\npp 1/1 1 cpu-clock: \n\t1 g (m)\n\n' > "$tmp/nt.perf"
"$FLAMETUI" --collapse "$tmp/nt.perf" | grep -q '^pp;f 1$' && ok "untimed input reads" \
    || fail "untimed input"
"$FLAMETUI" --from=0.5 --collapse "$tmp/nt.perf" > "$tmp/out" 2> "$tmp/err"
rc=$?
[ $rc = 1 ] && grep -q 'nt.perf: no timestamps in the records: --from/--to need them' \
    "$tmp/err" && ok "--from on untimed input: a hint, exit 1" \
    || fail "--from on untimed input: exit $rc, '$(cat "$tmp/err")'"

# --- out of order: the first record at 10 s, then 1.0 .. 2.9 s (f before 2 s, g after)
awk 'BEGIN {
    printf "pp 1/1 10.000000: 1 cpu-clock: \n\t1 late (m)\n\n"
    for (i = 0; i < 20; i++)
        printf "pp 1/1 %d.%06d: 1 cpu-clock: \n\t1 %s (m)\n\n", 1 + int(i / 10),
               (i % 10) * 100000, i < 10 ? "f" : "g"
}' > "$tmp/ooo.perf"
"$FLAMETUI" --from=0 --to=1 --collapse "$tmp/ooo.perf" > "$tmp/out"
[ "$(cat "$tmp/out")" = "pp;f 10" ] && ok "batch: from the earliest record" \
    || fail "batch --from=0 --to=1: '$(cat "$tmp/out")'"
"$FLAMETUI" --from=1 --to=2 --collapse "$tmp/ooo.perf" > "$tmp/out"
[ "$(cat "$tmp/out")" = "pp;g 10" ] && ok "batch: --from=1 --to=2" \
    || fail "batch --from=1 --to=2: '$(cat "$tmp/out")'"
start_size 100 30 "$FLAMETUI" --from=1 --to=2 "$tmp/ooo.perf"
wait_for '^flametui: .*time:1s-2s'
wait_for '^ g( |$)'
screen | grep -qE '^ f( |$)' && fail "the viewer's --from=1 --to=2 shows f"
ok
keys T
wait_for 'selected 1s-2s: 10 samples'
# every record in its own place: the axis spans the 9 s (not one cell at 0)
wait_for '^0 +2s +4s +6s +8s'
quit_ok Q

# --- --group=cpu: a two-CPU system-wide profile (perf script -a text)
awk 'BEGIN {
    for (i = 0; i < 12; i++)
        printf "%s %d/%d [%03d] 5.%06d: 1 cpu-clock: \n\t1 %s (m)\n\t2 main (m)\n\n",
               i % 3 ? "aa" : "bb", 100, 100 + i % 3, i % 2, i * 10000, i % 4 ? "f" : "g"
}' > "$tmp/cpu.perf"
"$FLAMETUI" --group=cpu --collapse "$tmp/cpu.perf" > "$tmp/out"
[ "$(cut -d';' -f1 "$tmp/out" | sort -u | tr '\n' ' ')" = "cpu 0 cpu 1 " ] \
    && ok "--group=cpu: every stack under cpu 0 or cpu 1" || fail "--group=cpu: $(cat "$tmp/out")"
grep -q '^cpu 1;aa;main;f 4$' "$tmp/out" && ok "--group=cpu keeps the comm below the cpu" \
    || fail "--group=cpu counts: $(cat "$tmp/out")"
"$FLAMETUI" --group=cpu --from=0.05 --collapse "$tmp/cpu.perf" > "$tmp/out"
[ "$(awk '{ n += $NF } END { print n }' "$tmp/out")" = 7 ] && ok "--group=cpu with --from" \
    || fail "--group=cpu --from=0.05: $(cat "$tmp/out")"
# the viewer: --group=cpu, and P reaches cpu only when the records name one
fresh
start_size 100 30 "$FLAMETUI" --group=cpu "$tmp/cpu.perf"
wait_for '^flametui: .*group:cpu'
wait_for 'cpu 0( |$)'
wait_for 'cpu 1( |$)'
keys P
wait_for 'grouped by comm'
keys P P P P
wait_for 'grouped by cpu'
quit_ok Q
fresh
start_size 100 30 "$FLAMETUI" "$tmp/ooo.perf"
wait_for '^all  [1-9]'   # a P before the first record is no step of the cycle
wait_gone 'LOADING'
keys P P P P
wait_for 'grouped by comm'
quit_ok Q
finish
