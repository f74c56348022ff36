#!/bin/sh
# SPDX-License-Identifier: MIT
# flametui - tests/compat/perf_data.sh: the perf script files recorded for this repository
# (tests/data/perf-*.perf) collapsed by flametui must equal the outputs of the reference
# stackcollapse-perf.pl (FlameGraph 41fee1f, ../shared/oracles) stored beside them:
#   NAME.expected.folded        stackcollapse-perf.pl NAME.perf
#   NAME.FLAGS.expected.folded  stackcollapse-perf.pl --FLAGS NAME.perf (all, pid+tid, addrs,
#                               ev-EVENT for --event-filter=EVENT; only where the output
#                               differs from the default)
# The references were generated once, with Perl; this test needs no Perl and no corpus.
# Each file is also read through a pipe and with --format=perf forced. To regenerate (on
# purpose, reviewing the diff): for each file and flag set,
#   perl ../shared/oracles/FlameGraph/stackcollapse-perf.pl [--all | --pid --tid | --addrs] \
#       tests/data/NAME.perf > tests/data/NAME[.FLAGS].expected.folded
. "${top_srcdir:-.}/tests/lib.sh"
[ -x "$FLAMETUI" ] || { fail "FLAMETUI='$FLAMETUI' is not executable"; exit 1; }
d="${top_srcdir:-.}/tests/data"
tmp=$(mktemp -d) || exit 99
tap_cleanup='rm -rf "$tmp"'
check() { # NAME EXPECTED: $tmp/out == EXPECTED
    if cmp -s "$2" "$tmp/out"; then ok "$1"; else
        fail "$1"; diff "$2" "$tmp/out" | head -10; fi
}
n=0
for exp in "$d"/perf-*.expected.folded; do
    [ -f "$exp" ] || continue
    b=${exp##*/}; b=${b%.expected.folded}
    name=${b%%.*}; set=${b#"$name"}; set=${set#.}
    case $set in
    "") flags="" ;;
    all) flags="--all" ;;
    pid+tid) flags="--pid --tid" ;;
    addrs) flags="--addrs" ;;
    ev-*) flags="--event-filter=${set#ev-}" ;;   # stackcollapse-perf.pl --event-filter=EV
    *) fail "$exp: unknown flag set '$set'"; continue ;;
    esac
    in="$d/$name.perf"
    n=$((n + 1))
    # shellcheck disable=SC2086 # the flags are meant to split
    "$FLAMETUI" --collapse $flags "$in" > "$tmp/out" 2> /dev/null
    check "$name ${flags:-(default)}" "$exp"
    if [ -z "$set" ]; then
        "$FLAMETUI" --collapse --format=perf - < "$in" > "$tmp/out" 2> /dev/null
        check "$name through stdin with --format=perf" "$exp"
        cat "$in" | "$FLAMETUI" --collapse > "$tmp/out" 2> /dev/null
        check "$name through a pipe" "$exp"
    fi
done
[ $n -ge 5 ] || { fail "only $n reference outputs in $d"; }
finish
