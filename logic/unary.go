package logic

import "math/bits"

// The unary chains (cycles and forcing chains of Sukaku Explainer's
// "Forcing Chains & Cycles" rule) on a static grid. SE propagates from each
// candidate three times per link kind (a cycle search, and forcing chains
// from the candidate on and off); the cycle search keeps duplicate "off"
// nodes and is the costliest. Here one breadth-first search from the
// candidate on gives both its forcing chain and its cycles, because:
//   - the search trees agree: a candidate first implied at some depth has
//     the same first parent in both searches;
//   - a cycle SE finds is an "on" node p at depth 2 or more, one of whose
//     "off" implications q is not an ancestor of p and itself implies the
//     start again; its complexity is depth(p)+2.
// The searches are also cut as soon as no chain of the remaining depth can
// beat the best hint found: only the first hint of the rule is wanted.

// ubfs holds a breadth-first search over node keys (pot<<1 | on).
type ubfs struct {
	seen   [2 * nPot]uint32
	gen    uint32
	parent [2 * nPot]int16
	depth  [2 * nPot]int16
	cur    []int16
	next   []int16
}

func (b *ubfs) start() {
	b.gen++
	if b.gen == 0 {
		clear(b.seen[:])
		b.gen = 1
	}
}

func (b *ubfs) visited(k int) bool { return b.seen[k] == b.gen }

func (b *ubfs) visit(k, parent, depth int) {
	b.seen[k] = b.gen
	b.parent[k] = int16(parent)
	b.depth[k] = int16(depth)
}

// isAncestor reports whether key k is on the first-parent path of key p.
func (b *ubfs) isAncestor(p, k int) bool {
	for b.parent[p] >= 0 {
		p = int(b.parent[p])
		if p == k {
			return true
		}
	}
	return false
}

// unaryKind is one pass of the rule: the link kinds and the hints' base.
type unaryKind struct {
	y, x    bool
	sortKey int
	cycle   float64 // base difficulty of its cycles
	forcing float64 // of its forcing chains (0: none)
}

var unaryKinds = [3]unaryKind{
	{y: false, x: true, sortKey: 2, cycle: 6.5, forcing: 6.6},
	{y: true, x: false, sortKey: 3, cycle: 6.5},
	{y: true, x: true, sortKey: 4, cycle: 7.0, forcing: 7.0},
}

// better reports whether a hint (d, k, sk) found later beats best.
func better(best *chainHint, d float64, k, sk int) bool {
	if best == nil {
		return true
	}
	if d != best.diff {
		return d < best.diff
	}
	if k != best.complexity {
		return k < best.complexity
	}
	return sk < best.sortKey
}

// maxUseful returns the largest complexity for which a hint of base
// difficulty base and kind sk could still beat best (-1 for none; a large
// number when there is no best yet).
func maxUseful(best *chainHint, base float64, sk int) int {
	if best == nil {
		return 1 << 20
	}
	k := 1
	for ; k < 400 && better(best, base+lengthAdded(k+1), k+1, sk); k++ {
	}
	if !better(best, base+lengthAdded(k), k, sk) {
		return k - 1
	}
	return k
}

// unaryBest finds the first hint of SE's "Forcing Chains & Cycles" rule:
// the easiest cycle or forcing chain, earliest in SE's order among equals.
func (c *chainer) unaryBest(sr *search) (*chainHint, bool) {
	c.buildStatic()
	var best *chainHint
	// X-chains and X-cycles stay on one digit: the memo skips the digits
	// where they found nothing before.
	memo := sr.memo("x-chains")
	skip, dcells := memo.skip(sr.g, false)
	for ki, kind := range unaryKinds {
		if ki == 1 && best == nil {
			memo.record(dcells, 0)
		}
		for cell := 0; cell < 81; cell++ {
			m := c.orig[cell]
			card := bits.OnesCount32(m)
			if card <= 1 {
				continue
			}
			if sr.expired() {
				return nil, false
			}
			if !kind.x && card > 2 {
				continue
			}
			for mm := m; mm != 0; mm &= mm - 1 {
				d := bits.TrailingZeros32(mm)
				if ki == 0 && skip[d] {
					continue
				}
				best = c.unaryFrom(cell*9+d, kind, best)
			}
		}
	}
	return best, true
}

