#!/bin/sh
# SPDX-License-Identifier: MIT
# flametui - e2e: input formats in the viewer: a perf.data read through a
# perf script child (a fake perf: no perf needed) shows LOADING while it runs and is
# killed and reaped on quit; perf's failure and "no samples found" show in the status
# line; a zstd file opens; an unsupported format on a pipe is named.
. "$top_srcdir/tests/e2e/lib.sh"
tiny="$data/perf-data-tiny.data"
cat > "$tmp/fakeperf" <<EOS
#!/bin/sh
echo \$\$ > "$tmp/fakeperf.pid"
case "\${FAKEPERF:-ok}" in
ok) cat "$data/perf-data-tiny.perf" ;;
fail) echo "perf: something broke" >&2; exit 3 ;;
hang) head -c 1500 "$data/perf-data-tiny.perf"; exec sleep 60 ;;
esac
EOS
chmod +x "$tmp/fakeperf"

start "FAKEPERF=hang $FLAMETUI --perf-script --perf=$tmp/fakeperf $tiny"
wait_for 'LOADING .* [0-9,.]+[KMG]? samples$'
wait_for '^flametui: perf-data-tiny.data'
i=0   # (under load the fake perf may not have written its pid yet)
while ! [ -s "$tmp/fakeperf.pid" ] && [ $i -lt 50 ]; do sleep 0.1; i=$((i + 1)); done
pid=$(cat "$tmp/fakeperf.pid")
ps -o stat= -p "$pid" | grep -q '^[SRD]' && ok || fail "the fake perf is not running ($(ps -o stat= -p "$pid"))"
quit_ok
i=0
while ps -o stat= -p "$pid" > /dev/null 2>&1 && [ $i -lt 50 ]; do sleep 0.1; i=$((i + 1)); done
ps -o stat= -p "$pid" > /dev/null 2>&1 && fail "perf $pid was not reaped after q" || ok

fresh
start "$FLAMETUI --perf-script --perf=$tmp/fakeperf $tiny"
wait_for '^flametui: perf-data-tiny.data  21 samples, 42.1 ms  cpu-clock'
wait_gone 'LOADING'
keys k
wait_for '^sh  42.1 ms \(100\.00%\)'
quit_ok

fresh
start_size 200 24 "FAKEPERF=fail $FLAMETUI --perf-script --perf=$tmp/fakeperf $tiny"
wait_for 'perf script failed \(exit status 3\)'
wait_for 'INPUT ERROR'
quit_rc 1            # no samples: exit 1, as the non-interactive outputs

fresh
: > "$tmp/empty"
start_size 200 24 "$FLAMETUI $tmp/empty"
wait_for 'empty: no samples found \(formats tried: folded'
quit_rc 1

if command -v zstd > /dev/null 2>&1; then
    fresh
    zstd -q -c "$data/tui-basic.folded" > "$tmp/basic.zst"
    start "$FLAMETUI $tmp/basic.zst"
    wait_for '^flametui: basic.zst  100 samples'
    quit_ok
else
    skip "zstd not installed: the zstd case"
fi

fresh
printf 'FLR\000\000\002\000\000rest' > "$tmp/rec.jfr"
start "cat $tmp/rec.jfr | $FLAMETUI -"
[ "$(wait_rc "JFR on a pipe")" = 1 ] && ok || fail "JFR on a pipe: exit status"
wait_for '^flametui: stdin: a JFR recording \(Java Flight Recorder\): not supported'
