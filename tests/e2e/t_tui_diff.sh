#!/bin/sh
# SPDX-License-Identifier: MIT
# flametui - e2e: the differential view (--base) on a real profile pair (prog.c at -O0
# and -O2): red frames for growth and blue for shrinkage (8 and 256 colours), +/- marks
# with NO_COLOR, b switches to the base profile's widths and back, and the status numbers
# of one selected frame against a hand computation.
. "$top_srcdir/tests/e2e/lib.sh"
d="$top_srcdir/tests/data/diff"
A="$d/prog-O0.folded"
B="$d/prog-O2.folded"

# bg COLOUR-CODE of the cell where TEXT starts: the last background SGR before it
bg_of() {
    screen_e | grep -F -- "$1" | head -n1 | awk -v t="$1" '{
        s = substr($0, 1, index($0, t) - 1); bg = ""
        while (match(s, /\033\[[0-9;]*m/)) {
            n = split(substr(s, RSTART + 2, RLENGTH - 3), p, ";")
            for (i = 1; i <= n; i++) {
                if (p[i] == 48 && p[i + 1] == 5) { bg = "256:" p[i + 2]; i += 2 }
                else if (p[i] >= 40 && p[i] <= 47) bg = "8:" (p[i] - 40)
                else if (p[i] == 0 || p[i] == 49) bg = ""
            }
            s = substr(s, RSTART + RLENGTH)
        }
        print bg }'
}
# hue of an xterm-256 cube colour: red, blue, white or other (8 colours: shrinkage is
# cyan, "blue" here, as blue is the selection's)
hue() {
    echo "$1" | awk -F: '{ if ($1 == "8") { print ($2 == 1 ? "red" : $2 == 6 ? "blue" : $2 == 7 ? "white" : "other"); exit }
        n = $2 - 16; if (n < 0 || n > 215) { print "other"; exit }
        split("0 95 135 175 215 255", lv, " ")
        r = lv[int(n / 36) + 1]; g = lv[int(n / 6) % 6 + 1]; b = lv[n % 6 + 1]
        print (r > g && r > b ? "red" : b > r && b > g ? "blue" : r == g && g == b && r > 200 ? "white" : "other") }'
}
# expect_hue TEXT HUE: poll until the frame labelled TEXT has that colour
expect_hue() {
    i=0
    while :; do
        h=$(hue "$(bg_of "$1")")
        [ "$h" = "$2" ] && break
        i=$((i + 1)); [ $i -lt 50 ] || fail "$1: colour '$(bg_of "$1")' is $h, not $2"
        sleep 0.1
    done
    ok
}

for term in tmux-256color xterm; do
    if ! infocmp "$term" >/dev/null 2>&1; then
        skip "no terminfo entry for $term (install ncurses-term), not tried"
        continue
    fi
    fresh
    start_size 200 24 "env COLORTERM= TERM=$term $FLAMETUI --base='$A' '$B'"
    wait_for 'vs base prog-O0.folded 797,797,797 samples'
    expect_hue '++hash_bytes.constprop.0' red     # new: 0 -> 131,131,131
    expect_hue '+cmp' red                         # self 159,159,159 -> 107,107,107... of prog;cmp
    expect_hue '-_' blue                          # __memmove 24,024,024 -> 19,019,019
    expect_hue ' main' white                      # no self samples: no change
    quit_ok
done

# NO_COLOR: the marks carry the change
fresh
start_size 200 24 "env NO_COLOR=1 $FLAMETUI --base='$A' '$B'"
wait_for '\[\+\+hash_bytes\.constprop\.0 +\]'
wait_for '\[\+msort_with_tmp\.part\.0 +\]'
quit_ok

# b: the base profile's widths (frames that went are drawn, marked --) and back;
# the status numbers of msort_with_tmp.part.0, by hand from the folded files:
#   base 129129129 + 134134134 (its child cmp) = 263263263, new 149149149 + 0 = 149149149,
#   delta -114114114 = -14.30% of the base total 797797797, -20.65% of the new 552552552;
#   its share: 149149149 / 552552552 = 26.99% (new widths), 263263263 / 797797797 = 33.00%
fresh
start_size 200 24 "$FLAMETUI --base='$A' '$B'"
wait_for '^all  552,552,552 samples'
wait_gone '--hash_bytes'
keys / m s o r t Enter
wait_for "/msort match"
keys n
wait_for '^msort_with_tmp\.part\.0  149,149,149 samples \(26\.99%\) self 149,149,149  base 263,263,263 new 149,149,149 delta -114,114,114 \(-14\.30% of base, -20\.65% of new\)'
keys b
wait_for 'base widths'
wait_for ' --hash_bytes'
wait_for ' --work_strings'
wait_for '^msort_with_tmp\.part\.0  263,263,263 samples \(33\.00%\) self 129,129,129  base 263,263,263 new 149,149,149 delta -114,114,114 \(-14\.30% of base, -20\.65% of new\)'
keys b
wait_gone 'base widths'
wait_gone ' --hash_bytes'
wait_for '^msort_with_tmp\.part\.0  149,149,149 samples \(26\.99%\)'
# the root: the whole profiles
keys g
quit_ok

# a live pipe as the new profile: the base is there from the start
fresh
start_size 200 24 "cat '$B' | $FLAMETUI --base='$A'"
wait_for '^all  552,552,552 samples .* base 797,797,797 new 552,552,552 delta -245,245,245'
wait_for '\+\+hash_bytes\.constprop\.0'
quit_ok
# --normalize (reads the pipe to its end first): the base scaled per stack to 552552552
# (the sum of the BASE column of difffolded.pl -n: 552552548)
fresh
start_size 200 24 "cat '$B' | $FLAMETUI --normalize --base='$A'"
wait_for 'vs base prog-O0.folded 552,552,548 samples'
quit_ok
# b without --base says so
fresh
start "$FLAMETUI '$B'"
wait_for '^all  552,552,552 samples'
keys b
wait_for 'not a diff: start with --base=FILE'
quit_ok

# the table: delta columns, the largest increase first; o cycles back to the delta order
fresh
start_size 200 24 "$FLAMETUI --base='$A' '$B'"
wait_for '^all  552,552,552 samples'
keys t
wait_for 'SELF_BASE +SELF_NEW +SELF_DELTA +TOTAL_BASE +TOTAL_NEW +TOTAL_DELTA\* +DELTA%'
wait_for '^ +0 +131,131,131 +\+131,131,131 +0 +131,131,131 +\+131,131,131 +\+16\.44%  hash_bytes\.constprop\.0'
wait_for '^hash_bytes\.constprop\.0  self 131,131,131 .* base self 0 total 0, delta self \+131,131,131 total \+131,131,131'
keys o o o
wait_for 'FUNCTION\*'
keys o
wait_for 'TOTAL_DELTA\*'
quit_ok Q

# the detail pane (d) carries the diff numbers of the selection too
fresh
start_size 120 30 "$FLAMETUI --base='$A' '$B'"
wait_for '^all  '
keys d
wait_for '^ base 797,797,797 new 552,552,552 delta -245,245,245 \(-30\.74% of base, -44\.38% of new\)'
quit_ok Q
