package generate

import (
	"math/bits"

	"github.com/sudokubot/sudokubot/sudoku"
)

// tier is a set of easy techniques: each tier has the ones before it. They
// follow the SE ratings, so that a puzzle the techniques of a tier solve is
// rated at most the tier's hardest technique, and one they do not solve is
// rated above it.
type tier uint8

const (
	tierHidden  tier = iota + 1 // full house and hidden singles (SE 1.0 to 1.5)
	tierSingles                 // and naked singles (2.3)
	tierLocked                  // and pointing, claiming, direct hidden pairs and triplets (up to 2.8)
	tierSubsets                 // and naked pairs and triplets, hidden pairs, X-Wing, Swordfish (up to 3.8)
	tierWings                   // and hidden triplets, and on 9×9 turbot fish, XY- and XYZ-Wings (up to 4.4)
)

// solver applies the techniques of one tier until the grid is solved or
// they find nothing. It is the generator's quick judge, much faster than the
// logic engine's full ladder: it tells on which side of the lower levels'
// bounds a puzzle falls before the engine rates it, and it steers the
// removal of givens. The engine's rating stays the final word.
type solver struct {
	geo    *geometry
	cand   [sudoku.MaxCells]uint32 // candidates of empty cells, 0 for filled ones
	filled [sudoku.MaxCells]bool
	val    [sudoku.MaxCells]uint8
	left   int  // empty cells
	used   tier // the hardest tier of the techniques used
	pos    [sudoku.MaxSize + 1]uint32
	bad    bool // a contradiction: no solution this way
}

// solvedWithin reports whether the techniques of tier t alone solve g.
func solvedWithin(g *sudoku.Grid, t tier) bool {
	var s solver
	s.run(g, t)
	return !s.bad && s.left == 0
}

// unsolvedBy returns the empty cells of g that the techniques of tier t
// leave empty, or nil when they solve g.
func unsolvedBy(g *sudoku.Grid, t tier) []int {
	var s solver
	s.run(g, t)
	if !s.bad && s.left == 0 {
		return nil
	}
	var out []int
	for i := 0; i < s.geo.cells; i++ {
		if !s.filled[i] {
			out = append(out, i)
		}
	}
	return out
}

// run applies the techniques of tier t to g until it is solved, they find
// nothing more, or they meet a contradiction.
func (s *solver) run(g *sudoku.Grid, t tier) {
	s.geo = geometryOf(g.Shape())
	full := uint32(1)<<s.geo.n - 1
	s.left = s.geo.cells
	for i := 0; i < s.geo.cells; i++ {
		s.cand[i] = full
	}
	for i := 0; i < s.geo.cells; i++ {
		if v := g.At(i); v != 0 {
			s.place(i, v)
		}
	}
	// Always the easiest technique first: then the hardest tier used is
	// the lowest tier that solves g.
	for !s.bad && s.left > 0 {
		switch {
		case s.singles(false):
			s.use(tierHidden)
		case t < tierSingles:
			return
		case s.singles(true):
			s.use(tierSingles)
		case t < tierLocked:
			return
		case s.locked() || s.hiddenSets(2, true) || s.hiddenSets(3, true):
			s.use(tierLocked)
		case t < tierSubsets:
			return
		case s.nakedSets(2) || s.fish(2) || s.hiddenSets(2, false) || s.nakedSets(3) || s.fish(3):
			s.use(tierSubsets)
		case t < tierWings:
			return
		case s.hiddenSets(3, false) || s.geo.n == 9 && (s.turbot() || s.xyWings()):
			s.use(tierWings)
		default:
			return
		}
	}
}

func (s *solver) use(t tier) { s.used = max(s.used, t) }

// lowestTier returns the lowest tier up to top whose techniques solve g,
// or 0 when none does.
func lowestTier(g *sudoku.Grid, top tier) tier {
	var s solver
	s.run(g, top)
	if s.bad || s.left > 0 {
		return 0
	}
	return max(s.used, tierHidden)
}

func (s *solver) place(i, d int) {
	if s.filled[i] || s.cand[i]&(1<<(d-1)) == 0 {
		s.bad = true
		return
	}
	s.cand[i] = 0
	s.filled[i] = true
	s.val[i] = uint8(d)
	s.left--
	keep := ^(uint32(1) << (d - 1))
	for _, p := range s.geo.peers[i] {
		s.cand[p] &= keep
	}
}

