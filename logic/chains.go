package logic

import (
	"math"
	"math/bits"
	"sort"
	"sync"
)

// The chaining engine (9×9 only) follows Sukaku Explainer's: a chain is a
// breadth-first propagation of implications from an assumption, over
// candidates assumed on (the digit is in the cell) or off. Each implied
// candidate records the candidates that implied it (its parents), so that a
// conclusion's chain, and its length, can be read back; the rating of a chain
// step grows with that length. A candidate is a "pot" (cell*9 + digit-1); a
// node is a candidate with its state, made once per chain.

const nPot = 81 * 9

// cnode is one implied candidate: key is pot<<1 | on, its parents are
// par[pstart : pstart+np] (node ids).
type cnode struct {
	key    int16
	np     int16
	pstart int32
}

// crun is one propagation: the nodes it reached, by pot, on and off (node id
// + 1, 0 when absent), in the order they were reached.
type crun struct {
	on, off       [nPot]int32
	onOrd, offOrd []int16
	// absurd holds the two nodes of a contradiction (the same candidate on
	// and off) when the propagation stopped at one; -1 otherwise.
	absurdOn, absurdOff int32
}

// reset empties r, clearing only the entries it holds.
func (r *crun) reset() {
	for _, p := range r.onOrd {
		r.on[p] = 0
	}
	for _, p := range r.offOrd {
		r.off[p] = 0
	}
	r.onOrd, r.offOrd = r.onOrd[:0], r.offOrd[:0]
	r.absurdOn, r.absurdOff = -1, -1
}

func (r *crun) addOn(pot int, id int32) {
	r.on[pot] = id + 1
	r.onOrd = append(r.onOrd, int16(pot))
}

func (r *crun) addOff(pot int, id int32) {
	r.off[pot] = id + 1
	r.offOrd = append(r.offOrd, int16(pot))
}

// onCand is an implied "on" candidate before it becomes a node: its hidden
// parents are hp[pstart : pstart+pn].
type onCand struct {
	pot        int16
	rule       int8 // -1: the cell's other candidate; 0-2: the unit kind
	pstart, pn int32
}

// chainer holds the state of the chain searches of one step.
type chainer struct {
	geo     *geom
	orig    [81]uint32   // the step's candidates
	cur     [81]uint32   // the working candidates (dynamic chains remove offs)
	origPos [256]uint16  // places of each digit in each unit (index u*9+d), for orig
	curPos  [256]uint16  // the same for cur
	t       *chainTables // fixed tables of the 9×9 shape

	// The rule being run: the chain kinds allowed, and the nesting level
	// of dynamic chains (0: none; see nested.go).
	dynamic, nishio, multiple bool
	level                     int
	// onCur makes static chains read the working grid instead of the
	// step's tables: the chains of a nested rule, run on the grid an outer
	// propagation left.
	onCur bool

	// The nested rounds: the grid's digits, a grid over the working
	// candidates for the techniques, and their offs.
	values []uint8
	sr     *search // the search whose deadline nested rounds poll
	tmp    Grid
	advOut []advOff
	advPar []int32
	// The hints of nested chain rules the rule's nodes were implied by
	// (nestOf: node id to index in nests), and the rule parents being
	// gathered (rp, with rpSeen stamped rpGen).
	nests  []nestInfo
	nestOf map[int32]int32
	rp     []int16
	rpSeen [nPot]uint32
	rpGen  uint32
	// The queues and runs of a nested rule's chains.
	nqOn, nqOff []int32
	nrunOf      map[int]*crun
	// The implications on the grid of the nested round, when ntabValid.
	ntab      *implTables
	ntabValid bool

	nodes   []cnode
	par     []int32
	runs    []*crun
	nrun    int
	cache   [2 * nPot]*crun // propagations from one candidate, by node key
	scratch crun            // the run of unary chains, reused
	ub      *ubfs           // the searches of unary chains

	// The implications on the step's grid (static chains), built once per
	// step: onOff[y][pot] and offOn[mode][pot] (mode: bit 0 y, bit 1 x).
	static bool
	implTables

	visit []uint32
	gen   uint32
	bfs   []int32

	offs            []int16
	regOn, regOff   []int16
	cellOn, cellOff []int16

	// The best hint of the multiple-chain rule being run, and the largest
	// complexity that could still beat it, per kind (-1: not computed).
	best   *chainHint
	limits [8]int
	ons    []onCand
	hp     []int32
	qOn    []int32
	qOff   []int32
}

