#!/bin/sh
# SPDX-License-Identifier: MIT
# flametui - hostile input: files that shrink while they are read,
# gzip bombs and gzip trailers, lines without end, gzip magic split over reads, and
# --collapse output read back. Each case is bounded by timeout and takes a second or two;
# the big memory measurements are in tests/bench/bench_memory.sh (make bench).
. "${top_srcdir:-.}/tests/cli/lib.sh"
F="$FLAMETUI"
# peak RSS in KiB of a command (GNU time), "" when it cannot be measured
peak_kb() {
    [ -x /usr/bin/time ] || return 0
    # under ASan, freed blocks wait in a quarantine that would count as ours
    ASAN_OPTIONS="quarantine_size_mb=0:${ASAN_OPTIONS:-}" \
        /usr/bin/time -f 'rss %M' "$@" > /dev/null 2> "$tmp/time" || true
    sed -n 's/^rss \([0-9][0-9]*\)$/\1/p' "$tmp/time" | tail -n 1
}

# ---- 1. a file truncated while it is read: an error, not SIGBUS (exit 135) ----
# A sparse 64 GB file (a line, then a hole: one endless line of NULs) is still being
# read when it is cut to 1000 bytes.
shrink() {   # NAME FILE ARGS...: start, truncate the file after 0.5 s, wait
    name=$1; f=$2; shift 2
    timeout 30 "$F" "$@" "$f" > "$tmp/out" 2> "$tmp/err" &
    pid=$!
    sleep 0.5
    truncate -s 1000 "$f"
    wait $pid; rc=$?
    err=$(head -c 2000 "$tmp/err")
    expect_rc "$name" 1 "^flametui: $f: changed while it was read$"
    rm -f "$f"
}
if command -v truncate > /dev/null 2>&1; then
    printf 'main;a 1\n' > "$tmp/sparse.folded"
    truncate -s 64G "$tmp/sparse.folded"
    shrink "folded truncated while read" "$tmp/sparse.folded" --collapse
    cat "$top_srcdir/tests/data/perf-kernel.perf" > "$tmp/sparse.perf"
    truncate -s 64G "$tmp/sparse.perf"
    shrink "perf truncated while read (threads)" "$tmp/sparse.perf" --collapse
    cat "$top_srcdir/tests/data/perf-kernel.perf" > "$tmp/sparse.perf"
    truncate -s 64G "$tmp/sparse.perf"
    FLAMETUI_THREADS=1; export FLAMETUI_THREADS
    shrink "perf truncated while read (one thread)" "$tmp/sparse.perf" --top
    unset FLAMETUI_THREADS
else
    skip "no truncate(1): the shrinking-file cases"
fi

# ---- 5. the line cap ----
# a 24 MB line through a pipe: skipped (default 16 MiB) with its line number, in linear
# time; the lines around it are kept
{ printf 'a;b 1\n'; head -c 25165824 /dev/zero | tr '\000' x; printf ' 1\nc 2\n'; } > "$tmp/long"
timeout 20 "$F" --collapse < "$tmp/long" > "$tmp/out" 2> "$tmp/err"; rc=$?; err=$(cat "$tmp/err")
expect_rc "24 MB line" 0 \
    "^flametui: stdin: 1 line skipped \(first at line 2: line longer than 16 MiB\)$"
out_is "24 MB line output" "$(printf 'a;b 1\nc 2')"
# --max-line raises the cap: the line is kept, read through a pipe in linear time
cat "$tmp/long" | timeout 20 "$F" --max-line=32M --collapse > "$tmp/out" 2> "$tmp/err"; rc=$?
err=$(cat "$tmp/err")
expect_rc "--max-line=32M" 0
expect_eq "--max-line=32M keeps the line" "$(wc -c < "$tmp/long")" "$(wc -c < "$tmp/out")"
# a small cap, folded: counted, named in bytes
printf 'abcdefghijklmnop 1\nab 2\nabcdefghijklmnopq 3\n' > "$tmp/small"
run_t 10 --max-line=10 --collapse "$tmp/small"
expect_rc "--max-line=10" 0 "2 lines skipped \(first at line 1: line longer than 10 bytes\)"
out_is "--max-line=10 output" "ab 2"
run_t 10 --max-line=10 --strict --collapse "$tmp/small"
expect_rc "--max-line --strict" 1 ":1: line longer than 10 bytes"
# perf: the record holding an over-long line is skipped, the others kept
printf 'pp 1 1.0: 1 cycles: \n\t1 f (/x)\n\t2 main (/x)\n\n%s\n\t1 %s (/x)\n\t2 main (/x)\n\n' \
    'pp 1 2.0: 1 cycles: ' \
    "$(head -c 5000 /dev/zero | tr '\000' g)" > "$tmp/long.perf"
