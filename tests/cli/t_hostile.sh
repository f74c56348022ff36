#!/bin/sh
# SPDX-License-Identifier: MIT
# flametui - hostile inputs: every run must end with exit 0 (bad lines skipped
# and counted) or exit 1 with "flametui: FILE[:LINE]: ..." on stderr; never a crash
# (status >= 128), a hang (timeout 60), unbounded memory (4 GB address space, or
# ASan's hard_rss_limit_mb under a sanitizer build), a sanitizer report, or raw control
# bytes in --text output. SIGPIPE on output exits quietly.
. "${top_srcdir:-.}/tests/cli/lib.sh"
F="$FLAMETUI"
. "${top_srcdir:-.}/tests/cli/hostile_lib.sh"   # hrun and the checks (the rules above)

# ---- empty, blank, NUL ----
# nothing parses: exit 1, "no samples found" (DESIGN.md's exit status)
: > "$tmp/empty"
for fmt in auto folded perf; do
    hrun "empty $fmt" --format=$fmt --collapse "$tmp/empty"
    expect_rc "empty $fmt" 1 ": no samples found \("
    out_is "empty $fmt output" ""
done
hrun "empty --text" --text --cols 40 "$tmp/empty"
expect_rc "empty --text" 1 "no samples found"
printf '\n\n   \n\t\n\r\n\n' > "$tmp/blank"
for fmt in auto folded perf; do
    hrun "blank $fmt" --format=$fmt --collapse "$tmp/blank"
    expect_rc "blank $fmt" 1 "no samples found"
    out_is "blank $fmt output" ""
done
printf 'a;b\000c 1\n\000\000\000\nd 2\000\n\000 3\n' > "$tmp/nul"
hrun "NUL folded" --collapse "$tmp/nul"; expect_rc "NUL folded" 0 'lines? skipped'
expect_eq "NUL kept in names" "$(printf ' 3\na;bc 1')" "$(tr -d '\000' < "$tmp/out")"
hrun "NUL --text" --text --cols 60 "$tmp/nul"; no_controls "NUL --text"
hrun "NUL perf" --format=perf --collapse "$tmp/nul"; expect_rc "NUL perf" 1 "no samples found"

# ---- binary garbage: 1 MiB from a fixed seed ----
LC_ALL=C awk 'BEGIN { srand(8); for (i = 0; i < 1048576; i++) printf "%c", int(rand() * 256) }' \
    > "$tmp/garbage"
for fmt in auto folded perf; do
    hrun "garbage $fmt" --format=$fmt --collapse "$tmp/garbage"; expect_rc "garbage $fmt" 0
    hrun "garbage $fmt --text" --format=$fmt --text --cols 120 "$tmp/garbage"
    no_controls "garbage $fmt --text"
done
clocale=1 hrun "garbage --text C locale" --text --cols 120 "$tmp/garbage"
ascii_only "garbage --text C locale"
hrun "garbage --top" --top=5 "$tmp/garbage"; expect_rc "garbage --top" 0
stdin=$tmp/garbage hrun "garbage stdin" --collapse; expect_rc "garbage stdin" 0
rm -f "$tmp/garbage"

# ---- invalid UTF-8, terminal escapes ----
printf 'ok;\377\376;\300\257;\355\240\200;\303;\364\220\200\200 3\n' > "$tmp/badutf8"
hrun "invalid UTF-8 --text" --text --cols 200 "$tmp/badutf8"; no_controls "invalid UTF-8"
if ! command -v iconv >/dev/null 2>&1; then
    skip "invalid UTF-8: iconv not installed, the --text output's UTF-8 not checked"
elif iconv -f UTF-8 -t UTF-8 < "$tmp/out" > /dev/null 2>&1; then ok
else fail "invalid UTF-8: --text output is not valid UTF-8"; fi
clocale=1 hrun "invalid UTF-8 C locale" --text --cols 200 "$tmp/badutf8"
ascii_only "invalid UTF-8 C locale"
printf '\033[2J\033[H;\033]0;pwned\007;\033[31mred\033[0m;bell\007x;c1\302\233y;\033P+q\033\\ 5\nmain;\r\010\177del 2\n' \
    > "$tmp/esc"
for args in "--cols 200" "--cols 200 -i" "--cols 200 -r" "--cols 200 --search=red" \
            "--cols 9 --rows 3"; do
    # shellcheck disable=SC2086
    hrun "escapes --text $args" --text $args "$tmp/esc"; no_controls "escapes --text $args"
