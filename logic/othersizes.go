package logic

import (
	"math/bits"
	"sort"

	"github.com/sudokubot/sudokubot/sudoku"
)

// Techniques beyond fish on the shapes other than 9×9, where SE defines no
// order to match: Turbot Fish with plain strong links, and forcing chains
// (X-Chains, then chains of both link kinds: XY-Chains, W-Wings and other
// alternating inference chains), rated with SE's numbers. XY- and XYZ-Wings
// are the 9×9 code, which reads any shape.

// findTurbotFishN finds Skyscrapers, Two-string Kites and Turbot Cranes on
// any shape: two strong links on a digit (its only two places in a unit)
// whose near ends see each other, so that a cell seeing both far ends cannot
// hold it. The easiest first, then the one with most eliminations.
func findTurbotFishN(g *Grid, emit emitFunc) bool {
	geo := g.geo
	n := geo.n
	var hints []turbotHint
	link := func(u, d int) (end, end, bool) {
		pos := g.positions(u, d)
		if popcount(pos) != 2 {
			return end{}, end{}, false
		}
		return end{c: nth(geo, u, pos, 0), s1: -1, s2: -1}, end{c: nth(geo, u, pos, 1), s1: -1, s2: -1}, true
	}
	for _, set := range turbotSets {
		base, cover := set[0], set[1]
		for d := 1; d <= n; d++ {
			for i1 := 0; i1 < n; i1++ {
				bu := base*n + i1
				b0, b1, ok := link(bu, d)
				if !ok {
					continue
				}
				start2 := 0
				if base == cover {
					start2 = i1 + 1
				}
				for i2 := start2; i2 < n; i2++ {
					cu := cover*n + i2
					c0, c1, ok := link(cu, d)
					if !ok || b0.c == c0.c || b0.c == c1.c || b1.c == c0.c || b1.c == c1.c {
						continue
					}
					bv, cv := [2]end{b0, b1}, [2]end{c0, c1}
					for i := 0; i < 2; i++ {
						for j := 0; j < 2; j++ {
							share := -1
							for _, kind := range [3]int{kindCol, kindRow, kindBox} {
								if u := geo.cellUnits[bv[1-i].c][kind]; u == geo.cellUnits[cv[j].c][kind] {
									share = u
									break
								}
							}
							if share < 0 || share == bu || share == cu {
								continue
							}
							if h, ok := turbotStep(g, d, bv[i], bv[1-i], cv[j], cv[1-j], bu, cu, share, false, false); ok {
								h.sequence = len(hints)
								hints = append(hints, h)
							}
						}
					}
				}
			}
		}
	}
	sort.SliceStable(hints, func(a, b int) bool {
		ha, hb := hints[a], hints[b]
		if ha.step.Rating != hb.step.Rating {
			return ha.step.Rating < hb.step.Rating
		}
		return ha.elims > hb.elims
	})
	for _, h := range hints {
		if !emit(h.step) {
			return false
		}
	}
	return true
}

// nchain is the breadth-first search of the forcing chains of any shape,
// over nodes pot<<1 | on (pot = cell*n + digit-1).
type nchain struct {
	g      *Grid
	seen   []uint32
	gen    uint32
	parent []int32
	depth  []int32
	cur    []int32
	next   []int32
	buf    []int32
}

func (b *nchain) start(size int) {
	if len(b.seen) < size {
		b.seen = make([]uint32, size)
		b.parent = make([]int32, size)
		b.depth = make([]int32, size)
		b.gen = 0
	}
	b.gen++
	if b.gen == 0 {
		clear(b.seen)
		b.gen = 1
	}
}

func (b *nchain) visit(k, parent, depth int) bool {
	if b.seen[k] == b.gen {
		return false
	}
	b.seen[k], b.parent[k], b.depth[k] = b.gen, int32(parent), int32(depth)
	return true
}

// offsOf lists the candidates that go off when pot is on: the cell's others
// (with y), the digit's other places in the cell's units.
func (b *nchain) offsOf(pot int, y bool) []int32 {
	g := b.g
	geo := g.geo
	n := geo.n
	cell, d := pot/n, pot%n
	out := b.buf[:0]
	if y {
		for m := g.cands[cell] &^ (1 << d); m != 0; m &= m - 1 {
			out = append(out, int32(cell*n+bits.TrailingZeros32(m)))
		}
	}
	for _, p := range geo.peers[cell] {
		if g.cands[p]&(1<<d) != 0 {
			out = append(out, int32(p*n+d))
		}
	}
	b.buf = out
	return out
}

// onsOf lists the candidates that go on when pot is off: the cell's other
// candidate when it has two (with y), the digit's other place in a unit where
// it has two.
func (b *nchain) onsOf(pot int, y bool) []int32 {
	g := b.g
	geo := g.geo
	n := geo.n
	cell, d := pot/n, pot%n
	out := b.buf[:0]
	if m := g.cands[cell]; y && popcount(m) == 2 {
		out = append(out, int32(cell*n+bits.TrailingZeros32(m&^(1<<d))))
	}
	for kind := 0; kind < 3; kind++ {
		u := geo.cellUnits[cell][kind]
		pos := g.positions(u, d+1) &^ (1 << geo.posInUnit[cell][kind])
		if pos == 0 || pos&(pos-1) != 0 {
			continue
		}
		q := int32(geo.units[u][bits.TrailingZeros32(pos)]*n + d)
		dup := false
		for _, o := range out {
			dup = dup || o == q
		}
		if !dup {
			out = append(out, q)
		}
	}
	b.buf = out
	return out
}

