#!/bin/sh
# SPDX-License-Identifier: MIT
# flametui - tests/compat/pprof.sh: Go pprof profiles recorded for this repository
# (tests/data/go-*.pb.gz, made by tests/data/src/pprofgen with runtime/pprof) collapsed by
# flametui must equal what `go tool pprof -traces` shows, turned into folded stacks by
# tests/data/src/traces2folded.sh once, when they were recorded (commands there):
#   go-cpu.expected.folded                 the CPU profile (default type: cpu)
#   go-heap.expected.folded                the heap profile (default type: inuse_space)
#   go-heap.alloc_objects.expected.folded  --sample-type=alloc_objects
# No Go needed here. Each profile is also read uncompressed, through a pipe, with
# --format=pprof forced; the expected files read back as folded stacks give the same
# text (the same order and format as folded input); an unknown --sample-type, a
# truncated profile and a corrupt one are errors with exit status 1.
. "${top_srcdir:-.}/tests/compat/data_lib.sh"
d="${top_srcdir:-.}/tests/data"
expect_fail() { # NAME PATTERN: the last command exited 1 and said PATTERN on stderr
    if [ "$rc" -eq 1 ] && grep -q -- "$2" "$tmp/err"; then ok; else
        fail "$1: exit $rc"; cat "$tmp/err"; fi
}
for exp in "$d"/go-*.expected.folded; do
    b=${exp##*/}; b=${b%.expected.folded}
    name=${b%%.*}; type=${b#"$name"}; type=${type#.}
    in="$d/$name.pb.gz"
    st=${type:+--sample-type=$type}
    "$FLAMETUI" --collapse $st "$in" > "$tmp/out" 2> "$tmp/err"
    check_file "$b" "$exp"
    [ -s "$tmp/err" ] && { fail "$b: stderr:"; cat "$tmp/err"; }
    gzip -dc "$in" > "$tmp/raw.pb"
    "$FLAMETUI" --collapse $st "$tmp/raw.pb" > "$tmp/out" 2> /dev/null
    check_file "$b (uncompressed)" "$exp"
    "$FLAMETUI" --collapse $st - < "$in" > "$tmp/out" 2> /dev/null
    check_file "$b (stdin)" "$exp"
    cat "$tmp/raw.pb" | "$FLAMETUI" --collapse $st > "$tmp/out" 2> /dev/null
    check_file "$b (uncompressed pipe)" "$exp"
    "$FLAMETUI" --collapse --format=pprof $st "$in" > "$tmp/out" 2> /dev/null
    check_file "$b (--format=pprof)" "$exp"
    "$FLAMETUI" --collapse "$exp" > "$tmp/out" 2> /dev/null
    check_file "$b (expected read back as folded)" "$exp"
done
# the default type follows default_sample_type: heap's is inuse_space, not the last
"$FLAMETUI" --collapse --sample-type=inuse_space "$d/go-heap.pb.gz" > "$tmp/out" 2> /dev/null
check_file "go-heap --sample-type=inuse_space" "$d/go-heap.expected.folded"
"$FLAMETUI" --collapse --sample-type=cpu "$d/go-cpu.pb.gz" > "$tmp/out" 2> /dev/null
check_file "go-cpu --sample-type=cpu" "$d/go-cpu.expected.folded"
"$FLAMETUI" --collapse --sample-type=nosuch "$d/go-heap.pb.gz" > "$tmp/out" 2> "$tmp/err"
rc=$?
expect_fail "unknown sample type" \
    "go-heap.pb.gz: unknown sample type 'nosuch' (available: alloc_objects, alloc_space, inuse_objects, inuse_space)"
gzip -dc "$d/go-cpu.pb.gz" | head -c 300 > "$tmp/cut.pb"
"$FLAMETUI" --collapse "$tmp/cut.pb" > "$tmp/out" 2> "$tmp/err"
rc=$?
expect_fail "truncated profile" "cut.pb: not a valid pprof profile: "
[ -s "$tmp/out" ] && { fail "truncated profile: output"; }
"$FLAMETUI" --collapse --format=pprof "$d/perf-kernel.perf" > "$tmp/out" 2> "$tmp/err"
rc=$?
expect_fail "--format=pprof on perf text" "perf-kernel.perf: not a valid pprof profile: "
finish
