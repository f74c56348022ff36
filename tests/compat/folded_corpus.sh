#!/bin/sh
# SPDX-License-Identifier: MIT
# Every folded file of the shared corpus: `flametui --collapse FILE` must equal merging the
# file by hand (awk: the same line rules, summed, sorted by stack in byte order), and two
# files given together must equal both merged.
. "${top_srcdir:-.}/tests/compat/lib.sh"

# Reference merge: last whitespace separates the count; a differential line keeps the
# second count; trailing ';' dropped; blank and '#' lines ignored; bad lines skipped.
merge() {
    LC_ALL=C awk '
    { sub(/\r$/, "") }
    /^[ \t]*$/ || /^[ \t]*#/ { next }
    {
        if (!match($0, /[ \t\f\v][0-9]+(\.[0-9]*)?$/)) next
        stack = substr($0, 1, RSTART - 1); n = substr($0, RSTART + 1)
        if (match(stack, /[ \t\f\v][0-9]+(\.[0-9]*)?$/)) stack = substr(stack, 1, RSTART - 1)
        sub(/;+$/, "", stack)
        if (stack == "") next
        sum[stack] += n
    }
    END { for (s in sum) printf "%s\001%.15g\n", s, sum[s] }' "$@" |
    LC_ALL=C sort -t "$(printf '\001')" -k1,1 | tr '\001' ' '
}

for f in "$corpus"/folded/*.txt; do
    name=$(basename "$f")
    merge "$f" > "$tmp/want"
    # nothing to merge (empty.txt): exit 1, "no samples found"
    if [ ! -s "$tmp/want" ]; then
        "$FLAMETUI" --collapse "$f" > "$tmp/got" 2> "$tmp/err"; frc=$?
        if [ $frc -eq 1 ] && [ ! -s "$tmp/got" ] && grep -q 'no samples found' "$tmp/err"; then
            ok "$name"; else fail "$name: exit $frc"; fi
        continue
    fi
    "$FLAMETUI" --collapse "$f" > "$tmp/got" 2> "$tmp/err" || { fail "$name: exit $?"; cat "$tmp/err"; continue; }
    if cmp -s "$tmp/want" "$tmp/got"; then ok "$name"; else
        fail "$name differs from the hand merge"; diff "$tmp/want" "$tmp/got" | head -5; fi
done
# several files are merged into one profile
a="$corpus/folded/perf-vertx-stacks-01-collapsed-all-unsorted-1.txt"
b="$corpus/folded/perf-vertx-stacks-01-collapsed-all-unsorted-2.txt"
merge "$a" "$b" > "$tmp/want"
"$FLAMETUI" --collapse "$a" "$b" > "$tmp/got"
if cmp -s "$tmp/want" "$tmp/got"; then ok "merging two files"; else fail "merging two files"; fi
# and the merge of the halves equals the whole
"$FLAMETUI" --collapse "$corpus/folded/perf-vertx-stacks-01-collapsed-all-unsorted.txt" > "$tmp/whole"
if cmp -s "$tmp/whole" "$tmp/got"; then ok "halves merged = whole"; else fail "halves merged != whole"; fi
[ $tap_n -ge 20 ] || fail "only $tap_n checks: the corpus has fewer folded files than it did"
finish
