package logic

import (
	"math/bits"

	"github.com/sudokubot/sudokubot/sudoku"
)

// Grouped strong links (9×9 only). A unit whose digit has more than two
// places can still make a strong link when its places fall into two groups
// that each lie in one line: a row or column whose places fill exactly two of
// its three box segments, or a box whose places avoid the four cells that
// share neither the row nor the column of some "heart" cell (an empty
// rectangle). Positions are indexes within the unit, as bits.
var (
	// lineArea[e]: the box segment e of a line; lineBlade1/2: the other two.
	lineArea   = [3]uint32{0o007, 0o070, 0o700}
	lineBlade1 = [3]uint32{0o070, 0o007, 0o007}
	lineBlade2 = [3]uint32{0o700, 0o700, 0o070}
	// boxArea[e] for e < 9: the four cells of the box sharing neither row nor
	// column with cell e; for 9 <= e < 15, one row or column of the box.
	// boxBlade1/2: the cells that remain, in two lines.
	boxArea   = [15]uint32{0o660, 0o550, 0o330, 0o606, 0o505, 0o303, 0o066, 0o055, 0o033, 0o700, 0o070, 0o007, 0o444, 0o222, 0o111}
	boxBlade1 = [15]uint32{0o110, 0o220, 0o440, 0o101, 0o202, 0o404, 0o011, 0o022, 0o044, 0o007, 0o007, 0o070, 0o111, 0o111, 0o222}
	boxBlade2 = [15]uint32{0o006, 0o005, 0o003, 0o060, 0o050, 0o030, 0o600, 0o500, 0o300, 0o070, 0o700, 0o700, 0o222, 0o444, 0o444}
)

// end is one end of a strong link: a cell, or a group of up to three cells
// in one line (c and its supports s1, s2; -1 for none). The cell of a box
// group may be the heart of an empty rectangle, which need not hold the digit.
type end struct {
	c, s1, s2 int
	// umask has a bit for each unit holding every cell of the end: columns
	// at bits 0-8, rows at 9-17, boxes at 18-26 (Sukaku Explainer looks for
	// a shared unit in that order); set by withUnits.
	umask uint32
}

// withUnits returns e with its units set.
func (e end) withUnits(geo *geom) end {
	e.umask = 0
	for i, kind := range [3]int{kindCol, kindRow, kindBox} {
		u := geo.cellUnits[e.c][kind]
		same := true
		for _, x := range [2]int{e.s1, e.s2} {
			if x >= 0 && geo.cellUnits[x][kind] != u {
				same = false
			}
		}
		if same {
			e.umask |= 1 << (i*9 + u%9)
		}
	}
	return e
}

// maskUnit converts a bit of an end's umask to a unit index.
var maskUnit = [27]int8{
	18, 19, 20, 21, 22, 23, 24, 25, 26, // columns
	9, 10, 11, 12, 13, 14, 15, 16, 17, // rows
	0, 1, 2, 3, 4, 5, 6, 7, 8, // boxes
}

// cellsOf returns the cells of an end.
func (e end) cells() []int {
	out := []int{e.c}
	if e.s1 >= 0 {
		out = append(out, e.s1)
	}
	if e.s2 >= 0 {
		out = append(out, e.s2)
	}
	return out
}

// nth returns the cell of unit u at the n-th set bit (from 0) of m, or -1.
func nth(geo *geom, u int, m uint32, n int) int {
	for k := 0; k < geo.n; k++ {
		if m&(1<<k) != 0 {
			if n == 0 {
				return geo.units[u][k]
			}
			n--
		}
	}
	return -1
}

// linkVariants returns the strong links Sukaku Explainer's Turbot Fish reads
// in unit u for a digit at positions pos: pairs of ends (one pair for a
// plain link, up to two for a grouped one with a single cell on one side),
// and whether the link is grouped, appended to buf (none when the unit makes
// no link).
func linkVariants(geo *geom, u int, pos uint32, buf [][2]end) ([][2]end, bool) {
	start := len(buf)
	buf, grouped := linkVariants0(geo, u, pos, buf)
	for i := start; i < len(buf); i++ {
		buf[i][0] = buf[i][0].withUnits(geo)
		buf[i][1] = buf[i][1].withUnits(geo)
	}
	return buf, grouped
}

