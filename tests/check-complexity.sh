#!/bin/sh
# SPDX-License-Identifier: MIT
# flametui - tests/check-complexity.sh: no function of src/ above a cognitive complexity of
# 60, as clang-tidy's readability-function-cognitive-complexity measures it (Sonar's
# definition: +1 per break in the linear flow, more per nesting level). One TAP line per
# source file. Skips when clang-tidy or the build's config.h is missing.
#   LIMIT=N  another limit (e.g. LIMIT=35 lists the functions worth splitting next)
top=${top_srcdir:-$(dirname "$0")/..}
. "$top/tests/lib.sh"
build=${top_builddir:-.}
limit=${LIMIT:-60}
tidy=$(command -v clang-tidy || command -v clang-tidy-14 || true)
[ -n "$tidy" ] || skip_all "clang-tidy not installed"
[ -f "$build/config.h" ] || skip_all "no config.h in $build (run from a configured build)"
flags="-I$build -I$top/src -I$build/src -I$build/src/input -I$top/src/input -include config.h"
flags="$flags $(pkg-config --cflags ncursesw libpcre2-8 libprotobuf-c 2>/dev/null)"
cfg="{CheckOptions: [{key: readability-function-cognitive-complexity.Threshold, value: $((limit + 1))}, \
{key: readability-function-cognitive-complexity.DescribeBasicIncrements, value: false}]}"
for f in $(cd "$top" && find src -name '*.c' ! -name '*.pb-c.c' | sort); do
    # shellcheck disable=SC2086
    out=$("$tidy" -quiet --checks='-*,readability-function-cognitive-complexity' -config="$cfg" \
        "$top/$f" -- $flags 2>&1)
    if echo "$out" | grep -q 'error:'; then
        fail "$f: clang-tidy could not parse it: $(echo "$out" | grep -m1 'error:')"
    elif echo "$out" | grep -q 'cognitive complexity'; then
        out=$(echo "$out" | grep 'cognitive complexity')
        fail "$f: functions above $limit: $(echo "$out" | sed -E "s/.*function '([^']*)' has cognitive complexity of ([0-9]+).*/\1 \2/" | tr '\n' ' ')"
    else
        ok "$f: no function above $limit"
    fi
done
finish