done
clocale=1 hrun "escapes C locale" --text --cols 200 "$tmp/esc"; ascii_only "escapes C locale"

# ---- counts ----
printf 'a 0\nb;c 0\n' > "$tmp/zero"
hrun "count 0" --collapse "$tmp/zero"; expect_rc "count 0" 0; out_is "count 0" "$(printf 'a 0\nb;c 0')"
hrun "count 0 --text" --text --cols 40 "$tmp/zero"; expect_rc "count 0 --text" 0
hrun "count 0 --top" --top "$tmp/zero"
if grep -q -i nan "$tmp/out"; then fail "count 0 --top prints nan"; else ok; fi
printf 'a -5\nb 1\n' > "$tmp/neg"
hrun "negative" --collapse "$tmp/neg"
expect_rc "negative" 0 "1 line skipped \\(first at line 1: "; out_is "negative" "b 1"
printf 'a 18446744073709551616\nb 18446744073709551615\nb 1\nc 99999999999999999999999999\n' \
    > "$tmp/huge"
hrun "2^64 and beyond" --collapse "$tmp/huge"; expect_rc "2^64" 0
out_is "2^64 and beyond" "$(printf 'a 1.84467440737096e+19\nb 1.84467440737096e+19\nc 1e+26')"
# beyond DBL_MAX: skipped as too large (was "inf", which made every share NaN)
awk 'BEGIN { printf "a "; for (i = 0; i < 400; i++) printf "9"; printf "\nb 1\n" }' > "$tmp/inf"
hrun "400-digit count" --collapse "$tmp/inf"
expect_rc "400-digit count" 0 "line 1: count too large"; out_is "400-digit count" "b 1"
# sums past DBL_MAX saturate (were inf: --top printed -nan%)
awk 'BEGIN { for (k = 0; k < 2; k++) { printf "a 1"; for (i = 0; i < 308; i++) printf "0";
             printf "\n" } printf "b 1\n" }' > "$tmp/suminf"
hrun "sum past DBL_MAX" --top "$tmp/suminf"; expect_rc "sum past DBL_MAX" 0
if grep -q -i -e nan -e inf "$tmp/out"; then fail "sum past DBL_MAX: $(cat "$tmp/out")"; else ok; fi
hrun "sum past DBL_MAX --text" --text --cols 40 "$tmp/suminf"
expect_eq "sum past DBL_MAX --text" "$(printf '[a%37s]\n[all%35s]' '' '')" "$(cat "$tmp/out")"
awk 'BEGIN { printf "a 1."; for (i = 0; i < 500; i++) printf "0"; printf "1\nb 0.";
             for (i = 0; i < 500; i++) printf "0"; printf "1\nc 3.50000000000000000000\n" }' \
    > "$tmp/decimals"
hrun "overlong decimals" --collapse "$tmp/decimals"; expect_rc "overlong decimals" 0
out_is "overlong decimals" "$(printf 'a 1\nb 0\nc 3.5')"

# ---- CRLF ----
printf 'a;b 1\r\na;c 2\r\n\r\n' > "$tmp/crlf"
hrun "CRLF" --collapse "$tmp/crlf"; expect_rc "CRLF" 0; out_is "CRLF" "$(printf 'a;b 1\na;c 2')"

# ---- files that cannot be read ----
hrun "directory" --collapse "$tmp"; expect_rc "directory" 1 "^flametui: $tmp: is a directory$"
hrun "missing" --collapse "$tmp/missing"
expect_rc "missing" 1 "^flametui: $tmp/missing: cannot open: "
if [ "$(id -u)" != 0 ]; then
    printf 'a 1\n' > "$tmp/noread"; chmod 000 "$tmp/noread"
    hrun "unreadable" --collapse "$tmp/noread"
    expect_rc "unreadable" 1 "^flametui: $tmp/noread: cannot open: Permission denied$"
else
    skip "unreadable file: running as root"
