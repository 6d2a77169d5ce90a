package logic

import (
	"math/bits"

	"github.com/sudokubot/sudokubot/sudoku"
)

// cellSet81 is a set of cells of a 9×9 grid.
type cellSet81 [2]uint64

func (s *cellSet81) add(c int)                { s[c>>6] |= 1 << (c & 63) }
func (s cellSet81) has(c int) bool            { return s[c>>6]&(1<<(c&63)) != 0 }
func (s cellSet81) and(t cellSet81) cellSet81 { return cellSet81{s[0] & t[0], s[1] & t[1]} }
func (s cellSet81) count() int                { return bits.OnesCount64(s[0]) + bits.OnesCount64(s[1]) }

// exclusionBases returns the cells that can take part in an aligned
// exclusion (two candidates or more, no peer with a single candidate, and an
// excluder) and, for every cell, its excluders: the peers with 2 to maxCard
// candidates.
func exclusionBases(g *Grid, maxCard int) (bases []int, excl *[81]cellSet81) {
	geo := g.geo
	excl = new([81]cellSet81)
	for c := 0; c < 81; c++ {
		if popcount(g.cands[c]) < 2 {
			continue
		}
		single := false
		for _, p := range geo.peers[c] {
			switch k := popcount(g.cands[p]); {
			case k == 1:
				single = true
			case k >= 2 && k <= maxCard:
				excl[c].add(p)
			}
		}
		if !single && excl[c].count() > 0 {
			bases = append(bases, c)
		}
	}
	return bases, excl
}

// exclusionElims tests the combinations of candidates of cells against their
// common excluders: a combination is impossible when two cells that see each
// other take the same digit, or when it would leave an excluder without a
// candidate. A candidate in no possible combination goes; it returns the
// candidates allowed per cell.
func exclusionAllowed(g *Grid, cells []int, common cellSet81, allowed []uint32) {
	geo := g.geo
	var exMasks [20]uint32
	ex := exMasks[:0]
	for w := 0; w < 2; w++ {
		for m := common[w]; m != 0; m &= m - 1 {
			ex = append(ex, g.cands[w*64+bits.TrailingZeros64(m)])
		}
	}
	ok := func(m uint32) bool {
		for _, e := range ex {
			if e&^m == 0 {
				return false
			}
		}
		return true
	}
	c0, c1 := cells[0], cells[1]
	s01 := geo.sees(c0, c1)
	for m0 := g.cands[c0]; m0 != 0; m0 &= m0 - 1 {
		b0 := m0 & -m0
		for m1 := g.cands[c1]; m1 != 0; m1 &= m1 - 1 {
			b1 := m1 & -m1
			if b0 == b1 && s01 {
				continue
			}
			if len(cells) == 2 {
				if ok(b0 | b1) {
					allowed[0] |= b0
					allowed[1] |= b1
				}
				continue
			}
			c2 := cells[2]
			for m2 := g.cands[c2]; m2 != 0; m2 &= m2 - 1 {
				b2 := m2 & -m2
				if b2 == b0 && geo.sees(c0, c2) || b2 == b1 && geo.sees(c1, c2) {
					continue
				}
				if ok(b0 | b1 | b2) {
					allowed[0] |= b0
					allowed[1] |= b1
					allowed[2] |= b2
				}
			}
		}
	}
}

// exclusionStep returns the eliminations of an aligned exclusion of cells.
func exclusionStep(g *Grid, cells []int, common cellSet81) []Candidate {
	var allowed [3]uint32
	exclusionAllowed(g, cells, common, allowed[:len(cells)])
	var elim []Candidate
	for i, c := range cells {
		for _, d := range digitsOf(g.cands[c] &^ allowed[i]) {
			elim = append(elim, Candidate{g.geo.cellOf(c), d})
		}
	}
	return elim
}

// hasExclusion reports whether the aligned exclusion of cells removes
// something, without building the step.
func hasExclusion(g *Grid, cells []int, common cellSet81) bool {
	var allowed [3]uint32
	exclusionAllowed(g, cells, common, allowed[:len(cells)])
	for i, c := range cells {
		if g.cands[c]&^allowed[i] != 0 {
			return true
		}
	}
	return false
}

// findAlignedPairExclusion finds Aligned Pair Exclusions (6.2), trying pairs
// of base cells in Sukaku Explainer's order with their common bivalue
// excluders.
func findAlignedPairExclusion(g *Grid, emit emitFunc) bool {
	bases, excl := exclusionBases(g, 2)
	for n2 := 1; n2 < len(bases); n2++ {
		for n1 := 0; n1 < n2; n1++ {
			c0, c1 := bases[n1], bases[n2]
			common := excl[c0].and(excl[c1])
			if common.count() < 2 {
				continue
			}
			cells := []int{c0, c1}
			if !hasExclusion(g, cells, common) {
				continue
			}
			s := Step{
				Technique:    AlignedPairExclusion,
				Name:         "Aligned Pair Exclusion",
				Rating:       62,
				Cells:        []sudoku.Cell{g.geo.cellOf(c0), g.geo.cellOf(c1)},
				Eliminations: exclusionStep(g, cells, common),
			}
			if !emit(s) {
				return false
			}
		}
	}
	return true
}

// findAlignedTripleExclusion finds Aligned Triplet Exclusions (7.5): two base
// cells, and a third among the bases that are excluders of either, in
// Sukaku Explainer's order.
func findAlignedTripleExclusion(sr *search, emit emitFunc) bool {
	g := sr.g
	bases, excl := exclusionBases(g, 3)
	if len(bases) < 3 {
		return true
	}
	var isBase cellSet81
	for _, b := range bases {
		isBase.add(b)
	}
	var twin [81]int
	for n2 := 1; n2 < len(bases); n2++ {
		if sr.expired() {
			return false
		}
		for n1 := 0; n1 < n2; n1++ {
			c0, c1 := bases[n1], bases[n2]
			common01 := excl[c0].and(excl[c1])
			if common01.count() < 2 {
				continue
			}
			// The third cells: excluders of c0, then of c1, that are bases.
			nt := 0
			e0, e1 := excl[c0].and(isBase), excl[c1].and(isBase)
			for w := 0; w < 2; w++ {
				for m := e0[w]; m != 0; m &= m - 1 {
					if c := w*64 + bits.TrailingZeros64(m); c != c1 {
						twin[nt] = c
						nt++
					}
				}
			}
			for w := 0; w < 2; w++ {
				for m := e1[w] &^ e0[w]; m != 0; m &= m - 1 {
					if c := w*64 + bits.TrailingZeros64(m); c != c0 {
						twin[nt] = c
						nt++
					}
				}
			}
			for _, c2 := range twin[:nt] {
				common := common01.and(excl[c2])
				if common.count() < 2 {
					continue
				}
				cells := []int{c0, c1, c2}
				if !hasExclusion(g, cells, common) {
					continue
				}
				s := Step{
					Technique:    AlignedTripleExclusion,
					Name:         "Aligned Triplet Exclusion",
					Rating:       75,
					Cells:        []sudoku.Cell{g.geo.cellOf(c0), g.geo.cellOf(c1), g.geo.cellOf(c2)},
					Eliminations: exclusionStep(g, cells, common),
				}
				if !emit(s) {
					return false
				}
			}
		}
	}
	return true
}
