#!/bin/sh
# SPDX-License-Identifier: MIT
# flametui - tests/compat/time.sh: --from/--to, --group and --collapse-recursion on a
# real perf recording (tests/data/perf-time.perf: `sort --parallel=2` twice and a small
# threaded C program with a recursive fib, perf record -g -F 97, 5.8 s) against outputs
# generated once with stackcollapse-perf.pl / stackcollapse-recursive.pl
# (tests/compat/gen_time_expected.sh; --from/--to: records cut by time with awk).
. "${top_srcdir:-.}/tests/compat/data_lib.sh"
d="${top_srcdir:-.}/tests/data"
in=$d/perf-time.perf

# check NAME OPTION...: --collapse with the options == tests/data/time/NAME.folded,
# on one thread and on two (the batch collapser splits big inputs over threads)
check() {
    name=$1; shift
    for th in 1 2; do
        if ! FLAMETUI_THREADS=$th "$FLAMETUI" --collapse "$@" "$in" > "$tmp/out" 2> "$tmp/err"; then
            fail "$name ($th threads): exit status $? ($(cat "$tmp/err"))"
        elif ! cmp -s "$d/time/$name.folded" "$tmp/out"; then
            fail "$name ($th threads): $*"
            diff "$d/time/$name.folded" "$tmp/out" | head -10
        else
            ok
        fi
    done
}
check r0-1 --from=0 --to=1
check r0-2 --to=2
check r1.5-3.25 --from=1.5 --to=3.25
check r2-2 --from=2 --to=2              # empty
check r3-end --from=3
check r5.5-100 --from=5.5 --to=100      # past the end
check r10-20 --from=10 --to=20          # wholly past the end: empty
check pid --group=pid
check pid --pid
check tid --group=tid
check tid --tid
check tid --pid --group=tid             # --group wins over the alias
check none --group=none
check recursive --collapse-recursion
# the parts of a range add up to the whole
"$FLAMETUI" --collapse --to=2.5 "$in" > "$tmp/a" && "$FLAMETUI" --collapse --from=2.5 "$in" > "$tmp/b" &&
    cat "$tmp/a" "$tmp/b" | awk '{ i = match($0, / [0-9]+$/); s[substr($0, 1, i - 1)] += substr($0, i + 1) }
        END { for (k in s) printf "%s %d\n", k, s[k] }' | LC_ALL=C sort > "$tmp/sum" &&
    "$FLAMETUI" --collapse "$in" > "$tmp/all"
if cmp -s "$tmp/sum" "$tmp/all"; then ok; else fail "ranges do not add up"; fi
# a file over 1 MB is collapsed on several threads: each must know t0, the first record's
# time in the WHOLE input (the copies are shifted by 6 s each)
for k in 0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15; do
    awk -v k="$k" '/^[^ \t#]/ && match($0, / [0-9]+\.[0-9]+: /) {
        t = substr($0, RSTART + 1, RLENGTH - 3); split(t, a, ".")
        $0 = substr($0, 1, RSTART) sprintf("%d.%06d", a[1] + 6 * k, a[2]) substr($0, RSTART + RLENGTH - 2) }
        { print }' "$in"
done > "$tmp/big.perf"
[ "$(wc -c < "$tmp/big.perf")" -gt 1100000 ] || fail "big.perf is too small to be split"
for r in "--from=0 --to=1" "--from=30 --to=61.5" "--from=90" "--to=200" "--from=95.5 --to=200"; do
    # shellcheck disable=SC2086
    FLAMETUI_THREADS=1 "$FLAMETUI" --collapse $r "$tmp/big.perf" > "$tmp/one"
    # shellcheck disable=SC2086
    FLAMETUI_THREADS=2 "$FLAMETUI" --collapse $r "$tmp/big.perf" > "$tmp/two"
    if [ -s "$tmp/one" ] && cmp -s "$tmp/one" "$tmp/two"; then ok; else
        fail "$r: two threads differ from one"; diff "$tmp/one" "$tmp/two" | head -5; fi
done
# hostile timestamps (18-digit seconds, time going backwards, a record without one) and a
# huge --to: no crash, and the same on two threads
{ printf 'aa 1/1 999999999999999999.999999999: 1 cpu-clock: \n\t1 f (/p)\n\n'
  printf 'aa 1/1 5.000000: 1 cpu-clock: \n\t1 g (/p)\n\n'
  printf 'aa 1/1 cpu-clock: \n\t1 h (/p)\n\n'
  cat "$in"; } > "$tmp/hostile.perf"
for r in "--from=0 --to=1" "--to=999999999" "--from=999999999"; do
    # shellcheck disable=SC2086
    "$FLAMETUI" --collapse $r "$tmp/hostile.perf" > "$tmp/h" 2>&1
    rc=$?
    if [ $rc -eq 0 ]; then ok; else fail "hostile timestamps $r: exit $rc"; cat "$tmp/h"; fi
done
# bad values are usage errors
for bad in --from=-1 --to=x --from= --group=process; do
    "$FLAMETUI" --collapse "$bad" "$in" > /dev/null 2>&1
    if [ $? -eq 2 ]; then ok; else fail "$bad: not a usage error"; fi
done
# --text and --top see the range too
n1=$("$FLAMETUI" --top=1000 --from=1.5 --to=3.25 "$in" | wc -l)
n2=$("$FLAMETUI" --top=1000 "$in" | wc -l)
if [ "$n1" -lt "$n2" ]; then ok; else fail "--top ignores the range ($n1 >= $n2)"; fi
finish
