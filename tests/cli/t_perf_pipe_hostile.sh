#!/bin/sh
# SPDX-License-Identifier: MIT
# flametui - tests/cli/t_perf_pipe_hostile.sh: perf's pipe format read natively without
# perf: the committed tests/data/perf-pipe-tiny.data (`perf record -o -`) opens from the
# file and from a pipe with perf off PATH; hostile pipe-format inputs (truncated in the
# header, in the attr, in the middle of the records; a record of size 0; an attr record
# of a size 0 attr; a record before any attr; a call chain past its record) give
# `cannot be read without perf script: WHY` and exit 1 with --no-perf-script from a file,
# exit 1 with the reason from a pipe, under a bounded `ulimit -v`, never a crash or hang.
. "${top_srcdir:-.}/tests/cli/lib.sh"
F="$FLAMETUI"
tiny="${top_srcdir:-.}/tests/data/perf-pipe-tiny.data"
mkdir "$tmp/bin"   # a PATH without perf
. "${top_srcdir:-.}/tests/cli/perf_hostile_lib.sh"
# ---- the committed file, perf off PATH: from the file and from a pipe ----
PATH="$tmp/bin" "$TIMEOUT" 30 "$F" --collapse "$tiny" > "$tmp/file" 2> "$tmp/err"; rc=$?
[ $rc = 0 ] && grep -q '^sh;' "$tmp/file" && ok "pipe format file without perf" ||
    fail "pipe format file without perf: exit $rc ($(head -c 300 "$tmp/err"))"
cat "$tiny" | PATH="$tmp/bin" "$TIMEOUT" 30 "$F" --collapse - > "$tmp/pipe" 2> "$tmp/err"
rc=$?
[ $rc = 0 ] && cmp -s "$tmp/file" "$tmp/pipe" && ok "pipe format on a pipe without perf" ||
    fail "pipe format on a pipe without perf: exit $rc ($(head -c 300 "$tmp/err"))"
# ---- hostile inputs ----
[ "$(u32 "$tiny" 16)" = 64 ] || fail "tiny's first record is not an attr"
attr_size=$(u16 "$tiny" 22)
first_sample "$tiny" 16                      # $off
callchain_pos "$(u64 "$tiny" $((24 + 24)))"   # $pos
h="$tmp/hostile"; mkdir "$h"
head -c 20 "$tiny" > "$h/in-header"
head -c $((16 + attr_size / 2)) "$tiny" > "$h/in-attr"
head -c $(($(wc -c < "$tiny") / 2 + 3)) "$tiny" > "$h/in-records"
cp "$tiny" "$h/record-size-0"; patch "$h/record-size-0" 22 2 0
cp "$tiny" "$h/attr-size-0"; patch "$h/attr-size-0" 28 4 0
cp "$tiny" "$h/no-attr"; patch "$h/no-attr" 16 4 3
cp "$tiny" "$h/callchain-past-end"; patch "$h/callchain-past-end" $((off + pos)) 8 $((1 << 40))
for x in in-header:"ends inside a record" in-attr:"a record of size $attr_size at offset 16|ends inside a record" \
    in-records:"a record of size [0-9]+ at offset|ends inside a record" \
    record-size-0:"a record of size 0 at offset 16" attr-size-0:"a malformed attr record" \
    no-attr:"records before any event" callchain-past-end:"a malformed sample"; do
    name=${x%%:*}; why=${x#*:}
    hostile_file "$h/$name" "$why"
    hostile_pipe "$h/$name" "$why"
done
finish
