package main

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/sudokubot/sudokubot/sudoku"
	"github.com/sudokubot/sudokubot/variant/link"
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
	return parseLine([]byte(line), nil)
}

// parseLine reads one puzzle line (already trimmed), using cells as its
// scratch space when it is large enough (reading a file, one slice serves
// every line).
func parseLine(line []byte, cells []int) (sudoku.Grid, error) {
	shape, ok := sudoku.ShapeForCells(len(line))
	if !ok {
		return sudoku.Grid{}, fmt.Errorf("%d symbols: a puzzle has 16, 36, 64, 81, 144, 256 or 625", len(line))
	}
	n := shape.Size()
	if cap(cells) < len(line) {
		cells = make([]int, len(line))
	}
	cells = cells[:len(line)]
	for i, ch := range line {
		v := int(symbolCode[ch]) - 1
		if v < 0 || v > n {
			return sudoku.Grid{}, fmt.Errorf("column %d: %q is not a symbol of a %d×%d grid", i+1, ch, n, n)
		}
		cells[i] = v
	}
	return sudoku.FromCells(shape, cells)
}

// symbolCode is one more than the digit of each symbol ('.' and '0' empty,
// '1'-'9', 'A'-'Z' or 'a'-'z' for 10 and up), 0 for a byte that is no
// symbol: a table, since a switch on every byte of a file of puzzles cost
// as much as a tenth of solving them.
var symbolCode = [256]int8{
	'.': 1, '0': 1, '1': 2, '2': 3, '3': 4, '4': 5, '5': 6, '6': 7, '7': 8, '8': 9, '9': 10, 'A': 11, 'B': 12,
	'C': 13, 'D': 14, 'E': 15, 'F': 16, 'G': 17, 'H': 18, 'I': 19, 'J': 20, 'K': 21, 'L': 22, 'M': 23, 'N': 24,
	'O': 25, 'P': 26, 'Q': 27, 'R': 28, 'S': 29, 'T': 30, 'U': 31, 'V': 32, 'W': 33, 'X': 34, 'Y': 35, 'Z': 36,
	'a': 11, 'b': 12, 'c': 13, 'd': 14, 'e': 15, 'f': 16, 'g': 17, 'h': 18, 'i': 19, 'j': 20, 'k': 21, 'l': 22,
	'm': 23, 'n': 24, 'o': 25, 'p': 26, 'q': 27, 'r': 28, 's': 29, 't': 30, 'u': 31, 'v': 32, 'w': 33, 'x': 34,
	'y': 35, 'z': 36,
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
	link *link.Found // an f-puzzles or SudokuPad link instead of a grid, read (variant.go)
	err  error
}

// errLinkNotGrid is a variant link on a line of a command that reads grids
// only.
var errLinkNotGrid = errors.New("a variant puzzle's link: only solve and candidates read links")

// readGrids is readPuzzles for the commands that read grids only: a link
// is a line in error.
func readGrids(r io.Reader, fn func(puzzle)) error {
	return readPuzzles(r, func(p puzzle) {
		if p.link != nil {
			p = puzzle{line: p.line, err: &lineError{p.line, errLinkNotGrid}}
		}
		fn(p)
	})
}

// readPuzzles calls fn for every non-blank line of r, in order, and returns
// the reader's error if any. A line is read as a grid first: only a line
// that is none and holds a '/' is matched against the links' pattern
// (which cost more than solving a 17-clue puzzle, on every line), and a
// link found is read there, once.
func readPuzzles(r io.Reader, fn func(puzzle)) error {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 0, 64<<10), 1<<20)
	cells := make([]int, sudoku.MaxCells)
	n := 0
	for sc.Scan() {
		n++
		line := bytes.TrimSpace(sc.Bytes())
		if len(line) == 0 {
			continue
		}
		g, err := parseLine(line, cells)
		if err != nil && bytes.IndexByte(line, '/') >= 0 {
			if f, ok := link.Find(string(line)); ok {
				fn(puzzle{line: n, link: &f})
				continue
			}
		}
		if err != nil {
			err = &lineError{n, err}
		}
		fn(puzzle{line: n, grid: g, err: err})
	}
	return sc.Err()
}
