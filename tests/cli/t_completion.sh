#!/bin/sh
# SPDX-License-Identifier: MIT
# flametui - tests/cli/t_completion.sh: the bash completion offers every long
# option of --help (run in bash: completing "--" lists them), the values of --format,
# --weight and --colors; the zsh completion names every option too (zsh itself is
# used when installed).
. "${top_srcdir:-.}/tests/cli/lib.sh"
bashc="$top_srcdir/completion/flametui"
zshc="$top_srcdir/completion/_flametui"
"$FLAMETUI" --help | grep -oE -- '--[a-z][a-z-]+' | sort -u |
    grep -vxE -- '--(inline|context)' > "$tmp/opts"      # refused: not offered
[ -s "$tmp/opts" ] || { fail "no options in --help"; finish; exit; }
if command -v bash >/dev/null 2>&1; then
    complete_words() {   # complete_words WORD...: what bash offers for the last word
        bash -c '. "$1"; shift; COMP_WORDS=(flametui "$@"); COMP_CWORD=$#; _flametui
                 printf "%s\n" "${COMPREPLY[@]}"' sh "$bashc" "$@"
    }
    complete_words -- | sed 's/=$//' | sort -u > "$tmp/bash"
    while read -r o; do
        grep -qxF -- "$o" "$tmp/bash" && ok || fail "bash completion lacks $o"
    done < "$tmp/opts"
    expect_eq "bash: --format values" "auto folded perf perf-data pprof bpftrace" "$(complete_words --format = | tr '\n' ' ' | sed 's/ $//')"
    expect_eq "bash: --weight=s" "samples" "$(complete_words --weight = s)"
    expect_eq "bash: --colors=pu" "purple" "$(complete_words --colors = pu)"
    : > "$tmp/file.folded"
    expect_eq "bash: files" "$tmp/file.folded" "$(complete_words "$tmp/fil")"
else
    skip "bash not installed"
fi
while read -r o; do
    grep -qE -- "(^|[^a-z-])$o([^a-z-]|\$)" "$zshc" && ok || fail "zsh completion lacks $o"
done < "$tmp/opts"
if command -v zsh >/dev/null 2>&1; then
    zsh -n "$zshc" && ok || fail "zsh: syntax error in $zshc"
else
    skip "zsh not installed: only the option names were checked"
fi
finish
