// SPDX-License-Identifier: MIT
// pprofsha: the program whose CPU profile is tests/data/go-sha256.pb.gz (about 1.2 s of
// crypto/sha256, as `go tool pprof -top` shows it). Not built by the tests. Regenerate
// (Go needed; the output differs from run to run):
//   cd tests/data/src/pprofsha && go run . ../../go-sha256.pb.gz
package main

import (
	"crypto/sha256"
	"os"
	"runtime/pprof"
	"time"
)

var sink [32]byte

func main() {
	f, err := os.Create(os.Args[1])
	if err != nil {
		panic(err)
	}
	if err := pprof.StartCPUProfile(f); err != nil {
		panic(err)
	}
	buf := make([]byte, 1<<16)
	for end := time.Now().Add(1200 * time.Millisecond); time.Now().Before(end); {
		sink = sha256.Sum256(buf)
	}
	pprof.StopCPUProfile()
	f.Close()
}