fi
awk 'BEGIN { for (i = 0; i < 20000; i++) printf "main;f%d;g 1\n", i % 97 }' > "$tmp/some.folded"
gzip -c "$tmp/some.folded" > "$tmp/some.gz"
head -c $(($(wc -c < "$tmp/some.gz") / 2)) "$tmp/some.gz" > "$tmp/trunc.gz"
hrun "truncated .gz" --collapse "$tmp/trunc.gz"
expect_rc "truncated .gz" 1 "^flametui: $tmp/trunc.gz: truncated gzip data$"
stdin=$tmp/trunc.gz hrun "truncated .gz on stdin" --collapse
expect_rc "truncated .gz on stdin" 1 "^flametui: stdin: truncated gzip data$"
{ head -c 20 "$tmp/some.gz"; printf 'this is not deflate data at all\n'; } > "$tmp/corrupt.gz"
hrun "corrupt .gz" --collapse "$tmp/corrupt.gz"
expect_rc "corrupt .gz" 1 "^flametui: $tmp/corrupt.gz: (corrupt|truncated) gzip data"
printf '\037\213' > "$tmp/magic.gz"
hrun "gzip magic only" --collapse "$tmp/magic.gz"; expect_rc "gzip magic only" 1 "gzip"

# ---- standard streams closed ----
( exec <&-; exec timeout 60 "$F" --collapse ) > "$tmp/out" 2> "$tmp/err"; rc=$?
err=$(cat "$tmp/err")
expect_rc "stdin closed" 1 "^flametui: (-|stdin): "
( exec <&-; exec timeout 60 "$F" --collapse "$tmp/crlf" ) > "$tmp/out" 2> "$tmp/err"; rc=$?
expect_rc "stdin closed, FILE given" 0; out_is "stdin closed, FILE given" "$(printf 'a;b 1\na;c 2')"
( exec >&-; exec timeout 60 "$F" --collapse "$tmp/crlf" ) 2> "$tmp/err"; rc=$?
err=$(cat "$tmp/err")
expect_rc "stdout closed" 1 "^flametui: write error: "
( exec 2>&-; exec timeout 60 "$F" --collapse "$tmp/missing" ) > /dev/null; rc=$?
expect_eq "stderr closed, error" 1 "$rc"

# ---- the wrong format ----
hrun "folded as perf" --format=perf --collapse "$tmp/some.folded"
expect_rc "folded as perf" 1 "unrecognized lines? skipped"
out_is "folded as perf" ""
hrun "perf as folded" --format=folded --collapse "$top_srcdir/tests/data/perf-kernel.perf"
expect_rc "perf as folded" 1 "lines? skipped"

# ---- a 100k-deep stack (recursion on the C stack would overflow) ----
awk 'BEGIN { for (i = 0; i < 100000; i++) printf "%sf%d", (i ? ";" : ""), i; printf " 7\n" }' \
    > "$tmp/deep"
hrun "100k deep --collapse" --collapse "$tmp/deep"; expect_rc "100k deep" 0
if cmp -s "$tmp/deep" "$tmp/out"; then ok; else fail "100k deep: --collapse changed the stack"; fi
hrun "100k deep -r" -r --collapse "$tmp/deep"; expect_rc "100k deep -r" 0
expect_eq "100k deep -r" "f99999;f99998" "$(cut -c1-13 "$tmp/out")"
hrun "100k deep --text" --text --cols 80 --rows 40 "$tmp/deep"; expect_rc "100k deep --text" 0
hrun "100k deep --text all rows" --text --cols 30 "$tmp/deep"
expect_eq "100k deep rows" 100001 "$(wc -l < "$tmp/out" | tr -d ' ')"
# --top and the search share stay linear in the nodes (a Bloom filter of the names on the
# path saturates on a deep stack of distinct names: its exact fallback walked O(depth^2))
tlimit=15 hrun "100k deep --top" --top=2 "$tmp/deep"; expect_rc "100k deep --top" 0
expect_eq "100k deep --top" "f99999" "$(sed -n 2p "$tmp/out" | awk '{ print $5 }')"
tlimit=15 hrun "100k deep --search" --text --cols 80 --rows 3 --search=f5 "$tmp/deep"
expect_rc "100k deep --search" 0
awk 'BEGIN { for (i = 0; i < 100000; i++) printf "%sa", (i ? ";" : ""); printf " 1\n" }' \
    > "$tmp/recurse"
hrun "100k recursion --top" --top "$tmp/recurse"
expect_eq "recursion counted once" "1 100.00% 1 100.00% a" \
    "$(sed -n 2p "$tmp/out" | tr -s ' ' | sed 's/^ //')"
hrun "100k recursion --search" --text --cols 80 --rows 5 --search='^a$' "$tmp/recurse"
expect_rc "100k recursion --search" 0
rm -f "$tmp/deep" "$tmp/recurse"

