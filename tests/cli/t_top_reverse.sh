#!/bin/sh
# SPDX-License-Identifier: MIT
# --top -r prints the table of the (filtered) profile, never of the reversed trie: the
# SELF column is the samples of stacks ending in each function, as without -r (the bug:
# in the reversed trie every stack ends at the process, so every other self was 0).
. "${top_srcdir:-.}/tests/cli/lib.sh"
F="$FLAMETUI"
printf 'proc;main;a;b 3\nproc;main;a 2\nproc;main;c 1\nproc;other;b 4\n' > "$tmp/x.folded"

# NAME SELF of each row, in order
selfs() { grep -v '^#' | awk '{ print $5 "=" $1 }' | tr '\n' ' '; }

run "$F" --top "$tmp/x.folded"
expect_eq "top rc" 0 "$rc"
expect_eq "top self" "b=7 a=2 c=1 proc=0 main=0 other=0 " "$(printf '%s\n' "$out" | selfs)"
plain="$out"

run "$F" --top -r "$tmp/x.folded"
expect_eq "top -r rc" 0 "$rc"
expect_eq "top -r self" "b=7 a=2 c=1 proc=0 main=0 other=0 " "$(printf '%s\n' "$out" | selfs)"
expect_eq "top -r = top" "$plain" "$out"
run "$F" --top --reverse "$tmp/x.folded"
expect_eq "top --reverse = top" "$plain" "$out"

# with filters: the filtered profile, reversed or not
run "$F" --top --exclude='^other$' "$tmp/x.folded"
filtered="$out"
expect_eq "filtered self" "b=3 a=2 c=1 main=0 proc=0 " "$(printf '%s\n' "$out" | selfs)"
run "$F" --top -r --exclude='^other$' "$tmp/x.folded"
expect_eq "filtered top -r = top" "$filtered" "$out"
run "$F" --top -r --hide='^a$' "$tmp/x.folded"
expect_eq "hide top -r self" "b=7 main=2 c=1 proc=0 other=0 " "$(printf '%s\n' "$out" | selfs)"

# the bundled data files: -r never changes the table
for f in "$top_srcdir"/tests/data/tui-basic.folded "$top_srcdir"/tests/data/perf-threads.perf; do
    run "$F" --top "$f"; a="$out"
    run "$F" --top -r "$f"
    expect_eq "$(basename "$f") top -r = top" "$a" "$out"
done

# -r still reverses the other outputs
run "$F" --collapse -r "$tmp/x.folded"
expect_eq "collapse -r" \
    "$(printf 'a;main;proc 2\nb;a;main;proc 3\nb;other;proc 4\nc;main;proc 1')" "$out"

# a bad regex is still a usage error
run "$F" --top -r --include='(' "$tmp/x.folded"
expect_eq "bad regex rc" 2 "$rc"
case $err in
"flametui: invalid regex '(': "*) ok ;;
*) fail "bad regex message: $err" ;;
esac
finish
