#!/bin/sh
# SPDX-License-Identifier: MIT
# flametui - e2e: the detail pane (d). The depth indicator leaves out the rows the pane
# covers (the deepest ones when it sits at the top of a flame graph); a long C++ name
# wraps after "::", '<', ',' or '.', never inside an identifier.
. "$top_srcdir/tests/e2e/lib.sh"
N='std::__detail::_Executor<__gnu_cxx::__normal_iterator<char const*, std::__cxx11::basic_string<char, std::char_traits<char>, std::allocator<char> > >, std::allocator<std::__cxx11::sub_match<__gnu_cxx::__normal_iterator<char const*, std::__cxx11::basic_string<char> > > >, std::__cxx11::regex_traits<char>, true>::_M_dfs'
{
    echo "$N;leaf 10"
    d=main; i=0
    while [ $i -lt 30 ]; do d="$d;f$i"; i=$((i + 1)); done
    echo "$d 5"
} > "$tmp/d.folded"
start "TERM=xterm-256color $FLAMETUI '$tmp/d.folded'"
wait_for 'depth 0-21/31 \(more \^\)'
keys d                                       # the root is selected, low: the pane on top
wait_for 'total 15 samples'
wait_for 'depth 0-19/31 \(more \^\)'         # its 2 rows hide depths 20 and 21
keys d
wait_for 'depth 0-21/31 \(more \^\)'
quit_ok

fresh
start_size 40 24 "TERM=xterm-256color $FLAMETUI '$tmp/d.folded'"
wait_for '^all  15 samples'   # loaded: a k before the records come moves nowhere
keys k d                                     # the long name, its pane on top
wait_for '^ true>::_M_dfs'
# the pane's name lines: from "std::__detail" to "_M_dfs"; each but the last ends at a break
screen | awk '/^ std::__detail/ { on = 1 } on { print } /_M_dfs/ { exit }' > "$tmp/name"
[ "$(wc -l < "$tmp/name")" -ge 5 ] || fail "the name is not wrapped: $(cat "$tmp/name")"
sed '$d' "$tmp/name" | sed 's/ *$//' | grep -v -E '(::|[<,.]|[>*] ?)$' > "$tmp/bad" || :
[ -s "$tmp/bad" ] && fail "lines cut inside an identifier: $(cat "$tmp/bad")"
ok "the name wraps after ::, <, , or ."
tr -d '\n ' < "$tmp/name" > "$tmp/joined"
[ "$(cat "$tmp/joined")" = "$(printf '%s' "$N" | tr -d ' ')" ] || fail "the wrapped name lost characters: $(cat "$tmp/joined")"
ok "nothing of the name is lost"
quit_ok
finish
