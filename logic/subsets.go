package logic

import (
	"math/bits"

	"github.com/sudokubot/sudokubot/sudoku"
)

// combos calls fn with every k-bit subset of n bits in increasing numeric
// order (the order of Sukaku Explainer's Permutations), until fn returns false.
func combos(k, n int, fn func(mask uint32) bool) bool {
	if k <= 0 || k > n {
		return true
	}
	v := uint32(1)<<k - 1
	limit := uint32(1) << n
	for v < limit {
		if !fn(v) {
			return false
		}
		low := v & -v
		ripple := v + low
		v = ripple | ((v^ripple)>>2)/low
	}
	return true
}

// combosOf calls fn with every k-element subset of the set bits of items,
// in the order combos gives them over all bits, until fn returns false.
func combosOf(k int, items uint32, fn func(mask uint32) bool) bool {
	var idx [32]int
	bitsOf := members(items, idx[:0])
	return combos(k, len(bitsOf), func(rm uint32) bool {
		var m uint32
		for r := rm; r != 0; r &= r - 1 {
			m |= 1 << bitsOf[bits.TrailingZeros32(r)]
		}
		return fn(m)
	})
}

// members returns the bit numbers of m, lowest first, in buf.
func members(m uint32, buf []int) []int {
	buf = buf[:0]
	for m != 0 {
		buf = append(buf, bits.TrailingZeros32(m))
		m &= m - 1
	}
	return buf
}

// commonTuple is Sukaku Explainer's test for a set of degree items: every
// mask has at least two bits and their union has exactly degree bits. It
// returns the union, or 0.
func commonTuple(masks []uint32, degree int) uint32 {
	var u uint32
	for _, m := range masks {
		if popcount(m) <= 1 {
			return 0
		}
		u |= m
	}
	if popcount(u) == degree {
		return u
	}
	return 0
}

var (
	hiddenNames  = [5]string{2: "Hidden Pair", 3: "Hidden Triplet", 4: "Hidden Quad"}
	hiddenTechs  = [5]Technique{2: HiddenPair, 3: HiddenTriple, 4: HiddenQuad}
	hiddenRating = [5]Rating{2: 34, 3: 40, 4: 54}
	nakedNames   = [5]string{2: "Naked Pair", 3: "Naked Triplet", 4: "Naked Quad"}
	nakedTechs   = [5]Technique{2: NakedPair, 3: NakedTriple, 4: NakedQuad}
	nakedRating  = [5]Rating{2: 30, 3: 36, 4: 50}
)

// findHiddenSets finds hidden sets of the given degree (2 to 4): degree
// digits confined to degree cells of a unit, whose other candidates go. With
// direct set (degree 2 or 3), it finds instead the hidden sets whose
// eliminations leave a hidden single of another digit in the unit (Direct
// Hidden Pair 2.0, Direct Hidden Triplet 2.5); such a step also places it.
func findHiddenSets(g *Grid, degree int, direct bool, emit emitFunc) bool {
	geo := g.geo
	n := geo.n
	var digitBuf [32]int
	masks := make([]uint32, degree)
	for _, kind := range singleKinds {
		for u := kind * n; u < (kind+1)*n; u++ {
			empty := g.emptyCount(u)
			if !(empty > degree*2 || (direct && empty > degree)) {
				continue
			}
			var pos [32]uint32
			var valid uint32 // digits with 2 to degree places
			for d := 1; d <= n; d++ {
				pos[d] = g.positions(u, d)
				if k := popcount(pos[d]); k >= 2 && k <= degree {
					valid |= 1 << (d - 1)
				}
			}
			ok := combosOf(degree, valid, func(dm uint32) bool {
				ds := members(dm, digitBuf[:0])
				for i, d := range ds {
					masks[i] = pos[d+1]
				}
				common := commonTuple(masks, degree)
				if common == 0 {
					return true
				}
				valueSet := dm // bit d-1 for digit d
				var cells []sudoku.Cell
				var elim []Candidate
				for k, c := range geo.units[u] {
					if common&(1<<k) == 0 {
						continue
					}
					cells = append(cells, geo.cellOf(c))
					for _, d := range members(g.cands[c]&^valueSet, nil) {
						elim = append(elim, Candidate{geo.cellOf(c), d + 1})
					}
				}
				digits := make([]int, len(ds))
				for i, d := range ds {
					digits[i] = d + 1
				}
				s := Step{
					Cells:        cells,
					Units:        []sudoku.Unit{geo.unitOf(u)},
					Digits:       digits,
					Eliminations: elim,
				}
				if direct {
					for d := 1; d <= n; d++ {
						if valueSet&(1<<(d-1)) != 0 || popcount(pos[d]) <= 1 {
							continue
						}
						rest := pos[d] &^ common
						if popcount(rest) != 1 {
							continue
						}
						cell := geo.units[u][lowest(rest)-1]
						// Like Sukaku Explainer, a direct step only places its
						// single: the eliminations that prove it stay on the board.
						s.Placements = []Candidate{{geo.cellOf(cell), d}}
						s.Eliminations = nil
						if degree == 2 {
							s.Technique, s.Name, s.Rating = DirectHiddenPair, "Direct Hidden Pair", 20
						} else {
							s.Technique, s.Name, s.Rating = DirectHiddenTriple, "Direct Hidden Triplet", 25
						}
						return emit(s)
					}
					return true
				}
				if len(elim) == 0 {
					return true
				}
				s.Technique, s.Name, s.Rating = hiddenTechs[degree], hiddenNames[degree], hiddenRating[degree]
				return emit(s)
			})
			if !ok {
				return false
			}
		}
	}
	return true
}

// findNakedSets finds naked sets of the given degree (2 to 4): degree cells
// of a unit whose candidates are degree digits in all, which go from the
// unit's other cells.
func findNakedSets(g *Grid, degree int, emit emitFunc) bool {
	geo := g.geo
	n := geo.n
	var idxBuf [32]int
	masks := make([]uint32, degree)
	for _, kind := range singleKinds {
		for u := kind * n; u < (kind+1)*n; u++ {
			if g.emptyCount(u) < degree*2 {
				continue
			}
			cellsOf := geo.units[u]
			var valid uint32 // cells with 2 to degree candidates
			for k, c := range cellsOf {
				if p := popcount(g.cands[c]); p >= 2 && p <= degree {
					valid |= 1 << k
				}
			}
			ok := combosOf(degree, valid, func(im uint32) bool {
				idx := members(im, idxBuf[:0])
				for i, k := range idx {
					masks[i] = g.cands[cellsOf[k]]
				}
				common := commonTuple(masks, degree)
				if common == 0 {
					return true
				}
				var elim []Candidate
				for k, c := range cellsOf {
					if im&(1<<k) != 0 {
						continue
					}
					for _, d := range members(g.cands[c]&common, nil) {
						elim = append(elim, Candidate{geo.cellOf(c), d + 1})
					}
				}
				if len(elim) == 0 {
					return true
				}
				cells := make([]sudoku.Cell, len(idx))
				for i, k := range idx {
					cells[i] = geo.cellOf(cellsOf[k])
				}
				digits := members(common, nil)
				for i := range digits {
					digits[i]++
				}
				return emit(Step{
					Technique:    nakedTechs[degree],
					Name:         nakedNames[degree],
					Rating:       nakedRating[degree],
					Cells:        cells,
					Units:        []sudoku.Unit{geo.unitOf(u)},
					Digits:       digits,
					Eliminations: elim,
				})
			})
			if !ok {
				return false
			}
		}
	}
	return true
}
