#!/bin/sh
# SPDX-License-Identifier: MIT
# flametui - tests/mutation/run.sh (`make mutation`): does the suite fail when the
# product breaks? Copies the source tree to a scratch directory (never touching the
# checkout), builds it once, then for every line of tests/mutation/mutants.txt applies
# its one-line mutation (a sed expression) to the copy, rebuilds, runs the listed
# subset of `make check`, and restores the file. A mutant is KILLED when the tests fail
# (or hang, or the build fails), SURVIVED when they pass. A mutant whose expression no
# longer changes (or deletes) exactly one line of its FILE, or whose FILE is gone, is
# STALE: checked first, in seconds, each named; a stale mutant is not run and not counted,
# and it fails the harness (exit 1): update its line in the list.
# Ends with the counts per folder of src/, then "N passed, N failed": passed = killed,
# failed = survivors (each named).
#   MUTANTS=FILE       another list;   ONLY=NAME[,NAME...]  run only these mutants
#   STALE_ONLY=1       only the stale check (no build)
#   KEEP=1             keep the scratch directory (printed)
#   MUTATION_CONFIGURE configure options for the copy (default: --enable-sanitizers,
#                      as CI builds)
# Not part of `make check` or CI: about 10 minutes on 2 cores.
set -u
top=$(cd "$(dirname "$0")/../.." && pwd)
list=${MUTANTS:-$top/tests/mutation/mutants.txt}
jobs=$(nproc 2>/dev/null || echo 2)
start=$(date +%s)

# mutants.txt: NAME @@ FILE @@ SED-EXPRESSION @@ TESTS (space separated) @@ WHAT IT BREAKS
entries() { grep -v -e '^#' -e '^[[:space:]]*$' "$list"; }
field() { printf '%s\n' "$1" | awk -v n="$2" 'BEGIN { FS = " @@ " } { print $n }'; }
only=",${ONLY:-},"
selected() { [ "$only" = ",," ] || case "$only" in *",$1,"*) return 0 ;; *) return 1 ;; esac; }
# changes FILE EXPR: how many lines of FILE the sed expression changes or deletes (a
# changed line is one "<" and one ">" line of diff; "x" when the expression is broken)
changes() {
    sed -e "$2" "$1" > "${TMPDIR:-/tmp}/ft-mutant.$$" 2>/dev/null || { echo x; return; }
    diff "$1" "${TMPDIR:-/tmp}/ft-mutant.$$" | grep -c '^<'
    rm -f "${TMPDIR:-/tmp}/ft-mutant.$$"
}

# 0. stale mutants: checked on the checkout, before any build
stale=""
for_each_stale() {
    entries | while IFS= read -r e; do
        name=$(field "$e" 1); file=$(field "$e" 2); expr=$(field "$e" 3)
        selected "$name" || continue
        if [ ! -f "$top/$file" ]; then echo "$name: no file $file"; continue; fi
        n=$(changes "$top/$file" "$expr")
        [ "$n" = 1 ] || echo "$name: the expression changes $n lines of $file, not one"
    done
}
stale=$(for_each_stale)
if [ -n "$stale" ]; then
    printf '%s\n' "$stale" | sed 's/^/STALE: /'
    echo "$(printf '%s\n' "$stale" | wc -l) stale mutants: update their lines in $list"
fi
if [ -n "${STALE_ONLY:-}" ]; then
    [ -z "$stale" ] && echo "no stale mutant ($(entries | wc -l) in the list)"
    [ -z "$stale" ]; exit
fi
stale_names=" $(printf '%s\n' "$stale" | sed 's/:.*//' | tr '\n' ' ') "
work=$(mktemp -d "${TMPDIR:-/tmp}/ft-mutation.XXXXXX") || exit 99
if [ -n "${KEEP:-}" ]; then echo "scratch: $work"; else trap 'rm -rf "$work"' EXIT; fi

# 1. the copy: the files git knows about (tracked or new, not ignored) plus the generated
#    autotools files, with their times (so configure does not want autoreconf). The
#    corpus (../shared) is linked beside the copy, as beside the checkout.
mkdir -p "$work/main" "$work/build"
[ -d "$top/../shared" ] && ln -s "$top/../shared" "$work/shared"
(
    cd "$top" || exit 1
    if git rev-parse --git-dir >/dev/null 2>&1; then
        git ls-files --cached --others --exclude-standard
    else
        find . -path './build*' -prune -o -path ./.git -prune -o -type f -print
    fi
    ls configure Makefile.in aclocal.m4 config.h.in 2>/dev/null
    find build-aux m4 -type f 2>/dev/null
) | sed 's|^\./||' | sort -u | while read -r f; do [ -f "$top/$f" ] && echo "$f"; done > "$work/files"
tar -C "$top" -cf - -T "$work/files" | tar -C "$work/main" -xf - || { echo "FAIL: copying the tree"; exit 99; }
[ -x "$work/main/configure" ] || { echo "FAIL: no configure in $top (run ./autogen.sh)"; exit 99; }
cd "$work/build" || exit 99
# shellcheck disable=SC2086
../main/configure -q ${MUTATION_CONFIGURE---enable-sanitizers} > build.log 2>&1 && make -s -j"$jobs" >> build.log 2>&1 &&
    make -s -j"$jobs" check TESTS= >> build.log 2>&1 || { tail -30 build.log; echo "FAIL: building the copy"; exit 99; }

