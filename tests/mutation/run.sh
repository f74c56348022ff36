#!/bin/sh
# SPDX-License-Identifier: MIT
# flametui - tests/mutation/run.sh (`make mutation`): does the suite fail when the
# product breaks? Copies the source tree to a scratch directory (never touching the
# checkout), builds it once, then for every line of tests/mutation/mutants.txt applies
# its one-line mutation (a sed expression) to the copy, rebuilds, runs the listed
# subset of `make check`, and restores the file. A mutant is KILLED when the tests fail
# (or hang, or the build fails), SURVIVED when they pass; a mutation that no longer
# changes (or deletes) exactly one line counts as a survivor too (update the list).
# Ends with "N passed, N failed": passed = killed, failed = survivors (each named).
#   MUTANTS=FILE       another list;   ONLY=NAME[,NAME...]  run only these mutants
#   KEEP=1             keep the scratch directory (printed)
#   MUTATION_CONFIGURE configure options for the copy (default: --enable-sanitizers,
#                      as CI builds)
# Not part of `make check` or CI: about 10 minutes on 2 cores.
set -u
top=$(cd "$(dirname "$0")/../.." && pwd)
list=${MUTANTS:-$top/tests/mutation/mutants.txt}
jobs=$(nproc 2>/dev/null || echo 2)
start=$(date +%s)
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

# mutants.txt: NAME @@ FILE @@ SED-EXPRESSION @@ TESTS (space separated) @@ WHAT IT BREAKS
entries() { grep -v -e '^#' -e '^[[:space:]]*$' "$list"; }
field() { printf '%s\n' "$1" | awk -v n="$2" 'BEGIN { FS = " @@ " } { print $n }'; }
only=",${ONLY:-},"
selected() { [ "$only" = ",," ] || case "$only" in *",$1,"*) return 0 ;; *) return 1 ;; esac; }

# 2. baseline: every listed test passes on the unmutated copy
all=$(entries | while IFS= read -r e; do n=$(field "$e" 1); selected "$n" && field "$e" 4; done |
      tr ' ' '\n' | grep . | sort -u | tr '\n' ' ')
#    (a test that fails already is left out of every subset, loudly: the tree may be
#    mid-change; a mutant left without tests counts as a survivor)
broken=
if ! make -s -j"$jobs" check TESTS="$all" > baseline.log 2>&1; then
    broken=$(sed -n 's/^\(FAIL\|ERROR\): //p' baseline.log | tr '\n' ' ')
    [ -n "$broken" ] || { tail -20 baseline.log; echo "FAIL: baseline"; exit 99; }
    echo "WARNING: these tests fail without any mutation and are left out: $broken"
fi

# 3. the mutants
killed=0; survived=0; names=""
entries > list.txt
while IFS= read -r e; do
    name=$(field "$e" 1); file=$(field "$e" 2); expr=$(field "$e" 3)
    tests=$(field "$e" 4); what=$(field "$e" 5)
    selected "$name" || continue
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
                by=$(sed -n 's/^\(FAIL\|ERROR\): //p' "m-$name.log" | tr '\n' ' ')
                verdict="KILLED by ${by:-a timeout}"
            fi
            cat orig > "$f"                  # new mtime: the next make rebuilds it
        fi
    fi
    case $verdict in
    KILLED*) killed=$((killed + 1)) ;;
    *) survived=$((survived + 1)); names="$names $name" ;;
    esac
    echo "$verdict: $name ($file; $what) [$(( $(date +%s) - t0 ))s]"
done < list.txt
make -s -j"$jobs" > /dev/null 2>&1
echo "mutation: $killed killed, $survived survived in $(( $(date +%s) - start ))s${names:+; survivors:$names}"
echo "$killed passed, $survived failed"
total=$((killed + survived))
[ $total -gt 0 ] && [ $((killed * 100)) -ge $((total * 90)) ]
