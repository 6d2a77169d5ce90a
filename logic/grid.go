package logic

import (
	"errors"
	"fmt"
	"math/bits"

	"github.com/sudokubot/sudokubot/sudoku"
)

// ErrNoCandidates is wrapped by the error of [NewWithCandidates] when an
// empty cell is left without a candidate; [CandidateError] names the cell.
var ErrNoCandidates = errors.New("empty cell without candidates")

// ErrCandidateCount is wrapped by the error of [NewWithCandidates] when the
// candidate slice does not hold one mask per cell.
var ErrCandidateCount = errors.New("wrong number of candidate masks")

// CandidateError names a cell whose pencil marks cannot be used: it has no
// candidate left ([ErrNoCandidates]), or, for [Next] and [Rate], its marks
// lack the digit the solution puts there ([ErrWrongCandidates]).
type CandidateError struct {
	Cell sudoku.Cell
	// Digit is the solution's digit, for ErrWrongCandidates; 0 otherwise.
	Digit int
	Err   error
}

func (e *CandidateError) Error() string {
	if e.Digit != 0 {
		return fmt.Sprintf("%v: %v (the solution has %d there)", e.Cell, e.Err, e.Digit)
	}
	return fmt.Sprintf("%v: %v", e.Cell, e.Err)
}

// Unwrap returns the sentinel the error wraps.
func (e *CandidateError) Unwrap() error { return e.Err }

// Grid is a sudoku grid with candidates (pencil marks): every cell holds a
// digit or the set of digits it may still take. Techniques read a Grid and
// steps change it through [Grid.Apply]. The zero Grid is not usable; make one
// with [New] or [NewWithCandidates]. A Grid is not safe for concurrent
// mutation; [Grid.Clone] gives an independent copy.
type Grid struct {
	geo    *geom
	values []uint8  // 0 for empty
	cands  []uint32 // bit d-1 set: digit d is a candidate; 0 for filled cells

	// pos caches positions: pos[u*n+d-1] holds the places of digit d in
	// unit u; valid until the grid changes.
	pos      []uint32
	posValid bool
}

// New returns the candidate grid of g: every empty cell gets every digit that
// no peer holds. It fails with an error wrapping [sudoku.ErrShape] for a grid
// without a supported shape, or a *[sudoku.ConflictError] (errors.Is
// [sudoku.ErrInvalidGrid]) when a digit appears twice in a unit. An empty cell
// left without candidates is not an error here: [Next] and [Rate] report that
// the grid has no solution.
func New(g sudoku.Grid) (*Grid, error) {
	return newGrid(g, nil)
}

// NewWithCandidates returns the grid g with the pencil marks cands: one mask
// per cell, row by row, bit d-1 set when digit d is a candidate (the layout
// the parser returns for pasted pencil-mark grids). Masks of filled cells are
// ignored. Candidates that a placed digit rules out (the same digit in a peer)
// are removed, as a person would cross them out. It fails as [New] does, with
// an error wrapping [ErrCandidateCount] if len(cands) is not the number of
// cells, or with a *[CandidateError] wrapping [ErrNoCandidates] naming the
// first empty cell left without a candidate.
func NewWithCandidates(g sudoku.Grid, cands []uint32) (*Grid, error) {
	if cands == nil {
		cands = []uint32{}
	}
	return newGrid(g, cands)
}

func newGrid(g sudoku.Grid, cands []uint32) (*Grid, error) {
	s := g.Shape()
	if !s.Valid() {
		return nil, fmt.Errorf("logic: grid %d×%d boxes: %w", s.BoxRows, s.BoxCols, sudoku.ErrShape)
	}
	if c := sudoku.Validate(g); len(c) > 0 {
		return nil, fmt.Errorf("logic: %w", &sudoku.ConflictError{Conflicts: c})
	}
	geo := geomFor(s)
	if cands != nil && len(cands) != geo.cells {
		return nil, fmt.Errorf("logic: %d candidate masks for %d cells: %w", len(cands), geo.cells, ErrCandidateCount)
	}
	out := &Grid{geo: geo, values: make([]uint8, geo.cells), cands: make([]uint32, geo.cells)}
	for i := range out.values {
		out.values[i] = uint8(g.At(i))
	}
	for i := range out.cands {
		if out.values[i] != 0 {
			continue
		}
		m := geo.all
		if cands != nil {
			m &= cands[i]
		}
		for _, p := range geo.peers[i] {
			if v := out.values[p]; v != 0 {
				m &^= 1 << (v - 1)
			}
		}
		out.cands[i] = m
		if m == 0 && cands != nil {
			return nil, fmt.Errorf("logic: %w", &CandidateError{Cell: geo.cellOf(i), Err: ErrNoCandidates})
		}
	}
	return out, nil
}

// Clone returns an independent copy of g.
func (g *Grid) Clone() *Grid {
	c := *g
	c.values = append([]uint8(nil), g.values...)
	c.cands = append([]uint32(nil), g.cands...)
	c.pos, c.posValid = nil, false
	return &c
}

// Shape returns the grid's shape.
func (g *Grid) Shape() sudoku.Shape { return g.geo.shape }

// Value returns the digit at cell c, or 0 if it is empty.
func (g *Grid) Value(c sudoku.Cell) int { return int(g.values[g.index(c)]) }

