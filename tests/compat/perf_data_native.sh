#!/bin/sh
# SPDX-License-Identifier: MIT
# flametui - tests/compat/perf_data_native.sh: perf.data files recorded here, read by the
# native reader, against perf itself on the same machine:
#   - the reader's text (tests/compat/perfdata_text) == `perf script -F +pid -i X.data`,
#     byte for byte (what flametui parses either way);
#   - `flametui --collapse [FLAGS] X.data` with perf off PATH == the same through the perf
#     script child (--perf-script), for the default, --all, --pid --tid, --addrs and
#     --event-filter flag sets; and == `perf script -F +pid -i X.data |
#     stackcollapse-perf.pl` when Perl and ../shared/oracles are there (never needed);
#   - --text, --top, --svg, --group, --from/--to, --weight natively == through perf script;
#   - --srcline: the text == perf script -F +pid,+srcline, --collapse --srcline natively
#     == through perf script;
#   - recordings: a shell loop (frame pointers, libc), system-wide -a with kernel frames,
#     two events, no -g, python3, node --perf-basic-prof (JIT, /tmp/perf-PID.map; V8's
#     labels nested in builtins), a C program calling a library through its .plt (built
#     here with and without a build id); --call-graph dwarf of a C program built here
#     with -O2 -g (inline frames) and of a shell loop, and the program's frame-pointer
#     (-g) run; the program run by a shell with --call-graph dwarf is read through perf
#     script.
# Skips, saying why, where perf is not installed or perf record is not permitted.
. "${top_srcdir:-.}/tests/lib.sh"
[ -x "$FLAMETUI" ] || { fail "FLAMETUI='$FLAMETUI' is not executable"; exit 1; }
text="${top_builddir:-.}/tests/compat/perfdata_text"
[ -x "$text" ] || { fail "$text not built"; exit 1; }
command -v perf > /dev/null 2>&1 && perf version > /dev/null 2>&1 ||
    skip_all "perf not installed (apt-get install linux-perf)"
tmp=$(mktemp -d) || exit 99
tap_cleanup='rm -rf "$tmp"'
oracle="${FLAMETUI_CORPUS:-${top_srcdir:-.}/../shared/corpus}/../oracles/FlameGraph/stackcollapse-perf.pl"
loop='i=0; while [ $i -lt 150000 ]; do i=$((i+1)); done'
if ! timeout 60 perf record -q -g -F 999 -o "$tmp/loop.data" -- sh -c "$loop" \
        > /dev/null 2> "$tmp/rec.err"; then
    skip_all "perf record not permitted here: $(head -c 200 "$tmp/rec.err" | tr '\n' ' ')"
fi
rec() { # NAME PERF-RECORD-ARGS...: records $tmp/NAME.data; false if it could not
    n=$1; shift
    timeout 60 perf record -q -F 999 -o "$tmp/$n.data" "$@" > /dev/null 2>&1 &&
        [ -s "$tmp/$n.data" ]
}
names="loop"
rec sys -a -g -- sleep 1 && names="$names sys"
rec two -g -e cpu-clock,task-clock -- sh -c "$loop" && names="$names two"
rec nog -- sh -c "$loop" && names="$names nog"
if command -v python3 > /dev/null 2>&1; then
    printf 'def f(n):\n    return n if n < 2 else f(n - 1) + f(n - 2)\nprint(f(23))\n' \
        > "$tmp/fib.py"
    rec py -g -- python3 "$tmp/fib.py" && names="$names py"
fi
if command -v node > /dev/null 2>&1; then
    printf 'function fib(n) { return n < 2 ? n : fib(n - 1) + fib(n - 2); }\n%s\n' \
        'let s = 0; for (let i = 0; i < 20; i++) s += fib(23); console.log(s);' > "$tmp/fib.js"
    # in $tmp: node may leave a v8 log in its working directory (distcheck checks)
    (cd "$tmp" && rec node -g -- node --perf-basic-prof "$tmp/fib.js") && names="$names node"
fi
# a program's own .plt (lazy binding): perf adds its NAME@plt symbols after extending the
# zero-size _init of .init (just before .plt) to the next symbol, so an address in .plt
# is named by whichever of the two perf's red-black tree meets first ("_init+0x30");
# built with and without a build id
plt_note=""
if ! command -v cc > /dev/null 2>&1; then
    plt_note="no C compiler"
