// Package testgrids builds grids for tests of the packages above sudoku: grids
// that keep a solver busy, complete grids of every shape, and the one-line
// text form people paste. The public puzzle sets beside the repository are
// found by package [github.com/sudokubot/sudokubot/internal/shareddata].
package testgrids

import (
	"strings"
	"testing"

	"github.com/sudokubot/sudokubot/sudoku"
)

// Pigeonhole returns a grid of shape s (boxes at least 3×3) with no conflict
// and no solution that propagation cannot see: k = min(BoxRows, BoxCols)
// digits are kept out of row 1 everywhere but its first k-1 cells, by givens
// far from there. A search fills much of the grid before it runs into the
// contradiction, again and again: on 25×25 it runs far past any deadline the
// bot uses, which makes it the grid for timeout tests.
func Pigeonhole(s sudoku.Shape) sudoku.Grid {
	g, err := sudoku.New(s)
	if err != nil {
		panic(err)
	}
	br, bc := s.BoxRows, s.BoxCols
	k := min(br, bc)
	for d := 1; d <= k; d++ {
		for b := 1; b < br; b++ {
			g.Set(1+(d-1+b)%(br-1), b*bc+d-1, d)
		}
		for j := k - 1; j < bc; j++ {
			g.Set(br*(j-k+2)+d-1, j, d)
		}
	}
	return g
}

// symbols are the cell symbols of the one-line form: 1-9, then A for 10 up to
// P for 25.
const symbols = ".123456789ABCDEFGHIJKLMNOP"

// Line returns g on one line, '.' for empty cells, as `sudoku solve` reads it
// and as people paste grids.
func Line(g sudoku.Grid) string {
	var b strings.Builder
	n := g.Shape().Cells()
	for i := 0; i < n; i++ {
		b.WriteByte(symbols[g.At(i)])
	}
	return b.String()
}

// Decode reads the one-line form written by [Line] ('.' for empty, 1-9, then
// A for 10 up to P for 25), independently of package parser, so that tests
// of the parser and of the replies do not rest on the code under test. It
// fails the test on a length no shape has or on any other symbol.
func Decode(tb testing.TB, line string) sudoku.Grid {
	tb.Helper()
	sh, ok := sudoku.ShapeForCells(len(line))
	if !ok {
		tb.Fatalf("testgrids: no shape has %d cells", len(line))
	}
	cells := make([]int, len(line))
	for i, c := range line {
		v := strings.IndexRune(symbols, c)
		if v < 0 {
			tb.Fatalf("testgrids: bad symbol %q in %q", c, line)
		}
		cells[i] = v
	}
	g, err := sudoku.FromCells(sh, cells)
	if err != nil {
		tb.Fatal(err)
	}
	return g
}

// Pattern returns a complete, valid grid of shape s: a shifted Latin square,
// row r being row 0 turned left by (r mod BoxRows)·BoxCols + r/BoxRows. It
// fails the test if that grid breaks a rule (a shape it does not fit).
func Pattern(tb testing.TB, s sudoku.Shape) sudoku.Grid {
	tb.Helper()
	n := s.Size()
	cells := make([]int, n*n)
	for r := 0; r < n; r++ {
		for c := 0; c < n; c++ {
			cells[r*n+c] = ((r%s.BoxRows)*s.BoxCols+r/s.BoxRows+c)%n + 1
		}
	}
	g, err := sudoku.FromCells(s, cells)
	if err != nil {
		tb.Fatal(err)
	}
	if c := sudoku.Validate(g); c != nil {
		tb.Fatalf("testgrids: pattern grid %v is invalid: %v", s, c)
	}
	return g
}

// Thinned returns g with every cell emptied but those whose index (row-major,
// from 0) is a multiple of keep: a puzzle with g as a solution, unique or not.
func Thinned(g sudoku.Grid, keep int) sudoku.Grid {
	n := g.Size()
	for i := 0; i < n*n; i++ {
		if i%keep != 0 {
			g.Set(i/n, i%n, 0)
		}
	}
	return g
}
