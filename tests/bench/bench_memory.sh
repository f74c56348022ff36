#!/bin/sh
# SPDX-License-Identifier: MIT
# flametui - memory benchmark: peak RSS of hostile inputs, each of which must
# stay under 256 MiB. Run by tests/bench/run (make bench), never by make check.
# usage: tests/bench/bench_memory.sh BUILDDIR   (BENCH_DIR=/tmp/flametui-bench)
set -eu
build=$(cd "${1:-.}" && pwd)
dir=${BENCH_DIR:-/tmp/flametui-bench}
ft="$build/src/flametui"
limit_kb=262144
mkdir -p "$dir"
[ -x /usr/bin/time ] || { echo "bench_memory: no GNU time (/usr/bin/time): skipped"; exit 0; }
bad=0
# measure NAME CMD...: prints wall time and peak RSS (of the command and its children);
# with nolimit=1, no 256 MiB verdict (a case that keeps what it is given)
nolimit=
measure() {
    name=$1; shift
    /usr/bin/time -f '%e %M' "$@" > /dev/null 2> "$dir/mem.err" || true
    set -- $(tail -n 1 "$dir/mem.err")
    verdict=ok
    if [ -n "$nolimit" ]; then verdict="(time: linear in the line)"
    elif [ "$2" -ge $limit_kb ]; then verdict="OVER 256 MiB"; bad=$((bad + 1)); fi
    mib=$(echo "$2" | awk '{print $1/1024}')
    printf '%-44s %7.2f s  peak RSS %7.1f MiB  %s\n' "$name" "$1" "$mib" "$verdict"
}
[ -s "$dir/bomb-zeros.gz" ] || head -c 1073741824 /dev/zero | gzip -9 > "$dir/bomb-zeros.gz"
[ -s "$dir/bomb-lines.gz" ] || yes 'a;b 1' | head -c 1073741824 | gzip -9 > "$dir/bomb-lines.gz"
measure "1 GB gzip bomb of zeros ($(( $(stat -c %s "$dir/bomb-zeros.gz") / 1024 )) KiB)" \
    "$ft" --collapse "$dir/bomb-zeros.gz"
measure "1 GB gzip bomb of 'a;b 1' lines ($(( $(stat -c %s "$dir/bomb-lines.gz") / 1024 )) KiB)" \
    "$ft" --collapse "$dir/bomb-lines.gz"
measure "--collapse /dev/zero for 10 s" timeout 10 "$ft" --collapse /dev/zero
measure "a 1 GB line of zeros through a pipe" \
    sh -c "head -c 1073741824 /dev/zero | '$ft' --collapse"
[ -s "$dir/line128" ] ||
    { head -c 134217728 /dev/zero | tr '\000' x; printf ' 1\n'; } > "$dir/line128"
nolimit=1
measure "a 128 MB line kept (--max-line=256M), pipe" \
    sh -c "cat '$dir/line128' | '$ft' --max-line=256M --collapse"
[ $bad -eq 0 ]