// chainTables are the fixed tables of the 9×9 shape the chains read.
type chainTables struct {
	// outBox[cell][0/1]: the positions in the cell's row (column) outside
	// its box, as a mask over the unit's cells.
	outBox [81][2]uint16
	// posIn[cell][kind]: the position of the cell in its unit of that kind,
	// as a bit; unit9[cell][kind]: 9 × the unit's index.
	posIn [81][3]uint16
	unit9 [81][3]uint8
	// cells[u*9+k]: the k-th cell of unit u.
	cells [256]uint8
}

// chainTab builds the tables once, on first use.
var chainTab = sync.OnceValue(func() *chainTables {
	geo := geomFor(sudokuClassic)
	t := &chainTables{}
	for u := 0; u < 27; u++ {
		for k, c := range geo.units[u] {
			t.cells[u*9+k] = uint8(c)
		}
	}
	for c := 0; c < 81; c++ {
		for kind := 0; kind < 3; kind++ {
			t.unit9[c][kind] = uint8(geo.cellUnits[c][kind] * 9)
			t.posIn[c][kind] = 1 << geo.posInUnit[c][kind]
		}
		box := geo.cellUnits[c][kindBox]
		for i, kind := range [2]int{kindRow, kindCol} {
			for k, x := range geo.units[geo.cellUnits[c][kind]] {
				if geo.cellUnits[x][kindBox] != box {
					t.outBox[c][i] |= 1 << k
				}
			}
		}
	}
	return t
})

// chainers keeps chainers (with their buffers, some 10 MB when warm)
// between searches.
var chainers = sync.Pool{New: func() any { return newChainer(nil, nil) }}

// chains returns the search's chainer, set up for its grid.
func (s *search) chains() *chainer {
	if s.chainer == nil {
		s.chainer = chainers.Get().(*chainer)
	}
	return newChainer(s.g, s.chainer)
}

// release returns the search's chainer and triple table to their pools.
func (s *search) release() {
	if s.chainer != nil {
		chainers.Put(s.chainer)
		s.chainer = nil
	}
	if s.triples != nil {
		tripleMemos.Put(s.triples)
		s.triples = nil
	}
}

// newChainer returns a chainer for the grid g, reusing c's buffers when c
// is not nil; with g nil, a chainer to set up later.
func newChainer(g *Grid, c *chainer) *chainer {
	if c == nil {
		c = &chainer{visit: make([]uint32, 2*nPot), t: chainTab(), ub: &ubfs{}}
	}
	if g == nil {
		return c
	}
	c.geo = g.geo
	c.values = g.values
	for i := 0; i < 81; i++ {
		c.orig[i] = g.cands[i]
	}
	c.origPos = [256]uint16{}
	for u := 0; u < 27; u++ {
		for k := 0; k < 9; k++ {
			for m := c.orig[c.t.cells[u*9+k]]; m != 0; m &= m - 1 {
				c.origPos[u*9+bits.TrailingZeros32(m)] |= 1 << k
			}
		}
	}
	c.cur, c.curPos = c.orig, c.origPos
	c.static = false
	return c
}

// potList28 and potList4 are short lists of pots.
type potList28 struct {
	n uint8
	p [28]int16
}

type potList4 struct {
	n uint8
	p [4]int16
}

// buildStatic tabulates the implications on the step's grid.
func (c *chainer) buildStatic() {
	if c.static {
		return
	}
	c.static = true
	c.restore()
	c.fillTables(&c.onOff, &c.offOn)
}

// implTables are the implications on one grid, as buildStatic keeps them.
type implTables struct {
	onOff [2][nPot]potList28
	offOn [4][nPot]potList4
}

// nestedTables tabulates the implications on the working grid, once per
// nested round (the grid a propagation left, which the nested rules read).
func (c *chainer) nestedTables() *implTables {
	if c.ntab == nil {
		c.ntab = &implTables{}
	}
	if !c.ntabValid {
		c.ntabValid = true
		c.fillTables(&c.ntab.onOff, &c.ntab.offOn)
	}
	return c.ntab
}

