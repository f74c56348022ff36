#!/bin/sh
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
sed -n '/^\.SH KEYS/,/^\.SH /p' "$tmp/man" > "$tmp/mankeys"
while read -r k; do
    case "$k" in
    C-?) k="Ctrl-$(echo "${k#C-}" | tr a-z A-Z)" ;;
    esac
    grep -qF -- "$k" "$tmp/mankeys" && ok || fail "man page KEYS lacks $k"
done < "$tmp/keys"
finish
