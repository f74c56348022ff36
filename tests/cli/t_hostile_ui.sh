#!/bin/sh
# SPDX-License-Identifier: MIT
# flametui - hostile cases of the interface without a terminal: COLUMNS is clamped like --cols
# and --text streams (bounded memory), a catastrophic --search or filter exits 2 with
# "pattern too expensive" at once, and 65 filters say "at most 64 filters" (the terminal
# items are in tests/e2e/t_tui_hostile.sh). POSIX sh; each case a few seconds.
. "${top_srcdir:-.}/tests/cli/lib.sh"
F="$FLAMETUI"
data="${top_srcdir:-.}/tests/data"
# peak RSS in KB of a run (GNU time), or empty when /usr/bin/time is missing
rss() {
    [ -x /usr/bin/time ] || return 0
    /usr/bin/time -f '%M' -o "$tmp/rss" "$@" > /dev/null 2> /dev/null
    tail -n 1 "$tmp/rss"
}

# 1. COLUMNS=999999999: as wide as --cols allows at most, quickly
(COLUMNS=999999999 timeout 20 "$F" --text "$data/tui-basic.folded" 2> "$tmp/err"
 echo $? > "$tmp/rc") | head -c 20000000 > "$tmp/out"   # a broken build prints GBs
rc=$(cat "$tmp/rc")
w=$(awk '{ if (length($0) > m) m = length($0) } END { print m + 0 }' "$tmp/out")
if [ $rc -eq 0 ] && [ "$w" -le 100000 ] && [ "$w" -gt 80 ]; then ok
else fail "COLUMNS=999999999: exit $rc, widest line $w: $(head -c 300 "$tmp/err")"; fi

# 2. --text --cols 100000 on a profile 3000 deep (300 MB of text): streamed
awk 'BEGIN { for (i = 0; i < 3000; i++) printf "%sf%d", i ? ";" : "", i; print " 1" }' \
    > "$tmp/deep.folded"
kb=$(rss timeout 60 "$F" --text --cols 100000 "$tmp/deep.folded")
if [ -z "$kb" ]; then skip "--cols 100000: no /usr/bin/time"
elif [ "$kb" -lt 120000 ]; then ok
else fail "--text --cols 100000 on 3000 rows: peak RSS $kb KB (want < 120000)"; fi
timeout 60 "$F" --text --cols 100000 "$tmp/deep.folded" | tail -n 1 > "$tmp/out"
expect_eq "--cols 100000: last row" "100000 [all" \
    "$(awk '{ print length($0), substr($0, 1, 4) }' "$tmp/out")"

# 3. catastrophic regexes: exit 2 "pattern too expensive", within 5 s
awk 'BEGIN { for (i = 0; i < 20000; i++) printf "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaa%d 1\n", i }' \
    > "$tmp/cat.folded"
for opt in --search --include --exclude; do
    run timeout 5 "$F" --text "$opt=(a+)+\$" "$tmp/cat.folded"
    if [ $rc -eq 2 ] && printf '%s' "$err" | grep -q 'pattern too expensive'; then ok
    else fail "$opt (a+)+\$: exit $rc: $err"; fi
done
run timeout 5 "$F" --text '--search=a+0$' "$tmp/cat.folded"   # a sane one still works
expect_eq "a sane search" 0 "$rc"

# 4. 65 filters: not an "invalid regex"
set --
i=0; while [ $i -lt 65 ]; do set -- "$@" --include=zzz; i=$((i + 1)); done
run timeout 5 "$F" --text "$@" "$data/tui-basic.folded"
if [ $rc -eq 2 ] && printf '%s' "$err" | grep -q 'at most 64 filters' &&
    ! printf '%s' "$err" | grep -q 'invalid regex'; then ok
else fail "65 filters: exit $rc: $err"; fi

finish