func linkVariants0(geo *geom, u int, pos uint32, buf [][2]end) ([][2]end, bool) {
	card := popcount(pos)
	isBox := u/geo.n == kindBox
	if card < 2 || card > 6 || isBox && card > 5 {
		return buf, false
	}
	if card == 2 {
		return append(buf, [2]end{{c: nth(geo, u, pos, 0), s1: -1, s2: -1}, {c: nth(geo, u, pos, 1), s1: -1, s2: -1}}), false
	}
	areas, b1s, b2s := lineArea[:], lineBlade1[:], lineBlade2[:]
	if isBox {
		areas, b1s, b2s = boxArea[:9], boxBlade1[:9], boxBlade2[:9]
	}
	e := -1
	for k := range areas {
		if pos&areas[k] == 0 {
			if pos&b1s[k] != 0 && pos&b2s[k] != 0 {
				e = k
			}
			break
		}
	}
	if e < 0 {
		return buf, false
	}
	b1, b2 := pos&b1s[e], pos&b2s[e]
	// group builds the end of a blade with several cells: on a box, the heart
	// with the blade's cells as supports; on a line, the blade's cells.
	group := func(b uint32) end {
		if isBox {
			return end{c: geo.units[u][e], s1: nth(geo, u, b, 0), s2: nth(geo, u, b, 1)}
		}
		return end{c: nth(geo, u, b, 0), s1: nth(geo, u, b, 1), s2: nth(geo, u, b, 2)}
	}
	if popcount(b1) == 1 || popcount(b2) == 1 {
		if popcount(b1) == 1 {
			buf = append(buf, [2]end{{c: nth(geo, u, b1, 0), s1: -1, s2: -1}, group(b2)})
		}
		if popcount(b2) == 1 {
			buf = append(buf, [2]end{{c: nth(geo, u, b2, 0), s1: -1, s2: -1}, group(b1)})
		}
		return buf, true
	}
	return append(buf, [2]end{
		{c: nth(geo, u, b1, 0), s1: nth(geo, u, b1, 1), s2: nth(geo, u, b1, 2)},
		{c: nth(geo, u, b2, 0), s1: nth(geo, u, b2, 1), s2: nth(geo, u, b2, 2)},
	}), true
}

// shareUnit returns the first column, row or box (in that order) holding
// every cell of both ends (whose units are set), or -1.
func shareUnit(a, b end) int {
	m := a.umask & b.umask
	if m == 0 {
		return -1
	}
	return int(maskUnit[bits.TrailingZeros32(m)])
}

// turbotHint is one Turbot Fish found, before sorting.
type turbotHint struct {
	rankedHint
	sequence int
}

// The (base, cover) unit kinds Sukaku Explainer's Turbot Fish searches on a
// standard sudoku, in its order.
var turbotSets = [5][2]int{{kindRow, kindRow}, {kindCol, kindCol}, {kindCol, kindRow}, {kindRow, kindBox}, {kindCol, kindBox}}

// findTurbotFish finds Skyscrapers (4.0), Two-string Kites (4.1), Turbot
// Cranes (4.2) and their grouped forms (4.3): two strong links on a digit
// whose ends are joined by a weak link, so that a cell seeing both far ends
// cannot hold the digit. Like Sukaku Explainer it collects them all and
// gives the easiest first, then the one with most eliminations.
func findTurbotFish(sr *search, emit emitFunc) bool {
	g := sr.g
	geo := g.geo
	memo := sr.memo("turbot fish")
	skip, dcells := memo.skip(g, false)
	n := geo.n
	var hints []turbotHint
	// The links and candidate cells of every unit, per digit.
	var vars [9][27][][2]end
	arena := make([][2]end, 0, 9*27*2) // every unit has two links at most
	var grouped [9][27]bool
	var cands [9][27]cellSet81
	for d := 1; d <= n; d++ {
		bit := uint32(1) << (d - 1)
		for u := 0; u < 3*n; u++ {
			start := len(arena)
			arena, grouped[d-1][u] = linkVariants(geo, u, g.positions(u, d), arena)
			vars[d-1][u] = arena[start:len(arena):len(arena)]
			for _, c := range geo.units[u] {
				if g.cands[c]&bit != 0 {
					cands[d-1][u].add(c)
				}
			}
		}
	}
	var found uint32
	for _, set := range turbotSets {
		base, cover := set[0], set[1]
		for d := 1; d <= n; d++ {
			if skip[d-1] {
				continue
			}
			for i1 := 0; i1 < n; i1++ {
				bu := base*n + i1
				bgroup := grouped[d-1][bu]
				for _, bv := range vars[d-1][bu] {
					start2 := 0
					if base == cover {
						start2 = i1 + 1
					}
					for i2 := start2; i2 < n; i2++ {
						cu := cover*n + i2
						if len(vars[d-1][cu]) == 0 || cands[d-1][bu].and(cands[d-1][cu]) != (cellSet81{}) {
							continue
						}
						cgroup := grouped[d-1][cu]
						for _, cv := range vars[d-1][cu] {
							for i := 0; i < 2; i++ {
								for j := 0; j < 2; j++ {
									share := shareUnit(bv[1-i], cv[j])
									if share < 0 || share == bu || share == cu {
										continue
									}
									h, ok := turbotStep(g, d, bv[i], bv[1-i], cv[j], cv[1-j], bu, cu, share, bgroup, cgroup)
									if ok {
										h.sequence = len(hints)
										hints = append(hints, h)
										found |= 1 << (d - 1)
									}
								}
							}
						}
					}
				}
			}
		}
	}
	memo.record(dcells, found)
	return emitRanked(hints, false, emit)
}

