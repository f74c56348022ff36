// SPDX-License-Identifier: MIT
// flametui - tests/remote/standin.go: protocol-level stand-ins for the servers flametui
// queries, for tests/cli/t_remote_query.sh and t_remote_hostile.sh. Neither Grafana
// Pyroscope nor Parca can run on the test machines, so this serves their unary calls as
// the projects' .proto files define them (field numbers from Pyroscope's
// api/querier/v1/querier.proto and api/types/v1/types.proto, Parca's
// proto/parca/query/v1alpha1/query.proto), checks the request's framing and headers,
// writes the decoded request fields to the log (-log) for the test to check, and answers
// with a real pprof file (-pprof). Also the hostile servers of the network tests.
// Standard library only (no protobuf package: a small wire-format reader and writer).
//
//	standin -pprof FILE -log FILE [-folded FILE] [-nomerge]
//
// prints "PORT N" once it listens on 127.0.0.1.
package main

import (
	"bufio"
	"bytes"
	"compress/gzip"
	"encoding/binary"
	"errors"
	"flag"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"sort"
	"strconv"
	"strings"
	"sync"
	"time"
)

var (
	pprofRaw []byte // the pprof, uncompressed
	folded   string // -folded: the stacks of SelectMergeStacktraces' flame graph
	nomerge  bool   // -nomerge: SelectMergeProfile is unimplemented (Pyroscope < 1.0)
	logMu    sync.Mutex
	logFile  *os.File
)

// --- protobuf wire format --------------------------------------------------------------

type field struct {
	num int
	v   uint64 // varint
	b   []byte // length-delimited
	wt  int
}

func uvarint(b []byte) (uint64, int, error) {
	v, n := binary.Uvarint(b)
	if n <= 0 {
		return 0, 0, errors.New("bad varint")
	}
	return v, n, nil
}

func parse(b []byte) ([]field, error) {
	var fs []field
	for len(b) > 0 {
		tag, n, err := uvarint(b)
		if err != nil {
			return nil, err
		}
		b = b[n:]
		f := field{num: int(tag >> 3), wt: int(tag & 7)}
		switch f.wt {
		case 0:
			f.v, n, err = uvarint(b)
			if err != nil {
				return nil, err
			}
			b = b[n:]
		case 2:
			l, n, err := uvarint(b)
			if err != nil || uint64(len(b)-n) < l {
				return nil, errors.New("bad length")
			}
			f.b = b[n : n+int(l)]
			b = b[n+int(l):]
		default:
			return nil, fmt.Errorf("wire type %d", f.wt)
		}
		fs = append(fs, f)
	}
	return fs, nil
}

func get(fs []field, num int) *field {
	var last *field
	for i := range fs {
		if fs[i].num == num {
			last = &fs[i]
		}
	}
	return last
}

func str(fs []field, num int) string {
	if f := get(fs, num); f != nil {
		return string(f.b)
	}
	return ""
}

func num(fs []field, n int) int64 {
	if f := get(fs, n); f != nil {
		return int64(f.v)
	}
	return 0
}

func putVarint(b []byte, v uint64) []byte { return binary.AppendUvarint(b, v) }
func putBytes(b []byte, n int, p []byte) []byte {
	b = putVarint(b, uint64(n)<<3|2)
	b = putVarint(b, uint64(len(p)))
	return append(b, p...)
}
func putInt(b []byte, n int, v int64) []byte {
	b = putVarint(b, uint64(n)<<3)
	return putVarint(b, uint64(v))
}

func logf(format string, a ...interface{}) {
	logMu.Lock()
	defer logMu.Unlock()
	fmt.Fprintf(logFile, format+"\n", a...)
	logFile.Sync()
}

func nowMs() int64 { return time.Now().UnixNano() / 1e6 }

// --- Grafana Pyroscope: Connect unary ----------------------------------------------------

func connectBody(w http.ResponseWriter, r *http.Request) ([]field, bool) {
	if r.Method != "POST" || r.Header.Get("Content-Type") != "application/proto" ||
		r.Header.Get("Connect-Protocol-Version") != "1" {
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(415)
		io.WriteString(w, `{"code":"invalid_argument","message":"want a Connect unary POST, application/proto"}`)
		logf("pyroscope bad request: %s %q %q", r.Method, r.Header.Get("Content-Type"),
			r.Header.Get("Connect-Protocol-Version"))
		return nil, false
	}
	body, _ := io.ReadAll(r.Body)
	fs, err := parse(body)
	if err != nil {
		w.WriteHeader(400)
		io.WriteString(w, `{"code":"invalid_argument","message":"bad protobuf"}`)
		return nil, false
	}
	return fs, true
}

