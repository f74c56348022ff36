#!/bin/sh
# SPDX-License-Identifier: MIT
# flametui - tests/cli/t_messages.sh: what error messages say and never print.
# FLAMETUI_OPTS errors name FLAMETUI_OPTS, and an option of it never takes a word of the
# command line as its value; text from argv (patterns, paths) in a message on a terminal
# is made safe (no raw escape sequences).
. "${top_srcdir:-.}/tests/cli/lib.sh"
F="$FLAMETUI"
cd "$tmp" || exit 99
printf 'main;a 3\nmain;b 2\n' > "$tmp/in.folded"

run env FLAMETUI_OPTS='--bogus' "$F" --collapse "$tmp/in.folded"
expect_eq "FLAMETUI_OPTS unknown option rc" 2 "$rc"
case "$err" in "flametui: FLAMETUI_OPTS: unrecognized option '--bogus'"*) ok ;;
    *) fail "FLAMETUI_OPTS unknown option: $err" ;; esac
run env FLAMETUI_OPTS='--top=x' "$F" --collapse "$tmp/in.folded"
case "$err" in "flametui: FLAMETUI_OPTS: "*) ok ;; *) fail "FLAMETUI_OPTS bad value: $err" ;; esac
# --save without its value: not the command line's next word
run env FLAMETUI_OPTS='--save' "$F" --collapse "$tmp/in.folded"
expect_eq "FLAMETUI_OPTS --save without a value rc" 2 "$rc"
case "$err" in "flametui: FLAMETUI_OPTS: option '--save' needs an argument"*) ok ;;
    *) fail "FLAMETUI_OPTS --save: $err" ;; esac
if [ -e ./--collapse ]; then fail "--save took --collapse"; else ok; fi
# the command line's own errors do not name FLAMETUI_OPTS
run env FLAMETUI_OPTS='--colors=mem' "$F" --collapse --bogus "$tmp/in.folded"
case "$err" in "flametui: unrecognized option '--bogus'"*) ok ;; *) fail "command line error: $err" ;; esac
# checks across options still see both: --normalize in FLAMETUI_OPTS, --base on the line
run env FLAMETUI_OPTS='--normalize' "$F" --collapse --base="$tmp/in.folded" "$tmp/in.folded"
expect_eq "FLAMETUI_OPTS --normalize with the line's --base" 0 "$rc"

# messages on a terminal: argv text made safe (script(1) gives stderr a terminal)
if command -v script >/dev/null 2>&1; then
    esc=$(printf '\033')
    for args in "--collapse --include='${esc}[31m(' $tmp/in.folded" \
                "--svg='$tmp/no/${esc}[31mx.svg' $tmp/in.folded" \
                "--collapse --tee='$tmp/no/${esc}[31mx' $tmp/in.folded" \
                "--collapse $tmp/no${esc}[31mx"; do
        script -qec "$F $args" /dev/null < /dev/null > "$tmp/tty" 2>&1
        grep -q "$esc" "$tmp/tty" && fail "raw ESC on the terminal: $(od -c "$tmp/tty" | head -3)" ||
            ok "safe: $(echo "$args" | tr -d '\033')"
    done
else
    skip "script(1) not installed: no terminal for stderr"
fi
