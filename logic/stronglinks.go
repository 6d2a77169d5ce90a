package logic

import (
	"fmt"
	"sort"
	"strings"

	"github.com/sudokubot/sudokubot/sudoku"
)

// The unit kinds of the three strong links, in Sukaku Explainer's order.
var strongLinkSets = [10][3]int{
	{kindBox, kindBox, kindBox}, {kindBox, kindBox, kindRow}, {kindBox, kindBox, kindCol},
	{kindBox, kindRow, kindRow}, {kindBox, kindRow, kindCol}, {kindBox, kindCol, kindCol},
	{kindRow, kindRow, kindRow}, {kindRow, kindRow, kindCol}, {kindRow, kindCol, kindCol},
	{kindCol, kindCol, kindCol},
}

// The orders in which the three links are chained (one of each chain and
// its reverse), in Sukaku Explainer's order.
var strongLinkOrders = [3][3]int{{0, 1, 2}, {1, 0, 2}, {0, 2, 1}}

// slLink is one strong link of a unit on a digit: its two ends, which may
// be groups (a cell and a support cell in the same line).
type slLink struct {
	unit    int
	grouped bool
	ends    [2]end
}

// strongLinkVariants returns the strong links Sukaku Explainer's Strong
// Links rule reads in unit u for a digit at positions pos, appended to buf.
func strongLinkVariants(geo *geom, u int, pos uint32, buf []slLink) []slLink {
	start := len(buf)
	buf = strongLinkVariants0(geo, u, pos, buf)
	for i := start; i < len(buf); i++ {
		buf[i].ends[0] = buf[i].ends[0].withUnits(geo)
		buf[i].ends[1] = buf[i].ends[1].withUnits(geo)
	}
	return buf
}

func strongLinkVariants0(geo *geom, u int, pos uint32, buf []slLink) []slLink {
	card := popcount(pos)
	isBox := u/geo.n == kindBox
	if card < 2 || card > 6 {
		return buf
	}
	if card == 2 {
		a, b := nth(geo, u, pos, 0), nth(geo, u, pos, 1)
		if isBox && (geo.row(a) == geo.row(b) || geo.col(a) == geo.col(b)) {
			return buf
		}
		return append(buf, slLink{u, false, [2]end{{c: a, s1: -1, s2: -1}, {c: b, s1: -1, s2: -1}}})
	}
	areas, b1s, b2s := lineArea[:], lineBlade1[:], lineBlade2[:]
	if isBox {
		areas, b1s, b2s = boxArea[:], boxBlade1[:], boxBlade2[:]
	}
	e := -1
	for k := range areas {
		if k > 8 && card < 4 {
			continue
		}
		if pos&areas[k] == 0 {
			if pos&b1s[k] != 0 && pos&b2s[k] != 0 {
				e = k
			}
			break
		}
	}
	if e < 0 {
		return buf
	}
	b1, b2 := pos&b1s[e], pos&b2s[e]
	cell := func(m uint32, k int) int { return nth(geo, u, m, k) }
	// single returns the link from the lone cell of blade one to the other
	// blade, a group of its first cell and a support: the heart of the empty
	// rectangle on a box, its second cell on a line.
	single := func(one, other uint32) slLink {
		support := cell(other, 1)
		if isBox {
			support = geo.units[u][e]
		}
		return slLink{u, true, [2]end{{c: cell(one, 0), s1: -1, s2: -1}, {c: cell(other, 0), s1: support, s2: -1}}}
	}
	if popcount(b1) == 1 || popcount(b2) == 1 {
		if popcount(b1) == 1 {
			buf = append(buf, single(b1, b2))
		}
		if popcount(b2) == 1 {
			buf = append(buf, single(b2, b1))
		}
		return buf
	}
	out := append(buf, slLink{u, true, [2]end{{c: cell(b1, 0), s1: cell(b1, 1), s2: -1}, {c: cell(b2, 0), s1: cell(b2, 1), s2: -1}}})
	same := func(a, b int) bool { return geo.row(a) == geo.row(b) || geo.col(a) == geo.col(b) }
	if e > 8 && card == 4 && same(cell(b1, 1), cell(b2, 1)) && same(cell(b1, 0), cell(b2, 0)) {
		// Four cells at the corners of a rectangle: the other pairing too.
		out = append(out, slLink{u, true, [2]end{{c: cell(b1, 0), s1: cell(b2, 0), s2: -1}, {c: cell(b1, 1), s1: cell(b2, 1), s2: -1}}})
	}
	return out
}

