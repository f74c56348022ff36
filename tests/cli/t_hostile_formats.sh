#!/bin/sh
# SPDX-License-Identifier: MIT
# flametui - hostile input through the pprof decoder and the bpftrace parser:
# the catalogue of t_hostile.sh (empty, blank, NUL, binary garbage, escapes, deep stacks,
# long lines, broken gzip) with --format=pprof and --format=bpftrace, plus profiles cut
# at every length, with bytes flipped, with lengths that lie, a 100k-frame location,
# ids that point nowhere. Every run ends with exit 0, or exit 1 and
# "flametui: FILE: ..." on stderr; never a crash, a hang, a sanitizer report, or raw
# control bytes in --text output.
. "${top_srcdir:-.}/tests/cli/lib.sh"
F="$FLAMETUI"
d="$top_srcdir/tests/data"
. "${top_srcdir:-.}/tests/cli/hostile_lib.sh"   # hrun, the checks, the protobuf writer
# repeat FILE N OUT: N copies of FILE (by doubling)
repeat() {
    cp "$1" "$tmp/r1"; : > "$3"; n=$2
    while [ "$n" -gt 0 ]; do
        [ $((n & 1)) -eq 1 ] && cat "$tmp/r1" >> "$3"
        cat "$tmp/r1" "$tmp/r1" > "$tmp/r2"; mv "$tmp/r2" "$tmp/r1"; n=$((n >> 1))
    done
}
# a profile: sample type "samples/count", functions 1 "main" 2 NAME2, the strings, then
# what the caller appends (locations, samples)
head_pb() {   # NAME2 > stdout
    { fvar 1 1; fvar 2 2; } > "$tmp/vt"
    flen 1 "$tmp/vt"
    { fvar 1 1; fvar 2 3; } > "$tmp/fn"; flen 5 "$tmp/fn"
    { fvar 1 2; fvar 2 4; } > "$tmp/fn"; flen 5 "$tmp/fn"
    fstr 6 ""; fstr 6 samples; fstr 6 count; fstr 6 main; fstr 6 "$1"
}

# ---- 1. the catalogue through both formats ----
: > "$tmp/empty"
printf '\n\n   \n\t\n\r\n\n' > "$tmp/blank"
printf 'a;b\000c 1\n\000\000\000\nd 2\000\n\000 3\n' > "$tmp/nul"
LC_ALL=C awk 'BEGIN { srand(8); for (i = 0; i < 1048576; i++) printf "%c", int(rand() * 256) }' \
    > "$tmp/garbage"
printf '\033[2J\033[H;\033]0;pwned\007;bell\007x 5\n' > "$tmp/esc"
for f in empty blank nul garbage esc; do
    hrun "$f bpftrace" --format=bpftrace --collapse "$tmp/$f"; expect_rc "$f bpftrace" 1 "no samples found"
    out_is "$f bpftrace output" ""
    hrun "$f pprof" --format=pprof --collapse "$tmp/$f"
    expect_rc "$f pprof" 1 "^flametui: $tmp/$f: not a valid pprof profile: "
    out_is "$f pprof output" ""
    gzip -c "$tmp/$f" > "$tmp/$f.gz"
    hrun "$f.gz pprof" --format=pprof --collapse "$tmp/$f.gz"; expect_rc "$f.gz pprof" 1
    hrun "$f.gz bpftrace" --format=bpftrace --collapse "$tmp/$f.gz"; expect_rc "$f.gz bpftrace" 1 "no samples found"
done
# auto: none of these is taken for pprof or bpftrace
for f in nul garbage esc; do
    hrun "$f auto" --collapse "$tmp/$f"; expect_rc "$f auto" 0
    if grep -q 'pprof\|stack.* skipped' "$tmp/err"; then fail "$f auto: read as pprof/bpftrace"; else ok; fi
done
rm -f "$tmp/garbage" "$tmp/garbage.gz"
# the wrong format: folded and perf text, and the profiles read as the other format
hrun "folded as bpftrace" --format=bpftrace --collapse "$d/tui-basic.folded"
expect_rc "folded as bpftrace" 1 "as --format=bpftrace says"; out_is "folded as bpftrace output" ""
hrun "perf as pprof" --format=pprof --collapse "$d/perf-kernel.perf"; expect_rc "perf as pprof" 1
hrun "pprof as bpftrace" --format=bpftrace --collapse "$d/go-cpu.pb.gz"; expect_rc "pprof as bpftrace" 1
hrun "pprof as folded" --format=folded --collapse "$d/go-cpu.pb.gz"; expect_rc "pprof as folded" 1
hrun "bpftrace as pprof" --format=pprof --collapse "$d/bpftrace-maps.bt"
expect_rc "bpftrace as pprof" 1 "not a valid pprof profile"
# escapes in bpftrace frames and in a pprof function name: --text shows them safely
{ printf '@[\n    \033[2J\033]0;pwned\007+1\n    main\302\233x+2\n]: 4\n'; } > "$tmp/esc.bt"
hrun "bpftrace escapes --text" --text --cols 100 "$tmp/esc.bt"; no_controls "bpftrace escapes --text"
{ head_pb "$(printf '\033[2J\033]0;pwned\007\r\010')"
  { fvar 1 1; { fvar 1 2; } > "$tmp/ln"; flen 4 "$tmp/ln"; { fvar 1 1; } > "$tmp/ln"; flen 4 "$tmp/ln"; } > "$tmp/loc"
  flen 4 "$tmp/loc"
  { fvar 1 1; fvar 2 3; } > "$tmp/smp"; flen 2 "$tmp/smp"; } > "$tmp/esc.pb"