// fillTables tabulates the implications on the working grid.
func (c *chainer) fillTables(onOff *[2][nPot]potList28, offOn *[4][nPot]potList4) {
	for pot := 0; pot < nPot; pot++ {
		if c.cur[pot/9]&(1<<(pot%9)) == 0 {
			for y := 0; y < 2; y++ {
				onOff[y][pot].n = 0
			}
			for mode := 0; mode < 4; mode++ {
				offOn[mode][pot].n = 0
			}
			continue
		}
		for y := 0; y < 2; y++ {
			l := &onOff[y][pot]
			l.n = uint8(copy(l.p[:], c.onToOff(pot, y == 1)))
		}
		for mode := 1; mode < 4; mode++ {
			l := &offOn[mode][pot]
			l.n = 0
			for _, o := range c.offToOn(nil, pot, mode&1 != 0, mode&2 != 0, false) {
				l.p[l.n] = o.pot
				l.n++
			}
		}
	}
}

// tabOnToOff and tabOffToOn read tables t.
func (t *implTables) tabOnToOff(pot int, y bool) []int16 {
	l := &t.onOff[b2i(y)][pot]
	return l.p[:l.n]
}

func (t *implTables) tabOffToOn(pot int, y, x bool) []int16 {
	l := &t.offOn[b2i(y)|b2i(x)<<1][pot]
	return l.p[:l.n]
}

// staticOnToOff is onToOff on the step's grid, from the tables.
func (c *chainer) staticOnToOff(pot int, y bool) []int16 {
	l := &c.onOff[b2i(y)][pot]
	return l.p[:l.n]
}

// staticOffToOn is offToOn on the step's grid, from the tables (no hidden
// parents: the grid does not change).
func (c *chainer) staticOffToOn(pot int, y, x bool) []int16 {
	l := &c.offOn[b2i(y)|b2i(x)<<1][pot]
	return l.p[:l.n]
}

// remove takes pot out of the working candidates.
func (c *chainer) remove(pot int) {
	cell, d := pot/9, uint8(pot%9)
	c.cur[cell] &^= 1 << d
	t := &c.t.unit9[cell]
	b := &c.t.posIn[cell]
	c.curPos[t[0]+d] &^= b[0]
	c.curPos[t[1]+d] &^= b[1]
	c.curPos[t[2]+d] &^= b[2]
}

// restore puts the working candidates back to the step's.
func (c *chainer) restore() { c.cur, c.curPos = c.orig, c.origPos }

// resetRule prepares for a rule: a new node arena and no cached runs.
func (c *chainer) resetRule(dynamic, nishio, multiple bool, level int) {
	c.dynamic, c.nishio, c.multiple, c.level = dynamic, nishio, multiple, level
	c.nodes, c.par = c.nodes[:0], c.par[:0]
	c.nests = c.nests[:0]
	clear(c.nestOf)
	c.nrun = 0
	clear(c.cache[:])
	c.restore()
}

func (c *chainer) newRun() *crun {
	if c.nrun == len(c.runs) {
		c.runs = append(c.runs, &crun{})
	}
	r := c.runs[c.nrun]
	c.nrun++
	r.reset()
	return r
}

// node makes a node for key with parent p (or none when p < 0) and the
// hidden parents hp[start:start+n].
func (c *chainer) node(key int, p int32, start, n int32) int32 {
	id := int32(len(c.nodes))
	nd := cnode{key: int16(key), pstart: int32(len(c.par))}
	if p >= 0 {
		c.par = append(c.par, p)
		nd.np++
	}
	for i := start; i < start+n; i++ {
		c.par = append(c.par, c.hp[i])
		nd.np++
	}
	c.nodes = append(c.nodes, nd)
	return id
}

func (c *chainer) parents(id int32) []int32 {
	nd := c.nodes[id]
	return c.par[nd.pstart : nd.pstart+int32(nd.np)]
}

