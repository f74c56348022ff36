#!/bin/sh
# SPDX-License-Identifier: MIT
# flametui - the Grafana Pyroscope and Parca clients against protocol-level stand-ins
# (tests/remote/standin.go: no Pyroscope or Parca server runs here): the request carries
# the type, the selector and the range asked for (checked from the stand-in's log of the
# decoded fields), and --collapse prints the answer exactly as --collapse of the same
# pprof file; SelectMergeStacktraces when SelectMergeProfile is missing; --list;
# --base=@TIME; --header sent and never printed.
. "${top_srcdir:-.}/tests/cli/lib.sh"
. "$top_srcdir/tests/remote/lib.sh"
go_build standin
pprof="$top_srcdir/tests/data/go-cpu.pb.gz"
folded="$top_srcdir/tests/data/go-cpu.expected.folded"
serve standin -pprof "$pprof" -log "$tmp/log" -folded "$folded"
srv="http://127.0.0.1:$port"
"$FLAMETUI" --collapse "$pprof" > "$tmp/want"

q='process_cpu:cpu:nanoseconds:cpu:nanoseconds{service_name="checkout"}'
run "$FLAMETUI" --pyroscope="$srv" --query="$q" --since=1h --collapse
expect_eq "pyroscope: exit 0" 0 "$rc"
printf '%s\n' "$out" | cmp -s - "$tmp/want" && ok "pyroscope: --collapse is the file's" ||
    fail "pyroscope: --collapse differs from the file's"
expect_eq "pyroscope: SelectMergeProfile with the type, the selector and 1 hour to now" \
    'pyroscope SelectMergeProfile type=process_cpu:cpu:nanoseconds:cpu:nanoseconds selector={service_name="checkout"} range_ms=3600000 end_lag_ok=true' \
    "$(tail -n 1 "$tmp/log")"

pq='process_cpu:samples:count:cpu:nanoseconds:delta{comm="api"}'
run "$FLAMETUI" --parca="$srv/" --query="$pq" --since=2h --collapse
expect_eq "parca: exit 0" 0 "$rc"
printf '%s\n' "$out" | cmp -s - "$tmp/want" && ok "parca: --collapse is the file's" ||
    fail "parca: --collapse differs from the file's"
expect_eq "parca: Query MODE_MERGE, REPORT_TYPE_PPROF, the query and 2 hours to now" \
    "parca Query mode=2 report_type=1 query=$pq range_ms=7200000 end_lag_ok=true" \
    "$(tail -n 1 "$tmp/log")"

# --until in the past and --base=@TIME: the same length, another end
run "$FLAMETUI" --pyroscope="$srv" --query="$q" --since=30m --until=2026-01-01T00:00:00Z --top
expect_eq "--until=RFC 3339: exit 0" 0 "$rc"
grep -q 'range_ms=1800000 end_lag_ok=false' "$tmp/log" && ok "--since=30m --until: 30 minutes" ||
    fail "--since=30m: $(tail -n 1 "$tmp/log")"
n0=$(wc -l < "$tmp/log")
run "$FLAMETUI" --pyroscope="$srv" --query="$q" --base=@now-7d --collapse
expect_eq "--base=@now-7d: exit 0" 0 "$rc"
expect_eq "--base=@now-7d: two queries" 2 $(($(wc -l < "$tmp/log") - n0))
expect_eq "--base=@now-7d: the same profile twice: no change anywhere" "" \
    "$(printf '%s\n' "$out" | awk '$(NF-1) != $NF')"

# --list
run "$FLAMETUI" --pyroscope="$srv" --list
expect_eq "pyroscope --list" "profile types:
  process_cpu:cpu:nanoseconds:cpu:nanoseconds
  memory:inuse_space:bytes:space:bytes
labels:
  region: eu-west-1
  service_name: checkout, frontend" "$out"
run "$FLAMETUI" --parca="$srv" --list
expect_eq "parca --list" "profile types:
  process_cpu:samples:count:cpu:nanoseconds:delta
labels:
  region: eu-west-1
  service_name: checkout, frontend" "$out"

# a Pyroscope without SelectMergeProfile: the flame graph of SelectMergeStacktraces
kill $remote_pids 2>/dev/null
serve standin -pprof "$pprof" -log "$tmp/log2" -folded "$folded" -nomerge
run "$FLAMETUI" --pyroscope="http://127.0.0.1:$port" --query="$q" --collapse
expect_eq "fallback: exit 0" 0 "$rc"
LC_ALL=C sort "$folded" > "$tmp/want2"
printf '%s\n' "$out" | cmp -s - "$tmp/want2" && ok "fallback: the flame graph's stacks" ||
    fail "fallback: $(printf '%s\n' "$out" | head -3)"
grep -q '^pyroscope SelectMergeStacktraces type=process_cpu' "$tmp/log2" &&
    grep -q '^pyroscope format=1$' "$tmp/log2" && ok "fallback: PROFILE_FORMAT_FLAMEGRAPH" ||
    fail "fallback request: $(cat "$tmp/log2")"

# --header: sent, never printed
srv="http://127.0.0.1:$port"
run "$FLAMETUI" --header='Authorization: Bearer s3cret-t0ken' --collapse "$srv/profile.pb"
expect_eq "--header: the right token: exit 0" 0 "$rc"
grep -q 'auth=Bearer s3cret-t0ken' "$tmp/log2" && ok "--header: sent" || fail "--header not sent"
run "$FLAMETUI" --header='Authorization: Bearer wr0ng-t0ken' --collapse "$srv/profile.pb"
expect_eq "--header: a wrong token: HTTP 401, the token not printed" \
    "1 flametui: $srv/profile.pb: HTTP 401 Unauthorized: unauthorized" "$rc $err"
run "$FLAMETUI" --header='Authorization Bearer s3cret-t0ken' --collapse "$srv/profile.pb"
expect_eq "--header without a colon: usage error, the value not printed" \
    "2 flametui: invalid --header (NAME: VALUE)" "$rc $(printf '%s\n' "$err" | head -1)"

# usage errors
run "$FLAMETUI" --query="$q" --collapse
expect_eq "--query without a server" 2 "$rc"
run "$FLAMETUI" --pyroscope="$srv" --collapse
expect_eq "a server without --query" 2 "$rc"
run "$FLAMETUI" --pyroscope="$srv" --query="$q" --since=soon --collapse
expect_eq "--since=soon" "2 flametui: invalid --since 'soon' (a duration: 30m, 2h, 1d)" \
    "$rc $(printf '%s\n' "$err" | head -1)"
finish
