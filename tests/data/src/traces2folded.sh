#!/bin/sh
# SPDX-License-Identifier: MIT
# flametui - tests/data/src/traces2folded.sh: turns `go tool pprof -traces` output into
# folded stacks (root first, counts summed, sorted in byte order), the reference the
# pprof compat test (tests/compat/pprof.sh) compares `flametui --collapse` with.
# Used once, by hand, when the profiles are recorded (Go needed; the tests need none):
#   go tool pprof -traces -unit=nanoseconds tests/data/go-cpu.pb.gz |
#       sh tests/data/src/traces2folded.sh > tests/data/go-cpu.expected.folded
#   go tool pprof -traces -unit=bytes tests/data/go-heap.pb.gz | sh ... > go-heap.expected.folded
#   go tool pprof -traces -sample_index=alloc_objects tests/data/go-heap.pb.gz | ... \
#       > tests/data/go-heap.alloc_objects.expected.folded
# -unit=... makes pprof print exact integers ("50000000ns", "1311159B") instead of
# rounded ones ("50ms"); the unit suffix is dropped here. Each trace is leaf first, one
# frame per line ("NAME (inline)" for an inlined frame: the suffix is dropped); label
# lines ("  bytes:  32kB", column 11 is ':') are skipped. Zero values are dropped, as
# flametui drops them.
LC_ALL=C awk '
function flush() {
    if (n > 0 && v > 0) { s = f[n]; for (i = n - 1; i >= 1; i--) s = s ";" f[i]; sum[s] += v }
    n = 0; v = 0
}
/^-----------\+/ { flush(); intrace = 1; next }
!intrace { next }
substr($0, 11, 1) == ":" { next }
{
    val = substr($0, 1, 10); name = substr($0, 14)
    gsub(/ /, "", val)
    if (val != "") { sub(/[^0-9.]+$/, "", val); v = val + 0 }
    sub(/ \(inline\)$/, "", name)
    f[++n] = name
}
END { flush(); for (s in sum) printf "%s %.0f\n", s, sum[s] }
' | LC_ALL=C sort