// findChainsN finds the forcing chains of any shape, as SE's "Forcing
// Chains & Cycles" rule finds its forcing chains (without the cycles): from
// each candidate assumed on, a chain of implications that turns it off (it
// goes), or assumed off, one that turns it on (it is placed). Chains of one
// digit (X-Chains, 6.6) are tried first, then chains using both kinds of
// link (7.0); the rating grows with the length as SE's does. It gives the
// easiest, shortest first.
func findChainsN(sr *search, emit emitFunc) bool {
	g := sr.g
	geo := g.geo
	n := geo.n
	b := &nchain{g: g}
	type found struct {
		rating Rating
		k      int
		path   []int32 // keys from the assumption to its opposite
		y      bool
	}
	var best *found
	for _, y := range [2]bool{false, true} {
		base := 6.6
		if y {
			base = 7.0
		}
		// The longest chain (in nodes) that could still beat the best.
		limit := func() int {
			if best == nil {
				return 1 << 30
			}
			lim := 0
			for k := 2; ; k++ {
				r := tenths(base + lengthAdded(k))
				if r > best.rating || r == best.rating && k >= best.k {
					return lim
				}
				lim = k
			}
		}
		for cell := 0; cell < geo.cells; cell++ {
			if popcount(g.cands[cell]) < 2 {
				continue
			}
			if sr.expired() {
				return false
			}
			for m := g.cands[cell]; m != 0; m &= m - 1 {
				src := cell*n + bits.TrailingZeros32(m)
				for _, on := range [2]bool{true, false} {
					lim := limit()
					if lim < 4 {
						continue
					}
					if path := b.chainFrom(src, on, y, lim); path != nil {
						k := len(path)
						r := tenths(base + lengthAdded(k))
						if best == nil || r < best.rating || r == best.rating && k < best.k {
							best = &found{rating: r, k: k, path: path, y: y}
						}
					}
				}
			}
		}
		if best != nil {
			break // X-Chains come first, as in SE
		}
	}
	if best == nil {
		return true
	}
	return emit(chainStepN(g, best.path, best.y, best.rating))
}

// chainFrom searches, breadth first up to length limit (nodes), for the
// implications that turn src (assumed on, or off) to its opposite; it
// returns the keys of the shortest such chain, or nil.
func (b *nchain) chainFrom(src int, on bool, y bool, limit int) []int32 {
	n := b.g.geo.n
	b.start(2 * b.g.geo.cells * n)
	root := src<<1 | b2i(on)
	b.visit(root, -1, 0)
	b.cur = append(b.cur[:0], int32(src))
	state := on // the state of the nodes in b.cur
	for depth := 0; len(b.cur) > 0 && depth+2 <= limit; depth++ {
		b.next = b.next[:0]
		for _, p := range b.cur {
			pk := int(p)<<1 | b2i(state)
			var outs []int32
			if state {
				outs = b.offsOf(int(p), y)
			} else {
				outs = b.onsOf(int(p), y)
			}
			for _, q := range outs {
				qk := int(q)<<1 | b2i(!state)
				if int(q) == src && state == on {
					// The opposite of the assumption: the chain is complete.
					path := []int32{int32(qk)}
					for k := pk; k >= 0; k = int(b.parent[k]) {
						path = append(path, int32(k))
					}
					for i, j := 0, len(path)-1; i < j; i, j = i+1, j-1 {
						path[i], path[j] = path[j], path[i]
					}
					return path
				}
				if b.visit(qk, pk, depth+1) {
					b.next = append(b.next, q)
				}
			}
		}
		b.cur, b.next = b.next, b.cur
		state = !state
	}
	return nil
}

// chainStepN turns a chain (keys from the assumption to its opposite) into
// a step.
func chainStepN(g *Grid, path []int32, y bool, r Rating) Step {
	geo := g.geo
	n := geo.n
	node := func(k int32) Node {
		pot := int(k >> 1)
		return Node{Candidate: Candidate{geo.cellOf(pot / n), pot%n + 1}, On: k&1 != 0}
	}
	s := Step{Technique: ForcingXChain, Name: "Forcing X-Chain", Rating: r}
	if y {
		s.Technique, s.Name = ForcingChain, "Forcing Chain"
	}
	first, last := node(path[0]), node(path[len(path)-1])
	if last.On {
		s.Placements = []Candidate{last.Candidate}
		cell := int(path[0]>>1) / n
		for m := g.cands[cell] &^ (1 << (last.Digit - 1)); m != 0; m &= m - 1 {
			s.Eliminations = append(s.Eliminations, Candidate{last.Cell, bits.TrailingZeros32(m) + 1})
		}
	} else {
		s.Eliminations = []Candidate{last.Candidate}
	}
	s.Cells = []sudoku.Cell{first.Cell}
	s.Digits = []int{first.Digit}
	seen := map[sudoku.Cell]bool{first.Cell: true}
	for i := 1; i < len(path); i++ {
		from, to := node(path[i-1]), node(path[i])
		s.Chain = append(s.Chain, Link{From: from, To: to})
		if !seen[to.Cell] {
			seen[to.Cell] = true
			s.Cells = append(s.Cells, to.Cell)
		}
	}
	return s
}
