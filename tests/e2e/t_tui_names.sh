#!/bin/sh
# SPDX-License-Identifier: MIT
# flametui - e2e: readable names and numbers: short C++ names in
# the labels and the status line, L for the full names, d for the detail pane with the
# whole name; the status line at 40, 80 and 200 columns ends with whole numbers; perf
# input with two events: samples and seconds in the title, e switches the event (a file
# is read again; a pipe cannot be).
. "$top_srcdir/tests/e2e/lib.sh"
f="$data/names-cpp.folded"
ev="$data/perf-events.perf"
[ -r "$f" ] && [ -r "$ev" ] || skip_all "test data missing"

# short names in the labels and the status line; L: full names; d: the whole name
start_size 120 24 "$FLAMETUI" "$f"
wait_for ' std::_Rb_tree<…>::_M_lower_bound  '
keys / '_M_dfs$' Enter
wait_for '/_M_dfs\$ match'
keys n
wait_for '^std::__detail::_Executor<…>::_M_dfs  [0-9,]+ samples'
keys L
wait_for '^full names \(L: short\)'
wait_for ' std::_Rb_tree<std::__cxx11::basic_string<char'
keys Up
wait_for '^std::__detail::_Executor<__gnu_cxx::__normal_iterator<char const\*,.*\.\.  [0-9,]+ samples'
keys Down
keys L
wait_for '^short names \(L: full\)'
keys d                                             # the whole name, wrapped at 118 columns:
wait_for '^ std::__detail::_Executor<__gnu_cxx::__normal_iterator<char const\*, std::'
wait_for '^ .*true>::_M_dfs *$'                  # its end, wrapped after a ','
wait_for 'total [0-9,]+ samples  [0-9.]+% of all  [0-9.]+% of parent  self'
keys d
wait_gone 'of parent'
quit_ok

# the status line at three widths: the numbers at its end are whole
for w in 40 80 200; do
    fresh
    start_size "$w" 12 "$FLAMETUI" "$f"
    wait_for '^all  '
    keys / '_M_dfs$' Enter
    wait_for '/_M_dfs\$ .*[0-9]%'
    keys n
    case $w in
    40) wait_for '^…[^ ]*_M_dfs  [0-9.]+% /_M_dfs\$ [0-9.]+%$'
        wait_for '^flametui: names-cpp.folded  flame  '  # the numbers left out, not cut
        ;;
    80) wait_for '^flametui: names-cpp.folded  12,000,000 samples  flame  '
        wait_for '^…[^ ]*_M_dfs  [0-9,]+ samples \([0-9.]+%\) self [0-9,]+ +/_M_dfs\$ match [0-9]+/[0-9]+, [0-9.]+%$' ;;
    200) wait_for '^std::__detail::_Executor<…>::_M_dfs  [0-9,]+ samples \([0-9.]+%\) self [0-9,]+  +/_M_dfs\$ match [0-9]+/[0-9]+, [0-9.]+%$' ;;
    esac
    quit_ok
done

# perf input with two events: the title counts samples and seconds, e switches
fresh
start_size 120 24 "$FLAMETUI" "$ev"
wait_for 'perf-events.perf  150 samples, 750 ms  cpu-clock \(1 other event: 150 samples, e shows\)'
keys e
wait_for '^event task-clock \(e: the next one\)'
wait_for 'perf-events.perf  150 samples, 750 ms  task-clock \(1 other event: 150 samples'
keys e
wait_for '^event cpu-clock \(e: the next one\)'
wait_for '  cpu-clock \(1 other event'
keys k
wait_for '^two  750 ms \(100.00%\) self 0'
quit_ok

# a pipe cannot be read again
fresh
start_size 120 24 "cat '$ev' | $FLAMETUI -"
wait_for 'stdin  150 samples, 750 ms  cpu-clock'
keys e
wait_for '^stdin cannot be read again: restart with --event-filter=task-clock'
quit_ok
