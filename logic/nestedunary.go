package logic

import (
	"math"
	"math/bits"
	"sort"
)

// The nested rules of levels 2 and 3 run SE's chain rules on the grid a
// propagation leaves and hand back every hint they find (not only the
// first), sorted as SE sorts them; each hint's eliminations become offs of
// the outer chain, implied by the candidates the hint needed gone (its rule
// parents), and the hint's own complexity adds to that of any outer chain
// that uses them (once per distinct hint: SE's FullChain).

// nestHint is a hint of a nested rule, as the outer chain uses it.
type nestHint struct {
	diff       float64
	complexity int
	sortKey    int
	removes    []int16 // the candidates it removes, in SE's order
	parents    []int16 // its rule parents (candidates, off), in SE's order
	id         uint64  // identity of its chains (SE's FullChain)
}

// nestInfo is what an outer node implied by a nested hint keeps of it.
type nestInfo struct {
	complexity int
	id         uint64
}

// cause is how an implication holds, as SE records it: the cell's other
// candidate (naked single) or the digit's other place in a unit (hidden
// single in a box, row or column); it says which removed candidates a
// nested chain needed.
const (
	causeNone = -2
	causeCell = -1 // 0-2: the unit kind
)

// offCause is the cause of off b implied by on a (SE's getOnToOff): the
// cell, else the box, else the row, else the column.
func (c *chainer) offCause(a, b int) int {
	ca, cb := a/9, b/9
	switch {
	case ca == cb:
		return causeCell
	case c.geo.cellUnits[ca][kindBox] == c.geo.cellUnits[cb][kindBox]:
		return kindBox
	case ca/9 == cb/9:
		return kindRow
	}
	return kindCol
}

// onCause is the cause of on b implied by off a on the working grid (SE's
// getOffToOn): the cell when both are in it, else the first unit kind (box,
// row, column) where the digit's only other place is b.
func (c *chainer) onCause(a, b int) int {
	ca, cb := a/9, b/9
	if ca == cb {
		return causeCell
	}
	d := uint8(a % 9)
	t := c.t
	for kind := 0; kind < 3; kind++ {
		if c.geo.cellUnits[ca][kind] != c.geo.cellUnits[cb][kind] {
			continue
		}
		if c.curPos[t.unit9[ca][kind]+d] == t.posIn[ca][kind]|t.posIn[cb][kind] {
			return kind
		}
	}
	return causeNone
}

// addCauseParents adds to the rule parents (in c.rp, deduplicated with
// c.rpSeen) the candidates of the source grid src that the working grid
// lacks and that an implication of cause cause at candidate pot needed:
// the cell's for a naked single, the digit's in the unit for a hidden one.
func (c *chainer) addCauseParents(src *[81]uint32, pot, cause int) {
	cell, d := pot/9, pot%9
	add := func(p int) {
		if c.rpSeen[p] != c.rpGen {
			c.rpSeen[p] = c.rpGen
			c.rp = append(c.rp, int16(p))
		}
	}
	switch {
	case cause == causeCell:
		for m := src[cell] &^ c.cur[cell]; m != 0; m &= m - 1 {
			add(cell*9 + bits.TrailingZeros32(m))
		}
	case cause >= 0:
		u := c.geo.cellUnits[cell][cause]
		for _, z := range c.geo.units[u] {
			if src[z]&^c.cur[z]&(1<<d) != 0 {
				add(z*9 + d)
			}
		}
	}
}

// startParents starts a new set of rule parents.
func (c *chainer) startParents() {
	c.rp = c.rp[:0]
	c.rpGen++
	if c.rpGen == 0 {
		clear(c.rpSeen[:])
		c.rpGen = 1
	}
}

// chainID hashes a chain's nodes (keys) into an identity.
func chainID(h uint64, keys []int16) uint64 {
	for _, k := range keys {
		h ^= uint64(uint16(k))
		h *= 1099511628211
	}
	h ^= 0xffff
	h *= 1099511628211
	return h
}

const fnvOffset = 14695981039346656037

