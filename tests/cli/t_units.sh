#!/bin/sh
# SPDX-License-Identifier: MIT
# flametui - tests/cli/t_units.sh: --top writes every weight in its profile's unit, as
# `go tool pprof -top` does (times, bytes) and names what other counts count; --raw keeps
# the plain numbers for scripts; SVG titles name the unit (flamegraph.pl's --countname);
# inputs merged in different units say so on stderr.
. "${top_srcdir:-.}/tests/cli/lib.sh"
F="$FLAMETUI"
d="$top_srcdir/tests/data"
row() { printf '%s\n' "$out" | grep -F -- "$1" | head -n 1 | tr -s ' ' | sed 's/^ //'; }

# ---- Go CPU: nanoseconds as time (go tool pprof -top: 1.17s 100% ... crypto/sha256.block)
run "$F" --top=3 "$d/go-sha256.pb.gz"
expect_eq "go cpu --top rc" 0 "$rc"
expect_eq "go cpu --top block" "1.17 s 100.00% 1.17 s 100.00% crypto/sha256.block" \
    "$(row crypto/sha256.block)"
expect_eq "go cpu --top header" "# SELF SELF% TOTAL TOTAL% NAME" \
    "$(printf '%s\n' "$out" | sed -n 1p | tr -s ' ')"
run "$F" --top=1 --raw "$d/go-sha256.pb.gz"
expect_eq "go cpu --top --raw" "1170000000 100.00% 1170000000 100.00% crypto/sha256.block" \
    "$(row crypto/sha256.block)"

# ---- Go heap: bytes (alloc_space), objects (alloc_objects) named in a first line
run "$F" --top=1 "$d/go-heap.pb.gz"
expect_eq "go heap --top bytes" "1.25 MiB 98.66% 1.25 MiB 98.66% main.allocBig" \
    "$(row main.allocBig)"
run "$F" --top=1 --sample-type=alloc_objects "$d/go-heap.pb.gz"
expect_eq "go heap objects: the unit line" "# unit: objects" "$(printf '%s\n' "$out" | sed -n 1p)"

# ---- perf: cpu-clock and task-clock periods are nanoseconds; other events are named
run "$F" --top=1 "$d/perf-events.perf"
expect_eq "perf cpu-clock --top" "475 ms 63.33% 490 ms 65.33% spin_a" "$(row spin_a)"
run "$F" --top=1 --event-filter=task-clock "$d/perf-events.perf"
expect_eq "perf task-clock --top" "470 ms 62.67% 495 ms 66.00% spin_a" "$(row spin_a)"
sed 's/ cpu-clock:/ page-faults:/' "$d/perf-events.perf" > "$tmp/pf.perf"
run "$F" --top=1 "$tmp/pf.perf"
expect_eq "perf page-faults: the unit line" "# unit: page-faults" \
    "$(printf '%s\n' "$out" | sed -n 1p)"
run "$F" --top=1 --weight=samples "$d/perf-events.perf"
expect_eq "perf --weight=samples: counts" "95 63.33% 98 65.33% spin_a" "$(row spin_a)"

# ---- SVG titles name the unit as flamegraph.pl --countname does
run "$F" --svg "$d/go-sha256.pb.gz"
case $out in
*"<title>crypto/sha256.block (1,170,000,000 ns, 100.00%)</title>"*) ok "svg: ns" ;;
*) fail "svg: ns: $(printf '%s\n' "$out" | grep -m1 -o '<title>crypto/sha256.block[^<]*')" ;;
esac
run "$F" --svg "$tmp/pf.perf"
case $out in
*"<title>all (750,000,000 page-faults, 100%)</title>"*) ok "svg: an event's name" ;;
*) fail "svg: an event's name: $(printf '%s\n' "$out" | grep -m1 -o '<title>all[^<]*')" ;;
esac
run "$F" --svg "$d/go-heap.pb.gz"
case $out in
*"<title>main.allocBig (1,315,788 bytes, 98.66%)</title>"*) ok "svg: bytes" ;;
*) fail "svg: bytes: $(printf '%s\n' "$out" | grep -m1 -o '<title>main.allocBig[^<]*')" ;;
esac

# ---- no --top of a perf or pprof profile shows a raw period of a million or more
for f in "$d"/perf-*.perf "$d"/go-*.pb.gz; do
    run "$F" --top=0 "$f"
    big=$(printf '%s\n' "$out" | grep -v '^#' | awk '{ for (i = 1; i < NF; i++)
        if ($i ~ /^[0-9]+$/ && length($i) >= 7) { print; exit } }')
    expect_eq "no raw period in --top of ${f##*/}" "" "$big"
done

# ---- mixed units: nanoseconds + samples are added, and stderr says so
run "$F" --top=1 "$d/go-cpu.pb.gz" "$d/tui-basic.folded"
expect_eq "mixed units rc" 0 "$rc"
case $err in
*"go-cpu.pb.gz: nanoseconds, "*"tui-basic.folded: samples: inputs in different units"*)
    ok "mixed units on stderr" ;;
*) fail "mixed units on stderr: got [$err]" ;;
esac
expect_eq "mixed units: the unit line" "# unit: mixed units" "$(printf '%s\n' "$out" | sed -n 1p)"
run "$F" --top=1 "$d/go-cpu.pb.gz" "$d/go-cpu.pb.gz"
expect_eq "the same unit twice: nothing on stderr" "" "$err"
finish
