#!/bin/sh
# SPDX-License-Identifier: MIT
# flametui - tests/cli/t_counts.sh: counts that a one-line bug would change and nothing
# else noticed (mutants that survived once): the last line of an input without a final
# newline (a file, stdin, .gz), --top's TOTAL on a deep recursive stack (the exact walk
# past the Bloom pass's step budget) and --weight=samples.
. "${top_srcdir:-.}/tests/cli/lib.sh"
F="$FLAMETUI"

# ---- no final newline: the last line is parsed at EOF, not dropped ----
printf 'a 1\nb 2' > "$tmp/nonl"
gzip -c "$tmp/nonl" > "$tmp/nonl.gz"
want=$(printf 'a 1\nb 2')
run "$F" --collapse "$tmp/nonl";                    expect_eq "no final newline: file" "$want" "$out"
run sh -c "printf 'a 1\nb 2' | '$F' --collapse -";  expect_eq "no final newline: stdin pipe" "$want" "$out"
run sh -c "'$F' --collapse - < '$tmp/nonl'";       expect_eq "no final newline: stdin file" "$want" "$out"
run "$F" --collapse "$tmp/nonl.gz";                 expect_eq "no final newline: .gz" "$want" "$out"
run sh -c "cat '$tmp/nonl.gz' | '$F' --collapse -"; expect_eq "no final newline: .gz pipe" "$want" "$out"
printf 'a;b 3\nc 4\r' > "$tmp/nonl-cr"
run "$F" --collapse "$tmp/nonl-cr";                 expect_eq "no final newline after CR" "$(printf 'a;b 3\nc 4')" "$out"

# ---- --top TOTAL on a deep stack that recurses: f0;f1;...;f99999;f0 1 ----
# 100k distinct names saturate the Bloom filter, the ancestor walks exceed their budget
# and the exact depth-first pass decides: f0 occurs twice on the path, counted once.
awk 'BEGIN { for (i = 0; i < 100000; i++) printf "f%d;", i; printf "f0 1\n" }' > "$tmp/deeprec"
run "$F" --top=1 "$tmp/deeprec"
expect_eq "deep recursive --top rc" 0 "$rc"
expect_eq "deep recursive --top f0" "1 100.00% 1 100.00% f0" \
    "$(printf '%s\n' "$out" | sed -n 2p | tr -s ' ' | sed 's/^ //')"
# and a recursion deeper down: f5 twice on one path (counted once), self in the other
awk 'BEGIN { for (i = 0; i < 100000; i++) printf "f%d;", i; printf "f5;x 1\nf0;f5 1\n" }' \
    > "$tmp/deeprec2"
run "$F" --top=100 "$tmp/deeprec2"
expect_eq "deep recursive --top f5" "1 50.00% 2 100.00% f5" \
    "$(printf '%s\n' "$out" | awk '$5 == "f5"' | tr -s ' ' | sed 's/^ //')"
expect_eq "deep recursive --top x" "1 50.00% 1 50.00% x" \
    "$(printf '%s\n' "$out" | awk '$5 == "x"' | tr -s ' ' | sed 's/^ //')"

# ---- --weight: period (default) or samples ----
{
    printf 'prog 1 [000] 1.0: 100 cycles:\n\t1 a (/x)\n\t2 main (/x)\n\n'
    printf 'prog 1 [000] 2.0: 300 cycles:\n\t1 b (/x)\n\t2 main (/x)\n\n'
    printf 'prog 1 [000] 3.0: 300 cycles:\n\t1 b (/x)\n\t2 main (/x)\n\n'
} > "$tmp/w.perf"
run "$F" --collapse "$tmp/w.perf"
expect_eq "--weight default = period" "$(printf 'prog;main;a 100\nprog;main;b 600')" "$out"
run "$F" --collapse --weight=period "$tmp/w.perf"
expect_eq "--weight=period" "$(printf 'prog;main;a 100\nprog;main;b 600')" "$out"
run "$F" --collapse --weight=samples "$tmp/w.perf"
expect_eq "--weight=samples" "$(printf 'prog;main;a 1\nprog;main;b 2')" "$out"
run "$F" --top=1 --weight=samples "$tmp/w.perf"
expect_eq "--weight=samples --top" "2 66.67% 2 66.67% b" \
    "$(printf '%s\n' "$out" | sed -n 2p | tr -s ' ' | sed 's/^ //')"
run "$F" --collapse --weight=bytes "$tmp/w.perf"
expect_eq "--weight=bytes rc" 2 "$rc"

# ---- a stack whose every frame is hidden is gone (not kept with its samples at the root) ----
printf 'a 1\nb;a 2\n' > "$tmp/hidden"
run "$F" --top --hide='^a$' "$tmp/hidden"
expect_eq "all frames hidden: --top" "2 100.00% 2 100.00% b" \
    "$(printf '%s\n' "$out" | sed -n 2p | tr -s ' ' | sed 's/^ //')"
run "$F" --text --cols 20 --hide='^a$' "$tmp/hidden"
expect_eq "all frames hidden: --text" "$(printf '[b%17s]\n[all%15s]' '' '')" "$out"

# ---- the same name from two lines and two files is one frame ----
printf 'main;a 1\nmain;a 2\nmain;b 1\n' > "$tmp/dup1"
printf 'main;a 4\n' > "$tmp/dup2"
run "$F" --collapse "$tmp/dup1" "$tmp/dup2"
expect_eq "one frame per name" "$(printf 'main;a 7\nmain;b 1')" "$out"
run "$F" --top=1 "$tmp/dup1" "$tmp/dup2"
expect_eq "one frame per name: --top" "7 87.50% 7 87.50% a" \
    "$(printf '%s\n' "$out" | sed -n 2p | tr -s ' ' | sed 's/^ //')"
finish
