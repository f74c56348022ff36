#!/bin/sh
# SPDX-License-Identifier: MIT
# flametui quick start: installs the missing Debian/Ubuntu build dependencies (apt-get,
# through sudo when not root), builds in ./build and then
#   sh tests/quickstart.sh demo    opens flametui on the bundled sample profile
#   sh tests/quickstart.sh check   builds with ASan+UBSan and -Werror, runs the whole test
#                                  suite (make check), make distcheck, the fuzz and the
#                                  valgrind + cppcheck, TSan and static tiers; prints one line
#                                  "N passed, N failed, N skipped" summed over the test logs
#                                  (see summary() and the README's test section)
set -eu
mode=${1:-demo}
top=$(cd "$(dirname "$0")/.." && pwd)
cd "$top"

# tests/deps.txt, the list .ci/run installs, so a developer's check runs every tier CI runs
pkgs=$(awk '!/^#/ && NF == 2 && $1 != "runtime" { print $2 }' tests/deps.txt)
missing=""
for p in $pkgs; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" ||
        missing="$missing $p"
done
if [ -n "$missing" ]; then
    sudo=""
    [ "$(id -u)" = 0 ] || sudo=sudo
    echo "quickstart: installing:$missing"
    export DEBIAN_FRONTEND=noninteractive
    $sudo apt-get update -qq
    # shellcheck disable=SC2086
    $sudo apt-get install -y -qq --no-install-recommends $missing
fi

[ -x configure ] && [ configure -nt configure.ac ] && [ configure -nt Makefile.am ] || ./autogen.sh
jobs=$(nproc 2>/dev/null || echo 2)
# A manual in-tree build (./configure && make in the checkout) makes VPATH builds
# impossible ("source directory already configured"): then that build is reused.
intree=false
[ -f "$top/config.status" ] && intree=true

summary() {
    # One unit everywhere: one result per assertion. Per test log (the .trs files of
    # make check under tests/, and the tiers under extra/; never a failed distcheck's
    # copies, which would count twice):
    #   cmocka        "[  PASSED  ] N test(s)", "[  FAILED  ] N test(s)", "[  SKIPPED ] N"
    #   TAP           our scripts (tests/lib.sh; tap-driver copies their stream into the
    #                 .log): "ok" lines pass, "not ok" lines fail, "ok ... # SKIP" lines
    #                 and a "1..0 # SKIP" plan are skips; tap-driver's own ERROR results
    #                 in the .trs (a missing plan, a test number out of order) fail
    #   otherwise     a "N passed, N failed[, N skipped]" line, else the PASS: / FAIL: /
    #                 ERROR: / SKIP: lines (make check's own, from a tier that runs it),
    #                 else the result
    # A test whose automake result is FAIL or ERROR counts at least one failure, one that
    # is skipped at least one skip. SUMMARY_DETAIL=1: "PASSED FAILED SKIPPED FILE" per log.
    find tests "${extra:-extra}" -name '*.trs' 2>/dev/null | sort | while read -r trs; do
        log=${trs%.trs}.log
        res=$(sed -n 's/^:test-result: //p' "$trs" | sort -u | tr '\n' ' ')
        p=$(sed -n 's/^\[  PASSED  \] \([0-9]*\) test.*/\1/p' "$log" | tail -n1)
        f=$(sed -n 's/^\[  FAILED  \] \([0-9]*\) test.*/\1/p' "$log" | tail -n1)
        s=$(sed -n 's/^\[  SKIPPED \] \([0-9]*\) test.*/\1/p' "$log" | tail -n1)
        if [ -z "$p$f" ] && grep -E -q '^(not )?ok( |$)|^1\.\.0( |$)' "$log"; then
            set -- $(awk '
                /^ok( |$)/ && tolower($0) ~ /^ok[^#]*# *skip/ { s++; next }
                /^ok( |$)/ { p++; next }
                /^not ok( |$)/ { f++; next }
                /^1\.\.0( |$)/ { s++ }
                END { print p + 0, f + 0, s + 0 }' "$log")
            p=$1; f=$(($2 + $(grep -c '^:test-result: ERROR' "$trs" || true))); s=$3
        elif [ -z "$p$f" ]; then
            line=$(grep -E '^([A-Za-z-]+: )?[0-9]+ passed, [0-9]+ failed' "$log" | tail -n1 || true)
            if [ -n "$line" ]; then
                p=$(echo "$line" | sed -E 's/^([A-Za-z-]+: )?([0-9]+) passed.*/\2/')
                f=$(echo "$line" | sed -E 's/.* ([0-9]+) failed.*/\1/')
                s=$(echo "$line" | sed -n -E 's/.* ([0-9]+) skipped.*/\1/p')
            else
                p=$(grep -c '^PASS: ' "$log" || true)
                f=$(grep -c -E '^(FAIL|ERROR): ' "$log" || true)
                s=$(grep -c '^SKIP: ' "$log" || true)
                [ "$p$f$s" = 000 ] && { p=; f=; s=; }
            fi
        fi
        p=${p:-0}; f=${f:-0}; s=${s:-0}
        case " $res" in
        *" FAIL "* | *" ERROR "* | *" XPASS "*) [ "$f" -gt 0 ] || f=1 ;;
        " SKIP ") [ "$s" -gt 0 ] || s=1 ;;
        *) [ "$p$f$s" != 000 ] || p=1 ;;
        esac
        echo "$p $f $s${SUMMARY_DETAIL:+ $trs}"
    done | if [ -n "${SUMMARY_DETAIL:-}" ]; then cat; else
        awk '{p+=$1; f+=$2; s+=$3} END {printf "%d passed, %d failed, %d skipped\n", p, f, s}'
    fi
}

