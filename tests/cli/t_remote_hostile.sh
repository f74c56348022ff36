#!/bin/sh
# SPDX-License-Identifier: MIT
# flametui - hostile HTTP servers (tests/remote/standin.go): each is one clear line on
# stderr and exit 1, soon, with bounded memory and no raw bytes on the terminal: a
# server that never answers (--timeout), one that announces a 2 GB answer, one that
# closes mid-body, an HTML page, a redirect loop, an error page with control bytes.
# A redirect to a profile is followed.
. "${top_srcdir:-.}/tests/cli/lib.sh"
. "$top_srcdir/tests/remote/lib.sh"
go_build standin
serve standin -pprof "$top_srcdir/tests/data/go-cpu.pb.gz" -log "$tmp/log"
srv="http://127.0.0.1:$port"
# hostile PATH WANT [OPTIONS]: exit 1 within 20 s, stderr is WANT
hostile() {
    h_path=$1 h_want=$2
    shift 2
    t0=$(date +%s)
    run "$FLAMETUI" "$@" --collapse "$srv/$h_path"
    t1=$(date +%s)
    expect_eq "/$h_path: exit 1, one line" "1 flametui: $srv/$h_path: $h_want" "$rc $err"
    [ $((t1 - t0)) -le 20 ] && ok "/$h_path: over in $((t1 - t0)) s" ||
        fail "/$h_path: took $((t1 - t0)) s"
}
hostile never "timed out after 2 s without an answer" --timeout=2
hostile huge "the answer is larger than 1024 MiB"
hostile midbody "transfer closed with 685 bytes remaining to read"
hostile html "the server answered with an HTML page, not a profile"
hostile loop "Maximum (10) redirects followed"
hostile fail "HTTP 500 Internal Server Error: profile duration exceeds server's WriteTimeout?[2J"
# a CPU profile's recording time comes on top of --timeout
run "$FLAMETUI" --timeout=1 --collapse "$srv/slow?seconds=2"
expect_eq "?seconds=2 with --timeout=1: the recording is waited for" 0 "$rc"
run "$FLAMETUI" --collapse "$srv/moved"
"$FLAMETUI" --collapse "$top_srcdir/tests/data/go-cpu.pb.gz" > "$tmp/want"
expect_eq "a redirect is followed" "0 $(cat "$tmp/want")" "$rc $out"
finish
