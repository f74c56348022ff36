#!/bin/sh
# SPDX-License-Identifier: MIT
# flametui - e2e, live input whose producer writes on the terminal (perf's "lost chunks"
# warnings on the tty's stderr): the viewer paints over it within a second or two while
# live, so the screen is never left broken.
. "$top_srcdir/tests/e2e/lib.sh"
in="$data/tui-basic.folded"
start "(cat $in; sleep 1; printf '\\033[5;10HFOREIGN-WRITE-XYZ\\n' >&2; touch $tmp/wrote; while :; do echo 'main;zz 1'; sleep 0.2; done) | $FLAMETUI -"
wait_for 'LIVE'
i=0; while [ ! -e "$tmp/wrote" ] && [ $i -lt 100 ]; do sleep 0.1; i=$((i + 1)); done
[ -e "$tmp/wrote" ] && ok "the producer wrote on the terminal" || fail "the producer did not write"
wait_gone 'FOREIGN-WRITE-XYZ'     # ... and the viewer painted over it
quit_ok
