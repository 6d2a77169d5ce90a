package command

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/sudokubot/sudokubot/generate"
	"github.com/sudokubot/sudokubot/parser"
	"github.com/sudokubot/sudokubot/sudoku"
)

// testDay is the day the tests' clock says, a Friday afternoon (UTC).
var testDay = time.Date(2025, 3, 14, 15, 4, 5, 0, time.UTC)

// testPool returns a pool that keeps nothing warm and does not run: every
// puzzle is made on the request's time, as a cold pool's are.
func testPool(tb testing.TB) *generate.Pool {
	tb.Helper()
	p, err := generate.NewPool(generate.PoolConfig{Warm: []generate.Kind{}, Seed: 7, Now: func() time.Time { return testDay }})
	if err != nil {
		tb.Fatal(err)
	}
	return p
}

// puzzleHandler returns a handler with a test pool whose clock says testDay.
func puzzleHandler(tb testing.TB, cfg Config) *Handler {
	tb.Helper()
	cfg.Puzzles = testPool(tb)
	cfg.Now = func() time.Time { return testDay }
	return New(cfg)
}

// served returns the puzzle that a reply posts, found by its code and made
// again; the test fails when the reply has no code.
func served(tb testing.TB, text string) generate.Puzzle {
	tb.Helper()
	c, ok := generate.FindCode(text)
	if !ok {
		tb.Fatalf("no puzzle code in the reply:\n%s", text)
	}
	p, err := generate.Decode(context.Background(), c)
	if err != nil {
		tb.Fatal(err)
	}
	return p
}

// board returns the grid of the first code block of text.
func board(tb testing.TB, text string) sudoku.Grid {
	tb.Helper()
	block := fenceRE.FindString(text)
	if block == "" {
		tb.Fatalf("no board in the reply:\n%s", text)
	}
	p, err := parser.Read(block)
	if err != nil {
		tb.Fatalf("the board does not read back: %v\n%s", err, text)
	}
	return p.Grid
}

// TestDailyContract pins what the daily channel's poster codes against:
// Handler.Daily is the reply !daily gives on that day, the day's puzzle of
// the UTC date at that level, and IsDailySolution recognises its solution
// and nothing else.
func TestDailyContract(t *testing.T) {
	ctx := context.Background()
	h := puzzleHandler(t, Config{})
	want, err := generate.Daily(ctx, testDay, generate.Hard)
	if err != nil {
		t.Fatal(err)
	}

	rep := h.Daily(ctx, testDay, generate.Hard)
	if rep.Outcome != outcomePuzzle || rep.UserError || rep.Size != 9 {
		t.Fatalf("Daily: outcome %q, user error %v, size %d:\n%s", rep.Outcome, rep.UserError, rep.Size, rep.Text)
	}
	checkReply(t, "Daily", rep)
	if got := served(t, rep.Text); got.Grid != want.Grid || got.Code != want.Code {
		t.Errorf("Daily posts %v, want the day's Hard puzzle %v", got.Code, want.Code)
	}
	if board(t, rep.Text) != want.Grid {
		t.Errorf("the board is not the day's puzzle:\n%s", rep.Text)
	}
	if !strings.Contains(rep.Text, "Friday 14 March 2025") || !strings.Contains(rep.Text, "**Hard**") {
		t.Errorf("the post does not name the day and the level:\n%s", rep.Text)
	}
	// The same reply as !daily and !daily hard on that day.
	for _, msg := range []string{"!daily", "!daily hard", "!DAILY Hard"} {
		if got := run(t, h, msg); got.Text != rep.Text || got.Outcome != rep.Outcome {
			t.Errorf("%s:\n%s\nwant Daily's reply:\n%s", msg, got.Text, rep.Text)
		}
	}
	// The UTC date counts: 01:00 on the 15th in UTC+10 is the 14th in UTC.
	east := time.Date(2025, 3, 15, 1, 0, 0, 0, time.FixedZone("UTC+10", 10*3600))
	if got := h.Daily(ctx, east, generate.Hard); got.Text != rep.Text {
		t.Errorf("Daily at %v differs from the post of its UTC date:\n%s", east, got.Text)
	}
	if got := h.Daily(ctx, testDay.AddDate(0, 0, 1), generate.Hard); served(t, got.Text).Grid == want.Grid {
		t.Error("the next day's puzzle is today's")
	}
	easy := h.Daily(ctx, testDay, generate.Easy)
	easyWant, _ := generate.Daily(ctx, testDay, generate.Easy)
	if p := served(t, easy.Text); p.Grid != easyWant.Grid || p.Level != generate.Easy || !strings.Contains(easy.Text, "**Easy**") {
		t.Errorf("Daily Easy posts %v (%v):\n%s", p.Code, p.Level, easy.Text)
	}
	if got := run(t, h, "!daily easy"); got.Text != easy.Text {
		t.Errorf("!daily easy differs from Daily(Easy)")
	}

	// IsDailySolution: the solution, and nothing else.
	if !h.IsDailySolution(ctx, testDay, generate.Hard, want.Solution) {
		t.Error("the day's solution is not recognised")
	}
	if !h.IsDailySolution(ctx, east, generate.Hard, want.Solution) {
		t.Error("the day's solution is not recognised at another hour of the same UTC date")
	}
	wrong := want.Solution
	wrong.Set(0, 0, wrong.Get(0, 0)%9+1)
	partial := want.Solution
	partial.Set(4, 4, 0)
	for name, g := range map[string]sudoku.Grid{
		"the puzzle":          want.Grid,
		"one digit changed":   wrong,
		"one cell empty":      partial,
		"Easy's solution":     easyWant.Solution,
		"no grid":             {},
		"another day's grid":  served(t, h.Daily(ctx, testDay.AddDate(0, 0, -1), generate.Hard).Text).Solution,
		"the solution, 4×4'd": solve(t, patternPuzzle(t, sudoku.Shape{BoxRows: 2, BoxCols: 2})),
	} {
		if h.IsDailySolution(ctx, testDay, generate.Hard, g) {
			t.Errorf("%s is taken for the day's solution", name)
		}
	}
	if h.IsDailySolution(ctx, testDay, generate.Easy, want.Solution) {
		t.Error("Hard's solution is taken for Easy's")
	}

	// Without a pool, Daily says puzzles are not available; the solution is
	// still recognised (the day's puzzle is made from the date).
	bare := New(Config{})
	if rep := bare.Daily(ctx, testDay, generate.Hard); rep.Outcome != outcomeUnavailable || !strings.Contains(rep.Text, "not available") {
		t.Errorf("Daily without a pool: %q\n%s", rep.Outcome, rep.Text)
	}
	if !bare.IsDailySolution(ctx, testDay, generate.Hard, want.Solution) {
		t.Error("without a pool, the day's solution is not recognised")
	}
}
