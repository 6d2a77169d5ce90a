package logic

import (
	"math/bits"

	"github.com/sudokubot/sudokubot/sudoku"
)

func (c *chainer) add(hints *[]*chainHint, h *chainHint) {
	h.seq = len(*hints)
	*hints = append(*hints, h)
}

// cycleHint builds the hint of a cycle ending at node dst: a candidate that
// sees an "on" node of the cycle and an "off" node of its digit goes.
func (c *chainer) cycleHint(dst int32, y, x bool) *chainHint {
	geo := c.geo
	var inChain cellSet81
	ncells := 0
	for p := dst; len(c.parents(p)) > 0; p = c.parents(p)[0] {
		cell := int(c.nodes[p].key>>1) / 9
		if !inChain.has(cell) {
			inChain.add(cell)
			ncells++
		}
	}
	// The cells seeing an "on" node (forw) and an "off" node (back) of the
	// cycle, per digit.
	var forw, back [9]cellSet81
	for p := dst; len(c.parents(p)) > 0; p = c.parents(p)[0] {
		key := c.nodes[p].key
		pot := int(key >> 1)
		cell, d := pot/9, pot%9
		set := &back[d]
		if key&1 != 0 {
			set = &forw[d]
		}
		for w := 0; w < 2; w++ {
			set[w] |= geo.peerSet[cell][w] &^ inChain[w]
		}
	}
	var elim []int16
	for v := 0; v < 81; v++ {
		for m := c.orig[v]; m != 0; m &= m - 1 {
			d := bits.TrailingZeros32(m)
			if forw[d].has(v) && back[d].has(v) {
				elim = append(elim, int16(v*9+d))
			}
		}
	}
	if len(elim) == 0 {
		return nil
	}
	k := c.ancestors(dst)
	h := &chainHint{kind: ckCycle, x: x, y: y, complexity: k, elim: elim, place: -1, targets: []int32{dst}}
	switch {
	case x && y:
		h.diff, h.sortKey, h.name = 7.0, 4, "Bidirectional Cycle"
	case y:
		h.diff, h.sortKey, h.name = 6.5, 3, "Bidirectional Y-Cycle"
	default:
		h.diff, h.sortKey, h.name = 6.5, 2, "Bidirectional X-Cycle"
		if ncells == 4 {
			h.name = "Generalized X-Wing"
		}
	}
	h.diff += lengthAdded(k)
	h.source = int(c.nodes[dst].key >> 1)
	return h
}

// forcingHint builds the hint of a forcing chain that ends at node t, the
// opposite of its assumption.
func (c *chainer) forcingHint(t int32, y, x bool) *chainHint {
	key := c.nodes[t].key
	pot := int(key >> 1)
	h := &chainHint{kind: ckForcing, x: x, y: y, place: -1, targets: []int32{t}, source: pot}
	if key&1 == 0 {
		h.elim = []int16{int16(pot)}
	} else {
		h.elim = otherCands(c.orig[pot/9], pot)
		h.place = pot
	}
	if len(h.elim) == 0 {
		return nil
	}
	k := c.ancestors(t)
	h.complexity = k
	switch {
	case x && y:
		h.diff, h.sortKey, h.name = 7.0, 4, "Forcing Chain"
	case y:
		h.diff, h.sortKey, h.name = 6.6, 3, "Forcing Y-Chain"
	default:
		h.diff, h.sortKey, h.name = 6.6, 2, "Forcing X-Chain"
		if k == 6 {
			h.name = "Turbot Fish"
		}
	}
	h.diff += lengthAdded(k)
	return h
}

// otherCands returns the pots of the candidates m of pot's cell other than pot.
func otherCands(m uint32, pot int) []int16 {
	cell, d := pot/9, pot%9
	var out []int16
	for mm := m &^ (1 << d); mm != 0; mm &= mm - 1 {
		out = append(out, int16(cell*9+bits.TrailingZeros32(mm)))
	}
	return out
}

// ruleBase is the base difficulty of the multiple-chain rules.
func (c *chainer) ruleBase() float64 {
	switch {
	case c.level > 0:
		return 8.5 + 0.5*float64(c.level)
	case c.nishio:
		return 7.5
	case c.dynamic:
		return 8.5
	}
	return 8.0
}

