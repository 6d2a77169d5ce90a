package render_test

import (
	"fmt"
	"testing"

	"github.com/sudokubot/sudokubot/internal/testgrids"
	"github.com/sudokubot/sudokubot/parser"
	"github.com/sudokubot/sudokubot/render"
	"github.com/sudokubot/sudokubot/sudoku"
)

// forms returns every reply that shows g, keyed by what it exercises: plain,
// givens marked, conflicts marked, spoiler-wrapped.
func forms(g sudoku.Grid) map[string]string {
	n := g.Size()
	puzzle := g
	for i := 0; i < n*n; i += 2 {
		puzzle.Set(i/n, i%n, 0)
	}
	return map[string]string{
		"solved":          render.Solved(puzzle, sudoku.Result{Status: sudoku.Unique, Solution: g}, render.Options{}),
		"several/spoiler": render.Solved(puzzle, sudoku.Result{Status: sudoku.Multiple, Solution: g, Count: 2}, render.Options{Spoiler: true}),
		"none":            render.Solved(g, sudoku.Result{Status: sudoku.None}, render.Options{}),
		"invalid":         render.Solved(g, sudoku.Result{Status: sudoku.Invalid, Conflicts: sudoku.Validate(g)}, render.Options{}),
		"check":           render.Checked(g, sudoku.Unique, nil, render.Options{}),
		"check/invalid":   render.Checked(g, sudoku.Invalid, sudoku.Validate(g), render.Options{}),
	}
}

// TestRoundTrip proves that a person can copy any reply with a grid, send it
// back, and get the same grid: for every size and every form.
func TestRoundTrip(t *testing.T) {
	for _, sh := range sudoku.Shapes {
		full := testgrids.Pattern(t, sh)
		sparse := testgrids.Thinned(full, 3)
		clash := sparse
		clash.Set(0, 1, full.Get(0, 0)) // a digit twice in row 1 and box 1
		clash.Set(sh.Size()-1, sh.Size()-1, full.Get(0, 0))
		for gname, g := range map[string]sudoku.Grid{"full": full, "sparse": sparse, "clash": clash} {
			for fname, text := range forms(g) {
				t.Run(fmt.Sprintf("%dx%d/%s/%s", sh.Size(), sh.Size(), gname, fname), func(t *testing.T) {
					got, err := parser.Parse(text)
					if err != nil {
						t.Fatalf("Parse(reply) = %v\nreply:\n%s", err, text)
					}
					if got != g {
						t.Errorf("Parse(reply) = %v, want %v\nreply:\n%s", got.Cells(), g.Cells(), text)
					}
				})
			}
		}
	}
}
