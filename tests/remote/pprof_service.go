// SPDX-License-Identifier: MIT
// flametui - tests/remote/pprof_service.go: a real Go service with net/http/pprof for the
// network tests (tests/cli/t_remote_go.sh): it burns CPU in main.burn and holds heap in
// main.allocHeld, listens on 127.0.0.1 (a free port) and prints "PORT N" on stdout.
// Standard library only; built by the test with the machine's go.
package main

import (
	"fmt"
	"net"
	"net/http"
	_ "net/http/pprof"
	"os"
	"runtime"
)

var held [][]byte
var sink uint64

//go:noinline
func allocHeld() {
	for i := 0; i < 64; i++ {
		held = append(held, make([]byte, 256<<10))
	}
}

//go:noinline
func burn() {
	x := uint64(1)
	for {
		for i := 0; i < 1000000; i++ {
			x = x*6364136223846793005 + 1442695040888963407
		}
		sink += x
	}
}

func main() {
	runtime.MemProfileRate = 1
	allocHeld()
	// the heap profile is that of the last finished collection: two now, so every
	// fetch sees all of allocHeld (not a part that a later collection completes)
	runtime.GC()
	runtime.GC()
	go burn()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	fmt.Printf("PORT %d\n", ln.Addr().(*net.TCPAddr).Port)
	os.Stdout.Sync()
	http.Serve(ln, nil)
}
