package admit

import (
	"context"
	"strconv"
	"testing"
	"time"
)

func TestSeenSetForgetsTheOldest(t *testing.T) {
	s := NewSeen(3)
	for _, id := range []string{"a", "b", "c"} {
		if !s.FirstTime(id) {
			t.Fatalf("%s seen before it came", id)
		}
	}
	if s.FirstTime("b") {
		t.Error("b delivered again was not recognised")
	}
	s.FirstTime("d") // evicts a, the oldest
	if !s.FirstTime("a") {
		t.Error("a is still remembered after three newer ids")
	}
	if s.FirstTime("d") || s.FirstTime("a") {
		t.Error("recent ids forgotten")
	}
	if len(s.ids) > 3 {
		t.Errorf("%d ids kept, capacity 3", len(s.ids))
	}
}

func TestUserLimitsForgetIdleUsers(t *testing.T) {
	l := NewLimits(12, 4) // a full bucket again after 20 s idle
	t0 := time.Unix(1_700_000_000, 0)
	for i := range 1000 {
		l.Check(strconv.Itoa(i), t0)
	}
	if n := l.Size(); n != 1000 {
		t.Fatalf("%d users tracked, want 1000", n)
	}
	// Still within the idle TTL (the refill time plus a minute): kept.
	l.Check("late", t0.Add(61*time.Second))
	if n := l.Size(); n != 1001 {
		t.Errorf("%d users tracked 61 s later, want 1001", n)
	}
	// Past it, at the next collection (at most a minute later): all idle
	// users are forgotten, only the one just seen is kept.
	l.Check("later", t0.Add(150*time.Second))
	if n := l.Size(); n != 1 {
		t.Errorf("%d users tracked after 150 s, want 1", n)
	}
	// A forgotten user starts with a full burst again.
	for i := range 4 {
		if v := l.Check("0", t0.Add(150*time.Second)); v != Allow {
			t.Errorf("command %d of a returning user: %v", i+1, v)
		}
	}
}

// Over the limit, a user is told once, then ignored until a command is
// allowed again; after that, told again.
func TestLimitsNotifyOnce(t *testing.T) {
	l := NewLimits(60, 2) // one a second, bursts of 2
	t0 := time.Unix(1_700_000_000, 0)
	for i, want := range []Verdict{Allow, Allow, Notify, Drop, Drop} {
		if v := l.Check("u", t0); v != want {
			t.Errorf("command %d: %v, want %v", i+1, v, want)
		}
	}
	if v := l.Check("other", t0); v != Allow {
		t.Errorf("another user: %v, want Allow", v)
	}
	if v := l.Check("u", t0.Add(time.Second)); v != Allow {
		t.Errorf("a second later: %v, want Allow", v)
	}
	if v := l.Check("u", t0.Add(time.Second)); v != Notify {
		t.Errorf("over again: %v, want Notify", v)
	}
}

func TestCounterWait(t *testing.T) {
	c := NewCounter()
	if !c.Wait(context.Background()) {
		t.Fatal("Wait at zero did not return true")
	}
	c.Add()
	c.Add()
	if n := c.Count(); n != 2 {
		t.Errorf("Count = %d, want 2", n)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if c.Wait(ctx) {
		t.Error("Wait with 2 in flight and its context ended returned true")
	}
	waited := make(chan bool)
	go func() { waited <- c.Wait(context.Background()) }()
	c.Done()
	c.Add() // counted while someone waits
	c.Done()
	c.Done()
	if !<-waited {
		t.Error("Wait did not return true once the count was zero")
	}
	if n := c.Count(); n != 0 {
		t.Errorf("Count = %d, want 0", n)
	}
}
