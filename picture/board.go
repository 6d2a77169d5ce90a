package picture

import (
	"errors"
	"fmt"

	"github.com/sudokubot/sudokubot/sudoku"
)

// Board is what a picture shows. Only Grid is required; every other field
// may be left empty.
type Board struct {
	// Grid is the board: its shape and the digit of every cell (0 for
	// empty).
	Grid sudoku.Grid
	// Givens, when set (a grid of Grid's shape), is the puzzle: a digit of
	// Grid is drawn as given where Givens holds the same digit, and as
	// filled in where Givens is empty. Without Givens every digit of Grid is
	// drawn as given. Each digit of Givens must be in Grid.
	Givens sudoku.Grid
	// Conflicts are digits that clash, as [sudoku.Validate] returns them:
	// their cells get the conflict background and their digits the clash
	// colour. Each cell named must hold the conflict's digit in Grid.
	Conflicts []sudoku.Conflict
	// Candidates, when set, are the pencil marks, one set per cell row by
	// row (bit d-1 for digit d), drawn in small digits in the empty cells
	// of Grid. Sets of cells that hold a digit are not drawn.
	Candidates []uint32
	// Pattern is the cells of a hint's pattern, drawn shaded (a conflict's
	// background wins where a cell is both).
	Pattern []sudoku.Cell
	// Units are the rows, columns and boxes a hint is about (the box of a
	// hidden single, the rows of an X-Wing), their cells drawn with a tint
	// lighter than the pattern's shade: a conflict's background, then the
	// pattern's shade, wins where a cell is also one of those. Numbers count
	// from 1, as [sudoku.Unit] says, and must be at most the grid's side.
	Units []sudoku.Unit
	// Eliminations are candidates a hint removes, struck through in their
	// cells, whether or not Candidates holds them. Their cells must be empty
	// in Grid.
	Eliminations []Candidate
	// Wrong are cells whose digit is not the solution's, in a game where
	// the player asked to see mistakes: drawn as clashes are (the conflict
	// background, the digit in the clash colour). Each must hold a digit
	// in Grid that is not a given of Givens.
	Wrong []sudoku.Cell
	// Last is the cell of a game's last move, drawn shaded as a pattern's
	// cells are, so that the eye finds what just changed. Nil for none.
	Last *sudoku.Cell
	// Placements are digits a hint places, drawn large and circled, in
	// place of the cell's pencil marks. A cell may get one digit only; it
	// must be empty in Grid or already hold that digit (which keeps its
	// colour and gets the circle), and may have no eliminations.
	Placements []Candidate
}

// Candidate is one digit in one cell.
type Candidate struct {
	Cell  sudoku.Cell
	Digit int
}

// String names the candidate as the errors do, for example "5 at r1c2".
func (c Candidate) String() string { return fmt.Sprintf("%d at %v", c.Digit, c.Cell) }

// ErrBoard is wrapped by the errors of [Draw] and [Encode] for a Board
// that does not describe a picture: no grid, or a field that does not fit
// the grid. The error names the field and the cell.
var ErrBoard = errors.New("board cannot be drawn")

// ErrSize is wrapped by the errors of [Draw] and [Encode] for an
// [Options].Size that is too small for the grid or above [MaxSize].
var ErrSize = errors.New("picture size out of range")

// cellState is what one cell shows beyond its digit.
type cellState struct {
	flags  uint8
	placed uint8  // the digit placed here, 0 for none
	struck uint32 // eliminated candidates
}

const (
	isGiven uint8 = 1 << iota
	isConflict
	isPattern
	isUnit
)

