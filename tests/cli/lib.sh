# SPDX-License-Identifier: MIT
# Sourced by tests/cli/t_*.sh: helpers for running the real binary without a terminal.
[ -x "$FLAMETUI" ] || { echo "FAIL: FLAMETUI='$FLAMETUI' is not executable"; exit 1; }
tmp=$(mktemp -d) || exit 99
XDG_STATE_HOME="$tmp/state"; export XDG_STATE_HOME   # the prompt history: not the user's
trap 'rm -rf "$tmp"' EXIT
# One result per check: ok, fail, or skip (printed with its reason and counted).
npass=0; nfail=0; nskip=0
ok()   { npass=$((npass+1)); }
fail() { nfail=$((nfail+1)); echo "FAIL: $*"; }
skip() { nskip=$((nskip+1)); echo "SKIP: $*"; }
# expect_eq NAME WANT GOT
expect_eq() { if [ "$2" = "$3" ]; then ok; else fail "$1: want [$2] got [$3]"; fi; }
# run CMD...: sets $rc, $out (stdout) and $err (stderr)
run() { "$@" > "$tmp/out" 2> "$tmp/err"; rc=$?; out=$(cat "$tmp/out"); err=$(cat "$tmp/err"); }
finish() {
    echo "$npass passed, $nfail failed, $nskip skipped"
    [ $nfail -eq 0 ] && [ $npass -gt 0 ]
}