else
    : > "$tmp/pltleaf.c"; calls=""
    for i in 0 1 2 3 4 5 6 7; do   # eight entries: some named after _init, some NAME@plt
        echo "int pltf$i(int x) { return x + $i; }" >> "$tmp/pltleaf.c"
        calls="$calls s = pltf$i(s);"
    done
    sed -n 's/ {.*/;/p' "$tmp/pltleaf.c" > "$tmp/pltmain.c"
    printf '%s\n' '#include <stdlib.h>' \
        'int main(int c, char **v) { long n = c > 1 ? atol(v[1]) : 1; int s = 0;' \
        "    for (long i = 0; i < n; i++) { $calls } return s == 7; }" >> "$tmp/pltmain.c"
    if cc -O1 -shared -fPIC -o "$tmp/libpltleaf.so" "$tmp/pltleaf.c" 2> /dev/null &&
        cc -O1 -o "$tmp/pltbid" "$tmp/pltmain.c" -L"$tmp" -lpltleaf -Wl,-rpath,"$tmp" \
            -Wl,--build-id 2> /dev/null &&
        cc -O1 -o "$tmp/pltnobid" "$tmp/pltmain.c" -L"$tmp" -lpltleaf -Wl,-rpath,"$tmp" \
            -Wl,--build-id=none 2> /dev/null; then
        if rec plt -g -- sh -c "$tmp/pltbid 40000000; $tmp/pltnobid 40000000"; then
            names="$names plt"
        else plt_note="perf record of the .plt program failed"; fi
    else plt_note="the .plt program did not build"; fi
fi
[ -n "$plt_note" ] && skip "plt: $plt_note: the .plt recording not made"
mkdir "$tmp/noperf"   # a PATH without perf: the native reader alone
for n in $names; do
    x="$tmp/$n.data"
    perf script -F +pid -i "$x" > "$tmp/want.txt" 2> /dev/null
    "$text" "$x" > "$tmp/got.txt" 2> "$tmp/text.err"
    if [ "$n" = plt ]; then
        for b in pltbid pltnobid; do
            if grep -q " _init+0x[0-9a-f]* ($tmp/$b)\$" "$tmp/want.txt" &&
                grep -q " pltf[0-7]@plt+0x[0-9a-f]* ($tmp/$b)\$" "$tmp/want.txt"; then
                ok "plt: perf script names $b's .plt entries after _init and NAME@plt"
            else skip "plt: perf script does not name $b's .plt entries both ways here" \
                "($(grep -c "($tmp/$b)\$" "$tmp/want.txt") frames of it)"; fi
        done
    fi
    if cmp -s "$tmp/want.txt" "$tmp/got.txt"
    then ok "$n: the reader's text == perf script -F +pid"
    else fail "$n: the reader's text != perf script -F +pid ($(cat "$tmp/text.err"))"
        diff "$tmp/want.txt" "$tmp/got.txt" | head -8; fi
    ev=$(perf script -F event -i "$x" 2> /dev/null | sed -n '$s/^ *//; $s/: *$//p')
    for flags in "" "--all" "--pid --tid" "--addrs" "--event-filter=$ev"; do
        # shellcheck disable=SC2086 # the flags are meant to split
        PATH="$tmp/noperf" "$FLAMETUI" --collapse --no-perf-script $flags "$x" \
            > "$tmp/nat" 2> "$tmp/nat.err"
        # shellcheck disable=SC2086
        "$FLAMETUI" --collapse --perf-script $flags "$x" > "$tmp/ps" 2> /dev/null
        if [ -s "$tmp/ps" ] && cmp -s "$tmp/ps" "$tmp/nat"; then
            ok "$n ${flags:-(default)}: native == through perf script"
        else fail "$n ${flags:-(default)}: native != through perf script" \
            "($(head -c 300 "$tmp/nat.err"))"; diff "$tmp/ps" "$tmp/nat" | head -6; fi
        if [ -z "$flags$(echo "$flags" | tr -d ' ')" ] || [ "$flags" = "--all" ]; then
            if command -v perl > /dev/null 2>&1 && [ -f "$oracle" ]; then
                # shellcheck disable=SC2086
                # -F +pid, what flametui reads (threads without a pid, ":-1", print
                # differently without it)
                perf script -F +pid -i "$x" 2> /dev/null | perl "$oracle" $flags |
                    LC_ALL=C sort \
                    > "$tmp/ref"
                LC_ALL=C sort "$tmp/nat" > "$tmp/nat.sorted"
                # stackcollapse-perf.pl drops samples without a call chain; flametui
                # counts them as comm;function (its one documented difference)
                if [ "$n" = nog ] || cmp -s "$tmp/ref" "$tmp/nat.sorted"; then
                    ok "$n ${flags:-(default)}: native == perf script | stackcollapse-perf.pl"
                else fail "$n ${flags:-(default)}: native != stackcollapse-perf.pl"
                    diff "$tmp/ref" "$tmp/nat.sorted" | head -6; fi
            else
                skip "$n: no Perl or no $oracle: the oracle itself not run"
            fi
        fi
    done
