#!/bin/sh
# SPDX-License-Identifier: MIT
# Generates (ONCE, by hand) the expected outputs of tests/compat/time.sh with the
# reference scripts: FlameGraph's stackcollapse-perf.pl and stackcollapse-recursive.pl.
# --from/--to: the perf script records are cut by time with awk first (t0 = the first
# record's time; integer microseconds, so no rounding), then collapsed.
# Usage: sh tests/compat/gen_time_expected.sh FLAMEGRAPH_DIR   (not run by make check)
set -eu
fg=${1:?FlameGraph directory}
d=$(dirname "$0")/../data
in=$d/perf-time.perf
cut() { # FROM_US TO_US (-1: no end)
    awk -v from="$1" -v to="$2" '
    function us(tok,   a) { sub(/:$/, "", tok); split(tok, a, "."); return a[1] * 1000000 + a[2] }
    /^[^ \t#]/ && match($0, / [0-9]+\.[0-9]+: /) {
        t = us(substr($0, RSTART + 1, RLENGTH - 2))
        if (!have) { t0 = t; have = 1 }
        keep = (t - t0 >= from) && (to < 0 || t - t0 < to)
    }
    /^#/ { print; next }
    keep { print }' "$in"
}
gen() { # NAME FROM_US TO_US
    cut "$2" "$3" | perl "$fg/stackcollapse-perf.pl" > "$d/time/$1.folded"
}
gen r0-1 0 1000000
gen r1.5-3.25 1500000 3250000
gen r2-2 2000000 2000000
gen r3-end 3000000 -1
gen r0-2 0 2000000
gen r5.5-100 5500000 100000000
gen r10-20 10000000 20000000
# the default and --pid --tid also join tests/compat/perf_data.sh's set
perl "$fg/stackcollapse-perf.pl" "$in" > "$d/perf-time.expected.folded"
perl "$fg/stackcollapse-perf.pl" --pid --tid "$in" > "$d/perf-time.pid+tid.expected.folded"
perl "$fg/stackcollapse-perf.pl" --pid "$in" > "$d/time/pid.folded"
perl "$fg/stackcollapse-perf.pl" --tid "$in" > "$d/time/tid.folded"
# --group=none: no process frame: the comm collapse with its first frame cut off and
# equal stacks summed (sorted in byte order as the script sorts its keys)
perl "$fg/stackcollapse-perf.pl" "$in" | sed 's/^[^;]*;//' |
    awk '{ i = match($0, / [0-9]+$/); s[substr($0, 1, i - 1)] += substr($0, i + 1) }
         END { for (k in s) printf "%s %d\n", k, s[k] }' | LC_ALL=C sort \
    > "$d/time/none.folded"
perl "$fg/stackcollapse-perf.pl" "$in" | perl "$fg/stackcollapse-recursive.pl" \
    > "$d/time/recursive.folded"