type slHint struct {
	rankedHint
	order [2]int // link kinds, digit: Sukaku Explainer's search order
}

// setIndex returns the index of set in strongLinkSets.
func setIndex(set [3]int) int {
	for i, s := range strongLinkSets {
		if s == set {
			return i
		}
	}
	return -1
}

// findThreeStrongLinks finds chains of three strong links on one digit joined
// by weak links (3 Skyscrapers 5.4, 3 Strong links including blocks 5.5,
// 3-String Kites 5.6, any of them with a grouped link 5.7): a cell seeing
// both ends of the chain cannot hold the digit. Like Sukaku Explainer it
// collects them all and gives the easiest first, then the one with most
// eliminations.
func findThreeStrongLinks(sr *search, emit emitFunc) bool {
	g := sr.g
	geo := g.geo
	memo := sr.memo("3 strong links")
	skip, dcells := memo.skip(g, false)
	var found uint32
	n := geo.n
	var hints []slHint
	// Per digit: every link of every unit, indexed; first[u] is the index
	// of unit u's first link, nlinks[u] their number.
	var links []slLink
	var first, nlinks [27]int
	var unitCands [27]cellSet81
	var chosen [3]int
	var used [3]cellSet81
	for d := 1; d <= n; d++ {
		if skip[d-1] {
			continue
		}
		bit := uint32(1) << (d - 1)
		links = links[:0]
		for u := 0; u < 3*n; u++ {
			first[u] = len(links)
			links = strongLinkVariants(geo, u, g.positions(u, d), links)
			nlinks[u] = len(links) - first[u]
			unitCands[u] = cellSet81{}
			if nlinks[u] == 0 {
				continue
			}
			for _, c := range geo.units[u] {
				if g.cands[c]&bit != 0 {
					unitCands[u].add(c)
				}
			}
		}
		nl := len(links)
		if nl < 3 {
			continue
		}
		joint := func(i, j, ea, eb int) int { return shareUnit(links[i].ends[ea], links[j].ends[eb]) }
		meets := func(i, j int) bool {
			a, b := &links[i].ends, &links[j].ends
			return (a[0].umask|a[1].umask)&(b[0].umask|b[1].umask) != 0
		}
		for _, set := range strongLinkSets {
			var build func(depth, x int)
			build = func(depth, x int) {
				start := 0
				if depth > 0 && set[depth-1] == set[depth] {
					start = x + 1
				}
				for i := start; i < n; i++ {
					u := set[depth]*n + i
					if nlinks[u] == 0 {
						continue
					}
					cands := unitCands[u]
					overlap := false
					for k := 0; k < depth; k++ {
						if used[k].and(cands) != (cellSet81{}) {
							overlap = true
						}
					}
					if overlap {
						continue
					}
					used[depth] = cands
					for v := first[u]; v < first[u]+nlinks[u]; v++ {
						chosen[depth] = v
						if depth < 2 {
							build(depth+1, i)
							continue
						}
						// Two of the three pairs of links must meet.
						a, b, c := chosen[0], chosen[1], chosen[2]
						if b2i(meets(a, b))+b2i(meets(a, c))+b2i(meets(b, c)) < 2 {
							continue
						}
						for _, q := range strongLinkOrders {
							for uv := 0; uv < 8; uv++ {
								dir := [3]int{uv >> 2 & 1, uv >> 1 & 1, uv & 1}
								share := [2]int{
									joint(chosen[q[0]], chosen[q[1]], 1-dir[0], dir[1]),
									joint(chosen[q[1]], chosen[q[2]], 1-dir[1], dir[2]),
								}
								if share[0] < 0 || share[1] < 0 {
									continue
								}
								triple := [3]slLink{links[a], links[b], links[c]}
								if h, ok := slChain(g, d, set, triple, q, dir, share); ok {
									h.order = [2]int{setIndex(set), d}
									hints = append(hints, h)
									found |= 1 << (d - 1)
								}
							}
						}
					}
				}
			}
			build(0, 0)
		}
	}
	memo.record(dcells, found)
	// SE searches link kinds first, then digits; this loop went the other way.
	sort.SliceStable(hints, func(a, b int) bool { return hints[a].order[0] < hints[b].order[0] })
	return emitRanked(hints, false, emit)
}

