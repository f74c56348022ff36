#!/bin/sh
# SPDX-License-Identifier: MIT
# flametui - e2e, a fault or an abort while the viewer runs leaves the terminal as the
# shell had it: the main screen, no mouse mode, the cursor shown, echo on; then the
# signal's own action (exit 128+N, or a sanitizer's report for SIGSEGV in its build).
. "$top_srcdir/tests/e2e/lib.sh"
flag() { $T display -p -t 0 "#{$1}"; }
for sig in ABRT SEGV BUS; do
    fresh
    start "sh -c 'echo \$\$ > $tmp/pid; exec $FLAMETUI $data/tui-basic.folded'; r=\$?; stty -a > $tmp/stty; (exit \$r)"
    wait_for '^all  100 samples'
    [ "$(flag alternate_on)" = 1 ] && ok "SIG$sig: the viewer is in the alternate screen" ||
        fail "not in the alternate screen: the check cannot fail"
    kill -$sig "$(cat "$tmp/pid")"
    i=0; while [ ! -s "$tmp/rc" ] && [ $i -lt 100 ]; do sleep 0.1; i=$((i + 1)); done
    rc=$(cat "$tmp/rc" 2>/dev/null)
    case $sig in ABRT) want=134 ;; SEGV) want=139 ;; BUS) want=135 ;; esac
    # a sanitizer build reports SEGV and BUS itself and exits 1
    [ "$rc" = "$want" ] || { [ "$sig" != ABRT ] && [ "$rc" = 1 ]; } && ok "SIG$sig: exit $rc" ||
        fail "SIG$sig: exit status '$rc', want $want"
    [ "$(flag alternate_on)" = 0 ] && ok "SIG$sig: the main screen is back" ||
        fail "SIG$sig: still in the alternate screen"
    [ "$(flag mouse_any_flag)$(flag mouse_sgr_flag)$(flag mouse_standard_flag)" = 000 ] &&
        ok "SIG$sig: mouse modes off" || fail "SIG$sig: a mouse mode is still on"
    [ "$(flag cursor_flag)" = 1 ] && ok "SIG$sig: the cursor shows" || fail "SIG$sig: cursor hidden"
    i=0; while [ ! -s "$tmp/stty" ] && [ $i -lt 50 ]; do sleep 0.1; i=$((i + 1)); done
    grep -q ' echo ' "$tmp/stty" && grep -q ' icanon' "$tmp/stty" && ok "SIG$sig: the tty's modes are back" ||
        fail "SIG$sig: tty modes: $(cat "$tmp/stty")"
    rm -f "$tmp"/asan.* "$tmp"/ubsan.* "$tmp/stty"   # the SEGV/BUS reports are expected
done
