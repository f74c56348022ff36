#!/bin/sh
# SPDX-License-Identifier: MIT
# flametui - hostile output paths: --save, --tee and --svg=FILE never replace a device,
# FIFO or socket, an input or another output, and are refused at start (exit 1, or 2
# when two paths clash) before any data is read; a symbolic link's target is written;
# every output is written atomically (a full disk leaves the old file) keeping the
# replaced file's owner and mode; a file in a directory we cannot write is rewritten in
# place. Also: --tee copies the input only (never the base), a --tee write error exits
# 1, an empty --base is an error, and FLAMETUI_OPTS cannot take a command-line word as
# an option's argument.
. "${top_srcdir:-.}/tests/cli/lib.sh"
F="$FLAMETUI"
T=${T:-timeout 20}
printf 'main;a 3\nmain;b 2\n' > "$tmp/in.folded"
i=0
while [ $i -lt 3000 ]; do echo "main;fn_$i;leaf_$i $((i + 1))"; i=$((i + 1)); done > "$tmp/big.folded"
root=; [ "$(id -u)" = 0 ] && root=1

# refused NAME WANT_RC PATTERN ARGS...: runs with standard input a pipe that never ends
# (a writer is held open), so a refusal that waits for the input's end times out
mkfifo "$tmp/never"
refused() {
    name=$1 want=$2 pat=$3; shift 3
    exec 7<> "$tmp/never"
    run $T "$F" "$@" < "$tmp/never"
    exec 7>&-
    expect_eq "$name: exit status (at start)" "$want" "$rc"
    case "$err" in *$pat*) ok ;; *) fail "$name: message '$err' lacks '$pat'" ;; esac
}

# --- a device: a node of our own as root (never /dev/null: the old code replaced it) ---
if [ -n "$root" ] && mknod "$tmp/null" c 1 3 2> /dev/null; then dev="$tmp/null"; else dev=/dev/null; fi
refused "--save onto a device" 1 "a character device" --collapse --save="$dev" -
refused "--tee onto a device" 1 "a character device" --collapse --tee="$dev" -
refused "--svg onto a device" 1 "a character device" --svg="$dev" -
[ -c "$dev" ] && ok || fail "$dev is no longer a device"

# --- a FIFO (no reader: opening it would block) ---
mkfifo "$tmp/fifo"
refused "--save onto a FIFO" 1 "a FIFO" --collapse --save="$tmp/fifo" -
refused "--tee onto a FIFO" 1 "a FIFO" --collapse --tee="$tmp/fifo" -
refused "--svg onto a FIFO" 1 "a FIFO" --svg="$tmp/fifo" -
[ -p "$tmp/fifo" ] && ok || fail "the FIFO was replaced"

# --- a socket ---
if command -v python3 > /dev/null 2>&1 &&
    python3 -c "import socket,sys; socket.socket(socket.AF_UNIX).bind(sys.argv[1])" "$tmp/sock"; then
    refused "--save onto a socket" 1 "a socket" --collapse --save="$tmp/sock" -
    refused "--svg onto a socket" 1 "a socket" --svg="$tmp/sock" -
    [ -S "$tmp/sock" ] && ok || fail "the socket was replaced"
else
    skip "python3 missing: no socket to write onto"
fi

# --- a directory, a missing directory (issue: refused at start, not at exit) ---
refused "--save onto a directory" 1 "a directory" --collapse --save="$tmp" -
refused "--save into a missing directory" 1 "cannot write $tmp/nodir/x (--save)" \
    --collapse --save="$tmp/nodir/x" -
refused "--svg into a missing directory" 1 "cannot write $tmp/nodir/x (--svg)" --svg="$tmp/nodir/x" -
ln -s "$tmp/nowhere/x" "$tmp/dangling"
refused "--save: a link to a missing file" 1 "a symbolic link to a missing file" \
    --collapse --save="$tmp/dangling" -

# --- an input (same device and inode) ---
cp "$tmp/in.folded" "$tmp/keep.folded"
ln "$tmp/keep.folded" "$tmp/hard.folded"
ln -s "$tmp/keep.folded" "$tmp/sym.folded"
for o in --save --tee --svg; do
    m=--collapse; [ $o = --svg ] && m=
    refused "$o onto the input" 2 "is one of the inputs" $m "$o=$tmp/keep.folded" "$tmp/keep.folded"
    refused "$o onto a hard link of the input" 2 "is one of the inputs" $m "$o=$tmp/hard.folded" "$tmp/keep.folded"
    refused "$o onto a symlink to the input" 2 "is one of the inputs" $m "$o=$tmp/sym.folded" "$tmp/keep.folded"
