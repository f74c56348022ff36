#!/bin/sh
# SPDX-License-Identifier: MIT
# flametui - tests/compat/svg.sh: `flametui --svg` draws every frame that the reference
# flamegraph.pl (FlameGraph 41fee1f, ../shared/oracles) draws for the same folded input,
# with the same title text (NAME (N samples, P%)), x, y, width, colour and label.
# tests/data/svg-expected/NAME.VARIANT.frames[.gz] hold flamegraph.pl's frames, one line
# per frame "TITLE|X|Y|WIDTH|FILL|LABEL" (tests/compat/svg_frames.awk), sorted; they were
# generated once, with Perl; this test needs neither Perl nor FlameGraph. The inputs:
# tests/data/NAME.expected.folded (stackcollapse-perf.pl of NAME.perf) or
# tests/data/NAME.folded (svg-*: perf record -g -F 999 of xz, python3, sort/gzip and node
# --perf-basic-prof, collapsed by stackcollapse-perf.pl: --all for python and node, --pid
# for sort; svg-node keeps only the lines up to 900 bytes). VARIANT: default, icicle
# (flamegraph.pl --inverted), reverse (--reverse), colors-PALETTE (--colors=PALETTE).
# Every SVG must also be well-formed XML (xmllint; that part is skipped, saying so, when
# xmllint is absent). To regenerate (on purpose, reviewing the diff), for each file:
#   perl ../shared/oracles/FlameGraph/flamegraph.pl --subtitle x [FLAGS] INPUT |
#       awk -f tests/compat/svg_frames.awk | LC_ALL=C sort > tests/data/svg-expected/...
# (then gzip -9n the large ones). --subtitle: flametui's SVG names the input in one.
. "${top_srcdir:-.}/tests/compat/data_lib.sh"
d="${top_srcdir:-.}/tests/data"
awkf="${top_srcdir:-.}/tests/compat/svg_frames.awk"
xml=1
command -v xmllint > /dev/null 2>&1 ||
    { xml=0; diag "xmllint not installed (libxml2-utils): XML not checked"; }
# check NAME EXPECTED SVG [COUNTNAME]: the frames of SVG equal EXPECTED, and SVG is XML;
# COUNTNAME: the titles' word instead of "samples" (flamegraph.pl --countname=COUNTNAME)
check() {
    case $2 in
    *.gz) gzip -dc "$2" > "$tmp/exp" ;;
    *) cat "$2" > "$tmp/exp" ;;
    esac
    if [ -n "${4:-}" ]; then
        sed "s/ samples, \([0-9.]*%\)/ $4, \1/" "$tmp/exp" | LC_ALL=C sort > "$tmp/exp2"
        mv "$tmp/exp2" "$tmp/exp"
    fi
    awk -f "$awkf" "$3" | LC_ALL=C sort > "$tmp/got"
    if [ ! -s "$tmp/exp" ]; then
        fail "$1: no frames in $2"
    elif cmp -s "$tmp/exp" "$tmp/got"; then
        ok
    else
        fail "$1: frames differ from flamegraph.pl's (< flamegraph.pl, > flametui)"
        diff "$tmp/exp" "$tmp/got" | head -10
    fi
    if [ $xml = 1 ]; then
        if xmllint --noout "$3" 2> "$tmp/xmlerr"; then ok; else
            fail "$1: not well-formed XML"; head -5 "$tmp/xmlerr"; fi
    fi
}
n=0
for exp in "$d"/svg-expected/*.frames "$d"/svg-expected/*.frames.gz; do
    [ -f "$exp" ] || continue
    b=${exp##*/}; b=${b%.gz}; b=${b%.frames}
    variant=${b##*.}; name=${b%.*}
    in="$d/$name.expected.folded"
    [ -f "$in" ] || in="$d/$name.folded"
    case $variant in
    default) flags="" ;;
    icicle) flags="--icicle" ;;
    reverse) flags="--reverse" ;;
    colors-*) flags="--colors=${variant#colors-}" ;;
    *) fail "$exp: unknown variant '$variant'"; continue ;;
    esac
    n=$((n + 1))
    # shellcheck disable=SC2086 # the flags are meant to split
    if "$FLAMETUI" --svg $flags "$in" > "$tmp/out.svg" 2> "$tmp/err"; then
        check "$name $variant" "$exp" "$tmp/out.svg"
    else
        fail "$name $variant: exit status $?"; head -3 "$tmp/err"
    fi
    # the recorded perf script text itself gives the same graph
    base=${name%%.*}; set=${name#"$base"}; set=${set#.}
    if [ "$variant" = default ] && [ -f "$d/$base.perf" ]; then
        case $set in
        "") pflags="" ;; all) pflags="--all" ;; pid+tid) pflags="--pid --tid" ;;
        addrs) pflags="--addrs" ;; *) fail "$exp: unknown flag set '$set'"; continue ;;
        esac
        # shellcheck disable=SC2086
        rm -f "$tmp/perf.svg"
        "$FLAMETUI" --svg="$tmp/perf.svg" $pflags "$d/$base.perf" 2> /dev/null
        # perf script's cpu-clock periods are nanoseconds: flamegraph.pl --countname=ns
        check "$base.perf $pflags" "$exp" "$tmp/perf.svg" ns
    fi
done
[ $n -ge 30 ] || fail "only $n reference frame lists in $d/svg-expected"
finish
