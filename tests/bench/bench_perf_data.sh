#!/bin/sh
# SPDX-License-Identifier: MIT
# flametui - tests/bench/bench_perf_data.sh [BUILDDIR]: opening a perf.data.
# Records BENCH_DIR/bench.data (perf record -g of a shell loop, BENCH_PERF_SECONDS of CPU,
# default about 10 s) unless it is there, then times, best of 3:
#   perf script alone (its text to a file: that file's MB/s), wc -l of that text,
#   flametui --collapse on the text, flametui --collapse on the perf.data (read natively,
#   and through its perf script child), and perf script | flametui --collapse,
# and, for the record, two perf script --time halves in parallel (not used by flametui)
# and the CPU seconds of one run vs the two halves; then the native reader's --collapse
# against perf script alone, medians of 5 (wall and CPU), the ratio, the load average.
# Skips (exit 0, printing why) without perf or where perf record is not permitted.
set -eu
build=$(cd "${1:-.}" && pwd)
dir=${BENCH_DIR:-/tmp/flametui-bench}
ft="$build/src/flametui"
mkdir -p "$dir"
command -v perf > /dev/null 2>&1 || { echo "SKIP: perf not installed"; exit 0; }
data="$dir/bench.data"
if [ ! -s "$data" ]; then
    n=$((${BENCH_PERF_SECONDS:-10} * 1000000))
    perf record -q -g -F 20000 -o "$data" -- sh -c "i=0; while [ \$i -lt $n ]; do i=\$((i+1)); done" \
        > /dev/null 2>&1 || { echo "SKIP: perf record not permitted here"; rm -f "$data"; exit 0; }
fi
now() { date +%s.%N; }
best() {
    b=""
    for i in 1 2 3; do
        s=$(now); sh -c "$1" > /dev/null 2>&1; e=$(now)
        b=$(echo "$s $e ${b:-}" | awk '{d=$2-$1; if ($3=="" || d<$3) print d; else print $3}')
    done
    echo "$b"
}
perf script -i "$data" > "$dir/bench.perf" 2> /dev/null
mb=$(stat -c %s "$dir/bench.perf" | awk '{print $1/1e6}')
twc=$(best "wc -l '$dir/bench.perf'")
show() { # NAME SECONDS
    echo "$mb $2 $twc $1" | awk '{n=$4; for (i=5;i<=NF;i++) n=n" "$i;
        printf "%-40s %6.2f s  %7.1f MB/s of perf script text  %7.1fx wc -l\n", n, $2, $1/$2, $2/$3}'
}
echo "perf.data $(stat -c %s "$data" | awk '{printf "%.1f MB", $1/1e6}'), perf script text $mb MB"
show "perf script > file" "$(best "perf script -i '$data' > '$dir/bench.out'")"
show "flametui --collapse on the text" "$(best "'$ft' --collapse '$dir/bench.perf'")"
show "flametui --collapse perf.data (native)" "$(best "'$ft' --collapse '$data'")"
show "flametui --collapse --perf-script perf.data" \
    "$(best "'$ft' --collapse --perf-script '$data'")"
show "perf script | flametui --collapse" "$(best "perf script -i '$data' | '$ft' --collapse")"
show "2 perf script --time halves, parallel" \
    "$(best "perf script -i '$data' --time 0%-50% > '$dir/h1' & perf script -i '$data' --time 50%-100% > '$dir/h2'; wait")"
cpu() { /usr/bin/time -f '%U %S' sh -c "$1" 2>&1 > /dev/null | tail -n 1 | awk '{print $1 + $2}'; }
if [ -x /usr/bin/time ]; then
    one=$(cpu "perf script -i '$data' > /dev/null 2>&1")
    h1=$(cpu "perf script -i '$data' --time 0%-50% > /dev/null 2>&1")
    h2=$(cpu "perf script -i '$data' --time 50%-100% > /dev/null 2>&1")
    echo "CPU seconds: one perf script $one, the halves $h1 + $h2 (load: $(cut -d' ' -f1-3 /proc/loadavg))"
fi
# the native reader against perf script alone: medians of 5, wall and CPU seconds
median5() { # COMMAND: "WALL CPU", the medians of 5 runs
    for i in 1 2 3 4 5; do
        s=$(now)
        /usr/bin/time -o "$dir/cpu" -f '%U %S' sh -c "$1" > /dev/null 2>&1
        c=$(tail -n 1 "$dir/cpu" | awk '{print $1 + $2}')
        e=$(now)
        echo "$s $e ${c:-0}" | awk '{print $2 - $1, $3}'
    done > "$dir/runs"
    echo "$(cut -d' ' -f1 "$dir/runs" | sort -n | sed -n 3p)" \
        "$(cut -d' ' -f2 "$dir/runs" | sort -n | sed -n 3p)"
}
if [ -x /usr/bin/time ]; then
    set -- $(median5 "'$ft' --collapse '$data'")
    nw=$1; nc=$2
    set -- $(median5 "perf script -i '$data'")
    pw=$1; pc=$2
    echo "$nw $nc $pw $pc" | awk '{rw = 0; rc = 0; if ($3 + 0) rw = $1 / $3; if ($4 + 0) rc = $2 / $4
        printf "native --collapse %.2f s (%.2f s CPU), perf script alone %.2f s (%.2f s CPU): " \
            "%.2fx wall, %.2fx CPU (target 0.2x)\n", $1, $2, $3, $4, rw, rc}'
    echo "load average: $(cut -d' ' -f1-3 /proc/loadavg)"
fi
rm -f "$dir/h1" "$dir/h2" "$dir/bench.out" "$dir/runs" "$dir/cpu"