// suffix is what SE appends to a rule's hint names: the nesting level.
func (c *chainer) suffix() string { return nestedSuffix(c.level) }

func (c *chainer) prefix() string {
	switch {
	case c.nishio:
		return "Nishio "
	case c.dynamic:
		return "Dynamic "
	}
	return ""
}

// multipleChains finds, for the current rule (Nishio, static multiple or
// dynamic), the contradiction, double, cell and region forcing chains from
// every cell, as Sukaku Explainer's multiple-chain search does.
func (c *chainer) multipleChains(sr *search) bool {
	c.sr = sr
	defer func() { c.sr = nil }()
	if !c.dynamic {
		c.buildStatic()
	}
	c.best = nil
	c.limits = [8]int{-1, -1, -1, -1, -1, -1, -1, -1}
	// Nishio chains stay on one digit: the memo skips the digits where they
	// found nothing before.
	var memo *digitMemo
	var skip [9]bool
	var dcells [9]cellSet81
	var found uint32
	if c.nishio {
		memo = sr.memo("nishio")
		skip, dcells = memo.skip(sr.g, true)
		defer func() {
			if sr.err == nil {
				memo.record(dcells, found)
			}
		}()
	}
	base := c.ruleBase()
	// binary weighs a hint proved by the two nodes: a contradiction from
	// assuming src on (or off), or a double implication.
	binary := func(dstOn, dstOff int32, absurd bool, src int, elim func() []int16, place int) {
		sk := 1
		if absurd || c.nishio {
			sk = 7
		}
		limit := c.bound(sk)
		a := c.ancestorsUpTo(dstOn, limit)
		if a > limit {
			return
		}
		b := c.ancestorsUpTo(dstOff, limit-a)
		if a+b > limit {
			return
		}
		k := a + b
		if c.level >= 2 {
			if k += c.nestedComplexity(dstOn, dstOff); k > limit {
				return
			}
		}
		h := &chainHint{kind: ckDouble, complexity: k, diff: base + lengthAdded(k), sortKey: sk,
			elim: elim(), place: place, source: src, targets: []int32{dstOn, dstOff}}
		switch {
		case c.nishio:
			h.kind, h.name = ckContradiction, c.prefix()+"Forcing Chains"+c.suffix()
		case absurd:
			h.kind, h.name = ckContradiction, c.prefix()+"Contradiction Forcing Chains"+c.suffix()
		default:
			h.name = c.prefix() + "Double Forcing Chains" + c.suffix()
		}
		c.setBest(h)
	}
	for cell := 0; cell < 81; cell++ {
		m := c.orig[cell]
		card := bits.OnesCount32(m)
		if !(card > 2 || card > 1 && c.dynamic) {
			continue
		}
		if sr.expired() {
			return false
		}
		var cellOn, cellOff []int16
		var runBuf [9]*crun
		valueRuns := runBuf[:0]
		for mm := m; mm != 0; mm &= mm - 1 {
			v := bits.TrailingZeros32(mm)
			pot := cell*9 + v
			if skip[v] {
				continue
			}
			onRun := c.runFrom(pot, true)
			// Static chains use no propagation from an "off" assumption
			// (SE computes it and drops the result).
			var offRun *crun
			if c.dynamic || c.nishio {
				offRun = c.runFrom(pot, false)
				if onRun.absurdOn >= 0 {
					found |= 1 << v
					binary(onRun.absurdOn, onRun.absurdOff, true, pot, func() []int16 { return []int16{int16(pot)} }, -1)
				}
				// A contradiction from the candidate off places it (the
				// cell has other candidates to remove: card >= 2).
				if offRun.absurdOn >= 0 {
					found |= 1 << v
					binary(offRun.absurdOn, offRun.absurdOff, true, pot, func() []int16 { return otherCands(m, pot) }, pot)
				}
			}
			if card >= 3 && !c.nishio && c.dynamic {
				for _, p := range onRun.onOrd {
					if id := offRun.on[p]; id != 0 && c.orig[p/9]&^(1<<(p%9)) != 0 {
						binary(onRun.on[p]-1, id-1, false, pot, func() []int16 { return otherCands(c.orig[p/9], int(p)) }, int(p))
					}
				}
				for _, p := range onRun.offOrd {
					if id := offRun.off[p]; id != 0 {
						binary(onRun.off[p]-1, id-1, false, pot, func() []int16 { return []int16{p} }, -1)
					}
				}
			}
			if !c.nishio {
				c.regionChains(cell, v, onRun)
			}
			if len(valueRuns) == 0 {
				cellOn = append(c.cellOn[:0], onRun.onOrd...)
				cellOff = append(c.cellOff[:0], onRun.offOrd...)
				c.cellOn, c.cellOff = cellOn, cellOff
			} else {
				cellOn = keepIn(cellOn, &onRun.on)
				cellOff = keepIn(cellOff, &onRun.off)
			}
			valueRuns = append(valueRuns, onRun)
		}
		if c.nishio || !(card == 2 || c.multiple && card > 2) {
			continue
		}
		c.reductions(cellOn, cellOff, valueRuns, ckCell, 5, cell, 0, c.prefix()+"Cell Forcing Chains"+c.suffix())
	}
	// A deadline that passed during the last cell (nested rounds poll it)
	// leaves runs unfinished: no hint from them.
	return !sr.expired()
}

