#!/bin/sh
# SPDX-License-Identifier: MIT
# flametui - e2e: annotate (a): the source lines of the selected function with self
# (flat) and total (cum) per line, as --annotate prints them, from FUNC:FILE:LINE frames
# (perf --srcline); the lines with self time marked; a Go pprof profile from a file is
# read again with its lines (as --annotate reads it), with the viewer's filters, from a
# pipe it is not; without line information the status line says how to get it and the
# graph stays.
. "$top_srcdir/tests/e2e/lib.sh"

printf 'int a;\nint b;\nvoid hash(void) {\n    a++;\n    b++;\n}\n' > "$tmp/h.c"
printf 'main:%s:3;hash:%s:4 5\nmain:%s:3;hash:%s:5 2\nmain:%s:4 1\n' \
    "$tmp/m.c" "$tmp/h.c" "$tmp/m.c" "$tmp/h.c" "$tmp/m.c" > "$tmp/l.folded"
start "LC_ALL=C $FLAMETUI --names=full $tmp/l.folded"
wait_for '^all  8 samples'
keys v Right Down
wait_for "^hash:$tmp/h.c:4  5 samples"
keys a
wait_for 'source of hash'
expect_line 2 '^Total: 8$' "the total"
expect_line 3 "^ROUTINE =+ hash in $tmp/h.c\$" "the routine and its file"
expect_line 4 '^ +7 +7 \(flat, cum\) 87\.50% of Total$' "the function's flat and cum"
expect_line 8 '^ +5 +5 +4:    a\+\+;$' "line 4 with its self and total"
expect_line 9 '^ +2 +2 +5:    b\+\+;$' "line 5"
screen_e | grep '4:    a++;' | grep -q "$(printf '\033')\[" && ok "the hot line is marked" ||
    fail "the hot line is not marked"
keys q
wait_for 'call tree'
# the same from the command line
"$FLAMETUI" --annotate='^hash$' "$tmp/l.folded" > "$tmp/out"
grep -q '^         2          2      5:    b++;$' "$tmp/out" && ok "--annotate prints line 5" ||
    fail "--annotate: $(cat "$tmp/out")"
quit_ok Q

# from a pipe: the status line keeps the live state (EOF and the samples) beside the
# lines, as on every screen (before: annotate's status had no right part)
fresh
start_size 100 24 "cat '$tmp/l.folded' | LC_ALL=C $FLAMETUI --names=full -"
wait_for 'EOF 8 samples$'
keys v Right Down
wait_for "^hash:$tmp/h.c:4  5 samples"
keys a
wait_for 'source of hash'
wait_for '^lines 1-.*EOF 8 samples$'
quit_ok Q

# a Go pprof profile: read again in line mode (its sources are not here: the lines with
# samples only, as --annotate prints them)
fresh
P="$data/go-hash.pb.gz"
start "$FLAMETUI --select='runtime.main;main.main;main.hashLoop' --exclude=Reset $P"
wait_for '^main\.hashLoop  '
keys a
wait_for '^ROUTINE =+ main\.hashLoop'
"$FLAMETUI" --annotate='^main\.hashLoop$' --exclude=Reset "$P" > "$tmp/go"
expect_line 2 '^Total: 830ms$' "pprof: the total of the filtered profile"
expect_line 3 '^ROUTINE =+ main\.hashLoop in /tmp/gohash/main\.go$' "pprof: the routine"
for k in 4 5 6; do   # as --annotate prints them, cut at the screen's 80 columns
    expect_eq "pprof: line $k as --annotate prints it" \
        "$(sed -n "$((k - 1))p" "$tmp/go" | cut -c1-80 | sed 's/ *$//')" "$(line $k | sed 's/ *$//')"
done
screen_e | grep ' 28:' | grep -q "$(printf '\033')\[" && ok "pprof: the hot line is marked" ||
    fail "pprof: the hot line is not marked"
keys q
wait_for '^main\.hashLoop  '
keys a
wait_for '^ROUTINE =+ main\.hashLoop'   # again: the lines read once are kept
quit_ok Q
# from a pipe it cannot be read again: say how to get the lines
fresh
start "cat $P | $FLAMETUI --select='runtime.main;main.main;main.hashLoop' -"
wait_for '^main\.hashLoop  '
keys a
wait_for 'no line info: .*; piped pprof: --annotate=RE'
quit_ok q

# no line information: say how to get it, stay in the graph
fresh
start "$FLAMETUI $data/tui-basic.folded"
wait_for '^all  100 samples'
keys k
wait_for '^main  75 samples'
keys a
wait_for 'no line info: perf needs --srcline'
quit_ok q
