#!/bin/sh
# SPDX-License-Identifier: MIT
# flametui - e2e: every boundary between two adjacent frames (both at least 2 cells wide)
# is visible on every kind of terminal: the two cells either side of it differ in colour
# or attributes (SGR state read from capture-pane -e), or one of them is a separator glyph
# (the bracket form of monochrome). Data: a real perf profile (perf record -g -F 999 of a
# C++ program with many functions, collapsed by stackcollapse-perf.pl --kernel); brackets
# are taken out of the names here so that `--text` rows give the frame edges unambiguously.
. "$top_srcdir/tests/e2e/lib.sh"
tr -d '[]' < "$data/perf-many-siblings.folded" > "$tmp/p.folded"
# size W H: the pane size, and the frame edges of its graph area from --text
size() {
    W=$1; H=$2
    LC_ALL=C.UTF-8 "$FLAMETUI" --text --cols $W --rows $((H - 2)) "$tmp/p.folded" \
        > "$tmp/text" || fail "--text failed"
    [ "$(wc -l < "$tmp/text")" -eq $((H - 2)) ] || fail "--text: not $((H - 2)) rows"
}
size 200 50

# check NAME: compares the pane with the --text rows; prints the pairs checked.
check() {
    $T capture-pane -e -N -p -t 0 > "$tmp/pane"
    LC_ALL=C awk -v rows=$((H - 2)) -v name="$1" "$sgr_awk"'
    # pass 1: the --text rows -> the right edge x of every frame whose "]" is followed by "["
    # (columns, not bytes: a label may hold a UTF-8 ellipsis)
    FNR == NR { x = 0
                for (i = 1; i <= length($0); i++) {
                    c = substr($0, i, 1)
                    if (c ~ /[\200-\277]/) continue                  # UTF-8 continuation
                    if (c == "]" && substr($0, i + 1, 1) == "[") edge[FNR, x + 1] = 1
                    x++                                  # boundary between x, x + 1 (0-based)
                }
                next }
    # pass 2: the pane, line 1 is the title; graph row r is pane line r + 1
    { line = FNR - 1; x = 0; s = $0
      while (length(s) > 0) {
          if (substr(s, 1, 2) == "\033[") {
              j = index(s, "m"); sgr(substr(s, 3, j - 3)); s = substr(s, j + 1); continue
          }
          ch = substr(s, 1, 1); s = substr(s, 2)
          while (length(s) > 0 && substr(s, 1, 1) ~ /[\200-\277]/) {  # UTF-8 continuation
              ch = ch substr(s, 1, 1); s = substr(s, 2)
          }
          look[line, x] = fg "/" bg "/" at; glyph[line, x] = ch; x++
      }
    }
    END {
        n = 0; bad = 0
        for (k in edge) {
            split(k, q, SUBSEP); r = q[1]; e = q[2]
            n++
            if (look[r, e - 1] != look[r, e]) continue
            if (glyph[r, e - 1] ~ /^[][|]$/ || glyph[r, e] ~ /^[][|]$/) continue
            if (glyph[r, e] == "\342\226\217") continue   # U+258F left one-eighth block
            bad++
            if (bad <= 5) printf "%s: row %d x %d: neighbours look the same (%s)\n", name, r, e, look[r, e] > "/dev/stderr"
        }
        printf "%s: %d boundaries, %d invisible\n", name, n, bad
        exit bad > 0
    }' "$tmp/text" "$tmp/pane"
}

run() { # NAME ENV [OPTIONS]
    name=$1
    fresh
    start_size $W $H "env $2 $FLAMETUI $3 '$tmp/p.folded'"
    wait_for '__libc_start_call_main'           # the graph is drawn (not still loading)
    i=0
    until check "$name" > "$tmp/out" 2>&1; do   # the first paint may still be on its way
        i=$((i + 1)); [ $i -lt 50 ] || { cat "$tmp/out" >&2; fail "$name: invisible boundaries"; }
        sleep 0.2
    done
    cat "$tmp/out"
    grep -q ' 0 boundaries' "$tmp/out" && fail "$name: no adjacent frames to check"
    ok
    quit_ok
}

# run_on TERM NAME ENV [OPTIONS]: run, or skip saying why when TERM has no terminfo entry
# (xterm-16color and xterm-direct come with ncurses-term, the rest with ncurses-base)
run_on() {
    if infocmp "$1" >/dev/null 2>&1; then
        shift; run "$@"
    else
        skip "$2: no terminfo entry for $1 (install ncurses-term), not tried"
    fi
}
for term in xterm screen linux xterm-16color xterm-256color; do
    run_on $term $term "TERM=$term COLORTERM="
done
run_on xterm-direct xterm-direct "TERM=xterm-direct COLORTERM=truecolor"
run_on xterm-256color NO_COLOR "TERM=xterm-256color NO_COLOR=1"
run_on vt100 vt100 "TERM=vt100"
for p in kind red; do
    run_on xterm "xterm $p" "TERM=xterm COLORTERM=" --colors=$p
    run_on xterm-256color "xterm-256color $p" "TERM=xterm-256color COLORTERM=" --colors=$p
done
# narrower: other neighbours, truncated labels
size 120 30
run_on xterm "120x30 xterm" "TERM=xterm COLORTERM="
run_on xterm-256color "120x30 xterm-256color" "TERM=xterm-256color COLORTERM="
run_on xterm-direct "120x30 xterm-direct" "TERM=xterm-direct COLORTERM=truecolor"
finish
