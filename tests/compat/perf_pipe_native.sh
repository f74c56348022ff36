#!/bin/sh
# SPDX-License-Identifier: MIT
# flametui - tests/compat/perf_pipe_native.sh: perf's pipe format (`perf record -o -`),
# recorded here, read by the native reader against perf itself on the same machine:
#   - the reader's text (tests/compat/perfdata_text, from the file and as a stream on
#     standard input) == `perf script -F +pid -i X.pipe.data`, byte for byte;
#   - `flametui --collapse --no-perf-script X.pipe.data` and
#     `cat X.pipe.data | flametui --collapse --no-perf-script -`, perf off PATH, ==
#     `flametui --collapse --perf-script X.pipe.data`, default and --all flag sets;
#   - live: `perf record -o - ... | flametui --collapse --no-perf-script -` reads it;
#   - streaming: the reader's text starts before its input has ended.
# Recordings: a shell loop (frame pointers), two events, no -g.
# Skips, saying why, where perf is not installed or perf record is not permitted.
. "${top_srcdir:-.}/tests/lib.sh"
[ -x "$FLAMETUI" ] || { fail "FLAMETUI='$FLAMETUI' is not executable"; exit 1; }
text="${top_builddir:-.}/tests/compat/perfdata_text"
[ -x "$text" ] || { fail "$text not built"; exit 1; }
command -v perf > /dev/null 2>&1 && perf version > /dev/null 2>&1 ||
    skip_all "perf not installed (apt-get install linux-perf)"
tmp=$(mktemp -d) || exit 99
tap_cleanup='rm -rf "$tmp"'
loop='i=0; while [ $i -lt 150000 ]; do i=$((i+1)); done'
if ! timeout 60 perf record -q -g -F 999 -o - -- sh -c "$loop" \
        > "$tmp/loop.data" 2> "$tmp/rec.err" || [ ! -s "$tmp/loop.data" ]; then
    skip_all "perf record not permitted here: $(head -c 200 "$tmp/rec.err" | tr '\n' ' ')"
fi
rec() { # NAME PERF-RECORD-ARGS...: records $tmp/NAME.data in the pipe format
    n=$1; shift
    timeout 60 perf record -q -F 999 -o - "$@" > "$tmp/$n.data" 2> /dev/null &&
        [ -s "$tmp/$n.data" ]
}
names="loop"
rec two -g -e cpu-clock,task-clock -- sh -c "$loop" && names="$names two"
rec nog -- sh -c "$loop" && names="$names nog"
mkdir "$tmp/noperf"   # a PATH without perf: the native reader alone
for n in $names; do
    x="$tmp/$n.data"
    [ "$(od -An -t u8 -j 8 -N 8 "$x" | tr -d ' ')" = 16 ] ||
        { fail "$n: not in the pipe format"; continue; }
    perf script -F +pid -i "$x" > "$tmp/want.txt" 2> /dev/null
    "$text" "$x" > "$tmp/got.txt" 2> "$tmp/text.err"
    if [ -s "$tmp/want.txt" ] && cmp -s "$tmp/want.txt" "$tmp/got.txt"
    then ok "$n: the reader's text == perf script -F +pid"
    else fail "$n: the reader's text != perf script -F +pid ($(cat "$tmp/text.err"))"
        diff "$tmp/want.txt" "$tmp/got.txt" | head -8; fi
    "$text" - < "$x" > "$tmp/got.txt" 2> "$tmp/text.err"
    if cmp -s "$tmp/want.txt" "$tmp/got.txt"
    then ok "$n: the reader's text from a stream == perf script -F +pid"
    else fail "$n: the stream's text != perf script -F +pid ($(cat "$tmp/text.err"))"; fi
    for flags in "" "--all"; do
        # shellcheck disable=SC2086 # the flags are meant to split
        "$FLAMETUI" --collapse --perf-script $flags "$x" > "$tmp/ps" 2> /dev/null
        # shellcheck disable=SC2086
        PATH="$tmp/noperf" "$FLAMETUI" --collapse --no-perf-script $flags "$x" \
            > "$tmp/nat" 2> "$tmp/nat.err"
        if [ -s "$tmp/ps" ] && cmp -s "$tmp/ps" "$tmp/nat"; then
            ok "$n ${flags:-(default)}: the file natively == through perf script"
        else fail "$n ${flags:-(default)}: the file natively != through perf script" \
            "($(head -c 300 "$tmp/nat.err"))"; diff "$tmp/ps" "$tmp/nat" | head -6; fi
        # shellcheck disable=SC2086
        cat "$x" | PATH="$tmp/noperf" "$FLAMETUI" --collapse --no-perf-script $flags - \
            > "$tmp/nat" 2> "$tmp/nat.err"
        if [ -s "$tmp/ps" ] && cmp -s "$tmp/ps" "$tmp/nat"; then
            ok "$n ${flags:-(default)}: a pipe natively == through perf script"
        else fail "$n ${flags:-(default)}: a pipe natively != through perf script" \
            "($(head -c 300 "$tmp/nat.err"))"; diff "$tmp/ps" "$tmp/nat" | head -6; fi
    done
    # the default mode: native, no notice
    "$FLAMETUI" --collapse "$x" > /dev/null 2> "$tmp/nat.err"
    if grep -q "read through perf script" "$tmp/nat.err"
    then fail "$n: read through perf script ($(cat "$tmp/nat.err"))"
    else ok "$n: read natively without a notice"; fi
done
# live: perf record -o - | flametui -
timeout 60 perf record -q -g -F 999 -o - -- sh -c "$loop" 2> /dev/null |
    PATH="$tmp/noperf" "$FLAMETUI" --collapse --no-perf-script - > "$tmp/live" 2> "$tmp/live.err"
if grep -q '^sh;' "$tmp/live"; then ok "live perf record -o - | flametui -: stacks"
else fail "live: $(head -c 300 "$tmp/live.err")"; fi
# streaming: with the second half of the input held back, the text of its first rounds
# (FINISHED_ROUND records: -m 1 makes many) is out
loop2='i=0; while [ $i -lt 300000 ]; do i=$((i+1)); done'
x="$tmp/stream.data"
timeout 60 perf record -q -g -F 999 -m 1 -o - -- sh -c "$loop2" > "$x" 2> /dev/null
fifo="$tmp/fifo"; mkfifo "$fifo"
"$text" - < "$fifo" > "$tmp/stream.txt" 2> /dev/null &
reader=$!
exec 7> "$fifo"
head -c $(($(wc -c < "$x") / 2)) "$x" >&7
i=0
while [ ! -s "$tmp/stream.txt" ] && [ $i -lt 300 ]; do sleep 0.1; i=$((i + 1)); done
if [ -s "$tmp/stream.txt" ]; then ok "streaming: text before the input ended"
else fail "streaming: no text until the input ended"; fi
exec 7>&-
wait "$reader"
finish
