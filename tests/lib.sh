# SPDX-License-Identifier: MIT
# flametui - tests/lib.sh: the one test protocol, sourced by every test script (directly or
# through its tier's lib.sh). Every script prints TAP (https://testanything.org), which
# Automake's tap-driver.sh reads under make check, and tests/quickstart.sh's summary() counts
# (one result per assertion):
#   ok DESC...      one passed check:   "ok N - DESC"
#   fail DESC...    one failed check:   "not ok N - DESC" (the script goes on; a tier's lib
#                   may redefine fail to end the script, as tests/e2e/lib.sh does; tap_not_ok
#                   is the plain one)
#   skip REASON...  one check not run:  "ok N # SKIP REASON"
#   skip_all REASON the whole script is not run: "1..0 # SKIP REASON", then exit
#   finish          prints the plan "1..N"; its status is 0 when nothing failed and
#                   something ran (call it last, so it is the script's exit status)
# The plan comes last: when a script exits without finish (an early exit, set -e), the EXIT
# trap prints it, adding "not ok" when the script exits non-zero without having reported a
# failure, so an error is never lost. A script that exits 77 (the old SKIP status) has its
# remaining checks reported as one skip. Exit status: 0, or 1 after a failure; skip_all exits
# $TAP_SKIP_STATUS (0 under tap-driver, which reads the SKIP from the plan; the tiers that
# quickstart runs outside make check set 77). Diagnostics go to stderr, or to stdout
# prefixed with "# " (diag). At exit, the command in tap_cleanup (eval'ed) cleans up: the
# tier libraries set it.
# POSIX sh.
tap_n=0; tap_pass=0; tap_fail=0; tap_skip=0; tap_done=false
tap_cleanup=:
nl='
'
# tap_line RESULT DESC: one result line; a '#' in DESC is escaped (TAP reads "# SKIP" as a
# directive), the lines after DESC's first become "# " comments
tap_line() {
    tap_d=$2
    case $tap_d in *"$nl"*) tap_rest=${tap_d#*"$nl"}; tap_d=${tap_d%%"$nl"*} ;; *) tap_rest= ;; esac
    case $tap_d in *'#'*) tap_d=$(printf '%s\n' "$tap_d" | sed 's/#/\\#/g') ;; esac
    echo "$1 $tap_n${tap_d:+ - $tap_d}"
    [ -z "$tap_rest" ] || printf '%s\n' "$tap_rest" | sed 's/^/# /'
}
ok() {
    tap_n=$((tap_n + 1)); tap_pass=$((tap_pass + 1))
    tap_line ok "$*"
}
tap_not_ok() {
    tap_n=$((tap_n + 1)); tap_fail=$((tap_fail + 1))
    tap_line "not ok" "${*:-failed}"
}
fail() { tap_not_ok "$@"; }
skip() {
    tap_n=$((tap_n + 1)); tap_skip=$((tap_skip + 1))
    echo "ok $tap_n # SKIP $(printf '%s' "${*:-skipped}" | tr '\n' ' ')"
}
# diag TEXT...: a TAP comment
diag() { printf '# %s\n' "$*"; }
skip_all() {
    if [ $tap_n -eq 0 ]; then
        echo "1..0 # SKIP $*"
    else
        skip "$*"; echo "1..$tap_n"
    fi
    tap_done=true
    exit "${TAP_SKIP_STATUS:-0}"
}
# tap_status: 0 when nothing failed and at least one check passed or was skipped
tap_status() { [ $tap_fail -eq 0 ] && [ $tap_n -gt 0 ]; }
finish() {
    [ $tap_n -gt 0 ] || tap_not_ok "no check ran"
    echo "1..$tap_n"
    tap_done=true
    tap_status
}
tap_end() {
    tap_st=$1
    eval "$tap_cleanup"
    if $tap_done; then   # finish or skip_all ran: keep their status
        [ $tap_fail -eq 0 ] || exit 1
        exit "$tap_st"
    fi
    case $tap_st in
    0) [ $tap_n -gt 0 ] || tap_not_ok "no check ran" ;;
    77) skip_all "the script exited 77" ;;   # prints the plan and exits
    *) [ $tap_fail -gt 0 ] || tap_not_ok "the script exited with status $tap_st" ;;
    esac
    echo "1..$tap_n"
    tap_done=true
    [ $tap_fail -eq 0 ] || exit 1
    exit 0
}
trap 'tap_end $?' EXIT
# expect_eq WHAT WANT GOT: one check
expect_eq() { if [ "$2" = "$3" ]; then ok "$1"; else fail "$1: want [$2] got [$3]"; fi; }
