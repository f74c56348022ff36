#!/bin/sh
# SPDX-License-Identifier: MIT
# flametui - tests/compat/bpftrace.sh: bpftrace map outputs (tests/data/bpftrace-*.bt)
# collapsed by flametui must equal the outputs of FlameGraph's stackcollapse-bpftrace.pl
# (41fee1f, ../shared/oracles), summed per stack as flamegraph.pl does, stored beside them.
# Recorded here with bpftrace 0.17 (profile:hz:49 for a second, interval:s:1 { exit(); }):
#   kstack       @[kstack] = count()
#   ustack       @[ustack] = count()  (a busy python3)
#   kstack-comm  @[kstack, comm] = count()
#   comm-kstack  @[comm, kstack] = count()
#   maps         @k[kstack], @u[ustack(perf, 6)], @n = count(), @c[comm]: several maps
#   hand         hand-written: other maps, "@[, comm]: N", offsets and modules, a stack
#                that is not closed (skipped: exit 0, a notice on stderr)
# The script handles only "@[" and a comm after the stack; for the two forms it drops,
# the reference was made from the same file rewritten into a form it reads:
#   maps:        sed 's/^@[A-Za-z0-9_]*\[$/@[/'       (a named map read as "@[")
#   comm-kstack: "@[comm, " ... "]: N"  ->  "@[" ... ", comm]: N"  (awk, one line)
# then, for every file:
#   perl stackcollapse-bpftrace.pl FILE | perl -e 'my %c; while (<>) { chomp;
#     my ($s, $n) = /^(.*) (\d+)$/ or next; $c{$s} += $n }
#     print "$_ $c{$_}\n" for sort keys %c' > NAME.expected.folded
# No Perl or bpftrace needed here. Each file is also read through a pipe and with
# --format=bpftrace forced.
. "${top_srcdir:-.}/tests/compat/data_lib.sh"
d="${top_srcdir:-.}/tests/data"
n=0
for exp in "$d"/bpftrace-*.expected.folded; do
    b=${exp##*/}; b=${b%.expected.folded}
    in="$d/$b.bt"
    n=$((n + 1))
    "$FLAMETUI" --collapse "$in" > "$tmp/out" 2> "$tmp/err"
    check_file "$b" "$exp"
    if [ "$b" = bpftrace-hand ]; then
        grep -q "bpftrace-hand.bt: 1 stack skipped (first at line 33: stack not closed" \
            "$tmp/err" && ok ||
            { fail "$b: stderr:"; cat "$tmp/err"; }
    elif [ -s "$tmp/err" ]; then
        fail "$b: stderr:"; cat "$tmp/err"
    fi
    cat "$in" | "$FLAMETUI" --collapse > "$tmp/out" 2> /dev/null
    check_file "$b (pipe)" "$exp"
    gzip -c "$in" | "$FLAMETUI" --collapse > "$tmp/out" 2> /dev/null
    check_file "$b (gzip pipe)" "$exp"
    "$FLAMETUI" --collapse --format=bpftrace "$in" > "$tmp/out" 2> /dev/null
    check_file "$b (--format=bpftrace)" "$exp"
done
[ "$n" -ge 6 ] || { fail "only $n bpftrace files"; }
finish
