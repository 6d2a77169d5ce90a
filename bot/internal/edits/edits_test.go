package edits

import (
	"context"
	"fmt"
	"sync"
	"testing"
	"time"
)

// recorder is a send that records each edit, holding each one until
// released when hold is set.
type recorder struct {
	mu    sync.Mutex
	edits map[string][]int
	times map[string][]time.Time
	hold  chan struct{} // nil: no holding
	began chan string   // gets the key of each edit begun
}

func newRecorder(hold bool) *recorder {
	r := &recorder{edits: map[string][]int{}, times: map[string][]time.Time{}, began: make(chan string, 1000)}
	if hold {
		r.hold = make(chan struct{})
	}
	return r
}

func (r *recorder) send(ctx context.Context, key string, v int) error {
	r.began <- key
	if r.hold != nil {
		select {
		case <-r.hold:
		case <-ctx.Done():
			return ctx.Err()
		}
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	r.edits[key] = append(r.edits[key], v)
	r.times[key] = append(r.times[key], time.Now())
	return nil
}

func (r *recorder) got(key string) []int {
	r.mu.Lock()
	defer r.mu.Unlock()
	return append([]int(nil), r.edits[key]...)
}

// TestCoalesce: 100 boards submitted while the first edit is in flight
// make two edits, the first and the newest, and every submitter hears
// back.
func TestCoalesce(t *testing.T) {
	r := newRecorder(true)
	c := New(time.Millisecond, r.send)
	defer c.Close()
	var dones []<-chan error
	dones = append(dones, c.Submit("m", Edit[int]{Value: 0, Version: 0}))
	<-r.began // the first edit is in flight, held
	for v := 1; v < 100; v++ {
		dones = append(dones, c.Submit("m", Edit[int]{Value: v, Version: int64(v)}))
	}
	close(r.hold)
	for i, d := range dones {
		if err := <-d; err != nil {
			t.Fatalf("submit %d: %v", i, err)
		}
	}
	if got := r.got("m"); len(got) != 2 || got[0] != 0 || got[1] != 99 {
		t.Fatalf("edits %v, want [0 99]", got)
	}
	if c.Sent() != 2 {
		t.Fatalf("Sent %d", c.Sent())
	}
}

// TestInterval: edits of one message are at least the interval apart, and
// each one shows the newest board submitted before it.
func TestInterval(t *testing.T) {
	const interval = 20 * time.Millisecond
	r := newRecorder(false)
	c := New(interval, r.send)
	defer c.Close()
	var last <-chan error
	for v := range 30 {
		last = c.Submit("m", Edit[int]{Value: v, Version: int64(v)})
		if v%10 == 9 {
			<-last
		}
	}
	r.mu.Lock()
	ts, got := r.times["m"], r.edits["m"]
	r.mu.Unlock()
	if got[len(got)-1] != 29 {
		t.Fatalf("last edit %d, want 29", got[len(got)-1])
	}
	for i := 1; i < len(ts); i++ {
		if d := ts[i].Sub(ts[i-1]); d < interval {
			t.Errorf("edits %d and %d %v apart, under %v", i-1, i, d, interval)
		}
	}
	if len(got) > 6 {
		t.Errorf("%d edits for 30 boards in 3 bursts", len(got))
	}
}

// TestKeysApart: a message whose edit hangs does not hold another's.
func TestKeysApart(t *testing.T) {
	hold := make(chan struct{})
	var mu sync.Mutex
	var sent []string
	c := New(time.Millisecond, func(ctx context.Context, key string, v int) error {
		if key == "slow" {
			<-hold
		}
		mu.Lock()
		sent = append(sent, key)
		mu.Unlock()
		return nil
	})
	defer c.Close()
	defer close(hold)
	c.Submit("slow", Edit[int]{Value: 1})
	for i := range 50 {
		if err := <-c.Submit(fmt.Sprint("fast", i), Edit[int]{Value: 1}); err != nil {
			t.Fatal(err)
		}
	}
	mu.Lock()
	defer mu.Unlock()
	if len(sent) != 50 {
		t.Fatalf("%d fast edits sent while one hangs, want 50", len(sent))
	}
}

// TestOlderVersionDropped: a board older than one submitted is not shown.
func TestOlderVersionDropped(t *testing.T) {
	r := newRecorder(true)
	c := New(time.Millisecond, r.send)
	defer c.Close()
	first := c.Submit("m", Edit[int]{Value: 5, Version: 5})
	<-r.began
	newer := c.Submit("m", Edit[int]{Value: 7, Version: 7})
	if err := <-c.Submit("m", Edit[int]{Value: 6, Version: 6}); err != nil {
		t.Fatal(err)
	}
	close(r.hold)
	<-first
	<-newer
	if got := r.got("m"); len(got) != 2 || got[1] != 7 {
		t.Fatalf("edits %v, want [5 7]", got)
	}
}

// TestClose: Close ends an edit in flight through its context and answers
// the waiting ones; Submit after Close fails.
func TestClose(t *testing.T) {
	r := newRecorder(true)
	c := New(time.Millisecond, r.send)
	first := c.Submit("m", Edit[int]{Value: 1, Version: 1})
	<-r.began
	waiting := c.Submit("m", Edit[int]{Value: 2, Version: 2})
	c.Close()
	if err := <-first; err != context.Canceled {
		t.Errorf("edit in flight: %v", err)
	}
	if err := <-waiting; err != context.Canceled {
		t.Errorf("edit waiting: %v", err)
	}
	if err := <-c.Submit("m", Edit[int]{Value: 3, Version: 3}); err != context.Canceled {
		t.Errorf("after Close: %v", err)
	}
}

// TestFlush: Flush returns once the waiting edits are sent.
func TestFlush(t *testing.T) {
	r := newRecorder(false)
	c := New(10*time.Millisecond, r.send)
	defer c.Close()
	for v := range 5 {
		c.Submit(fmt.Sprint("m", v%2), Edit[int]{Value: v, Version: int64(v)})
	}
	if err := c.Flush(context.Background()); err != nil {
		t.Fatal(err)
	}
	if a, b := r.got("m0"), r.got("m1"); a[len(a)-1] != 4 || b[len(b)-1] != 3 {
		t.Fatalf("after Flush: m0 %v, m1 %v", a, b)
	}
}
