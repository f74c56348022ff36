# SPDX-License-Identifier: MIT
# flametui - tests/e2e/lib.sh: sourced by tests/e2e/t_*.sh. Runs the real binary in a
# private tmux server, sends keys and polls the screen (never fixed sleeps for positive
# checks). POSIX sh. Needs $FLAMETUI and $top_srcdir (set by make check).
# The protocol is tests/lib.sh's (TAP): every check counts, wait_for, wait_gone, quit_ok,
# expect_line and wait_modes when they succeed, ok after an explicit test; here fail ends
# the script (after printing the screen to stderr).
. "$top_srcdir/tests/lib.sh"
command -v tmux >/dev/null 2>&1 || skip_all "tmux not installed"
[ -n "$FLAMETUI" ] && [ -x "$FLAMETUI" ] || { fail "FLAMETUI not set or not executable"; exit 99; }
tmp=$(mktemp -d) || exit 99                  # never write into $top_srcdir (distcheck)
XDG_STATE_HOME="$tmp/state"; export XDG_STATE_HOME   # the prompt history: not the user's
n_server=0
T="tmux -L ft-$$-$n_server -f /dev/null"
e2e_cleanup() { $T kill-server 2>/dev/null; rm -rf "$tmp"; }
tap_cleanup=e2e_cleanup     # a script that starts a writer: 'kill $writer; e2e_cleanup'
# ncurses' GPM mouse support (TERM=linux) leaks 10 bytes in the dlopen'ed libgpm: not ours.
printf 'leak:mousemask_sp\nleak:libgpm\n' > "$tmp/lsan.supp"
LSAN_OPTIONS="suppressions=$tmp/lsan.supp:$LSAN_OPTIONS"; export LSAN_OPTIONS
ASAN_OPTIONS="log_path=$tmp/asan:fast_unwind_on_malloc=0:$ASAN_OPTIONS"; export ASAN_OPTIONS
UBSAN_OPTIONS="log_path=$tmp/ubsan:$UBSAN_OPTIONS"; export UBSAN_OPTIONS
data="$top_srcdir/tests/data"