func auth(r *http.Request) string {
	if a := r.Header.Get("Authorization"); a != "" {
		return " auth=" + a
	}
	return ""
}

func logRange(kind string, fs []field, r *http.Request) {
	start, end := num(fs, 3), num(fs, 4)
	logf("%s type=%s selector=%s range_ms=%d end_lag_ok=%v%s", kind, str(fs, 1), str(fs, 2),
		end-start, nowMs()-end >= 0 && nowMs()-end < 60000, auth(r))
}

func pyroMerge(w http.ResponseWriter, r *http.Request) {
	if nomerge {
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(404)
		io.WriteString(w, `{"code":"unimplemented","message":"not found"}`)
		return
	}
	fs, ok := connectBody(w, r)
	if !ok {
		return
	}
	logRange("pyroscope SelectMergeProfile", fs, r)
	w.Header().Set("Content-Type", "application/proto")
	w.Write(pprofRaw)
}

type tnode struct {
	name  string
	total int64
	self  int64
	kids  map[string]*tnode
	order []string
}

func (n *tnode) kid(name string) *tnode {
	if k, ok := n.kids[name]; ok {
		return k
	}
	k := &tnode{name: name, kids: map[string]*tnode{}}
	n.kids[name] = k
	n.order = append(n.order, name)
	return k
}

// The flame graph of the -folded stacks, in Pyroscope's FlameGraph form: per level, per
// node, [x offset from the previous node's end, total, self, name index].
func flamegraph() []byte {
	root := &tnode{name: "total", kids: map[string]*tnode{}}
	for _, line := range strings.Split(folded, "\n") {
		sp := strings.LastIndexByte(line, ' ')
		if sp < 0 {
			continue
		}
		v, _ := strconv.ParseInt(line[sp+1:], 10, 64)
		n := root
		n.total += v
		for _, f := range strings.Split(line[:sp], ";") {
			n = n.kid(f)
			n.total += v
		}
		n.self += v
	}
	names := []string{}
	index := map[string]int{}
	id := func(s string) int {
		if i, ok := index[s]; ok {
			return i
		}
		index[s] = len(names)
		names = append(names, s)
		return index[s]
	}
	type placed struct {
		n *tnode
		x int64
	}
	var levels [][]byte
	cur := []placed{{root, 0}}
	for len(cur) > 0 {
		var lvl []byte
		var next []placed
		end := int64(0)
		for _, p := range cur {
			lvl = putVarint(lvl, uint64(p.x-end))
			lvl = putVarint(lvl, uint64(p.n.total))
			lvl = putVarint(lvl, uint64(p.n.self))
			lvl = putVarint(lvl, uint64(id(p.n.name)))
			end = p.x + p.n.total
			x := p.x
			sort.Strings(p.n.order)
			for _, k := range p.n.order {
				next = append(next, placed{p.n.kids[k], x})
				x += p.n.kids[k].total
			}
		}
		levels = append(levels, putBytes(nil, 1, lvl)) // Level.values, packed
		cur = next
	}
	var fg []byte
	for _, s := range names {
		fg = putBytes(fg, 1, []byte(s))
	}
	for _, l := range levels {
		fg = putBytes(fg, 2, l)
	}
	fg = putInt(fg, 3, root.total)
	return putBytes(nil, 1, fg)
}

func pyroStacktraces(w http.ResponseWriter, r *http.Request) {
	fs, ok := connectBody(w, r)
	if !ok {
		return
	}
	logRange("pyroscope SelectMergeStacktraces", fs, r)
	logf("pyroscope format=%d", num(fs, 6))
	w.Header().Set("Content-Type", "application/proto")
	w.Write(flamegraph())
}

func pyroTypes(w http.ResponseWriter, r *http.Request) {
	if _, ok := connectBody(w, r); !ok {
		return
	}
	var out []byte
	for _, t := range [][]string{
		{"process_cpu:cpu:nanoseconds:cpu:nanoseconds", "process_cpu", "cpu", "nanoseconds", "cpu", "nanoseconds"},
		{"memory:inuse_space:bytes:space:bytes", "memory", "inuse_space", "bytes", "space", "bytes"},
	} {
		var m []byte
		m = putBytes(m, 1, []byte(t[0]))
		m = putBytes(m, 2, []byte(t[1]))
		for i, n := range []int{4, 5, 6, 7} {
			m = putBytes(m, n, []byte(t[2+i]))
		}
		out = putBytes(out, 1, m)
	}
	w.Header().Set("Content-Type", "application/proto")
	w.Write(out)
}

