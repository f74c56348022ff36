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
TIMEOUT=$(command -v timeout)
u64() { od -An -t u8 -j "$2" -N 8 "$1" | tr -d ' '; }
u32() { od -An -t u4 -j "$2" -N 4 "$1" | tr -d ' '; }
u16() { od -An -t u2 -j "$2" -N 2 "$1" | tr -d ' '; }
bytes() { # N VALUE: VALUE's N low bytes, little-endian
    i=0; v=$2
    while [ $i -lt "$1" ]; do
        # shellcheck disable=SC2059 # the octal escape is the format
        printf "\\$(printf %03o $((v & 255)))"; v=$((v >> 8)); i=$((i + 1))
    done
}
patch() { # FILE OFFSET N VALUE
    bytes "$3" "$4" | dd of="$1" bs=1 seek="$2" conv=notrunc 2> /dev/null
}
if ldd "$F" 2>/dev/null | grep -q libasan || nm "$F" 2>/dev/null | grep -q __asan_init; then
    ASAN_OPTIONS="hard_rss_limit_mb=1024:${ASAN_OPTIONS:-}"; export ASAN_OPTIONS
    vlimit=unlimited
else
    vlimit=600000
fi
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
st=$(u64 "$tiny" $((24 + 24)))
off=16
while [ "$(u32 "$tiny" "$off")" != 9 ]; do off=$((off + $(u16 "$tiny" $((off + 6))))); done
pos=8
for bit in 16 0 1 2 3 6 9 7 8; do [ $(((st >> bit) & 1)) = 1 ] && pos=$((pos + 8)); done
[ $(((st >> 5) & 1)) = 1 ] && [ $(((st >> 4) & 1)) = 0 ] || fail "tiny's sample_type $st"
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
    (ulimit -v $vlimit; PATH="$tmp/bin" exec "$TIMEOUT" 20 "$F" --collapse --no-perf-script \
        "$h/$name") > "$tmp/out" 2> "$tmp/err"
    rc=$?
    if [ $rc = 1 ] && grep -E -q "^flametui: .*$name: cannot be read without perf script( \\(--no-perf-script\\))?: .*($why)" "$tmp/err"
    then ok "$name: the file, --no-perf-script: exit 1, why"
    else fail "$name: the file: exit $rc ($(head -c 300 "$tmp/err"))"; fi
    (ulimit -v $vlimit; cat "$h/$name" | PATH="$tmp/bin" exec "$TIMEOUT" 20 "$F" \
        --collapse --no-perf-script -) > "$tmp/out" 2> "$tmp/err"
    rc=$?
    # the stream's reason: up front (the header records), or at its end after the text
    if [ $rc = 1 ] && grep -E -q "^flametui: .*($why)" "$tmp/err"
    then ok "$name: a pipe, --no-perf-script: exit 1, why"
    else fail "$name: a pipe: exit $rc ($(head -c 300 "$tmp/err"))"; fi
done
finish
