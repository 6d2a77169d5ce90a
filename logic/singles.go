package logic

import "github.com/sudokubot/sudokubot/sudoku"

// emitFunc receives each step a technique finds; it returns false to stop
// the search.
type emitFunc func(Step) bool

// The order in which Sukaku Explainer scans unit kinds for singles and sets:
// boxes, then columns, then rows.
var singleKinds = [3]int{kindBox, kindCol, kindRow}

// findHiddenSingles finds full houses (a unit with one empty cell, 1.0)
// first, then hidden singles (a digit with one place in a unit: 1.2 in a
// box, 1.5 in a row or column), scanning boxes, columns and rows.
func findHiddenSingles(g *Grid, emit emitFunc) bool {
	geo := g.geo
	for pass := 0; pass < 2; pass++ {
		alone := pass == 0
		for _, kind := range singleKinds {
			for u := kind * geo.n; u < (kind+1)*geo.n; u++ {
				isAlone := g.emptyCount(u) == 1
				if isAlone != alone {
					continue
				}
				for d := 1; d <= geo.n; d++ {
					pos := g.positions(u, d)
					if popcount(pos) != 1 {
						continue
					}
					cell := geo.units[u][lowest(pos)-1]
					s := Step{
						Technique:  HiddenSingle,
						Name:       "Hidden Single",
						Rating:     15,
						Cells:      []sudoku.Cell{geo.cellOf(cell)},
						Units:      []sudoku.Unit{geo.unitOf(u)},
						Digits:     []int{d},
						Placements: []Candidate{{geo.cellOf(cell), d}},
					}
					switch {
					case isAlone:
						s.Technique, s.Name, s.Rating = FullHouse, "Full House", 10
					case kind == kindBox:
						s.Rating = 12
					}
					if !emit(s) {
						return false
					}
				}
			}
		}
	}
	return true
}

// findNakedSingles finds cells with one candidate (2.3), in reading order.
func findNakedSingles(g *Grid, emit emitFunc) bool {
	geo := g.geo
	for i, m := range g.cands {
		if g.values[i] != 0 || popcount(m) != 1 {
			continue
		}
		d := lowest(m)
		s := Step{
			Technique:  NakedSingle,
			Name:       "Naked Single",
			Rating:     23,
			Cells:      []sudoku.Cell{geo.cellOf(i)},
			Digits:     []int{d},
			Placements: []Candidate{{geo.cellOf(i), d}},
		}
		if !emit(s) {
			return false
		}
	}
	return true
}