// positions fills s.pos with the places of each digit in unit u, as bits
// of the cells' order in the unit, and returns the unit's empty cells.
func (s *solver) positions(u int) int {
	s.pos = [sudoku.MaxSize + 1]uint32{}
	empty := 0
	for k, c := range s.geo.units[u] {
		if !s.filled[c] {
			empty++
		}
		for m := s.cand[c]; m != 0; m &= m - 1 {
			s.pos[bits.TrailingZeros32(m)+1] |= 1 << k
		}
	}
	return empty
}

// singles places the hidden singles (with naked, the naked singles) of one
// sweep, and reports whether it placed any. It notes a contradiction when an
// empty cell has no candidate left.
func (s *solver) singles(naked bool) bool {
	progress := false
	if !naked {
		for _, unit := range s.geo.units {
			var once, twice uint32
			for _, c := range unit {
				m := s.cand[c]
				twice |= once & m
				once |= m
			}
			for hidden := once &^ twice; hidden != 0; hidden &= hidden - 1 {
				bit := hidden & -hidden
				for _, c := range unit {
					if s.cand[c]&bit != 0 {
						s.place(c, bits.TrailingZeros32(bit)+1)
						progress = true
						break
					}
				}
			}
		}
	}
	for i := 0; i < s.geo.cells; i++ {
		if s.filled[i] {
			continue
		}
		switch m := s.cand[i]; {
		case m == 0:
			s.bad = true
			return false
		case naked && m&(m-1) == 0:
			s.place(i, bits.TrailingZeros32(m)+1)
			progress = true
		}
	}
	return progress
}

// eliminate removes the digits of mask from cell c and reports whether any
// was there.
func (s *solver) eliminate(c int, mask uint32) bool {
	if s.cand[c]&mask == 0 {
		return false
	}
	s.cand[c] &^= mask
	return true
}

// locked makes the eliminations of pointing (a box's digit confined to one
// line) and claiming (a line's digit confined to one box).
func (s *solver) locked() bool {
	geo := s.geo
	n := geo.n
	progress := false
	for u := 0; u < 3*n; u++ {
		unit := geo.units[u]
		s.positions(u)
		for d := 1; d <= n; d++ {
			p := s.pos[d]
			if bits.OnesCount32(p) < 2 {
				continue
			}
			k := bits.TrailingZeros32(p)
			first := unit[k]
			// The unit all places share, besides u (from the places'
			// order in u: no loop over them).
			var others []int
			switch {
			case u >= 2*n && p&^geo.inBox[2][k] == 0:
				others = geo.units[geo.row[first]]
			case u >= 2*n && p&^geo.boxCol[k] == 0:
				others = geo.units[n+geo.col[first]]
			case u < 2*n && p&^geo.inBox[u/n][k] == 0:
				others = geo.units[2*n+geo.box[first]]
			default:
				continue
			}
			bit := uint32(1) << (d - 1)
			for _, c := range others {
				if !s.inUnit(c, u) && s.eliminate(c, bit) {
					progress = true
				}
			}
		}
	}
	return progress
}

// inUnit reports whether cell c is in unit u.
func (s *solver) inUnit(c, u int) bool {
	n := s.geo.n
	switch {
	case u < n:
		return s.geo.row[c] == u
	case u < 2*n:
		return s.geo.col[c] == u-n
	}
	return s.geo.box[c] == u-2*n
}

// hiddenSets finds degree digits (2 or 3) with their places in a unit
// confined to degree cells, each with two places or more. Plain, it removes
// the other digits from those cells (SE looks for them only in units with
// more than twice degree empty cells). With direct, it looks instead for
// another digit left with one place outside those cells and places it
// (Direct Hidden Pair and Triplet).
func (s *solver) hiddenSets(degree int, direct bool) bool {
	n := s.geo.n
	for u := 0; u < 3*n; u++ {
		empty := s.positions(u)
		if !(empty > 2*degree || direct && empty > degree) {
			continue
		}
		// The digits with two places or more, and no more than degree:
		// a set with a digit of more places spans more cells.
		var ds [sudoku.MaxSize]int
		nd := 0
		for d := 1; d <= n; d++ {
			if k := bits.OnesCount32(s.pos[d]); k >= 2 && k <= degree {
				ds[nd] = d
				nd++
			}
		}
		if nd < degree {
			continue
		}
		found := false
		eachSubset(ds[:nd], degree, func(all [3]int) bool {
			set := all[:degree]
			var union, digits uint32
			for _, d := range set {
				union |= s.pos[d]
				digits |= 1 << (d - 1)
			}
			if bits.OnesCount32(union) != degree {
				return true
			}
			unit := s.geo.units[u]
			if !direct {
				for m := union; m != 0; m &= m - 1 {
					if s.eliminate(unit[bits.TrailingZeros32(m)], ^digits) {
						found = true
					}
				}
				return !found
			}
			for d := 1; d <= n; d++ {
				if digits&(1<<(d-1)) != 0 || bits.OnesCount32(s.pos[d]) < 2 {
					continue
				}
				if rest := s.pos[d] &^ union; bits.OnesCount32(rest) == 1 {
					s.place(unit[bits.TrailingZeros32(rest)], d)
					found = true
					return false
				}
			}
			return true
		})
		if found {
			return true
		}
	}
	return false
}