run_t 10 --max-line=4K --collapse "$tmp/long.perf"
expect_rc "perf --max-line" 0 "1 line longer than 4 KiB skipped with its record \(first at line 6\)"
out_is "perf --max-line output" "pp;main;f 1"
run_t 10 --max-line=0 --collapse "$tmp/small"; expect_rc "--max-line=0" 2 "invalid --max-line"
run_t 10 --max-line=3G --collapse "$tmp/small"; expect_rc "--max-line=3G" 2 "invalid --max-line"
# /dev/zero: one endless line, memory bounded (the bench measures 10 s)
if [ -r /dev/zero ]; then
    base_kb=$(peak_kb "$F" --collapse "$tmp/small")
    zero_kb=$(peak_kb timeout 2 "$F" --collapse /dev/zero)
    if [ -n "$base_kb" ] && [ -n "$zero_kb" ]; then
        if [ $((zero_kb - base_kb)) -lt 65536 ]; then ok; else
            fail "/dev/zero for 2 s: peak RSS $zero_kb KiB (baseline $base_kb)"; fi
    else
        skip "no GNU time: the /dev/zero memory case"
    fi
fi

# ---- 4. gzip bomb: inflated in bounded slices ----
if command -v gzip > /dev/null 2>&1; then
    printf 'a;b 1\n' | gzip > "$tmp/small.gz"
    head -c 134217728 /dev/zero | gzip -1 > "$tmp/bomb.gz"
    base_kb=$(peak_kb "$F" --collapse "$tmp/small.gz")
    bomb_kb=$(peak_kb timeout 30 "$F" --collapse "$tmp/bomb.gz")
    if [ -n "$base_kb" ] && [ -n "$bomb_kb" ]; then
        if [ $((bomb_kb - base_kb)) -lt 49152 ]; then ok; else
            fail "128 MB gzip bomb: peak RSS $bomb_kb KiB (baseline $base_kb)"; fi
    else
        skip "no GNU time: the gzip bomb memory case"
    fi
    run_t 30 --collapse "$tmp/bomb.gz"
    expect_rc "gzip bomb" 1 "1 line skipped \(first at line 1: line longer than 16 MiB\)"

    # ---- 15. after the gzip data: zeros are padding, garbage a warning ----
    printf 'a;b 1\na;c 2\n' | gzip > "$tmp/x.gz"
    { cat "$tmp/x.gz"; head -c 1000 /dev/zero; } > "$tmp/zeros.gz"
    run_t 10 --collapse "$tmp/zeros.gz"; expect_rc "gzip + zeros" 0
    out_is "gzip + zeros output" "$(printf 'a;b 1\na;c 2')"
    expect_eq "gzip + zeros: no message" "" "$err"
    { cat "$tmp/x.gz"; printf 'garbage\n'; } > "$tmp/garbage.gz"
    run_t 10 --collapse "$tmp/garbage.gz"
    expect_rc "gzip + garbage" 0 \
        "^flametui: $tmp/garbage.gz: trailing garbage after the gzip data ignored$"
    out_is "gzip + garbage output" "$(printf 'a;b 1\na;c 2')"
    { cat "$tmp/x.gz"; printf '\037'; } > "$tmp/half.gz"
    run_t 10 --collapse "$tmp/half.gz"
    expect_rc "gzip + one byte of a header" 0 "trailing garbage"
    { cat "$tmp/x.gz" "$tmp/x.gz"; head -c 10 /dev/zero; } > "$tmp/two.gz"
    run_t 10 --collapse "$tmp/two.gz"; expect_rc "two members + zeros" 0
    out_is "two members + zeros output" "$(printf 'a;b 2\na;c 4')"

    # ---- 14. gzip magic split over two reads of a pipe ----
    { printf '\037'; sleep 0.3; tail -c +2 "$tmp/x.gz"; } | timeout 10 "$F" --collapse \
        > "$tmp/out" 2> "$tmp/err"; rc=$?; err=$(cat "$tmp/err")
    expect_rc "gzip magic split" 0
    out_is "gzip magic split output" "$(printf 'a;b 1\na;c 2')"
else
    skip "no gzip: the gzip cases"
fi

# ---- 17. --collapse output reads back, counts of 2^64 and more included ----
printf 'a 18446744073709551615\na 1\nb 2\n' | "$F" --collapse > "$tmp/c1" 2> "$tmp/err"
"$F" --collapse "$tmp/c1" > "$tmp/out" 2> "$tmp/err"; rc=$?; err=$(cat "$tmp/err")
expect_rc "2^64 read back" 0
out_is "2^64 read back output" "$(printf 'a 1.84467440737096e+19\nb 2')"
# a saturated sum (DBL_MAX) reads back too
printf 'a 1%0308d\na 1%0308d\n' 0 0 | "$F" --collapse > "$tmp/c2" 2> /dev/null
"$F" --collapse "$tmp/c2" > "$tmp/out" 2> "$tmp/err"; rc=$?; err=$(cat "$tmp/err")
expect_rc "DBL_MAX read back" 0
expect_eq "DBL_MAX read back output" "$(cat "$tmp/c2")" "$(cat "$tmp/out")"
finish