hrun "pprof escapes --collapse" --collapse "$tmp/esc.pb"; expect_rc "pprof escapes" 0
hrun "pprof escapes --text" --text --cols 100 "$tmp/esc.pb"; no_controls "pprof escapes --text"
grep -q 'main' "$tmp/out" && ok || fail "pprof escapes --text: no main frame"

# ---- 2. bpftrace: a 100k-frame stack, 100k maps, a long line, an endless stack ----
awk 'BEGIN { print "@["; for (i = 0; i < 100000; i++) printf "    f%d+%d\n", i, i; print "]: 7" }' \
    > "$tmp/deep.bt"
hrun "bpftrace 100k frames" --collapse "$tmp/deep.bt"; expect_rc "bpftrace 100k frames" 0
expect_eq "bpftrace 100k frames: one stack" 1 "$(wc -l < "$tmp/out" | tr -d ' ')"
awk 'BEGIN { for (i = 0; i < 100000; i++) printf "@[\n    f%d\n    main\n]: 1\n", i }' > "$tmp/wide.bt"
hrun "bpftrace 100k stacks" --collapse "$tmp/wide.bt"; expect_rc "bpftrace 100k stacks" 0
expect_eq "bpftrace 100k stacks output" 100000 "$(wc -l < "$tmp/out" | tr -d ' ')"
{ printf '@[\n    a+1\n    '; head -c 5000 /dev/zero | tr '\000' g; printf '\n]: 3\n@[\n    b+1\n]: 2\n'; } \
    > "$tmp/long.bt"
hrun "bpftrace long line" --max-line=4K --collapse "$tmp/long.bt"
expect_rc "bpftrace long line" 0 "1 stack skipped \(first at line 1: a line of the stack was too long\)"
out_is "bpftrace long line output" "b+1 2"
{ printf '@[\n'; yes '    frame+1' | head -n 200000; } > "$tmp/open.bt"
hrun "bpftrace stack never closed" --collapse "$tmp/open.bt"
expect_rc "bpftrace stack never closed" 1 "stack not closed"
printf '@[\n    a\n]: 99999999999999999999999\n' > "$tmp/big.bt"
hrun "bpftrace count past 2^64" --collapse "$tmp/big.bt"; expect_rc "bpftrace count past 2^64" 0
out_is "bpftrace count past 2^64 output" "a 1e+23"

# ---- 3. pprof: cut at every length, bytes flipped, in gzip too ----
gzip -dc "$d/go-heap.pb.gz" > "$tmp/heap.pb"
size=$(wc -c < "$tmp/heap.pb")
i=0; bad=0
while [ $i -lt "$size" ]; do
    head -c $i "$tmp/heap.pb" > "$tmp/cut.pb"
    hrun "heap cut at $i" --format=pprof --collapse "$tmp/cut.pb"
    [ -n "$hbad" ] && bad=$((bad + 1))
    i=$((i + 53))
done
[ $bad -eq 0 ] && ok || fail "$bad of the cut profiles broke the rules"
i=7; bad=0
while [ $i -lt "$size" ]; do
    cp "$tmp/heap.pb" "$tmp/flip.pb"
    byte $(( (i * 37) & 255 )) | dd of="$tmp/flip.pb" bs=1 seek=$i conv=notrunc 2> /dev/null
    hrun "heap byte $i changed" --collapse "$tmp/flip.pb"
    [ -n "$hbad" ] && bad=$((bad + 1))
    gzip -c "$tmp/flip.pb" > "$tmp/flip.gz"
    hrun "heap byte $i changed, gzip" --format=pprof --text --cols 80 "$tmp/flip.gz"
    [ -n "$hbad" ] && bad=$((bad + 1))
    i=$((i + 97))
done
[ $bad -eq 0 ] && ok || fail "$bad of the changed profiles broke the rules"
gzip -c "$tmp/heap.pb" > "$tmp/heap.gz"
head -c $(($(wc -c < "$tmp/heap.gz") / 2)) "$tmp/heap.gz" > "$tmp/trunc.gz"
hrun "pprof truncated gzip" --collapse "$tmp/trunc.gz"
expect_rc "pprof truncated gzip" 1 "^flametui: $tmp/trunc.gz: (truncated gzip data|not a valid pprof)"

