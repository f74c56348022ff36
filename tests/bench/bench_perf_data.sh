#!/bin/sh
# SPDX-License-Identifier: MIT
# flametui - tests/bench/bench_perf_data.sh [BUILDDIR]: opening a perf.data.
# Records BENCH_DIR/real.data (or the file BENCH_DATA names) unless it is there
# (tests/bench/record_real.sh --data: `perf record -F 4999 -g` of the mixed workload,
# about 85 MB), then times, medians of 5
# runs taken round-robin (so a change of load hits them alike), wall and CPU seconds and
# peak RSS (of the largest process: perf script's path runs two):
#   flametui --collapse on the perf.data (read natively, in this process), and the same
#   with FLAMETUI_NO_FLAT=1 (the profile's tree built, as before the flat table),
#   flametui --collapse --perf-script (through a perf script child),
#   perf script alone (its text to /dev/null), perf report --stdio --no-children alone
#   (its default, with the children's call graphs, grew past 20 GB here: it runs under
#   ulimit -v of BENCH_REPORT_KB, default 8 GB, and a timeout of 300 s),
# the ratios of the native read to perf script alone and to perf report (the target is
# at most 0.2x perf script), the load average before and after; then the viewer's first
# frame and full load on the perf.data (tests/bench/ui_perf_data.sh).
# Skips (exit 0, printing why) without perf or where perf record is not permitted.
set -eu
build=$(cd "${1:-.}" && pwd)
src=$(cd "$(dirname "$0")/../.." && pwd)
dir=${BENCH_DIR:-/tmp/flametui-bench}
ft="$build/src/flametui"
mkdir -p "$dir"
command -v perf > /dev/null 2>&1 || { echo "SKIP: perf not installed"; exit 0; }
[ -x /usr/bin/time ] || { echo "SKIP: /usr/bin/time not installed"; exit 0; }
data=${BENCH_DATA:-$dir/real.data}
"$src/tests/bench/record_real.sh" --data "$data" ||
    { echo "SKIP: perf record not permitted here"; exit 0; }
now() { date +%s.%N; }
run() { # NAME COMMAND: one run, "WALL CPU KB" appended to $dir/NAME.runs
    s=$(now)
    /usr/bin/time -o "$dir/time" -f '%U %S %M' sh -c "$2" > /dev/null 2>&1 || true
    e=$(now)
    tail -n 1 "$dir/time" | awk -v w="$(echo "$s $e" | awk '{print $2 - $1}')" \
        '{print w, $1 + $2, $3}' >> "$dir/$1.runs"
}
med() { # NAME COLUMN: the median of the column
    cut -d' ' -f"$2" "$dir/$1.runs" | sort -n | awk '{v[NR] = $1} END {print v[int((NR + 1) / 2)]}'
}
names="native tree script perf report"
for n in $names; do : > "$dir/$n.runs"; done
load0=$(cut -d' ' -f1-3 /proc/loadavg)
for i in 1 2 3 4 5; do
    run native "'$ft' --collapse '$data'"
    run tree "FLAMETUI_NO_FLAT=1 '$ft' --collapse '$data'"
    run script "'$ft' --collapse --perf-script '$data'"
    run perf "perf script -i '$data'"
    run report "ulimit -v ${BENCH_REPORT_KB:-8000000}; timeout 300 perf report --stdio --no-children -i '$data'"
done
load1=$(cut -d' ' -f1-3 /proc/loadavg)
echo "perf.data $(stat -L -c %s "$data" | awk '{printf "%.1f MB", $1/1e6}') (perf record -F 4999 -g, mixed workload); medians of 5"
show() { # NAME LABEL
    printf '%-42s %6.2f s wall %6.2f s CPU  peak RSS %6.1f MiB\n' "$2" "$(med "$1" 1)" \
        "$(med "$1" 2)" "$(echo "$(med "$1" 3)" | awk '{print $1 / 1024}')"
}
show native "flametui --collapse (native)"
show tree "the same, through the tree (FLAMETUI_NO_FLAT)"
show script "flametui --collapse --perf-script"
show perf "perf script alone"
show report "perf report --stdio --no-children alone"
echo "$(med native 1) $(med perf 1) $(med report 1) $(med native 2) $(med perf 2) $(med report 2)" |
    awk '{printf "native / perf script: %.2fx wall, %.2fx CPU (target 0.2x); native / perf report: %.2fx wall, %.2fx CPU\n", $1 / $2, $4 / $5, $1 / $3, $4 / $6}'
echo "load average: $load0 before, $load1 after"
for n in $names; do rm -f "$dir/$n.runs"; done
rm -f "$dir/time"
"$src/tests/bench/ui_perf_data.sh" "$ft" "$data" 5 || echo "ui_perf_data: skipped or failed"
