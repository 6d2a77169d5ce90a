package logic

import (
	"fmt"

	"github.com/sudokubot/sudokubot/sudoku"
)

// findBUG finds a bivalue universal grave: if the extra candidates of a few
// cells were gone, every cell would hold two candidates and every digit two
// places in each unit, a grid with two solutions or none. So one of the
// extra candidates is true: type 1 (5.6) when one cell holds them, type 2
// (5.7) when they are one digit, type 3 (5.7 + 0.1 per extra cell of the
// set) with a naked set, type 4 (5.7) with a locked digit. It reads the
// grid as Sukaku Explainer does.
func findBUG(g *Grid, emit emitFunc) bool {
	geo := g.geo
	n := geo.n
	temp := append([]uint32(nil), g.cands...)
	var bugCells []int
	bugValues := map[int]uint32{}
	var allBug uint32
	var common []uint64 // nil until the first bug cell
	isBug := func(c int) bool {
		for _, b := range bugCells {
			if b == c {
				return true
			}
		}
		return false
	}
	// addCell notes cell c as a bug cell; it returns false when no type 1 to
	// 3 can follow (several cells, several digits, no common peer).
	addCell := func(c int) bool {
		if common == nil {
			common = append([]uint64(nil), geo.peerSet[c]...)
		} else {
			for w := range common {
				common[w] &= geo.peerSet[c][w]
			}
		}
		for _, b := range bugCells {
			common[b/64] &^= 1 << (b % 64)
		}
		empty := true
		for _, w := range common {
			empty = empty && w == 0
		}
		return !(len(bugCells) > 1 && popcount(allBug) > 1 && empty)
	}
	var allExtra []bool
	onlyValue, oneValue := 0, true
	for kind := 0; kind < 3; kind++ {
		for u := kind * n; u < (kind+1)*n; u++ {
			for d := 1; d <= n; d++ {
				pos := g.positions(u, d)
				if card := popcount(pos); card == 0 || card == 2 {
					continue
				}
				var newCells []int
				for k, c := range geo.units[u] {
					if pos&(1<<k) != 0 && popcount(g.cands[c]) >= 3 {
						newCells = append(newCells, c)
					}
				}
				if allExtra == nil {
					allExtra = make([]bool, geo.cells)
					for _, c := range newCells {
						allExtra[c] = true
					}
					onlyValue = d
				} else if oneValue {
					if onlyValue == d {
						for _, c := range newCells {
							allExtra[c] = true
						}
					} else {
						oneValue = false
					}
				}
				if len(newCells) == 1 {
					c := newCells[0]
					if !isBug(c) {
						bugCells = append(bugCells, c)
					}
					bugValues[c] |= 1 << (d - 1)
					allBug |= 1 << (d - 1)
					temp[c] &^= 1 << (d - 1)
					if !addCell(c) {
						return true
					}
				}
				if len(newCells) == 0 {
					return true
				}
			}
		}
	}
	if oneValue && allExtra != nil {
		count := 0
		for _, x := range allExtra {
			count += b2i(x)
		}
		if count > len(bugCells) {
			for c, x := range allExtra {
				if !x || isBug(c) {
					continue
				}
				bugCells = append(bugCells, c)
				bugValues[c] = 1 << (onlyValue - 1)
				temp[c] &^= 1 << (onlyValue - 1)
				if !addCell(c) {
					return true
				}
			}
		}
	}
	for c, m := range temp {
		if g.values[c] == 0 && popcount(m) != 2 {
			return true
		}
	}
	for u := 0; u < 3*n; u++ {
		for d := 1; d <= n; d++ {
			bit := uint32(1) << (d - 1)
			k := 0
			for _, c := range geo.units[u] {
				if temp[c]&bit != 0 {
					k++
				}
			}
			if k != 0 && k != 2 {
				return true
			}
		}
	}
	commonCells := func() []int {
		var out []int
		for c := 0; c < geo.cells; c++ {
			if common != nil && common[c/64]&(1<<(c%64)) != 0 {
				out = append(out, c)
			}
		}
		return out
	}()
	base := func(typ int, r Rating) Step {
		s := Step{Technique: BUG, Name: fmt.Sprintf("BUG type %d", typ), Rating: r, Digits: digitsOf(allBug)}
		for _, c := range bugCells {
			s.Cells = append(s.Cells, geo.cellOf(c))
		}
		return s
	}
	if len(bugCells) == 1 {
		c := bugCells[0]
		s := base(1, 56)
		for _, d := range digitsOf(g.cands[c] &^ allBug) {
			s.Eliminations = append(s.Eliminations, Candidate{geo.cellOf(c), d})
		}
		return emitIf(s, emit)
	}
	if popcount(allBug) == 1 {
		if len(commonCells) > 0 {
			d := lowest(allBug)
			s := base(2, 57)
			for _, c := range commonCells {
				if g.cands[c]&allBug != 0 {
					s.Eliminations = append(s.Eliminations, Candidate{geo.cellOf(c), d})
				}
			}
			if !emitIf(s, emit) {
				return false
			}
		}
		if len(bugCells) == 2 {
			return bugType4(g, bugCells, bugValues, allBug, base, emit)
		}
		return true
	}
	if len(commonCells) == 0 {
		return true
	}
	if len(bugCells) == 2 && !bugType4(g, bugCells, bugValues, allBug, base, emit) {
		return false
	}
	return bugType3(g, bugCells, allBug, commonCells, base, emit)
}

