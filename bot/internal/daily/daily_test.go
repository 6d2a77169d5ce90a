package daily

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/sudokubot/sudokubot/settings"
)

// Run makes a round at once and one per kick; the ticker does not fire
// within the test (an hour).
func TestRunRoundsAtOnceAndWhenKicked(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	kick := make(chan struct{})
	rounds := make(chan int)
	done := make(chan struct{})
	n := 0
	go func() {
		defer close(done)
		Run(ctx, time.Hour, kick, func() { n++; rounds <- n })
	}()
	if got := <-rounds; got != 1 {
		t.Fatalf("first round %d, want 1", got)
	}
	kick <- struct{}{}
	if got := <-rounds; got != 2 {
		t.Fatalf("round after the kick %d, want 2", got)
	}
	cancel()
	select {
	case got := <-rounds:
		// The kick and the end may race only if a kick was pending; none is.
		t.Fatalf("round %d after the end", got)
	case <-done:
	}
}

// Run makes a round at each tick.
func TestRunRoundsEveryInterval(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	rounds := make(chan struct{})
	go Run(ctx, time.Millisecond, nil, func() {
		select {
		case rounds <- struct{}{}:
		case <-ctx.Done():
		}
	})
	for range 3 {
		<-rounds
	}
}

func TestNonce(t *testing.T) {
	day := settings.DayOf(time.Date(2026, 12, 2, 9, 0, 0, 0, time.UTC))
	next := settings.DayOf(time.Date(2026, 12, 3, 9, 0, 0, 0, time.UTC))
	a := Nonce("123456789012345678", day)
	if a != Nonce("123456789012345678", day) {
		t.Error("two nonces of one post differ")
	}
	for _, other := range []string{Nonce("123456789012345679", day), Nonce("123456789012345678", next)} {
		if other == a {
			t.Errorf("another post has the nonce %s", a)
		}
	}
	if len(a) == 0 || len(a) > 19 || strings.Trim(a, "0123456789") != "" {
		t.Errorf("nonce %q: want 1 to 19 digits", a)
	}
}

func TestFooter(t *testing.T) {
	if f := Footer("?", true); !strings.Contains(f, "`?check`") || !strings.Contains(f, "Reply to this post") {
		t.Errorf("footer with a gateway: %q, want a reply with ?check", f)
	}
	if f := Footer("?", false); !strings.Contains(f, "`/check`") || strings.Contains(f, "?check") {
		t.Errorf("footer without a gateway: %q, want /check", f)
	}
}
