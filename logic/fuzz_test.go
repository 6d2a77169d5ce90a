package logic

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/sudokubot/sudokubot/sudoku"
)

// FuzzNext feeds arbitrary 9×9 grids, with pencil marks narrowed by the
// bytes after the grid, to Next and Explain. They must not panic; on a grid
// with one solution that the marks keep, every step must be sound; on other
// grids they must say why there is no hint.
func FuzzNext(f *testing.F) {
	for i, p := range readRated(f, "testdata/se_sample.csv", false) {
		if i%12 == 0 {
			f.Add(p.puzzle, []byte{})
			f.Add(p.puzzle, []byte{0x0f, 0xf0, 0x33, 0xcc})
		}
	}
	f.Add(".................................................................................", []byte{1, 2, 3})
	f.Fuzz(func(t *testing.T, puzzle string, marks []byte) {
		if len(puzzle) < 81 {
			return
		}
		cells := make([]int, 81)
		for i := 0; i < 81; i++ {
			if ch := puzzle[i]; ch >= '1' && ch <= '9' {
				cells[i] = int(ch - '0')
			}
		}
		g, err := sudoku.FromCells(sudoku.Classic, cells)
		if err != nil {
			t.Fatal(err)
		}
		var lg *Grid
		if len(marks) == 0 {
			lg, err = New(g)
		} else {
			masks := make([]uint32, 81)
			for i := range masks {
				masks[i] = 0x1ff &^ uint32(marks[i%len(marks)]>>(i%3))
			}
			lg, err = NewWithCandidates(g, masks)
		}
		if err != nil {
			if !errors.Is(err, sudoku.ErrInvalidGrid) && !errors.Is(err, ErrNoCandidates) {
				t.Fatalf("New: unexpected error %v", err)
			}
			return
		}
		ctx, cancel := context.WithTimeout(context.Background(), 300*time.Millisecond)
		defer cancel()
		res, err := sudoku.Solve(ctx, g, 2)
		if err != nil {
			return
		}
		step, err := Next(ctx, lg)
		var ce *CandidateError
		switch {
		case err == nil:
		case errors.Is(err, ErrSolved), errors.Is(err, ErrNeedsGuess), errors.Is(err, ErrMultipleSolutions),
			errors.Is(err, ErrNoSolution), errors.As(err, &ce), errors.Is(err, context.DeadlineExceeded):
			return
		default:
			t.Fatalf("Next: unexpected error %v", err)
		}
		if res.Status != sudoku.Unique {
			if res.Status == sudoku.Multiple {
				if step.Technique == UniqueRectangle || step.Technique == BUG {
					t.Fatalf("uniqueness step %v on a grid with several solutions", step)
				}
				return
			}
			t.Fatalf("step %v on a grid with status %v", step, res.Status)
		}
		sol := res.Solution
		rep, err := Explain(ctx, lg)
		if err != nil && !errors.Is(err, context.DeadlineExceeded) {
			t.Fatalf("Explain: %v", err)
		}
		if len(rep.Path) == 0 || rep.Path[0].String() != step.String() {
			if err == nil {
				t.Fatalf("Explain starts with %v, Next gives %v", rep.Path, step)
			}
		}
		for i, s := range rep.Path {
			for _, p := range s.Placements {
				if sol.Get(p.Cell.Row, p.Cell.Col) != p.Digit {
					t.Fatalf("step %d %v places a wrong digit", i+1, s)
				}
			}
			for _, e := range s.Eliminations {
				if sol.Get(e.Cell.Row, e.Cell.Col) == e.Digit {
					t.Fatalf("step %d %v removes the solution's digit", i+1, s)
				}
			}
		}
	})
}