// emitIf emits s when it concludes something.
func emitIf(s Step, emit emitFunc) bool {
	if len(s.Eliminations)+len(s.Placements) == 0 {
		return true
	}
	return emit(s)
}

func bugType3(g *Grid, bugCells []int, allBug uint32, commonCells []int, base func(int, Rating) Step, emit emitFunc) bool {
	geo := g.geo
	var idxBuf [32]int
	for degree := 2; degree <= 6; degree++ {
		for kind := 0; kind < 3; kind++ {
			u := geo.cellUnits[bugCells[0]][kind]
			same := true
			for _, c := range bugCells[1:] {
				same = same && geo.cellUnits[c][kind] == u
			}
			if !same {
				continue
			}
			var regionCells []int
			for _, c := range commonCells {
				if geo.cellUnits[c][kind] == u {
					regionCells = append(regionCells, c)
				}
			}
			if len(regionCells) < degree {
				continue
			}
			masks := make([]uint32, degree)
			ok := combos(degree-1, len(regionCells), func(im uint32) bool {
				idx := members(im, idxBuf[:0])
				var other uint32
				naked := make([]int, len(idx))
				for i, k := range idx {
					naked[i] = regionCells[k]
					masks[i] = g.cands[naked[i]]
					other |= masks[i]
				}
				masks[degree-1] = allBug
				if popcount(other) != degree {
					return true
				}
				set := commonTuple(masks, degree)
				if set == 0 {
					return true
				}
				s := base(3, Rating(57+popcount(set)-1))
				for k, c := range regionCells {
					if im&(1<<k) != 0 {
						continue
					}
					for _, d := range digitsOf(g.cands[c] & set) {
						s.Eliminations = append(s.Eliminations, Candidate{geo.cellOf(c), d})
					}
				}
				s.Units = []sudoku.Unit{geo.unitOf(u)}
				return emitIf(s, emit)
			})
			if !ok {
				return false
			}
		}
	}
	return true
}

func bugType4(g *Grid, bugCells []int, bugValues map[int]uint32, allBug uint32, base func(int, Rating) Step, emit emitFunc) bool {
	geo := g.geo
	c1, c2 := bugCells[0], bugCells[1]
	common := g.cands[c1] & g.cands[c2] &^ allBug
	if popcount(common) != 1 {
		return true
	}
	d := lowest(common)
	for kind := 0; kind < 3; kind++ {
		u := geo.cellUnits[c1][kind]
		if geo.cellUnits[c2][kind] != u {
			continue
		}
		s := base(4, 57)
		for _, c := range []int{c1, c2} {
			for _, x := range digitsOf(g.cands[c] &^ bugValues[c] &^ common) {
				s.Eliminations = append(s.Eliminations, Candidate{geo.cellOf(c), x})
			}
		}
		s.Units = []sudoku.Unit{geo.unitOf(u)}
		s.Digits = []int{d}
		if !emitIf(s, emit) {
			return false
		}
	}
	return true
}
