#!/bin/sh
# SPDX-License-Identifier: MIT
# flametui - tests/cli/t_perf_data_inproc.sh: a perf.data that the native reader takes is
# read in flametui's own process, its records straight into the collapsing parser: no
# child process (no text printed and parsed again), for perf's file format (a batch
# output on a second thread, the time index in steps) and its pipe format (a file and
# standard input); the stacks are those of the committed expectation. strace counts the
# processes made (a thread is not one). Skips without strace. --tee of the pipe format
# on standard input copies the raw bytes.
. "${top_srcdir:-.}/tests/cli/lib.sh"
F="$FLAMETUI"
d="${top_srcdir:-.}/tests/data"
command -v strace > /dev/null 2>&1 || skip_all "strace not installed"
strace -f -e trace=none true > /dev/null 2>&1 || skip_all "strace cannot trace here"
# forks: clone/clone3 without CLONE_THREAD, fork, vfork
procs() { grep -E '(clone|clone3|fork|vfork)\(' "$tmp/st" | grep -v CLONE_THREAD | grep -c .; }
check() { # NAME WANT-FILE ARGS...
    name=$1; want=$2; shift 2
    # (LeakSanitizer forks a tracer of its own at exit, and cannot run under strace)
    ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0" \
        strace -f -qq -e trace=clone,clone3,fork,vfork -o "$tmp/st" "$F" "$@" \
        > "$tmp/out" 2> "$tmp/err" < "${STDIN:-/dev/null}"
    rc=$?
    n=$(procs)
    if [ "$rc" = 0 ] && [ "$n" = 0 ]; then ok "$name: no child process"
    else fail "$name: exit $rc, $n processes made ($(head -c 300 "$tmp/err"))"; fi
    if LC_ALL=C sort "$tmp/out" | cmp -s - "$want"; then ok "$name: the stacks"
    else fail "$name: the stacks differ"; diff "$want" "$tmp/out" | head -5; fi
}
LC_ALL=C sort "$d/perf-data-tiny.expected.folded" > "$tmp/want"
check "file format, --collapse" "$tmp/want" --collapse --no-perf-script "$d/perf-data-tiny.data"
"$F" --collapse --no-perf-script "$d/perf-pipe-tiny.data" | LC_ALL=C sort > "$tmp/want.pipe"
check "pipe format file, --collapse" "$tmp/want.pipe" --collapse --no-perf-script \
    "$d/perf-pipe-tiny.data"
STDIN="$d/perf-pipe-tiny.data" check "pipe format on standard input" "$tmp/want.pipe" \
    --collapse --no-perf-script -
# --tee of perf's pipe format on standard input: the raw bytes, those read ahead included
cat "$d/perf-pipe-tiny.data" | "$F" --collapse --no-perf-script --tee="$tmp/tee" - \
    > "$tmp/out" 2> "$tmp/err"
if cmp -s "$d/perf-pipe-tiny.data" "$tmp/tee"; then ok "pipe format, --tee: the raw input"
else fail "pipe format, --tee: the copy differs ($(head -c 200 "$tmp/err"))"; fi
"$F" --collapse --group=cpu --no-perf-script "$d/perf-data-tiny.data" | LC_ALL=C sort \
    > "$tmp/want.cpu"
check "file format, the time index (--group=cpu)" "$tmp/want.cpu" --collapse --group=cpu \
    --no-perf-script "$d/perf-data-tiny.data"
finish