# start CMD...: runs CMD in an 80x24 pane, then writes its exit status to $tmp/rc.
start() {
    start_size 80 24 "$@"
}
# start_size COLS ROWS CMD...: the same in a pane of that size.
start_size() {
    w=$1; h=$2; shift 2
    $T new-session -d -x "$w" -y "$h" "$*; echo \$? > $tmp/rc; sleep 60" || exit 99
    $T set -g window-size manual >/dev/null 2>&1
}
# mouse BUTTON X Y (0-based cell): press and release
mouse() {
    b=$(printf '%03o' $((32 + $1))); x=$(printf '%03o' $((33 + $2))); y=$(printf '%03o' $((33 + $3)))
    r=$(printf '%03o' 35)
    keys -l "$(printf "\\033[M\\$b\\$x\\$y\\033[M\\$r\\$x\\$y")"
}
# fresh: kill the tmux server and use a new one for the next start (no reuse races).
fresh() {
    $T kill-server 2>/dev/null
    n_server=$((n_server + 1))
    T="tmux -L ft-$$-$n_server -f /dev/null"
    rm -f "$tmp/rc"
}
keys()   { $T send-keys -t 0 "$@"; }
screen() { $T capture-pane -p -t 0; }
screen_e() { $T capture-pane -e -p -t 0; }    # with the SGR attributes (colours)
line()   { screen | sed -n "$1p"; }            # line N of the screen (1 = top)
fail()   { tap_not_ok "$@"; screen >&2; exit 1; }
# the polls below wait up to E2E_POLLS tenths of a second (10 s; valgrind.sh gives 30 s:
# a slow run only takes longer to fail, a passing poll ends as soon as it matches)
polls=${E2E_POLLS:-100}
wait_for() {                                   # poll the screen for a grep -E pattern
    i=0
    while [ $i -lt "$polls" ]; do
        screen | grep -E -q -- "$1" && { ok "screen shows /$1/"; return 0; }
        sleep 0.1; i=$((i + 1))
    done
    fail "timeout waiting for: $1"
}
wait_gone() {                                  # poll until the pattern is not on screen
    i=0
    while [ $i -lt "$polls" ]; do
        screen | grep -E -q -- "$1" || { ok "screen lost /$1/"; return 0; }
        sleep 0.1; i=$((i + 1))
    done
    fail "timeout waiting for '$1' to go away"
}
# quit_rc WANT: q, then the exit status must be WANT
quit_rc() {
    keys q
    i=0
    while [ ! -s "$tmp/rc" ] && [ $i -lt "$polls" ]; do sleep 0.1; i=$((i + 1)); done
    [ "$(cat "$tmp/rc" 2>/dev/null)" = "$1" ] && ok "exit status $1 after q" ||
        fail "exit status '$(cat "$tmp/rc" 2>/dev/null)' after q (want $1)"
}
# quit_ok [KEY]: KEY (default q), then the exit status must be 0 and no sanitizer report
# may exist.
quit_ok() {
    keys "${1:-q}"
    i=0
    while [ ! -s "$tmp/rc" ] && [ $i -lt "$polls" ]; do sleep 0.1; i=$((i + 1)); done
    [ -s "$tmp/rc" ] || fail "flametui did not exit after q"
    rc=$(cat "$tmp/rc")
    [ "$rc" = 0 ] || fail "exit status $rc after q"
    if ls "$tmp"/asan.* "$tmp"/ubsan.* >/dev/null 2>&1; then
        cat "$tmp"/asan.* "$tmp"/ubsan.* >&2; fail "sanitizer report"
    fi
    ok "exit status 0 after ${1:-q}"
}
# expect_line N PATTERN WHAT: screen line N matches the grep -E PATTERN, else fail WHAT
expect_line() {
    line "$1" | grep -E -q -- "$2" && ok "$3" || fail "$3 (line $1: '$(line "$1")')"
}
# modes: tmux's view of the pane's terminal modes (alternate screen, cursor, keypad,
# mouse); wait_modes REGEX WHAT polls them (one check); wait_rc WHAT waits for
# the exit status of the program started by start.
modes() {
    $T display -p -t 0 \
        '#{alternate_on} #{cursor_flag} #{keypad_cursor_flag} #{mouse_any_flag}#{mouse_button_flag}#{mouse_standard_flag}#{mouse_sgr_flag}'
}
wait_modes() {   # wait_modes REGEX WHAT
    i=0
    while [ $i -lt "$polls" ]; do
        modes | grep -E -q -- "$1" && { ok "$2"; return 0; }
        sleep 0.1; i=$((i + 1))
    done
    fail "$2: terminal modes '$(modes)' do not match '$1'"
}
wait_rc() {
    i=0
    while [ ! -s "$tmp/rc" ] && [ $i -lt "$polls" ]; do sleep 0.1; i=$((i + 1)); done
    [ -s "$tmp/rc" ] || fail "$1: flametui did not exit"
    cat "$tmp/rc"
}
# sgr_awk: an awk function for capture-pane -e text, to put before an awk program:
# sgr(PARAMS) applies one escape's parameters to fg and bg ("d" the default, 0-7 and
# 60-67 the 8 and 16 colours, for both alike, "5:N" 256 colours, "2:R,G,B" truecolor)
# and at (the attributes on, their SGR numbers joined: "17" is bold and reverse).
sgr_awk='
function sgr(p,   n, a, i, v) {
    n = split(p, a, ";"); if (p == "") { n = 1; a[1] = 0 }
    for (i = 1; i <= n; i++) {
        v = a[i] + 0
        if (v == 0) { fg = "d"; bg = "d"; at = "" }
        else if (v == 38 || v == 48) {
            c = a[i + 1] == 5 ? "5:" a[i + 2] : "2:" a[i + 2] "," a[i + 3] "," a[i + 4]
            i += a[i + 1] == 5 ? 2 : 4
            if (v == 38) fg = c; else bg = c
        }
        else if (v == 39) fg = "d"
        else if (v == 49) bg = "d"
        else if (v >= 30 && v <= 37 || v >= 90 && v <= 97) fg = v - 30
        else if (v >= 40 && v <= 47 || v >= 100 && v <= 107) bg = v - 40
        else if (v == 22) { gsub(/[12]/, "", at) }
        else if (v >= 21 && v <= 29) { gsub(v - 20, "", at) }
        else if (index(at, v) == 0) at = at v
    }
}'
