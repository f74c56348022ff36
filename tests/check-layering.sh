#!/bin/sh
# The model never sees curses, and only regex.c sees PCRE2 (STYLE.md section 1).
src="${top_srcdir:-.}/src"
fail=0
for f in "$src"/*.c "$src"/*.h; do
    b=$(basename "$f")
    case "$b" in
    tui*) ;;
    *) if grep -nE '#include *<(n?curses|ncursesw/|term\.h)' "$f"; then
           echo "FAIL: $b includes curses (only src/tui*.c may)"; fail=1; fi ;;
    esac
    case "$b" in
    regex.c) ;;
    *) if grep -n '#include *<pcre2.h>' "$f"; then
           echo "FAIL: $b includes pcre2.h (only src/regex.c may)"; fail=1; fi ;;
    esac
done
n=$(ls "$src"/*.c | wc -l)
[ "$n" -gt 5 ] || { echo "FAIL: no sources found under $src"; exit 1; }
[ $fail -eq 0 ] && echo "layering ok ($n source files)"
exit $fail
