#!/bin/sh
# SPDX-License-Identifier: MIT
# Keep the docs honest: every long option of --help is in the man page and the README,
# and every default key of the action table (src/ui/keymap.h) is in the man page.
. "${top_srcdir:-.}/tests/cli/lib.sh"
man="$top_srcdir/doc/flametui.1"
readme="$top_srcdir/README"
# the man page escapes '-' as '\-'
unescape() { sed 's/\\-/-/g; s/\\f[BIRP]//g' "$1"; }
unescape "$man" > "$tmp/man"
"$FLAMETUI" --help > "$tmp/help" || fail "--help exit status"
for opt in $(grep -oE -- '--[a-z][a-z-]+' "$tmp/help" | sort -u); do
    case "$opt" in --inline|--context) continue ;; esac
    grep -qF -- "$opt" "$tmp/man" && ok || fail "man page lacks $opt"
    grep -qF -- "$opt" "$readme" && ok || fail "README lacks $opt"
done
# keys: X(ID, "k1 k2", "help") lines of ACTION_TABLE
sed -n 's/^ *X([A-Z_]*, *"\([^"]*\)".*/\1/p' "$top_srcdir/src/ui/keymap.h" | tr ' ' '\n' |
    sort -u > "$tmp/keys"
[ -s "$tmp/keys" ] || fail "no keys found in src/ui/keymap.h"
# The key lines of the KEYS section: the ".B" tag of each ".TP" entry, e.g.
# ".B Up, k / Down, j"; split into whole tokens (a key must be one of them, not a letter
# of some word in the descriptions).
sed -n '/^\.SH KEYS/,/^\.SH /p' "$tmp/man" | awk 'prev ~ /^\.TP/ && /^\.B / { print } { prev = $0 }' |
    sed 's/^\.B //' | awk '{ n = split($0, k, /, | \/ /); for (i = 1; i <= n; i++) print k[i] }' |
    sort -u > "$tmp/mankeys"
[ "$(wc -l < "$tmp/mankeys")" -ge 20 ] || fail "fewer than 20 key tokens on the man page's KEYS lines"
while read -r k; do
    case "$k" in
    C-?) k="Ctrl-$(echo "${k#C-}" | tr a-z A-Z)" ;;
    esac
    grep -qxF -- "$k" "$tmp/mankeys" && ok || fail "man page KEYS lacks a line for $k"
done < "$tmp/keys"
# and the other way: every key the man page lists is a key of the table
tr ' ' '\n' < "$tmp/keys" | sed 's/^C-\(.\)$/Ctrl-\1/' | awk '/^Ctrl-/ { print toupper($0); next } { print }' |
    sed 's/^CTRL-/Ctrl-/' | sort -u > "$tmp/tablekeys"
while read -r k; do
    case "$k" in mouse) continue ;; esac
    grep -qxF -- "$k" "$tmp/tablekeys" && ok || fail "man page lists $k, which is no key of src/ui/keymap.h"
done < "$tmp/mankeys"
finish
