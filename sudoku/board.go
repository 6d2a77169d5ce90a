package sudoku

import (
	"context"
	"fmt"
	"math/bits"
)

// Board is a 9×9 grid held ready for the fast solver, for a program that asks
// many questions of one puzzle while its givens change, as a generator does
// that removes givens one at a time and proves each removal keeps the
// puzzle unique. [Board.Set] costs a few operations, and
// [Board.SolutionOtherThan] answers in one call, with no setup from a
// [Grid], a question that would take [Solve] a call per candidate digit.
// The zero Board is an empty 9×9 grid. A Board is not safe for concurrent
// use.
type Board struct {
	cells  [81]uint8
	givens [3]uint32 // filled cells, a 27-bit word per band (bit (row%3)*9+col)
	units  [9]uint32 // per digit: the units holding it (bit r for row r, 9+c for column c, 18+k for box k)
}

// Placement is a digit in a cell: Cell counts from 0, row by row.
type Placement struct {
	Cell, Digit int
}

// NewBoard returns a board holding the 9×9 grid g. It fails with an error
// wrapping [ErrShape] for another shape, or a *[ConflictError] (matching
// [ErrInvalidGrid]) when g breaks a rule.
func NewBoard(g Grid) (*Board, error) {
	if g.Shape() != Classic {
		return nil, fmt.Errorf("board of a %v grid: %w", g.Shape(), ErrShape)
	}
	if hasDuplicate(&g) {
		return nil, fmt.Errorf("board: %w", &ConflictError{Conflicts: Validate(g)})
	}
	b := new(Board)
	for i := 0; i < 81; i++ {
		if d := g.cells[i]; d != 0 {
			b.put(i, int(d))
		}
	}
	return b, nil
}

// Grid returns the board's grid.
func (b *Board) Grid() Grid {
	g := Grid{boxRows: 3, boxCols: 3}
	copy(g.cells[:81], b.cells[:])
	return g
}

// At returns the digit in cell i (0 to 80, row by row), 0 if it is empty.
func (b *Board) At(i int) int { return int(b.cells[i]) }

// Set puts digit d in cell i (0 to 80, row by row), or empties the cell
// with d 0. It fails, leaving the board as it was, with an error wrapping
// [ErrCellValue] for a cell or digit out of range, or a *[ConflictError]
// (matching [ErrInvalidGrid]) when d is already in the cell's row, column
// or box.
func (b *Board) Set(i, d int) error {
	if i < 0 || i >= 81 || d < 0 || d > 9 {
		return fmt.Errorf("board: digit %d in cell %d: %w", d, i, ErrCellValue)
	}
	old := int(b.cells[i])
	if old == d {
		return nil
	}
	if old != 0 {
		b.units[old-1] &^= tab9.units[i]
		b.givens[i/27] &^= 1 << (i % 27)
		b.cells[i] = 0
	}
	if d == 0 {
		return nil
	}
	if b.units[d-1]&tab9.units[i] != 0 {
		g := b.Grid()
		g.cells[i] = uint8(d)
		if old != 0 {
			b.put(i, old)
		}
		return fmt.Errorf("board: %w", &ConflictError{Conflicts: Validate(g)})
	}
	b.put(i, d)
	return nil
}

// put fills the empty cell i with digit d, which its units lack.
func (b *Board) put(i, d int) {
	b.cells[i] = uint8(d)
	b.units[d-1] |= tab9.units[i]
	b.givens[i/27] |= 1 << (i % 27)
}

// SolutionOtherThan reports whether the board has a solution that does not
// hold every placement of ps: one that differs from ps in at least one
// cell. The cells of ps must be empty. With ps the digits a
// unique puzzle's solution has in some of its cells, emptied, it tells
// whether the puzzle stays unique without them (false) or not (true).
//
// It sets up the search once, and propagates at the root once, then looks
// for a solution without the first placement's digit in its cell; then with
// it, and without the second's; and so on. The error wraps [ErrCellValue]
// for a placement out of range or on a filled cell, or is
// fmt.Errorf("solve: %w", ctx.Err()) when ctx ends first.
func (b *Board) SolutionOtherThan(ctx context.Context, ps ...Placement) (bool, error) {
	for _, p := range ps {
		if p.Cell < 0 || p.Cell >= 81 || p.Digit < 1 || p.Digit > 9 || b.cells[p.Cell] != 0 {
			return false, fmt.Errorf("board: placement of %d in cell %d: %w", p.Digit, p.Cell, ErrCellValue)
		}
	}
	if err := ctx.Err(); err != nil {
		return false, fmt.Errorf("solve: %w", err)
	}
	var root state9
	b.state(&root)
	if !propagate(&root, true) {
		return false, nil // no solution at all
	}
	for k, p := range ps {
		st := root
		fixed := true
		for _, q := range ps[:k] {
			if fixed = place(&st, q.Digit-1, q.Cell/27, 1<<(q.Cell%27)); !fixed {
				break
			}
		}
		if !fixed {
			// No solution holds the earlier placements, so none holds them
			// and differs in a later cell either.
			return false, nil
		}
		d, band, bit := p.Digit-1, p.Cell/27, uint32(1)<<(p.Cell%27)
		w := (d*3 + band) & 31
		if st.open[band]&bit == 0 && st.f[w]&bit != 0 {
			continue // the root placed the digit: no solution differs here
		}
		st.f[w] &^= bit
		st.dirty |= 1 << w
		s := solver9{ctx: ctx, limit: 1}
		s.search(st, 0, 0, 0, 0)
		if s.err != nil {
			return false, fmt.Errorf("solve: %w", s.err)
		}
		if s.count > 0 {
			return true, nil
		}
	}
	return false, nil
}

// state sets st to the search state of the board's givens, as solve9 does
// from a grid: each digit leaves the rows, columns and boxes it is given
// in, and every given cell but its own.
func (b *Board) state(st *state9) {
	for bd := 0; bd < 3; bd++ {
		for m := b.givens[bd]; m != 0; m &= m - 1 {
			p := bits.TrailingZeros32(m)
			d := (b.cells[(bd*27+p)&127] - 1) & 15
			st.f[(int(d)*3+bd)&31] |= 1 << p
		}
	}
	fromUnits(st, &b.units, b.givens)
}

// fromUnits adds to st, which holds the given cells in their digits'
// words, the cells where each digit may go: not in the units it is given in
// (unitsOf), nor in a given cell. It opens the cells not given and marks
// every word to propagate.
func fromUnits(st *state9, unitsOf *[9]uint32, givens [3]uint32) {
	for d := 0; d < 9; d++ {
		u := unitsOf[d]
		cols := u >> 9 & 511 * (1 | 1<<9 | 1<<18) // spread to the three rows of a band
		for b := 0; b < 3; b++ {
			x := all27 &^ givens[b] &^ cols
			x &^= tab9.rows3[u>>(3*b)&7] | tab9.boxes3[u>>(18+3*b)&7]
			st.f[d*3+b] |= x
		}
	}
	st.open = [4]uint32{all27 &^ givens[0], all27 &^ givens[1], all27 &^ givens[2]}
	st.dirty = all27
}