done
run $T "$F" --collapse --tee="$tmp/keep.folded" < "$tmp/keep.folded"
expect_eq "--tee=F < F: exit status" 2 "$rc"
run $T "$F" --collapse --save="$tmp/keep.folded" < "$tmp/keep.folded"
expect_eq "--save=F < F: exit status" 2 "$rc"
refused "--tee=F --base=F" 2 "is one of the inputs" --collapse --tee="$tmp/keep.folded" \
    --base="$tmp/keep.folded" -
cmp -s "$tmp/keep.folded" "$tmp/in.folded" && ok || fail "an input was changed"

# --- another output ---
refused "--save=X --tee=X" 2 "--save and --tee are the same file" --collapse \
    --save="$tmp/x.out" --tee="$tmp/x.out" -
refused "--save=X --svg=X" 2 "--save and --svg are the same file" --save="$tmp/x.out" --svg="$tmp/x.out" -
[ -e "$tmp/x.out" ] && fail "a refused output was created" || ok
echo old > "$tmp/x.out"
ln -s "$tmp/x.out" "$tmp/x.link"
refused "--save=X --tee=LINK-TO-X" 2 "are the same file" --collapse --save="$tmp/x.out" --tee="$tmp/x.link" -
expect_eq "a refused output was changed" old "$(cat "$tmp/x.out")"

# --- a symbolic link: its target is written, the link stays ---
echo old > "$tmp/target.folded"
ln -s target.folded "$tmp/link.folded"
run "$F" --collapse --save="$tmp/link.folded" "$tmp/in.folded"
expect_eq "--save onto a symlink: exit status" 0 "$rc"
[ -L "$tmp/link.folded" ] && ok || fail "--save replaced the symbolic link"
cmp -s "$tmp/target.folded" "$tmp/in.folded" && ok || fail "--save did not write the link's target"
run "$F" --svg="$tmp/link.folded" "$tmp/in.folded"
[ -L "$tmp/link.folded" ] && ok || fail "--svg replaced the symbolic link"
grep -q '<svg' "$tmp/target.folded" && ok || fail "--svg did not write the link's target"

# --- a full disk (a file size limit) leaves the old file, and no temporary file ---
for o in --svg --save; do
    echo OLD > "$tmp/full.out"
    m=--collapse; [ $o = --svg ] && m=
    (ulimit -f 8; trap '' XFSZ; exec "$F" $m "$o=$tmp/full.out" "$tmp/big.folded") > /dev/null 2> "$tmp/err"
    rc=$?
    expect_eq "$o on a full disk: exit status" 1 "$rc"
    expect_eq "$o on a full disk: the old file" OLD "$(cat "$tmp/full.out")"
    ls -a "$tmp" | grep -q '^\.full\.out\.' && fail "$o left a temporary file" || ok
done

# --- a really full disk: a 64 KiB tmpfs (root, where mounting is allowed) ---
mkdir "$tmp/mnt"
if [ -n "$root" ] && mount -t tmpfs -o size=64k none "$tmp/mnt" 2> /dev/null; then
    echo OLD > "$tmp/mnt/full.svg"
    run "$F" --svg="$tmp/mnt/full.svg" "$tmp/big.folded"
    expect_eq "--svg on a full tmpfs: exit status" 1 "$rc"
    expect_eq "--svg on a full tmpfs: the old file" OLD "$(cat "$tmp/mnt/full.svg")"
    expect_eq "--svg on a full tmpfs: no temporary file" "full.svg" "$(ls -A "$tmp/mnt")"
    umount "$tmp/mnt"
else
    skip "cannot mount a small tmpfs (not root, or not allowed)"
fi

# --- --tee: a write error exits 1; the input only, never the base ---
(ulimit -f 8; trap '' XFSZ; exec "$F" --collapse --tee="$tmp/t.out" "$tmp/big.folded") > /dev/null 2> "$tmp/err"
expect_eq "--tee write error: exit status" 1 "$?"
grep -q -e '--tee' "$tmp/err" && ok || fail "--tee write error: message '$(cat "$tmp/err")'"
printf 'main;a 1\nmain;z 9\n' > "$tmp/base.folded"
run "$F" --collapse --tee="$tmp/t.out" --base="$tmp/base.folded" "$tmp/in.folded"
expect_eq "--tee with --base: exit status" 0 "$rc"
cmp -s "$tmp/t.out" "$tmp/in.folded" && ok || fail "--tee with --base: not the input's bytes: $(cat "$tmp/t.out")"
run sh -c "'$F' --collapse --tee='$tmp/t2.out' --base='$tmp/base.folded' - < '$tmp/in.folded'"
cmp -s "$tmp/t2.out" "$tmp/in.folded" && ok || fail "--tee of stdin with --base: not the input's bytes"

# --- an empty --base ---
: > "$tmp/empty.folded"
run "$F" --text --cols=60 --base="$tmp/empty.folded" "$tmp/in.folded"
expect_eq "empty --base: exit status" 1 "$rc"
case "$err" in *"$tmp/empty.folded: no samples found"*) ok ;; *) fail "empty --base: message '$err'" ;; esac

