# SPDX-License-Identifier: MIT
# Sourced by tests/cli/t_perf_*.sh after tests/cli/lib.sh: the harness for hostile perf
# files (perf.data and perf's pipe format) made from a committed one by patching bytes,
# each read with --no-perf-script under a bounded memory limit, never a crash or hang.
# Needs $F (the binary), $tmp and $TIMEOUT (lib.sh) and $tmp/bin (a PATH without perf).
# FILE OFFSET: the little-endian number there
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
# ulimit -v breaks ASan (it reserves terabytes of shadow memory): its RSS limit then
if ldd "$F" 2>/dev/null | grep -q libasan || nm "$F" 2>/dev/null | grep -q __asan_init; then
    ASAN_OPTIONS="hard_rss_limit_mb=1024:${ASAN_OPTIONS:-}"; export ASAN_OPTIONS
    vlimit=unlimited
else
    vlimit=600000
fi

# first_sample FILE OFFSET: $off, the offset of the first sample record (type 9) from
# OFFSET on
first_sample() {
    off=$2
    while [ "$(u32 "$1" "$off")" != 9 ]; do off=$((off + $(u16 "$1" $((off + 6))))); done
}
# callchain_pos SAMPLE_TYPE: $pos, where a sample record's call chain (its nr) starts,
# after the 8-byte header and the fields before it; fails the test unless the sample
# type has a call chain and no read values (what the position assumes)
callchain_pos() {
    pos=8
    for bit in 16 0 1 2 3 6 9 7 8; do [ $((($1 >> bit) & 1)) = 1 ] && pos=$((pos + 8)); done
    [ $((($1 >> 5) & 1)) = 1 ] && [ $((($1 >> 4) & 1)) = 0 ] || fail "sample_type $1"
}

# hostile_file FILE WHY: exit 1 and `FILE: cannot be read without perf script: ...WHY`
# (WHY: grep -E) with --no-perf-script, perf off PATH
hostile_file() {
    (ulimit -v $vlimit; PATH="$tmp/bin" exec "$TIMEOUT" 20 "$F" --collapse --no-perf-script \
        "$1") > "$tmp/out" 2> "$tmp/err"
    rc=$?; err=$(head -c 2000 "$tmp/err")
    n=${1##*/}
    if [ $rc = 1 ] && grep -E -q -- "^flametui: .*$n: cannot be read without perf script( \\(--no-perf-script\\))?: .*($2)" "$tmp/err"
    then ok "$n: the file, --no-perf-script: exit 1, why"
    else fail "$n: the file: exit $rc, want 1 and [$2] ($err)"; fi
}
# hostile_pipe FILE WHY: the same from a pipe: exit 1 and the reason, up front (the
# header records) or at the stream's end after the text
hostile_pipe() {
    (ulimit -v $vlimit; cat "$1" | PATH="$tmp/bin" exec "$TIMEOUT" 20 "$F" \
        --collapse --no-perf-script -) > "$tmp/out" 2> "$tmp/err"
    rc=$?; err=$(head -c 2000 "$tmp/err")
    n=${1##*/}
    if [ $rc = 1 ] && grep -E -q -- "^flametui: .*($2)" "$tmp/err"
    then ok "$n: a pipe, --no-perf-script: exit 1, why"
    else fail "$n: a pipe: exit $rc, want 1 and [$2] ($err)"; fi
}
