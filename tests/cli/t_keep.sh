#!/bin/sh
# SPDX-License-Identifier: MIT
# flametui - tests/cli/t_keep.sh (issue 16): FLAMETUI_OPTS (split like a shell, before
# the command line), --save and --tee with the non-interactive outputs, LICENSE and an
# SPDX line in every source file.
. "${top_srcdir:-.}/tests/cli/lib.sh"
F="$FLAMETUI"
printf 'main;a b;c 3\nmain;x 2\nother 1\n' > "$tmp/in.folded"

# FLAMETUI_OPTS: quotes make one word; the command line comes after it
run env FLAMETUI_OPTS="--exclude='a b' --colors=mem" "$F" --collapse "$tmp/in.folded"
expect_eq "FLAMETUI_OPTS single quotes" "$(printf 'main;x 2\nother 1')" "$out"
run env FLAMETUI_OPTS='--hide="a\"b" --hide=a\ b' "$F" --collapse "$tmp/in.folded"
expect_eq "FLAMETUI_OPTS double quotes, backslash" "$(printf 'main;c 3\nmain;x 2\nother 1')" "$out"
run env FLAMETUI_OPTS='--top=1' "$F" --top=2 "$tmp/in.folded"
expect_eq "FLAMETUI_OPTS: the command line wins" 3 "$(echo "$out" | wc -l)"
run env FLAMETUI_OPTS="--exclude='a b" "$F" --collapse "$tmp/in.folded"
expect_eq "FLAMETUI_OPTS unterminated quote rc" 2 "$rc"
case "$err" in "flametui: FLAMETUI_OPTS: unterminated ' quote"*) ok ;; *) fail "FLAMETUI_OPTS error: $err" ;; esac
run env FLAMETUI_OPTS='--bogus' "$F" --collapse "$tmp/in.folded"
expect_eq "FLAMETUI_OPTS unknown option rc" 2 "$rc"
run env FLAMETUI_OPTS='   ' "$F" --collapse "$tmp/in.folded"
expect_eq "FLAMETUI_OPTS blank" 0 "$rc"

# --save and --tee with a batch output; --tee of compressed input stays compressed
"$F" --collapse "$tmp/in.folded" > "$tmp/want"
run sh -c "cat '$tmp/in.folded' | '$F' --top=1 --save='$tmp/s.folded' --tee='$tmp/t.raw' -"
expect_eq "--save with --top rc" 0 "$rc"
cmp -s "$tmp/s.folded" "$tmp/want" && ok || fail "--save with --top: not --collapse's output"
cmp -s "$tmp/t.raw" "$tmp/in.folded" && ok || fail "--tee: not the input"
gzip -c "$tmp/in.folded" > "$tmp/in.gz"
run sh -c "'$F' --collapse --tee='$tmp/t.gz' - < '$tmp/in.gz'"
cmp -s "$tmp/t.gz" "$tmp/in.gz" && ok || fail "--tee of gzip input: not the raw bytes"
expect_eq "--tee of gzip: output" "$(cat "$tmp/want")" "$out"
run "$F" --collapse --tee="$tmp/t2.raw" "$tmp/in.folded"   # a regular (mapped) file
cmp -s "$tmp/t2.raw" "$tmp/in.folded" && ok || fail "--tee of a file: not its bytes"
cp "$tmp/in.folded" "$tmp/same.folded"
run "$F" --collapse --tee="$tmp/same.folded" "$tmp/same.folded"
expect_eq "--tee onto its own input rc" 2 "$rc"
cmp -s "$tmp/same.folded" "$tmp/in.folded" && ok || fail "--tee onto its own input emptied it"
run "$F" --collapse --tee="$tmp/nodir/x" "$tmp/in.folded"
expect_eq "--tee unwritable rc" 1 "$rc"
run "$F" --collapse --save="$tmp/nodir/x" "$tmp/in.folded"
expect_eq "--save unwritable rc" 1 "$rc"
case "$err" in *"cannot write $tmp/nodir/x"*) ok ;; *) fail "--save error: $err" ;; esac
ls -a "$tmp" | grep -q '^\.s\.folded\.' && fail "--save left a temporary file" || ok
# the old file's permissions are kept
chmod 640 "$tmp/s.folded"
"$F" --collapse --save="$tmp/s.folded" "$tmp/in.folded" > /dev/null
expect_eq "--save keeps the mode" 640 "$(stat -c %a "$tmp/s.folded")"

# the license, and an SPDX line in every source file of the tree
[ -f "$top_srcdir/LICENSE" ] && grep -q '^MIT License' "$top_srcdir/LICENSE" && ok || fail "LICENSE"
missing=
for f in $(cd "$top_srcdir" && find src tests completion Makefile.am configure.ac autogen.sh \
        doc/flametui.1 -type f \( -name '*.[ch]' -o -name '*.sh' -o -name '*.py' -o \
        -name '*.am' -o -name '*.ac' -o -name run -o -name '*.1' -o -name '_flametui' -o \
        -name flametui \) ! -path '*/.deps/*' 2>/dev/null); do
    [ -x "$top_srcdir/$f" ] && [ "${f%.sh}" = "$f" ] && [ "${f%run}" = "$f" ] && continue  # built programs
    head -n 3 "$top_srcdir/$f" | grep -q 'SPDX-License-Identifier: MIT' || missing="$missing $f"
done
expect_eq "files without an SPDX line" "" "$missing"
finish
