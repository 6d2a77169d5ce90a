package boards

import (
	"context"
	"testing"
)

// A move waiting for a game's first board gets where it went, once posted.
func TestFirstWaitsForTheBoard(t *testing.T) {
	var s Starting
	posted := s.Begin("g1")
	got := make(chan [2]string)
	go func() {
		msg, th, ok := s.First(context.Background(), "g1")
		if !ok {
			msg = "not ok"
		}
		got <- [2]string{msg, th}
	}()
	posted("m1", "t1")
	if g := <-got; g != [2]string{"m1", "t1"} {
		t.Errorf("first board %v, want message m1 in thread t1", g)
	}
	// Asked after it was posted, the same answer at once.
	if msg, th, ok := s.First(context.Background(), "g1"); !ok || msg != "m1" || th != "t1" {
		t.Errorf("first board afterwards: %q %q %v", msg, th, ok)
	}
}

func TestFirstNotBegunOrFailed(t *testing.T) {
	var s Starting
	if _, _, ok := s.First(context.Background(), "unknown"); ok {
		t.Error("a game never begun has a first board")
	}
	failed := s.Begin("g2")
	failed("", "")
	if _, _, ok := s.First(context.Background(), "g2"); ok {
		t.Error("a board that was not posted counts as posted")
	}
}

// A wait ends with its context.
func TestFirstEndsWithContext(t *testing.T) {
	var s Starting
	s.Begin("g3") // never posted
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, _, ok := s.First(ctx, "g3"); ok {
		t.Error("a board still on its way was reported after the context ended")
	}
}

func TestToldOncePerChannel(t *testing.T) {
	told := Told{Max: 2}
	for i, c := range []struct {
		channel string
		want    bool
	}{
		{"a", true}, {"a", false}, {"b", true}, {"a", false}, {"b", false},
		{"c", true},  // 3 remembered, over Max: the next call forgets them
		{"a", false}, // told before the others were forgotten
		{"b", true},  // forgotten, told again
		{"b", false},
	} {
		if got := told.First(c.channel); got != c.want {
			t.Errorf("call %d for %s: %v, want %v", i+1, c.channel, got, c.want)
		}
	}
}

// A move played on a game saved a moment before its start begins posting
// the board waits for the start, rather than posting a board of its own.
func TestFirstWaitsForTheBegin(t *testing.T) {
	var s Starting
	asked := make(chan struct{})
	got := make(chan [2]string)
	go func() {
		close(asked)
		msg, th, ok := s.First(context.Background(), "g4")
		if !ok {
			msg = "not ok"
		}
		got <- [2]string{msg, th}
	}()
	<-asked
	s.Begin("other")("m0", "") // another game's start wakes the wait, which goes on
	posted := s.Begin("g4")
	posted("m4", "t4")
	if g := <-got; g != [2]string{"m4", "t4"} {
		t.Errorf("first board %v, want message m4 in thread t4", g)
	}
}
