// hash: a tiny CPU-bound program for flametui's annotate test.
// It hashes a buffer over and over so that one source line,
// line 29, takes almost all of the CPU time, as go tool pprof -list
// shows it. Build and run:
//
//	go run main.go cpu.pb.gz
package main

import (
	"crypto/sha256"
	"fmt"
	"os"
	"runtime/pprof"
)

// sink keeps the result alive.
var sink byte

// work is the loop count; it is a variable so that the loop is not
// folded away.
var work = 4000000

// hashLoop hashes h n times: the hot loop.
func hashLoop(n int) [32]byte {
	var h [32]byte
	for i := 0; i < n; i++ {
		// each round hashes the previous digest
		h[0] ^= byte(i)
		h = sha256.Sum256(h[:])
	}
	return h
}

func main() {
	f, err := os.Create(os.Args[1])
	if err != nil {
		panic(err)
	}
	if err := pprof.StartCPUProfile(f); err != nil {
		panic(err)
	}
	h := hashLoop(work)
	sink = h[0]
	pprof.StopCPUProfile()
	f.Close()
	fmt.Println(sink)
}
