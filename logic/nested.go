package logic

import (
	"math/bits"
	"sort"

	"github.com/sudokubot/sudokubot/sudoku"
)

// Nested forcing chains. From level 1 on, Sukaku Explainer's dynamic
// forcing chains also use "non-trivial implications": whenever a
// propagation has nothing left to follow, simpler techniques run on the grid
// as the assumption left it (its offs removed), and what they eliminate goes
// off too, each elimination implied by the removals the technique needed
// (its rule parents). Level 1, Dynamic Forcing Chains (+) at 9.0, uses
// pointing and claiming, hidden and naked pairs and X-Wings; level 2 (9.5)
// adds forcing chains and cycles; level 3 (10.0) multiple forcing chains;
// level 4 (10.5) dynamic forcing chains. The first technique that finds an
// elimination with rule parents gives the offs of that round. Levels 1 to 3
// are implemented.

// advOff is an off implied by a technique, with its parents (node ids).
type advOff struct {
	pot            int16
	pstart, pcount int32 // parents in chainer.advPar
	nest           int32 // the nested hint that implies it (chainer.nests), or -1
}

// nestedSuffix is SE's suffix for a nested level's names.
func nestedSuffix(level int) string {
	switch {
	case level == 1:
		return " (+)"
	case level == 2:
		return " (+ Forcing Chains)"
	case level == 3:
		return " (+ Multiple Forcing Chains)"
	case level == 4:
		return " (+ Dynamic Forcing Chains)"
	case level >= 5:
		return " (+ Dynamic Forcing Chains" + nestedSuffix(level-3) + ")"
	}
	return ""
}

// ruleKind tells apart the techniques of the nested rounds, whose rule
// parents SE reads differently.
type ruleKind uint8

const (
	rkLocking ruleKind = iota // pointing, claiming and fish: base units, cover units
	rkHidden
	rkNaked
)

// advanced runs the techniques of the rule's level on the working grid (the
// step's grid less the offs of run r, all processed) and returns the offs
// they imply, in SE's order (duplicates included: the first one counts).
func (c *chainer) advanced(r *crun) []advOff {
	c.advOut, c.advPar = c.advOut[:0], c.advPar[:0]
	c.ntabValid = false
	g := &c.tmp
	g.geo, g.values, g.cands, g.posValid = c.geo, c.values, c.cur[:], false
	type rule struct {
		kind ruleKind
		find func(g *Grid, emit emitFunc) bool
	}
	rules := [...]rule{
		{rkLocking, func(g *Grid, e emitFunc) bool { return findLocking(g, false, e) }},
		{rkHidden, func(g *Grid, e emitFunc) bool { return findHiddenSets(g, 2, false, e) }},
		{rkNaked, func(g *Grid, e emitFunc) bool { return findNakedSets(g, 2, e) }},
		{rkLocking, func(g *Grid, e emitFunc) bool { return findFish(g, 2, e) }},
	}
	for _, ru := range rules {
		ru.find(g, func(s Step) bool {
			c.addRuleOffs(r, ru.kind, s)
			return true
		})
		if len(c.advOut) > 0 {
			return c.advOut
		}
	}
	if c.level >= 2 {
		c.addNestedOffs(r, c.unaryHints(&c.orig))
	}
	if c.level >= 3 && len(c.advOut) == 0 {
		c.addNestedOffs(r, c.multipleHints(&c.orig))
	}
	return c.advOut
}

// addNestedOffs adds the eliminations of the hints of a nested chain rule
// as offs, each with its hint's rule parents and the hint itself, whose
// complexity counts in the outer chain's.
func (c *chainer) addNestedOffs(r *crun, hints []*nestHint) {
	for _, h := range hints {
		pstart := int32(len(c.advPar))
		for _, p := range h.parents {
			if id := r.off[p]; id != 0 {
				c.advPar = append(c.advPar, id-1)
			}
		}
		pcount := int32(len(c.advPar)) - pstart
		if len(h.parents) == 0 || pcount == 0 {
			c.advPar = c.advPar[:pstart]
			continue
		}
		nest := int32(len(c.nests))
		c.nests = append(c.nests, nestInfo{complexity: h.complexity, id: h.id})
		for _, pot := range h.removes {
			c.advOut = append(c.advOut, advOff{pot: pot, pstart: pstart, pcount: pcount, nest: nest})
		}
	}
}

