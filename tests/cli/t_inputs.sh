#!/bin/sh
# SPDX-License-Identifier: MIT
# Inputs and exit codes of the non-interactive modes: stdin, several files, .gz, errors.
. "${top_srcdir:-.}/tests/cli/lib.sh"
F="$FLAMETUI"
printf 'main;a;b 3\nmain;a 2\nmain;c 1\n' > "$tmp/x.folded"
printf 'main;a;b 4\nother 5\n' > "$tmp/y.folded"

run "$F" --collapse "$tmp/x.folded"
expect_eq "collapse file" "$(printf 'main;a 2\nmain;a;b 3\nmain;c 1')" "$out"
expect_eq "collapse rc" 0 "$rc"

run sh -c "cat '$tmp/x.folded' | '$F' --collapse -"
expect_eq "stdin with -" "$(printf 'main;a 2\nmain;a;b 3\nmain;c 1')" "$out"
run sh -c "cat '$tmp/x.folded' | '$F' --collapse"
expect_eq "stdin without FILE" "$(printf 'main;a 2\nmain;a;b 3\nmain;c 1')" "$out"

run "$F" --collapse "$tmp/x.folded" "$tmp/y.folded"
expect_eq "two files merge" "$(printf 'main;a 2\nmain;a;b 7\nmain;c 1\nother 5')" "$out"

gzip -c "$tmp/x.folded" > "$tmp/x.folded.gz"
run "$F" --collapse "$tmp/x.folded.gz"
expect_eq ".gz file" "$(printf 'main;a 2\nmain;a;b 3\nmain;c 1')" "$out"
run sh -c "'$F' --collapse - < '$tmp/x.folded.gz'"
expect_eq "gzip on stdin" "$(printf 'main;a 2\nmain;a;b 3\nmain;c 1')" "$out"
cat "$tmp/x.folded.gz" "$tmp/x.folded.gz" > "$tmp/twice.gz"
run "$F" --collapse "$tmp/twice.gz"
expect_eq "concatenated gzip members" "$(printf 'main;a 4\nmain;a;b 6\nmain;c 2')" "$out"
head -c 20 "$tmp/x.folded.gz" > "$tmp/trunc.gz"
run "$F" --collapse "$tmp/trunc.gz"
expect_eq "truncated gzip rc" 1 "$rc"
expect_eq "truncated gzip message" "flametui: $tmp/trunc.gz: truncated gzip data" "$err"

run "$F" --collapse "$tmp/missing"
expect_eq "missing file rc" 1 "$rc"
expect_eq "missing file message" "flametui: $tmp/missing: cannot open: No such file or directory" "$err"
run "$F" --collapse "$tmp"
expect_eq "directory rc" 1 "$rc"
expect_eq "directory message" "flametui: $tmp: is a directory" "$err"
# an unreadable file: root reads anything, so as root the check runs as nobody (setpriv)
cp "$tmp/x.folded" "$tmp/noread"; chmod 000 "$tmp/noread"; chmod 711 "$tmp"
if [ "$(id -u)" != 0 ]; then
    run "$F" --collapse "$tmp/noread"
elif command -v setpriv >/dev/null 2>&1 &&
        setpriv --reuid=65534 --regid=65534 --clear-groups "$F" --version >/dev/null 2>&1; then
    run setpriv --reuid=65534 --regid=65534 --clear-groups "$F" --collapse "$tmp/noread"
else
    rc=skip
fi
if [ "$rc" = skip ]; then
    skip "unreadable file: running as root without setpriv (or nobody cannot run $F)"
    skip "unreadable file message"
else
    expect_eq "unreadable rc" 1 "$rc"
    expect_eq "unreadable message" "flametui: $tmp/noread: cannot open: Permission denied" "$err"
fi

# skipped lines: counted, reported once, still exit 0; --strict makes them an error
printf 'a;b 1\nTHIS IS BAD\n\nc 2\nalso bad x\n' > "$tmp/bad.folded"
run "$F" --collapse "$tmp/bad.folded"
expect_eq "skipped rc" 0 "$rc"
expect_eq "skipped output" "$(printf 'a;b 1\nc 2')" "$out"
expect_eq "skipped message" "flametui: $tmp/bad.folded: 2 lines skipped (first at line 2: count is not a number)" "$err"
run "$F" --strict --collapse "$tmp/bad.folded"
expect_eq "strict rc" 1 "$rc"
expect_eq "strict message" "flametui: $tmp/bad.folded:2: count is not a number" "$err"

# line rules: trailing spaces belong to the frame, decimals, CRLF, huge counts never wrap
printf 'a;b  3\r\na;c 1.5\r\na;c 2.25\n' > "$tmp/rules.folded"
run "$F" --collapse "$tmp/rules.folded"
expect_eq "rules" "$(printf 'a;b  3\na;c 3.75')" "$out"
printf 'a 10000000000000000000\na 10000000000000000000\nb 18446744073709551615\n' > "$tmp/big.folded"
run "$F" --collapse "$tmp/big.folded"
expect_eq "no wrap-around" "$(printf 'a 2e+19\nb 18446744073709551615')" "$out"

: > "$tmp/empty"
run "$F" --collapse "$tmp/empty"
expect_eq "empty input rc" 1 "$rc"
expect_eq "empty input output" "" "$out"

# usage errors exit 2
run "$F" --no-such-option "$tmp/x.folded"
expect_eq "unknown option rc" 2 "$rc"
run "$F" --top=zero "$tmp/x.folded"
expect_eq "bad --top rc" 2 "$rc"
run "$F" --format=xml "$tmp/x.folded"
expect_eq "bad --format rc" 2 "$rc"
run "$F" --collapse --text "$tmp/x.folded"
expect_eq "two output modes rc" 2 "$rc"
run "$F" --help
expect_eq "help rc" 0 "$rc"
case "$out" in *--collapse*--top*) ok ;; *) fail "help text lacks options" ;; esac
run "$F" --version
expect_eq "version" "flametui 0.1.0" "$(echo "$out" | head -n 1)"
expect_eq "version: license" "Copyright (c) 2026 the flametui authors. License: MIT (see LICENSE)." \
    "$(echo "$out" | sed -n 2p)"
finish
