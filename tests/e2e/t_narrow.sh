#!/bin/sh
# SPDX-License-Identifier: MIT
# flametui - e2e: narrow screens. The table at 40 columns keeps the function name (the
# TOTAL columns go first) and the end of a long name; the help at 80 columns wraps its
# long lines instead of cutting them.
. "$top_srcdir/tests/e2e/lib.sh"
printf 'main;alpha;std::__detail::_Executor<char>::_M_dfs 30\nmain;beta_function_name 20\n' \
    > "$tmp/t.folded"
start_size 40 12 "TERM=xterm-256color $FLAMETUI '$tmp/t.folded'"
wait_for '^all '
keys t
wait_for 'SELF%'
expect_line 2 'SELF\* +SELF% +FUNCTION' "40 columns: the header keeps FUNCTION"
wait_for '^ +20 +40\.00% +beta_function_name$'
wait_for '^ +30 +60\.00% +.*::_M_dfs$'
screen | grep -q 'TOTAL' && fail "40 columns: the TOTAL columns should have gone first"
ok "40 columns: no TOTAL column"
quit_ok Q

fresh
start_size 80 50 "TERM=xterm-256color $FLAMETUI '$tmp/t.folded'"
wait_for '^all '
keys '?'
wait_for 'Zoom into the selected frame'
wait_for '^ +chart: its time; tree: expand\) *$'                 # the end of the Enter line, wrapped
quit_ok Q
finish
