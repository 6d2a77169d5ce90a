package logic

import (
	"bufio"
	"context"
	"os"
	"strings"
	"testing"

	"github.com/sudokubot/sudokubot/internal/race"
	"github.com/sudokubot/sudokubot/sudoku"
)

// grid729 reads Sukaku Explainer's 729-character pencil marks (the
// candidates of each cell, '.' for a missing one): a cell with one
// candidate that no peer has is a placed digit, as SE reads it.
func grid729(tb testing.TB, s string) *Grid {
	tb.Helper()
	if len(s) != 729 {
		tb.Fatalf("pencil marks of %d characters", len(s))
	}
	cands := make([]uint32, 81)
	for i := 0; i < 729; i++ {
		if s[i] != '.' {
			cands[i/9] |= 1 << (i % 9)
		}
	}
	cells := make([]int, 81)
	for c := 0; c < 81; c++ {
		if m := cands[c]; m&(m-1) == 0 {
			single := true
			for _, p := range geomFor(sudoku.Classic).peers[c] {
				single = single && cands[p]&m == 0
			}
			if single {
				cells[c] = lowest(m)
			}
		}
	}
	g, err := sudoku.FromCells(sudoku.Classic, cells)
	if err != nil {
		tb.Fatal(err)
	}
	lg, err := NewWithCandidates(g, cands)
	if err != nil {
		tb.Fatal(err)
	}
	return lg
}

// TestNestedStepsSE takes the next step on grids where Sukaku Explainer
// v1.15.10's next step is a nested dynamic forcing chain
// (testdata/se_steps.csv: pencil marks, SE's rating and conclusion, read
// from SE itself) and checks it gives SE's step.
func TestNestedStepsSE(t *testing.T) {
	f, err := os.Open("testdata/se_steps.csv")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<16)
	for n := 1; sc.Scan(); n++ {
		parts := strings.Split(sc.Text(), ",")
		if len(parts) != 3 {
			t.Fatalf("line %d: %d fields", n, len(parts))
		}
		if race.Enabled && ratingOf(t, parts[1]) >= 110 {
			continue // a search of every nested level: long under the race detector
		}
		g := grid729(t, parts[0])
		s, err := Next(context.Background(), g)
		if err != nil {
			t.Fatalf("line %d: %v", n, err)
		}
		if s.Rating != ratingOf(t, parts[1]) || s.Conclusions() != parts[2] {
			t.Errorf("line %d: %v, SE: %s %s", n, s, parts[1], parts[2])
		}
	}
}

// countCtx is a context whose deadline passes at its limit-th poll of Err,
// so that a test can stop a search at the same place on every run.
type countCtx struct {
	context.Context
	polls, limit int
}

func (c *countCtx) Err() error {
	c.polls++
	if c.limit > 0 && c.polls >= c.limit {
		return context.DeadlineExceeded
	}
	return nil
}

// TestRateTimeoutFloor: a rating that runs out of time while searching the
// nested forcing chains (after every easier technique found nothing) says
// the puzzle rates at least what those chains rate.
func TestRateTimeoutFloor(t *testing.T) {
	// A grid of hardest.txt's second puzzle whose next step is Dynamic
	// Forcing Chains (+), 9.9 (testdata/se_steps.csv, line 2).
	f, err := os.ReadFile("testdata/se_steps.csv")
	if err != nil {
		t.Fatal(err)
	}
	line := strings.Split(string(f), "\n")[1]
	g := grid729(t, line[:729])
	// The polls of the first step: the deadline passes at the last of them,
	// in the search of the (+) chains.
	ctx := &countCtx{Context: context.Background()}
	if s, err := Next(ctx, g); err != nil || s.Technique != DynamicForcingChainPlus {
		t.Fatalf("next step %v (%v)", s, err)
	}
	ctx = &countCtx{Context: context.Background(), limit: ctx.polls - 1}
	rep, err := Rate(ctx, g)
	if rep.Status != TimedOut || err == nil || rep.Steps != 0 || rep.AtLeast != 90 {
		t.Errorf("rate stopped at the last poll: %v after %d steps, at least %v (%v)", rep.Status, rep.Steps, rep.AtLeast, err)
	}
}

// TestHardest rates Norvig's hardest.txt (testdata/se_hardest.csv, with the
// ratings Sukaku Explainer v1.15.10 gives), checking every step against the
// solution: two of them need forcing chains nested in forcing chains
// (10.5, 10.6). Under the race detector, those are left out (some ten
// seconds each there).
func TestHardest(t *testing.T) {
	for _, p := range readRated(t, "testdata/se_hardest.csv", false) {
		if race.Enabled && ratingOf(t, p.rating) >= 100 {
			continue
		}
		rep := checkPath(t, grid81(t, p.puzzle))
		if rep.Status != Solved || rep.Rating.String() != p.rating {
			t.Errorf("line %d %s: %v %v (%s), SE rates %s", p.line, p.puzzle, rep.Status, rep.Rating, rep.Hardest.Name, p.rating)
		}
	}
}

// TestForumHardest rates the first puzzles of forum_hardest_1905_11plus
// (testdata/se_forum.csv, with Sukaku Explainer v1.15.10's ratings: SE takes
// 11 to 15 minutes each here), which need forcing chains with multiple
// forcing chains nested (level 3) from their first step, checking every
// step against the solution. Too slow for the race detector.
func TestForumHardest(t *testing.T) {
	if race.Enabled || testing.Short() {
		t.Skip("nested forcing chains take seconds per puzzle")
	}
	for _, p := range readRated(t, "testdata/se_forum.csv", false) {
		rep := checkPath(t, grid81(t, p.puzzle))
		if rep.Status != Solved || rep.Rating.String() != p.rating {
			t.Errorf("line %d %s: %v %v (%s), SE rates %s", p.line, p.puzzle, rep.Status, rep.Rating, rep.Hardest.Name, p.rating)
		}
	}
}
