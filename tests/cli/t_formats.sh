#!/bin/sh
# SPDX-License-Identifier: MIT
# flametui - input formats: gzip, zstd, xz and bzip2 on files, pipes and
# redirected stdin, with every hostile input of the catalogue (t_hostile.sh's inputs, the
# fuzz regress files, tests/data) decompressed to exactly what the plain input gives;
# perf.data through perf script (a fake perf where none is installed or permitted, the
# real one where it is, a perf.data recorded here where perf record is permitted);
# perf script without call chains; no samples found; formats named but not read.
. "${top_srcdir:-.}/tests/cli/lib.sh"
F="$FLAMETUI"
d="${top_srcdir:-.}/tests/data"
out_file() {   # NAME FILE: stdout == FILE
    if cmp -s "$2" "$tmp/out"; then ok; else fail "$1"; diff "$2" "$tmp/out" | head -5; fi
}
peak_kb() {
    [ -x /usr/bin/time ] || return 0
    ASAN_OPTIONS="quarantine_size_mb=0:${ASAN_OPTIONS:-}" \
        /usr/bin/time -f 'rss %M' "$@" > /dev/null 2> "$tmp/time" || true
    sed -n 's/^rss \([0-9][0-9]*\)$/\1/p' "$tmp/time" | tail -n 1
}
comps=""
for c in gzip zstd xz bzip2; do
    if command -v $c > /dev/null 2>&1; then comps="$comps $c"; else
        skip "$c not installed: its cases (apt-get install ${c%2})"; fi
done

# ---- 1. each compression: files, pipes, redirected stdin, members, trailers ----
exp="$d/perf-kernel.expected.folded"
printf 'a;b 1\na;c 2\n' > "$tmp/x.folded"
for c in $comps; do
    $c -c "$d/perf-kernel.perf" > "$tmp/k.$c"
    run_t 20 --collapse "$tmp/k.$c"; expect_rc "$c file" 0; out_file "$c file output" "$exp"
    cat "$tmp/k.$c" | timeout 20 "$F" --collapse > "$tmp/out" 2> "$tmp/err"; rc=$?
    expect_rc "$c pipe" 0; out_file "$c pipe output" "$exp"
    run_t 20 --collapse - < "$tmp/k.$c"; expect_rc "$c stdin file" 0
    out_file "$c stdin file output" "$exp"
    run_t 20 --top=3 "$tmp/k.$c"; expect_rc "$c --top" 0
    $c -c "$tmp/x.folded" > "$tmp/x.$c"
    cat "$tmp/x.$c" "$tmp/x.$c" > "$tmp/two.$c"
    run_t 10 --collapse "$tmp/two.$c"; expect_rc "$c two members" 0
    out_is "$c two members output" "$(printf 'a;b 2\na;c 4')"
    { cat "$tmp/x.$c"; head -c 1000 /dev/zero; } > "$tmp/zeros.$c"
    run_t 10 --collapse "$tmp/zeros.$c"; expect_rc "$c + zeros" 0
    expect_eq "$c + zeros: no message" "" "$err"
    { cat "$tmp/x.$c"; printf 'garbage\n'; } > "$tmp/garbage.$c"
    run_t 10 --collapse "$tmp/garbage.$c"
    expect_rc "$c + garbage" 0 "^flametui: $tmp/garbage.$c: trailing garbage after the $c data ignored$"
    out_is "$c + garbage output" "$(printf 'a;b 1\na;c 2')"
    head -c $(($(wc -c < "$tmp/k.$c") / 2)) "$tmp/k.$c" > "$tmp/trunc.$c"
    run_t 10 --collapse "$tmp/trunc.$c"
    expect_rc "$c truncated" 1 "^flametui: $tmp/trunc.$c: truncated $c data$"
    { head -c 12 "$tmp/k.$c"; printf 'this is not %s data at all, not at all\n' $c; } \
        > "$tmp/corrupt.$c"
    run_t 10 --collapse "$tmp/corrupt.$c"
    expect_rc "$c corrupt" 1 "(corrupt|truncated) $c data"
    # the magic split over two reads of a pipe
    { head -c 1 "$tmp/x.$c"; sleep 0.3; tail -c +2 "$tmp/x.$c"; } | timeout 10 "$F" --collapse \
        > "$tmp/out" 2> "$tmp/err"; rc=$?; err=$(cat "$tmp/err")
    expect_rc "$c magic split" 0; out_is "$c magic split output" "$(printf 'a;b 1\na;c 2')"
    # a bomb: 128 MiB of zeros, one endless line, decoded in bounded slices
    head -c 134217728 /dev/zero | $c -c -1 > "$tmp/bomb.$c" 2> /dev/null ||
        head -c 134217728 /dev/zero | $c -c > "$tmp/bomb.$c"
    base_kb=$(peak_kb "$F" --collapse "$tmp/x.$c")
    bomb_kb=$(peak_kb timeout 60 "$F" --collapse "$tmp/bomb.$c")
    if [ -n "$base_kb" ] && [ -n "$bomb_kb" ]; then
        if [ $((bomb_kb - base_kb)) -lt 49152 ]; then ok; else
            fail "$c bomb: peak RSS $bomb_kb KiB (baseline $base_kb)"; fi
    else
        skip "no GNU time: the $c bomb memory case"
    fi
    run_t 60 --collapse "$tmp/bomb.$c"
    expect_rc "$c bomb" 1 "1 line skipped \(first at line 1: line longer than 16 MiB\)"
    rm -f "$tmp/bomb.$c"
