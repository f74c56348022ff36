# SPDX-License-Identifier: MIT
# Sourced by tests/cli/t_*.sh: helpers for running the real binary without a terminal.
# The protocol (ok, fail, skip, skip_all, finish: TAP) is tests/lib.sh's.
. "${top_srcdir:-.}/tests/lib.sh"
tmp=$(mktemp -d) || exit 99
XDG_STATE_HOME="$tmp/state"; export XDG_STATE_HOME   # the prompt history: not the user's
tap_cleanup='rm -rf "$tmp"'
[ -x "$FLAMETUI" ] || { fail "FLAMETUI='$FLAMETUI' is not executable"; exit 1; }
# run CMD...: sets $rc, $out (stdout) and $err (stderr)
run() { "$@" > "$tmp/out" 2> "$tmp/err"; rc=$?; out=$(cat "$tmp/out"); err=$(cat "$tmp/err"); }
