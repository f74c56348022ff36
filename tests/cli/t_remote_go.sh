#!/bin/sh
# SPDX-License-Identifier: MIT
# flametui - http inputs against a real Go service (tests/remote/pprof_service.go, built
# here with go; net/http/pprof): a CPU profile recorded for 2 s lists the function that
# burns the CPU first; the heap endpoint gives the same inuse_space as the file curl
# fetched; an unreachable URL is one line on stderr and exit 1 within 10 s.
. "${top_srcdir:-.}/tests/cli/lib.sh"
. "$top_srcdir/tests/remote/lib.sh"
go_build pprof_service
serve pprof_service
url="http://127.0.0.1:$port/debug/pprof"

run "$FLAMETUI" --top=3 "$url/profile?seconds=2"
expect_eq "CPU endpoint: exit 0" 0 "$rc"
# (on a loaded machine the Go runtime's preemption frame, called from main.burn, can
# come first: runtime frames are not the service's functions)
expect_eq "CPU endpoint: main.burn is the hottest function" main.burn \
    "$(printf '%s\n' "$out" | awk 'NR > 1 && $NF !~ /^runtime\./ { print $NF; exit }')"

# the heap: the same numbers as the file fetched by curl (by flametui where curl is not)
if command -v curl >/dev/null 2>&1; then
    curl -s -o "$tmp/heap.pb.gz" "$url/heap"
else
    "$FLAMETUI" --collapse "$url/heap" > /dev/null   # the endpoint answers at all
    skip "curl not found: the heap file is not fetched by curl"
fi
if [ -s "$tmp/heap.pb.gz" ]; then
    run "$FLAMETUI" --top --sample-type=inuse_space "$tmp/heap.pb.gz"
    want=$(printf '%s\n' "$out" | awk '$NF == "main.allocHeld"')
    run "$FLAMETUI" --top --sample-type=inuse_space "$url/heap"
    got=$(printf '%s\n' "$out" | awk '$NF == "main.allocHeld"')
    expect_eq "heap endpoint: exit 0" 0 "$rc"
    [ -n "$want" ] && ok "the curl file has main.allocHeld" || fail "no main.allocHeld in the file"
    expect_eq "heap endpoint: main.allocHeld's inuse_space is the curl file's" "$want" "$got"
fi

# unreachable: connection refused (the service's port once it is stopped)
kill $remote_pids 2>/dev/null
wait 2>/dev/null
t0=$(date +%s)
run "$FLAMETUI" --top=3 "$url/profile?seconds=2"
t1=$(date +%s)
expect_eq "unreachable: exit 1" 1 "$rc"
expect_eq "unreachable: one line, the URL and the reason" \
    "flametui: $url/profile?seconds=2: connection refused" "$err"
[ $((t1 - t0)) -le 10 ] && ok "unreachable: over within 10 s ($((t1 - t0)) s)" ||
    fail "unreachable: took $((t1 - t0)) s"
finish
