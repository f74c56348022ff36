#!/bin/sh
# SPDX-License-Identifier: MIT
# flametui - e2e: names with combining marks are shown as text (e + U+0301 is "é" in one
# cell), while control bytes and invalid UTF-8 in the same profile stay escaped.
. "$top_srcdir/tests/e2e/lib.sh"
printf 'main;cafe\314\201_latte 6\nmain;bad\033[2J\377 4\n' > "$tmp/u.folded"
start "LC_ALL=C.UTF-8 TERM=xterm-256color $FLAMETUI '$tmp/u.folded'"
wait_for "$(printf 'cafe\314\201_latte')"      # e + U+0301 as text (polls: loading)
wait_for 'bad\\x1b\[2J\\xff'
quit_ok