// cycleEnds returns the offs that imply pot src on, in the candidates cands
// (and pos, the places of each digit in each unit): with kind.y the other
// candidate of its cell when it has two, with kind.x the other place of its
// digit in each unit where the digit has two. They close src's cycles.
func (c *chainer) cycleEnds(src int, kind unaryKind, cands *[81]uint32, pos *[256]uint16) (pre [4]int, n int) {
	cell, d := src/9, src%9
	if kind.y && bits.OnesCount32(cands[cell]) == 2 {
		pre[n] = cell*9 + bits.TrailingZeros32(cands[cell]&^(1<<d))
		n++
	}
	if kind.x {
		for k := 0; k < 3; k++ {
			u := c.t.unit9[cell][k]
			m := pos[u+uint8(d)] &^ c.t.posIn[cell][k]
			if m != 0 && m&(m-1) == 0 {
				q := int(c.t.cells[u+uint8(bits.TrailingZeros16(m))])*9 + d
				dup := false
				for _, x := range pre[:n] {
					dup = dup || x == q
				}
				if !dup {
					pre[n] = q
					n++
				}
			}
		}
	}
	return pre, n
}

// unaryFrom searches the cycles and forcing chains from candidate src and
// returns the best of them and best.
func (c *chainer) unaryFrom(src int, kind unaryKind, best *chainHint) *chainHint {
	// The offs that imply src on: they close its cycles.
	pre, npre := c.cycleEnds(src, kind, &c.orig, &c.origPos)
	limit := func() int {
		k := maxUseful(best, kind.cycle, kind.sortKey)
		if kind.forcing > 0 {
			k = max(k, maxUseful(best, kind.forcing, kind.sortKey))
		}
		return k
	}
	b := c.ub
	// From src on: cycles, and the forcing chain to src off.
	target := b.onToOff(src, limit(), kind.y, kind.x, kind.forcing > 0, pre[:npre], &c.implTables,
		func(pk, qk int) int {
			best = c.considerCycle(src, pk, qk, kind, best)
			return limit()
		})
	if target >= 0 {
		best = c.considerForcing(src, false, target, kind, best)
	}
	if kind.forcing == 0 {
		return best
	}
	// From src off: the forcing chain to src on.
	target = b.offToOn(src, maxUseful(best, kind.forcing, kind.sortKey), kind.y, &c.implTables)
	if target >= 0 {
		best = c.considerForcing(src, true, target, kind, best)
	}
	return best
}

// onToOff searches, from pot src on, the cycles back to it and the forcing
// chain to src off: the links of t from on to off and from off to on (weak
// with x), in turn, breadth first, in at most lim steps; y allows the links
// of the y-kind. A link from on to off that reaches one of pre (the pots a
// link from src off would turn on) two steps deep or more, off a path that
// does not hold it already, closes a cycle: closed gets its two keys and
// returns the step limit from then on. With forcing, it returns the key of
// the first on node found that turns src off, or -1; the search is left in
// b for the path back.
func (b *ubfs) onToOff(src, lim int, y, x, forcing bool, pre []int, t *implTables, closed func(pk, qk int) int) int {
	b.start()
	b.visit(src<<1|1, -1, 0)
	b.cur = append(b.cur[:0], int16(src))
	target := -1
	for depth := 0; len(b.cur) > 0 && depth+2 <= lim; depth += 2 {
		// ons at depth → offs at depth+1
		b.next = b.next[:0]
		for _, p := range b.cur {
			pk := int(p)<<1 | 1
			for _, q := range t.tabOnToOff(int(p), y) {
				qk := int(q) << 1
				if depth >= 2 {
					for _, x := range pre {
						if x == int(q) && !b.isAncestor(pk, qk) {
							lim = closed(pk, qk)
						}
					}
				}
				if forcing && int(q) == src && target < 0 {
					target = pk
				}
				if !b.visited(qk) {
					b.visit(qk, pk, depth+1)
					b.next = append(b.next, q)
				}
			}
		}
		b.cur, b.next = b.next, b.cur
		// offs at depth+1 → ons at depth+2
		b.next = b.next[:0]
		for _, q := range b.cur {
			qk := int(q) << 1
			for _, o := range t.tabOffToOn(int(q), y, x) {
				ok := int(o)<<1 | 1
				if !b.visited(ok) {
					b.visit(ok, qk, depth+2)
					b.next = append(b.next, o)
				}
			}
		}
		b.cur, b.next = b.next, b.cur
	}
	return target
}

