#!/bin/sh
# SPDX-License-Identifier: MIT
# flametui - tests/tsan.sh BUILDDIR: the ThreadSanitizer tier (CI calls it through
# tests/quickstart.sh check). Configures BUILDDIR with --enable-tsan when it has no
# Makefile, builds what it runs, then checks the two-thread stack pipeline
# (src/input/stack_pipe.c) for data races: the pipeline unit tests (test_folded_pipe,
# test_perf_pipe) and --collapse of generated folded and perf script inputs of 6 MB
# (above the size where folded input goes to two threads) with FLAMETUI_THREADS=2,
# whose output must equal the one-thread output. Any ThreadSanitizer report fails.
# Ends with "N passed, N failed, N skipped"; exits 77, saying why, when the compiler
# cannot build with -fsanitize=thread.
set -u
here=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$here/.." && pwd)
build=${1:?usage: tsan.sh BUILDDIR}
jobs=${JOBS:-2}
npass=0; nfail=0; nskip=0
ok()   { npass=$((npass + 1)); echo "PASS: $*"; }
fail() { nfail=$((nfail + 1)); echo "FAIL: $*"; }
report() { echo "$npass passed, $nfail failed, $nskip skipped"; }

tmp=$(mktemp -d) || exit 99
trap 'rm -rf "$tmp"' EXIT
cc=${CC:-cc}
printf '#include <pthread.h>\nstatic void *f(void *a) { return a; }\nint main(void) { pthread_t t; pthread_create(&t, 0, f, 0); return pthread_join(t, 0); }\n' > "$tmp/t.c"
if ! $cc -fsanitize=thread -pthread -o "$tmp/t" "$tmp/t.c" > "$tmp/cc.log" 2>&1 ||
        ! "$tmp/t" > "$tmp/run.log" 2>&1; then
    echo "SKIP: tsan tier: $cc cannot build or run a -fsanitize=thread program:"
    cat "$tmp/cc.log" "$tmp/run.log" | head -n 5
    exit 77
fi

mkdir -p "$build" || exit 99
build=$(cd "$build" && pwd)
if ! (cd "$build" && { [ -f Makefile ] || "$top/configure" -q --enable-tsan --enable-werror; } &&
        make -s -j"$jobs" src/flametui tests/unit/test_folded_pipe tests/unit/test_perf_pipe \
            tests/bench/gen_folded tests/bench/gen_perf) > "$tmp/build.log" 2>&1; then
    tail -n 30 "$tmp/build.log"
    fail "tsan build"
    report
    exit 1
fi
ok "tsan build"

# halt at the first report, with an exit status of its own; the log is searched too
export TSAN_OPTIONS="halt_on_error=1 exitcode=66 ${TSAN_OPTIONS:-}"
export top_srcdir="$top"
# run NAME CMD...: passes when CMD exits 0 and wrote no ThreadSanitizer report
run() {
    name=$1; shift
    rc=0
    "$@" > "$tmp/out" 2> "$tmp/err" || rc=$?
    if [ $rc -eq 0 ] && ! grep -q ThreadSanitizer "$tmp/out" "$tmp/err"; then
        ok "$name"
        return 0
    fi
    fail "$name (exit $rc)"
    grep -A 30 ThreadSanitizer "$tmp/err" "$tmp/out" | head -n 60
    tail -n 10 "$tmp/out"
    return 1
}
run test_folded_pipe "$build/tests/unit/test_folded_pipe"
run test_perf_pipe "$build/tests/unit/test_perf_pipe"

"$build/tests/bench/gen_folded" 6 3000 7 > "$tmp/in.folded" 2>/dev/null
"$build/tests/bench/gen_perf" 6 3000 7 > "$tmp/in.perf" 2>/dev/null
for f in in.folded in.perf; do
    FLAMETUI_THREADS=1 "$build/src/flametui" --collapse "$tmp/$f" > "$tmp/$f.1" 2>&1
    if run "--collapse $f, 2 threads" env FLAMETUI_THREADS=2 "$build/src/flametui" \
            --collapse "$tmp/$f"; then
        if cmp -s "$tmp/out" "$tmp/$f.1"; then
            ok "--collapse $f: 2 threads give what 1 gives"
        else
            fail "--collapse $f: 2 threads differ from 1"
        fi
    fi
done
report
[ $nfail -eq 0 ]