# 2. baseline: every listed test passes on the unmutated copy
all=$(entries | while IFS= read -r e; do n=$(field "$e" 1); selected "$n" && field "$e" 4; done |
      tr ' ' '\n' | grep . | sort -u | tr '\n' ' ')
#    (a test that fails already is left out of every subset, loudly: the tree may be
#    mid-change; a mutant left without tests counts as a survivor)
broken=
if ! make -s -j"$jobs" check TESTS="$all" > baseline.log 2>&1; then
    broken=$(sed -n 's/^\(FAIL\|ERROR\): \([^ ]*\).*/\2/p' baseline.log | sort -u | tr '\n' ' ')
    [ -n "$broken" ] || { tail -20 baseline.log; echo "FAIL: baseline"; exit 99; }
    echo "WARNING: these tests fail without any mutation and are left out: $broken"
fi

# 3. the mutants
killed=0; survived=0; names=""
: > folders.txt
entries > list.txt
while IFS= read -r e; do
    name=$(field "$e" 1); file=$(field "$e" 2); expr=$(field "$e" 3)
    tests=$(field "$e" 4); what=$(field "$e" 5)
    selected "$name" || continue
    case $stale_names in *" $name "*) continue ;; esac
    f=$work/main/$file
    for b in $broken; do tests=$(echo " $tests " | sed "s| $b | |g"); done
    tests=$(echo $tests)
    t0=$(date +%s)
    if [ ! -f "$f" ]; then verdict="SURVIVED (no file $file)"
    elif [ -z "$tests" ]; then verdict="SURVIVED (its tests fail without the mutation)"
    else
        cp "$f" orig
        sed -e "$expr" orig > mutated 2> sed.err
        changed=$(diff orig mutated | grep -c '^[<>]')
        if [ "$changed" -ne 2 ] && [ "$changed" -ne 1 ]; then   # a changed or deleted line
            verdict="SURVIVED (the expression changes $changed diff lines, not one line: update it)"
        else
            cat mutated > "$f"
            if ! make -s -j"$jobs" > "m-$name.log" 2>&1; then
                verdict="KILLED (by the compiler: better mutate something that builds)"
            elif timeout 180 make -s -j"$jobs" check TESTS="$tests" >> "m-$name.log" 2>&1; then
                verdict=SURVIVED
            else
                by=$(sed -n 's/^\(FAIL\|ERROR\): \([^ ]*\).*/\2/p' "m-$name.log" | sort -u | tr '\n' ' ')
                by=${by% }
                verdict="KILLED by ${by:-a timeout}"
            fi
            cat orig > "$f"                  # new mtime: the next make rebuilds it
        fi
    fi
    case $file in src/*/*) folder=${file#src/}; folder=src/${folder%%/*} ;; *) folder=main ;; esac
    case $verdict in
    KILLED*) killed=$((killed + 1)); echo "$folder 1" >> folders.txt ;;
    *) survived=$((survived + 1)); names="$names $name"; echo "$folder 0" >> folders.txt ;;
    esac
    echo "$verdict: $name ($file; $what) [$(( $(date +%s) - t0 ))s]"
done < list.txt
make -s -j"$jobs" > /dev/null 2>&1
# per folder of src/ (main: src/main.c and the other files beside it)
for folder in src/core src/input src/query src/render src/ui src/tui main; do
    awk -v f="$folder" '$1 == f { n++; k += $2 } END {
        printf "  %-11s %3d mutants, %3d killed, %3d survived\n", f, n, k, n - k }' folders.txt
done
if [ -n "$stale" ]; then
    printf '%s\n' "$stale" | sed 's/^/STALE: /'
fi
echo "mutation: $killed killed, $survived survived${stale:+, $(printf '%s\n' "$stale" | wc -l) stale (not run)} in $(( $(date +%s) - start ))s${names:+; survivors:$names}"
echo "$killed passed, $survived failed"
total=$((killed + survived))
[ -z "$stale" ] && [ $total -gt 0 ] && [ $((killed * 100)) -ge $((total * 90)) ]
