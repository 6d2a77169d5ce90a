package logic

import "github.com/sudokubot/sudokubot/sudoku"

// The unit pairs of intersections, in Sukaku Explainer's order: a digit of
// a box locked in a column, in a row (pointing); a digit of a column, of a row
// locked in a box (claiming).
var lockingPairs = [4][2]int{{kindBox, kindCol}, {kindBox, kindRow}, {kindCol, kindBox}, {kindRow, kindBox}}

// crosses reports whether units u1 and u2 (of different kinds) share cells.
func (geo *geom) crosses(u1, u2 int) bool { return geo.inter[u1][u2] != 0 }

// findLocking finds pointing (a box's digit confined to one line: 2.6) and
// claiming (a line's digit confined to one box: 2.8). With direct set, it
// finds instead the intersections that leave a hidden single in a unit of the
// first kind (Direct Pointing 1.7, Direct Claiming 1.9): such a step places
// that single as well as making the eliminations.
func findLocking(g *Grid, direct bool, emit emitFunc) bool {
	geo := g.geo
	n := geo.n
	for _, kinds := range lockingPairs {
		for d := 1; d <= n; d++ {
			for u1 := kinds[0] * n; u1 < (kinds[0]+1)*n; u1++ {
				pos := g.positions(u1, d)
				if popcount(pos) < 2 {
					continue
				}
				for u2 := kinds[1] * n; u2 < (kinds[1]+1)*n; u2++ {
					if in := geo.inter[u1][u2]; in == 0 || pos&^in != 0 {
						continue
					}
					if !direct {
						if g.positions(u2, d)&^geo.inter[u2][u1] == 0 {
							continue // nothing to eliminate
						}
						s, ok := lockingStep(g, u1, u2, d, -1)
						if ok && !emit(s) {
							return false
						}
						continue
					}
					// A unit of the first kind crossing u2 whose digit has
					// several places, all but one inside u2.
					for u3 := kinds[0] * n; u3 < (kinds[0]+1)*n; u3++ {
						if u3 == u1 || !geo.crosses(u3, u2) {
							continue
						}
						pos3 := g.positions(u3, d)
						if popcount(pos3) <= 1 {
							continue
						}
						rest := pos3 &^ geo.inter[u3][u2]
						if popcount(rest) == 1 {
							hcell := geo.units[u3][lowest(rest)-1]
							s, _ := lockingStep(g, u1, u2, d, hcell)
							if !emit(s) {
								return false
							}
						}
					}
				}
			}
		}
	}
	return true
}

// lockingStep builds the step for digit d of unit u1 locked in unit u2;
// hcell >= 0 makes it a direct step placing d there. ok is false when
// nothing would be eliminated.
func lockingStep(g *Grid, u1, u2, d, hcell int) (Step, bool) {
	geo := g.geo
	bit := uint32(1) << (d - 1)
	var cells []sudoku.Cell
	var elim []Candidate
	for _, c := range geo.units[u2] {
		if g.cands[c]&bit == 0 {
			continue
		}
		if geo.inUnit(c, u1) {
			cells = append(cells, geo.cellOf(c))
		} else {
			elim = append(elim, Candidate{geo.cellOf(c), d})
		}
	}
	pointing := u1/geo.n == kindBox
	s := Step{
		Cells:        cells,
		Units:        []sudoku.Unit{geo.unitOf(u1), geo.unitOf(u2)},
		Digits:       []int{d},
		Eliminations: elim,
	}
	switch {
	case hcell >= 0 && pointing:
		s.Technique, s.Name, s.Rating = DirectPointing, "Direct Pointing", 17
	case hcell >= 0:
		s.Technique, s.Name, s.Rating = DirectClaiming, "Direct Claiming", 19
	case pointing:
		s.Technique, s.Name, s.Rating = Pointing, "Pointing", 26
	default:
		s.Technique, s.Name, s.Rating = Claiming, "Claiming", 28
	}
	if hcell >= 0 {
		// Like Sukaku Explainer, a direct step only places its single.
		s.Placements = []Candidate{{geo.cellOf(hcell), d}}
		s.Eliminations = nil
	}
	return s, len(elim) > 0 || hcell >= 0
}
