# SPDX-License-Identifier: MIT
# Sourced by tests/compat/*.sh that read ../shared/corpus (or $FLAMETUI_CORPUS, which
# quickstart sets for distcheck's unpacked copy): the whole script is skipped, saying why,
# without it. The protocol is tests/lib.sh's (TAP).
. "${top_srcdir:-.}/tests/lib.sh"
corpus="${FLAMETUI_CORPUS:-${top_srcdir:-.}/../shared/corpus}"
[ -d "$corpus" ] || skip_all "$corpus not found (the shared corpus sits beside the repository)"
[ -x "$FLAMETUI" ] || { fail "FLAMETUI='$FLAMETUI' is not executable"; exit 1; }
tmp=$(mktemp -d) || exit 99
tap_cleanup='rm -rf "$tmp"'
