package logic

import (
	"math/bits"
	"sync"

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
	// Stop as soon as every candidate is allowed.
	full := func() bool {
		for i, c := range cells {
			if allowed[i] != g.cands[c] {
				return false
			}
		}
		return true
	}
	c0, c1 := cells[0], cells[1]
	s01 := geo.sees(c0, c1)
	var s02, s12 bool
	if len(cells) == 3 {
		s02, s12 = geo.sees(c0, cells[2]), geo.sees(c1, cells[2])
	}
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
					if full() {
						return
					}
				}
				continue
			}
			c2 := cells[2]
			for m2 := g.cands[c2]; m2 != 0; m2 &= m2 - 1 {
				b2 := m2 & -m2
				if b2 == b0 && s02 || b2 == b1 && s12 {
					continue
				}
				if ok(b0 | b1 | b2) {
					allowed[0] |= b0
					allowed[1] |= b1
					allowed[2] |= b2
					if full() {
						return
					}
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

// surelyAllowed reports, without trying the combinations, that every
// candidate of cells is allowed: for each, the other cells can take digits
// that no excluder holds (free digits), so no excluder's candidates are all
// taken. It may answer false when every candidate is allowed all the same.
func surelyAllowed(g *Grid, cells []int, common cellSet81) bool {
	geo := g.geo
	var u uint32 // the candidates of the excluders
	for w := 0; w < 2; w++ {
		for m := common[w]; m != 0; m &= m - 1 {
			u |= g.cands[w*64+bits.TrailingZeros64(m)]
		}
	}
	k := len(cells)
	for i := 0; i < k; i++ {
		j, l := (i+1)%k, (i+2)%k
		for m := g.cands[cells[i]]; m != 0; m &= m - 1 {
			a := m & -m
			fj := g.cands[cells[j]] &^ u
			if geo.sees(cells[i], cells[j]) {
				fj &^= a
			}
			if fj == 0 {
				return false
			}
			if k == 2 {
				continue
			}
			fl := g.cands[cells[l]] &^ u
			if geo.sees(cells[i], cells[l]) {
				fl &^= a
			}
			if fl == 0 || geo.sees(cells[j], cells[l]) && fj == fl && fj&(fj-1) == 0 {
				return false
			}
		}
	}
	return true
}

// hasExclusion reports whether the aligned exclusion of cells removes
// something, without building the step.
func hasExclusion(g *Grid, cells []int, common cellSet81) bool {
	if surelyAllowed(g, cells, common) {
		return false
	}
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
	// Triples known to exclude nothing, with a fingerprint of what decides
	// it (the candidates of the cells and of their common excluders): SE
	// reaches a triple from up to three of its pairs, and again at every
	// step of a rating.
	tried := sr.tripleMemo()
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
				key := sortedTriple(c0, c1, c2)
				slot := tripleIndex(key)
				fp := tripleFingerprint(g, key, common) | 1 // never 0, the empty slot
				if tried[slot] == fp {
					continue
				}
				cells := []int{c0, c1, c2}
				if !hasExclusion(g, cells, common) {
					tried[slot] = fp
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

// sortedTriple returns three cells in ascending order.
func sortedTriple(a, b, c int) [3]int8 {
	if a > b {
		a, b = b, a
	}
	if b > c {
		b, c = c, b
	}
	if a > b {
		a, b = b, a
	}
	return [3]int8{int8(a), int8(b), int8(c)}
}

// tripleFingerprint hashes what decides an aligned triplet exclusion: the
// candidates of the three cells, the common excluders and their candidates.
func tripleFingerprint(g *Grid, cells [3]int8, common cellSet81) uint64 {
	h := uint64(14695981039346656037)
	mix := func(x uint64) {
		h ^= x
		h *= 1099511628211
	}
	for _, c := range cells {
		mix(uint64(g.cands[c]))
	}
	for w := 0; w < 2; w++ {
		mix(common[w])
		for m := common[w]; m != 0; m &= m - 1 {
			mix(uint64(g.cands[w*64+bits.TrailingZeros64(m)]))
		}
	}
	return h
}

// tripleIndex numbers the sets of three cells a < b < c of a 9×9 grid from 0
// to 85319 (C(c,3) + C(b,2) + a).
func tripleIndex(t [3]int8) int {
	a, b, c := int(t[0]), int(t[1]), int(t[2])
	return c*(c-1)*(c-2)/6 + b*(b-1)/2 + a
}

// tripleMemos keeps the tables of aligned triplet exclusion (680 KB each)
// between searches. An entry holds the fingerprint of the candidates on
// which the triple excluded nothing: it stays true for any grid, so a table
// need not be cleared.
var tripleMemos = sync.Pool{New: func() any { return new(tripleTable) }}

// tripleTable has an entry per set of three cells of a 9×9 grid.
type tripleTable [85320]uint64

// tripleMemo returns the search's table of triples known to exclude nothing.
func (s *search) tripleMemo() *tripleTable {
	if s.triples == nil {
		s.triples = tripleMemos.Get().(*tripleTable)
	}
	return s.triples
}
