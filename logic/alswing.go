package logic

import (
	"fmt"
	"math/bits"
	"sort"
)

// forwardPeers returns the peers of cell c with a higher index, ascending.
func (geo *geom) forwardPeers(c int) []int {
	p := geo.peers[c]
	k := sort.SearchInts(p, c)
	return p[k:]
}

// findALSWing finds WXYZ-Wings (size 3: three cells that see each other and
// hold four candidates in all, 5.5 or 5.6) and VWXYZ-Wings (size 4: four
// cells, five candidates, 6.2 to 6.4), together with a bivalue cell xz: when
// every cell of the set holding x sees the bivalue cell, z goes from the
// cells that see every z of the set and the bivalue cell. With both digits of
// the bivalue cell linked that way (doubly linked), more goes. Like Sukaku
// Explainer it collects them all and gives the easiest first, then the one
// with most eliminations.
func findALSWing(g *Grid, size int, emit emitFunc) bool {
	geo := g.geo
	var hints []rankedHint
	var bivalue cellSet81
	for c := 0; c < 81; c++ {
		if popcount(g.cands[c]) == 2 {
			bivalue.add(c)
		}
	}
	als := make([]int, 0, 4)
	var nextBuf [4][20]int // candidates for the next cell, per depth
	var grow func(union uint32, big, wing int, cand []int)
	grow = func(union uint32, big, wing int, cand []int) {
		depth := len(als)
		for _, c := range cand {
			m := g.cands[c]
			u := union | m
			if popcount(m) < 2 {
				continue
			}
			if depth < size-1 && popcount(u) > size+1 || depth == size-1 && popcount(u) != size+1 {
				continue
			}
			als = append(als, c)
			b := max(big, popcount(m))
			if depth == size-1 {
				alsWingBivalues(g, als, u, b, wing+popcount(m), bivalue, &hints)
			} else {
				var next []int
				if depth == 0 {
					next = geo.forwardPeers(c)
				} else {
					next = nextBuf[depth][:0]
					for _, x := range cand {
						if x > c && geo.sees(x, c) {
							next = append(next, x)
						}
					}
				}
				grow(u, b, wing+popcount(m), next)
			}
			als = als[:depth]
		}
	}
	for i := 0; i < geo.cells; i++ {
		m := g.cands[i]
		if popcount(m) < 2 || popcount(m) > size+1 {
			continue
		}
		als = append(als[:0], i)
		grow(m, popcount(m), popcount(m), geo.forwardPeers(i))
	}
	return emitRanked(hints, true, emit)
}

// alsWingBivalues tries every bivalue cell seen by a cell of the set als
// (whose candidates are union) as the wing's pincer.
func alsWingBivalues(g *Grid, als []int, union uint32, big, wing int, bivalue cellSet81, hints *[]rankedHint) {
	geo := g.geo
	var seen, in cellSet81
	var holders [9]cellSet81 // the cells of the set holding each digit
	for _, a := range als {
		seen[0] |= geo.peerSet[a][0]
		seen[1] |= geo.peerSet[a][1]
		in.add(a)
		for m := g.cands[a]; m != 0; m &= m - 1 {
			holders[bits.TrailingZeros32(m)].add(a)
		}
	}
	// restricted reports whether every cell of the set holding digit d sees yz.
	restricted := func(yz, d int) bool {
		h := holders[d-1]
		return h[0]&^geo.peerSet[yz][0] == 0 && h[1]&^geo.peerSet[yz][1] == 0
	}
	for w := 0; w < 2; w++ {
		for mm := seen[w] & bivalue[w] &^ in[w]; mm != 0; mm &= mm - 1 {
			yz := w*64 + bits.TrailingZeros64(mm)
			m := g.cands[yz]
			if m&^union != 0 {
				continue
			}
			x := lowest(m)
			z := lowest(m &^ (1 << (x - 1)))
			double := restricted(yz, z)
			switch {
			case restricted(yz, x) && !double:
				alsWingHint(g, als, yz, union, x, z, big, wing, false, hints)
			case restricted(yz, x):
				alsWingHint(g, als, yz, union, x, z, big, wing, true, hints)
			case double:
				alsWingHint(g, als, yz, union, z, x, big, wing, false, hints)
			}
		}
	}
}

// alsWingHint builds the step for set als and bivalue cell yz, with x the
// restricted common digit and z the digit to eliminate (with double set, both
// are restricted and the set's other digits go too).
func alsWingHint(g *Grid, als []int, yz int, union uint32, x, z, big, wing int, double bool, hints *[]rankedHint) {
	geo := g.geo
	var all cellSet81
	for _, a := range als {
		all.add(a)
	}
	all.add(yz)
	var elimSet [9]cellSet81 // per digit
	count := 0
	// sweep eliminates digit d from cells seeing every holder of d in the
	// set (and yz when withYZ).
	sweep := func(d int, withYZ bool) bool {
		bit := uint32(1) << (d - 1)
		victims := cellSet81{^uint64(0), ^uint64(0)}
		if withYZ {
			victims = victims.and(cellSet81(geo.peerSet[yz][:2]))
		}
		for _, a := range als {
			if g.cands[a]&bit != 0 {
				victims = victims.and(cellSet81(geo.peerSet[a][:2]))
			}
		}
		found := false
		for w := 0; w < 2; w++ {
			for m := victims[w] &^ all[w]; m != 0; m &= m - 1 {
				c := w*64 + bits.TrailingZeros64(m)
				if c < 81 && g.cands[c]&bit != 0 {
					elimSet[d-1].add(c)
					count++
					found = true
				}
			}
		}
		return found
	}
	weak, strongX := false, false
	if double {
		for m := union &^ g.cands[yz]; m != 0; m &= m - 1 {
			weak = sweep(bits.TrailingZeros32(m)+1, false) || weak
		}
		strongX = sweep(x, true)
	}
	strongZ := sweep(z, true)
	if double && !weak {
		if !strongZ || !strongX {
			double = false
		}
	}
	if count == 0 {
		return
	}
	var elim []Candidate
	for c := 0; c < geo.cells; c++ {
		for d := 1; d <= 9; d++ {
			if elimSet[d-1].has(c) {
				elim = append(elim, Candidate{geo.cellOf(c), d})
			}
		}
	}
	suffix := fmt.Sprintf("%d%d%d", 1+b2i(double), big, wing)
	var s Step
	if len(als) == 3 {
		s = Step{Technique: WXYZWing, Name: "WXYZ-Wing " + suffix, Rating: Rating(55 + (1 - abs(3-big)))}
	} else {
		s = Step{Technique: VWXYZWing, Name: "VWXYZ-Wing " + suffix, Rating: Rating(62 + (2 - abs(3-big)))}
	}
	for _, c := range als {
		s.Cells = append(s.Cells, geo.cellOf(c))
	}
	s.Cells = append(s.Cells, geo.cellOf(yz))
	s.Digits = digitsOf(union)
	s.Eliminations = elim
	*hints = append(*hints, rankedHint{step: s, elims: count, suffix: suffix})
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}