case "$mode" in
demo)
    if $intree; then
        echo "quickstart: the checkout is configured in-tree: building there"
        make -s -j"$jobs"
        exec ./src/flametui data/sample.folded
    fi
    mkdir -p build && cd build
    [ -f Makefile ] || ../configure -q
    make -s -j"$jobs"
    exec ./src/flametui ../data/sample.folded
    ;;
check)
    rm -rf build-check && mkdir build-check && mkdir build-check/extra
    extra=$top/build-check/extra      # this script's own results and the extra tiers
    if $intree; then
        # reuse the in-tree build, reconfigured for the check (summary() reads tests/)
        echo "quickstart: the checkout is configured in-tree: checking there"
        src=.
    else
        cd build-check
        src=..
    fi
    status=0
    record() {
        printf ':test-result: %s\n' "$2" > "$extra/$1.trs"
        [ -n "${3:-}" ] && [ -f "$3" ] && cp "$3" "$extra/$1.log" || : > "$extra/$1.log"
        echo "$2: $1"
        [ "$2" = PASS ] || [ "$2" = SKIP ] || status=1
    }
    finish() {  # the tree must be unchanged by the build; then the one summary line
        if git -C "$top" rev-parse --git-dir >/dev/null 2>&1; then
            if git -C "$top" diff --exit-code --stat; then
                record git-diff PASS
            else
                echo "quickstart: the build changed tracked files"
                record git-diff FAIL
            fi
        fi
        summary
        exit $status
    }
    if ! { $src/configure -q --enable-werror --enable-sanitizers && make -s -j"$jobs"; } \
            > build.log 2>&1; then
        tail -n 40 build.log
        record build FAIL build.log
        finish
    fi
    record build PASS
    make -s -j"$jobs" check || status=$?
    if [ $status -ne 0 ]; then
        cat test-suite.log
    fi
    # distcheck: one result. Its own make check finds the corpus through
    # FLAMETUI_CORPUS (the unpacked tarball has no ../shared beside it).
    if [ $status -eq 0 ]; then
        if FLAMETUI_CORPUS="$top/../shared/corpus" make -s -j"$jobs" distcheck \
                > distcheck.log 2>&1; then
            record distcheck PASS
        else
            tail -n 60 distcheck.log
            record distcheck FAIL distcheck.log
        fi
    else
        echo "SKIP: distcheck (make check failed)" > distcheck.log
        record distcheck SKIP distcheck.log
    fi
    # extra tiers, counted in the summary: bounded fuzzing (clang's libFuzzer) and
    # valgrind + cppcheck on a build without sanitizers. Each skips, saying why, when
    # its tool is missing; the skip is counted.
    tier() { # NAME CMD...: runs CMD, keeps its log and result where summary() looks
        name=$1; shift
        rc=0
        "$@" > "$extra/$name.log" 2>&1 || rc=$?
        case $rc in
        0) res=PASS ;;
        77) res=SKIP ;;
        *) res=FAIL; status=1 ;;
        esac
        printf ':test-result: %s\n' "$res" > "$extra/$name.trs"
        echo "$res: $name"
        if [ $res = FAIL ]; then tail -n 40 "$extra/$name.log"; fi
        grep '^SKIP' "$extra/$name.log" || true
        grep '^FLAKY' "$extra/$name.log" || true
        return 0
    }
    FUZZ_SECONDS=${FUZZ_SECONDS:-30} tier fuzz sh "$top/tests/fuzz/run.sh" "$top/build-check"
    # the monkey tier: the live viewer of this ASan+UBSan build on perf text arriving
    # slowly, with a grouping or a time range and a filter, under random keys, 30 s a run
    MONKEY_SECONDS=${MONKEY_SECONDS:-30} top_srcdir=$top FLAMETUI=$PWD/src/flametui \
        tier monkey sh "$top/tests/e2e/t_tui_live_monkey.sh"
    if command -v valgrind >/dev/null 2>&1 && $intree; then
        # valgrind needs a build without sanitizers: a second build dir, impossible
        # beside an in-tree configuration
        echo "SKIP: valgrind tier: the checkout is configured in-tree (make distclean" \
             "there for a separate valgrind build)" > build-vg.log
        record build-vg SKIP build-vg.log
    elif command -v valgrind >/dev/null 2>&1; then
        if mkdir -p "$top/build-vg" && (cd "$top/build-vg" && { [ -f Makefile ] || ../configure -q; } &&
                make -s -j"$jobs" src/flametui) > build-vg.log 2>&1; then
            record build-vg PASS
            tier valgrind sh "$top/tests/valgrind.sh" "$top/build-vg"
        else
            tail -n 20 build-vg.log
            record build-vg FAIL build-vg.log
        fi
    else
        # valgrind.sh says why and exits 77 (it still runs cppcheck if present)
        tier valgrind sh "$top/tests/valgrind.sh" "$PWD"
    fi
    # tiers that configure a build directory of their own, impossible beside an in-tree
    # configuration (like valgrind's): NAME WHAT-IT-BUILDS SCRIPT BUILDDIR
    own_build_tier() {
        if $intree; then
            echo "SKIP: $1 tier: the checkout is configured in-tree (make distclean there" \
                 "for $2)" > "build-$1.log"
            record "$1" SKIP "build-$1.log"
        else
            tier "$1" sh "$3" "$4"
        fi
    }
    # ThreadSanitizer on the two-thread stack pipeline (TSan excludes ASan)
    own_build_tier tsan "a separate TSan build" "$top/tests/tsan.sh" "$top/build-tsan"
    # the static program (make static, in build-check/static) run in an empty root
    own_build_tier static "make static" "$top/tests/static.sh" "$top/build-check"
    finish
    ;;
*)
    echo "usage: sh tests/quickstart.sh demo|check" >&2
    exit 2
    ;;
esac
