#!/bin/sh
# SPDX-License-Identifier: MIT
# flametui - e2e: the time view's heat map on a 3 s system-wide (two-CPU, 999 Hz)
# profile at 160x45: the map uses the screen's height (>= 25 of the 42 free rows), a
# colour ramp on 256 colours (>= 4 background colours in the map), shade characters on 8
# colours with no aliasing stripes on a steady load (every cell of the full columns at
# the same level), a legend with the samples per cell, the axis in ms and s, and a
# range marked by a mouse drag.
. "$top_srcdir/tests/e2e/lib.sh"

# steady.perf: both CPUs busy for 3 s, a sample every 1.001001 ms on each
awk 'BEGIN {
    p = 1.001001; n = int(3000 / p)
    for (i = 0; i < n; i++)
        for (c = 0; c < 2; c++)
            printf "busy %d/%d [%03d] %.6f: 1001001 cpu-clock: \n\t1 spin (/b)\n\t2 main (/b)\n\n",
                   50 + c, 50 + c, c, 100 + (i * p + c * 0.37) / 1000
}' > "$tmp/steady.perf"
# varied.perf: CPU 0 busy throughout, CPU 1 busy for a share of each 100 ms that grows
awk 'BEGIN {
    p = 1.001001; n = int(3000 / p)
    for (i = 0; i < n; i++)
        for (c = 0; c < 2; c++) {
            t = i * p
            if (c == 1 && (t % 100) > t / 30)
                continue
            printf "busy %d/%d [%03d] %.6f: 1001001 cpu-clock: \n\t1 spin (/b)\n\t2 main (/b)\n\n",
                   50 + c, 50 + c, c, 100 + (t + c * 0.37) / 1000
        }
}' > "$tmp/varied.perf"

# the map's rows: the lines from the third up to the axis ("0 ... 1s")
map_rows() {
    screen | awk 'NR >= 3 && /^0 / { print NR - 3; exit }'
}

# --- 256 colours: height, colours, legend, axis
start_size 160 45 "TERM=screen-256color $FLAMETUI $tmp/varied.perf"
wait_for '^all  [1-9]'   # a record read: T before it says "no record read yet"
wait_gone 'LOADING'
keys T
wait_for '^0 +500ms +1s +1.5s +2s +2.5s'
wait_for '^samples/cell 1 '
rows=$(map_rows)
[ "${rows:-0}" -ge 25 ] && ok "the map fills $rows of 42 rows" || fail "the map has ${rows:-0} rows"
colours=$(screen_e | sed -n "3,$((2 + rows))p" | grep -o '48;5;[0-9]*' | sort -u | wc -l)
[ "$colours" -ge 4 ] && ok "$colours background colours in the map" \
    || fail "$colours background colours in the map"
# the legend: nine levels, from white to dark red
legend=$(screen_e | sed -n "$((4 + rows))p" | grep -o '48;5;[0-9]*' | sort -u | wc -l)
[ "$legend" -ge 9 ] && ok "the legend shows $legend colours" || fail "legend: $legend colours"
wait_for 'column [0-9.]+ms, row [0-9.]+ms = [0-9]+ periods'
quit_ok Q

# --- 8 colours: shades, and no stripes on a steady load
fresh
start_size 160 45 "TERM=screen $FLAMETUI $tmp/steady.perf"
wait_for '^all  [1-9]'
wait_gone 'LOADING'
keys T
wait_for '^samples/cell 1 +\.\.::--==\+\+\*\*##%%@@ [0-9]+$'
rows=$(map_rows)
[ "${rows:-0}" -ge 25 ] && ok "8 colours: $rows rows" || fail "8 colours: ${rows:-0} rows"
# every cell of the full columns (all but the last 20 characters) at the mean level
screen | sed -n "4,$((2 + rows))p" | awk -v shades=' .:-=+*#%@' '
    { for (i = 1; i <= 140; i++) { l = index(shades, substr($0, i, 1)) - 1; s += l; n++; v[n] = l } }
    END {
        m = s / n
        for (k = 1; k <= n; k++) if (v[k] - m > 0.5 || m - v[k] > 0.5) bad++
        printf "mean level %.2f, %d of %d cells off by more than half a level\n", m, bad, n
        exit bad > 0
    }' > "$tmp/stripes" && ok "no stripes: $(cat "$tmp/stripes")" || fail "stripes: $(cat "$tmp/stripes")"
# a drag marks a range: press on column 0 row 2, release on column 3 row 5 (SGR reports)
keys -l "$(printf '\033[<0;3;5M')"
keys -l "$(printf '\033[<0;35;8m')"
wait_for 'selected [0-9.]+ms-[0-9.]+ms: [0-9]+ samples  \(Enter: show'
keys Enter
wait_for '^flametui: .*time:0.0[0-9]+s-0.[0-9]+s'
quit_ok Q
finish
