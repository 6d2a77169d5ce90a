// Package sudoku is the domain of the bot: grids of every common size, validation
// that names each conflict exactly, and a solver that counts solutions under a
// context deadline.
//
// The package is pure: it does no I/O, knows nothing of Discord and reads or
// writes no text format. Cells hold 0 for empty and 1..Size for a digit; rows,
// columns and boxes are indexed from 0 in code and numbered from 1 (as a person
// counts) wherever a value is meant to be shown, such as [Unit.Number].
//
// # Solving
//
// [Solve] (and [CountSolutions] and [Check], built on it) first looks for
// conflicts, so a grid that breaks a rule is reported as Invalid with every
// [Conflict] and never searched. It then counts solutions up to a limit (two
// by default, which tells a unique solution from several), polling the
// context often enough to return within a few milliseconds of its deadline.
//
// The 9×9 shape has its own solver on bitboards: one 27-bit word per digit
// and band of three rows, a table of the row-box patterns a digit can take in
// a band (box-line interactions inside the band), column locks between bands,
// naked singles and hidden singles of rows and columns. It allocates nothing
// per solve and, on one core of the reference machine, counts to two in
// about 4 µs on Royle's 17-clue puzzles, 5 µs on serg_benchmark's
// underconstrained ones and 85-90 µs on the hardest forum puzzles. The other
// shapes share a solver with a candidate mask per cell, naked and hidden
// singles and box-line interactions, rechecking only the units that changed;
// its buffers are kept in a pool between solves. Both branch on a binary choice when there is one: the
// 9×9 solver on a cell with two candidates and the most open peers, the
// other on a digit with two places in a unit.
package sudoku

import (
	"errors"
	"fmt"
)

// MaxSize is the largest supported grid side (25×25, boxes of 5×5).
const MaxSize = 25

// MaxCells is the number of cells of the largest supported grid.
const MaxCells = MaxSize * MaxSize

// ErrShape is returned when a grid shape is not one of the supported ones.
var ErrShape = errors.New("unsupported grid shape")

// Shape is the geometry of a grid: boxes of BoxRows × BoxCols cells, and a side
// of Size = BoxRows × BoxCols cells.
type Shape struct {
	BoxRows, BoxCols int
}

// Shapes lists the supported shapes from the smallest to the largest.
var Shapes = []Shape{
	{2, 2}, // 4×4
	{2, 3}, // 6×6
	{2, 4}, // 8×8
	{3, 3}, // 9×9, the default
	{3, 4}, // 12×12
	{4, 4}, // 16×16
	{5, 5}, // 25×25
}

// Classic is the 9×9 shape with 3×3 boxes.
var Classic = Shape{3, 3}

// Size is the number of cells on a side (and the largest digit).
func (s Shape) Size() int { return s.BoxRows * s.BoxCols }

// Cells is the number of cells of a grid of this shape.
func (s Shape) Cells() int { n := s.Size(); return n * n }

// Valid reports whether s is one of [Shapes].
func (s Shape) Valid() bool {
	for _, t := range Shapes {
		if s == t {
			return true
		}
	}
	return false
}

// ShapeForSize returns the supported shape whose side is size, and false if there is none.
func ShapeForSize(size int) (Shape, bool) {
	for _, s := range Shapes {
		if s.Size() == size {
			return s, true
		}
	}
	return Shape{}, false
}

// ShapeForCells returns the supported shape with exactly cells cells, and false if there is none.
func ShapeForCells(cells int) (Shape, bool) {
	for _, s := range Shapes {
		if s.Cells() == cells {
			return s, true
		}
	}
	return Shape{}, false
}

// Cell is the position of one cell, counted from 0.
type Cell struct {
	Row, Col int
}

// String names the cell as a person would: r1c1 is the top-left cell.
func (c Cell) String() string { return fmt.Sprintf("r%dc%d", c.Row+1, c.Col+1) }

// Grid is a sudoku grid of any supported shape. It is a comparable value: copies
// are independent and == compares shape and every cell. The zero Grid has no
// shape; make one with [New] or [FromCells].
type Grid struct {
	boxRows, boxCols uint8
	cells            [MaxCells]uint8
}

// New returns an empty grid of shape s, or an error wrapping [ErrShape].
func New(s Shape) (Grid, error) {
	if !s.Valid() {
		return Grid{}, fmt.Errorf("new grid %d×%d boxes: %w", s.BoxRows, s.BoxCols, ErrShape)
	}
	return Grid{boxRows: uint8(s.BoxRows), boxCols: uint8(s.BoxCols)}, nil
}

// ErrCellValue is returned by [FromCells] when a value is outside 0..Size.
var ErrCellValue = errors.New("cell value out of range")

// FromCells returns a grid of shape s holding cells, row by row (0 for empty).
// It fails if the shape is unsupported, the count is not s.Cells(), or a value
// is outside 0..s.Size().
func FromCells(s Shape, cells []int) (Grid, error) {
	g, err := New(s)
	if err != nil {
		return Grid{}, err
	}
	if len(cells) != s.Cells() {
		return Grid{}, fmt.Errorf("grid from %d cells: a %d×%d grid needs %d: %w", len(cells), s.Size(), s.Size(), s.Cells(), ErrShape)
	}
	for i, v := range cells {
		if v < 0 || v > s.Size() {
			return Grid{}, fmt.Errorf("cell %v holds %d: %w", Cell{i / s.Size(), i % s.Size()}, v, ErrCellValue)
		}
		g.cells[i] = uint8(v)
	}
	return g, nil
}

// Shape returns the grid's shape.
func (g Grid) Shape() Shape { return Shape{int(g.boxRows), int(g.boxCols)} }

// Size returns the number of cells on a side.
func (g Grid) Size() int { return int(g.boxRows) * int(g.boxCols) }

// Get returns the value at row r, column c (from 0): 0 for empty.
func (g *Grid) Get(r, c int) int { return int(g.cells[r*int(g.boxRows)*int(g.boxCols)+c]) }

// Set stores v (0 to empty the cell) at row r, column c (from 0). It panics,
// like an index out of range, if the position or value is outside the grid.
func (g *Grid) Set(r, c, v int) {
	n := int(g.boxRows) * int(g.boxCols) // not g.Size(): through a pointer, that copies the grid
	if r < 0 || r >= n || c < 0 || c >= n || v < 0 || v > n {
		panic(fmt.Sprintf("sudoku: Set(%d, %d, %d) outside a %d×%d grid", r, c, v, n, n))
	}
	g.cells[r*n+c] = uint8(v)
}

// At returns the value of the i-th cell, row by row from 0.
func (g *Grid) At(i int) int { return int(g.cells[i]) }

// Cells returns the values row by row (0 for empty), in a new slice.
func (g *Grid) Cells() []int {
	out := make([]int, g.Shape().Cells())
	for i := range out {
		out[i] = int(g.cells[i])
	}
	return out
}

// Filled returns how many cells hold a digit.
func (g *Grid) Filled() int {
	n := 0
	for _, v := range g.cells[:g.Shape().Cells()] {
		if v != 0 {
			n++
		}
	}
	return n
}

// Complete reports whether every cell holds a digit.
func (g *Grid) Complete() bool { return g.Filled() == g.Shape().Cells() }

// Box returns the index (from 0, left to right then top to bottom) of the box
// holding row r, column c.
func (g *Grid) Box(r, c int) int {
	return (r/int(g.boxRows))*int(g.boxRows) + c/int(g.boxCols)
}

// String returns the shape as rows×cols of its boxes, for example "3×3".
func (s Shape) String() string { return fmt.Sprintf("%d×%d", s.BoxRows, s.BoxCols) }
