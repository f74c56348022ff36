#!/bin/sh
# SPDX-License-Identifier: MIT
# flametui - tests/compat/diff.sh: `flametui --base=A --collapse B` against difffolded.pl.
# The expected outputs in tests/data/diff were made ONCE by difffolded.pl [-n] [-s] on
# real profiles (see tests/data/diff/README), sorted with `LC_ALL=C sort`: no Perl here.
. "${top_srcdir:-.}/tests/compat/data_lib.sh"
d="${top_srcdir:-.}/tests/data/diff"

# check EXPECTED ARG...: flametui --collapse ARG... == tests/data/diff/EXPECTED
check() {
    exp=$1; shift
    if ! "$FLAMETUI" --collapse "$@" > "$tmp/out" 2> "$tmp/err"; then
        fail "$exp: exit status ($(cat "$tmp/err")): $*"
    elif ! cmp -s "$d/$exp" "$tmp/out"; then
        fail "$exp: $*"; diff "$d/$exp" "$tmp/out" | head -20
    else
        ok
    fi
}
for f in "" n s ns; do
    opts=
    case $f in *n*) opts="$opts --normalize";; esac
    case $f in *s*) opts="$opts --strip-hex";; esac
    x=${f:+.$f}
    # shellcheck disable=SC2086
    {
        check "prog$x.expected" $opts "--base=$d/prog-O0.folded" "$d/prog-O2.folded"
        # the base as perf script text (gzip), the new profile from stdin
        check "prog$x.expected" $opts "--base=$d/prog-O0.perf.gz" - < "$d/prog-O2.folded"
        check "jit$x.expected" $opts "--base=$d/jit-old.folded" "$d/jit-fix.folded"
        check "jit$x.expected" $opts "--base=$d/jit-old.perf.gz" "$d/jit-fix.perf.gz"
        # --base repeated and several FILEs: both sides merged
        check "merged$x.expected" $opts "--base=$d/prog-O0.folded" \
            "--base=$d/jit-old.perf.gz" "$d/prog-O2.folded" "$d/jit-fix.folded"
    }
done
# a profile compared with itself: every stack "N N"
"$FLAMETUI" --collapse "$d/prog-O2.folded" | awk '{ $NF = $NF " " $NF; print }' > "$tmp/self"
check_self() {
    "$FLAMETUI" --collapse "--base=$d/prog-O2.folded" "$d/prog-O2.folded" > "$tmp/out" &&
        cmp -s "$tmp/self" "$tmp/out"
}
if check_self; then ok; else fail "self diff"; diff "$tmp/self" "$tmp/out"; fi
# usage errors: --normalize / --strip-hex without --base; an unreadable base
for o in --normalize --strip-hex; do
    "$FLAMETUI" --collapse "$o" "$d/prog-O2.folded" > /dev/null 2> "$tmp/err"
    rc=$?
    if [ $rc -eq 2 ] && grep -q -- "$o needs --base" "$tmp/err"; then ok;
    else fail "$o without --base: exit $rc: $(cat "$tmp/err")"; fi
done
"$FLAMETUI" --collapse "--base=$tmp/missing" "$d/prog-O2.folded" > /dev/null 2> "$tmp/err"
rc=$?
if [ $rc -eq 1 ] && grep -q "missing" "$tmp/err"; then ok;
else fail "missing base: exit $rc: $(cat "$tmp/err")"; fi
finish