// slChain tries the chain of links in order q, entering link q[w] by its
// end dir[w], consecutive links meeting in the units share; ok is false when
// nothing would be eliminated.
func slChain(g *Grid, d int, set [3]int, links [3]slLink, q [3]int, dir [3]int, share [2]int) (slHint, bool) {
	geo := g.geo
	start, stop := links[q[0]].ends[dir[0]], links[q[2]].ends[1-dir[2]]
	vc := []int{start.c, stop.c}
	if links[q[0]].grouped && start.s1 >= 0 {
		vc = append(vc, start.s1)
	}
	if links[q[2]].grouped && stop.s1 >= 0 {
		vc = append(vc, stop.s1)
	}
	victims := commonPeers(geo, vc...)
	bit := uint32(1) << (d - 1)
	var elim []Candidate
	for c := 0; c < geo.cells; c++ {
		if victims[c/64]&(1<<(c%64)) == 0 || g.cands[c]&bit == 0 {
			continue
		}
		out := false
		for _, l := range links {
			out = out || geo.inUnit(c, l.unit)
		}
		out = out || geo.inUnit(c, share[0]) || geo.inUnit(c, share[1])
		if !out {
			elim = append(elim, Candidate{geo.cellOf(c), d})
		}
	}
	if len(elim) == 0 {
		return slHint{}, false
	}
	grouped := 0
	for _, l := range links {
		grouped += b2i(l.grouped)
	}
	actual := []int{set[q[0]], set[q[1]], set[q[2]]}
	if !isLex(actual) {
		actual[0], actual[2] = actual[2], actual[0]
	}
	suffix := fmt.Sprint(grouped) + lineName(actual)
	name, rating := "3 Skyscrapers", Rating(54)
	switch {
	case strings.Contains(suffix[1:], "0"):
		name, rating = "3 Strong links (including blocks)", 55
	case strings.Contains(suffix[1:], "2"):
		name, rating = "3-String Kite", 56
	}
	name += " " + suffix
	if grouped > 0 {
		rating = 57
		name += fmt.Sprintf(" (Using %d grouped strong link", grouped)
		if grouped > 1 {
			name += "s"
		}
		name += ")"
	}
	var cells []sudoku.Cell
	units := []sudoku.Unit{}
	for w, k := range q {
		for _, e := range []end{links[k].ends[dir[w]], links[k].ends[1-dir[w]]} {
			for _, c := range e.cells() {
				cells = append(cells, geo.cellOf(c))
			}
		}
		units = append(units, geo.unitOf(links[k].unit))
		if w < 2 {
			units = append(units, geo.unitOf(share[w]))
		}
	}
	return slHint{rankedHint: rankedHint{
		step: Step{
			Technique:    ThreeStrongLinks,
			Name:         name,
			Rating:       rating,
			Cells:        cells,
			Units:        units,
			Digits:       []int{d},
			Eliminations: elim,
		},
		elims:  len(elim),
		suffix: suffix,
	}}, true
}

// isLex reports whether the digits of s read no later than reversed.
func isLex(s []int) bool {
	for i := range s {
		a, b := s[i], s[len(s)-1-i]
		if a != b {
			return a < b
		}
	}
	return true
}

// lineName is Sukaku Explainer's canonical name of the unit kinds of a chain
// (0 box, 1 row, 2 column), the same whatever way the chain is read and
// whether rows and columns are swapped.
func lineName(set []int) string {
	var orig, lines, rev, cur string
	one := false
	for _, k := range set {
		switch k {
		case kindRow:
			one = true
			rev, cur = "2"+rev, cur+"2"
			orig += "1"
			lines += "1"
		case kindCol:
			orig += "2"
			lines += "1"
			rev, cur = "1"+rev, cur+"1"
		default:
			orig += "0"
			lines += "0"
			rev, cur = "0"+rev, cur+"0"
		}
	}
	if rev > cur {
		rev = cur
	}
	if one {
		if orig > rev {
			return rev
		}
		return orig
	}
	return lines
}