// ancestors counts the distinct candidates (with their state) from which
// node id follows, itself included: Sukaku Explainer's chain complexity.
func (c *chainer) ancestors(id int32) int {
	c.gen++
	if c.gen == 0 {
		clear(c.visit)
		c.gen = 1
	}
	q := append(c.bfs[:0], id)
	count := 0
	for i := 0; i < len(q); i++ {
		n := q[i]
		k := c.nodes[n].key
		if c.visit[k] == c.gen {
			continue
		}
		c.visit[k] = c.gen
		count++
		q = append(q, c.parents(n)...)
	}
	c.bfs = q
	return count
}

// ancestorsUpTo is ancestors, but stops counting past limit (it then
// returns limit+1).
func (c *chainer) ancestorsUpTo(id int32, limit int) int {
	if limit < 1 {
		return limit + 1
	}
	c.gen++
	if c.gen == 0 {
		clear(c.visit)
		c.gen = 1
	}
	q := append(c.bfs[:0], id)
	count := 0
	for i := 0; i < len(q); i++ {
		n := q[i]
		k := c.nodes[n].key
		if c.visit[k] == c.gen {
			continue
		}
		c.visit[k] = c.gen
		count++
		if count > limit {
			break
		}
		q = append(q, c.parents(n)...)
	}
	c.bfs = q
	return count
}

// onToOff lists the candidates that go off when pot is on: the cell's other
// candidates (with y), the digit's other places in the box, then in the row
// and the column outside the box.
func (c *chainer) onToOff(pot int, y bool) []int16 {
	out := c.offs[:0]
	cell, d := pot/9, pot%9
	t := c.t
	if y {
		for m := c.cur[cell] &^ (1 << d); m != 0; m &= m - 1 {
			out = append(out, int16(cell*9+bits.TrailingZeros32(m)))
		}
	}
	box := t.unit9[cell][kindBox]
	for m := c.curPos[box+uint8(d)] &^ t.posIn[cell][kindBox]; m != 0; m &= m - 1 {
		out = append(out, int16(int(t.cells[box+uint8(bits.TrailingZeros16(m))])*9+d))
	}
	for i, kind := range [2]int{kindRow, kindCol} {
		u := t.unit9[cell][kind]
		for m := c.curPos[u+uint8(d)] & t.outBox[cell][i]; m != 0; m &= m - 1 {
			out = append(out, int16(int(t.cells[u+uint8(bits.TrailingZeros16(m))])*9+d))
		}
	}
	c.offs = out
	return out
}

// offToOn lists the candidates that go on when pot is off: the other
// candidate of a bivalue cell (with y), the other place of the digit in a
// box, row or column where it has two (with x). With hidden set (dynamic
// chains), each also gets as parents the offs of run r that made the cell
// bivalue or the place single.
func (c *chainer) offToOn(r *crun, pot int, y, x, hidden bool) []onCand {
	out := c.ons[:0]
	c.hp = c.hp[:0]
	cell, d := pot/9, pot%9
	t := c.t
	if y && bits.OnesCount32(c.cur[cell]) == 2 {
		m := c.cur[cell]
		other := bits.TrailingZeros32(m)
		if other == d {
			other = bits.TrailingZeros32(m &^ (1 << other))
		}
		oc := onCand{pot: int16(cell*9 + other), rule: -1, pstart: int32(len(c.hp))}
		if hidden {
			for m := c.orig[cell] &^ c.cur[cell]; m != 0; m &= m - 1 {
				if id := r.off[cell*9+bits.TrailingZeros32(m)]; id != 0 {
					c.hp = append(c.hp, id-1)
				}
			}
		}
		oc.pn = int32(len(c.hp)) - oc.pstart
		out = append(out, oc)
	}
	if x {
		for kind := 0; kind < 3; kind++ {
			u := t.unit9[cell][kind]
			m := c.curPos[u+uint8(d)] &^ t.posIn[cell][kind]
			if m == 0 || m&(m-1) != 0 {
				continue
			}
			p := int16(int(t.cells[u+uint8(bits.TrailingZeros16(m))])*9 + d)
			dup := false
			for _, o := range out {
				dup = dup || o.pot == p
			}
			if dup {
				continue
			}
			oc := onCand{pot: p, rule: int8(kind), pstart: int32(len(c.hp))}
			if hidden {
				for h := c.origPos[u+uint8(d)] &^ c.curPos[u+uint8(d)]; h != 0; h &= h - 1 {
					z := int(t.cells[u+uint8(bits.TrailingZeros16(h))])
					if id := r.off[z*9+d]; id != 0 {
						c.hp = append(c.hp, id-1)
					}
				}
			}
			oc.pn = int32(len(c.hp)) - oc.pstart
			out = append(out, oc)
		}
	}
	c.ons = out
	return out
}