# --- FLAMETUI_OPTS: an option that needs an argument at its end ---
cp "$tmp/in.folded" "$tmp/word.folded"
run env FLAMETUI_OPTS='--save' "$F" --collapse "$tmp/word.folded"
expect_eq "FLAMETUI_OPTS='--save': exit status" 2 "$rc"
case "$err" in *"FLAMETUI_OPTS"*"--save"*"needs an argument"*) ok ;; *) fail "FLAMETUI_OPTS='--save': '$err'" ;; esac
cmp -s "$tmp/word.folded" "$tmp/in.folded" && ok || fail "FLAMETUI_OPTS='--save' wrote the input"
run env FLAMETUI_OPTS='-F' "$F" --collapse "$tmp/in.folded"
expect_eq "FLAMETUI_OPTS='-F': exit status" 2 "$rc"
run env FLAMETUI_OPTS='--sav' "$F" --collapse "$tmp/in.folded"
expect_eq "FLAMETUI_OPTS='--sav' (abbreviated): exit status" 2 "$rc"
run env FLAMETUI_OPTS='--save=x --text' "$F" --collapse "$tmp/in.folded"
case "$err" in *"needs an argument"*) fail "FLAMETUI_OPTS with --save=x: '$err'" ;; *) ok ;; esac

# --- a replaced file keeps its owner and mode; a directory we cannot write ---
echo old > "$tmp/mode.out"
chmod 640 "$tmp/mode.out"
[ -n "$root" ] && chown 1234:2345 "$tmp/mode.out"
run "$F" --collapse --save="$tmp/mode.out" "$tmp/in.folded"
expect_eq "--save keeps the mode" 640 "$(stat -c %a "$tmp/mode.out")"
if [ -n "$root" ]; then
    expect_eq "--save keeps the owner" 1234:2345 "$(stat -c %u:%g "$tmp/mode.out")"
else
    skip "not root: the owner of another user's file"
fi
mkdir "$tmp/ro"
cp "$tmp/big.folded" "$tmp/ro/f.out"     # the writer's own file
mkdir -m 777 "$tmp/rw"
cp "$tmp/big.folded" "$tmp/rw/g.out"     # root's, in a directory anyone can write
chmod 666 "$tmp/ro/f.out" "$tmp/rw/g.out"
[ -n "$root" ] && chown nobody "$tmp/ro/f.out" 2> /dev/null
chmod 555 "$tmp/ro"
G=$F
if [ -n "$root" ]; then   # another user, who may not reach the build directory
    chmod 755 "$tmp"
    cp "$F" "$tmp/flametui" && G=$tmp/flametui
    as="su nobody -s /bin/sh -c"
    command -v su > /dev/null 2>&1 && $as "'$G' --version" > /dev/null 2>&1 || as=
else
    as="sh -c"
fi
if [ -n "$as" ]; then
    $as "'$G' --collapse --save='$tmp/ro/f.out' '$tmp/in.folded' > /dev/null" 2> "$tmp/err"
    expect_eq "--save in a read-only directory: exit status" 0 "$?"
    cmp -s "$tmp/ro/f.out" "$tmp/in.folded" && ok || fail "--save in a read-only directory: $(cat "$tmp/err")"
    $as "'$G' --svg='$tmp/ro/f.out' '$tmp/in.folded'" 2> "$tmp/err"
    grep -q '</svg>' "$tmp/ro/f.out" && ok || fail "--svg in a read-only directory: $(cat "$tmp/err")"
    tail -c 7 "$tmp/ro/f.out" | grep -q '</svg>' && ok || fail "--svg in place: the old file's tail is left"
    if [ -n "$root" ]; then
        $as "'$G' --collapse --save='$tmp/rw/g.out' '$tmp/in.folded' > /dev/null" 2> "$tmp/err"
        cmp -s "$tmp/rw/g.out" "$tmp/in.folded" && ok || fail "--save onto another user's file: $(cat "$tmp/err")"
        expect_eq "--save onto another user's file: the owner" 0 "$(stat -c %u "$tmp/rw/g.out")"
    fi
    $as "'$G' --collapse --save='$tmp/ro/new.out' '$tmp/in.folded'" > /dev/null 2> "$tmp/err"
    expect_eq "--save of a new file in a read-only directory: exit status" 1 "$?"
    grep -q "cannot write $tmp/ro/new.out (--save): Permission denied" "$tmp/err" && ok ||
        fail "--save of a new file in a read-only directory: not refused at start: $(cat "$tmp/err")"
else
    skip "no su, or nobody cannot run flametui: a directory we cannot write"
fi
chmod 755 "$tmp/ro"
finish
