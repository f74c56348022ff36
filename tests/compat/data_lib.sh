# SPDX-License-Identifier: MIT
# Sourced by tests/compat/*.sh that compare with files under tests/ (no corpus needed):
# the protocol (ok, fail, finish: TAP) is tests/lib.sh's; $tmp, removed at the end.
. "${top_srcdir:-.}/tests/lib.sh"
[ -x "$FLAMETUI" ] || { fail "FLAMETUI='$FLAMETUI' is not executable"; exit 1; }
tmp=$(mktemp -d) || exit 99
tap_cleanup='rm -rf "$tmp"'
check_file() { # NAME EXPECTED: $tmp/out == the file EXPECTED (the first differences shown)
    if cmp -s "$2" "$tmp/out"; then ok "$1"; else
        fail "$1"; diff "$2" "$tmp/out" | head -10; fi
}
