#!/bin/sh
# SPDX-License-Identifier: MIT
# flametui - e2e: the flame chart. --chart --text on a crafted profile (thread 101 runs f
# for a second, then g; thread 102 runs h throughout): f left of g on one lane, h on
# another; lanes per process and per CPU; inputs without time say that a flame chart
# needs timestamps. The viewer: O from the graph and from the time view, PgUp/PgDn
# over the lanes, + and - zoom the time axis, Left/Right pan, a click then Enter zooms
# to a frame's extent, Esc shows the whole time again.
. "$top_srcdir/tests/e2e/lib.sh"

awk 'BEGIN {
    for (i = 0; i < 40; i++) {
        t = 10 + i * 0.05
        printf "prog 100/101 [000] %.6f: 1 cpu-clock: \n\t1 %s (/p)\n\t2 main (/p)\n\n",
               t, t < 11 ? "f" : "g"
        printf "prog 100/102 [001] %.6f: 1 cpu-clock: \n\t1 h (/p)\n\t2 worker (/p)\n\n",
               t + 0.01
    }
}' > "$tmp/chart.perf"

"$FLAMETUI" --chart --text --cols 60 "$tmp/chart.perf" > "$tmp/out" 2> "$tmp/err" \
    || fail "--chart --text: exit $?, $(cat "$tmp/err")"
cat > "$tmp/want" <<'EOF'
[prog-100/101  40 samples                                  ]
[main                                                      ]
[f                           ][g                           ]
[prog-100/102  40 samples                                  ]
[worker                                                    ]
[h                                                         ]
EOF
diff "$tmp/want" "$tmp/out" >&2 && ok "--chart --text: f left of g on one lane, h on another" \
    || fail "--chart --text differs"
"$FLAMETUI" --chart --text --cols 60 --group=cpu "$tmp/chart.perf" > "$tmp/out"
[ "$(grep -c '^\[cpu [01]  40 samples' "$tmp/out")" = 2 ] && ok "--group=cpu: a lane per CPU" \
    || fail "--group=cpu lanes: $(cat "$tmp/out")"
"$FLAMETUI" --chart --text --cols 60 --group=pid "$tmp/chart.perf" > "$tmp/out"
[ "$(grep -c '^\[prog-100  80 samples' "$tmp/out")" = 1 ] && ok "--group=pid: one lane" \
    || fail "--group=pid lanes: $(cat "$tmp/out")"
"$FLAMETUI" --chart --text --cols 60 --from=1 "$tmp/chart.perf" > "$tmp/out"
grep -q '^\[g  ' "$tmp/out" && ! grep -q '\[f ' "$tmp/out" && ok "--chart --from=1: g only" \
    || fail "--chart --from=1: $(cat "$tmp/out")"
"$FLAMETUI" --chart --text "$data/tui-basic.folded" > "$tmp/out" 2> "$tmp/err"
rc=$?
[ $rc = 1 ] && grep -q 'no flame chart: it needs timestamps' "$tmp/err" && [ ! -s "$tmp/out" ] \
    && ok "folded input: a flame chart needs timestamps" || fail "folded: exit $rc $(cat "$tmp/err")"
"$FLAMETUI" --chart --collapse "$tmp/chart.perf" > /dev/null 2> "$tmp/err"
rc=$?
[ $rc = 2 ] && grep -q -- '--chart goes with --text or the viewer' "$tmp/err" \
    && ok "--chart --collapse refused" || fail "--chart --collapse: exit $rc"

# --- the viewer: O from the graph
start_size 100 30 "$FLAMETUI" "$tmp/chart.perf"
wait_for '^all  [1-9]'   # the records read (under valgrind the first frame comes first)
wait_gone 'LOADING'
keys O
wait_for '^flametui: .*chart 0-1.96s  lanes 1-2 of 2'
wait_for '^ prog-100/101  40 samples'
wait_for '^ prog-100/102  40 samples'
# f left of g on the lane's second frame row
line 4 | grep -qE '^ f +g' && ok "f left of g" || fail "line 4: '$(line 4)'"
# + and - zoom the time axis, Left/Right pan, Esc shows everything
keys +
wait_for 'chart 490ms-1.47s'
keys Right
wait_for 'chart 612.5ms-1.5925s'
keys -
wait_for 'chart 0-1.96s'
# a click on g, Enter: the time of g
mouse 0 80 3
wait_for '^g +99[0-9.]+ms-1.96s'
keys Enter
wait_for 'chart 99[0-9.]+ms-1.96s'
line 4 | grep -qE '^ g' && ok "zoomed to g" || fail "after Enter: '$(line 4)'"
keys Escape
wait_for 'chart 0-1.96s'
keys q
wait_gone 'chart 0'
wait_for '^all '
quit_ok q

# many lanes: PgDn, PgUp; the time view's O shows the chart of its range
fresh
awk 'BEGIN {
    for (i = 0; i < 400; i++)
        printf "w%02d 1/%d [%03d] %.6f: 1 cpu-clock: \n\t1 f%d (/p)\n\t2 main (/p)\n\n",
               i % 20, 100 + i % 20, i % 2, 10 + i * 0.01, i % 3
}' > "$tmp/many.perf"
start_size 100 30 "$FLAMETUI" "$tmp/many.perf"
wait_for '^all  [1-9]'
wait_gone 'LOADING'
keys O
wait_for 'lanes 1-[0-9]+ of 20'
first=$(screen | sed -n 1p | sed 's/.*lanes 1-\([0-9]*\) of 20.*/\1/')
[ "$first" -ge 3 ] && [ "$first" -lt 20 ] && ok "$first lanes on a page" || fail "lanes: $first"
keys PgDn
wait_for "lanes $((first + 1))-"
keys PgUp
wait_for 'lanes 1-'
keys q T Down m Down m O
wait_for '^flametui: .*chart [0-9.]+ms-[0-9.]+ms'
quit_ok Q

# folded input: O says that a flame chart needs timestamps
fresh
start "$FLAMETUI" "$data/tui-basic.folded"
wait_for '^all  100 samples'
keys O
wait_for 'no flame chart: it needs timestamps'
quit_ok q
finish
