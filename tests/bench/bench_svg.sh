#!/bin/sh
# SPDX-License-Identifier: MIT
# flametui - tests/bench/bench_svg.sh: `--svg` on a large generated folded profile against
# flamegraph.pl (../shared/oracles, when present) on the same file: wall-clock seconds
# (best of BENCH_RUNS, default 3), peak RSS, the ratio to `wc -l` and to flamegraph.pl.
# --collapse of the same file is shown too, so that the SVG writer's own share (the
# difference) can be read off. usage: bench_svg.sh BUILDDIR  (BENCH_DIR, BENCH_SVG_MB=40)
set -eu
build=$(cd "${1:-.}" && pwd)
src=$(cd "$(dirname "$0")/../.." && pwd)
dir=${BENCH_DIR:-/tmp/flametui-bench}
mb=${BENCH_SVG_MB:-40}
runs=${BENCH_RUNS:-3}
ft="$build/src/flametui"
fg="$src/../shared/oracles/FlameGraph/flamegraph.pl"
mkdir -p "$dir"
f="$dir/svg-$mb.folded"
[ -s "$f" ] || "$build/tests/bench/gen_folded" "$mb" 200000 3 > "$f"
now() { date +%s.%N; }
best() {
    b=""
    i=0
    while [ $i -lt "$runs" ]; do
        s=$(now); "$@" > /dev/null 2>&1; e=$(now)
        b=$(echo "$s $e ${b:-}" | awk '{d=$2-$1; if ($3=="" || d<$3) print d; else print $3}')
        i=$((i + 1))
    done
    echo "$b"
}
rss() { /usr/bin/time -f %M "$@" 2>&1 >/dev/null | tail -n1; }
twc=$(best wc -l "$f")
tcol=$(best "$ft" --collapse "$f")
tsvg=$(best "$ft" --svg "$f")
ksvg=$(rss "$ft" --svg "$f")
frames=$("$ft" --svg "$f" | grep -c '<title>')
printf '%s: %.1f MB, %s frames drawn\n' "$(basename "$f")" "$(stat -c %s "$f" | awk '{print $1/1e6}')" "$frames"
echo "$twc $tcol" | awk '{printf "  flametui --collapse  %6.2f s  %6.1fx wc -l\n", $2, $2/$1}'
echo "$twc $tsvg $ksvg" | awk '{printf "  flametui --svg       %6.2f s  %6.1fx wc -l  peak RSS %6.1f MiB\n", $2, $2/$1, $3/1024}'
if command -v perl > /dev/null 2>&1 && [ -f "$fg" ]; then
    tfg=$(BENCH_RUNS=1; runs=1; best perl "$fg" "$f")
    kfg=$(rss perl "$fg" "$f")
    echo "$twc $tfg $kfg $tsvg" | awk '{printf "  flamegraph.pl        %6.2f s  %6.1fx wc -l  peak RSS %6.1f MiB  (flametui --svg: %.1fx faster)\n", $2, $2/$1, $3/1024, $2/$4}'
else
    echo "  flamegraph.pl: SKIP: perl or $fg not found"
fi
