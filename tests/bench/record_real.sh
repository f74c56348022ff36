#!/bin/sh
# SPDX-License-Identifier: MIT
# flametui - tests/bench/record_real.sh: records the benchmark's headline input, a REAL
# profile: `perf record -F 4999 -g` of a mixed workload (a C program with a deep call graph
# built with frame pointers, gcc compiling, python3, gzip) for BENCH_REAL_SECONDS (default
# 20), converted with `perf script` into OUT, again and appended (perf script text
# concatenates) until OUT holds BENCH_REAL_MB (default 220) MB or 8 rounds were made.
# OUT is kept between runs; delete it to re-record.
# With --data, OUT is the perf.data itself, one recording of BENCH_REAL_DATA_SECONDS
# (default 100: about 85 MB) of the same workload, not converted.
# usage: tests/bench/record_real.sh [--data] OUT     Exit 77 (skip) when perf cannot record.
set -eu
data=false
if [ "$1" = --data ]; then data=true; shift; fi
out=$1
src=$(cd "$(dirname "$0")/../.." && pwd)
secs=${BENCH_REAL_SECONDS:-20}
$data && secs=${BENCH_REAL_DATA_SECONDS:-100}
[ -s "$out" ] && exit 0
command -v perf >/dev/null 2>&1 || { echo "record_real: perf not installed" >&2; exit 77; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
${CC:-cc} -O1 -fno-omit-frame-pointer -fno-inline -o "$work/workload" "$src/tests/bench/workload.c"
head -c 64000000 /dev/urandom | base64 > "$work/blob"
cat > "$work/mix.sh" <<MIX
end=\$((\$(date +%s) + $secs))
"$work/workload" $secs > /dev/null &
( while [ \$(date +%s) -lt \$end ]; do ${CC:-cc} -O2 -c -o "$work/g.o" "$src/tests/bench/gen_perf.c"; done ) &
( while [ \$(date +%s) -lt \$end ]; do gzip -6 < "$work/blob" > /dev/null; done ) &
if command -v python3 > /dev/null; then
python3 - $secs <<'PY' &
import json, sys, time
end = time.time() + float(sys.argv[1])
def tree(n):
    return {"k%d" % n: [tree(n // 2), tree(n // 3)]} if n > 1 else n
while time.time() < end:
    json.loads(json.dumps(tree(3000)))
    sorted(str(i * 7919 % 1000) for i in range(20000))
PY
fi
wait
MIX
if $data; then
    if ! perf record -q -F 4999 -g -o "$out.tmp" -- sh "$work/mix.sh" 2> "$work/err"; then
        echo "record_real: perf record is not permitted here: $(tail -n1 "$work/err")" >&2
        rm -f "$out.tmp"
        exit 77
    fi
    mv "$out.tmp" "$out"
    exit 0
fi
want=$((${BENCH_REAL_MB:-220} * 1000000))
: > "$out.tmp"
round=0
while [ "$(stat -c %s "$out.tmp")" -lt "$want" ] && [ $round -lt 8 ]; do
    round=$((round + 1))
    if ! perf record -q -F 4999 -g -o "$work/perf.data" -- sh "$work/mix.sh" 2> "$work/err"; then
        echo "record_real: perf record is not permitted here: $(tail -n1 "$work/err")" >&2
        rm -f "$out.tmp"
        exit 77
    fi
    perf script -i "$work/perf.data" >> "$out.tmp" 2> /dev/null
done
mv "$out.tmp" "$out"
