package httpserver

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"log/slog"
	"net"
	"runtime"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

// BenchmarkStalledRequests measures the heap of the real server while
// conns unauthenticated clients each send the headers of a request to the
// interactions endpoint and all of its body but its last byte, then stall:
// peak-heap-MiB is the highest HeapInuse seen, less the heap before. The
// sizes are the body a client announces: 1 MiB (refused at once by its
// Content-Length) and 64 KiB - 1 (the largest accepted).
func BenchmarkStalledRequests(b *testing.B) {
	for _, size := range []int{1 << 20, maxStalledBody()} {
		for _, conns := range []int{50, 300} {
			b.Run(fmt.Sprintf("body=%d/conns=%d", size, conns), func(b *testing.B) {
				for range b.N {
					peak := stalledHeap(b, conns, size)
					b.ReportMetric(float64(peak)/(1<<20), "peak-heap-MiB")
				}
			})
		}
	}
}

// maxStalledBody is the largest body the endpoint reads, less one byte.
func maxStalledBody() int { return 64<<10 - 1 }

func stalledHeap(b *testing.B, conns, size int) uint64 {
	s, _, _, _ := newTestServer(b, nil)
	s.cfg.Log = slog.New(slog.NewTextHandler(io.Discard, nil))
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		b.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- s.Run(ctx, ln, time.Second) }()
	runtime.GC()
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	base := ms.HeapInuse
	head := fmt.Sprintf("POST /interactions HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"+
		"X-Signature-Ed25519: %s\r\nX-Signature-Timestamp: %d\r\nContent-Length: %d\r\n\r\n",
		strings.Repeat("ab", 64), time.Now().Unix(), size)
	body := bytes.Repeat([]byte("x"), size-1) // shared: the clients allocate nothing
	var wg sync.WaitGroup
	var sent atomic.Int32
	cs := make([]net.Conn, 0, conns)
	var mu sync.Mutex
	for range conns {
		wg.Add(1)
		go func() {
			defer wg.Done()
			c, err := net.Dial("tcp", ln.Addr().String())
			if err != nil {
				return
			}
			mu.Lock()
			cs = append(cs, c)
			mu.Unlock()
			_, _ = io.WriteString(c, head)
			_, _ = c.Write(body) // a refused request's may fail part way
			sent.Add(1)
		}()
	}
	var peak uint64
	stop := make(chan struct{})
	sampled := make(chan struct{})
	go func() {
		defer close(sampled)
		for {
			var ms runtime.MemStats
			runtime.ReadMemStats(&ms)
			if ms.HeapInuse > peak {
				peak = ms.HeapInuse
			}
			select {
			case <-stop:
				return
			case <-time.After(20 * time.Millisecond):
			}
		}
	}()
	wg.Wait()
	time.Sleep(500 * time.Millisecond) // let the server read what was sent
	close(stop)
	<-sampled
	for _, c := range cs {
		c.Close()
	}
	cancel()
	<-done
	if peak < base {
		return 0
	}
	return peak - base
}
