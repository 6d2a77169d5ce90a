// Package testgrids builds grids for tests of the packages above sudoku: grids
// that keep a solver busy, and the one-line text form people paste.
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
