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
#   - streaming: the reader's text starts before its input has ended;
#   - --call-graph dwarf: a shell loop natively; a process that ran another program
#     first read through perf script with the notice, as perf_data_native.sh's file;
#   - --srcline (a C program built here, -g and DWARF): the reader's text (file and
#     stream) == `perf script -F +pid,+srcline`, --collapse --srcline natively (file and
#     pipe) == through perf script.
# Recordings: a shell loop (frame pointers), two events, no -g, DWARF.
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
# --call-graph dwarf through the pipe: a shell loop natively; a process that ran another
# program first (sh -c "exec sh ...": perf's libunwind unwinds it otherwise) read through
# perf script with the notice, the choice made on the input read ahead (to its first
# FINISHED_ROUND), from a file in the pipe format, a pipe, and live
notice="read through perf script: DWARF call graphs of a process that ran another"
if rec dwsh --call-graph dwarf -- sh -c "$loop"; then
    "$FLAMETUI" --collapse --perf-script "$tmp/dwsh.data" > "$tmp/ps" 2> /dev/null
    PATH="$tmp/noperf" "$FLAMETUI" --collapse - < "$tmp/dwsh.data" > "$tmp/nat" \
        2> "$tmp/nat.err"
    if [ -s "$tmp/ps" ] && cmp -s "$tmp/ps" "$tmp/nat" && [ ! -s "$tmp/nat.err" ]; then
        ok "dwsh: a DWARF pipe natively == through perf script"
    else fail "dwsh: a DWARF pipe natively != through perf script" \
        "($(head -c 300 "$tmp/nat.err"))"; diff "$tmp/ps" "$tmp/nat" | head -6; fi
else skip "perf record --call-graph dwarf -o - not permitted"; fi
if rec dwexec --call-graph dwarf -- sh -c "exec sh -c '$loop'"; then
    x="$tmp/dwexec.data"
    "$FLAMETUI" --collapse --perf-script "$x" > "$tmp/ps" 2> /dev/null
    for how in file pipe; do
        if [ $how = file ]; then "$FLAMETUI" --collapse "$x" > "$tmp/nat" 2> "$tmp/nat.err"
        else cat "$x" | "$FLAMETUI" --collapse - > "$tmp/nat" 2> "$tmp/nat.err"; fi
        if [ -s "$tmp/ps" ] && cmp -s "$tmp/ps" "$tmp/nat" && grep -q "$notice" "$tmp/nat.err"
        then ok "dwexec ($how): through perf script, saying why"
        else fail "dwexec ($how): [$(head -c 300 "$tmp/nat.err")]"
            diff "$tmp/ps" "$tmp/nat" | head -6; fi
    done
    cat "$x" | "$FLAMETUI" --collapse --no-perf-script - > /dev/null 2> "$tmp/nat.err"
    rc=$?
    if [ $rc = 1 ] && grep -q "cannot be read without perf script.*DWARF call graphs" \
        "$tmp/nat.err"; then ok "dwexec --no-perf-script: refused, saying why"
    else fail "dwexec --no-perf-script: exit $rc [$(head -c 300 "$tmp/nat.err")]"; fi
    # live, the exec may come after perf's first round of records: then it is read on
    # natively, said at the end (the dwlate case below); either way it is said
    timeout 60 perf record -q -F 999 --call-graph dwarf -o - -- sh -c "exec sh -c '$loop'" \
        2> /dev/null | "$FLAMETUI" --collapse - > "$tmp/live" 2> "$tmp/live.err"
    if grep -q '^sh;' "$tmp/live" && grep -q "$notice" "$tmp/live.err"
    then ok "dwexec live: through perf script, saying why"
    elif grep -q '^sh;' "$tmp/live" &&
        grep -q "ran another program after the first round of records" "$tmp/live.err"
    then ok "dwexec live: the exec after the first round: natively, saying so at the end"
    else fail "dwexec live: [$(head -c 300 "$tmp/live.err")]"; fi
else skip "perf record --call-graph dwarf -o - of sh -c 'exec sh' not permitted"; fi
# the same process with frame pointers (-g): nothing to unwind, read natively
if rec fpexec -g -- sh -c "exec sh -c '$loop'"; then
    "$FLAMETUI" --collapse --perf-script "$tmp/fpexec.data" > "$tmp/ps" 2> /dev/null
    cat "$tmp/fpexec.data" | "$FLAMETUI" --collapse - > "$tmp/nat" 2> "$tmp/nat.err"
    if [ -s "$tmp/ps" ] && cmp -s "$tmp/ps" "$tmp/nat" && [ ! -s "$tmp/nat.err" ]; then
        ok "fpexec: -g of a process that ran another program: natively, no notice"
    else fail "fpexec: [$(head -c 300 "$tmp/nat.err")]"; fi
fi
# --srcline on the pipe format: source lines from libdw, as perf script -F +srcline prints
# them (perf's addr2line), for tests/data/inl.c built here with -O2 -g (inlined
# functions), frame pointers and DWARF: the reader's text from the file and as a stream, and
# --collapse --srcline natively (perf off PATH, file and pipe) == through perf script
srcnames=""
if ! command -v cc > /dev/null 2>&1 || ! cc -O2 -g -fno-omit-frame-pointer -o "$tmp/inl" \
        "${top_srcdir:-.}/tests/data/inl.c" 2> /dev/null; then
    skip "no C compiler: --srcline on the pipe format not checked"
