#!/bin/sh
# SPDX-License-Identifier: MIT
# flametui - make install stays under --prefix: configure (in a scratch build directory)
# with --prefix=HOME/.local and install the data files, as a non-root user when run as
# root (setpriv); the bash completion lands under the prefix even with bash-completion
# installed. With --prefix set to bash-completion's own prefix, the completion goes to
# its completionsdir (pkg-config).
. "${top_srcdir:-.}/tests/cli/lib.sh"
command -v make >/dev/null 2>&1 || skip_all "make not installed"
home="$tmp/home"; mkdir -p "$home" "$tmp/b"
src=$top_srcdir
if [ -f "$top_srcdir/config.status" ]; then
    # configured in-tree (a tarball's ./configure && make check): a second configure needs
    # a clean source tree; the files configure and the data install read do (timestamps
    # kept, so that make does not regenerate anything)
    src="$tmp/src"; mkdir -p "$src/src/input"
    (cd "$top_srcdir" && cp -pR configure configure.ac aclocal.m4 Makefile.am Makefile.in \
        config.h.in build-aux m4 LICENSE doc completion "$src/" && cp -p src/main.c "$src/src/" &&
        cp -p src/input/profile.proto src/input/profile.pb-c.c src/input/profile.pb-c.h \
            "$src/src/input/") || { fail "copying the source files configure reads"; exit 1; }
fi
cfg() { (cd "$tmp/b" && "$src/configure" -q --cache-file="$tmp/config.cache" "$@") \
        > "$tmp/configure.log" 2>&1; }
if ! cfg --prefix="$home/.local"; then
    tail -n 20 "$tmp/configure.log" >&2
    fail "configure --prefix=\$HOME/.local"; exit 1
fi
as_user=""
if [ "$(id -u)" = 0 ]; then
    if command -v setpriv >/dev/null 2>&1 && setpriv --reuid=65534 --regid=65534 --clear-groups true 2>/dev/null; then
        chmod 755 "$tmp" && chown -R 65534:65534 "$home" && as_user="setpriv --reuid=65534 --regid=65534 --clear-groups"
    else
        diag "root without setpriv: installing as root"
    fi
fi
# the data files only (no compiling): man page, LICENSE, completions
if $as_user make -s -C "$tmp/b" install-data > "$tmp/install.log" 2>&1; then
    ok "make install-data under --prefix=\$HOME/.local${as_user:+ (as uid 65534)}"
else
    cat "$tmp/install.log" >&2
    fail "make install-data under --prefix=\$HOME/.local${as_user:+ (as uid 65534)}"
fi
[ -f "$home/.local/share/bash-completion/completions/flametui" ] &&
    ok "bash completion in \$prefix/share/bash-completion/completions" ||
    fail "no bash completion under the prefix: $(find "$home" -type f | tr '\n' ' ')"
[ -f "$home/.local/share/zsh/site-functions/_flametui" ] &&
    ok "zsh completion in \$prefix/share/zsh/site-functions" ||
    fail "no zsh completion under the prefix"
[ -f "$home/.local/share/man/man1/flametui.1" ] && ok "man page under the prefix" ||
    fail "no man page under the prefix"
bcprefix=$(pkg-config --variable=prefix bash-completion 2>/dev/null) || bcprefix=""
if [ -n "$bcprefix" ]; then
    if cfg --prefix="$bcprefix"; then
        got=$(sed -n 's/^BASH_COMPLETION_DIR = //p' "$tmp/b/Makefile")
        expect_eq "--prefix=$bcprefix (bash-completion's): its completionsdir" \
            "$(pkg-config --variable=completionsdir bash-completion)" "$got"
    else
        fail "configure --prefix=$bcprefix"
    fi
else
    skip "bash-completion's pkg-config file not installed: its own prefix not tried"
fi
finish