var labels = map[string][]string{"service_name": {"checkout", "frontend"}, "region": {"eu-west-1"}}

func pyroNames(w http.ResponseWriter, r *http.Request) {
	if _, ok := connectBody(w, r); !ok {
		return
	}
	var out []byte
	for _, k := range []string{"region", "service_name"} {
		out = putBytes(out, 1, []byte(k))
	}
	w.Header().Set("Content-Type", "application/proto")
	w.Write(out)
}

func pyroValues(w http.ResponseWriter, r *http.Request) {
	fs, ok := connectBody(w, r)
	if !ok {
		return
	}
	var out []byte
	for _, v := range labels[str(fs, 1)] {
		out = putBytes(out, 1, []byte(v))
	}
	w.Header().Set("Content-Type", "application/proto")
	w.Write(out)
}

// --- Parca: gRPC-web unary -------------------------------------------------------------

func grpcwebBody(w http.ResponseWriter, r *http.Request) ([]field, bool) {
	if r.Method != "POST" || r.Header.Get("Content-Type") != "application/grpc-web+proto" {
		w.WriteHeader(415)
		logf("parca bad request: %s %q", r.Method, r.Header.Get("Content-Type"))
		return nil, false
	}
	body, _ := io.ReadAll(r.Body)
	if len(body) < 5 || body[0] != 0 || int(binary.BigEndian.Uint32(body[1:5])) != len(body)-5 {
		w.Header().Set("Content-Type", "application/grpc-web+proto")
		w.Header().Set("Grpc-Status", "3")
		w.Header().Set("Grpc-Message", "bad gRPC-web frame")
		return nil, false
	}
	fs, err := parse(body[5:])
	if err != nil {
		w.Header().Set("Grpc-Status", "3")
		return nil, false
	}
	return fs, true
}

func grpcwebAnswer(w http.ResponseWriter, msg []byte) {
	w.Header().Set("Content-Type", "application/grpc-web+proto")
	var out []byte
	out = append(out, 0, 0, 0, 0, 0)
	binary.BigEndian.PutUint32(out[1:], uint32(len(msg)))
	out = append(out, msg...)
	tr := []byte("grpc-status: 0\r\ngrpc-message: \r\n")
	out = append(out, 0x80, 0, 0, 0, 0)
	binary.BigEndian.PutUint32(out[len(out)-4:], uint32(len(tr)))
	out = append(out, tr...)
	w.Write(out)
}

func stampMs(b []byte) int64 {
	fs, _ := parse(b)
	return num(fs, 1)*1000 + num(fs, 2)/1e6
}

func parcaQuery(w http.ResponseWriter, r *http.Request) {
	fs, ok := grpcwebBody(w, r)
	if !ok {
		return
	}
	var q string
	var start, end int64
	if m := get(fs, 3); m != nil {
		mf, _ := parse(m.b)
		q = str(mf, 1)
		if s := get(mf, 2); s != nil {
			start = stampMs(s.b)
		}
		if e := get(mf, 3); e != nil {
			end = stampMs(e.b)
		}
	}
	logf("parca Query mode=%d report_type=%d query=%s range_ms=%d end_lag_ok=%v%s",
		num(fs, 1), num(fs, 5), q, end-start, nowMs()-end >= 0 && nowMs()-end < 60000, auth(r))
	var gz bytes.Buffer
	zw := gzip.NewWriter(&gz)
	zw.Write(pprofRaw)
	zw.Close()
	grpcwebAnswer(w, putBytes(nil, 6, gz.Bytes()))
}

func parcaTypes(w http.ResponseWriter, r *http.Request) {
	if _, ok := grpcwebBody(w, r); !ok {
		return
	}
	var m []byte
	for i, s := range []string{"process_cpu", "samples", "count", "cpu", "nanoseconds"} {
		m = putBytes(m, i+1, []byte(s))
	}
	m = putInt(m, 6, 1)
	grpcwebAnswer(w, putBytes(nil, 1, m))
}

func parcaLabels(w http.ResponseWriter, r *http.Request) {
	if _, ok := grpcwebBody(w, r); !ok {
		return
	}
	var out []byte
	for _, k := range []string{"region", "service_name"} {
		out = putBytes(out, 1, []byte(k))
	}
	grpcwebAnswer(w, out)
}

func parcaValues(w http.ResponseWriter, r *http.Request) {
	fs, ok := grpcwebBody(w, r)
	if !ok {
		return
	}
	var out []byte
	for _, v := range labels[str(fs, 1)] {
		out = putBytes(out, 1, []byte(v))
	}
	grpcwebAnswer(w, out)
}