done

# ---- 2. the hostile catalogue through each compression: the same as plain ----
# t_hostile.sh's inputs (rebuilt here), the fuzz regress files, tests/data and golden.
mkdir "$tmp/cat"
: > "$tmp/cat/empty"
printf '\n\n   \n\t\n\r\n\n' > "$tmp/cat/blank"
printf '# only\n# comments\n' > "$tmp/cat/comments"
printf 'a;b\000c 1\n\000\000\000\nd 2\000\n\000 3\n' > "$tmp/cat/nul"
LC_ALL=C awk 'BEGIN { srand(8); for (i = 0; i < 262144; i++) printf "%c", int(rand() * 256) }' \
    > "$tmp/cat/garbage"
printf 'ok;\377\376;\300\257;\355\240\200;\303;\364\220\200\200 3\n' > "$tmp/cat/badutf8"
printf '\033[2J\033[H;\033]0;pwned\007;\033[31mred\033[0m;bell\007x;c1\302\233y 5\nmain;\r\010\177del 2\n' \
    > "$tmp/cat/esc"
printf 'a 0\nb;c 0\n' > "$tmp/cat/zero"
printf 'a -5\nb 1\n' > "$tmp/cat/neg"
printf 'a 18446744073709551616\nb 18446744073709551615\nb 1\nc 99999999999999999999999999\n' \
    > "$tmp/cat/huge"
awk 'BEGIN { printf "a "; for (i = 0; i < 400; i++) printf "9"; printf "\nb 1\n" }' > "$tmp/cat/inf"
printf 'a;b 1\r\na;c 2\r\n\r\n' > "$tmp/cat/crlf"
awk 'BEGIN { for (i = 0; i < 20000; i++) printf "main;f%d;g 1\n", i % 97 }' > "$tmp/cat/some"
awk 'BEGIN { for (i = 0; i < 100000; i++) printf "%sf%d", (i ? ";" : ""), i; printf " 7\n" }' \
    > "$tmp/cat/deep"
