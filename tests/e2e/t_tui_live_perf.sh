#!/bin/sh
# flametui - e2e: live tail of perf script text from a pipe: the first records are drawn
# while the writer waits, the rest arrives after the test releases it, then EOF with the
# same total as --collapse of the whole file.
. "$top_srcdir/tests/e2e/lib.sh"
f="$data/perf-threads.perf"
[ -r "$f" ] || { echo "SKIP: $f missing"; exit 77; }
total=$("$FLAMETUI" --collapse "$f" | awk '{ s += $NF } END { printf "%.0f", s }')
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
screen | grep -q "stdin  $total samples" && fail "all samples before the writer ended"
keys k
wait_for '^ftmt  '
touch "$tmp/go"
wait_for "EOF $total samples\$"
wait_for "stdin  $total samples"
quit_ok
