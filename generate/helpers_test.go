package generate

import (
	"context"
	"fmt"
	"testing"

	"github.com/sudokubot/sudokubot/sudoku"
)

// testShapes are the shapes the tests cover: every supported one but 25×25,
// whose minimisation takes seconds.
var testShapes = sudoku.Shapes[:len(sudoku.Shapes)-1]

// checkSolution fails tb unless sol is a complete grid that breaks no rule
// and keeps every given of puzzle. It counts digits itself, without the
// package's help.
func checkSolution(tb testing.TB, puzzle, sol sudoku.Grid) {
	tb.Helper()
	if err := solutionError(puzzle, sol); err != nil {
		tb.Fatalf("%v\npuzzle   %s\nsolution %s", err, line(puzzle), line(sol))
	}
}

func solutionError(puzzle, sol sudoku.Grid) error {
	s := puzzle.Shape()
	if sol.Shape() != s {
		return fmt.Errorf("solution shape %v, puzzle %v", sol.Shape(), s)
	}
	n := s.Size()
	for u := 0; u < n; u++ {
		var row, col, box [sudoku.MaxSize + 1]bool
		for k := 0; k < n; k++ {
			br, bc := u/s.BoxRows*s.BoxRows+k/s.BoxCols, u%s.BoxRows*s.BoxCols+k%s.BoxCols
			for _, x := range []struct {
				seen *[sudoku.MaxSize + 1]bool
				r, c int
				what string
			}{{&row, u, k, "row"}, {&col, k, u, "column"}, {&box, br, bc, "box"}} {
				v := sol.Get(x.r, x.c)
				if v < 1 || v > n || x.seen[v] {
					return fmt.Errorf("%s %d: %d at r%dc%d is missing or repeated", x.what, u+1, v, x.r+1, x.c+1)
				}
				x.seen[v] = true
			}
		}
	}
	for i := 0; i < s.Cells(); i++ {
		if p := puzzle.At(i); p != 0 && p != sol.At(i) {
			return fmt.Errorf("given %d at cell %d changed to %d", p, i, sol.At(i))
		}
	}
	return nil
}

// checkMinimal fails tb unless puzzle has exactly one solution and removing
// any one given (with sym, any pair of givens mirrored through the centre)
// leaves several. The solver is the judge, independent of how the
// generator minimised.
func checkMinimal(tb testing.TB, puzzle sudoku.Grid, sym bool) {
	tb.Helper()
	ctx := context.Background()
	if n, err := sudoku.CountSolutions(ctx, puzzle, 2); err != nil || n != 1 {
		tb.Fatalf("%d solutions (%v): %s", n, err, line(puzzle))
	}
	cells := puzzle.Shape().Cells()
	size := puzzle.Size()
	for i := 0; i < cells; i++ {
		j := i
		if sym {
			j = cells - 1 - i
			if (puzzle.At(i) == 0) != (puzzle.At(j) == 0) {
				tb.Fatalf("givens not symmetric: cell %d and cell %d: %s", i, j, line(puzzle))
			}
			if j < i {
				continue
			}
		}
		if puzzle.At(i) == 0 {
			continue
		}
		g := puzzle
		g.Set(i/size, i%size, 0)
		g.Set(j/size, j%size, 0)
		if n, err := sudoku.CountSolutions(ctx, g, 2); err != nil || n != 2 {
			tb.Fatalf("not minimal: without cell %d (and %d) it has %d solutions (%v): %s", i, j, n, err, line(puzzle))
		}
	}
}

// line writes g on one line, '.' for empty.
func line(g sudoku.Grid) string {
	const symbols = ".123456789ABCDEFGHIJKLMNOP"
	b := make([]byte, g.Shape().Cells())
	for i := range b {
		b[i] = symbols[g.At(i)]
	}
	return string(b)
}
