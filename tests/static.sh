#!/bin/sh
# SPDX-License-Identifier: MIT
# flametui - tests/static.sh BUILDDIR: the static program (make static, CI's static tier).
# Builds BUILDDIR/flametui-static (make static), checks that it is statically linked, then
# runs it inside an empty root (a directory holding only the program and its input
# files; chroot as root, else unshare -r chroot): --version, --collapse of a perf script
# file and of a pprof profile (compared with their expected outputs in tests/data) and
# --text (compared with the same program's output outside the root). Prints TAP
# (tests/lib.sh); exits 77, saying why, when no empty root can be made.
set -u
here=$(cd "$(dirname "$0")" && pwd)
top_srcdir=${top_srcdir:-$(cd "$here/.." && pwd)}
build=$(cd "${1:-.}" && pwd)
TAP_SKIP_STATUS=77      # quickstart's tier: 77 is a skip
. "$top_srcdir/tests/lib.sh"
tmp=$(mktemp -d) || exit 99
tap_cleanup='rm -rf "$tmp"'
data="$top_srcdir/tests/data"
if make -s -C "$build" static > "$tmp/make.log" 2>&1; then
    ok "make static"
else
    tail -n 30 "$tmp/make.log" >&2
    fail "make static"; exit 1
fi
bin="$build/flametui-static"
if ldd "$bin" > "$tmp/ldd" 2>&1; then
    fail "flametui-static is dynamically linked: $(tr '\n' ' ' < "$tmp/ldd")"
else
    ok "flametui-static is statically linked ($(wc -c < "$bin") bytes)"
fi
# the empty root: the program and its inputs, nothing else (no libc, no terminfo, no locale)
root="$tmp/root"
mkdir "$root"
cp "$bin" "$root/flametui"
cp "$data/perf-kernel.perf" "$data/go-cpu.pb.gz" "$top_srcdir/data/sample.folded" "$root/"
chroot=$(command -v chroot || echo /usr/sbin/chroot)
if [ "$(id -u)" = 0 ] && "$chroot" "$root" /flametui --version > /dev/null 2>&1; then
    inroot() { env -i "$chroot" "$root" "$@"; }
elif unshare -r "$chroot" "$root" /flametui --version > /dev/null 2>&1; then
    inroot() { env -i "$(command -v unshare)" -r "$chroot" "$root" "$@"; }
else
    skip_all "no empty root: neither chroot (root) nor unshare -r chroot works here"
fi
inroot /flametui --version > "$tmp/version" 2>&1 && grep -q '^flametui ' "$tmp/version" &&
    ok "--version in an empty root" || fail "--version in an empty root: $(cat "$tmp/version")"
inroot /flametui --collapse /perf-kernel.perf > "$tmp/perf" 2> "$tmp/err" &&
    cmp -s "$tmp/perf" "$data/perf-kernel.expected.folded" &&
    ok "--collapse of perf script output in an empty root" ||
    fail "--collapse of perf script output in an empty root: $(head -c 300 "$tmp/err")"
inroot /flametui --collapse /go-cpu.pb.gz > "$tmp/pprof" 2> "$tmp/err" &&
    cmp -s "$tmp/pprof" "$data/go-cpu.expected.folded" &&
    ok "--collapse of a pprof profile in an empty root" ||
    fail "--collapse of a pprof profile in an empty root: $(head -c 300 "$tmp/err")"
env -i "$bin" --text --cols 100 --rows 20 "$top_srcdir/data/sample.folded" > "$tmp/text.want" 2>&1
inroot /flametui --text --cols 100 --rows 20 /sample.folded > "$tmp/text" 2>&1 &&
    [ "$(wc -l < "$tmp/text")" -eq 20 ] && cmp -s "$tmp/text" "$tmp/text.want" &&
    ok "--text in an empty root" ||
    fail "--text in an empty root: $(head -c 300 "$tmp/text")"
# no static libcurl dependencies on Debian: a URL says the program has no network inputs
inroot /flametui --collapse http://127.0.0.1:1/ > "$tmp/url" 2>&1
case $(cat "$tmp/url") in
*"built without libcurl"* | *"connection refused"*) ok "a URL: one clear line" ;;
*) fail "a URL in an empty root: $(head -c 300 "$tmp/url")" ;;
esac
finish
