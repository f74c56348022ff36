#!/bin/sh
# SPDX-License-Identifier: MIT
# flametui - tests/cli/t_srcline.sh: --srcline keeps every sample of a real perf 6.1
# `perf script -F +srcline` recording (tests/data/perf-srcline-nodebug.perf, made as
# tests/data/src/srcline/sl.c says), where frames without debug information have no
# source line after them: the same sample total as without --srcline, in a file (read on
# two threads), on a pipe, and with --weight=samples; no frames glued together.
. "${top_srcdir:-.}/tests/cli/lib.sh"
F="$FLAMETUI"
in="$top_srcdir/tests/data/perf-srcline-nodebug.perf"
sum() { awk '{ s += $NF } END { printf "%d\n", s }'; }
run "$F" --collapse --weight=samples "$in"
expect_eq "without --srcline: every record" 131 "$(printf '%s\n' "$out" | sum)"
run "$F" --collapse --weight=samples --srcline "$in"
expect_eq "--srcline: every record" 131 "$(printf '%s\n' "$out" | sum)"
expect_eq "--srcline: no line skipped" "" "$err"
run "$F" --collapse --srcline "$in"
expect_eq "--srcline: the periods" "$("$F" --collapse "$in" | sum)" "$(printf '%s\n' "$out" | sum)"
run sh -c "cat '$in' | '$F' --collapse --weight=samples --srcline -"
expect_eq "--srcline on a pipe: every record" 131 "$(printf '%s\n' "$out" | sum)"
# a frame without a source line stays a frame of its own, not glued to the next line
expect_eq "nd_spin is a frame" 1 "$(printf '%s\n' "$out" | grep -c ';nd_spin [0-9]*$')"
expect_eq "no frame line in a name" "" "$(printf '%s\n' "$out" | grep -E '\(/|	' | head -n 1)"
# the kernel frames' "[kernel.kallsyms][ADDR]" lines are their source lines
expect_eq "kernel frames kept" 1 \
    "$(printf '%s\n' "$out" | grep -c ';entry_SYSCALL_64_after_hwframe;do_syscall_64;ksys_read;vfs_read;read_zero ')"
finish