// hiddenParents sets the hidden parents of o, implied by off node pot (in
// c.hp): the offs of run r that made o's cell bivalue or o's place single.
func (c *chainer) hiddenParents(r *crun, pot int, o *onCand) {
	c.hp = c.hp[:0]
	o.pstart = 0
	cell, d := pot/9, pot%9
	if o.rule < 0 {
		for m := c.orig[cell] &^ c.cur[cell]; m != 0; m &= m - 1 {
			if id := r.off[cell*9+bits.TrailingZeros32(m)]; id != 0 {
				c.hp = append(c.hp, id-1)
			}
		}
	} else {
		t := c.t
		u := t.unit9[cell][o.rule]
		for h := c.origPos[u+uint8(d)] &^ c.curPos[u+uint8(d)]; h != 0; h &= h - 1 {
			z := int(t.cells[u+uint8(bits.TrailingZeros16(h))])
			if id := r.off[z*9+d]; id != 0 {
				c.hp = append(c.hp, id-1)
			}
		}
	}
	o.pn = int32(len(c.hp))
}

// propagate runs the implications of the nodes already in r (its queues
// start from them) until nothing new follows or a candidate would be both
// on and off, which it records in r.absurdOn/absurdOff. Dynamic chains take
// each off out of the working grid as they go, so that later implications
// see it; the grid is restored at the end.
func (c *chainer) propagate(r *crun) {
	qOn := c.qOn[:0]
	qOff := c.qOff[:0]
	for _, p := range r.onOrd {
		qOn = append(qOn, r.on[p]-1)
	}
	for _, p := range r.offOrd {
		qOff = append(qOff, r.off[p]-1)
	}
	y := !c.nishio
	done := func() {
		c.qOn, c.qOff = qOn, qOff
		if c.dynamic {
			c.restore()
		}
	}
	for iOn, iOff := 0, 0; ; {
		if iOn < len(qOn) {
			p := qOn[iOn]
			iOn++
			var offs []int16
			if c.onCur {
				offs = c.ntab.tabOnToOff(int(c.nodes[p].key>>1), y)
			} else if c.dynamic {
				offs = c.onToOff(int(c.nodes[p].key>>1), y)
			} else {
				offs = c.staticOnToOff(int(c.nodes[p].key>>1), y)
			}
			for _, q := range offs {
				if id := r.on[q]; id != 0 {
					r.absurdOn, r.absurdOff = id-1, c.node(int(q)<<1, p, 0, 0)
					done()
					return
				}
				if r.off[q] == 0 {
					id := c.node(int(q)<<1, p, 0, 0)
					r.addOff(int(q), id)
					qOff = append(qOff, id)
				}
			}
			continue
		}
		if iOff < len(qOff) {
			p := qOff[iOff]
			iOff++
			pot := int(c.nodes[p].key >> 1)
			var ons []onCand
			if c.onCur {
				ons = c.ons[:0]
				for _, o := range c.ntab.tabOffToOn(pot, y, true) {
					ons = append(ons, onCand{pot: o})
				}
				c.ons = ons
			} else if c.dynamic {
				// Hidden parents are read later, for the ons kept only,
				// but before pot leaves the grid.
				ons = c.offToOn(r, pot, y, true, false)
			} else {
				ons = c.ons[:0]
				for _, o := range c.staticOffToOn(pot, y, true) {
					ons = append(ons, onCand{pot: o})
				}
				c.ons = ons
			}
			for i := range ons {
				o := &ons[i]
				id := r.off[o.pot]
				if id == 0 && r.on[o.pot] != 0 {
					continue
				}
				if c.dynamic {
					c.hiddenParents(r, pot, o)
				}
				if id != 0 {
					r.absurdOn, r.absurdOff = c.node(int(o.pot)<<1|1, p, o.pstart, o.pn), id-1
					done()
					return
				}
				nid := c.node(int(o.pot)<<1|1, p, o.pstart, o.pn)
				r.addOn(int(o.pot), nid)
				qOn = append(qOn, nid)
			}
			if c.dynamic {
				c.remove(pot)
			}
			continue
		}
		if c.level > 0 && c.nested(r, &qOff) {
			continue
		}
		done()
		return
	}
}

