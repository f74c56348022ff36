#!/bin/sh
# SPDX-License-Identifier: MIT
# --tree[=N], --tree-min=PCT: the call tree as indented text. Exact text on a small
# profile; on a real perf profile the percentages of the heaviest root's children equal
# those computed from its folded stacks; -r puts the functions by self time at the roots.
. "${top_srcdir:-.}/tests/cli/lib.sh"
F="$FLAMETUI"
D="$top_srcdir/tests/data"
printf 'main;a;x 5\nmain;a;y 2\nmain;b 2\nmain 1\nidle 10\n' > "$tmp/x.folded"

LC_ALL=C.UTF-8 run "$F" --tree "$tmp/x.folded"
expect_eq "tree rc" 0 "$rc"
expect_eq "tree text" "$(cat <<'EOF'
  TOTAL%    SELF%        TOTAL  FUNCTION
  50.00%   50.00%           10  idle
  50.00%    5.00%           10  main
  35.00%    0.00%            7  ├─ a
  25.00%   25.00%            5  │  ├─ x
  10.00%   10.00%            2  │  └─ y
  10.00%   10.00%            2  └─ b
EOF
)" "$out"

# ASCII guides without a UTF-8 locale; --tree-min prunes, --tree=N cuts the depth
LC_ALL=C run "$F" --tree --tree-min=20 "$tmp/x.folded"
expect_eq "tree-min text" "$(cat <<'EOF'
  TOTAL%    SELF%        TOTAL  FUNCTION
  50.00%   50.00%           10  idle
  50.00%    5.00%           10  main
  35.00%    0.00%            7  `- a
  25.00%   25.00%            5     `- x
EOF
)" "$out"
LC_ALL=C run "$F" --tree=2 --tree-min=0 "$tmp/x.folded"
expect_eq "tree=2 rows" 5 "$(printf '%s\n' "$out" | wc -l | tr -d ' ')"

# bottom-up: the leaf functions by self time at the roots, their callers below
LC_ALL=C run "$F" --tree -r "$tmp/x.folded"
expect_eq "tree -r text" "$(cat <<'EOF'
   SELF%         SELF  FUNCTION (its callers below it)
  50.00%           10  idle
  25.00%            5  x
  25.00%            5  `- a
  25.00%            5     `- main
  10.00%            2  b
  10.00%            2  `- main
  10.00%            2  y
  10.00%            2  `- a
  10.00%            2     `- main
   5.00%            1  main
EOF
)" "$out"

# filters apply as to the graph
LC_ALL=C run "$F" --tree --exclude='^idle$' --tree=1 "$tmp/x.folded"
expect_eq "tree exclude" "$(printf '  TOTAL%%    SELF%%        TOTAL  FUNCTION\n 100.00%%   10.00%%           10  main')" "$out"

# a diff: base, new and delta columns
printf 'main;a 3\nmain;b 1\n' > "$tmp/base.folded"
printf 'main;a 1\nmain;b 3\n' > "$tmp/new.folded"
LC_ALL=C run "$F" --tree --base="$tmp/base.folded" "$tmp/new.folded"
expect_eq "tree diff" "$(cat <<'EOF'
   BASE%     NEW%    DELTA  FUNCTION
 100.00%  100.00%    +0.00  main
  25.00%   75.00%   +50.00  |- b
  75.00%   25.00%   -50.00  `- a
EOF
)" "$out"

# usage errors
run "$F" --tree=0 "$tmp/x.folded"
expect_eq "tree=0 rc" 2 "$rc"
run "$F" --tree-min=abc --tree "$tmp/x.folded"
expect_eq "tree-min=abc rc" 2 "$rc"
run "$F" --tree --top "$tmp/x.folded"
expect_eq "tree + top rc" 2 "$rc"

# A real perf profile: the heaviest root's children, as computed from the folded stacks
P="$D/perf-python.perf"
"$F" --collapse "$P" > "$tmp/p.folded"
LC_ALL=C "$F" --tree --names=full --tree-min=0 "$P" > "$tmp/tree.txt"
root=$(sed -n '2p' "$tmp/tree.txt" | cut -c33-)
# TOTAL% SELF% of R;C from the folded stacks
pcts() {
    awk -v p="$1" '{ n = $NF; s = $0; sub(/ [^ ]*$/, "", s); all += n
        if (s == p) self += n
        if (s == p || substr(s, 1, length(p) + 1) == p ";") tot += n }
        END { printf "%.2f %.2f\n", tot * 100 / all, self * 100 / all }' "$tmp/p.folded"
}
# the depth-2 rows right under the first root
kids=$(awk 'NR > 2 { name = substr($0, 33); if (name !~ /^[|`]- /) exit
                     if (name ~ /^[|`]- /) print $1 " " $2 " " substr(name, 4) }' "$tmp/tree.txt")
[ -n "$kids" ] || fail "no children under $root"
while read -r t s name; do
    expect_eq "real: $root;$name" "$(pcts "$root;$name")" "${t%\%} ${s%\%}"
done <<EOF
$kids
EOF
expect_eq "real: root $root" "$(pcts "$root")" \
    "$(sed -n '2p' "$tmp/tree.txt" | awk '{ print substr($1, 1, length($1) - 1) " " substr($2, 1, length($2) - 1) }')"

# -r: the roots are the functions with the most self time, with their self %
LC_ALL=C "$F" --tree=1 -r --names=full --tree-min=0 "$P" | sed 1d | head -5 |
    awk '{ print substr($0, 24) " " substr($1, 1, length($1) - 1) }' > "$tmp/rev.txt"
awk '{ n = $NF; s = $0; sub(/ [^ ]*$/, "", s); k = split(s, f, ";"); self[f[k]] += n; all += n }
     END { for (x in self) printf "%s %.2f %d\n", x, self[x] * 100 / all, self[x] }' \
    "$tmp/p.folded" | LC_ALL=C sort -t ' ' -k3,3nr -k1,1 | head -5 | cut -d' ' -f1,2 > "$tmp/want.txt"
expect_eq "real -r roots" "$(cat "$tmp/want.txt")" "$(cat "$tmp/rev.txt")"
finish