// Candidates returns the candidates of cell c as a mask (bit d-1 for digit d);
// 0 for a filled cell.
func (g *Grid) Candidates(c sudoku.Cell) uint32 { return g.cands[g.index(c)] }

// HasCandidate reports whether digit d is a candidate of cell c.
func (g *Grid) HasCandidate(c sudoku.Cell, d int) bool {
	return d >= 1 && d <= g.geo.n && g.cands[g.index(c)]&(1<<(d-1)) != 0
}

// CandidateMasks returns every cell's candidates, row by row, in the layout
// [NewWithCandidates] accepts.
func (g *Grid) CandidateMasks() []uint32 { return append([]uint32(nil), g.cands...) }

// Sudoku returns the digits of g (givens and placed digits) as a [sudoku.Grid].
func (g *Grid) Sudoku() sudoku.Grid {
	out, _ := sudoku.New(g.geo.shape)
	n := g.geo.n
	for i, v := range g.values {
		out.Set(i/n, i%n, int(v))
	}
	return out
}

// Solved reports whether every cell holds a digit.
func (g *Grid) Solved() bool {
	for _, v := range g.values {
		if v == 0 {
			return false
		}
	}
	return true
}

// index checks c and returns its index.
func (g *Grid) index(c sudoku.Cell) int {
	n := g.geo.n
	if c.Row < 0 || c.Row >= n || c.Col < 0 || c.Col >= n {
		panic(fmt.Sprintf("logic: cell %v outside a %d×%d grid", c, n, n))
	}
	return c.Row*n + c.Col
}

// ErrNotApplicable is wrapped by [Grid.Apply] when a step does not fit the
// grid: a placement in a filled cell or of a digit that is not a candidate.
var ErrNotApplicable = errors.New("step does not apply to this grid")

// Apply carries out the conclusions of s: eliminations first, then
// placements, each placement removing its digit from the cell's peers. It
// fails, leaving g unchanged, with an error wrapping [ErrNotApplicable] when a
// placement does not fit (its cell is filled or lacks the digit after the
// eliminations) or a conclusion names a cell or digit outside the grid.
// Eliminating a candidate that is already gone is not an error.
func (g *Grid) Apply(s Step) error {
	n := g.geo.n
	check := func(c Candidate) (int, error) {
		if c.Cell.Row < 0 || c.Cell.Row >= n || c.Cell.Col < 0 || c.Cell.Col >= n || c.Digit < 1 || c.Digit > n {
			return 0, fmt.Errorf("logic: apply %v: %v outside the grid: %w", s.Name, c, ErrNotApplicable)
		}
		return c.Cell.Row*n + c.Cell.Col, nil
	}
	cands := append([]uint32(nil), g.cands...)
	for _, e := range s.Eliminations {
		i, err := check(e)
		if err != nil {
			return err
		}
		cands[i] &^= 1 << (e.Digit - 1)
	}
	for _, p := range s.Placements {
		i, err := check(p)
		if err != nil {
			return err
		}
		if g.values[i] != 0 || cands[i]&(1<<(p.Digit-1)) == 0 {
			return fmt.Errorf("logic: apply %v: %v=%d: %w", s.Name, p.Cell, p.Digit, ErrNotApplicable)
		}
	}
	copy(g.cands, cands)
	g.posValid = false
	for _, p := range s.Placements {
		i, _ := check(p)
		g.place(i, p.Digit)
	}
	return nil
}

// place puts digit d in cell i and removes it from the peers.
func (g *Grid) place(i, d int) {
	g.values[i] = uint8(d)
	g.cands[i] = 0
	g.posValid = false
	bit := uint32(1) << (d - 1)
	for _, p := range g.geo.peers[i] {
		g.cands[p] &^= bit
	}
}

// positions returns the positions (indexes within the unit, as a mask) of
// digit d in unit u.
func (g *Grid) positions(u, d int) uint32 {
	if !g.posValid {
		g.fillPositions()
	}
	return g.pos[u*g.geo.n+d-1]
}

// fillPositions computes the positions of every digit in every unit.
func (g *Grid) fillPositions() {
	n := g.geo.n
	if g.pos == nil {
		g.pos = make([]uint32, 3*n*n)
	}
	clear(g.pos)
	for u, cells := range g.geo.units {
		row := g.pos[u*n : u*n+n]
		for k, c := range cells {
			for m := g.cands[c]; m != 0; m &= m - 1 {
				row[bits.TrailingZeros32(m)] |= 1 << k
			}
		}
	}
	g.posValid = true
}

// emptyCount returns the number of empty cells of unit u.
func (g *Grid) emptyCount(u int) int {
	k := 0
	for _, c := range g.geo.units[u] {
		if g.values[c] == 0 {
			k++
		}
	}
	return k
}

// placedCount returns how many cells hold digit d.
func (g *Grid) placedCount(d int) int {
	k := 0
	for _, v := range g.values {
		if int(v) == d {
			k++
		}
	}
	return k
}

func popcount(m uint32) int { return bits.OnesCount32(m) }

// lowest returns the lowest digit (from 1) of a non-empty mask.
func lowest(m uint32) int { return bits.TrailingZeros32(m) + 1 }