// nested runs a round of the nested techniques on the grid as run r left it
// and queues the offs they imply (on qOff); it reports whether there were
// new ones.
func (c *chainer) nested(r *crun, qOff *[]int32) bool {
	if c.sr != nil && c.sr.expired() {
		return false // the caller gives up the rule
	}
	added := false
	for _, a := range c.advanced(r) {
		if r.off[a.pot] != 0 {
			continue
		}
		id := c.nodeWith(int(a.pot)<<1, c.advPar[a.pstart:a.pstart+a.pcount])
		if a.nest >= 0 {
			if c.nestOf == nil {
				c.nestOf = map[int32]int32{}
			}
			c.nestOf[id] = a.nest
		}
		r.addOff(int(a.pot), id)
		*qOff = append(*qOff, id)
		added = true
	}
	return added
}

// nodeWith makes a node for key with the parents ps.
func (c *chainer) nodeWith(key int, ps []int32) int32 {
	id := int32(len(c.nodes))
	c.nodes = append(c.nodes, cnode{key: int16(key), pstart: int32(len(c.par)), np: int16(len(ps))})
	c.par = append(c.par, ps...)
	return id
}

// runFrom returns the propagation from pot assumed on (or off), computing
// it once per rule.
func (c *chainer) runFrom(pot int, on bool) *crun {
	key := int32(pot << 1)
	if on {
		key |= 1
	}
	if r := c.cache[key]; r != nil {
		return r
	}
	r := c.newRun()
	id := c.node(int(key), -1, 0, 0)
	if on {
		r.addOn(pot, id)
	} else {
		r.addOff(pot, id)
	}
	c.propagate(r)
	c.cache[key] = r
	return r
}

// lengthAdded is Sukaku Explainer's rating increase for a chain of the
// given complexity (number of nodes): 0.1 each time the length passes 4, 6,
// 8, 12, 16, 24, 32, ... (in floating point, as SE adds it).
func lengthAdded(complexity int) float64 {
	added := 0.0
	ceil := 4
	length := complexity - 2
	odd := false
	for length > ceil {
		added += 0.1
		if !odd {
			ceil = ceil * 3 / 2
		} else {
			ceil = ceil * 4 / 3
		}
		odd = !odd
	}
	return added
}

// tenths rounds an SE difficulty to a Rating.
func tenths(d float64) Rating { return Rating(math.Round(d * 10)) }

// chainKind tells the chaining hints apart.
type chainKind uint8

const (
	ckCycle chainKind = iota
	ckForcing
	ckContradiction // an assumption that leads to a contradiction
	ckDouble        // both states of a candidate imply the same
	ckCell          // every candidate of a cell implies the same
	ckRegion        // every place of a digit in a unit implies the same
)

// chainHint is a chaining deduction before sorting.
type chainHint struct {
	kind       chainKind
	x, y       bool // the link kinds of a unary chain
	diff       float64
	complexity int
	sortKey    int
	seq        int
	elim       []int16 // pots removed
	place      int     // pot placed, or -1
	// What the step shows: the source candidate or cell or unit, and the
	// nodes whose chains prove it.
	source  int // pot (unary, binary), cell (cell), unit (region)
	digit   int // region: the digit (1-9)
	targets []int32
	name    string
}

// sortChainHints orders hints as Sukaku Explainer does: by difficulty, then
// complexity, then kind, keeping the order found among equals.
func sortChainHints(h []*chainHint) {
	sort.SliceStable(h, func(a, b int) bool {
		x, y := h[a], h[b]
		if x.diff != y.diff {
			return x.diff < y.diff
		}
		if x.complexity != y.complexity {
			return x.complexity < y.complexity
		}
		return x.sortKey < y.sortKey
	})
}