else
    rec srcfp -g -- "$tmp/inl" 60000 && srcnames="srcfp"
    rec srcdw --call-graph dwarf -- "$tmp/inl" 60000 && srcnames="$srcnames srcdw"
fi
for n in $srcnames; do
    x="$tmp/$n.data"
    perf script -F +pid,+srcline -i "$x" > "$tmp/want.txt" 2> "$tmp/perf.err"; prc=$?
    if [ $prc != 0 ] || [ ! -s "$tmp/want.txt" ]; then
        skip "$n --srcline: perf script itself failed (exit $prc: $(tail -1 "$tmp/perf.err"))"
        continue
    fi
    grep -q 'inl\.c:[0-9]' "$tmp/want.txt" ||
        fail "$n --srcline: perf script printed no line of inl.c"
    "$text" --srcline "$x" > "$tmp/got.txt" 2> "$tmp/text.err"
    if cmp -s "$tmp/want.txt" "$tmp/got.txt"
    then ok "$n: the reader's text == perf script -F +pid,+srcline"
    else fail "$n: the reader's text != perf script -F +pid,+srcline" \
        "($(cat "$tmp/text.err"))"; diff "$tmp/want.txt" "$tmp/got.txt" | head -8; fi
    "$text" --srcline - < "$x" > "$tmp/got.txt" 2> "$tmp/text.err"
    if cmp -s "$tmp/want.txt" "$tmp/got.txt"
    then ok "$n: the reader's text from a stream == perf script -F +pid,+srcline"
    else fail "$n: the stream's text != perf script -F +pid,+srcline" \
        "($(cat "$tmp/text.err"))"; diff "$tmp/want.txt" "$tmp/got.txt" | head -8; fi
    "$FLAMETUI" --collapse --srcline --perf-script "$x" > "$tmp/ps" 2> "$tmp/ps.err"
    if [ ! -s "$tmp/ps" ]; then
        skip "$n --srcline: through perf script gave nothing ($(tail -1 "$tmp/ps.err"))"
        continue
    fi
    grep -q 'leaf:.*inl\.c:[0-9]' "$tmp/ps" || fail "$n --srcline: no leaf:inl.c:N frame"
    PATH="$tmp/noperf" "$FLAMETUI" --collapse --srcline --no-perf-script "$x" \
        > "$tmp/nat" 2> "$tmp/nat.err"
    if cmp -s "$tmp/ps" "$tmp/nat"; then ok "$n --srcline: the file natively == through perf script"
    else fail "$n --srcline: the file natively != through perf script" \
        "($(head -c 300 "$tmp/nat.err"))"; diff "$tmp/ps" "$tmp/nat" | head -6; fi
    cat "$x" | PATH="$tmp/noperf" "$FLAMETUI" --collapse --srcline --no-perf-script - \
        > "$tmp/nat" 2> "$tmp/nat.err"
    if cmp -s "$tmp/ps" "$tmp/nat"; then ok "$n --srcline: a pipe natively == through perf script"
    else fail "$n --srcline: a pipe natively != through perf script" \
        "($(head -c 300 "$tmp/nat.err"))"; diff "$tmp/ps" "$tmp/nat" | head -6; fi
done
# --call-graph dwarf, a process that runs another program after the pipe's first round
# (past the read-ahead: a live pipe cannot go to perf script any more): read natively,
# unwound in full, saying so at the end; the same recording from a file (checked whole)
# goes through perf script with the notice
late="ran another program after the first round of records"
loopl='i=0; while [ $i -lt 300000 ]; do i=$((i+1)); done'
if [ -x "$tmp/inl" ] &&
    rec dwlate -m 16 --call-graph dwarf -- sh -c "$loopl; exec $tmp/inl 60000"; then
    x="$tmp/dwlate.data"
    cat "$x" | PATH="$tmp/noperf" "$FLAMETUI" --collapse - > "$tmp/nat" 2> "$tmp/nat.err"
    if grep -q "^flametui: stdin: 1 process $late: its DWARF call graphs unwound" \
        "$tmp/nat.err" && grep -q '^inl;.*;main;middle;leaf' "$tmp/nat"; then
        ok "dwlate (pipe): natively, saying so at the end"
    elif grep -q "$notice" "$tmp/nat.err"; then   # the exec came in the first round
        skip "dwlate (pipe): the exec came within the read-ahead"
    else fail "dwlate (pipe): [$(head -c 300 "$tmp/nat.err")]"; head -3 "$tmp/nat"; fi
    "$FLAMETUI" --collapse "$x" > /dev/null 2> "$tmp/nat.err"
    if grep -q "$notice" "$tmp/nat.err" && ! grep -q "$late" "$tmp/nat.err"
    then ok "dwlate (file): through perf script, saying why"
    else fail "dwlate (file): [$(head -c 300 "$tmp/nat.err")]"; fi
fi
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
