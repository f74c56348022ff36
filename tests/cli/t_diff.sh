#!/bin/sh
# SPDX-License-Identifier: MIT
# Diff mode (--base) outside the viewer: --text marks, --top delta columns, filters and
# reverse with the same meaning on both profiles, stdin as either side, bad combinations.
# Expected values come from the folded files by hand or awk, never from flametui.
. "${top_srcdir:-.}/tests/cli/lib.sh"
F="$FLAMETUI"
d="$top_srcdir/tests/data/diff"
A="$d/prog-O0.folded"
B="$d/prog-O2.folded"

# --text: growth "+", shrinkage "-", new "++" in the label cells; no marks without --base
run "$F" --text --cols 200 "--base=$A" "$B"
expect_eq "text rc" 0 "$rc"
case "$out" in *"[++hash_bytes.constprop.0"*) ok ;; *) fail "text: no ++hash_bytes: $out" ;; esac
case "$out" in *"[+cmp "*) ok ;; *) fail "text: no +cmp: $out" ;; esac   # 25025025 -> 107107107
case "$out" in *"[-__"*) ok ;; *) fail "text: no -__memmove: $out" ;; esac
case "$out" in *"[main "*) ok ;; *) fail "text: main (no self) is marked: $out" ;; esac
run "$F" --text --cols 120 "$B"
case "$out" in *"[+"*|*"[-"*) fail "text without --base is marked: $out" ;; *) ok ;; esac

# --top: header, sorted by the largest increase of the total; numbers by hand:
# hash_bytes.constprop.0 is new (0 -> 131131131: +16.44% of the base total 797797797);
# cmp: self and total (prog;cmp + prog;msort_with_tmp.part.0;cmp) 159159159 -> 107107107
run "$F" --top=100 "--base=$A" "$B"
expect_eq "top rc" 0 "$rc"
expect_eq "top header" "# SELF_BASE SELF_NEW SELF_DELTA TOTAL_BASE TOTAL_NEW TOTAL_DELTA DELTA% NAME" \
    "$(printf '%s\n' "$out" | head -1 | tr -s ' ')"
expect_eq "top first" "0 131131131 +131131131 0 131131131 +131131131 +16.44% hash_bytes.constprop.0" \
    "$(printf '%s\n' "$out" | sed -n 2p | awk '{$1=$1; print}')"
expect_eq "top cmp" "159159159 107107107 -52052052 159159159 107107107 -52052052 -6.52% cmp" \
    "$(printf '%s\n' "$out" | awk '$NF == "cmp" {$1=$1; print}')"
# every row: TOTAL_DELTA = TOTAL_NEW - TOTAL_BASE, and the rows sorted by it, descending
expect_eq "top deltas" "ok" "$(printf '%s\n' "$out" | awk 'NR > 1 {
    if ($5 - $4 != $6 + 0) bad = bad " " $NF; if (NR > 2 && $6 + 0 > last) bad = bad " order:" $NF
    last = $6 + 0 } END { print bad ? bad : "ok" }')"
# the status/top percentages, by hand: msort_with_tmp.part.0 263263263 -> 149149149
expect_eq "top msort" "-114114114 -14.30%" \
    "$(printf '%s\n' "$out" | awk '$NF == "msort_with_tmp.part.0" { print $6, $7 }')"
# in units (pprof nanoseconds): columns of 14, deltas signed in the unit; crypto/sha256.block
# is new: 0 -> 1.17 s
run "$F" --top=3 "--base=$top_srcdir/tests/data/go-cpu.pb.gz" "$top_srcdir/tests/data/go-sha256.pb.gz"
expect_eq "top units row" \
    "          0.00 s         1.17 s        +1.17 s         0.00 s         1.17 s        +1.17 s" \
    "$(printf '%s\n' "$out" | awk '/crypto\/sha256\.block$/' | cut -c1-91)"
# fractional counts: the deltas as count_format writes them (1.5 -> 3: +1.5; 2 -> 1.75: -0.25)
printf 'a;b 1.5\na;c 2\n' > "$tmp/f1.folded"
printf 'a;b 3\na;c 1.75\n' > "$tmp/f2.folded"
run "$F" --top=3 "--base=$tmp/f1.folded" "$tmp/f2.folded"
expect_eq "top fractional" "1.5 3 +1.5 1.5 3 +1.5|2 1.75 -0.25 2 1.75 -0.25" \
    "$(printf '%s\n' "$out" | awk '$NF == "b" || $NF == "c" { print $1, $2, $3, $4, $5, $6 }' |
       paste -sd'|')"

# filters keep or drop a stack for both profiles alike: --include=RE is grep on the
# difffolded lines, --exclude grep -v
run "$F" --collapse --include=work_sort "--base=$A" "$B"
expect_eq "include" "$(grep work_sort "$d/prog.expected")" "$out"
run "$F" --collapse --exclude='^cmp$' "--base=$A" "$B"
expect_eq "exclude" "$(grep -v ';cmp ' "$d/prog.expected")" "$out"
# --hide=^main$: the frame leaves both sides' stacks (prog;__libc_start_call_main;...)
run "$F" --collapse '--hide=^main$' "--base=$A" "$B"
expect_eq "hide" "$(sed 's/;main;/;/' "$d/prog.expected" | awk '{ k = $1; b[k] += $2; n[k] += $3 }
    END { for (k in b) print k, b[k], n[k] }' | LC_ALL=C sort)" "$out"
# --reverse: every stack reversed, both counts kept
run "$F" --collapse --reverse "--base=$A" "$B"
expect_eq "reverse" "$(awk '{ n = split($1, f, ";"); s = f[n]; for (i = n - 1; i >= 1; i--)
    s = s ";" f[i]; print s, $2, $3 }' "$d/prog.expected" | LC_ALL=C sort)" "$out"

# stdin as the base or as the new profile; not both
run sh -c "\"$F\" --collapse --base=- \"$B\" < \"$A\""
expect_eq "base from stdin" "$(cat "$d/prog.expected")" "$out"
run sh -c "\"$F\" --collapse --base=\"$A\" < \"$B\""
expect_eq "new from stdin" "$(cat "$d/prog.expected")" "$out"
run sh -c "\"$F\" --collapse --base=- - < \"$A\""
expect_eq "stdin twice rc" 2 "$rc"
case "$err" in *"standard input cannot be both"*) ok ;; *) fail "stdin twice: $err" ;; esac
# a bad base line is reported with the base's name and line
printf 'a;b 1\nnot a count\n' > "$tmp/bad.folded"
run "$F" --collapse --strict "--base=$tmp/bad.folded" "$B"
expect_eq "bad base rc" 1 "$rc"
case "$err" in *"bad.folded:2:"*) ok ;; *) fail "bad base message: $err" ;; esac
# --normalize / --strip-hex need the end of the new profile: not with --follow
run "$F" --follow --normalize "--base=$A" "$B"
expect_eq "normalize --follow rc" 2 "$rc"
finish
