#!/bin/sh
# SPDX-License-Identifier: MIT
# flametui - tests/compat/annotate.sh: --annotate=RE prints the source lines of a Go CPU
# profile as `go tool pprof -list RE` does. tests/data/go-hash.pb.gz was recorded from
# tests/data/gohash/main.go (at /tmp/gohash/main.go: go run main.go cpu.pb.gz); its
# -list output is tests/data/go-hash.list.expected (go tool pprof
# -source_path=tests/data/gohash -list 'main\.hashLoop'). Without Go the committed
# output is the reference; with Go, pprof's own output for the same profile too, and a
# profile recorded now, with the source at its recorded path (no --source-path).
. "${top_srcdir:-.}/tests/compat/data_lib.sh"
d="${top_srcdir:-.}/tests/data"
same() { # NAME WANT GOT
    if cmp -s "$2" "$3"; then ok "$1"; else fail "$1"; diff "$2" "$3" | head -20; fi
}
P="$d/go-hash.pb.gz"
"$FLAMETUI" --annotate='main\.hashLoop' --source-path="$d/gohash" "$P" > "$tmp/ours" 2> "$tmp/err"
same "annotate = the recorded pprof -list" "$d/go-hash.list.expected" "$tmp/ours"
grep -q '^ \+\. \+820ms \+29:		h = sha256.Sum256(h\[:\])$' "$tmp/ours" && ok "line 29" ||
    fail "line 29 with its cum value"

# the source missing: every line with samples is still listed, with its number
"$FLAMETUI" --annotate='main\.hashLoop' --source-path="$tmp/nowhere" "$P" > "$tmp/out" 2>&1
case $(cat "$tmp/out") in
*"source not found"*"      20ms       20ms     28:"*"         .      820ms     29:"*) ok ;;
*) fail "no source: lines with their numbers"; cat "$tmp/out" ;;
esac

# a profile without line information: how to get it
printf 'main;f 1\n' > "$tmp/x.folded"
"$FLAMETUI" --annotate=f "$tmp/x.folded" > "$tmp/out" 2> "$tmp/err"; rc=$?
[ "$rc" = 1 ] && grep -q 'no line information.*--srcline' "$tmp/err" && ok "no lines: say how" ||
    fail "no lines: exit $rc, $(cat "$tmp/err")"

if ! command -v go >/dev/null 2>&1; then
    skip "go tool pprof: go is not installed"
    skip "a profile recorded now: go is not installed"
    finish
fi
(cd "$tmp" && go tool pprof -source_path="$d/gohash" -list 'main\.hashLoop' "$P") \
    > "$tmp/pprof" 2> "$tmp/err"
same "annotate = go tool pprof -list now" "$tmp/pprof" "$tmp/ours"
"$FLAMETUI" --annotate='main\.' --source-path="$d/gohash" "$P" > "$tmp/ours2"
(cd "$tmp" && go tool pprof -source_path="$d/gohash" -list 'main\.' "$P") > "$tmp/pprof2" 2>&1
same "annotate main\\. = pprof -list main\\." "$tmp/pprof2" "$tmp/ours2"

# recorded now, the source at its recorded path (neither tool is told where it is)
mkdir -p "$tmp/gohash" "$tmp/cache"
cp "$d/gohash/main.go" "$tmp/gohash/main.go"
if (cd "$tmp/gohash" && GOCACHE="$tmp/cache" GOFLAGS=-mod=mod GO111MODULE=off \
        go run main.go "$tmp/now.pb.gz") > /dev/null 2> "$tmp/goerr"; then
    "$FLAMETUI" --annotate='main\.hashLoop' "$tmp/now.pb.gz" > "$tmp/ours3" 2>&1
    (cd "$tmp" && go tool pprof -list 'main\.hashLoop' "$tmp/now.pb.gz") > "$tmp/pprof3" 2>&1
    same "a profile recorded now = go tool pprof -list" "$tmp/pprof3" "$tmp/ours3"
else
    skip "a profile recorded now: go run failed: $(head -c 200 "$tmp/goerr")"
fi
finish
