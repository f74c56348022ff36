#!/bin/sh
# SPDX-License-Identifier: MIT
# flametui - e2e: search while typing, n/N, filters and undo, reverse, callers/callees,
# the hottest-functions table, -s and --include from the command line.
. "$top_srcdir/tests/e2e/lib.sh"
start "$FLAMETUI" "$data/tui-basic.folded"
wait_for '^all  100 samples'
keys /
wait_for '^/$'
keys b e t                                 # highlights while typing: '*' marks matches
wait_for '\*beta'
keys Enter
wait_for '/bet match 20\.0%'
keys n
wait_for '^beta  20 samples'
keys n                                     # beta_leaf also matches
wait_for '^beta_leaf  20 samples'
keys N
wait_for '^beta  20 samples'
keys f
wait_for '^include:'
keys a l p h a Enter
wait_for 'include:alpha \(40\.0%\)'
wait_gone 'delta'
keys F
wait_for '^exclude:'
keys BSpace                                # Backspace in an empty prompt leaves it
wait_gone '^exclude:'
keys U                                     # U drops the last filter
wait_for 'last filter removed'
wait_for 'delta'
keys H '^main$' Enter
wait_for 'hide:\^main\$'
expect_line 22 'alpha .*beta .*gamma .*other' "hidden main still drawn"
keys c
wait_for 'filters cleared'
keys r
wait_for 'reverse'
# reversed: the leaves sit on the root (the bottom row), their callers above them
wait_for '^ alpha_leaf +alph\.\. +\*?beta_leaf +delta +gamma$'
expect_line 22 '^ alpha_leaf +alph\.\. +\*?beta_leaf +delta +gamma$' "reverse: the leaves are not on the root"
expect_line 21 '^ alpha +alpha +\*?beta +other +main$' "reverse: the callers of the leaves"
keys r
wait_gone 'reverse'
expect_line 22 '^ main +other$' "not reversed again"
keys / Enter                               # an empty search clears it
wait_gone 'match'
keys j j j j k                             # down to the root, up to main
wait_for '^main  75 samples'
keys s
wait_for 'callees of main'
# the sandwich of main: no caller, main in the middle, its callees below
expect_line 3 '^ +no callers$' "sandwich of main: no caller"
expect_line 4 '^ +75\.00% +0\.00% +75  (==|══) main ' "sandwich of main: main below it"
expect_line 5 '^ +40\.00% +0\.00% +40  (\+|▸) alpha$' "sandwich of main: its callees"
screen | grep -q -e other -e delta && fail "sandwich of main: other/delta shown" || ok
keys s
wait_gone 'callees of'
wait_for '^main  75 samples'
keys t
wait_for 'SELF%'
wait_for 'alpha_leaf'
keys s                                     # find the hottest function in the graph
wait_for '^alpha_leaf  30 samples'
wait_gone 'SELF%'
keys t
wait_for 'SELF%'
keys Enter                                 # its callers and callees
wait_for 'callees of alpha_leaf'
wait_gone 'hottest functions'
expect_line 3 '^ +30\.00% +30  (\+|▸) alpha$' "sandwich of alpha_leaf: alpha calls it"
expect_line 4 '(==|══) alpha_leaf ' "sandwich of alpha_leaf: a leaf, nothing below"
expect_line 5 '^ +no callees$' "sandwich of alpha_leaf: a leaf has no callees"
keys Up Right
wait_for '(`-|└─)   main$'
keys q                                     # back to the table it came from
wait_for 'hottest functions'
keys Enter
wait_for 'callees of alpha_leaf'
quit_ok Q                                  # Q quits from the callers view too

# Start-up state from the command line.
fresh
start "$FLAMETUI" -i -s gamma --include main "$data/tui-basic.folded"
wait_for 'icicle  include:main \(75\.0%\)'
wait_for '/gamma match 20\.0%'
expect_line 2 '^ all' "-i: the root is not on top"
quit_ok