# ---- perf script: a 100k-frame record, absurd periods ----
awk 'BEGIN { printf "prog 123 [000] 1.000: 1 cycles:\n";
             for (i = 0; i < 100000; i++) printf "\t%x f%d (/lib/x.so)\n", i, i; printf "\n" }' \
    > "$tmp/deep.perf"
hrun "perf 100k frames" --collapse "$tmp/deep.perf"; expect_rc "perf 100k frames" 0
expect_eq "perf 100k frames" "prog;f99999;f99998" "$(cut -c1-18 "$tmp/out")"
tlimit=15 hrun "perf 100k frames --top" --top=1 "$tmp/deep.perf"
expect_rc "perf 100k frames --top" 0
{
    printf 'p 1 [000] 1.0: 0 cycles:\n\t1 a (/x)\n\n'
    printf 'p 1 [000] 1.0: 18446744073709551616 cycles:\n\t1 b (/x)\n\n'
    printf 'p 1 [000] 1.0: '; awk 'BEGIN { for (i = 0; i < 400; i++) printf "9" }'
    printf ' cycles:\n\t1 c (/x)\n\n'
    printf 'p 1 [000] 1.0: -5 cycles:\n\t1 d (/x)\n\n'
} > "$tmp/periods.perf"
hrun "perf periods" --collapse "$tmp/periods.perf"; expect_rc "perf periods" 0
hrun "perf periods --top" --top "$tmp/periods.perf"
if grep -q -i -e nan -e inf "$tmp/out"; then fail "perf periods: $(cat "$tmp/out")"; else ok; fi
rm -f "$tmp/deep.perf"

# ---- 1M siblings under one node; SIGPIPE on its output ----
awk 'BEGIN { for (i = 0; i < 1000000; i++) printf "root;f%d 1\n", i }' > "$tmp/wide"
hrun "1M siblings --collapse" --collapse "$tmp/wide"; expect_rc "1M siblings" 0
expect_eq "1M siblings lines" 1000000 "$(wc -l < "$tmp/out" | tr -d ' ')"
hrun "1M siblings --text" --text --cols 100 --rows 4 -i "$tmp/wide"
expect_eq "1M siblings --text" "$(printf '[all%95s]\n[root%94s]' '' '')" "$(cat "$tmp/out")"
hrun "1M siblings --top" --top=2 --include='f99999$' "$tmp/wide"
expect_rc "1M siblings --top" 0
for mode in default ignored; do
    # with SIGPIPE ignored (as some parents leave it) the write fails with EPIPE instead
    (
        [ $mode = ignored ] && trap '' PIPE
        { timeout 60 "$F" --collapse "$tmp/wide" 2> "$tmp/err"; echo $? > "$tmp/rc"; } | head -1
    ) > "$tmp/out"
    rc=$(cat "$tmp/rc")
    case $rc in 0|141) ok ;; *) fail "SIGPIPE ($mode): exit $rc" ;; esac
    expect_eq "SIGPIPE ($mode) stderr" "" "$(cat "$tmp/err")"
    out_is "SIGPIPE ($mode) output" "root;f0 1"
done
rm -f "$tmp/wide"

# ---- a 64 MB line (over the default --max-line of 16 MiB: raised for these) ----
{ head -c 67108864 /dev/zero | tr '\000' x; printf ' 1\nb 2\n'; } > "$tmp/long"
hrun "64 MB line --collapse" --max-line=128M --collapse "$tmp/long"; expect_rc "64 MB line" 0
expect_eq "64 MB line output size" 67108871 "$(wc -c < "$tmp/out" | tr -d ' ')"
hrun "64 MB line --text" --max-line=128M --text --cols 60 "$tmp/long"; expect_rc "64 MB line --text" 0
out_is "64 MB line --text" "$(printf '[b%37s][xxxxxxxxxxxxxxxx..]\n[all%55s]' '' '')"
stdin=$tmp/long hrun "64 MB line on stdin" --max-line=128M --collapse; expect_rc "64 MB line on stdin" 0
expect_eq "64 MB line on stdin size" 67108871 "$(wc -c < "$tmp/out" | tr -d ' ')"
hrun "64 MB line as perf" --format=perf --collapse "$tmp/long"; expect_rc "64 MB line perf" 1 "no samples found"
{ head -c 67108864 /dev/zero; printf '\n'; } > "$tmp/long"
hrun "64 MB of NUL" --collapse "$tmp/long"
expect_rc "64 MB of NUL" 1 "1 line skipped"
rm -f "$tmp/long"

finish
