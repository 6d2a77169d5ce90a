package logic

import (
	"fmt"
	"sort"

	"github.com/sudokubot/sudokubot/sudoku"
)

// A unique loop (a unique rectangle when it has four cells) is a loop of
// cells holding the same two candidates, each unit of the loop holding two
// of its cells. If every cell kept only those two, the puzzle would have two
// solutions; so in a puzzle with one solution the extra candidates of the
// loop cannot all go, which yields types 1 to 4.

// ulHint is a unique loop step before sorting, with what tells equal hints
// apart as Sukaku Explainer does.
type ulHint struct {
	step  Step
	typ   int    // 1 to 4
	kind  string // "1", "2", "3n", "3h", "4"
	loop  []int
	extra string // region, values and cells of a type 3
}

func (h *ulHint) same(o *ulHint) bool {
	if h.kind != o.kind || len(h.loop) != len(o.loop) || h.extra != o.extra {
		return false
	}
	for _, c := range o.loop {
		found := false
		for _, d := range h.loop {
			found = found || c == d
		}
		if !found {
			return false
		}
	}
	return true
}

// findUniqueLoops finds unique rectangles and loops of types 1 to 4 (4.5 for a
// rectangle, 4.6 for a loop of 6, 4.7 of 8, 5.0 of 10 or more, plus 0.1 per
// extra cell of the naked or hidden set of a type 3). Like Sukaku Explainer it
// collects them all and gives the easiest first, then the lowest type.
func findUniqueLoops(g *Grid, emit emitFunc) bool {
	geo := g.geo
	var hints []*ulHint
	add := func(h *ulHint) {
		if len(h.step.Eliminations) == 0 {
			return
		}
		for _, o := range hints {
			if o.same(h) {
				return
			}
		}
		hints = append(hints, h)
	}
	for i := 0; i < geo.cells; i++ {
		if popcount(g.cands[i]) != 2 {
			continue
		}
		pair := g.cands[i]
		for _, loop := range findLoops(g, i, pair) {
			if !validLoop(geo, loop) {
				continue
			}
			var extra []int
			for _, c := range loop {
				if popcount(g.cands[c]) > 2 {
					extra = append(extra, c)
				}
			}
			switch {
			case len(extra) == 1:
				add(ulType1(g, loop, pair, extra[0]))
			case len(extra) > 2:
				add(ulType2(g, loop, pair, extra))
			case len(extra) == 2:
				rest := (g.cands[extra[0]] | g.cands[extra[1]]) &^ pair
				if popcount(rest) == 1 {
					add(ulType2(g, loop, pair, extra))
				} else if popcount(rest) >= 2 {
					for _, h := range ulType3(g, loop, pair, extra[0], extra[1]) {
						add(h)
					}
				}
				if h := ulType4(g, loop, pair, extra[0], extra[1]); h != nil {
					add(h)
				}
			}
		}
	}
	sort.SliceStable(hints, func(a, b int) bool {
		if hints[a].step.Rating != hints[b].step.Rating {
			return hints[a].step.Rating < hints[b].step.Rating
		}
		return hints[a].typ < hints[b].typ
	})
	for _, h := range hints {
		if !emit(h.step) {
			return false
		}
	}
	return true
}

// findLoops returns the candidate loops through cell start on the two
// candidates pair, as Sukaku Explainer's depth-first search finds them: each
// step moves through a unit of another kind than the last, to a cell holding
// both candidates; at most two cells may hold other candidates, or more when
// they all hold one and the same extra candidate.
func findLoops(g *Grid, start int, pair uint32) [][]int {
	geo := g.geo
	var loops [][]int
	loop := make([]int, 0, 16)
	inLoop := make([]bool, geo.cells)
	var dfs func(cell, allowedEx int, exValues uint32, lastKind int)
	dfs = func(cell, allowedEx int, exValues uint32, lastKind int) {
		loop = append(loop, cell)
		inLoop[cell] = true
		for kind := 0; kind < 3; kind++ {
			if kind == lastKind {
				continue
			}
			for _, next := range geo.units[geo.cellUnits[cell][kind]] {
				if next == loop[0] && len(loop) >= 4 {
					loops = append(loops, append([]int(nil), loop...))
					continue
				}
				if inLoop[next] {
					continue
				}
				p := g.cands[next]
				if p&pair != pair {
					continue
				}
				newEx := (exValues | p) &^ pair
				card := popcount(p)
				if card == 2 || popcount(newEx) == 1 || allowedEx > 0 {
					na := allowedEx
					if card > 2 {
						na--
					}
					dfs(next, na, newEx, kind)
				}
			}
		}
		loop = loop[:len(loop)-1]
		inLoop[cell] = false
	}
	dfs(start, 2, 0, -1)
	return loops
}

