#!/bin/sh
# SPDX-License-Identifier: MIT
# flametui - e2e: the selection has a colour no other cell of the graph has, on 8, 16,
# 256 colours and truecolor (COLORTERM=truecolor on TERM=xterm-256color), in the plain
# graph, with a search active (the selected match against the other matches) and in a
# diff: after each move, the background the selected frame shows (its foreground when
# it is drawn in reverse video) appears nowhere else between the title and the status.
. "$top_srcdir/tests/e2e/lib.sh"
printf 'main;alpha;alpha_leaf 30\nmain;beta;beta_leaf 20\nmain;gamma 15\nother;omega 25\nother;xi 10\n' \
    > "$tmp/s.folded"
printf 'main;alpha;alpha_leaf 10\nmain;beta;beta_leaf 40\nmain;gamma 15\nother;omega 25\nother;xi 10\n' \
    > "$tmp/base.folded"
H=14
# cells: the pane as "row col effective-bg" lines for the graph rows (2 .. H-1)
cells() {
    $T capture-pane -e -N -p -t 0 | LC_ALL=C awk -v h=$H "$sgr_awk"'
    { row = FNR; x = 0; s = $0
      while (length(s) > 0) {
          if (substr(s, 1, 2) == "\033[") {
              j = index(s, "m"); sgr(substr(s, 3, j - 3)); s = substr(s, j + 1); continue
          }
          s = substr(s, 2)
          while (length(s) > 0 && substr(s, 1, 1) ~ /[\200-\277]/) s = substr(s, 2)
          if (row > 1 && row < h) print row, x, (index(at, 7) ? (fg == "d" ? "rd" : fg) : bg)
          x++
      } }'
}
# check NAME WHAT: NAME is selected (status line); its frame's colour is unique
check() {
    wait_for "^$1 "
    i=0
    while :; do
        cells > "$tmp/cells"
        pos=$(screen | awk -v n="$1" -v h=$H 'NR > 1 && NR < h {
                  if (match($0, "(^| )[-+*]*" n "( |$)")) { print NR, RSTART - 1 + (RSTART > 1); exit } }')
        [ -n "$pos" ] || fail "$2: $1 not on screen"
        verdict=$(awk -v pos="$pos" '
            BEGIN { split(pos, p, " ") }
            { c[$1, $2] = $3; n[$3]++ }
            END { sel = c[p[1], p[2]]
                  if (sel == "d" || sel == "") { print "default background"; exit }
                  run = 0; for (x = p[2]; c[p[1], x] == sel; x++) run++
                  for (x = p[2] - 1; x >= 0 && c[p[1], x] == sel; x--) run++
                  if (n[sel] != run) { print "colour " sel " on " n[sel] - run " other cells"; exit }
                  print "ok" }' "$tmp/cells")
        [ "$verdict" = ok ] && break
        i=$((i + 1)); [ $i -lt 30 ] || fail "$2: selected $1: $verdict"
        sleep 0.1
    done
    ok "$2: $1 has a colour of its own"
}
walk() { # WHAT: moves the selection around the graph, checking after each move
    check all "$1"
    keys k; check main "$1"
    keys k; check alpha "$1"
    keys k; check alpha_leaf "$1"
    keys l; check beta_leaf "$1"
    keys j; check beta "$1"
    keys l; check gamma "$1"
    keys l; check omega "$1"
    keys j; check other "$1"
}
run() { # LABEL ENV ARGS...
    label=$1; envs=$2; shift 2
    fresh
    start_size 80 $H "env $envs $FLAMETUI $*"
    wait_for '^all '
}
for depth in "xterm COLORTERM=" "xterm-16color COLORTERM=" "xterm-256color COLORTERM=" \
             "xterm-256color COLORTERM=truecolor"; do
    term=${depth%% *}
    if ! infocmp "$term" >/dev/null 2>&1; then
        skip "no terminfo entry for $term (install ncurses-term), not tried"
        continue
    fi
    e="TERM=$depth"
    run "$depth" "$e" "'$tmp/s.folded'"
    walk "$depth"
    quit_ok
    run "$depth search" "$e" "--search=a '$tmp/s.folded'"   # every frame but xi matches
    walk "$depth, search"
    quit_ok
    run "$depth diff" "$e" "--base='$tmp/base.folded' '$tmp/s.folded'"
    walk "$depth, diff"
    quit_ok
done
finish
