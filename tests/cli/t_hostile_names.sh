#!/bin/sh
# SPDX-License-Identifier: MIT
# flametui - names and bytes that once broke a round trip or gave two answers:
# 1. folded output reads back: pprof and bpftrace names holding ';', a newline, a
#    trailing " N" or a leading '#' are escaped ("\xHH", render/foldesc.h) so that
#    --collapse of --collapse is the same profile; ordinary names stay byte for byte.
# 2. a pprof profile that needs more memory than there is (ulimit -v) says so, not
#    "not a valid pprof profile".
. "${top_srcdir:-.}/tests/cli/lib.sh"
F="$FLAMETUI"
d="$top_srcdir/tests/data"
. "${top_srcdir:-.}/tests/cli/hostile_lib.sh"   # the protobuf writer (byte .. fstr)
# pprof NAME COUNT > stdout: one sample of COUNT, stack main;NAME (NAME the leaf)
pprof() {
    { fvar 1 1; fvar 2 2; } > "$tmp/vt"; flen 1 "$tmp/vt"
    { fvar 1 1; fvar 2 3; } > "$tmp/fn"; flen 5 "$tmp/fn"
    { fvar 1 2; fvar 2 4; } > "$tmp/fn"; flen 5 "$tmp/fn"
    fstr 6 ""; fstr 6 samples; fstr 6 count; fstr 6 main; fstr 6 "$1"
    { fvar 1 1; { fvar 1 2; } > "$tmp/ln"; flen 4 "$tmp/ln"; { fvar 1 1; } > "$tmp/ln"
      flen 4 "$tmp/ln"; } > "$tmp/loc"
    flen 4 "$tmp/loc"
    { fvar 1 1; fvar 2 "$2"; } > "$tmp/smp"; flen 2 "$tmp/smp"
}
# round NAME FILE: --collapse of FILE, and --collapse of that output, are the same
round() {
    "$F" --collapse "$2" > "$tmp/c1" 2> "$tmp/err" || { fail "$1: --collapse failed: $(cat "$tmp/err")"; return; }
    "$F" --collapse "$tmp/c1" > "$tmp/c2" 2> "$tmp/err" || { fail "$1: reading back failed: $(cat "$tmp/err")"; return; }
    if cmp -s "$tmp/c1" "$tmp/c2"; then ok "$1: reads back the same"
    else fail "$1: read back differs: [$(cat "$tmp/c1")] -> [$(cat "$tmp/c2")]"; fi
}

# ---- 1. folded output that reads back ----
nl='
'
pprof "semi;colon" 3 > "$tmp/semi.pb";          round "pprof name with ';'" "$tmp/semi.pb"
grep -q '^main;semi\\x3bcolon 3$' "$tmp/c1" && ok || fail "';' not written as \\x3b: $(cat "$tmp/c1")"
pprof "new${nl}line" 4 > "$tmp/nl.pb";          round "pprof name with a newline" "$tmp/nl.pb"
pprof "tail 12" 5 > "$tmp/tail.pb";             round "pprof leaf ending in ' 12'" "$tmp/tail.pb"
grep -q '^main;tail\\x2012 5$' "$tmp/c1" && ok || fail "the blank before 12 not escaped: $(cat "$tmp/c1")"
pprof "tab	1.5" 6 > "$tmp/tab.pb";            round "pprof leaf ending in a tab and 1.5" "$tmp/tab.pb"
pprof 'back\x3bslash' 7 > "$tmp/bs.pb";         round "pprof name holding a literal \\x3b" "$tmp/bs.pb"
grep -q '^main;back\\x5cx3bslash 7$' "$tmp/c1" && ok || fail "the backslash not escaped: $(cat "$tmp/c1")"
pprof 'plain\name \d 1x' 8 > "$tmp/pl.pb";      round "pprof name with ordinary backslashes" "$tmp/pl.pb"
grep -q '^main;plain\\name \\d 1x 8$' "$tmp/c1" && ok || fail "an ordinary backslash escaped: $(cat "$tmp/c1")"
# bpftrace: a comm with a leading '#', frames with ';' and a trailing number
printf '@[\n    a;b+1\n    main\n, #evil]: 3\n@[\n    tail 12\n    main\n, app]: 5\n@[\n    x\n, app 7]: 2\n' \
    > "$tmp/names.bt"
round "bpftrace names" "$tmp/names.bt"
expect_eq "bpftrace names, escaped" "$(printf '%s\n' '\x23evil;main;a\x3bb+1 3' 'app 7;x 2' 'app;main;tail\x2012 5')" "$(cat "$tmp/c1")"
# the escaped profile is the same profile: the names come back whole in --text
"$F" --text --cols 200 "$tmp/c1" > "$tmp/t" 2>&1
grep -q 'a;b+1' "$tmp/t" && grep -q '#evil' "$tmp/t" && grep -q 'tail 12' "$tmp/t" && ok ||
    fail "the escapes not undone on reading: $(cat "$tmp/t")"
# two-thread reading (folded_pipe, files of 4 MiB or more) of an escaped file: the same
# profile as one thread reads
{ cat "$tmp/c1"; awk 'BEGIN { for (i = 0; i < 200000; i++) printf "app;main;fill%d 1\n", i }'
  cat "$tmp/c1"; } > "$tmp/big"
FLAMETUI_THREADS=1 "$F" --collapse "$tmp/big" > "$tmp/b1" 2> "$tmp/err"
FLAMETUI_THREADS=2 "$F" --collapse "$tmp/big" > "$tmp/b2" 2> "$tmp/err"
if cmp -s "$tmp/b1" "$tmp/b2" && grep -q '^\\x23evil;main;a\\x3bb+1 6$' "$tmp/b2"; then ok "two threads read escapes"
else fail "two-thread read of escapes differs: $(grep -v fill "$tmp/b2")"; fi
# ordinary perf and folded profiles: byte for byte as before
for f in perf-kernel.perf perf-python.perf names-cpp.folded; do
    [ -r "$d/$f" ] || continue
    "$F" --collapse "$d/$f" > "$tmp/o1" 2>/dev/null
    round "$f" "$d/$f"
    cmp -s "$tmp/o1" "$tmp/c1" && ok || fail "$f: --collapse output changed"
done

# ---- 2. pprof decoding out of memory ----
if ldd "$F" 2>/dev/null | grep -q libasan || nm "$F" 2>/dev/null | grep -q __asan_init; then
    skip "pprof under ulimit -v: a sanitizer build reserves terabytes of address space"
else
    # 150 MB of protobuf in 400 KB of gzip: 150,000 strings of 1000 bytes
    { printf '\012\004\010\001\020\002\062\000\062\007samples\062\005count'
      LC_ALL=C awk 'BEGIN { x = sprintf("%1000s", ""); gsub(/ /, "x", x)
                            for (i = 0; i < 150000; i++) printf "\062\350\007%s", x }'
    } | gzip -c > "$tmp/bigstr.pb.gz"
    ( ulimit -v 400000; exec "$F" --collapse "$tmp/bigstr.pb.gz" ) > "$tmp/out" 2> "$tmp/err"
    rc=$?
    if [ $rc = 1 ] && grep -q "^flametui: .*: out of memory decoding the pprof profile" "$tmp/err"; then
        ok "pprof out of memory reported as such"
    else
        fail "pprof out of memory: exit $rc: $(cat "$tmp/err")"
    fi
fi
finish
