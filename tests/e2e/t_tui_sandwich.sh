#!/bin/sh
# SPDX-License-Identifier: MIT
# flametui - e2e: the sandwich (s): the callers of the selected function above it, its
# callees below, on one screen; the middle row has the function's own total and self over
# the whole profile (as the table, also for a recursive function); Enter re-centres; q
# goes back to the screen it came from (the table too). The halves are two panes sized
# by their row counts, each scrolling on its own around the fixed middle row; Tab jumps
# between them.
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

# 30 callers and 3 callees: the callers' pane is the taller (17 of the 20 lines, the
# callees' 3); the middle row on line 20; moving down through the callers scrolls only
# the callers' pane, the middle row and the callees stay where they are
fresh
i=0
while [ $i -lt 30 ]; do
    printf 'c%02d;f;%s %d\n' $i "$(echo x y z | cut -d' ' -f$((i % 3 + 1)))" $((100 - i))
    i=$((i + 1))
done > "$tmp/many.folded"
start "LC_ALL=C $FLAMETUI --select='c00;f' $tmp/many.folded"
wait_for '^f  '
keys s
wait_for 'callers/callees of f'
expect_line 3 '   c00$' "the heaviest caller on the pane's first line"
expect_line 19 '   c16$' "the callers' pane: 17 lines"
expect_line 20 '== f ' "the middle row below the callers' pane"
expect_line 21 '    x$' "the callees' pane below it"
expect_line 23 '    z$' "the callees' pane: its 3 rows"
# the wheel over the callers' pane scrolls it by three rows, nothing else moves
keys -l "$(printf '\033[Ma!&')"            # wheel down (button 5) on line 6
i=0   # c03 was on screen before: wait for it on the pane's first line
while [ $i -lt 100 ] && ! line 3 | grep -q '   c03$'; do sleep 0.1; i=$((i + 1)); done
expect_line 3 '   c03$' "the wheel scrolled the callers' pane"
expect_line 20 '== f ' "the middle row on the same line after the wheel"
expect_line 21 '    x$' "the callees' pane not scrolled by the wheel"
keys Up                                    # into the callers: the last one
wait_for '^c29  '
keys -l "$(printf '\033[M`!&')"            # wheel up: the selection stays in view
wait_for '^c26  '
keys g
wait_for '^c00  '
keys Down Down Down Down Down Down Down Down Down Down Down Down Down Down Down Down Down Down Down Down
wait_for '^c20  '
expect_line 3 '   c04$' "the callers' pane scrolled"
expect_line 19 '   c20$' "the selection on the pane's last line"
expect_line 20 '== f ' "the middle row on the same line"
expect_line 21 '    x$' "the callees' pane not scrolled"
# Tab: the callees' pane; Tab again: back to c20
keys Tab
wait_for '^x  '
keys Tab
wait_for '^c20  '
expect_line 20 '== f ' "the middle row on the same line after Tab"
# Up from the top of the callees' pane crosses the middle row: End, then Up Up Up Up: c29
keys End Up Up Up Up
wait_for '^c29  '
expect_line 19 '   c29$' "the callers' pane scrolled to its last row"
expect_line 20 '== f ' "the middle row still on line 20"
quit_ok Q

# a function with no callers: its pane says so
fresh
printf 'main;a 3\nmain;b 2\n' > "$tmp/top.folded"
start "LC_ALL=C $FLAMETUI --select=main $tmp/top.folded"   # no search racing the next key
wait_for '^main  '
keys s
wait_for 'callers/callees of main'
expect_line 3 '^ +no callers$' "an empty callers' pane says so"
expect_line 4 '== main ' "the middle row below it"
expect_line 5 '    a$' "the callees below"
quit_ok Q
