#!/bin/sh
# SPDX-License-Identifier: MIT
# flametui - tests/compat/perf_corpus.sh: `flametui --collapse FLAGS perf/NAME` must equal
# stackcollapse-perf.pl's output perf-expected/<flagset>/NAME byte for byte, for all 485
# files of ../shared/corpus (its README maps each flagset directory to its flags).
# Then a few files again with --format=perf forced, and streamed through stdin.
. "${top_srcdir:-.}/tests/compat/lib.sh"

flags_for() {
    case $1 in
    default) echo "" ;;
    event-filter-*) echo "--event-filter=${1#event-filter-}" ;;
    tid+all+addrs) echo "--tid --all --addrs" ;;
    *) echo "--$1" ;;
    esac
}

total=0
for exp in "$corpus"/perf-expected/*/*; do
    [ -f "$exp" ] || continue
    set="${exp%/*}"
    set="${set##*/}"
    name="${exp##*/}"
    total=$((total + 1))
    # shellcheck disable=SC2046 # the flags are meant to split
    "$FLAMETUI" --collapse $(flags_for "$set") "$corpus/perf/$name" >"$tmp/out" 2>"$tmp/err"
    frc=$?
    if [ $frc -eq 0 ] && cmp -s "$tmp/out" "$exp"; then
        ok "$set/$name"
    elif [ ! -s "$exp" ] && [ $frc -eq 1 ] && [ ! -s "$tmp/out" ] &&
        grep -qE ': no samples (found \(|of event )' "$tmp/err"; then
        ok "$set/$name"   # the script prints nothing; flametui says so and exits 1
    elif [ $frc -eq 0 ] && grep -q 'without a call graph' "$tmp/err" &&
        grep -xF -f "$exp" "$tmp/out" | cmp -s - "$exp" &&
        ! grep -vxF -f "$exp" "$tmp/out" | grep -qvE '^[^;]*;[^;]* [0-9]+$'; then
        # the one deliberate difference: a sample without a call chain is
        # kept as comm;function, which the script drops; every other line is the same
        ok "$set/$name"
    else
        fail "differs: perf-expected/$set/$name"
    fi
done
[ "$total" -gt 0 ] || fail "no files under $corpus/perf-expected"

# --format=perf forced, and stdin (streamed in chunks as it arrives) for a few files
for name in example-perf-stacks.txt perf-java-stacks-02.txt quirk-11-whitespace-lines.txt \
    quirk-12-crlf.txt quirk-01-no-trailing-blank.txt perf-cycles-instructions-01.txt; do
    exp="$corpus/perf-expected/default/$name"
    if ! "$FLAMETUI" --collapse --format=perf "$corpus/perf/$name" >"$tmp/out" 2>/dev/null ||
        ! cmp -s "$tmp/out" "$exp"; then
        fail "differs with --format=perf: $name"
    else ok "--format=perf: $name"
    fi
    if ! "$FLAMETUI" --collapse - <"$corpus/perf/$name" >"$tmp/out" 2>/dev/null ||
        ! cmp -s "$tmp/out" "$exp"; then
        fail "differs through stdin: $name"
    else ok "stdin: $name"
    fi
    if ! cat "$corpus/perf/$name" | "$FLAMETUI" --collapse --tid --all --addrs - \
        >"$tmp/out" 2>/dev/null || ! cmp -s "$tmp/out" "$corpus/perf-expected/tid+all+addrs/$name"; then
        fail "differs through a pipe: $name"
    else ok "pipe: $name"
    fi
done
# one result per comparison: the 485 outputs, then the 18 forced/stdin/pipe runs
finish
