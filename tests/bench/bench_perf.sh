#!/bin/sh
# SPDX-License-Identifier: MIT
# flametui - tests/bench/bench_perf.sh: `perf script` collapse throughput (a benchmark, not a
# test). usage: tests/bench/bench_perf.sh [BUILDDIR]
#   BENCH_DIR (default /tmp/flametui-bench) holds the generated inputs (kept between runs),
#   BENCH_PERF_MB (default 320) is the size of each input.
# Generates a large-trie input (every record a new call path) and a small-trie one (300 call
# paths), then prints for `flametui --collapse` on one and on two threads (FLAMETUI_THREADS)
# and through a pipe (the streaming parser): MB/s, the ratio of its time to `wc -l` on the
# same file in the same run, and peak RSS.
set -eu
build=$(cd "${1:-.}" && pwd)
src=$(cd "$(dirname "$0")/../.." && pwd)
dir=${BENCH_DIR:-/tmp/flametui-bench}
mb=${BENCH_PERF_MB:-320}
ft="$build/src/flametui"
[ -x "$ft" ] || { echo "bench_perf: $ft not built" >&2; exit 1; }
mkdir -p "$dir"

gen="$build/tests/bench/gen_perf"
if [ ! -x "$gen" ]; then
    gen="$dir/gen_perf"
    [ "$gen" -nt "$src/tests/bench/gen_perf.c" ] ||
        ${CC:-cc} -O2 -o "$gen" "$src/tests/bench/gen_perf.c"
fi
[ -s "$dir/large.perf" ] || "$gen" "$mb" 0 1 > "$dir/large.perf"
[ -s "$dir/small.perf" ] || "$gen" "$mb" 300 2 > "$dir/small.perf"

now() { date +%s.%N; }
best() { # best of 2 wall-clock seconds of a command (stdout discarded)
    b=""
    for i in 1 2; do
        s=$(now); "$@" > /dev/null; e=$(now)
        b=$(echo "$s $e ${b:-}" | awk '{d=$2-$1; if ($3=="" || d<$3) print d; else print $3}')
    done
    echo "$b"
}
rss() { /usr/bin/time -f %M "$@" 2>&1 >/dev/null | tail -n1; }
piped() { cat "$1" | "$ft" --collapse -; }
one() { FLAMETUI_THREADS=1 "$ft" --collapse "$1"; }
two() { FLAMETUI_THREADS=2 "$ft" --collapse "$1"; }

for kind in large small; do
    f="$dir/$kind.perf"
    bytes=$(stat -c %s "$f")
    twc=$(best wc -l "$f")
    stacks=$("$ft" --collapse "$f" | wc -l)
    echo "$kind trie: $(echo "$bytes" | awk '{printf "%.1f", $1/1e6}') MB, $stacks distinct stacks"
    for mode in one two piped; do
        t=$(best $mode "$f")
        if [ -x /usr/bin/time ]; then
            kb=$(FLAMETUI_THREADS=$([ $mode = two ] && echo 2 || echo 1) rss "$ft" --collapse "$f")
            [ $mode = piped ] && kb=$(rss sh -c "cat '$f' | '$ft' --collapse -")
        else
            kb=0
        fi
        echo "$mode $bytes $twc $t $kb" | awk '{printf "  %-6s %7.0f MB/s  %5.2fx wc -l  peak RSS %6.1f MiB\n",
            ($1=="one" ? "1 thr" : ($1=="two" ? "2 thr" : "pipe")), $2/1e6/$4, $4/$3, $5/1024}'
    done
done
