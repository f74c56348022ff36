#!/bin/sh
# flametui quick start: installs the missing Debian/Ubuntu build dependencies (apt-get,
# through sudo when not root), builds in ./build and then
#   sh tests/quickstart.sh demo    opens flametui on the bundled sample profile
#   sh tests/quickstart.sh check   builds with ASan+UBSan and -Werror, runs the whole test
#                                  suite (make check), then make distcheck; prints
#                                  "N passed, N failed" summed over the test logs
set -eu
mode=${1:-demo}
top=$(cd "$(dirname "$0")/.." && pwd)
cd "$top"

pkgs="build-essential autoconf automake autoconf-archive pkg-config libncurses-dev
      libpcre2-dev libcmocka-dev zlib1g-dev tmux gzip perl"
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
    $sudo apt-get install -y -qq $missing
fi

[ -x configure ] && [ configure -nt configure.ac ] && [ configure -nt Makefile.am ] || ./autogen.sh
jobs=$(nproc 2>/dev/null || echo 2)

summary() {
    # sums the per-test counts over every test log: cmocka's "[  PASSED  ] N test(s)",
    # our scripts' "N passed, N failed", else the automake result of the file
    find "$1" -name '*.trs' | sort | while read -r trs; do
        log=${trs%.trs}.log
        res=$(sed -n 's/^:test-result: //p' "$trs" | head -n1)
        p=$(sed -n 's/^\[  PASSED  \] \([0-9]*\) test.*/\1/p' "$log" | tail -n1)
        f=$(sed -n 's/^\[  FAILED  \] \([0-9]*\) test.*/\1/p' "$log" | tail -n1)
        if [ -z "$p$f" ]; then
            line=$(grep -E '^([A-Za-z-]+: )?[0-9]+ passed, [0-9]+ failed' "$log" | tail -n1 || true)
            if [ -n "$line" ]; then
                p=$(echo "$line" | sed -E 's/^([A-Za-z-]+: )?([0-9]+) passed.*/\2/')
                f=$(echo "$line" | sed -E 's/.* ([0-9]+) failed.*/\1/')
            fi
        fi
        case "$res" in
        SKIP) echo "0 0 1" ;;
        PASS|XFAIL) echo "${p:-1} ${f:-0} 0" ;;
        *) [ "${f:-0}" -gt 0 ] 2>/dev/null || f=1; echo "${p:-0} $f 0" ;;
        esac
    done | awk '{p+=$1; f+=$2; s+=$3} END {printf "%d passed, %d failed, %d skipped\n", p, f, s}'
}

case "$mode" in
demo)
    mkdir -p build && cd build
    [ -f Makefile ] || ../configure -q
    make -s -j"$jobs"
    exec ./src/flametui ../data/sample.folded
    ;;
check)
    rm -rf build-check && mkdir build-check && cd build-check
    ../configure -q --enable-werror --enable-sanitizers
    make -s -j"$jobs"
    status=0
    make -s -j"$jobs" check || status=$?
    if [ $status -ne 0 ]; then
        cat test-suite.log
    fi
    if [ $status -eq 0 ]; then
        make -s -j"$jobs" distcheck >distcheck.log 2>&1 || { tail -n 60 distcheck.log; status=1; }
    fi
    # extra tiers, counted in the summary: bounded fuzzing (clang's libFuzzer) and
    # valgrind + cppcheck on a build without sanitizers. Each skips, saying why, when
    # its tool is missing.
    mkdir -p extra
    tier() { # NAME CMD...: runs CMD, keeps its log and result where summary() looks
        name=$1; shift
        rc=0
        "$@" > "extra/$name.log" 2>&1 || rc=$?
        case $rc in
        0) res=PASS ;;
        77) res=SKIP ;;
        *) res=FAIL; status=1 ;;
        esac
        printf ':test-result: %s\n' "$res" > "extra/$name.trs"
        echo "$res: $name"
        if [ $res = FAIL ]; then tail -n 40 "extra/$name.log"; fi
        if [ $res = SKIP ]; then head -n 3 "extra/$name.log"; fi
        return 0
    }
    FUZZ_SECONDS=${FUZZ_SECONDS:-30} tier fuzz sh ../tests/fuzz/run.sh "$PWD"
    if command -v valgrind >/dev/null 2>&1; then
        mkdir -p ../build-vg && (cd ../build-vg && { [ -f Makefile ] || ../configure -q; } &&
            make -s -j"$jobs" src/flametui) > extra/build-vg.log 2>&1 ||
            { tail -n 20 extra/build-vg.log; status=1; }
        tier valgrind sh ../tests/valgrind.sh ../build-vg
    fi
    result=$(summary .)
    cd "$top"
    if git rev-parse --git-dir >/dev/null 2>&1; then
        git diff --exit-code --stat || { echo "quickstart: the build changed tracked files"; status=1; }
    fi
    echo "$result"
    exit $status
    ;;
*)
    echo "usage: sh tests/quickstart.sh demo|check" >&2
    exit 2
    ;;
esac
