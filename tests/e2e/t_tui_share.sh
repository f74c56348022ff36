#!/bin/sh
# SPDX-License-Identifier: MIT
# flametui - e2e, share: y and Y send exactly one OSC 52 sequence each, with
# the base64 of the full name / the stack, and nothing without a key (read from a pty
# log: script(1)); a terminal without OSC 52 gets a status message instead; --no-mouse
# asks for no mouse mode; TERM=tmux-256color gets SGR mouse reports (columns past 223);
# the prompt history survives a restart and an unwritable state directory is no error.
. "$top_srcdir/tests/e2e/lib.sh"
command -v script >/dev/null 2>&1 || skip_all "script(1) not installed"
command -v base64 >/dev/null 2>&1 || skip_all "base64 not installed"
name='std::vector<int>::push_back(int const&) [clone .isra.0]'
printf 'main;%s 5\nmain;other 3\n' "$name" > "$tmp/in.folded"
# the pty log, one escape sequence a line: OSC 52 sequences, and is SEQ one of them?
seqs() { tr '\033\007' '\n\n' < "$1"; }
count52() { seqs "$1" 2>/dev/null | grep -c '^]52;' || true; }
holds() { seqs "$1" | grep -qxF "]52;c;$(printf '%s' "$2" | base64 -w0)"; }

# 1. y then Y: exactly one sequence each, the full name (not the cut label), the stack
start_size 60 12 "script -q -f $tmp/log -c \"$FLAMETUI --names=full --select='main;$name' $tmp/in.folded\""
wait_for '^std::vector'
sleep 0.3
[ "$(count52 "$tmp/log")" = 0 ] && ok || fail "an OSC 52 sequence before any key"
keys y
wait_for 'copied'
i=0; while [ "$(count52 "$tmp/log")" = 0 ] && [ $i -lt 50 ]; do sleep 0.1; i=$((i + 1)); done
[ "$(count52 "$tmp/log")" = 1 ] && ok || fail "y: $(count52 "$tmp/log") OSC 52 sequences, want 1"
holds "$tmp/log" "$name" && ok || fail "y: not the base64 of the full name"
keys Y
i=0; while [ "$(count52 "$tmp/log")" = 1 ] && [ $i -lt 50 ]; do sleep 0.1; i=$((i + 1)); done
[ "$(count52 "$tmp/log")" = 2 ] && ok || fail "Y: $(count52 "$tmp/log") OSC 52 sequences, want 2"
holds "$tmp/log" "main
$name
" && ok || fail "Y: not the base64 of the stack"
quit_ok

# 2. a terminal without OSC 52 (vt100, outside tmux): a message, no sequence
fresh
start "TMUX= TERM=vt100 script -q -f $tmp/log2 -c \"$FLAMETUI --names=full --select='main;other' $tmp/in.folded\""
wait_for '^other'
keys y
wait_for 'not copied'
[ "$(count52 "$tmp/log2")" = 0 ] && ok || fail "vt100: an OSC 52 sequence"
quit_ok

# 3. --no-mouse: no mouse mode at all (tmux's view and the bytes); without it, there is
esc=$(printf '\033')
fresh
start "script -q -f $tmp/log3 -c \"$FLAMETUI --no-mouse $tmp/in.folded\""
wait_for '^all'
wait_modes ' 0000$' "--no-mouse"
grep -q "$esc\[?100[0-6]" "$tmp/log3" && fail "--no-mouse: a mouse mode was asked for" || ok
quit_ok
fresh
start "script -q -f $tmp/log4 -c \"$FLAMETUI $tmp/in.folded\""
wait_for '^all'
wait_modes '1$' "mouse on: SGR"
grep -q "$esc\[?1000h" "$tmp/log4" && ok || fail "without --no-mouse: no mouse mode asked for"
quit_ok

# 4. TERM=tmux-256color (ncurses knows only X10 there): SGR reports are asked for and
#    read, so a click at column 250 of a 300-column terminal selects the frame there
if infocmp tmux-256color >/dev/null 2>&1; then
    fresh
    printf 'main;left 1\nmain;right 1\n' > "$tmp/lr.folded"
    start_size 300 12 "TERM=tmux-256color $FLAMETUI $tmp/lr.folded"
    wait_for '^all  2 samples'
    wait_for ' right$'
    wait_modes '1$' "tmux-256color: SGR mouse"
    row=$(screen | grep -n ' right' | cut -d: -f1)
    keys -l "$(printf '\033[<0;251;%sM\033[<0;251;%sm' "$row" "$row")"
    wait_for '^right  1 sample\b'
    quit_ok
else
    skip "no tmux-256color terminfo entry"
fi

# 5. the prompt history survives a restart; Up recalls it
fresh
start "$FLAMETUI $tmp/in.folded"
wait_for '^all'
keys /; keys -l 'oth.r'; keys Enter
wait_for '/oth.r'
quit_ok
grep -qx 'oth.r' "$XDG_STATE_HOME/flametui/history" && ok || fail "history file lacks the search"
fresh
start "$FLAMETUI $tmp/in.folded"
wait_for '^all'
keys f; keys Up
wait_for '^include: oth.r'
keys Escape
quit_ok

# 6. an unwritable state directory: the viewer starts and searches all the same
fresh
: > "$tmp/notadir"
start "XDG_STATE_HOME=$tmp/notadir $FLAMETUI $tmp/in.folded"
wait_for '^all'
keys /; keys -l 'other'; keys Enter
wait_for '/other'
quit_ok