// nestedComplexity returns the complexity that nested hints add to a hint
// proved by the nodes targets: the sum of the complexities of the distinct
// nested hints (by identity) among their ancestors.
func (c *chainer) nestedComplexity(targets ...int32) int {
	if len(c.nestOf) == 0 {
		return 0
	}
	var ids map[uint64]bool
	sum := 0
	// Each target's chain on its own (its nodes by candidate, as SE's
	// getChain collects them), the hints counted once over all.
	for _, t := range targets {
		c.gen++
		if c.gen == 0 {
			clear(c.visit)
			c.gen = 1
		}
		q := append(c.bfs[:0], t)
		for i := 0; i < len(q); i++ {
			n := q[i]
			k := c.nodes[n].key
			if c.visit[k] == c.gen {
				continue
			}
			c.visit[k] = c.gen
			if ni, ok := c.nestOf[n]; ok {
				info := c.nests[ni]
				if ids == nil {
					ids = map[uint64]bool{}
				}
				if !ids[info.id] {
					ids[info.id] = true
					sum += info.complexity
				}
			}
			q = append(q, c.parents(n)...)
		}
		c.bfs = q
	}
	return sum
}

// addRuleOffs adds the eliminations of step s (a technique run on the
// working grid) as offs, each with the step's rule parents: the candidates
// the step needed gone from the step's grid. A step with no rule parents
// holds on the step's grid already and adds nothing.
func (c *chainer) addRuleOffs(r *crun, kind ruleKind, s Step) {
	pstart := int32(len(c.advPar))
	parent := func(cell, d int) { // d 0-8
		if id := r.off[cell*9+d]; id != 0 {
			c.advPar = append(c.advPar, id-1)
		}
	}
	geo := c.geo
	switch kind {
	case rkLocking:
		// Units alternate: base (where the digit is confined), cover. The
		// digit's removed places in a base unit, outside every cover unit.
		d := s.Digits[0] - 1
		for i := 0; i < len(s.Units); i += 2 {
			base := geo.unitIndex(s.Units[i])
			for _, cell := range geo.units[base] {
				if c.orig[cell]&(1<<d) == 0 || c.cur[cell]&(1<<d) != 0 {
					continue
				}
				inCover := false
				for j := 1; j < len(s.Units); j += 2 {
					inCover = inCover || geo.inUnit(cell, geo.unitIndex(s.Units[j]))
				}
				if !inCover {
					parent(cell, d)
				}
			}
		}
	case rkHidden:
		// The set's digits removed from the unit's other cells.
		u := geo.unitIndex(s.Units[0])
		var set uint32
		for _, d := range s.Digits {
			set |= 1 << (d - 1)
		}
		for _, cell := range geo.units[u] {
			if c.cur[cell]&set != 0 {
				continue
			}
			for _, d := range s.Digits {
				if c.orig[cell]&(1<<(d-1)) != 0 {
					parent(cell, d-1)
				}
			}
		}
	case rkNaked:
		// The set cells' other digits, removed.
		var set uint32
		for _, d := range s.Digits {
			set |= 1 << (d - 1)
		}
		for _, sc := range s.Cells {
			cell := sc.Row*9 + sc.Col
			for m := c.orig[cell] &^ set; m != 0; m &= m - 1 {
				parent(cell, bits.TrailingZeros32(m))
			}
		}
	}
	pcount := int32(len(c.advPar)) - pstart
	if pcount == 0 {
		c.advPar = c.advPar[:pstart]
		return
	}
	for _, e := range javaMapOrder(s.Eliminations) {
		c.advOut = append(c.advOut, advOff{pot: int16((e.Cell.Row*9+e.Cell.Col)*9 + e.Digit - 1), pstart: pstart, pcount: pcount, nest: -1})
	}
}

// javaMapOrder orders eliminations (grouped by cell in the order their
// cells first appear, digits ascending) as SE iterates the map of
// removable candidates of a hint: a java.util.HashMap keyed by cell
// index, whose iteration goes by bucket (the index modulo the table size,
// 16 doubling as the map fills past three quarters), then by insertion.
func javaMapOrder(elims []Candidate) []Candidate {
	type entry struct {
		cell, first int
	}
	var cells []entry
	seen := map[int]bool{}
	for _, e := range elims {
		i := e.Cell.Row*9 + e.Cell.Col
		if !seen[i] {
			seen[i] = true
			cells = append(cells, entry{i, len(cells)})
		}
	}
	size := 16
	for len(cells) > size*3/4 {
		size *= 2
	}
	sort.SliceStable(cells, func(a, b int) bool { return cells[a].cell&(size-1) < cells[b].cell&(size-1) })
	out := make([]Candidate, 0, len(elims))
	for _, ce := range cells {
		var ds []int
		for _, e := range elims {
			if e.Cell.Row*9+e.Cell.Col == ce.cell {
				ds = append(ds, e.Digit)
			}
		}
		sort.Ints(ds)
		for _, d := range ds {
			out = append(out, Candidate{Cell: sudoku.Cell{Row: ce.cell / 9, Col: ce.cell % 9}, Digit: d})
		}
	}
	return out
}