// validLoop reports whether every unit visited by the loop is visited by
// exactly two of its cells, one at an even and one at an odd position.
func validLoop(geo *geom, loop []int) bool {
	var seen [2][]bool
	seen[0], seen[1] = make([]bool, 3*geo.n), make([]bool, 3*geo.n)
	for i, c := range loop {
		for _, u := range geo.cellUnits[c] {
			if seen[i%2][u] {
				return false
			}
			seen[i%2][u] = true
		}
	}
	for u := range seen[0] {
		if seen[0][u] != seen[1][u] {
			return false
		}
	}
	return true
}

// ulStep builds the common part of a unique loop step.
func ulStep(g *Grid, loop []int, pair uint32, typ int, bonus Rating) Step {
	geo := g.geo
	r := Rating(45)
	switch {
	case len(loop) >= 10:
		r += 5
	case len(loop) >= 8:
		r += 2
	case len(loop) >= 6:
		r++
	}
	name := fmt.Sprintf("Unique Rectangle type %d", typ)
	if len(loop) > 4 {
		name = fmt.Sprintf("Unique Loop %d type %d", len(loop), typ)
	}
	cells := make([]sudoku.Cell, len(loop))
	for i, c := range loop {
		cells[i] = geo.cellOf(c)
	}
	return Step{Technique: UniqueRectangle, Name: name, Rating: r + bonus, Cells: cells, Digits: digitsOf(pair)}
}

func ulType1(g *Grid, loop []int, pair uint32, rescue int) *ulHint {
	s := ulStep(g, loop, pair, 1, 0)
	for _, d := range digitsOf(pair) {
		s.Eliminations = append(s.Eliminations, Candidate{g.geo.cellOf(rescue), d})
	}
	return &ulHint{step: s, typ: 1, kind: "1", loop: loop}
}

func ulType2(g *Grid, loop []int, pair uint32, extra []int) *ulHint {
	geo := g.geo
	d := lowest(g.cands[extra[0]] &^ pair)
	victims := commonPeers(geo, extra...)
	s := ulStep(g, loop, pair, 2, 0)
	bit := uint32(1) << (d - 1)
	for c := 0; c < geo.cells; c++ {
		if victims[c/64]&(1<<(c%64)) != 0 && g.cands[c]&bit != 0 {
			s.Eliminations = append(s.Eliminations, Candidate{geo.cellOf(c), d})
		}
	}
	return &ulHint{step: s, typ: 2, kind: "2", loop: loop}
}