// nakedSets finds degree cells (2 or 3) of a unit whose candidates are
// degree digits in all, and removes those digits from the unit's other
// cells (SE looks in units with at least twice degree empty cells).
func (s *solver) nakedSets(degree int) bool {
	n := s.geo.n
	for u := 0; u < 3*n; u++ {
		unit := s.geo.units[u]
		var cs [sudoku.MaxSize]int
		nc, empty := 0, 0
		for _, c := range unit {
			if s.filled[c] {
				continue
			}
			empty++
			if k := bits.OnesCount32(s.cand[c]); k >= 2 && k <= degree {
				cs[nc] = c
				nc++
			}
		}
		if empty < 2*degree {
			continue
		}
		found := false
		eachSubset(cs[:nc], degree, func(all [3]int) bool {
			set := all[:degree]
			var digits uint32
			for _, c := range set {
				digits |= s.cand[c]
			}
			if bits.OnesCount32(digits) != degree {
				return true
			}
			for _, c := range unit {
				if !contains(set, c) && s.eliminate(c, digits) {
					found = true
				}
			}
			return !found
		})
		if found {
			return true
		}
	}
	return false
}

// fish finds a digit whose places in degree lines (2: X-Wing, 3: Swordfish)
// lie in degree crossing lines, and removes it from the rest of those
// (columns as base lines first, then rows). Like SE, it skips a digit with
// fewer than twice degree cells left to fill.
func (s *solver) fish(degree int) bool {
	n := s.geo.n
	for d := 1; d <= n; d++ {
		bit := uint32(1) << (d - 1)
		var rowPos, colPos [sudoku.MaxSize]uint32 // places by row (column bits), by column (row bits)
		for i := 0; i < s.geo.cells; i++ {
			if s.cand[i]&bit != 0 {
				r, c := s.geo.row[i], s.geo.col[i]
				rowPos[r] |= 1 << c
				colPos[c] |= 1 << r
			}
		}
		placed := n // the rows where d has no place are the rows where it is placed
		for r := 0; r < n; r++ {
			if rowPos[r] != 0 {
				placed--
			}
		}
		if placed+2*degree > n {
			continue
		}
		for _, byCol := range []bool{true, false} {
			lines := rowPos[:n]
			if byCol {
				lines = colPos[:n]
			}
			var base [sudoku.MaxSize]int
			nb := 0
			for l := 0; l < n; l++ {
				// Lines with more than degree places would spread the
				// cover over more lines.
				if k := bits.OnesCount32(lines[l]); k >= 2 && k <= degree {
					base[nb] = l
					nb++
				}
			}
			if nb < degree {
				continue
			}
			found := false
			eachSubset(base[:nb], degree, func(all [3]int) bool {
				set := all[:degree]
				var cover uint32
				for _, l := range set {
					cover |= lines[l]
				}
				if bits.OnesCount32(cover) != degree {
					return true
				}
				for l := 0; l < n; l++ {
					if contains(set, l) {
						continue
					}
					for m := cover & lines[l]; m != 0; m &= m - 1 {
						x := bits.TrailingZeros32(m)
						c := l*n + x // base rows: cover columns
						if byCol {
							c = x*n + l
						}
						if s.eliminate(c, bit) {
							found = true
						}
					}
				}
				return !found
			})
			if found {
				return true
			}
		}
	}
	return false
}

// sees reports whether cells a and b (different) share a unit.
func (s *solver) sees(a, b int) bool {
	geo := s.geo
	return geo.row[a] == geo.row[b] || geo.col[a] == geo.col[b] || geo.box[a] == geo.box[b]
}

