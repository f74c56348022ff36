# SPDX-License-Identifier: MIT
# Sourced by tests/compat/*.sh: locate ../shared/corpus (or $FLAMETUI_CORPUS, which
# quickstart sets for distcheck's unpacked copy) or skip (exit 77) saying why.
corpus="${FLAMETUI_CORPUS:-${top_srcdir:-.}/../shared/corpus}"
if [ ! -d "$corpus" ]; then
    echo "SKIP: $corpus not found (the shared corpus sits beside the repository)"
    exit 77
fi
[ -x "$FLAMETUI" ] || { echo "FAIL: FLAMETUI='$FLAMETUI' is not executable"; exit 1; }
tmp=$(mktemp -d) || exit 99
trap 'rm -rf "$tmp"' EXIT