done
# the other outputs and the time and grouping options: native == through perf script
x="$tmp/two.data"; [ -f "$x" ] || x="$tmp/loop.data"
for flags in "--text" "--top" "--top=5 --reverse" "--svg" "--group=pid --collapse" \
    "--from=0.05 --to=0.2 --collapse" "--weight=samples --collapse" \
    "--event-filter=task-clock --text"; do
    # shellcheck disable=SC2086 # the flags are meant to split
    PATH="$tmp/noperf" "$FLAMETUI" --no-perf-script $flags "$x" > "$tmp/nat" 2> "$tmp/nat.err"
    # shellcheck disable=SC2086
    "$FLAMETUI" --perf-script $flags "$x" > "$tmp/ps" 2> /dev/null
    if [ -s "$tmp/ps" ] && cmp -s "$tmp/ps" "$tmp/nat"; then
        ok "${x##*/} $flags: native == through perf script"
    else fail "${x##*/} $flags: native != through perf script ($(head -c 300 "$tmp/nat.err"))"
        diff "$tmp/ps" "$tmp/nat" | head -6; fi
done
# --call-graph dwarf, unwound natively (libdw), with the inline frames perf prints for
# DWARF call graphs ("func+0x.. (inlined)"): a C program built here with -O2 -g (inlined
# functions), a shell loop; and the program's -g run (frame pointers: no inline frames)
dwnames=""
inlsrc="${top_srcdir:-.}/tests/data/inl.c"
if ! command -v cc > /dev/null 2>&1 || ! cc -O2 -g -o "$tmp/inl" "$inlsrc" 2> /dev/null; then
    skip "no C compiler: the -O2 -g program's recordings not made"
elif rec dw --call-graph dwarf -- "$tmp/inl" 20000; then
    dwnames="dw"
    rec dwfp -g -- "$tmp/inl" 20000 && dwnames="$dwnames dwfp"
else
    skip "perf record --call-graph dwarf not permitted"
fi
rec dwsh --call-graph dwarf -- sh -c "$loop" && dwnames="$dwnames dwsh"
# a program a shell runs (fork, exec: the process had maps before): perf's libunwind
# unwinds it otherwise (it stops at __libc_start_call_main): read through perf script,
# saying why
if [ -x "$tmp/inl" ] && rec dwexec --call-graph dwarf -- sh -c "$tmp/inl 20000; true"; then
    "$FLAMETUI" --collapse "$tmp/dwexec.data" > "$tmp/nat" 2> "$tmp/nat.err"
    "$FLAMETUI" --collapse --perf-script "$tmp/dwexec.data" > "$tmp/ps" 2> /dev/null
    # whether the exec is seen after maps depends on the recording (the shell's samples):
    # read through perf script with the notice, or natively with the same stacks
    if [ -s "$tmp/ps" ] && cmp -s "$tmp/ps" "$tmp/nat" &&
        { grep -q "read through perf script: DWARF call graphs of a process that ran" \
            "$tmp/nat.err" || [ ! -s "$tmp/nat.err" ]; }; then
        ok "dwexec: == through perf script (the notice when read through it)"
    else fail "dwexec: [$(head -c 300 "$tmp/nat.err")] $(wc -l < "$tmp/ps") $(wc -l < "$tmp/nat")"; fi