// unaryHints runs SE's "Forcing Chains & Cycles" rule on the working grid
// and returns every hint it finds, as the rule hands them to a nested
// caller: X passes, then Y, then both, each cell and digit in order, each
// source's cycles then its forcing chains; sorted by difficulty, complexity
// and kind; those removing the same candidates as an earlier one left out.
// src is the grid the outer propagation started from.
func (c *chainer) unaryHints(src *[81]uint32) []*nestHint {
	t := c.nestedTables()
	var hints []*nestHint
	for _, kind := range unaryKinds {
		for cell := 0; cell < 81; cell++ {
			m := c.cur[cell]
			card := bits.OnesCount32(m)
			if c.values[cell] != 0 || card <= 1 || !kind.x && card > 2 {
				continue
			}
			for mm := m; mm != 0; mm &= mm - 1 {
				hints = c.unaryAll(t, src, cell*9+bits.TrailingZeros32(mm), kind, hints)
			}
		}
	}
	return sortNested(hints)
}

// sortNested sorts nested hints as SE does (stable, by difficulty,
// complexity and kind) and drops those whose eliminations equal an earlier
// one's (SE keeps them in a set whose equality is that).
func sortNested(hints []*nestHint) []*nestHint {
	sort.SliceStable(hints, func(a, b int) bool {
		x, y := hints[a], hints[b]
		if x.diff != y.diff {
			return x.diff < y.diff
		}
		if x.complexity != y.complexity {
			return x.complexity < y.complexity
		}
		return x.sortKey < y.sortKey
	})
	seen := map[string]bool{}
	out := hints[:0]
	for _, h := range hints {
		set := append([]int16(nil), h.removes...)
		sort.Slice(set, func(a, b int) bool { return set[a] < set[b] })
		k := string(int16sBytes(set))
		if seen[k] {
			continue
		}
		seen[k] = true
		out = append(out, h)
	}
	return out
}

func int16sBytes(s []int16) []byte {
	b := make([]byte, 2*len(s))
	for i, v := range s {
		b[2*i], b[2*i+1] = byte(v), byte(v>>8)
	}
	return b
}

// unaryAll appends the hints of SE's unary chaining from candidate s0 (its
// cycles, then its forcing chains from s0 on and off) to hints.
func (c *chainer) unaryAll(t *implTables, src *[81]uint32, s0 int, kind unaryKind, hints []*nestHint) []*nestHint {
	// The offs that imply s0 on: they close its cycles.
	pre, npre := c.cycleEnds(s0, kind, &c.cur, &c.curPos)
	b := c.ub
	type closing struct{ p, q int }
	var cycles []closing
	// the on node implying s0 off
	target := b.onToOff(s0, math.MaxInt, kind.y, kind.x, kind.x, pre[:npre], t,
		func(pk, qk int) int {
			cycles = append(cycles, closing{pk, qk})
			return math.MaxInt
		})
	for _, cy := range cycles {
		if h := c.nestedCycle(src, s0, cy.p, cy.q, kind); h != nil {
			hints = append(hints, h)
		}
	}
	if kind.forcing == 0 {
		return hints
	}
	if target >= 0 {
		path := append(c.pathKeys(target), int16(s0<<1))
		hints = append(hints, c.nestedForcing(src, path, kind, []int16{int16(s0)}))
	}
	// From s0 off: the forcing chain to s0 on.
	target = b.offToOn(s0, math.MaxInt, kind.y, t)
	if target >= 0 {
		path := append(c.pathKeys(target), int16(s0<<1|1))
		hints = append(hints, c.nestedForcing(src, path, kind, otherCands(c.cur[s0/9], s0)))
	}
	return hints
}

// pathKeys returns the first-parent path of key k in the search, from the
// root.
func (c *chainer) pathKeys(k int) []int16 {
	b := c.ub
	var out []int16
	for ; k >= 0; k = int(b.parent[k]) {
		out = append(out, int16(k))
		if b.parent[k] < 0 {
			break
		}
	}
	for i, j := 0, len(out)-1; i < j; i, j = i+1, j-1 {
		out[i], out[j] = out[j], out[i]
	}
	return out
}

