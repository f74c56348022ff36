#!/bin/sh
# SPDX-License-Identifier: MIT
# flametui - compressed input gives one answer read from a file and from a pipe whose
# reads split it: a zstd frame whose window (2 GiB) is over the limit, followed by three
# bytes, is an error both ways (libzstd's one-pass decoding of a frame read whole would
# take it, and call the three bytes trailing garbage).
. "${top_srcdir:-.}/tests/cli/lib.sh"
F="$FLAMETUI"
# "main;foo 1" 300 times, zstd with a 1 KiB window, its window descriptor set to 2 GiB
hex=28b52ffd40a8e40b940000586d61696e3b666f6f20310a0100f25d152f4c00001061690100fb2b80
hex=${hex}054c000010696e0100fb2b8005450000086e0100600a080178797a
printf '%s' "$hex" | sed 's/../\\\\x&/g' | xargs printf > "$tmp/big.zst"
expect_eq "the crafted file" 67 "$(wc -c < "$tmp/big.zst" | tr -d ' ')"
want="flametui: FILE: corrupt zstd data (Frame requires too much memory for decoding)"
run "$F" --collapse "$tmp/big.zst"
expect_eq "window over the limit, a file: exit" 1 "$rc"
expect_eq "window over the limit, a file: message" "$(echo "$want" | sed "s|FILE|$tmp/big.zst|")" "$err"
run sh -c '{ head -c 5 "$1"; sleep 0.3; tail -c +6 "$1"; } | "$2" --collapse -' sh "$tmp/big.zst" "$F"
expect_eq "window over the limit, a split pipe: exit" 1 "$rc"
expect_eq "window over the limit, a split pipe: message" "$(echo "$want" | sed "s|FILE|stdin|")" "$err"
run sh -c '"$2" --collapse - < "$1"' sh "$tmp/big.zst" "$F"
expect_eq "window over the limit, redirected stdin: exit" 1 "$rc"
finish
