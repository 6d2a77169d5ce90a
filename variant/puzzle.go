package variant

import (
	"errors"
	"fmt"
	"strings"
)

// MinSize and MaxSize bound a puzzle's size (its rows, columns and digits).
const (
	MinSize = 4
	MaxSize = 16
)

// A Constraint is one rule of a puzzle beyond its rows, columns, regions
// and groups. Implementations are the types of this package (one file per
// family); the engine only calls these methods.
type Constraint interface {
	// Kind names the rule for people, in the singular: "killer cage",
	// "thermometer", "anti-knight".
	Kind() string
	// String names this instance with its cells: "killer cage 15 at r1c1".
	String() string
	// Cells are the cells the rule involves; it is propagated again
	// whenever one of their candidates changes.
	Cells() []int
	// Prune narrows the candidates of s that the rule excludes (never a
	// digit that some assignment of its cells satisfying it uses) and
	// returns false when no such assignment is left.
	Prune(s *State) bool
	// Broken reports whether the digits of vals (one per cell, 0 for an
	// empty cell) already break the rule. On a full grid it is exact.
	Broken(vals []int) bool
}

// Group is a set of cells whose digits may not repeat: a row, column or
// region (made by the engine from the puzzle), or one a rule adds.
type Group struct {
	Name  string // for people: "row 3", "positive diagonal", "killer cage 15 at r1c1"
	Cells []int
}

// Puzzle is a variant Sudoku.
type Puzzle struct {
	Size int
	// Regions are the regions whose digits may not repeat (boxes, or
	// irregular shapes); a cell may be in none. nil means the standard
	// boxes of [BoxShape].
	Regions [][]int
	// Givens holds Size*Size digits, row by row, 0 for an empty cell.
	Givens      []int
	Groups      []Group
	Constraints []Constraint
}

// BoxShape is the box of a size's standard regions, as f-puzzles draws
// them: the tallest height up to the square root that divides the size,
// and size/height columns (6: 2×3, 8: 2×4, 12: 3×4).
func BoxShape(size int) (rows, cols int) {
	h := 1
	for r := 1; r*r <= size; r++ {
		if size%r == 0 {
			h = r
		}
	}
	return h, size / h
}

// StandardRegions returns the boxes of [BoxShape] as cell lists.
func StandardRegions(size int) [][]int {
	h, w := BoxShape(size)
	regions := make([][]int, size)
	for c := 0; c < size*size; c++ {
		r, col := c/size, c%size
		b := r/h*(size/w) + col/w
		regions[b] = append(regions[b], c)
	}
	return regions
}

// The sentinels a [PuzzleError] wraps.
var (
	ErrSize      = errors.New("size outside 4 to 16")
	ErrGivens    = errors.New("wrong number of givens")
	ErrDigit     = errors.New("digit outside the grid's range")
	ErrCell      = errors.New("cell outside the grid")
	ErrRegion    = errors.New("region of the wrong size")
	ErrRegionTwo = errors.New("cell in two regions")
)

// The engine's limits on a puzzle's rules and groups: far above what
// puzzles need, so that a crafted puzzle cannot make compiling it, or a
// single propagation, cost more than a deadline can stop. The most of the
// 103 published puzzles of the tests are 253 rules (Endless Knight's
// anti-knight pairs) and 26 groups; a 16×16 grid with anti-knight,
// anti-king and nonconsecutive has 1,770 rules.
const (
	MaxRules  = 4000
	MaxGroups = 1000
)

// MaxRuleCells returns the most cells a rule or a group may name on a grid
// of the size: the grid's cells.
func MaxRuleCells(size int) int { return size * size }

// The sentinels a [LimitError] wraps.
var (
	ErrTooManyRules  = errors.New("too many rules")
	ErrTooManyGroups = errors.New("too many groups of distinct digits")
	ErrRuleTooLarge  = errors.New("a rule of too many cells")
)

// LimitError is a puzzle beyond one of the engine's limits ([MaxRules],
// [MaxGroups], [MaxRuleCells]): it has Got where the engine takes at most
// Limit. Where names the rule or group, for [ErrRuleTooLarge] (its kind
// and first cell, not all of them).
type LimitError struct {
	Err        error
	Where      string
	Got, Limit int
}

func (e *LimitError) Error() string {
	s := fmt.Sprintf("%v: %d, at most %d", e.Err, e.Got, e.Limit)
	if e.Where != "" {
		s = e.Where + ": " + s
	}
	return s
}

func (e *LimitError) Unwrap() error { return e.Err }

// PuzzleError is a puzzle that cannot be solved as given: what is wrong and
// where (a cell name, a region number or a rule).
type PuzzleError struct {
	Where string
	Err   error
}

func (e *PuzzleError) Error() string {
	if e.Where == "" {
		return e.Err.Error()
	}
	return e.Where + ": " + e.Err.Error()
}

func (e *PuzzleError) Unwrap() error { return e.Err }

