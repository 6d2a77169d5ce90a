package parents

import (
	"context"
	"errors"
	"strings"
	"sync"
	"testing"
	"time"
)

// TestParentCache: a thread's parent is fetched once however many ask at
// once, remembered within a bound (the oldest forgotten first), and a failed
// fetch is not remembered.
func TestParentCache(t *testing.T) {
	t.Parallel()
	var mu sync.Mutex
	fetched := map[string]int{}
	fail := map[string]bool{"bad": true}
	release := make(chan struct{})
	p := New(3, time.Second, func(ctx context.Context, id string) (string, error) {
		<-release
		mu.Lock()
		defer mu.Unlock()
		fetched[id]++
		if fail[id] {
			return "", errors.New("discord says no")
		}
		if strings.HasPrefix(id, "thread") {
			return "parent of " + id, nil
		}
		return "", nil
	})
	ctx := context.Background()
	var wg sync.WaitGroup
	for range 10 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			if got, err := p.Parent(ctx, "thread1"); got != "parent of thread1" || err != nil {
				t.Errorf("parent(thread1) = %q, %v", got, err)
			}
		}()
	}
	close(release)
	wg.Wait()
	if got, err := p.Parent(ctx, "channel"); got != "" || err != nil {
		t.Errorf("parent(channel) = %q, %v; want none", got, err)
	}
	for range 2 {
		if _, err := p.Parent(ctx, "bad"); err == nil {
			t.Error("a failed fetch gave no error")
		}
	}
	for _, id := range []string{"thread2", "thread3", "thread1"} {
		p.Parent(ctx, id)
	}
	mu.Lock()
	defer mu.Unlock()
	if fetched["thread1"] != 2 || fetched["channel"] != 1 || fetched["bad"] != 2 {
		t.Errorf("fetches %v: want thread1 once, then again once forgotten; channel once; the failure each time", fetched)
	}
	if n := p.Size(); n != 3 {
		t.Errorf("%d channels remembered, want the bound, 3", n)
	}
}

// A lookup waits at most the cache's wait; the fetch goes on under its own
// deadline, and its answer is remembered for the next caller.
func TestParentWaitsAtMostItsWait(t *testing.T) {
	release, fetched := make(chan struct{}), make(chan struct{})
	p := New(3, time.Millisecond, func(ctx context.Context, id string) (string, error) {
		<-release
		defer close(fetched)
		return "parent", nil
	})
	if _, err := p.Parent(context.Background(), "thread"); !errors.Is(err, context.DeadlineExceeded) || !strings.Contains(err.Error(), "thread") {
		t.Errorf("a slow lookup: %v, want the deadline, naming the channel", err)
	}
	close(release)
	<-fetched
	// The fetch has returned and is recorded a moment after: until then a
	// caller waits on the same lookup (and may time out again).
	got, err := p.Parent(context.Background(), "thread")
	for err != nil {
		got, err = p.Parent(context.Background(), "thread")
	}
	if got != "parent" {
		t.Errorf("after the fetch: %q, want parent", got)
	}
}
