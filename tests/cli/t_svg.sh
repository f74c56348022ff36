#!/bin/sh
# SPDX-License-Identifier: MIT
# flametui - --svg[=FILE]: where it writes, usage and write errors, the view options, and
# hostile names (markup, "]]>", every control byte, DEL, NUL, invalid UTF-8, U+FFFE,
# random bytes, a 5000-frame stack): the file is always well-formed XML in valid UTF-8
# with no raw control byte. The XML checks need xmllint (libxml2-utils) and are skipped,
# saying so, without it; the byte checks always run.
. "${top_srcdir:-.}/tests/cli/lib.sh"
F="$FLAMETUI"
d="${top_srcdir:-.}/tests/data"
xml=1
command -v xmllint > /dev/null 2>&1 || xml=0
# xml_ok NAME FILE: well-formed XML, valid UTF-8, only \n below 0x20 and no DEL
xml_ok() {
    if [ $xml = 1 ]; then
        if xmllint --noout "$2" 2> "$tmp/xmlerr"; then ok; else
            fail "$1: not well-formed XML: $(head -c 300 "$tmp/xmlerr")"; fi
    else
        skip "$1: xmllint not installed (libxml2-utils): XML not checked"
    fi
    if iconv -f UTF-8 -t UTF-8 "$2" > /dev/null 2>&1; then ok; else fail "$1: not UTF-8"; fi
    n=$(LC_ALL=C tr -d '\n\040-\176\200-\377' < "$2" | wc -c)
    expect_eq "$1: raw control bytes" 0 "$n"
}

# where it writes
run "$F" --svg "$d/tui-basic.folded"
expect_eq "--svg: exit status" 0 "$rc"
case $out in '<?xml version="1.0"'*'</svg>') ok ;; *) fail "--svg: no SVG on stdout" ;; esac
run "$F" --svg=- "$d/tui-basic.folded"
case $out in '<?xml'*'</svg>') ok ;; *) fail "--svg=-: no SVG on stdout" ;; esac
run "$F" --svg="$tmp/a.svg" "$d/tui-basic.folded"
expect_eq "--svg=FILE: exit status" 0 "$rc"
expect_eq "--svg=FILE: stdout" "" "$out"
grep -q '<title>alpha_leaf (30 samples, 30.00%)</title>' "$tmp/a.svg" && ok ||
    fail "--svg=FILE: no alpha_leaf frame in the file"
xml_ok "tui-basic" "$tmp/a.svg"
run "$F" --svg="$tmp/no/such/a.svg" "$d/tui-basic.folded"
expect_eq "unwritable: exit status" 1 "$rc"
expect_eq "unwritable: message" "flametui: cannot write $tmp/no/such/a.svg (--svg): No such file or directory" "$err"
run "$F" --svg --collapse "$d/tui-basic.folded"
expect_eq "--svg --collapse: exit status" 2 "$rc"
case $err in *"cannot be combined"*) ok ;; *) fail "--svg --collapse: [$err]" ;; esac
run "$F" --svg= "$d/tui-basic.folded"
expect_eq "--svg=: exit status" 2 "$rc"
"$F" --svg "$d/svg-python.folded" | head -c 100 > /dev/null
expect_eq "--svg | head: exit status" 0 "$?"

# the view options
run "$F" --svg --icicle --reverse --include=alpha --colors=blue -s 'a"<b' "$d/tui-basic.folded"
printf '%s\n' "$out" > "$tmp/v.svg"
grep -q '>Icicle Graph</text>' "$tmp/v.svg" && ok || fail "--icicle: title"
grep -q '/tui-basic.folded  include:alpha reverse</text>' "$tmp/v.svg" && ok ||
    fail "subtitle: input and view"
grep -q 'data-search="a&quot;&lt;b" data-ignorecase="1"' "$tmp/v.svg" && ok ||
    fail "--search: not escaped, or not ignoring case (smartcase: all lower case)"
"$F" --svg -s 'Beta' "$d/tui-basic.folded" | grep -q 'data-search="Beta" data-ignorecase="0"' &&
    ok || fail "--search with an upper-case letter: smartcase must not ignore case"
grep -q '<title>beta' "$tmp/v.svg" && fail "--include=alpha: beta drawn" || ok
# reversed: alpha_leaf sits on the root, at depth 1 (icicle: y = 36 + 16)
grep -q '<title>alpha_leaf (30 samples, 75.00%)</title><rect x="[0-9.]*" y="52" ' "$tmp/v.svg" &&
    ok || fail "--reverse --icicle: alpha_leaf not at depth 1"
