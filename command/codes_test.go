package command

import (
	"context"
	"strings"
	"testing"
	"time"
)

// slowSeed is a forged 16×16 Easy code whose grids take seconds to make
// (50 s on a busy machine): a puzzle that needs a guess, so no post of the
// bot carries it. Its last two characters are the transform: every
// ending names another code of the same costly seed.
const slowSeed = "#16E-5najk4"

// easyGrid is an easy 9×9 puzzle (the Wikipedia one).
const easyGrid = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"

// TestForgedCodesDoNotStarveSolves: while one user sends four forged codes
// of a slow seed, one of them is being made and the three others are told
// at once to try again (so they hold no solve worker of the transport), and
// another user's solve is answered while that one is still being made.
func TestForgedCodesDoNotStarveSolves(t *testing.T) {
	h := puzzleHandler(t, Config{CodeTimeout: time.Hour}) // the deadline is not what bounds them here
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	replies := make(chan Reply, 4)
	for _, end := range []string{"v0", "v1", "v2", "v3"} {
		req, _ := h.Match("!new "+slowSeed+end, botID)
		go func() { replies <- h.Handle(ctx, req) }()
	}
	for range 3 {
		if rep := <-replies; rep.Outcome != "code_busy" || !strings.Contains(rep.Text, "again in a few seconds") {
			t.Errorf("a forged code beside another being made: %q %q, want code_busy at once", rep.Outcome, rep.Text)
		}
	}
	if rep := run(t, h, "!solve "+easyGrid); rep.Outcome != "unique" {
		t.Errorf("another user's solve: %q\n%s", rep.Outcome, rep.Text)
	}
	select {
	case rep := <-replies:
		t.Fatalf("the forged code being made was answered (%q) before the solve: it was not held to one at a time", rep.Outcome)
	default:
	}
	cancel()
	if rep := <-replies; rep.Outcome != "cancelled" {
		t.Errorf("the forged code being made, stopped: %q", rep.Outcome)
	}
}

// TestSlowSeedRememberedAtOnce: a code whose seed ran out of time is said
// to be too slow, and so are the other transforms of that seed, at once,
// without waiting for a place among the rebuilds.
func TestSlowSeedRememberedAtOnce(t *testing.T) {
	h := puzzleHandler(t, Config{CodeTimeout: 20 * time.Millisecond})
	if rep := run(t, h, "!new "+slowSeed+"v0"); rep.Outcome != "code_slow" || !strings.Contains(rep.Text, "takes longer than 20ms") {
		t.Fatalf("a slow forged code: %q %q", rep.Outcome, rep.Text)
	}
	h.codes.slots <- struct{}{} // every place taken: only a refusal up front answers now
	defer func() { <-h.codes.slots }()
	for _, end := range []string{"v1", "zz", "00"} {
		if rep := run(t, h, "!new "+slowSeed+end); rep.Outcome != "code_slow" {
			t.Errorf("another transform of the slow seed: %q, want code_slow at once", rep.Outcome)
		}
	}
	if rep := run(t, h, "!new #9E-0000abcd"); rep.Outcome != "code_busy" {
		t.Errorf("another unknown code while the place is taken: %q, want code_busy", rep.Outcome)
	}
}

// TestCodeLevelMismatchRefused: a code whose puzzle does not rate as its
// level letter says, or with a level its size does not come in, is refused
// with what is wrong, for a new post as for a check against it.
func TestCodeLevelMismatchRefused(t *testing.T) {
	h := puzzleHandler(t, Config{CodeTimeout: time.Minute})
	for _, tc := range []struct{ msg, want string }{
		{"!new #16H-zzzzzzzz", "its puzzle rates Medium"},
		{"!new #9H-3f2a1c9x", "harder than Hard"},
		{"!new #16X-5najk4vb", "no 16×16 Expert puzzles"},
	} {
		rep := run(t, h, tc.msg)
		if !rep.UserError || !strings.Contains(rep.Text, "not one of my puzzles") || !strings.Contains(rep.Text, tc.want) {
			t.Errorf("%s: %q %q, want a refusal saying %q", tc.msg, rep.Outcome, rep.Text, tc.want)
		}
	}
}

// TestIssuedCodesTrusted: a code the handler issued is made again under
// the puzzle deadline even once it has left the puzzles kept and while
// every place for other codes is taken.
func TestIssuedCodesTrusted(t *testing.T) {
	h := puzzleHandler(t, Config{})
	p := served(t, run(t, h, "!new easy").Text)
	h.served = newPuzzleCache(cachedPuzzles, h.codes.issue) // forgotten, as after 512 others
	h.codes.slots <- struct{}{}
	defer func() { <-h.codes.slots }()
	if rep := run(t, h, "!new "+p.Code.String()); rep.Outcome != outcomePuzzle || board(t, rep.Text) != p.Grid {
		t.Errorf("an issued code no longer kept: %q\n%s", rep.Outcome, rep.Text)
	}
}
