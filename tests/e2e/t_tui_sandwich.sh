#!/bin/sh
# SPDX-License-Identifier: MIT
# flametui - e2e: the sandwich (s): the callers of the selected function above it, its
# callees below, on one screen; the middle row has the function's own total and self over
# the whole profile (as the table, also for a recursive function); Enter re-centres; q
# goes back to the screen it came from (the table too).
. "$top_srcdir/tests/e2e/lib.sh"

# a kernel function of a real perf profile: vfs_read, called by ksys_read, calls read_zero
start_size 120 24 "LC_ALL=C.UTF-8 $FLAMETUI $data/perf-kernel.perf"
wait_for '^all  '
keys / '^vfs_read$' Enter n
wait_for '^vfs_read  '
keys s
wait_for 'callers/callees of vfs_read'
expect_line 3 '^  27\.50%  +[0-9.]+ ms  ▸ ksys_read$' "its caller above"
expect_line 4 '^  27\.50%    7\.50%  +[0-9.]+ ms  ══ vfs_read ' "the function in the middle"
expect_line 5 '^  17\.50%   17\.50%  +[0-9.]+ ms    read_zero$' "its callee below"
wait_for '^vfs_read  22\.0 ms \(27\.50%\) self 6\.01 ms \(7\.50%\)'
# Up into the callers, Right: the caller's callers
keys Up Right
wait_for '└─ ▸ do_syscall_64$'
# Enter: ksys_read in the middle
keys Enter
wait_for 'callers/callees of ksys_read'
wait_for '══ ksys_read '
keys q
wait_gone 'callers/callees'
wait_for '^vfs_read  '                     # the graph's selection is where it was
quit_ok Q

# a recursive function: the sandwich's self is the table's; q goes back to the table
fresh
printf 'main;f;f;g 2\nmain;f 3\nmain;f;f 4\n' > "$tmp/rec.folded"
start "LC_ALL=C $FLAMETUI $tmp/rec.folded"
wait_for '^all  '
keys t
wait_for 'hottest functions'
wait_for '^ +7 +77\.78% +9 +100\.00%  f$'
keys Enter
wait_for 'callers/callees of f'
expect_line 4 '^ 100\.00%   77\.78%            9  == f ' "self and total as in the table"
wait_for '^f  9 samples \(100\.00%\) self 7 \(77\.78%\)'
keys q
wait_for 'hottest functions'
wait_for '^ +7 +77\.78% +9 +100\.00%  f$'
quit_ok Q
