#!/bin/sh
# SPDX-License-Identifier: MIT
# flametui - e2e: live tail of perf script text from a pipe: the first records are drawn
# while the writer waits, the rest arrives after the test releases it, then EOF with the
# same total as --collapse of the whole file.
. "$top_srcdir/tests/e2e/lib.sh"
f="$data/perf-threads.perf"
[ -r "$f" ] || skip_all "$f missing"
# the expected total, independently of flametui: the sum of the periods on the record
# header lines ("comm pid/tid time: PERIOD event:"), 67 records, each with a stack
total=$(awk '/^[^ \t#]/ { for (i = 1; i < NF; i++) if ($(i + 1) ~ /:$/ && $i ~ /^[0-9]+$/) {
                              s += $i; n++; break } }
             END { if (n == 67) printf "%.0f", s }' "$f")
[ "$total" = 690721626 ] || fail "$f: the periods add up to '$total', not 690721626"
awk 'BEGIN { RS = ""; ORS = "\n\n" } NR <= 10' "$f" > "$tmp/part1"
awk 'BEGIN { RS = ""; ORS = "\n\n" } NR > 10' "$f" > "$tmp/part2"
cat > "$tmp/writer.sh" <<EOW
cat '$tmp/part1'
while [ ! -e '$tmp/go' ]; do sleep 0.05; done
cat '$tmp/part2'
EOW
start "sh '$tmp/writer.sh' | $FLAMETUI -"
wait_for 'LIVE'
wait_for 'ftmt'
# the title: the 67 samples read and their weight, cpu-clock periods in nanoseconds
screen | grep -q "stdin  67 samples" && fail "all samples before the writer ended"
keys k
wait_for '^ftmt  '
touch "$tmp/go"
wait_for "EOF 67 samples\$"
wait_for "stdin  67 samples, 691 ms  cpu-clock  "   # 690721626 ns
quit_ok
