package sudoku

import (
	"bufio"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// parseLine reads a one-line puzzle (the test's own reader, independent of
// cmd/sudoku): '.' or '0' for empty, 1-9 then A-Z (either case) for 10 and up.
func parseLine(tb testing.TB, line string) Grid {
	tb.Helper()
	s, ok := ShapeForCells(len(line))
	if !ok {
		tb.Fatalf("puzzle of %d cells: no such shape", len(line))
	}
	cells := make([]int, len(line))
	for i := 0; i < len(line); i++ {
		ch := line[i]
		switch {
		case ch == '.' || ch == '0':
		case ch >= '1' && ch <= '9':
			cells[i] = int(ch - '0')
		case ch >= 'A' && ch <= 'Z':
			cells[i] = int(ch-'A') + 10
		case ch >= 'a' && ch <= 'z':
			cells[i] = int(ch-'a') + 10
		default:
			tb.Fatalf("puzzle %q: bad symbol %q at %d", line, ch, i)
		}
	}
	g, err := FromCells(s, cells)
	if err != nil {
		tb.Fatalf("puzzle %q: %v", line, err)
	}
	return g
}

// lines returns the non-empty lines of a file.
func lines(tb testing.TB, path string) []string {
	tb.Helper()
	f, err := os.Open(path)
	if err != nil {
		tb.Fatal(err)
	}
	defer f.Close()
	var out []string
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		if l := strings.TrimSpace(sc.Text()); l != "" {
			out = append(out, l)
		}
	}
	if err := sc.Err(); err != nil {
		tb.Fatal(err)
	}
	return out
}

// pairs reads "puzzle,solution" lines.
func pairs(tb testing.TB, name string) [][2]Grid {
	tb.Helper()
	var out [][2]Grid
	for _, l := range lines(tb, filepath.Join("testdata", name)) {
		p, s, ok := strings.Cut(l, ",")
		if !ok {
			tb.Fatalf("%s: line %q has no comma", name, l)
		}
		out = append(out, [2]Grid{parseLine(tb, p), parseLine(tb, s)})
	}
	return out
}

func puzzles(tb testing.TB, name string) []Grid {
	tb.Helper()
	var out []Grid
	for _, l := range lines(tb, filepath.Join("testdata", name)) {
		out = append(out, parseLine(tb, l))
	}
	return out
}

// solutionError says why sol is not a solution of puzzle, or returns "" if it
// is: same shape, every cell 1..n, every row, column and box holding each
// digit once, and every given kept. It uses nothing of the package but the
// accessors.
func solutionError(puzzle, sol Grid) string {
	if sol.Shape() != puzzle.Shape() {
		return "shape differs"
	}
	n := sol.Size()
	br, bc := puzzle.Shape().BoxRows, puzzle.Shape().BoxCols
	for r := 0; r < n; r++ {
		for c := 0; c < n; c++ {
			v := sol.Get(r, c)
			if v < 1 || v > n {
				return "cell out of range or empty"
			}
			if p := puzzle.Get(r, c); p != 0 && p != v {
				return "a given was changed"
			}
		}
	}
	for u := 0; u < n; u++ {
		var row, col, box [MaxSize + 1]bool
		for k := 0; k < n; k++ {
			rv, cv := sol.Get(u, k), sol.Get(k, u)
			bv := sol.Get((u/br)*br+k/bc, (u%br)*bc+k%bc)
			if row[rv] || col[cv] || box[bv] {
				return "a digit repeats in a unit"
			}
			row[rv], col[cv], box[bv] = true, true, true
		}
	}
	for i := n * n; i < MaxCells; i++ {
		if sol.cells[i] != 0 {
			return "cells beyond the grid are set"
		}
	}
	return ""
}

func checkSolution(tb testing.TB, puzzle, sol Grid) {
	tb.Helper()
	if e := solutionError(puzzle, sol); e != "" {
		tb.Fatalf("bad solution (%s):\npuzzle   %s\nsolution %s", e, gridLine(puzzle), gridLine(sol))
	}
}

func gridLine(g Grid) string {
	const sym = ".123456789ABCDEFGHIJKLMNOP"
	var b strings.Builder
	for i := 0; i < g.Shape().Cells(); i++ {
		b.WriteByte(sym[g.At(i)])
	}
	return b.String()
}

// bruteCount counts the solutions of g up to limit by plain backtracking in
// reading order, checking each placement against its row, column and box. It
// is slow but shares nothing with the solver; use it on small grids.
func bruteCount(g Grid, limit int) int {
	n := g.Size()
	br, bc := g.Shape().BoxRows, g.Shape().BoxCols
	if Validate(g) != nil {
		return -1
	}
	ok := func(r, c, v int) bool {
		for k := 0; k < n; k++ {
			if g.Get(r, k) == v || g.Get(k, c) == v {
				return false
			}
		}
		r0, c0 := r/br*br, c/bc*bc
		for i := r0; i < r0+br; i++ {
			for j := c0; j < c0+bc; j++ {
				if g.Get(i, j) == v {
					return false
				}
			}
		}
		return true
	}
	count := 0
	var rec func(i int)
	rec = func(i int) {
		for i < n*n && g.At(i) != 0 {
			i++
		}
		if i == n*n {
			count++
			return
		}
		r, c := i/n, i%n
		for v := 1; v <= n && count < limit; v++ {
			if ok(r, c, v) {
				g.Set(r, c, v)
				rec(i + 1)
				g.Set(r, c, 0)
			}
		}
	}
	rec(0)
	return count
}