# ---- 4. pprof: lengths that lie, ids that point nowhere, a 100k-frame location ----
{ fvar 9 1; varint 50; varint 4294967295; printf 'abc'; } > "$tmp/len.pb"
hrun "pprof 4 GB string" --collapse "$tmp/len.pb"
expect_rc "pprof 4 GB string" 1 "not a valid pprof profile: protobuf decoding failed"
{ fvar 9 1; varint 10; varint 9223372036854775807; } > "$tmp/len2.pb"
hrun "pprof 2^63 length" --format=pprof --collapse "$tmp/len2.pb"; expect_rc "pprof 2^63 length" 1
{ head_pb g; { fvar 1 5; fvar 2 1; } > "$tmp/smp"; flen 2 "$tmp/smp"; } > "$tmp/noloc.pb"
hrun "pprof unknown location" --collapse "$tmp/noloc.pb"
expect_rc "pprof unknown location" 1 "not a valid pprof profile: sample 0 refers to an unknown location 5"
{ head_pb g; { fvar 1 1; { fvar 1 9; } > "$tmp/ln"; flen 4 "$tmp/ln"; } > "$tmp/loc"; flen 4 "$tmp/loc"
  { fvar 1 1; fvar 2 1; } > "$tmp/smp"; flen 2 "$tmp/smp"; } > "$tmp/nofn.pb"
hrun "pprof unknown function" --collapse "$tmp/nofn.pb"
expect_rc "pprof unknown function" 1 "location 1 refers to an unknown function 9"
{ fvar 1 1; fvar 2 99; } > "$tmp/vt"; { flen 1 "$tmp/vt"; fstr 6 ""; } > "$tmp/badstr.pb"
hrun "pprof string index" --format=pprof --collapse "$tmp/badstr.pb"
expect_rc "pprof string index" 1 "sample type 0: string index out of range"
{ head_pb g; { fvar 1 1; { fvar 1 1; } > "$tmp/ln"; flen 4 "$tmp/ln"; } > "$tmp/loc"; flen 4 "$tmp/loc"
  { fvar 1 1; fvar 2 1; fvar 2 2; } > "$tmp/smp"; flen 2 "$tmp/smp"; } > "$tmp/vals.pb"
hrun "pprof value count" --collapse "$tmp/vals.pb"
expect_rc "pprof value count" 1 "sample 0 has 2 values for 1 sample types"
# one location with 100k lines (inlined frames), and a sample of 100k locations
{ fvar 1 2; } > "$tmp/ln"; flen 4 "$tmp/ln" > "$tmp/unit"
repeat "$tmp/unit" 100000 "$tmp/lines"
{ fvar 1 1; cat "$tmp/lines"; } > "$tmp/loc"
{ head_pb g; flen 4 "$tmp/loc"; { fvar 1 1; fvar 2 3; } > "$tmp/smp"; flen 2 "$tmp/smp"; } > "$tmp/deep.pb"
hrun "pprof 100k inlined frames" --collapse "$tmp/deep.pb"; expect_rc "pprof 100k inlined frames" 0
expect_eq "pprof 100k inlined frames: one stack" 1 "$(wc -l < "$tmp/out" | tr -d ' ')"
fvar 1 1 > "$tmp/unit"
repeat "$tmp/unit" 100000 "$tmp/ids"
{ fvar 1 1; { fvar 1 1; } > "$tmp/ln"; flen 4 "$tmp/ln"; } > "$tmp/loc"
{ cat "$tmp/ids"; fvar 2 5; } > "$tmp/smp"
{ head_pb g; flen 4 "$tmp/loc"; flen 2 "$tmp/smp"; } > "$tmp/deep2.pb"
hrun "pprof 100k locations deep" --top=1 "$tmp/deep2.pb"; expect_rc "pprof 100k locations deep" 0
# a "pprof bomb": 10 KB of gzip, 8 MiB of empty samples (4M messages of 2 bytes, some
# 400 MB once decoded): refused before decoding, in bounded memory
printf '\022\000' > "$tmp/unit"
repeat "$tmp/unit" 4194304 "$tmp/empties"
{ cat "$tmp/heap.pb" "$tmp/empties"; } | gzip -c > "$tmp/bomb.pb.gz"
rm -f "$tmp/empties"
hrun "pprof bomb" --collapse "$tmp/bomb.pb.gz"
expect_rc "pprof bomb" 1 "^flametui: $tmp/bomb.pb.gz: pprof profile too costly to decode: about [0-9]+ MiB for 8196 KiB of input$"
# negative and zero values: left out, the negative ones counted
{ head_pb g; { fvar 1 1; { fvar 1 2; } > "$tmp/ln"; flen 4 "$tmp/ln"; } > "$tmp/loc"; flen 4 "$tmp/loc"
  { fvar 1 1; varint 16; printf '\373\377\377\377\377\377\377\377\377\001'; } > "$tmp/smp"
  flen 2 "$tmp/smp"   # value -5: ten bytes of two's complement
  { fvar 1 1; fvar 2 0; } > "$tmp/smp"; flen 2 "$tmp/smp"
  { fvar 1 1; fvar 2 4; } > "$tmp/smp"; flen 2 "$tmp/smp"; } > "$tmp/neg.pb"
hrun "pprof negative value" --collapse "$tmp/neg.pb"
expect_rc "pprof negative value" 0 "1 sample with a negative value or without a stack left out"
out_is "pprof negative value output" "g 4"
finish
