package logic

import "github.com/sudokubot/sudokubot/sudoku"

// findXYWing finds XY-Wings (4.2): a pivot with candidates xy seeing pincers
// xz and yz, so that z goes from every cell seeing both pincers; with xyz
// set, XYZ-Wings (4.4): a pivot xyz, and z goes from cells seeing all three.
func findXYWing(g *Grid, xyz bool, emit emitFunc) bool {
	geo := g.geo
	target := 2
	if xyz {
		target = 3
	}
	for i := 0; i < geo.cells; i++ {
		xy := g.cands[i]
		if popcount(xy) != target {
			continue
		}
		for _, xzc := range geo.peers[i] {
			xz := g.cands[xzc]
			if popcount(xz) != 2 || popcount(xy&^xz) != 1 {
				continue
			}
			for _, yzc := range geo.peers[i] {
				yz := g.cands[yzc]
				if popcount(yz) != 2 || popcount(xy|xz|yz) != 3 {
					continue
				}
				inter := xy & xz & yz
				if !xyz && inter != 0 || xyz && popcount(inter) != 1 {
					continue
				}
				z := lowest(xz & yz)
				cells := []int{xzc, yzc}
				if xyz {
					cells = append(cells, i)
				}
				victims := commonPeers(geo, cells...)
				bit := uint32(1) << (z - 1)
				var elim []Candidate
				for c := 0; c < geo.cells; c++ {
					if c != i && victims[c/64]&(1<<(c%64)) != 0 && g.cands[c]&bit != 0 {
						elim = append(elim, Candidate{geo.cellOf(c), z})
					}
				}
				if len(elim) == 0 {
					continue
				}
				s := Step{
					Technique:    XYWing,
					Name:         "XY-Wing",
					Rating:       42,
					Cells:        []sudoku.Cell{geo.cellOf(i), geo.cellOf(xzc), geo.cellOf(yzc)},
					Digits:       digitsOf(xy | xz | yz),
					Eliminations: elim,
				}
				if xyz {
					s.Technique, s.Name, s.Rating = XYZWing, "XYZ-Wing", 44
				}
				if !emit(s) {
					return false
				}
			}
		}
	}
	return true
}

// digitsOf returns the digits of a mask, ascending.
func digitsOf(m uint32) []int {
	var out []int
	for m != 0 {
		d := lowest(m)
		out = append(out, d)
		m &^= 1 << (d - 1)
	}
	return out
}
