package logic

import "github.com/sudokubot/sudokubot/sudoku"

var (
	fishNames  = [5]string{2: "X-Wing", 3: "Swordfish", 4: "Jellyfish"}
	fishTechs  = [5]Technique{2: XWing, 3: Swordfish, 4: Jellyfish}
	fishRating = [5]Rating{2: 32, 3: 38, 4: 52}
)

// findFish finds basic fish of the given degree (X-Wing 2, Swordfish 3,
// Jellyfish 4): a digit whose places in degree base lines (columns first,
// then rows) lie in degree cover lines, from whose other cells it goes.
func findFish(g *Grid, degree int, emit emitFunc) bool {
	geo := g.geo
	n := geo.n
	var placed [32]int
	for d := 1; d <= n; d++ {
		placed[d] = g.placedCount(d)
	}
	var baseBuf [32]int
	masks := make([]uint32, degree)
	for _, kinds := range [2][2]int{{kindCol, kindRow}, {kindRow, kindCol}} {
		baseKind, coverKind := kinds[0], kinds[1]
		// valid[d]: the base lines where d has 2 to degree places.
		var valid [32]uint32
		var any uint32
		for d := 1; d <= n; d++ {
			for b := 0; b < n; b++ {
				if k := popcount(g.positions(baseKind*n+b, d)); k >= 2 && k <= degree {
					valid[d] |= 1 << b
				}
			}
			if placed[d]+degree*2 <= n {
				any |= valid[d]
			}
		}
		ok := combosOf(degree, any, func(bm uint32) bool {
			bases := members(bm, baseBuf[:0])
			for d := 1; d <= n; d++ {
				if placed[d]+degree*2 > n || bm&^valid[d] != 0 {
					continue
				}
				for i, b := range bases {
					masks[i] = g.positions(baseKind*n+b, d)
				}
				common := commonTuple(masks, degree)
				if common == 0 {
					continue
				}
				if s, ok := fishStep(g, degree, baseKind, coverKind, bm, common, d); ok && !emit(s) {
					return false
				}
			}
			return true
		})
		if !ok {
			return false
		}
	}
	return true
}

// fishStep builds the fish step for digit d with base lines bm (of baseKind)
// and cover lines cm; ok is false when nothing would be eliminated.
func fishStep(g *Grid, degree, baseKind, coverKind int, bm, cm uint32, d int) (Step, bool) {
	geo := g.geo
	n := geo.n
	bit := uint32(1) << (d - 1)
	var units []sudoku.Unit
	bases, covers := members(bm, nil), members(cm, nil)
	for i := range bases {
		units = append(units, geo.unitOf(baseKind*n+bases[i]), geo.unitOf(coverKind*n+covers[i]))
	}
	var cells []sudoku.Cell
	var elim []Candidate
	for _, cv := range covers {
		for k, c := range geo.units[coverKind*n+cv] {
			if g.cands[c]&bit == 0 {
				continue
			}
			if bm&(1<<k) != 0 {
				cells = append(cells, geo.cellOf(c))
			} else {
				elim = append(elim, Candidate{geo.cellOf(c), d})
			}
		}
	}
	return Step{
		Technique:    fishTechs[degree],
		Name:         fishNames[degree],
		Rating:       fishRating[degree],
		Cells:        cells,
		Units:        units,
		Digits:       []int{d},
		Eliminations: elim,
	}, len(elim) > 0
}
