package command

import (
	"context"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// solveIn starts a game of playPuzzle as user and solves it after d, with
// hints hints asked first.
func solveIn(t *testing.T, h *Handler, c *clock, user, args string, d time.Duration, hints int) {
	t.Helper()
	id := start(t, h, user, args).Game.ID
	for range hints {
		if rep := h.Move(context.Background(), id, seatOf(user), "hint"); rep.Outcome != outcomeGameMove {
			t.Fatalf("hint: %s", rep.Text)
		}
	}
	c.add(d)
	if rep := h.Move(context.Background(), id, seatOf(user), remainingMoves(t, playPuzzle, playSolution)); rep.Outcome != outcomeGameSolved {
		t.Fatalf("solve: %s\n%s", rep.Outcome, rep.Text)
	}
}

func askAs(t *testing.T, h *Handler, user, content string) Reply {
	t.Helper()
	req, ok := h.Match(content, "")
	if !ok {
		t.Fatalf("%q not matched", content)
	}
	s := seatOf(user)
	req.Seat = &s
	return h.Handle(context.Background(), req)
}

func TestStatsAndLeaderboard(t *testing.T) {
	c := &clock{t: testDay}
	db := openStore(t, filepath.Join(t.TempDir(), "g.db"))
	h := playHandler(t, db, c, Config{Pictures: PicturesNever})
	solveIn(t, h, c, ann, playPuzzle, 20*time.Minute, 0) // a week before the others: not on the leaderboard
	c.add(8 * 24 * time.Hour)
	solveIn(t, h, c, ann, playPuzzle, 10*time.Minute, 1)
	solveIn(t, h, c, ann, playPuzzle, 5*time.Minute, 0)
	solveIn(t, h, c, bob, playPuzzle, 7*time.Minute, 2)
	give := start(t, h, ann, playPuzzle).Game.ID
	h.Move(context.Background(), give, seatOf(ann), "give up")
	// A pasted grid with one cell left is no fastest solve: its game is
	// not ranked (its member's statistics count it, at its level).
	oneLeft := "." + playSolution[1:]
	quick := start(t, h, ann, oneLeft).Game.ID
	c.add(time.Second)
	if rep := h.Move(context.Background(), quick, seatOf(ann), "r1c1 5"); rep.Outcome != outcomeGameSolved {
		t.Fatalf("one cell left: %s\n%s", rep.Outcome, rep.Text)
	}

	rep := askAs(t, h, ann, "!stats")
	for _, want := range []string{"**Your games** in this server: 5 finished, 4 solved, 1 given up.",
		"• Easy: 4 solved, best 1 s, median 7 min 30 s", "Daily puzzle streak: 0 days."} {
		if !strings.Contains(rep.Text, want) {
			t.Errorf("!stats lacks %q:\n%s", want, rep.Text)
		}
	}
	rep = askAs(t, h, ann, "!leaderboard")
	want := "**Fastest solves here in the last 7 days** (every level):\n" +
		"1. <@" + ann + ">: 5 min 0 s, Easy, 0 hints\n" +
		"2. <@" + bob + ">: 7 min 0 s, Easy, 2 hints\n" +
		"3. <@" + ann + ">: 10 min 0 s, Easy, 1 hint"
	if rep.Text != want {
		t.Errorf("!leaderboard:\n%s\nwant\n%s", rep.Text, want)
	}
	if rep := askAs(t, h, ann, "!leaderboard hard"); !strings.Contains(rep.Text, "(Hard):\nNone yet") {
		t.Errorf("!leaderboard hard:\n%s", rep.Text)
	}
	// Another bot's words are not for this one.
	for _, content := range []string{"!stats for my dog", "!leaderboard global xp"} {
		if _, ok := h.Match(content, ""); ok {
			t.Errorf("%q matched", content)
		}
	}
}
