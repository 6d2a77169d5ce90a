package render_test

import (
	"testing"

	"github.com/sudokubot/sudokubot/sudoku"
)

// solution returns a complete, valid grid of shape sh (a shifted pattern).
func solution(tb testing.TB, sh sudoku.Shape) sudoku.Grid {
	tb.Helper()
	n := sh.Size()
	cells := make([]int, n*n)
	for r := 0; r < n; r++ {
		for c := 0; c < n; c++ {
			cells[r*n+c] = ((r%sh.BoxRows)*sh.BoxCols+r/sh.BoxRows+c)%n + 1
		}
	}
	g, err := sudoku.FromCells(sh, cells)
	if err != nil {
		tb.Fatal(err)
	}
	if c := sudoku.Validate(g); c != nil {
		tb.Fatalf("pattern grid %v is invalid: %v", sh, c)
	}
	return g
}

// puzzleOf empties every cell of g whose index is not a multiple of keep.
func puzzleOf(g sudoku.Grid, keep int) sudoku.Grid {
	p := g
	n := g.Size()
	for i := 0; i < n*n; i++ {
		if i%keep != 0 {
			p.Set(i/n, i%n, 0)
		}
	}
	return p
}
