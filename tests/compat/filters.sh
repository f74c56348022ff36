#!/bin/sh
# SPDX-License-Identifier: MIT
# flametui - tests/compat/filters.sh: --include/--exclude/--hide/--reverse/--top against
# golden outputs (tests/golden/filters, computed independently of flametui), and on the
# shared corpus against grep and a hand (awk) reversal.
. "${top_srcdir:-.}/tests/compat/data_lib.sh"
g="${top_srcdir:-.}/tests/golden/filters"

# golden NAME OPTION...: --collapse of profile.folded with the options == NAME.out
golden() {
    name=$1; shift
    if ! "$FLAMETUI" --collapse "$@" "$g/profile.folded" > "$tmp/$name" 2> "$tmp/err"; then
        fail "$name: exit status $? ($(cat "$tmp/err"))"
    elif ! cmp -s "$g/$name.out" "$tmp/$name"; then
        fail "$name: $*"; diff "$g/$name.out" "$tmp/$name" | head -20
    else
        ok
    fi
}
golden include_idle --include=idle
golden include_read_lower --include=read
golden smartcase_upper --include=Read
golden exclude_cpu_idle --exclude=cpu_idle
golden hide_unknown '--hide=^\[unknown\]$'
golden hide_kernel '--hide=_\[k\]$'
golden hide_recursion '--hide=^compute$'
golden hide_then_include '--hide=_\[k\]$' --include=read
golden include_then_hide --include=read '--hide=_\[k\]$'
golden include_none --include=nomatch
golden reverse --reverse
golden reverse_filtered --exclude=cpu_idle '--hide=^\[unknown\]$' --reverse

# --top: fields compared with whitespace squeezed (the names here have no spaces)
if "$FLAMETUI" --top=100 "$g/profile.folded" > "$tmp/top" 2> "$tmp/err"; then
    awk '{$1=$1; print}' "$tmp/top" | sed 's/^# */# /' > "$tmp/top.n"
    if cmp -s "$g/top.out" "$tmp/top.n"; then ok; else
        fail "--top"; diff "$g/top.out" "$tmp/top.n" | head -20; fi
else
    fail "--top: exit status ($(cat "$tmp/err"))"
fi

# an invalid regex is a usage error with PCRE2's message and offset
"$FLAMETUI" --collapse '--include=(abc' "$g/profile.folded" > /dev/null 2> "$tmp/err"
rc=$?
if [ $rc -eq 2 ] && grep -q 'missing closing parenthesis at offset 4' "$tmp/err"; then
    ok; else fail "invalid regex: rc=$rc $(cat "$tmp/err")"; fi

corpus="${FLAMETUI_CORPUS:-${top_srcdir:-.}/../shared/corpus}"
if [ -d "$corpus" ]; then
    for f in "$corpus"/folded/perf-vertx-stacks-01-collapsed-all-unsorted.txt \
             "$corpus"/folded/jvm-cpp-flames.txt; do
        [ -f "$f" ] || { fail "missing $f"; continue; }
        b=$(basename "$f")
        # --exclude=RE keeps what grep -v keeps; --include=RE what grep keeps
        for re in Interpreter String; do
            "$FLAMETUI" --collapse --exclude=$re "$f" > "$tmp/a" 2>&1
            grep -v $re "$f" | "$FLAMETUI" --collapse > "$tmp/b" 2>&1
            if cmp -s "$tmp/a" "$tmp/b"; then ok; else fail "$b --exclude=$re"; fi
            "$FLAMETUI" --collapse --include=$re "$f" > "$tmp/a" 2>&1
            # grep keeping nothing: flametui would say "no samples found" (exit 1)
            grep $re "$f" > "$tmp/g" || true
            if [ -s "$tmp/g" ]; then "$FLAMETUI" --collapse < "$tmp/g" > "$tmp/b" 2>&1
            else : > "$tmp/b"; fi
            if cmp -s "$tmp/a" "$tmp/b"; then ok; else fail "$b --include=$re"; fi
        done
        # --reverse --collapse == reversing every stack by hand
        "$FLAMETUI" --collapse --reverse "$f" > "$tmp/a" 2>&1
        awk '{ n = split($0, w, " "); c = w[n]; s = substr($0, 1, length($0) - length(c) - 1);
               k = split(s, fr, ";"); r = fr[k]; for (i = k - 1; i >= 1; i--) r = r ";" fr[i];
               print r " " c }' "$f" | "$FLAMETUI" --collapse > "$tmp/b" 2>&1
        if cmp -s "$tmp/a" "$tmp/b"; then ok; else
            fail "$b --reverse"; diff "$tmp/a" "$tmp/b" | head -5; fi
        # --top: self and total (once per stack, however often a frame recurs) == awk
        "$FLAMETUI" --top=1000000 "$f" 2>&1 | grep -v "^#" | sed -n 's/^ *\([^ ]*\)  *[^ ]*  *\([^ ]*\)  *[^ ]*  \(.*\)$/\1 \2 \3/p' |
            LC_ALL=C sort > "$tmp/a"
        awk '{ n = split($0, w, " "); c = w[n]; s = substr($0, 1, length($0) - length(c) - 1);
               if (s == "") next;
               k = split(s, fr, ";"); delete seen;
               for (i = 1; i <= k; i++) { if (!(fr[i] in seen)) tot[fr[i]] += c; seen[fr[i]] = 1;
                                          if (!(fr[i] in self)) self[fr[i]] = 0 }
               self[fr[k]] += c }
             END { for (x in tot) printf "%d %d %s\n", self[x], tot[x], x }' "$f" |
            LC_ALL=C sort > "$tmp/b"
        if [ -s "$tmp/a" ] && cmp -s "$tmp/a" "$tmp/b"; then ok; else
            fail "$b --top"; diff "$tmp/a" "$tmp/b" | head -5; fi
    done
else
    # 2 files x (2 regexes x 2 + reverse + top) comparisons
    i=0
    while [ $i -lt 12 ]; do skip "$corpus not found: comparison not run"; i=$((i + 1)); done
fi

finish