// offToOn searches, from pot src off, the forcing chain to src on: the
// links of t from off to on (weak ones too) and from on to off, in turn,
// breadth first, in at most lim steps; y allows the links of the y-kind. It
// returns the key of the off node that turns src on, or -1; the search is
// left in b for the path back. The unary chains search the step's grid's
// tables, the nested ones those of their round.
func (b *ubfs) offToOn(src, lim int, y bool, t *implTables) int {
	b.start()
	b.visit(src<<1, -1, 0)
	b.cur = append(b.cur[:0], int16(src))
	target := -1
	for depth := 0; len(b.cur) > 0 && depth+2 <= lim && target < 0; depth += 2 {
		b.next = b.next[:0]
		for _, q := range b.cur {
			qk := int(q) << 1
			for _, o := range t.tabOffToOn(int(q), y, true) {
				ok := int(o)<<1 | 1
				if int(o) == src && target < 0 {
					target = qk
				}
				if !b.visited(ok) {
					b.visit(ok, qk, depth+1)
					b.next = append(b.next, o)
				}
			}
		}
		b.cur, b.next = b.next, b.cur
		if target >= 0 {
			break
		}
		b.next = b.next[:0]
		for _, p := range b.cur {
			pk := int(p)<<1 | 1
			for _, q := range t.tabOnToOff(int(p), y) {
				qk := int(q) << 1
				if !b.visited(qk) {
					b.visit(qk, pk, depth+2)
					b.next = append(b.next, q)
				}
			}
		}
		b.cur, b.next = b.next, b.cur
	}
	return target
}

// pathNodes turns the first-parent path of key k (back to the root) into
// arena nodes and returns the node of k.
func (c *chainer) pathNodes(k int) int32 {
	b := c.ub
	if b.parent[k] < 0 {
		return c.node(k, -1, 0, 0)
	}
	p := c.pathNodes(int(b.parent[k]))
	return c.node(k, p, 0, 0)
}

// considerCycle weighs the cycle that closes from on node pk through off
// node qk back to src.
func (c *chainer) considerCycle(src, pk, qk int, kind unaryKind, best *chainHint) *chainHint {
	b := c.ub
	k := int(b.depth[pk]) + 2
	diff := kind.cycle + lengthAdded(k)
	if !better(best, diff, k, kind.sortKey) {
		return best
	}
	mark := len(c.nodes)
	dst := c.node(src<<1|1, c.node(qk, c.pathNodes(pk), 0, 0), 0, 0)
	h := c.cycleHint(dst, kind.y, kind.x)
	if h == nil {
		c.nodes = c.nodes[:mark]
		return best
	}
	return h
}

// considerForcing weighs the forcing chain from src (off when srcOff) whose
// last node before the opposite of src is key pk.
func (c *chainer) considerForcing(src int, srcOff bool, pk int, kind unaryKind, best *chainHint) *chainHint {
	b := c.ub
	k := int(b.depth[pk]) + 2
	diff := kind.forcing + lengthAdded(k)
	if !better(best, diff, k, kind.sortKey) {
		return best
	}
	tkey := src << 1
	if srcOff {
		tkey |= 1
	}
	mark := len(c.nodes)
	t := c.node(tkey, c.pathNodes(pk), 0, 0)
	h := c.forcingHint(t, kind.y, kind.x)
	if h == nil {
		c.nodes = c.nodes[:mark]
		return best
	}
	return h
}