grep -q 'fill="rgb([0-9]*,[0-9]*,2[0-9][0-9])"' "$tmp/v.svg" && ok || fail "--colors=blue"
xml_ok "view options" "$tmp/v.svg"

# hostile names
{
    printf 'main;<tag attr="x">&amp;;]]>;end 3\n'
    printf "quote\"';apos' 2\n"
    i=1
    while [ $i -lt 32 ]; do
        [ $i -eq 10 ] || printf "ctl;c$(printf '\\%03o' $i)x 1\n"
        i=$((i + 1))
    done
    printf 'del;\177 1\n'
    printf 'nul;a\000b 1\n'
    printf 'bad;\377\376;\303;\355\240\200;\357\277\276;\300\257;\364\220\200\200 1\n'
    printf 'esc;\033]0;title\007;\033[2J 1\n'
    printf 'ok;\303\251t\303\251;\360\237\224\245 1\n'
} > "$tmp/hostile.folded"
run "$F" --svg="$tmp/h.svg" "$tmp/hostile.folded"
expect_eq "hostile: exit status" 0 "$rc"
xml_ok "hostile names" "$tmp/h.svg"
grep -q '<title>&lt;tag attr=&quot;x&quot;&gt;&amp;amp (3 samples, ' "$tmp/h.svg" && ok ||
    fail "hostile: markup not escaped"
grep -q '<title>]]&gt; (3 samples' "$tmp/h.svg" && ok || fail "hostile: ]]> not escaped"
grep -q '<title>\\x1b\[2J (1 samples' "$tmp/h.svg" && ok || fail "hostile: ESC not \\x1b"
grep -q '<title>\\xff\\xfe (1 samples' "$tmp/h.svg" && ok || fail "hostile: invalid UTF-8"
grep -q '<title>\\xef\\xbf\\xbe (1 samples' "$tmp/h.svg" && ok || fail "hostile: U+FFFE"
grep -q '<title>a\\x00b (1 samples' "$tmp/h.svg" && ok || fail "hostile: NUL"
grep -q "<title>$(printf '\303\251t\303\251') (1 samples" "$tmp/h.svg" && ok ||
    fail "hostile: valid UTF-8 was escaped"

# random bytes as names (';' splits them into frames), three rounds
r=0
while [ $r -lt 3 ]; do
    head -c 20000 /dev/urandom | tr -d '\n' | fold -b -w 50 | sed 's/$/ 1/' > "$tmp/rand.folded"
    run "$F" --svg="$tmp/r.svg" --format=folded "$tmp/rand.folded"
    expect_eq "random bytes $r: exit status" 0 "$rc"
    xml_ok "random bytes $r" "$tmp/r.svg"
    r=$((r + 1))
done

# a deep stack: 5000 frames
awk 'BEGIN { s = "f0"; for (i = 1; i < 5000; i++) s = s ";f" i; print s " 7" }' > "$tmp/deep.folded"
timeout 60 "$F" --svg="$tmp/deep.svg" "$tmp/deep.folded" 2> "$tmp/err"
expect_eq "deep: exit status" 0 "$?"
expect_eq "deep: frames" 5001 "$(grep -c '<title>' "$tmp/deep.svg")"
xml_ok "deep stack" "$tmp/deep.svg"
# --base: flamegraph.pl's differential frames (difffolded.pl | flamegraph.pl, generated
# once into tests/data/diff/prog.svg.expected): every title ("; +D%") and red/blue fill
"$F" --base="$d/diff/prog-O0.folded" --svg "$d/diff/prog-O2.folded" > "$tmp/diff.svg" ||
    fail "--base --svg: exit status"
grep -o '<title>[^<]*</title>\|fill="rgb([0-9,]*)"' "$tmp/diff.svg" | paste - - | LC_ALL=C sort > "$tmp/diff.frames"
if cmp -s "$tmp/diff.frames" "$d/diff/prog.svg.expected"; then ok; else
    fail "--base --svg: frames differ from flamegraph.pl's: $(diff "$d/diff/prog.svg.expected" "$tmp/diff.frames" | head -5)"; fi
# --zoom=PATH: the SVG of that frame (full width over its ancestors), as x writes it
"$F" --svg --zoom='main;alpha' "$d/tui-basic.folded" > "$tmp/zoom.svg" || fail "--svg --zoom: exit status"
titles=$(grep -o '<title>[^<]*' "$tmp/zoom.svg" | sed 's/<title>//' | tr '\n' '|')
expect_eq "--svg --zoom: the zoomed frame, its ancestors and children only" \
    "all (100 samples, 100%)|main (75 samples, 75.00%)|alpha (40 samples, 40.00%)|alpha_leaf (30 samples, 30.00%)|alpha_two (10 samples, 10.00%)|" "$titles"
finish