// reductions weighs the hints of what every run of runs implies (on lists
// the pots implied on, off those implied off): cell forcing chains (the
// runs of a cell's candidates) or region forcing chains (of a digit's places
// in a unit).
func (c *chainer) reductions(on, off []int16, runs []*crun, kind chainKind, sk, source, digit int, name string) {
	base := c.ruleBase()
	for _, isOn := range [2]bool{true, false} {
		list := off
		if isOn {
			list = on
		}
		for _, p := range list {
			if isOn && c.orig[p/9]&^(1<<(p%9)) == 0 {
				continue // nothing to remove
			}
			limit := c.bound(sk)
			k := 0
			for _, r := range runs {
				id := r.off[p]
				if isOn {
					id = r.on[p]
				}
				k += c.ancestorsUpTo(id-1, limit-k)
				if k > limit {
					break
				}
			}
			if k > limit {
				continue
			}
			targets := make([]int32, len(runs))
			for i, r := range runs {
				id := r.off[p]
				if isOn {
					id = r.on[p]
				}
				targets[i] = id - 1
			}
			if c.level >= 2 {
				if k += c.nestedComplexity(targets...); k > limit {
					continue
				}
			}
			h := &chainHint{kind: kind, complexity: k, diff: base + lengthAdded(k), sortKey: sk,
				place: -1, source: source, digit: digit, targets: targets, name: name}
			if isOn {
				h.elim, h.place = otherCands(c.orig[p/9], int(p)), int(p)
			} else {
				h.elim = []int16{p}
			}
			c.setBest(h)
		}
	}
}

// bound returns the largest complexity a hint of kind sk (of the current
// rule) may have to beat the best one so far.
func (c *chainer) bound(sk int) int {
	if c.limits[sk] < 0 {
		c.limits[sk] = maxUseful(c.best, c.ruleBase(), sk)
	}
	return c.limits[sk]
}

// setBest makes h the best hint (it beats the previous best).
func (c *chainer) setBest(h *chainHint) {
	c.best = h
	c.limits = [8]int{-1, -1, -1, -1, -1, -1, -1, -1}
}

// keepIn keeps the pots of list present in set.
func keepIn(list []int16, set *[nPot]int32) []int16 {
	out := list[:0]
	for _, p := range list {
		if set[p] != 0 {
			out = append(out, p)
		}
	}
	return out
}

// regionChains finds the region forcing chains of digit v (0-8) in the units
// of cell whose first place of v is cell: what every place of v implies.
func (c *chainer) regionChains(cell, v int, onRun *crun) {
	geo := c.geo
	bit := uint32(1) << v
	for kind := 0; kind < 3; kind++ {
		u := geo.cellUnits[cell][kind]
		var placeBuf [9]int
		places := placeBuf[:0]
		for _, x := range geo.units[u] {
			if c.orig[x]&bit != 0 {
				places = append(places, x)
			}
		}
		if !(len(places) == 2 || c.multiple && len(places) > 2) || places[0] != cell {
			continue
		}
		var runBuf [9]*crun
		runs := runBuf[:len(places)]
		for i, x := range places {
			if x == cell {
				runs[i] = onRun
			} else {
				runs[i] = c.runFrom(x*9+v, true)
			}
		}
		regOn := append(c.regOn[:0], onRun.onOrd...)
		regOff := append(c.regOff[:0], onRun.offOrd...)
		c.regOn, c.regOff = regOn, regOff // keep the buffers grown
		for _, r := range runs[1:] {
			regOn = keepIn(regOn, &r.on)
			regOff = keepIn(regOff, &r.off)
		}
		c.reductions(regOn, regOff, runs, ckRegion, 6, u, v+1, c.prefix()+"Region Forcing Chains"+c.suffix())
	}
}