// cellBits is a set of cells of any supported grid.
type cellBits [(sudokuMaxCells + 63) / 64]uint64

// commonPeers returns the cells that see every cell given (and are none of
// them).
func commonPeers(geo *geom, cells ...int) cellBits {
	var set cellBits
	copy(set[:], geo.peerSet[cells[0]])
	for _, c := range cells[1:] {
		for w := 0; w < geo.words; w++ {
			set[w] &= geo.peerSet[c][w]
		}
	}
	for _, c := range cells {
		set[c/64] &^= 1 << (c % 64)
	}
	return set
}

func turbotStep(g *Grid, d int, start, bridge1, bridge2, stop end, bu, cu, share int, bgroup, cgroup bool) (turbotHint, bool) {
	geo := g.geo
	vc := []int{start.c, stop.c}
	if bgroup && start.s1 >= 0 {
		vc = append(vc, start.cells()[1:]...)
	}
	if cgroup && stop.s1 >= 0 {
		vc = append(vc, stop.cells()[1:]...)
	}
	victims := commonPeers(geo, vc...)
	bit := uint32(1) << (d - 1)
	var elim []Candidate
	for c := 0; c < geo.cells; c++ {
		if victims[c/64]&(1<<(c%64)) == 0 || geo.inUnit(c, bu) || geo.inUnit(c, cu) {
			continue
		}
		if g.cands[c]&bit != 0 {
			elim = append(elim, Candidate{geo.cellOf(c), d})
		}
	}
	if len(elim) == 0 {
		return turbotHint{}, false
	}
	var cells []sudoku.Cell
	for _, e := range []end{start, bridge1, bridge2, stop} {
		for _, c := range e.cells() {
			cells = append(cells, geo.cellOf(c))
		}
	}
	bk, ck := bu/geo.n, cu/geo.n
	suffix := [3]string{"00", "01", "11"}[b2i(bgroup)+b2i(cgroup)]
	s := Step{
		Technique:    TurbotFish,
		Cells:        cells,
		Units:        []sudoku.Unit{geo.unitOf(bu), geo.unitOf(share), geo.unitOf(cu)},
		Digits:       []int{d},
		Eliminations: elim,
	}
	switch {
	case bgroup && bk == kindBox || cgroup && ck == kindBox:
		s.Name, s.Rating = "Grouped Turbot Crane "+suffix, 43
	case (bgroup || cgroup) && bk == ck:
		s.Name, s.Rating = "Grouped Skyscraper "+suffix, 43
	case bgroup || cgroup:
		s.Name, s.Rating = "Grouped 2-String Kite "+suffix, 43
	case bk == kindBox || ck == kindBox:
		s.Name, s.Rating = "Turbot Crane", 42
	case bk == ck:
		s.Name, s.Rating = "Skyscraper", 40
	default:
		s.Name, s.Rating = "Two-string Kite", 41
	}
	return turbotHint{rankedHint: rankedHint{step: s, elims: len(elim), suffix: suffix}}, true
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}
