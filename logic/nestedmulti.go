package logic

import "math/bits"

// The nested rule of level 3: SE's static multiple forcing chains (cell and
// region forcing chains) on the grid an outer propagation leaves, every hint
// of them.

// nestedState saves what a nested rule's own chains change in the chainer.
type nestedState struct {
	dynamic, nishio, multiple, onCur bool
	level                            int
	qOn, qOff                        []int32
	nodes, par                       int
	nrun                             int
}

// enterNested switches the chainer to static chains on the working grid,
// with queues of their own; leaveNested drops what they made.
func (c *chainer) enterNested() nestedState {
	st := nestedState{c.dynamic, c.nishio, c.multiple, c.onCur, c.level, c.qOn, c.qOff, len(c.nodes), len(c.par), c.nrun}
	c.dynamic, c.nishio, c.multiple, c.onCur, c.level = false, false, true, true, 0
	c.qOn, c.qOff = c.nqOn, c.nqOff
	return st
}

func (c *chainer) leaveNested(st nestedState) {
	c.nqOn, c.nqOff = c.qOn, c.qOff
	c.dynamic, c.nishio, c.multiple, c.onCur, c.level = st.dynamic, st.nishio, st.multiple, st.onCur, st.level
	c.qOn, c.qOff = st.qOn, st.qOff
	c.nodes, c.par, c.nrun = c.nodes[:st.nodes], c.par[:st.par], st.nrun
}

// nestedRun propagates candidate pot assumed on, statically on the working
// grid (stopping at a contradiction, as SE's does); runs of one round are
// shared through c.nrunOf.
func (c *chainer) nestedRun(pot int) *crun {
	if r := c.nrunOf[pot]; r != nil {
		return r
	}
	r := c.newRun()
	r.addOn(pot, c.node(pot<<1|1, -1, 0, 0))
	c.propagate(r)
	c.nrunOf[pot] = r
	return r
}

// multipleHints runs SE's static "Multiple Forcing Chains" rule on the
// working grid and returns every hint it finds, as it hands them to a
// nested caller: for each cell of three candidates or more, the region
// chains of each of its candidates (where the cell is the first place of the
// digit in the unit), then the cell chains; sorted and without repeats as
// unaryHints. src is the grid the outer propagation started from.
func (c *chainer) multipleHints(src *[81]uint32) []*nestHint {
	c.nestedTables()
	st := c.enterNested()
	defer c.leaveNested(st)
	if c.nrunOf == nil {
		c.nrunOf = map[int]*crun{}
	}
	clear(c.nrunOf)
	defer clear(c.nrunOf)
	var hints []*nestHint
	for cell := 0; cell < 81; cell++ {
		m := c.cur[cell]
		if c.values[cell] != 0 || bits.OnesCount32(m) <= 2 {
			continue
		}
		var cellOn, cellOff []int16
		var runs []*crun
		for mm := m; mm != 0; mm &= mm - 1 {
			v := bits.TrailingZeros32(mm)
			onRun := c.nestedRun(cell*9 + v)
			hints = c.nestedRegions(src, cell, v, onRun, hints)
			if runs == nil {
				cellOn = append([]int16(nil), onRun.onOrd...)
				cellOff = append([]int16(nil), onRun.offOrd...)
			} else {
				cellOn = keepIn(cellOn, &onRun.on)
				cellOff = keepIn(cellOff, &onRun.off)
			}
			runs = append(runs, onRun)
		}
		hints = c.nestedReductions(src, cellOn, cellOff, runs, causeCell, cell, hints)
	}
	return sortNested(hints)
}

// nestedRegions appends the region chains of digit v (0-8) from cell: in
// each unit of the cell where v has two places or more, the first being the
// cell, what every place implies.
func (c *chainer) nestedRegions(src *[81]uint32, cell, v int, onRun *crun, hints []*nestHint) []*nestHint {
	geo := c.geo
	bit := uint32(1) << v
	for kind := 0; kind < 3; kind++ {
		u := geo.cellUnits[cell][kind]
		var places []int
		for _, x := range geo.units[u] {
			if c.cur[x]&bit != 0 {
				places = append(places, x)
			}
		}
		if len(places) < 2 || places[0] != cell {
			continue
		}
		runs := make([]*crun, len(places))
		for i, x := range places {
			if x == cell {
				runs[i] = onRun
			} else {
				runs[i] = c.nestedRun(x*9 + v)
			}
		}
		on := append([]int16(nil), onRun.onOrd...)
		off := append([]int16(nil), onRun.offOrd...)
		for _, r := range runs[1:] {
			on = keepIn(on, &r.on)
			off = keepIn(off, &r.off)
		}
		hints = c.nestedReductions(src, on, off, runs, kind, u, hints)
	}
	return hints
}

// nestedReductions appends the hints of what every run implies, on (the
// other candidates of its cell go) then off: a cell's (cause causeCell,
// source the cell) or a unit's (cause the unit kind, source the unit).
func (c *chainer) nestedReductions(src *[81]uint32, on, off []int16, runs []*crun, cause, source int, hints []*nestHint) []*nestHint {
	sk := 6
	if cause == causeCell {
		sk = 5
	}
	targets := make([]int32, len(runs))
	for _, isOn := range [2]bool{true, false} {
		list := off
		if isOn {
			list = on
		}
		for _, p := range list {
			var removes []int16
			if isOn {
				removes = otherCands(c.cur[p/9], int(p))
				if len(removes) == 0 {
					continue
				}
			} else {
				removes = []int16{p}
			}
			k := 0
			for i, r := range runs {
				id := r.off[p]
				if isOn {
					id = r.on[p]
				}
				targets[i] = id - 1
				k += c.ancestors(id - 1)
			}
			h := &nestHint{complexity: k, sortKey: sk, diff: 8.0 + lengthAdded(k), removes: removes}
			// Rule parents, target by target: the assumption's own (the
			// cell's removed candidates, or the digit's in the unit), then
			// those of each on implied along the chain.
			c.startParents()
			id := uint64(fnvOffset)
			for _, t := range targets {
				id = c.chainParents(src, t, cause, source, id)
			}
			h.parents = append([]int16(nil), c.rp...)
			h.id = id
			hints = append(hints, h)
		}
	}
	return hints
}

// chainParents adds the rule parents of the chain ending at node t (a
// static chain: one parent per node) and returns the identity h extended by
// its nodes. The assumption at its root has the cause of the hint: the cell
// (cause causeCell) or the unit kind.
func (c *chainer) chainParents(src *[81]uint32, t int32, cause, source int, h uint64) uint64 {
	var keys []int16
	for n := t; ; {
		key := c.nodes[n].key
		keys = append(keys, key)
		ps := c.parents(n)
		if key&1 != 0 {
			pot := int(key >> 1)
			if len(ps) == 0 {
				c.addCauseParents(src, pot, cause)
			} else {
				c.addCauseParents(src, pot, c.onCause(int(c.nodes[ps[0]].key>>1), pot))
			}
		}
		if len(ps) == 0 {
			break
		}
		n = ps[0]
	}
	return chainID(h, keys)
}