// Validate checks the puzzle's shape: size, givens, regions, that every
// group and rule names cells of the grid, and the engine's limits (a
// [*LimitError]).
func (p *Puzzle) Validate() error {
	n := p.Size
	if n < MinSize || n > MaxSize {
		return &PuzzleError{Where: fmt.Sprintf("size %d", n), Err: ErrSize}
	}
	if len(p.Constraints) > MaxRules {
		return &LimitError{Err: ErrTooManyRules, Got: len(p.Constraints), Limit: MaxRules}
	}
	if len(p.Groups) > MaxGroups {
		return &LimitError{Err: ErrTooManyGroups, Got: len(p.Groups), Limit: MaxGroups}
	}
	maxCells := MaxRuleCells(n)
	for _, g := range p.Groups {
		if len(g.Cells) > maxCells {
			return &LimitError{Err: ErrRuleTooLarge, Where: shortName(g.Name), Got: len(g.Cells), Limit: maxCells}
		}
	}
	for _, k := range p.Constraints {
		if cs := k.Cells(); len(cs) > maxCells {
			where := k.Kind()
			if cs[0] >= 0 && cs[0] < n*n {
				where += " at " + CellName(n, cs[0])
			}
			return &LimitError{Err: ErrRuleTooLarge, Where: where, Got: len(cs), Limit: maxCells}
		}
	}
	if len(p.Givens) != n*n {
		return &PuzzleError{Where: fmt.Sprintf("%d givens for %d cells", len(p.Givens), n*n), Err: ErrGivens}
	}
	for i, d := range p.Givens {
		if d < 0 || d > n {
			return &PuzzleError{Where: CellName(n, i), Err: ErrDigit}
		}
	}
	seen := make([]int, n*n)
	for ri, reg := range p.regions() {
		if len(reg) != n {
			return &PuzzleError{Where: fmt.Sprintf("region %d (%d cells)", ri+1, len(reg)), Err: ErrRegion}
		}
		for _, c := range reg {
			if c < 0 || c >= n*n {
				return &PuzzleError{Where: fmt.Sprintf("region %d", ri+1), Err: ErrCell}
			}
			if seen[c] != 0 {
				return &PuzzleError{Where: CellName(n, c), Err: ErrRegionTwo}
			}
			seen[c] = ri + 1
		}
	}
	for _, g := range p.Groups {
		for _, c := range g.Cells {
			if c < 0 || c >= n*n {
				return &PuzzleError{Where: g.Name, Err: ErrCell}
			}
		}
	}
	for _, k := range p.Constraints {
		for _, c := range k.Cells() {
			if c < 0 || c >= n*n {
				return &PuzzleError{Where: k.String(), Err: ErrCell}
			}
		}
	}
	return nil
}

// shortName is a group's name cut after its first cell ("killer cage at
// r1c1 r1c2 …" becomes "killer cage at r1c1 …").
func shortName(name string) string {
	if i := strings.Index(name, " at "); i >= 0 {
		if j := strings.IndexByte(name[i+4:], ' '); j >= 0 {
			return name[:i+4+j] + " …"
		}
	}
	return name
}

func (p *Puzzle) regions() [][]int {
	if p.Regions == nil {
		return StandardRegions(p.Size)
	}
	return p.Regions
}

// allGroups are the rows, columns, regions and the puzzle's groups.
func (p *Puzzle) allGroups() []Group {
	n := p.Size
	var gs []Group
	for r := 0; r < n; r++ {
		g := Group{Name: fmt.Sprintf("row %d", r+1)}
		for c := 0; c < n; c++ {
			g.Cells = append(g.Cells, r*n+c)
		}
		gs = append(gs, g)
	}
	for c := 0; c < n; c++ {
		g := Group{Name: fmt.Sprintf("column %d", c+1)}
		for r := 0; r < n; r++ {
			g.Cells = append(g.Cells, r*n+c)
		}
		gs = append(gs, g)
	}
	for i, reg := range p.regions() {
		gs = append(gs, Group{Name: fmt.Sprintf("region %d", i+1), Cells: reg})
	}
	return append(gs, p.Groups...)
}

// State is the candidates of every cell during a search; constraints
// narrow it through [State.Keep].
type State struct {
	size  int
	cand  []Digits
	queue []int32
	inQ   []bool
}

// Size is the grid's size.
func (s *State) Size() int { return s.size }

// Full is the set of every digit of the grid.
func (s *State) Full() Digits { return Range(1, s.size) }

// Cand returns the candidates of a cell.
func (s *State) Cand(cell int) Digits { return s.cand[cell] }

// Keep narrows a cell's candidates to those also in m and returns false
// when none is left.
func (s *State) Keep(cell int, m Digits) bool {
	old := s.cand[cell]
	nw := old & m
	if nw == old {
		return nw != 0
	}
	s.cand[cell] = nw
	if !s.inQ[cell] {
		s.inQ[cell] = true
		s.queue = append(s.queue, int32(cell))
	}
	return nw != 0
}

// bounds returns the smallest and largest sums of the cells' candidates.
func (s *State) bounds(cells []int) (lo, hi int) {
	for _, c := range cells {
		m := s.cand[c]
		lo += m.Min()
		hi += m.Max()
	}
	return lo, hi
}
