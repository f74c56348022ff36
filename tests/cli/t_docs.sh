#!/bin/sh
# SPDX-License-Identifier: MIT
# Keep the docs honest: every long option of --help is in the man page and the README,
# every default key of the action table (src/ui/keymap.h) is in the man page, and every
# src/**/*.c file is in the README's source map ("Layout of the source": its name, with or
# without .c, under its folder's entry; src/X.c files beside main.c as src/X.c).
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
# --help fits 80 columns
expect_eq "--help: no line longer than 80 columns" "" "$(awk 'length > 80' "$tmp/help")"
# README's Options block: -F, --format once
expect_eq "README: -F, --format described once" 1 "$(grep -c -- '^    -F, --format' "$readme")"
expect_eq "README: License is the last section" License \
    "$(awk '/^---+$/ && prev != "" { h = prev } { prev = $0 } END { print h }' "$readme")"
# the man page parses without warnings: mandoc's lint and man-db's groff run
if command -v mandoc >/dev/null 2>&1; then
    expect_eq "mandoc -Tlint: no message (style included)" "" "$(mandoc -Tlint "$man" 2>&1)"
else
    skip "mandoc not installed: the man page lint"
fi
# every option of OPTIONS is an entry of its own (a .TP before its tag line: without it
# the option runs into the paragraph above, which no lint reports), described once
expect_eq "man page: a .TP before every option" "" "$(sed -n '/^\.SH OPTIONS/,/^\.SH KEYS/p' "$man" |
    awk '/^\.B[IR]? +\\-/ && prev !~ /^\.TP/ { print NR": "$0 } { prev = $0 }')"
expect_eq "man page: -F, --format described once" 1 "$(grep -c -- '\\-\\-format =' "$man")"
# INPUT FORMATS: the supported formats first, "unsupported" is the last entry
expect_eq "man page: unsupported is the last input format" unsupported \
    "$(sed -n '/^\.SH INPUT FORMATS/,/^\.SH /p' "$man" | awk 'prev ~ /^\.TP/ && /^\.B / { t = $2 } { prev = $0 } END { print t }')"
if command -v man >/dev/null 2>&1 && man --version 2>/dev/null | grep -q '^man'; then
    for loc in C C.UTF-8; do
        w=$(LC_ALL=$loc MANWIDTH=80 man --warnings -l "$man" 2>&1 >/dev/null)
        expect_eq "LC_ALL=$loc man --warnings: no warning" "" "$w"
    done
else
    skip "man-db not installed: man --warnings"
fi
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

# The source map names every src/**/*.c file. A file may be listed here while its entry is
# being written (reported as a skip; a listed file that the map names fails, so the list
# only shrinks).
srcmap_missing="
"
sed -n '/^Layout of the source$/,/^The folders are the layers/p' "$readme" > "$tmp/srcmap"
[ -s "$tmp/srcmap" ] || fail "README: no \"Layout of the source\" section"
# srcmap_entry FOLDER: the lines of the map's entry "    src/FOLDER/ ..." up to the next
srcmap_entry() {
    awk -v f="    src/$1/" 'index($0, f) == 1 { on = 1; print; next }
        on && /^    [a-z]/ { on = 0 } on' "$tmp/srcmap" | tr -c 'A-Za-z0-9_.\n' ' '
}
for c in $(cd "$top_srcdir/src" && find . -name '*.c' ! -name '*.pb-c.c' | sed 's|^\./||' | sort); do
    case $c in
    */*) name=${c##*/}; name=${name%.c}
         srcmap_entry "${c%%/*}" | grep -qwE -- "$name(\.c)?" && found=true || found=false ;;
    *) grep -qF -- "src/$c" "$tmp/srcmap" && found=true || found=false ;;
    esac
    case " $(echo $srcmap_missing) " in
    *" $c "*) if $found; then fail "README's source map names $c: drop it from srcmap_missing"
              else skip "README's source map lacks $c (known: srcmap_missing)"; fi ;;
    *) if $found; then ok "README's source map names $c"
       else fail "README's source map lacks src/$c"; fi ;;
    esac
done
finish