// step converts a chain hint to a Step.
func (c *chainer) step(h *chainHint, tech Technique) Step {
	geo := c.geo
	s := Step{Technique: tech, Name: h.name, Rating: tenths(h.diff)}
	cand := func(pot int) Candidate { return Candidate{geo.cellOf(pot / 9), pot%9 + 1} }
	for _, p := range h.elim {
		s.Eliminations = append(s.Eliminations, cand(int(p)))
	}
	if h.place >= 0 {
		s.Placements = []Candidate{cand(h.place)}
	}
	switch h.kind {
	case ckCell:
		s.Cells = []sudoku.Cell{geo.cellOf(h.source)}
	case ckRegion:
		s.Units = []sudoku.Unit{geo.unitOf(h.source)}
		s.Digits = []int{h.digit}
	default:
		s.Cells = []sudoku.Cell{geo.cellOf(h.source / 9)}
		s.Digits = []int{h.source%9 + 1}
	}
	// The chain: every implication leading to the targets, from the
	// assumptions on.
	seen := map[int32]bool{}
	var links []Link
	var walk func(id int32)
	walk = func(id int32) {
		if seen[id] {
			return
		}
		seen[id] = true
		for _, p := range c.parents(id) {
			walk(p)
			links = append(links, Link{From: c.nodeOf(p), To: c.nodeOf(id)})
		}
	}
	for _, t := range h.targets {
		walk(t)
	}
	s.Chain = links
	cellSeen := map[int]bool{}
	for _, l := range links {
		for _, n := range []Node{l.From, l.To} {
			i := n.Cell.Row*9 + n.Cell.Col
			if !cellSeen[i] {
				cellSeen[i] = true
				if h.kind != ckCell || i != h.source {
					s.Cells = append(s.Cells, n.Cell)
				}
			}
		}
	}
	return s
}

func (c *chainer) nodeOf(id int32) Node {
	key := c.nodes[id].key
	pot := int(key >> 1)
	return Node{Candidate: Candidate{c.geo.cellOf(pot / 9), pot%9 + 1}, On: key&1 != 0}
}

// emitChains sorts hints and emits them as steps until emit says stop.
func (c *chainer) emitChains(hints []*chainHint, tech func(*chainHint) Technique, emit emitFunc) bool {
	sortChainHints(hints)
	for _, h := range hints {
		if !emit(c.step(h, tech(h))) {
			return false
		}
	}
	return true
}

// findUnaryChains is Sukaku Explainer's "Forcing Chains & Cycles" rule: X
// cycles and chains, then Y cycles, then cycles and chains with both link
// kinds. It emits the rule's first hint only: the easiest, earliest in SE's
// order among equals.
func findUnaryChains(sr *search, emit emitFunc) bool {
	c := sr.chains()
	c.resetRule(false, false, false, 0)
	best, ok := c.unaryBest(sr)
	if !ok || best == nil {
		return ok
	}
	return c.emitChains([]*chainHint{best}, func(h *chainHint) Technique {
		switch {
		case h.kind == ckCycle:
			return Cycle
		case h.x && !h.y:
			return ForcingXChain
		}
		return ForcingChain
	}, emit)
}

// findMultipleChains runs a multiple-chain rule: Nishio (dynamic, digit
// links only, 7.5), multiple (static, 8.0) or dynamic (8.5) forcing chains.
// It emits the rule's first hint only: the easiest, earliest in SE's order
// among equals.
func findMultipleChains(sr *search, dynamic, nishio, multiple bool, level int, tech Technique, emit emitFunc) bool {
	c := sr.chains()
	c.resetRule(dynamic, nishio, multiple, level)
	if !c.multipleChains(sr) || c.best == nil {
		return sr.err == nil
	}
	return c.emitChains([]*chainHint{c.best}, func(*chainHint) Technique { return tech }, emit)
}
