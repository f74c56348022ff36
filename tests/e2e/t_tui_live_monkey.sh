#!/bin/sh
# SPDX-License-Identifier: MIT
# flametui - e2e, the monkey tier (run under ASan+UBSan by the sanitizer build): perf
# script text arriving slowly from a pipe, with a process grouping (--pid, P) or a time
# range and a filter, while keys redraw, move, filter, regroup and switch screens. The
# viewer must survive every key with no sanitizer report, then read the whole input.
# MONKEY_SECONDS (default 6) is how long each writer runs; MONKEY_SEED picks the keys.
. "$top_srcdir/tests/e2e/lib.sh"
f="$data/perf-threads.perf"
[ -r "$f" ] || skip_all "$f missing"
secs=${MONKEY_SECONDS:-6}
seed=${MONKEY_SEED:-$$}
echo "# MONKEY_SEED=$seed MONKEY_SECONDS=$secs"
# writer: the records of $f again and again, 3 per 20 ms, for $secs seconds
cat > "$tmp/writer.sh" <<EOW
end=\$((\$(date +%s) + $secs))
while [ "\$(date +%s)" -lt "\$end" ]; do
    awk 'BEGIN { RS = ""; ORS = "\n\n" } { print; if (NR % 3 == 0) { fflush(); system("sleep 0.02") } }' '$f'
done
EOW
# monkey N: N keys drawn from a list that never quits, saves or exports
monkey() {
    awk -v n="$1" -v seed="$seed" 'BEGIN {
        split("j k h l Enter BSpace Escape z i o r t s g G PgUp PgDn c w d P R C-l ? n N U L # T m", k, " ")
        srand(seed)
        for (i = 0; i < n; i++) print k[int(rand() * 31) + 1] }' |
    while read -r key; do
        keys "$key"
        case $key in t|T|'?'|s) keys Escape ;; esac   # back to the flame graph mostly
        sleep 0.05
    done
}
run() {   # run WHAT ARGS...: the viewer on a fresh writer, keys while it writes
    what=$1; shift
    fresh
    start_size 100 30 "sh '$tmp/writer.sh' | $FLAMETUI $* -"
    wait_for 'LIVE'
    # bursts of redraws while the data flows: a draw between the base's growth and the
    # next relayout derives the profile again under the shown trie (the title's share)
    i=0
    while [ $i -lt 20 ]; do keys C-l; keys j; keys k; i=$((i + 1)); done
    monkey $((secs * 8))
    keys Escape; keys Escape; keys Escape
    i=0
    while [ $i -lt 300 ] && ! screen | grep -q 'EOF'; do sleep 0.1; i=$((i + 1)); done
    screen | grep -q 'EOF' || fail "$what: the input did not end on screen"
    if ls "$tmp"/asan.* "$tmp"/ubsan.* >/dev/null 2>&1; then
        cat "$tmp"/asan.* "$tmp"/ubsan.* >&2; fail "$what: sanitizer report"
    fi
    quit_ok Q
}
run "--pid --include=." --pid --include=.
run "--group=tid --exclude=cmp" --group=tid --exclude=cmp
run "--from=0.1 --hide=worker" --from=0.1 --hide=worker
