package scroll

import (
	"context"
	"strconv"
	"testing"
)

// TestCountsMessagesAfterTheBoard: only messages of the board's channel
// with a later id count, whatever order they are seen in; the board's own
// id and older messages do not.
func TestCountsMessagesAfterTheBoard(t *testing.T) {
	var c Counter
	c.Track("ch", "100")
	c.Seen("ch", "100") // the board itself, echoed
	c.Seen("ch", "99")  // posted before it, seen late
	c.Seen("other", "101")
	c.Seen("ch", "102")
	c.Seen("ch", "101")
	if n := c.Below("ch", "100"); n != 2 {
		t.Fatalf("below = %d, want 2", n)
	}
	if n := c.Below("ch", "500"); n != 0 {
		t.Fatalf("untracked board below = %d, want 0", n)
	}
	c.Seen("ch", "501")
	if n := c.Below("ch", "500"); n != 1 {
		t.Fatalf("board tracked on first ask: below = %d, want 1", n)
	}
}

// TestClaimRepostOnce: past the limit one move claims the re-post; a move
// meanwhile waits for it and is sent to the new board, told it is stale
// when the new board shows its version already; a failed re-post leaves
// the old board, to be tried again.
func TestClaimRepostOnce(t *testing.T) {
	ctx := context.Background()
	var c Counter
	c.Track("ch", "10")
	for id := 11; id <= 13; id++ {
		c.Seen("ch", strconv.Itoa(id))
	}
	if to, re, _ := c.Claim(ctx, "ch", "10", 1, 3); re || to != "10" {
		t.Fatalf("at the limit: to %s repost %v, want an edit of 10", to, re)
	}
	c.Seen("ch", "14")
	if _, re, _ := c.Claim(ctx, "ch", "10", 2, 3); !re {
		t.Fatal("past the limit: no re-post claimed")
	}
	c.Moved("ch", "10", "", 0) // failed
	if _, re, _ := c.Claim(ctx, "ch", "10", 2, 3); !re {
		t.Fatal("after a failed re-post: not claimed again")
	}
	type res struct {
		to    string
		stale bool
	}
	older, newer := make(chan res), make(chan res)
	go func() { to, _, st := c.Claim(ctx, "ch", "10", 2, 3); older <- res{to, st} }()
	go func() { to, _, st := c.Claim(ctx, "ch", "10", 4, 3); newer <- res{to, st} }()
	c.Moved("ch", "10", "20", 3)
	if r := <-older; r.to != "20" || !r.stale {
		t.Errorf("older move: %+v, want 20 stale", r)
	}
	if r := <-newer; r.to != "20" || r.stale {
		t.Errorf("newer move: %+v, want 20 to edit", r)
	}
	if !c.Replaced("ch", "10") || c.Replaced("ch", "20") {
		t.Error("Replaced wrong")
	}
	if n := c.Below("ch", "20"); n != 0 {
		t.Errorf("new board below = %d", n)
	}
}