// resolve checks b and writes the state of each of its cells to cells.
func (b *Board) resolve(cells []cellState) error {
	g := &b.Grid
	sh := g.Shape()
	n := sh.Size()
	if n == 0 || !sh.Valid() {
		return fmt.Errorf("no grid: %w", ErrBoard)
	}
	clear(cells)
	in := func(field string, c sudoku.Cell) error {
		if c.Row < 0 || c.Row >= n || c.Col < 0 || c.Col >= n {
			return fmt.Errorf("%s: cell (row %d, column %d) is outside the %d×%d grid: %w", field, c.Row+1, c.Col+1, n, n, ErrBoard)
		}
		return nil
	}
	digit := func(field string, c sudoku.Cell, d int) error {
		if err := in(field, c); err != nil {
			return err
		}
		if d < 1 || d > n {
			return fmt.Errorf("%s: digit %d at %v is not one of 1 to %d: %w", field, d, c, n, ErrBoard)
		}
		return nil
	}

	switch gs := b.Givens.Shape(); {
	case b.Givens.Size() == 0:
		for i := range cells[:sh.Cells()] {
			if g.At(i) != 0 {
				cells[i].flags |= isGiven
			}
		}
	case gs != sh:
		return fmt.Errorf("givens: a %d×%d grid for a %d×%d board: %w", gs.Size(), gs.Size(), n, n, ErrBoard)
	default:
		for i := range cells[:sh.Cells()] {
			v := b.Givens.At(i)
			if v == 0 {
				continue
			}
			if w := g.At(i); w != v {
				return fmt.Errorf("givens: %v is given as %d but the grid holds %s: %w", sudoku.Cell{Row: i / n, Col: i % n}, v, holding(w), ErrBoard)
			}
			cells[i].flags |= isGiven
		}
	}

	if b.Candidates != nil {
		if len(b.Candidates) != sh.Cells() {
			return fmt.Errorf("candidates: %d sets for the %d cells of a %d×%d grid: %w", len(b.Candidates), sh.Cells(), n, n, ErrBoard)
		}
		for i, set := range b.Candidates {
			if set>>n != 0 {
				return fmt.Errorf("candidates: %v has a digit above %d: %w", sudoku.Cell{Row: i / n, Col: i % n}, n, ErrBoard)
			}
		}
	}

	for _, cf := range b.Conflicts {
		for _, c := range cf.Cells {
			if err := digit("conflicts", c, cf.Digit); err != nil {
				return err
			}
			if w := g.Get(c.Row, c.Col); w != cf.Digit {
				return fmt.Errorf("conflicts: %d clashes at %v but the grid holds %s there: %w", cf.Digit, c, holding(w), ErrBoard)
			}
			cells[c.Row*n+c.Col].flags |= isConflict
		}
	}
	for _, c := range b.Wrong {
		if err := in("wrong", c); err != nil {
			return err
		}
		st := &cells[c.Row*n+c.Col]
		if g.Get(c.Row, c.Col) == 0 || st.flags&isGiven != 0 && b.Givens.Size() != 0 {
			return fmt.Errorf("wrong: %v holds %s, not a digit filled in: %w", c, holding(g.Get(c.Row, c.Col)), ErrBoard)
		}
		st.flags |= isConflict
	}
	if c := b.Last; c != nil {
		if err := in("last", *c); err != nil {
			return err
		}
		cells[c.Row*n+c.Col].flags |= isPattern
	}
	for _, c := range b.Pattern {
		if err := in("pattern", c); err != nil {
			return err
		}
		cells[c.Row*n+c.Col].flags |= isPattern
	}
	for _, u := range b.Units {
		if err := markUnit(cells, sh, u); err != nil {
			return err
		}
	}
	for _, p := range b.Placements {
		if err := digit("placements", p.Cell, p.Digit); err != nil {
			return err
		}
		st := &cells[p.Cell.Row*n+p.Cell.Col]
		if w := g.Get(p.Cell.Row, p.Cell.Col); w != 0 && w != p.Digit {
			return fmt.Errorf("placements: %v but the grid holds %s there: %w", p, holding(w), ErrBoard)
		}
		if st.placed != 0 && int(st.placed) != p.Digit {
			return fmt.Errorf("placements: both %d and %d at %v: %w", st.placed, p.Digit, p.Cell, ErrBoard)
		}
		st.placed = uint8(p.Digit)
	}
	for _, e := range b.Eliminations {
		if err := digit("eliminations", e.Cell, e.Digit); err != nil {
			return err
		}
		if w := g.Get(e.Cell.Row, e.Cell.Col); w != 0 {
			return fmt.Errorf("eliminations: %v but the grid holds %s there: %w", e, holding(w), ErrBoard)
		}
		st := &cells[e.Cell.Row*n+e.Cell.Col]
		if st.placed != 0 {
			return fmt.Errorf("eliminations: %v, where %d is placed: %w", e, st.placed, ErrBoard)
		}
		st.struck |= 1 << (e.Digit - 1)
	}
	return nil
}

// markUnit flags the cells of u as a unit's, or says why u is not one of
// the grid of shape sh.
func markUnit(cells []cellState, sh sudoku.Shape, u sudoku.Unit) error {
	n := sh.Size()
	if u.Kind != sudoku.Row && u.Kind != sudoku.Column && u.Kind != sudoku.Box {
		return fmt.Errorf("units: %v is not a row, column or box: %w", u, ErrBoard)
	}
	if u.Number < 1 || u.Number > n {
		return fmt.Errorf("units: %v is outside the %d×%d grid (%ss 1 to %d): %w", u, n, n, u.Kind, n, ErrBoard)
	}
	k := u.Number - 1
	switch u.Kind {
	case sudoku.Row:
		for c := range n {
			cells[k*n+c].flags |= isUnit
		}
	case sudoku.Column:
		for r := range n {
			cells[r*n+k].flags |= isUnit
		}
	default: // boxes left to right, then top to bottom
		across := n / sh.BoxCols
		r0, c0 := k/across*sh.BoxRows, k%across*sh.BoxCols
		for r := r0; r < r0+sh.BoxRows; r++ {
			for c := c0; c < c0+sh.BoxCols; c++ {
				cells[r*n+c].flags |= isUnit
			}
		}
	}
	return nil
}

func holding(v int) string {
	if v == 0 {
		return "nothing"
	}
	return fmt.Sprint(v)
}
