#!/bin/sh
# SPDX-License-Identifier: MIT
# flametui - the viewer on network inputs: while a real Go service (net/http/pprof)
# records a CPU profile the status line counts the seconds down, then the graph comes;
# q and Ctrl-C cancel a recording (the server sees its client go away); --header's value
# never shows in C's command line; --refresh fetches again and keeps the zoom; with
# --window it shows the sum of the fetches in the window.
. "${top_srcdir:-.}/tests/e2e/lib.sh"
. "$top_srcdir/tests/remote/lib.sh"
go_build pprof_service
go_build standin
serve pprof_service
svc=$port
serve standin -pprof "$data/go-cpu.pb.gz" -log "$tmp/log"
srv="http://127.0.0.1:$port"

# wait_log PATTERN WHAT: the stand-in's log gets a line matching PATTERN within 10 s
wait_log() {
    i=0
    while [ $i -lt 100 ]; do
        grep -q -- "$1" "$tmp/log" && { ok "$2"; return 0; }
        sleep 0.1; i=$((i + 1))
    done
    fail "$2: not in the server's log"
}

start "$FLAMETUI 'http://127.0.0.1:$svc/debug/pprof/profile?seconds=3'"
wait_for "LIVE recording 3 s \.\.\. [0-9] s left"
wait_for "main\.burn"
wait_for "EOF"
quit_ok

fresh
start "$FLAMETUI '$srv/slow?seconds=60'"
wait_for "recording 60 s \.\.\. [0-9]+ s left"
keys q
expect_rc=$(wait_rc "q while recording")
expect_eq_rc() { [ "$1" = "$2" ] && ok "$3" || fail "$3: $1"; }
expect_eq_rc "$expect_rc" 0 "q while recording: exit 0"
wait_log "slow: cancelled by the client" "q while recording: the transfer is cancelled"

fresh
: > "$tmp/log"
start "$FLAMETUI '$srv/slow?seconds=60'"
wait_for "recording 60 s"
keys C-c
wait_rc "Ctrl-C while recording" > /dev/null
ok "Ctrl-C while recording: flametui exits"
wait_log "slow: cancelled by the client" "Ctrl-C while recording: the transfer is cancelled"

fresh
start "$FLAMETUI --save=$tmp/saved --header='Authorization: Bearer s3cret-t0ken' '$srv/profile.pb'"
wait_for "main\.worker"
keys C
wait_for "flametui .*profile\.pb"
screen | grep -q "s3cret" && fail "C shows the header's value" || ok "C: no header value"
quit_ok
grep -q "main\.worker" "$tmp/saved" && ok "--save wrote the profile" || fail "--save: no profile"
grep -rq "s3cret" "$tmp/saved" "$tmp/state" 2>/dev/null && fail "the header's value was saved" ||
    ok "--save, the history: no header value"

fresh
: > "$tmp/log"
start "$FLAMETUI --refresh=1 '$srv/profile.pb'"
wait_for "LIVE fetched [0-9][0-9]:[0-9][0-9]:[0-9][0-9]"
keys Up Enter
wait_for "zoom main\.worker"
n=$(grep -c '^GET /profile.pb' "$tmp/log")
i=0
while [ "$(grep -c '^GET /profile.pb' "$tmp/log")" -lt $((n + 2)) ] && [ $i -lt 100 ]; do
    sleep 0.1; i=$((i + 1))
done
[ $i -lt 100 ] && ok "--refresh=1: fetched again" || fail "--refresh=1: no new fetch"
wait_for "LIVE fetched"
expect_line 24 "^main\.worker " "--refresh: the zoom and selection stay"
quit_ok

fresh
: > "$tmp/log"
start "$FLAMETUI --refresh=1 --window=2.5 '$srv/profile.pb'"
wait_for "^all  (1\.96|2\.94|3\.92) s "   # two fetches or more, summed
i=0
while [ "$(grep -c '^GET /profile.pb' "$tmp/log")" -lt 7 ] && [ $i -lt 200 ]; do
    sleep 0.1; i=$((i + 1))
done
[ $i -lt 200 ] && ok "--refresh=1 --window=2.5: 7 fetches" || fail "--window: too few fetches"
expect_line 24 "^all  (980 ms|[1-3]\.[0-9]+ s) " \
    "--refresh --window: only the fetches of the last 2.5 s (fewer than 5 profiles)"
quit_ok
finish
