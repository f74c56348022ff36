#!/bin/sh
# SPDX-License-Identifier: MIT
# flametui - e2e: the call tree screen (v). It opens on the heaviest root with its
# percentage; Right / Enter / Left expand and collapse, + - all, * the heaviest path;
# the selection is the graph's (v back and forth lands on the same frame); / expands to
# the matches; r shows the bottom-up tree; filters apply.
. "$top_srcdir/tests/e2e/lib.sh"

start "LC_ALL=C.UTF-8 $FLAMETUI $data/tui-basic.folded"
wait_for '^all  100 samples'
keys v
wait_for 'call tree'
expect_line 2 '^  TOTAL%    SELF%        TOTAL  FUNCTION' "the tree's header"
expect_line 3 '^  75\.00%    0\.00%           75  ▸ main$' "the heaviest root first, collapsed"
expect_line 4 '^  25\.00%    0\.00%           25  ▸ other$' "the other root"
wait_for '^main  75 samples \(75\.00%\) self 0'
# Right expands; Down selects alpha; Enter expands it
keys Right
wait_for '▾ main$'
keys Down Enter
wait_for '│  ├─   alpha_leaf$'
expect_line 4 '^  40\.00%    0\.00%           40  ├─ ▾ alpha$' "alpha expanded"
expect_line 5 '^  30\.00%   30\.00%           30  │  ├─   alpha_leaf$' "alpha_leaf under it"
wait_for '^alpha  40 samples \(40\.00%\) self 0'
# Left collapses alpha, Left again goes to its parent
keys Left
wait_gone 'alpha_leaf'
keys Left
wait_for '^main  75 samples'
# the selection is the graph's: v back in the graph, v again in the tree
keys Down v
wait_for '^flametui: .*  flame  \? help$'
wait_for '^alpha  40 samples'
keys F o t h e r Enter                     # a rebuild keeps the selection (its path)
wait_for '^alpha  40 samples \(53\.33%\)'
keys U
wait_for 'last filter removed'
keys v
wait_for 'call tree'
expect_line 4 '^  40\.00%    0\.00%           40  ├─ ▸ alpha$' "v again: alpha still there"
wait_for '^alpha  40 samples'
# + expands everything, - collapses everything
keys +
wait_for '└─   delta$'
keys -
wait_gone 'alpha'
# * the heaviest path from the selection (main, the first row after -)
keys g '*'
wait_for '^alpha_leaf  30 samples'
ok
# / expands to the match and selects it
keys - / d e l t a Enter
wait_for '└─   delta$'
wait_for '^delta  25 samples'
# r: the bottom-up tree, the functions by self time at the roots
keys r
wait_for 'call tree \(bottom-up\)'
expect_line 2 '^   SELF%         SELF  FUNCTION \(its callers below it\)' "bottom-up header"
expect_line 3 '^  30\.00%           30  ▸ alpha_leaf$' "the most self time first"
keys r
wait_gone 'bottom-up'
# a filter applies to the tree
keys F
keys o t h e r Enter
wait_gone '▸ other$'
expect_line 3 '^ 100\.00%    0\.00%           75  ' "exclude: main is all"
quit_ok Q

# ASCII guides where the locale is not UTF-8
fresh
start "LC_ALL=C $FLAMETUI $data/tui-basic.folded"
wait_for '^all  100 samples'
keys v +
wait_for '`-   gamma$'
wait_for '\|  \|-   alpha_leaf$'
quit_ok Q
