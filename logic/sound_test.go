package logic

import (
	"context"
	"testing"

	"github.com/sudokubot/sudokubot/internal/race"
	"github.com/sudokubot/sudokubot/internal/shareddata"
	"github.com/sudokubot/sudokubot/sudoku"
)

// checkPath verifies every step of the path from puzzle g against its
// solution: each placement is the solution's digit and no elimination
// removes it. It also checks that each step applies to the grid it was found
// on and makes progress.
func checkPath(tb testing.TB, g sudoku.Grid) Report {
	tb.Helper()
	res, err := sudoku.Solve(context.Background(), g, 2)
	if err != nil || res.Status != sudoku.Unique {
		tb.Fatalf("puzzle has status %v: %v", res.Status, err)
	}
	sol := res.Solution
	start := mustNew(tb, g)
	rep, err := Explain(context.Background(), start)
	if err != nil {
		tb.Fatal(err)
	}
	w := start.Clone()
	for i, s := range rep.Path {
		if len(s.Placements)+len(s.Eliminations) == 0 {
			tb.Fatalf("step %d %v concludes nothing", i+1, s)
		}
		for _, p := range s.Placements {
			if want := sol.Get(p.Cell.Row, p.Cell.Col); p.Digit != want {
				tb.Fatalf("step %d %v places %d at %v; the solution has %d", i+1, s, p.Digit, p.Cell, want)
			}
		}
		progress := len(s.Placements) > 0
		for _, e := range s.Eliminations {
			if want := sol.Get(e.Cell.Row, e.Cell.Col); e.Digit == want {
				tb.Fatalf("step %d %v removes the solution's %d from %v", i+1, s, want, e.Cell)
			}
			progress = progress || w.HasCandidate(e.Cell, e.Digit)
		}
		if !progress {
			tb.Fatalf("step %d %v changes nothing", i+1, s)
		}
		if err := w.Apply(s); err != nil {
			tb.Fatalf("step %d %v: %v", i+1, s, err)
		}
	}
	if rep.Status == Solved && w.Sudoku() != sol {
		tb.Fatalf("solved grid differs from the solution")
	}
	return rep
}

// TestSample rates every puzzle of the sample (testdata/se_sample.csv),
// checking each step against the solution and the rating against
// SukakuExplainer's.
func TestSample(t *testing.T) {
	for _, p := range readRated(t, "testdata/se_sample.csv", false) {
		rep := checkPath(t, grid81(t, p.puzzle))
		if rep.Status != Solved || rep.Rating.String() != p.rating {
			t.Errorf("line %d %s: %v %v (%s), SE rates %s", p.line, p.puzzle, rep.Status, rep.Rating, rep.Hardest.Name, p.rating)
		}
	}
}

// TestShared rates every puzzle of the shared SE-rated file (every tenth
// under the race detector), checking each step against the solution and
// the rating against SukakuExplainer's.
func TestShared(t *testing.T) {
	if testing.Short() {
		t.Skip("the whole shared file is long for -short")
	}
	puzzles := readRated(t, shareddata.Path("se_rated.csv"), true)
	misses := 0
	for i, p := range puzzles {
		if race.Enabled && i%10 != 0 {
			continue
		}
		rep := checkPath(t, grid81(t, p.puzzle))
		if rep.Status != Solved || rep.Rating.String() != p.rating {
			misses++
			t.Errorf("line %d %s: %v %v (%s), SE rates %s", p.line, p.puzzle, rep.Status, rep.Rating, rep.Hardest.Name, p.rating)
		}
	}
	t.Logf("%d puzzles, %d rated differently from SukakuExplainer v1.15.10", len(puzzles), misses)
}
