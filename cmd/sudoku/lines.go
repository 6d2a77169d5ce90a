package main

import (
	"bufio"
	"fmt"
	"io"
	"strings"

	"github.com/sudokubot/sudokubot/sudoku"
)

// symbols are the one-line symbols of the digits 0 (empty) to 25.
const symbols = ".123456789ABCDEFGHIJKLMNOP"

// lineError is a line that is not a puzzle, with its number (from 1).
type lineError struct {
	Line int
	Err  error
}

func (e *lineError) Error() string { return fmt.Sprintf("line %d: %v", e.Line, e.Err) }
func (e *lineError) Unwrap() error { return e.Err }

// parsePuzzle reads one puzzle line (already trimmed).
func parsePuzzle(line string) (sudoku.Grid, error) {
	shape, ok := sudoku.ShapeForCells(len(line))
	if !ok {
		return sudoku.Grid{}, fmt.Errorf("%d symbols: a puzzle has 16, 36, 64, 81, 144, 256 or 625", len(line))
	}
	n := shape.Size()
	cells := make([]int, len(line))
	for i := 0; i < len(line); i++ {
		ch := line[i]
		v := -1
		switch {
		case ch == '.' || ch == '0':
			v = 0
		case ch >= '1' && ch <= '9':
			v = int(ch - '0')
		case ch >= 'A' && ch <= 'Z':
			v = int(ch-'A') + 10
		case ch >= 'a' && ch <= 'z':
			v = int(ch-'a') + 10
		}
		if v < 0 || v > n {
			return sudoku.Grid{}, fmt.Errorf("column %d: %q is not a symbol of a %d×%d grid", i+1, ch, n, n)
		}
		cells[i] = v
	}
	return sudoku.FromCells(shape, cells)
}

// formatGrid writes g in the one-line form.
func formatGrid(g sudoku.Grid) string {
	var b strings.Builder
	cells := g.Shape().Cells()
	b.Grow(cells)
	for i := 0; i < cells; i++ {
		b.WriteByte(symbols[g.At(i)])
	}
	return b.String()
}

// puzzle is one read line: its number and either a grid or why it is not one.
type puzzle struct {
	line int
	grid sudoku.Grid
	link string // an f-puzzles or SudokuPad link instead of a grid (variant.go)
	err  error
}

// readPuzzles calls fn for every non-blank line of r, in order, and returns
// the reader's error if any.
func readPuzzles(r io.Reader, fn func(puzzle)) error {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 0, 1024), 1<<20)
	n := 0
	for sc.Scan() {
		n++
		line := strings.TrimSpace(sc.Text())
		if line == "" {
			continue
		}
		if isLink(line) {
			fn(puzzle{line: n, link: line})
			continue
		}
		g, err := parsePuzzle(line)
		if err != nil {
			err = &lineError{n, err}
		}
		fn(puzzle{line: n, grid: g, err: err})
	}
	return sc.Err()
}
