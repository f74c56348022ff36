# SPDX-License-Identifier: MIT
# Sourced by tests/cli/t_hostile*.sh after tests/cli/lib.sh: runs of flametui on hostile
# input checked against the exit rules (hrun), the checks that follow a run, and a
# protobuf writer in sh for crafted pprof profiles. Needs $F (the binary) and $tmp.
# ulimit -v breaks ASan (it reserves terabytes of shadow memory): use its RSS limit.
if ldd "$F" 2>/dev/null | grep -q libasan || nm "$F" 2>/dev/null | grep -q __asan_init; then
    ASAN_OPTIONS="hard_rss_limit_mb=4096:${ASAN_OPTIONS:-}"; export ASAN_OPTIONS
    vlimit=unlimited
else
    vlimit=4194304
fi

# hrun NAME ARGS...: runs flametui, stdout to $tmp/out (a file: some outputs are 64 MB),
# stderr to $tmp/err; then checks the exit rules: exit 0, or exit 1 with a message, every
# stderr line "flametui: ..."; no hang (timeout), signal or sanitizer report. A run that
# breaks them counts one failure (and the checks that follow it are not counted: hbad); a
# run that keeps them counts nothing itself: every hrun is followed by at least one check,
# which counts. Set stdin=FILE to feed FILE on standard input, clocale=1 to run in the C
# locale, tlimit=SECONDS for a shorter time limit than 60 s (all reset after the run).
stdin=; clocale=; tlimit=; hbad=
hrun() {
    name=$1; shift
    hbad=1
    (
        ulimit -v $vlimit 2>/dev/null
        if [ -n "$stdin" ]; then exec < "$stdin"; fi
        if [ -n "$clocale" ]; then LC_ALL=C; export LC_ALL; fi
        exec timeout ${tlimit:-60} "$F" "$@"
    ) > "$tmp/out" 2> "$tmp/err"
    rc=$?
    stdin=; clocale=; tlimit=
    err=$(head -c 2000 "$tmp/err")
    if [ $rc -eq 124 ]; then fail "$name: hang (timeout)"; return; fi
    if [ $rc -ge 128 ]; then fail "$name: killed by signal $((rc - 128)): $err"; return; fi
    if grep -q -e 'Sanitizer' -e 'runtime error' "$tmp/err"; then
        fail "$name: sanitizer report: $err"; return
    fi
    if [ $rc -ne 0 ] && [ $rc -ne 1 ]; then fail "$name: exit $rc: $err"; return; fi
    if [ $rc -eq 1 ] && [ -z "$err" ]; then fail "$name: exit 1 without a message"; return; fi
    if [ -s "$tmp/err" ] && grep -v -q '^flametui: ' "$tmp/err"; then
        fail "$name: stderr line without 'flametui: ': $err"; return
    fi
    hbad=
}
# expect_rc NAME RC [STDERR-PATTERN (grep -E)]
expect_rc() {
    [ -z "$hbad" ] || return 0
    if [ "$rc" != "$2" ]; then fail "$1: exit $rc, want $2 ($err)"; return; fi
    if [ -n "${3:-}" ] && ! grep -E -q -- "$3" "$tmp/err"; then
        fail "$1: stderr [$err] does not match [$3]"; return
    fi
    ok
}
# no_controls NAME: $tmp/out has no C0 control (except newline), DEL, or UTF-8 C1 control
no_controls() {
    [ -z "$hbad" ] || return 0
    n=$(LC_ALL=C tr -cd '\000-\011\013-\037\177' < "$tmp/out" | wc -c)
    c1=$(LC_ALL=C grep -c "$(printf '\302[\200-\237]')" "$tmp/out")
    if [ "$n" -ne 0 ] || [ "$c1" -ne 0 ]; then
        fail "$1: $n raw control bytes, $c1 lines with C1 controls in the output"
    else
        ok
    fi
}
# ascii_only NAME: $tmp/out is printable ASCII (the C locale's --text)
ascii_only() {
    [ -z "$hbad" ] || return 0
    n=$(LC_ALL=C tr -d '\n\040-\176' < "$tmp/out" | wc -c)
    if [ "$n" -ne 0 ]; then fail "$1: $n non-ASCII or control bytes"; else ok; fi
}
rules() { [ -n "$hbad" ] || ok; }   # the run kept the rules
out_is() { [ -z "$hbad" ] || return 0; expect_eq "$1" "$2" "$(cat "$tmp/out")"; }

# ---- protobuf writing in sh: bytes, varints, fields ----
byte() { printf "\\$(printf %03o "$1")"; }
varint() {
    v=$1
    while [ "$v" -ge 128 ]; do byte $(((v & 127) | 128)); v=$((v >> 7)); done
    byte "$v"
}
fvar() { varint $(($1 << 3)); varint "$2"; }                        # FIELD VALUE
flen() { varint $(($1 << 3 | 2)); varint "$(wc -c < "$2")"; cat "$2"; }  # FIELD FILE
fstr() { printf '%s' "$2" > "$tmp/s"; flen "$1" "$tmp/s"; }         # FIELD TEXT
