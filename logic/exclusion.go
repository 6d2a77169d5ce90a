package logic

import "github.com/sudokubot/sudokubot/sudoku"

// exclusionBases returns the cells that can take part in an aligned
// exclusion (two candidates or more, no peer with a single candidate) and,
// for each, its excluders: the peers with 2 to maxCard candidates, ascending.
func exclusionBases(g *Grid, maxCard int) (bases []int, excluders map[int][]int) {
	geo := g.geo
	excluders = map[int][]int{}
	for c := 0; c < geo.cells; c++ {
		if popcount(g.cands[c]) < 2 {
			continue
		}
		single := false
		var ex []int
		for _, p := range geo.peers[c] {
			switch k := popcount(g.cands[p]); {
			case k == 1:
				single = true
			case k >= 2 && k <= maxCard:
				ex = append(ex, p)
			}
		}
		if !single && len(ex) > 0 {
			bases = append(bases, c)
			excluders[c] = ex
		}
	}
	return bases, excluders
}

// intersect returns the cells of a that are in b, in a's order.
func intersect(a, b []int) []int {
	var out []int
	for _, x := range a {
		for _, y := range b {
			if x == y {
				out = append(out, x)
				break
			}
		}
	}
	return out
}

// exclusionStep tests the combinations of candidates of cells against their
// common excluders: a combination is impossible when two cells that see each
// other take the same digit, or when it would leave an excluder without a
// candidate. A candidate in no possible combination goes.
func exclusionStep(g *Grid, cells, common []int) []Candidate {
	geo := g.geo
	k := len(cells)
	cands := make([][]int, k)
	for i, c := range cells {
		cands[i] = digitsOf(g.cands[c])
	}
	allowed := make([]uint32, k) // digits seen in an allowed combination
	combo := make([]int, k)
	var walk func(i int)
	walk = func(i int) {
		if i < k {
			for _, d := range cands[i] {
				combo[i] = d
				walk(i + 1)
			}
			return
		}
		for a := 0; a < k; a++ {
			for b := a + 1; b < k; b++ {
				if combo[a] == combo[b] && geo.sees(cells[a], cells[b]) {
					return
				}
			}
		}
		var m uint32
		for _, d := range combo {
			m |= 1 << (d - 1)
		}
		for _, e := range common {
			if g.cands[e]&^m == 0 {
				return
			}
		}
		for a, d := range combo {
			allowed[a] |= 1 << (d - 1)
		}
	}
	walk(0)
	var elim []Candidate
	for i, c := range cells {
		for _, d := range digitsOf(g.cands[c] &^ allowed[i]) {
			elim = append(elim, Candidate{geo.cellOf(c), d})
		}
	}
	return elim
}

// findAlignedPairExclusion finds Aligned Pair Exclusions (6.2), trying pairs
// of base cells in Sukaku Explainer's order with their common bivalue
// excluders.
func findAlignedPairExclusion(g *Grid, emit emitFunc) bool {
	bases, excl := exclusionBases(g, 2)
	for n2 := 1; n2 < len(bases); n2++ {
		for n1 := 0; n1 < n2; n1++ {
			c0, c1 := bases[n1], bases[n2]
			common := intersect(excl[c0], excl[c1])
			if len(common) < 2 {
				continue
			}
			elim := exclusionStep(g, []int{c0, c1}, common)
			if len(elim) == 0 {
				continue
			}
			s := Step{
				Technique:    AlignedPairExclusion,
				Name:         "Aligned Pair Exclusion",
				Rating:       62,
				Cells:        []sudoku.Cell{g.geo.cellOf(c0), g.geo.cellOf(c1)},
				Eliminations: elim,
			}
			if !emit(s) {
				return false
			}
		}
	}
	return true
}

// findAlignedTripleExclusion finds Aligned Triplet Exclusions (7.5): two base
// cells, and a third among the bases that are excluders of either.
func findAlignedTripleExclusion(sr *search, emit emitFunc) bool {
	g := sr.g
	bases, excl := exclusionBases(g, 3)
	isBase := map[int]bool{}
	for _, b := range bases {
		isBase[b] = true
	}
	if len(bases) < 3 {
		return true
	}
	for n2 := 1; n2 < len(bases); n2++ {
		if sr.expired() {
			return false
		}
		for n1 := 0; n1 < n2; n1++ {
			c0, c1 := bases[n1], bases[n2]
			var twin []int
			seen := map[int]bool{c0: true, c1: true}
			for _, list := range [][]int{excl[c0], excl[c1]} {
				for _, c := range list {
					if !seen[c] && isBase[c] {
						seen[c] = true
						twin = append(twin, c)
					}
				}
			}
			for _, c2 := range twin {
				common := intersect(intersect(excl[c0], excl[c1]), excl[c2])
				if len(common) < 2 {
					continue
				}
				cells := []int{c0, c1, c2}
				elim := exclusionStep(g, cells, common)
				if len(elim) == 0 {
					continue
				}
				s := Step{
					Technique:    AlignedTripleExclusion,
					Name:         "Aligned Triplet Exclusion",
					Rating:       75,
					Cells:        []sudoku.Cell{g.geo.cellOf(c0), g.geo.cellOf(c1), g.geo.cellOf(c2)},
					Eliminations: elim,
				}
				if !emit(s) {
					return false
				}
			}
		}
	}
	return true
}