// ulType3 finds the type 3 hints of a loop whose two extra cells c1 and c2
// hold several extra candidates: with other cells of a unit they share, the
// extra candidates form a naked set, or the loop's digits with others form a
// hidden set.
func ulType3(g *Grid, loop []int, pair uint32, c1, c2 int) []*ulHint {
	geo := g.geo
	var out []*ulHint
	extra := (g.cands[c1] | g.cands[c2]) &^ pair
	var idxBuf [16]int
	for degree := 2; degree <= 7; degree++ {
		for kind := 0; kind < 3; kind++ {
			u := geo.cellUnits[c1][kind]
			if geo.cellUnits[c2][kind] != u {
				continue
			}
			empty := g.emptyCount(u)
			i1, i2 := geo.posInUnit[c1][kind], geo.posInUnit[c2][kind]
			cells := geo.units[u]
			if degree*2 <= empty && degree >= popcount(extra) {
				masks := make([]uint32, degree)
				combos(degree, geo.n, func(im uint32) bool {
					if im&(1<<i1) == 0 || im&(1<<i2) != 0 {
						return true
					}
					idx := members(im, idxBuf[:0])
					naked := extra & g.cands[c1] & g.cands[c2]
					for i, k := range idx {
						if k == i1 {
							masks[i] = extra
							continue
						}
						masks[i] = g.cands[cells[k]]
						naked |= masks[i]
					}
					if popcount(naked) != degree {
						return true
					}
					common := commonTuple(masks, degree)
					if common == 0 {
						return true
					}
					s := ulStep(g, loop, pair, 3, Rating(popcount(common)-1))
					for k, c := range cells {
						if im&(1<<k) != 0 || c == c2 {
							continue
						}
						for _, d := range digitsOf(g.cands[c] & common) {
							s.Eliminations = append(s.Eliminations, Candidate{geo.cellOf(c), d})
						}
					}
					s.Units = []sudoku.Unit{geo.unitOf(u)}
					out = append(out, &ulHint{step: s, typ: 3, kind: "3n", loop: loop,
						extra: fmt.Sprint(u, common, im&^(1<<i1))})
					return true
				})
			}
			if degree*2 < empty {
				var rem []int
				for d := 1; d <= geo.n; d++ {
					if (pair|extra)&(1<<(d-1)) == 0 {
						rem = append(rem, d)
					}
				}
				if degree-2 > len(rem) {
					continue
				}
				try := func(vm uint32) {
					values := make([]int, 0, degree)
					for _, k := range members(vm, idxBuf[:0]) {
						values = append(values, rem[k])
					}
					values = append(values, digitsOf(pair)...)
					var union uint32
					for _, d := range values {
						p := g.positions(u, d) &^ (1 << i2)
						if p == 0 {
							return
						}
						union |= p
					}
					if popcount(union) != degree {
						return
					}
					var hidden uint32
					for _, d := range values {
						hidden |= 1 << (d - 1)
					}
					idx := union &^ (1<<i1 | 1<<i2)
					s := ulStep(g, loop, pair, 3, Rating(popcount(idx)-1))
					for k, c := range cells {
						if idx&(1<<k) == 0 {
							continue
						}
						for _, d := range digitsOf(g.cands[c] &^ hidden) {
							s.Eliminations = append(s.Eliminations, Candidate{geo.cellOf(c), d})
						}
					}
					s.Units = []sudoku.Unit{geo.unitOf(u)}
					out = append(out, &ulHint{step: s, typ: 3, kind: "3h", loop: loop,
						extra: fmt.Sprint(u, hidden, idx)})
				}
				if degree == 2 {
					if len(rem) > 0 {
						try(0)
					}
					continue
				}
				combos(degree-2, len(rem), func(vm uint32) bool { try(vm); return true })
			}
		}
	}
	return out
}

// ulType4 finds a type 4: in a unit shared by the two extra cells, one of the
// loop's digits has no other place, so the other digit goes from both.
func ulType4(g *Grid, loop []int, pair uint32, c1, c2 int) *ulHint {
	geo := g.geo
	ds := digitsOf(pair)
	r1, r2 := -1, -1
	for kind := 0; kind < 3; kind++ {
		u := geo.cellUnits[c1][kind]
		if geo.cellUnits[c2][kind] != u {
			continue
		}
		has1, has2 := false, false
		for _, c := range geo.units[u] {
			if c == c1 || c == c2 {
				continue
			}
			has1 = has1 || g.cands[c]&(1<<(ds[0]-1)) != 0
			has2 = has2 || g.cands[c]&(1<<(ds[1]-1)) != 0
		}
		if !has1 {
			r1 = u
		}
		if !has2 {
			r2 = u
		}
	}
	u, rem := r1, ds[1]
	if r1 < 0 {
		u, rem = r2, ds[0]
	}
	if u < 0 {
		return nil
	}
	s := ulStep(g, loop, pair, 4, 0)
	s.Units = []sudoku.Unit{geo.unitOf(u)}
	s.Eliminations = []Candidate{{geo.cellOf(c1), rem}, {geo.cellOf(c2), rem}}
	return &ulHint{step: s, typ: 4, kind: "4", loop: loop}
}
