// SPDX-License-Identifier: MIT
// pprofgen: the program whose profiles are tests/data/go-cpu.pb.gz and go-heap.pb.gz.
// Not built by the tests. Regenerate (Go needed; the outputs differ from run to run):
//   cd tests/data/src/pprofgen && go run . -cpu ../../go-cpu.pb.gz -heap ../../go-heap.pb.gz
// then the expected folded files with tests/data/src/traces2folded.sh (see its header).
package main

import (
	"flag"
	"os"
	"runtime"
	"runtime/pprof"
	"sync"
	"time"
)

var sink []byte
var sum uint64

// mix is small enough to be inlined into its callers: the profile shows it as an
// inlined frame (a second Line in the caller's Location).
func mix(x uint64) uint64 {
	x ^= x >> 33
	x *= 0xff51afd7ed558ccd
	return x ^ (x >> 29)
}

//go:noinline
func hashLoop(n int) uint64 {
	var h uint64
	for i := 0; i < n; i++ {
		h += mix(uint64(i) + h)
	}
	return h
}

//go:noinline
func spinA(d time.Duration) {
	end := time.Now().Add(d)
	for time.Now().Before(end) {
		sum += hashLoop(10000)
	}
}

//go:noinline
func spinB(d time.Duration) {
	end := time.Now().Add(d)
	for time.Now().Before(end) {
		sum += hashLoop(5000) + hashLoop(100)
	}
}

//go:noinline
func allocSmall(n int) {
	for i := 0; i < n; i++ {
		sink = make([]byte, 64+i%512)
	}
}

//go:noinline
func allocBig(n int) [][]byte {
	keep := make([][]byte, 0, n)
	for i := 0; i < n; i++ {
		keep = append(keep, make([]byte, 32<<10))
	}
	return keep
}

func worker(id int, wg *sync.WaitGroup, d time.Duration) {
	defer wg.Done()
	if id%2 == 0 {
		spinA(d)
	} else {
		spinB(d)
	}
}

func main() {
	cpu := flag.String("cpu", "cpu.pb.gz", "CPU profile output")
	heap := flag.String("heap", "heap.pb.gz", "heap profile output")
	d := flag.Duration("d", 1500*time.Millisecond, "CPU profile duration")
	flag.Parse()
	runtime.MemProfileRate = 4096

	f, err := os.Create(*cpu)
	if err != nil {
		panic(err)
	}
	if err := pprof.StartCPUProfile(f); err != nil {
		panic(err)
	}
	var wg sync.WaitGroup
	for i := 0; i < 3; i++ {
		wg.Add(1)
		go worker(i, &wg, *d)
	}
	spinA(*d / 3)
	wg.Wait()
	pprof.StopCPUProfile()
	f.Close()

	allocSmall(20000)
	keep := allocBig(40)
	runtime.GC()
	h, err := os.Create(*heap)
	if err != nil {
		panic(err)
	}
	if err := pprof.WriteHeapProfile(h); err != nil {
		panic(err)
	}
	h.Close()
	runtime.KeepAlive(keep)
}