fi
for n in $dwnames; do
    x="$tmp/$n.data"
    perf script -F +pid -i "$x" > "$tmp/want.txt" 2> /dev/null
    "$text" "$x" > "$tmp/got.txt" 2> "$tmp/text.err"
    if cmp -s "$tmp/want.txt" "$tmp/got.txt"
    then ok "$n: the reader's text == perf script -F +pid"
    else fail "$n: the reader's text != perf script -F +pid ($(cat "$tmp/text.err"))"
        diff "$tmp/want.txt" "$tmp/got.txt" | head -8; fi
    [ "$n" = dw ] && { grep -q ' mix+0x[0-9a-f]* (inlined)$' "$tmp/got.txt" && ok "dw: inline frames in the text" ||
        fail "dw: no inline frame (mix ... (inlined)) in the text"; }
    for flags in "" "--all"; do
        # shellcheck disable=SC2086 # the flags are meant to split
        PATH="$tmp/noperf" "$FLAMETUI" --collapse --no-perf-script $flags "$x" \
            > "$tmp/nat" 2> "$tmp/nat.err"
        if command -v perl > /dev/null 2>&1 && [ -f "$oracle" ]; then
            # shellcheck disable=SC2086
            perf script -F +pid -i "$x" 2> /dev/null | perl "$oracle" $flags |
                LC_ALL=C sort > "$tmp/ref"
        else
            # shellcheck disable=SC2086
            "$FLAMETUI" --collapse --perf-script $flags "$x" 2> /dev/null |
                LC_ALL=C sort > "$tmp/ref"
        fi
        LC_ALL=C sort "$tmp/nat" > "$tmp/nat.sorted"
        if [ -s "$tmp/ref" ] && cmp -s "$tmp/ref" "$tmp/nat.sorted"; then
            ok "$n ${flags:-(default)}: native == perf script | stackcollapse-perf.pl"
        else fail "$n ${flags:-(default)}: native != the reference" \
            "($(head -c 300 "$tmp/nat.err"))"; diff "$tmp/ref" "$tmp/nat.sorted" | head -6; fi
    done
done
# --srcline natively: source lines from libdw as perf's addr2line path prints them
# (perf script -F +pid,+srcline), for every recording above but node's (perf's addr2line
# takes minutes on the node binary)
for n in $names $dwnames; do
    [ "$n" = node ] && continue
    x="$tmp/$n.data"
    perf script -F +pid,+srcline -i "$x" > "$tmp/want.txt" 2> "$tmp/perf.err"; prc=$?
    if [ $prc != 0 ]; then   # e.g. its addr2line of a deleted memfd exits: SIGPIPE
        skip "$n --srcline: perf script itself failed (exit $prc: $(tail -1 "$tmp/perf.err"))"
        continue
    fi
    "$text" --srcline "$x" > "$tmp/got.txt" 2> "$tmp/text.err"
    if cmp -s "$tmp/want.txt" "$tmp/got.txt"
    then ok "$n: the reader's text == perf script -F +pid,+srcline"
    else fail "$n: the reader's text != perf script -F +pid,+srcline" \
        "($(cat "$tmp/text.err"))"; diff "$tmp/want.txt" "$tmp/got.txt" | head -8; fi
    PATH="$tmp/noperf" "$FLAMETUI" --collapse --srcline --no-perf-script "$x" \
        > "$tmp/nat" 2> "$tmp/nat.err"
    "$FLAMETUI" --collapse --srcline --perf-script "$x" > "$tmp/ps" 2> "$tmp/ps.err"
    if [ ! -s "$tmp/ps" ]; then   # perf script failed this time (see above)
        skip "$n --srcline: through perf script gave nothing ($(tail -1 "$tmp/ps.err"))"
    elif cmp -s "$tmp/ps" "$tmp/nat"; then
        ok "$n --srcline: native == through perf script"
    else fail "$n --srcline: native != through perf script ($(head -c 300 "$tmp/nat.err"))"
        diff "$tmp/ps" "$tmp/nat" | head -6; fi
done
finish