// causeAt returns the cause of node path[i] (from path[i-1]).
func (c *chainer) causeAt(path []int16, i int) int {
	if i == 0 {
		return causeNone
	}
	a, b := int(path[i-1]>>1), int(path[i]>>1)
	if path[i]&1 != 0 {
		return c.onCause(a, b)
	}
	return c.offCause(a, b)
}

// nestedForcing builds the hint of a forcing chain along path (keys from
// the assumption to the target, its opposite) that removes removes.
func (c *chainer) nestedForcing(src *[81]uint32, path []int16, kind unaryKind, removes []int16) *nestHint {
	k := len(path)
	h := &nestHint{complexity: k, sortKey: kind.sortKey, diff: kind.forcing + lengthAdded(k), removes: removes}
	// Rule parents: the ons of the chain, from the target back (SE's
	// getChain from the target).
	c.startParents()
	rev := make([]int16, k)
	for i := k - 1; i >= 0; i-- {
		rev[k-1-i] = path[i]
		if path[i]&1 != 0 {
			c.addCauseParents(src, int(path[i]>>1), c.causeAt(path, i))
		}
	}
	h.parents = append([]int16(nil), c.rp...)
	h.id = chainID(fnvOffset, rev)
	return h
}

// nestedCycle builds the hint of the cycle from s0 on through on node pk and
// off node qk back to s0 on, or nil when it removes nothing.
func (c *chainer) nestedCycle(src *[81]uint32, s0, pk, qk int, kind unaryKind) *nestHint {
	path := append(c.pathKeys(pk), int16(qk), int16(s0<<1|1))
	n := len(path)
	// The cells of the cycle, and the candidates seeing its ons (forw) and
	// its offs (back), in SE's order: from the end back, each node's peers
	// in ascending order.
	var inChain cellSet81
	for i := n - 1; i >= 1; i-- {
		inChain.add(int(path[i]>>1) / 9)
	}
	var forwSeen, backSeen [nPot]bool
	var forw []int16
	for i := n - 1; i >= 1; i-- {
		pot := int(path[i] >> 1)
		cell, d := pot/9, pot%9
		on := path[i]&1 != 0
		for _, v := range c.geo.peers[cell] {
			if inChain.has(v) || c.cur[v]&(1<<d) == 0 {
				continue
			}
			p := v*9 + d
			if on {
				if !forwSeen[p] {
					forwSeen[p] = true
					forw = append(forw, int16(p))
				}
			} else {
				backSeen[p] = true
			}
		}
	}
	var cancel []Candidate
	for _, p := range forw {
		if backSeen[p] {
			cancel = append(cancel, Candidate{c.geo.cellOf(int(p) / 9), int(p)%9 + 1})
		}
	}
	if len(cancel) == 0 {
		return nil
	}
	k := n - 1 // the last node is the first again
	h := &nestHint{complexity: k, sortKey: kind.sortKey, diff: kind.cycle + lengthAdded(k)}
	for _, e := range javaMapOrder(cancel) {
		h.removes = append(h.removes, int16((e.Cell.Row*9+e.Cell.Col)*9+e.Digit-1))
	}
	// Rule parents: the ons of the cycle from its end back (the first node
	// again last, as the end); then those of the reversed cycle (SE's
	// dstOff), whose ons are the offs of this one with their causes.
	c.startParents()
	for i := n - 1; i >= 1; i-- {
		if path[i]&1 != 0 {
			c.addCauseParents(src, int(path[i]>>1), c.causeAt(path, i))
		}
	}
	for i := 1; i < n-1; i++ {
		if path[i]&1 == 0 {
			c.addCauseParents(src, int(path[i]>>1), c.causeAt(path, i))
		}
	}
	h.parents = append([]int16(nil), c.rp...)
	// Identity: the chain from the end back (without the first node, equal
	// to the end), then the reversed one from the first node off.
	fw := make([]int16, 0, n-1)
	for i := n - 1; i >= 1; i-- {
		fw = append(fw, path[i])
	}
	bw := make([]int16, 0, n-1)
	for i := 0; i < n-1; i++ {
		bw = append(bw, path[i]^1)
	}
	h.id = chainID(chainID(fnvOffset, fw), bw)
	return h
}