awk 'BEGIN { printf "prog 123 [000] 1.000: 1 cycles:\n";
             for (i = 0; i < 20000; i++) printf "\t%x f%d (/lib/x.so)\n", i, i; printf "\n" }' \
    > "$tmp/cat/deep.perf"
{ printf 'a;b 1\n'; head -c 17825792 /dev/zero | tr '\000' x; printf ' 1\nc 2\n'; } > "$tmp/cat/long"
printf 'pp 1 1.0: 1 cycles: \n\t1 f (/x)\n\t2 main (/x)\n\n' > "$tmp/cat/small.perf"
for f in "${top_srcdir:-.}"/tests/fuzz/regress/*/* "$d"/*.perf "$d"/*.folded; do
    case $f in */fuzz_perfdata/*) continue ;; esac   # perf.data: not read compressed
    [ -f "$f" ] && cp "$f" "$tmp/cat/$(basename "$(dirname "$f")")-$(basename "$f")"
done
ncat=0
for f in "$tmp"/cat/*; do
    ncat=$((ncat + 1))
    timeout 30 "$F" --collapse < "$f" > "$tmp/plain.out" 2> "$tmp/plain.err"; prc=$?
    timeout 30 "$F" --text --cols 60 --rows 40 < "$f" > "$tmp/plain.txt" 2> /dev/null
    for c in $comps; do
        $c -c < "$f" > "$tmp/in.$c"
        cat "$tmp/in.$c" | timeout 30 "$F" --collapse > "$tmp/out" 2> "$tmp/err.raw"; rc=$?
        sed "s/; after $c decompression)\$/)/" "$tmp/err.raw" > "$tmp/err"
        if [ "$rc" = "$prc" ] && cmp -s "$tmp/plain.out" "$tmp/out" &&
            cmp -s "$tmp/plain.err" "$tmp/err"; then ok; else
            fail "catalogue $(basename "$f") through $c: exit $rc (plain $prc), $(head -c 300 "$tmp/err")"
        fi
        timeout 30 "$F" --text --cols 60 --rows 40 < "$tmp/in.$c" > "$tmp/out" 2> /dev/null
        if cmp -s "$tmp/plain.txt" "$tmp/out"; then ok; else
            fail "catalogue $(basename "$f") --text through $c"; fi
    done
done
[ $ncat -ge 20 ] || fail "the catalogue has only $ncat inputs"

# ---- 3. perf.data through perf script ----
# A fake perf (no perf needed): logs its arguments and prints the committed perf script
# text of tests/data/perf-data-tiny.data, or fails, or hangs.
tiny="$d/perf-data-tiny.data"
cat > "$tmp/fakeperf" <<EOF
#!/bin/sh
printf '%s\n' "\$@" > "$tmp/fakeperf.args"
echo \$\$ > "$tmp/fakeperf.pid"
case "\${FAKEPERF:-ok}" in
ok) cat "$d/perf-data-tiny.perf" ;;
fail) echo "first complaint" >&2; i=0; while [ \$i -lt 9 ]; do echo "line \$i" >&2; i=\$((i+1)); done
      echo "the last word" >&2; exit 3 ;;
hang) head -c 2000 "$d/perf-data-tiny.perf"; exec sleep 60 ;;
esac
EOF
chmod +x "$tmp/fakeperf"
run_t 20 --collapse --perf-script --perf="$tmp/fakeperf" "$tiny"
expect_rc "fake perf" 0; out_file "fake perf output" "$d/perf-data-tiny.expected.folded"
expect_eq "fake perf arguments" "$(printf 'script\n-i\n%s\n-F\n+pid' "$tiny")" \
    "$(cat "$tmp/fakeperf.args")"
run_t 20 --collapse --srcline --perf="$tmp/fakeperf" --perf-args="--cpu 0 '--comms=a b'" "$tiny"
expect_eq "--perf-args and --srcline" \
    "$(printf 'script\n-i\n%s\n--cpu\n0\n--comms=a b\n-F\n+pid,+srcline' "$tiny")" \
    "$(cat "$tmp/fakeperf.args")"
run_t 20 --collapse --perf="$tmp/fakeperf" --perf-args="-F comm,tid,ip,sym" "$tiny"
expect_eq "--perf-args with its own -F" "$(printf 'script\n-i\n%s\n-F\ncomm,tid,ip,sym' "$tiny")" \
    "$(cat "$tmp/fakeperf.args")"
run_t 20 --collapse --perf-script --format=perf-data --perf="$tmp/fakeperf" - < "$tiny"
expect_rc "fake perf, stdin file" 0; out_file "fake perf, stdin file output" \
    "$d/perf-data-tiny.expected.folded"
expect_eq "stdin file is /proc/self/fd/0" "/proc/self/fd/0" "$(sed -n 3p "$tmp/fakeperf.args")"
FAKEPERF=fail run_t 20 --collapse --perf-script --perf="$tmp/fakeperf" "$tiny"
expect_rc "perf fails" 1 "^flametui: $tiny: perf script failed \(exit status 3\)$"
expect_rc "perf fails: its first line" 1 "^flametui: $tiny: perf: first complaint$"
expect_rc "perf fails: its last line" 1 "^flametui: $tiny: perf: the last word$"
# quit while perf runs: it is killed and reaped (timeout sends SIGTERM to flametui)
FAKEPERF=hang timeout 3 "$F" --collapse --perf-script --perf="$tmp/fakeperf" "$tiny" > /dev/null 2>&1
sleep 0.5
pid=$(cat "$tmp/fakeperf.pid")
# gone, or a zombie that its new parent has not reaped yet (a container's init may not)
state=$(ps -o stat= -p "$pid" 2> /dev/null | tr -d ' ')
case $state in
""|Z*) ok ;;
*) fail "perf ($pid) still runs after flametui was killed ($state)"; kill "$pid" ;;
esac
# no perf: what to install
PATH=/nonexistent "$F" --collapse --perf-script "$tiny" > "$tmp/out" 2> "$tmp/err"; rc=$?; err=$(cat "$tmp/err")
expect_rc "no perf" 1 "^flametui: $tiny: a perf.data file, and perf is not installed: apt-get install linux-perf \(or run .perf script -i FILE \| flametui -. where perf is\)$"
run_t 10 --collapse --perf-script --perf=/nonexistent/perf "$tiny"
expect_rc "--perf missing" 1 "--perf=/nonexistent/perf is not"
# the magic decides; --format=perf-data on something else is an error
run_t 10 --collapse --format=perf-data "$tmp/x.folded"
expect_rc "--format=perf-data on folded" 1 "not a perf.data file"
cat "$tmp/x.folded" | timeout 10 "$F" --collapse --format=perf-data > "$tmp/out" 2> "$tmp/err"
rc=$?; err=$(cat "$tmp/err")
expect_rc "--format=perf-data on a folded pipe" 1 "not a perf.data file"
run_t 10 --collapse --format=pdf "$tmp/x.folded"; expect_rc "--format=pdf" 2 "perf-data"
if command -v gzip > /dev/null 2>&1; then
    gzip -c "$tiny" > "$tmp/tiny.data.gz"
    run_t 10 --collapse --perf="$tmp/fakeperf" "$tmp/tiny.data.gz"
    expect_rc "compressed perf.data" 1 "a compressed perf.data: decompress it first"
fi

# the installed perf: the committed perf.data, and one recorded here
if ! command -v perf > /dev/null 2>&1 || ! perf version > /dev/null 2>&1; then
    skip "perf not installed (apt-get install linux-perf): the real perf.data cases"
else
    perf script -i "$tiny" > "$tmp/tiny.perf" 2> /dev/null
    if ! cmp -s "$tmp/tiny.perf" "$d/perf-data-tiny.perf"; then
        skip "this perf prints tests/data/perf-data-tiny.data differently (symbols of" \
             "another machine): the committed perf.data's reference output not compared"
    else
        for how in file stdin pipe; do
            case $how in
            file) run_t 30 --collapse "$tiny" ;;
            stdin) run_t 30 --collapse < "$tiny" ;;
            pipe) cat "$tiny" | timeout 30 "$F" --collapse > "$tmp/out" 2> "$tmp/err"; rc=$?
                  err=$(cat "$tmp/err") ;;
            esac
            expect_rc "perf.data ($how)" 0
            out_file "perf.data ($how) == perf script | stackcollapse-perf.pl" \
                "$d/perf-data-tiny.expected.folded"
        done
    fi
    loop='i=0; while [ $i -lt 200000 ]; do i=$((i+1)); done'
    if ! timeout 30 perf record -q -g -F 999 -o "$tmp/rec.data" -- sh -c "$loop" \
            > /dev/null 2> "$tmp/rec.err"; then
        skip "perf record not permitted here ($(head -c 200 "$tmp/rec.err" | tr '\n' ' ')):" \
             "the recorded perf.data cases"
    else
        perf script -i "$tmp/rec.data" 2> /dev/null | "$F" --collapse > "$tmp/want" 2> /dev/null
        run_t 30 --collapse "$tmp/rec.data"; expect_rc "recorded perf.data" 0
        out_file "recorded perf.data == perf script | flametui --collapse" "$tmp/want"
        [ -s "$tmp/want" ] && ok || fail "recorded perf.data: no samples"
        run_t 30 --collapse --pid "$tmp/rec.data"; expect_rc "recorded --pid" 0
        if grep -q '^sh-[0-9][0-9]*;' "$tmp/out"; then ok; else
            fail "--pid on perf.data: $(head -2 "$tmp/out")"; fi
        # pipe mode (perf record -o -): relayed to perf script -i -, on a pipe
        timeout 30 perf record -q -g -F 999 -o - -- sh -c "$loop" > "$tmp/pipe.data" 2> /dev/null
        perf script -i - < "$tmp/pipe.data" 2> /dev/null | "$F" --collapse > "$tmp/want" 2> /dev/null
        cat "$tmp/pipe.data" | timeout 30 "$F" --collapse > "$tmp/out" 2> "$tmp/err"; rc=$?
        err=$(cat "$tmp/err")
        expect_rc "pipe-mode perf.data" 0; out_file "pipe-mode perf.data output" "$tmp/want"
        # without -g: comm;function per sample, and a notice
        timeout 30 perf record -q -F 999 -o "$tmp/nog.data" -- sh -c "$loop" > /dev/null 2>&1
        run_t 30 --collapse "$tmp/nog.data"
        expect_rc "perf.data without -g" 0 "samples? without a call graph, each counted as comm;function \(perf record -g records call graphs\)$"
        if [ -s "$tmp/out" ] && ! grep -qv '^sh;[^;]* [0-9]*$' "$tmp/out"; then ok; else
            fail "perf.data without -g: $(head -3 "$tmp/out")"; fi
        # perf's own usage error: shown
        run_t 30 --collapse --perf-args=--no-such-perf-option "$tmp/rec.data"
        expect_rc "perf usage error" 1 "perf: .*no-such-perf-option"
    fi
fi

# ---- 4. perf script without call chains ----
{
    printf '            prog  1000 100.000001:     5 cpu-clock:      401000 alpha+0x10 (/bin/prog)\n'
    printf '            prog  1000 100.000002:     7 cpu-clock:      401000 alpha+0x20 (/bin/prog)\n'
    printf 'a-very-long-command 1001 100.000003:     2 cpu-clock:  401100 [unknown] (/bin/prog)\n'
    printf '            prog  1000 100.000004:     1 cycles:      401000 beta+0x0 (/bin/prog)\n'
} > "$tmp/nocc.perf"
run_t 10 --collapse "$tmp/nocc.perf"
expect_rc "no call chains" 0 "^flametui: $tmp/nocc.perf: 3 samples without a call graph, each counted as comm;function \(perf record -g records call graphs\)$"
out_is "no call chains output" "$(printf 'a-very-long-command;[prog] 2\nprog;alpha 12')"
cat "$tmp/nocc.perf" | timeout 10 "$F" --collapse > "$tmp/out" 2> /dev/null
out_is "no call chains through a pipe" "$(printf 'a-very-long-command;[prog] 2\nprog;alpha 12')"
run_t 10 --collapse --pid --weight=samples "$tmp/nocc.perf"
out_is "no call chains --pid --weight=samples" \
    "$(printf 'a-very-long-command-?;[prog] 1\nprog-?;alpha 2')"
# a record with a call chain next to them is read as stackcollapse-perf.pl reads it
printf 'prog 1000 100.5: 3 cpu-clock: \n\t401000 alpha+0x10 (/bin/prog)\n\t402000 main+0x1 (/bin/prog)\n\n' \
    >> "$tmp/nocc.perf"
run_t 10 --collapse "$tmp/nocc.perf"
out_is "with a call chain beside" "$(printf 'a-very-long-command;[prog] 2\nprog;alpha 12\nprog;main;alpha 3')"

# a one-line sample followed by frame lines is the script's header after all (and a
# right-aligned one outside a record, a line it ignores): read exactly as it reads them
printf 'prog 1000 100.5:  3 cpu-clock:  401000 alpha+0x10 (/bin/prog)\n\t402000 main+0x1 (/bin/prog)\n\t403000 start+0x1 (/bin/prog)\n\n            prog  1000 100.6:     4 cpu-clock:      401000 beta+0x10 (/bin/prog)\n\t402000 main+0x1 (/bin/prog)\n\n' \
    > "$tmp/drop.perf"
run_t 10 --collapse "$tmp/drop.perf"; expect_rc "one-line header with frames" 0
expect_eq "one-line header with frames: no notice" "" "$err"
out_is "one-line header with frames output" "prog;start;main 1"
run_t 10 --collapse "$d/nocallchain.perf"
expect_rc "nocallchain.perf" 0 ": 35 samples without a call graph"

# ---- 5. no samples found: exit 1 with the formats tried; the others still print ----
for mode in --collapse --text --top; do
    run_t 10 $mode "$tmp/cat/empty"
    expect_rc "empty $mode" 1 "^flametui: $tmp/cat/empty: no samples found \(formats tried: folded stacks, perf script output, Go pprof, bpftrace stack maps, perf.data; compressed: gzip, zstd, xz, bzip2\)$"
    out_is "empty $mode output" ""
done
run_t 10 --collapse "$tmp/cat/comments"; expect_rc "comments only" 1 "no samples found"
: | timeout 10 "$F" --collapse > "$tmp/out" 2> "$tmp/err"; rc=$?; err=$(cat "$tmp/err")
expect_rc "empty pipe" 1 "^flametui: stdin: no samples found"
run_t 10 --collapse "$tmp/cat/empty" "$tmp/x.folded"
expect_rc "one empty of two" 0 "^flametui: $tmp/cat/empty: no samples found"
out_is "one empty of two output" "$(printf 'a;b 1\na;c 2')"
run_t 10 --collapse --format=perf "$tmp/x.folded"
expect_rc "forced perf, nothing" 1 "no samples found \(read as perf script output, as --format=perf says\)"
if command -v gzip > /dev/null 2>&1; then
    gzip -c "$tmp/cat/comments" > "$tmp/comments.gz"
    run_t 10 --collapse "$tmp/comments.gz"
    expect_rc "empty gzip" 1 "no samples found \(.*; after gzip decompression\)$"
fi

# ---- 6. formats named, not read ----
printf 'FLR\000\000\002\000\000rest of a recording' > "$tmp/rec.jfr"
run_t 10 --collapse "$tmp/rec.jfr"
expect_rc "JFR" 1 "^flametui: $tmp/rec.jfr: a JFR recording \(Java Flight Recorder\): not supported"
cat "$tmp/rec.jfr" | timeout 10 "$F" --collapse > "$tmp/out" 2> "$tmp/err"; rc=$?
err=$(cat "$tmp/err"); expect_rc "JFR on a pipe" 1 "^flametui: stdin: a JFR recording"
printf '{"nodes":[{"id":1,"callFrame":{"functionName":"(root)","url":""}}],"samples":[1]}' \
    > "$tmp/x.cpuprofile"
run_t 10 --collapse "$tmp/x.cpuprofile"; expect_rc "cpuprofile" 1 "a Chrome .cpuprofile \(JSON\): not supported"
if command -v gzip > /dev/null 2>&1; then
    gzip -c "$tmp/x.cpuprofile" > "$tmp/x.cpuprofile.gz"
    run_t 10 --collapse "$tmp/x.cpuprofile.gz"
    expect_rc "gzipped cpuprofile" 1 "a Chrome .cpuprofile"
fi
printf 'PERFILE2 5\nFLR 3\n' > "$tmp/magicwords"
run_t 10 --collapse "$tmp/magicwords"; expect_rc "magic words as folded" 0
out_is "magic words as folded output" "$(printf 'FLR 3\nPERFILE2 5')"
finish