// --- plain HTTP and the hostile servers ---------------------------------------------------

func hostile(mux *http.ServeMux) {
	mux.HandleFunc("/profile.pb", func(w http.ResponseWriter, r *http.Request) {
		logf("GET /profile.pb%s", auth(r))
		if r.Header.Get("Authorization") != "" && r.Header.Get("Authorization") != "Bearer s3cret-t0ken" {
			w.WriteHeader(401)
			io.WriteString(w, "unauthorized\n")
			return
		}
		w.Write(pprofRaw)
	})
	mux.HandleFunc("/never", func(w http.ResponseWriter, r *http.Request) {
		select {
		case <-r.Context().Done():
		case <-time.After(10 * time.Minute):
		}
	})
	mux.HandleFunc("/huge", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Length", strconv.FormatInt(2<<30, 10))
		zero := make([]byte, 1<<16)
		for i := 0; i < (2<<30)/len(zero); i++ {
			if _, err := w.Write(zero); err != nil {
				logf("huge: client went away after %d MiB", i*len(zero)>>20)
				return
			}
		}
	})
	mux.HandleFunc("/midbody", func(w http.ResponseWriter, r *http.Request) {
		hj, _ := w.(http.Hijacker)
		c, buf, _ := hj.Hijack()
		fmt.Fprintf(buf, "HTTP/1.1 200 OK\r\nContent-Length: %d\r\n\r\n", len(pprofRaw))
		buf.Write(pprofRaw[:len(pprofRaw)/2])
		buf.Flush()
		c.Close()
	})
	mux.HandleFunc("/html", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		io.WriteString(w, "<!DOCTYPE html><html><body>Sign in</body></html>\n")
	})
	mux.HandleFunc("/loop", func(w http.ResponseWriter, r *http.Request) {
		http.Redirect(w, r, "/loop", http.StatusFound)
	})
	mux.HandleFunc("/moved", func(w http.ResponseWriter, r *http.Request) {
		http.Redirect(w, r, "/profile.pb", http.StatusMovedPermanently)
	})
	mux.HandleFunc("/fail", func(w http.ResponseWriter, r *http.Request) {
		w.WriteHeader(500)
		io.WriteString(w, "profile duration exceeds server's WriteTimeout\x1b[2J\n")
	})
	mux.HandleFunc("/slow", func(w http.ResponseWriter, r *http.Request) {
		// a CPU profile that records for ?seconds=N, as net/http/pprof does
		s, _ := strconv.Atoi(r.URL.Query().Get("seconds"))
		select {
		case <-r.Context().Done():
			logf("slow: cancelled by the client")
			return
		case <-time.After(time.Duration(s) * time.Second):
		}
		w.Write(pprofRaw)
	})
}

func main() {
	pp := flag.String("pprof", "", "the pprof file to answer with (gzipped or not)")
	fo := flag.String("folded", "", "folded stacks for SelectMergeStacktraces")
	lg := flag.String("log", "/dev/null", "where the decoded requests go")
	flag.BoolVar(&nomerge, "nomerge", false, "SelectMergeProfile answers 404")
	flag.Parse()
	raw, err := os.ReadFile(*pp)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	if zr, err := gzip.NewReader(bytes.NewReader(raw)); err == nil {
		if u, err := io.ReadAll(bufio.NewReader(zr)); err == nil {
			raw = u
		}
	}
	pprofRaw = raw
	if *fo != "" {
		b, _ := os.ReadFile(*fo)
		folded = string(b)
	}
	logFile, err = os.OpenFile(*lg, os.O_WRONLY|os.O_CREATE|os.O_APPEND, 0644)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	mux := http.NewServeMux()
	const pyro = "/querier.v1.QuerierService/"
	mux.HandleFunc(pyro+"SelectMergeProfile", pyroMerge)
	mux.HandleFunc(pyro+"SelectMergeStacktraces", pyroStacktraces)
	mux.HandleFunc(pyro+"ProfileTypes", pyroTypes)
	mux.HandleFunc(pyro+"LabelNames", pyroNames)
	mux.HandleFunc(pyro+"LabelValues", pyroValues)
	const parca = "/parca.query.v1alpha1.QueryService/"
	mux.HandleFunc(parca+"Query", parcaQuery)
	mux.HandleFunc(parca+"ProfileTypes", parcaTypes)
	mux.HandleFunc(parca+"Labels", parcaLabels)
	mux.HandleFunc(parca+"Values", parcaValues)
	hostile(mux)
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	fmt.Printf("PORT %d\n", ln.Addr().(*net.TCPAddr).Port)
	os.Stdout.Sync()
	http.Serve(ln, mux)
}
