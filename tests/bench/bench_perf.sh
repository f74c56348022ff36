#!/bin/sh
# SPDX-License-Identifier: MIT
# flametui - tests/bench/bench_perf.sh: `perf script` collapse throughput (a benchmark, not a
# test). usage: tests/bench/bench_perf.sh [BUILDDIR]
#   BENCH_DIR (default /tmp/flametui-bench) holds the inputs (kept between runs),
#   BENCH_PERF_MB (default 320) is the size of each generated input, BENCH_ROUNDS (5).
# Inputs: the headline REAL profile (tests/bench/record_real.sh: perf record -F 4999 -g of a
# mixed workload, when perf may record here), then a generated large-trie input (every
# record a new call path) and a small-trie one (300 call paths). For `flametui --collapse`
# on one and two threads (FLAMETUI_THREADS) and through a pipe (the streaming parser) it
# prints MB/s and the median over round-robin rounds of the per-round ratio of its time to
# `wc -l` on the same file (and to stackcollapse-perf.pl where ../shared/oracles has it and
# perl is installed: "x perl" is how many times faster flametui is), and peak RSS.
set -eu
build=$(cd "${1:-.}" && pwd)
src=$(cd "$(dirname "$0")/../.." && pwd)
dir=${BENCH_DIR:-/tmp/flametui-bench}
mb=${BENCH_PERF_MB:-320}
ft="$build/src/flametui"
[ -x "$ft" ] || { echo "bench_perf: $ft not built" >&2; exit 1; }
mkdir -p "$dir"
. "$src/tests/bench/lib.sh"

gen="$build/tests/bench/gen_perf"
if [ ! -x "$gen" ]; then
    gen="$dir/gen_perf"
    [ "$gen" -nt "$src/tests/bench/gen_perf.c" ] ||
        ${CC:-cc} -O2 -o "$gen" "$src/tests/bench/gen_perf.c"
fi
inputs=""
if "$src/tests/bench/record_real.sh" "$dir/real.perf"; then
    inputs="real"
else
    echo "real profile: skipped (see the reason above); generated inputs only"
fi
[ -s "$dir/large.perf" ] || "$gen" "$mb" 0 1 > "$dir/large.perf"
[ -s "$dir/small.perf" ] || "$gen" "$mb" 300 2 > "$dir/small.perf"
inputs="$inputs large small"

perl_sc=""
if command -v perl > /dev/null 2>&1 && [ -f "$src/../shared/oracles/FlameGraph/stackcollapse-perf.pl" ]; then
    perl_sc="$src/../shared/oracles/FlameGraph/stackcollapse-perf.pl"
fi
c_wc() { wc -l "$1"; }
c_one() { FLAMETUI_THREADS=1 "$ft" --collapse "$1"; }
c_two() { FLAMETUI_THREADS=2 "$ft" --collapse "$1"; }
c_pipe() { cat "$1" | "$ft" --collapse -; }
c_perl() { perl "$perl_sc" "$1"; }

for kind in $inputs; do
    f="$dir/$kind.perf"
    bytes=$(stat -c %s "$f")
    stacks=$("$ft" --collapse "$f" | wc -l)
    label=$([ "$kind" = real ] && echo "REAL profile (headline)" || echo "generated $kind trie")
    echo "$label: $(echo "$bytes" | awk '{printf "%.1f", $1/1e6}') MB, $stacks distinct stacks, load $(cut -d' ' -f1-3 /proc/loadavg)"
    cmds="c_wc c_one c_two c_pipe"
    # the Perl reference on the real profile only (it needs about a minute per round on
    # the generated ones)
    [ -n "$perl_sc" ] && [ "$kind" = real ] && cmds="$cmds c_perl"
    BENCH_VS=c_perl rounds "$f" $cmds > "$dir/rounds.out"
    while read -r c t r vs; do
        [ "$c" = c_perl ] && { echo "$bytes $t $r" | awk '{printf "  %-6s %7.0f MB/s  %5.2fx wc -l\n", "perl", $1/1e6/$2, $3}'; continue; }
        case $c in
        c_one) kb=$(FLAMETUI_THREADS=1 bench_rss "$ft" --collapse "$f") ;;
        c_two) kb=$(FLAMETUI_THREADS=2 bench_rss "$ft" --collapse "$f") ;;
        *) kb=$(bench_rss sh -c "cat '$f' | '$ft' --collapse -") ;;
        esac
        echo "$c $bytes $t $r $kb ${vs:-0}" | awk '{
            n = ($1=="c_one" ? "1 thr" : ($1=="c_two" ? "2 thr" : "pipe"));
            printf "  %-6s %7.0f MB/s  %5.2fx wc -l  peak RSS %6.1f MiB", n, $2/1e6/$3, $4, $5/1024;
            if ($6 > 0) printf "  %5.1fx faster than perl", $6;
            printf "\n" }'
    done < "$dir/rounds.out"
done
rm -f "$dir/rounds.out"
