# SPDX-License-Identifier: MIT
# flametui - tests/bench/lib.sh: honest timing for the benchmark scripts (sourced).
# A shared 2-core machine is noisy: times are taken in ROUNDS (BENCH_ROUNDS, default 5) in
# which every command runs once, in an order rotated each round, so every command sees the
# same share of the noise; each command's time is divided by the reference command's time
# of the SAME round, and the median of those per-round ratios is reported (not a best-of,
# which is optimistic and hides what a busy second core costs).
#   rounds FILE REF CMD...   runs the shell functions REF and CMD... with FILE as argument;
#                            prints one line per CMD: "NAME MEDIAN_SECONDS MEDIAN_RATIO"
#                            (ratio = its time / REF's time in the same round); with
#                            BENCH_VS=FUNC (one of CMD...) a 4th field: the median of
#                            FUNC's time / its time in the same round (its speedup).
bench_now() { date +%s.%N; }
bench_time() { # FUNC FILE -> seconds (stdout of FUNC discarded)
    _s=$(bench_now); "$1" "$2" > /dev/null; _e=$(bench_now)
    echo "$_s $_e" | awk '{ printf "%.6f\n", $2 - $1 }'
}
rounds() {
    _f=$1; shift
    _n=${BENCH_ROUNDS:-5}
    _tmp=$(mktemp -d)
    _i=0
    while [ $_i -lt "$_n" ]; do
        # rotate the order by the round number
        _k=0; _order=""
        for _c in "$@"; do _order="$_order $_c"; done
        _r=$((_i % $#)); _j=0; _rot=""; _rest=""
        for _c in $_order; do
            if [ $_j -lt $_r ]; then _rest="$_rest $_c"; else _rot="$_rot $_c"; fi
            _j=$((_j + 1))
        done
        for _c in $_rot $_rest; do
            bench_time "$_c" "$_f" > "$_tmp/$_c.$_i"
        done
        _i=$((_i + 1))
    done
    _ref=$1
    for _c in "$@"; do
        [ "$_c" = "$_ref" ] && continue
        _i=0; : > "$_tmp/ratios"; : > "$_tmp/times"; : > "$_tmp/vs"
        while [ $_i -lt "$_n" ]; do
            _t=$(cat "$_tmp/$_c.$_i"); _tr=$(cat "$_tmp/$_ref.$_i")
            echo "$_t" >> "$_tmp/times"
            echo "$_t $_tr" | awk '{ printf "%.6f\n", ($2 > 0 ? $1 / $2 : 0) }' >> "$_tmp/ratios"
            if [ -n "${BENCH_VS:-}" ] && [ -f "$_tmp/$BENCH_VS.$_i" ]; then
                echo "$(cat "$_tmp/$BENCH_VS.$_i") $_t" | awk '{ printf "%.6f\n", ($2 > 0 ? $1 / $2 : 0) }' >> "$_tmp/vs"
            fi
            _i=$((_i + 1))
        done
        _vs=""
        [ -s "$_tmp/vs" ] && _vs=" $(sort -g "$_tmp/vs" | bench_median)"
        echo "$_c $(sort -g "$_tmp/times" | bench_median) $(sort -g "$_tmp/ratios" | bench_median)$_vs"
    done
    rm -rf "$_tmp"
}
bench_median() { awk '{ v[NR] = $1 } END { if (NR % 2) print v[(NR + 1) / 2]; else print (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }
# peak RSS in KiB of a command (0 without GNU time)
bench_rss() {
    if [ -x /usr/bin/time ]; then /usr/bin/time -f %M "$@" 2>&1 >/dev/null | tail -n1; else echo 0; fi
}
