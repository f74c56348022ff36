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
# run_t SECONDS ARGS...: flametui under timeout; sets $rc, $tmp/out, $tmp/err and $err (its
# first 3000 bytes); PATH is $RUN_PATH while it runs, when that is set
TIMEOUT=$(command -v timeout)
run_t() {
    s=$1; shift
    PATH="${RUN_PATH:-$PATH}" "$TIMEOUT" "$s" "$FLAMETUI" "$@" > "$tmp/out" 2> "$tmp/err"; rc=$?
    err=$(head -c 3000 "$tmp/err")
}
expect_rc() {   # NAME RC [STDERR-PATTERN (grep -E)]: after run or run_t
    if [ "$rc" != "$2" ]; then fail "$1: exit $rc, want $2 ($err)"; return; fi
    if [ -n "${3:-}" ] && ! grep -E -q -- "$3" "$tmp/err"; then
        fail "$1: stderr [$err] does not match [$3]"; return
    fi
    ok
}
out_is() { expect_eq "$1" "$2" "$(cat "$tmp/out")"; }   # NAME WANT: stdout is WANT