// eliminateSeen removes digit d from every cell that sees all of cells
// (and is none of them), and reports whether it removed any.
func (s *solver) eliminateSeen(d int, cells ...int) bool {
	bit := uint32(1) << (d - 1)
	found := false
	for _, c := range s.geo.peers[cells[0]] {
		if s.cand[c]&bit == 0 || contains(cells, c) {
			continue
		}
		all := true
		for _, o := range cells[1:] {
			all = all && s.sees(c, o)
		}
		if all {
			s.cand[c] &^= bit
			found = true
		}
	}
	return found
}

// turbot finds two strong links of a digit (units where it has exactly two
// places), a1-a2 and b1-b2, whose ends a2 and b2 see each other: a1 or b1
// holds the digit, so no cell seeing both does (Skyscraper, Two-string
// Kite, Turbot Crane; SE rates them 4.0 to 4.2).
func (s *solver) turbot() bool {
	n := s.geo.n
	var links [3 * sudoku.MaxSize][2]int
	for d := 1; d <= n; d++ {
		bit := uint32(1) << (d - 1)
		nl := 0
		for _, unit := range s.geo.units {
			a, b, count := -1, -1, 0
			for _, c := range unit {
				if s.cand[c]&bit != 0 {
					count++
					a, b = b, c
				}
			}
			if count == 2 {
				links[nl] = [2]int{a, b}
				nl++
			}
		}
		for i := 0; i < nl; i++ {
			for j := i + 1; j < nl; j++ {
				for _, x := range [4][4]int{
					{links[i][0], links[i][1], links[j][0], links[j][1]},
					{links[i][0], links[i][1], links[j][1], links[j][0]},
					{links[i][1], links[i][0], links[j][0], links[j][1]},
					{links[i][1], links[i][0], links[j][1], links[j][0]},
				} {
					a1, a2, b1, b2 := x[0], x[1], x[2], x[3]
					if a1 == b1 || a1 == b2 || a2 == b1 || a2 == b2 || !s.sees(a2, b2) {
						continue
					}
					if s.eliminateSeen(d, a1, b1) {
						return true
					}
				}
			}
		}
	}
	return false
}

// xyWings finds XY-Wings (a pivot with xy, pincers with xz and yz seeing
// it: no cell seeing both pincers holds z; 4.2) and XYZ-Wings (a pivot
// with xyz: no cell seeing the pivot and both pincers holds z; 4.4).
func (s *solver) xyWings() bool {
	for p := 0; p < s.geo.cells; p++ {
		pm := s.cand[p]
		k := bits.OnesCount32(pm)
		if k != 2 && k != 3 {
			continue
		}
		peers := s.geo.peers[p]
		for i, a := range peers {
			am := s.cand[a]
			if bits.OnesCount32(am) != 2 {
				continue
			}
			for _, b := range peers[i+1:] {
				bm := s.cand[b]
				if bits.OnesCount32(bm) != 2 || am == bm {
					continue
				}
				z := am & bm
				if bits.OnesCount32(z) != 1 {
					continue
				}
				d := bits.TrailingZeros32(z) + 1
				switch {
				case k == 2 && pm&z == 0 && (am|bm)&^z == pm:
					if s.eliminateSeen(d, a, b) {
						return true
					}
				case k == 3 && am|bm == pm:
					if s.eliminateSeen(d, p, a, b) {
						return true
					}
				}
			}
		}
	}
	return false
}

// eachSubset calls fn with every subset of size k of items (k at most 3),
// in order, until fn returns false. The subset is in set[:k] (an array, so
// that it stays on the stack).
func eachSubset(items []int, k int, fn func(set [3]int) bool) {
	var set [3]int
	switch k {
	case 2:
		for i := 0; i < len(items); i++ {
			for j := i + 1; j < len(items); j++ {
				set[0], set[1] = items[i], items[j]
				if !fn(set) {
					return
				}
			}
		}
	case 3:
		for i := 0; i < len(items); i++ {
			for j := i + 1; j < len(items); j++ {
				for l := j + 1; l < len(items); l++ {
					set[0], set[1], set[2] = items[i], items[j], items[l]
					if !fn(set) {
						return
					}
				}
			}
		}
	}
}

func contains(s []int, x int) bool {
	for _, y := range s {
		if y == x {
			return true
		}
	}
	return false
}
