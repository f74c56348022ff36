#!/bin/sh
# SPDX-License-Identifier: MIT
# flametui - tests/compat/time.sh: --from/--to, --group and --collapse-recursion on a
# real perf recording (tests/data/perf-time.perf: `sort --parallel=2` twice and a small
# threaded C program with a recursive fib, perf record -g -F 97, 5.8 s) against outputs
# generated once with stackcollapse-perf.pl / stackcollapse-recursive.pl
# (tests/compat/gen_time_expected.sh; --from/--to: records cut by time with awk).
[ -x "$FLAMETUI" ] || { echo "FAIL: FLAMETUI='$FLAMETUI' is not executable"; exit 1; }
d="${top_srcdir:-.}/tests/data"
in=$d/perf-time.perf
tmp=$(mktemp -d) || exit 99
trap 'rm -rf "$tmp"' EXIT
npass=0; nfail=0
fail() { nfail=$((nfail+1)); echo "FAIL: $*"; }

# check NAME OPTION...: --collapse with the options == perf-time.NAME.expected.folded,
# on one thread and on two (the batch collapser splits big inputs over threads)
check() {
    name=$1; shift
    for th in 1 2; do
        if ! FLAMETUI_THREADS=$th "$FLAMETUI" --collapse "$@" "$in" > "$tmp/out" 2> "$tmp/err"; then
            fail "$name ($th threads): exit status $? ($(cat "$tmp/err"))"
        elif ! cmp -s "$d/perf-time.$name.expected.folded" "$tmp/out"; then
            fail "$name ($th threads): $*"
            diff "$d/perf-time.$name.expected.folded" "$tmp/out" | head -10
        else
            npass=$((npass+1))
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
if cmp -s "$tmp/sum" "$tmp/all"; then npass=$((npass+1)); else fail "ranges do not add up"; fi
# bad values are usage errors
for bad in --from=-1 --to=x --from= --group=process; do
    "$FLAMETUI" --collapse "$bad" "$in" > /dev/null 2>&1
    if [ $? -eq 2 ]; then npass=$((npass+1)); else fail "$bad: not a usage error"; fi
done
# --text and --top see the range too
n1=$("$FLAMETUI" --top=1000 --from=1.5 --to=3.25 "$in" | wc -l)
n2=$("$FLAMETUI" --top=1000 "$in" | wc -l)
if [ "$n1" -lt "$n2" ]; then npass=$((npass+1)); else fail "--top ignores the range ($n1 >= $n2)"; fi
echo "$npass passed, $nfail failed"
[ $nfail -eq 0 ] && [ $npass -gt 0 ]
