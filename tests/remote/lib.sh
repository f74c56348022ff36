# SPDX-License-Identifier: MIT
# Sourced by the network tests (tests/cli/t_remote*.sh, tests/e2e/t_tui_remote.sh) after
# their tier's lib.sh: builds the Go programs of tests/remote/ with the machine's go
# (offline: the standard library only; the build cache in $tmp) and runs them as local
# HTTP services, stopped at exit. Without go the script is skipped, saying so.
remote_pids=
tap_cleanup="kill \$remote_pids 2>/dev/null; $tap_cleanup"
# go_build NAME: tests/remote/NAME.go -> $tmp/NAME
go_build() {
    command -v go >/dev/null 2>&1 ||
        skip_all "go not found (install golang-go): the tests need a Go HTTP service"
    mkdir -p "$tmp/go"
    if ! GOCACHE="$tmp/go/cache" GOPATH="$tmp/go/path" GOPROXY=off GOFLAGS= \
        GO111MODULE=off GOTOOLCHAIN=local go build -o "$tmp/$1" \
        "$top_srcdir/tests/remote/$1.go" > "$tmp/go/$1.log" 2>&1; then
        sed 's/^/# /' "$tmp/go/$1.log"
        skip_all "go cannot build tests/remote/$1.go here"
    fi
}
# serve NAME [ARGS...]: starts $tmp/NAME ARGS in the background; sets $port
serve() {
    serve_name=$1
    shift
    "$tmp/$serve_name" "$@" > "$tmp/$serve_name.port" 2> "$tmp/$serve_name.err" &
    remote_pids="$remote_pids $!"
    serve_i=0
    while [ $serve_i -lt 200 ]; do
        port=$(awk '/^PORT / { print $2 }' "$tmp/$serve_name.port")
        [ -n "$port" ] && return 0
        sleep 0.1
        serve_i=$((serve_i + 1))
    done
    cat "$tmp/$serve_name.err" >&2
    fail "$serve_name did not start"
    exit 1
}
