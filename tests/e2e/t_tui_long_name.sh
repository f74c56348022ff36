#!/bin/sh
# SPDX-License-Identifier: MIT
# flametui - e2e: a function name of 40 KB (too large for a PCRE2 pattern): the table's s
# and # still find and highlight exactly its frames.
. "$top_srcdir/tests/e2e/lib.sh"
{ printf 'main;'; head -c 40000 /dev/zero | tr '\000' n; printf ' 5\nmain;other 3\nmain;nn 2\n'; } \
    > "$tmp/long.folded"
start "$FLAMETUI '$tmp/long.folded'"
wait_for '10 samples'
keys t
wait_for 'hottest functions'
keys s                       # the first row: the long name (5 samples)
wait_for '50\.0%$'
expect_line 24 '^n+\.\. +5 samples \(50\.00%\)' "s selects the long name's frame"
keys Escape
wait_gone '50\.0%$'
keys '#'
wait_for '# 1 frame of this function: 50\.0% of all samples'
quit_ok
