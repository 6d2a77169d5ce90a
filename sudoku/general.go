package sudoku

import (
	"context"
	"math/bits"
	"slices"
	"sync"
)

// geom holds the unit and peer tables of one shape, built once on first use.
type geom struct {
	n, cells int
	br, bc   int
	full     uint32     // candidate bits of digits 1..n (digit d is bit d-1)
	units    [][]int16  // 3n units (rows, columns, boxes), n cells each
	peers    [][]int16  // for each cell, the other cells sharing a unit with it
	unitsOf  [][3]int16 // for each cell, its row, column and box (indexes into units)
}

var (
	geomOnce [MaxSize + 1]sync.Once
	geomTab  [MaxSize + 1]*geom
)

// geomFor returns the tables of the valid shape s.
func geomFor(s Shape) *geom {
	n := s.Size()
	geomOnce[n].Do(func() { geomTab[n] = buildGeom(s) })
	return geomTab[n]
}

func buildGeom(s Shape) *geom {
	n, br, bc := s.Size(), s.BoxRows, s.BoxCols
	g := &geom{n: n, cells: n * n, br: br, bc: bc, full: 1<<n - 1}
	for u := 0; u < n; u++ {
		row := make([]int16, 0, n)
		col := make([]int16, 0, n)
		box := make([]int16, 0, n)
		r0, c0 := (u/br)*br, (u%br)*bc
		for k := 0; k < n; k++ {
			row = append(row, int16(u*n+k))
			col = append(col, int16(k*n+u))
			box = append(box, int16((r0+k/bc)*n+c0+k%bc))
		}
		g.units = append(g.units, row, col, box)
	}
	g.peers = make([][]int16, g.cells)
	g.unitsOf = make([][3]int16, g.cells)
	for c := 0; c < g.cells; c++ {
		r, col := c/n, c%n
		b := (r/br)*br + col/bc
		g.unitsOf[c] = [3]int16{int16(3 * r), int16(3*col + 1), int16(3*b + 2)}
		var seen [MaxCells]bool
		for _, u := range [3]int{3 * r, 3*col + 1, 3*b + 2} {
			for _, p := range g.units[u] {
				if int(p) != c && !seen[p] {
					seen[p] = true
					g.peers[c] = append(g.peers[c], p)
				}
			}
		}
	}
	return g
}

// placed marks, in a candidate mask, a cell whose digit has been propagated.
const placed = 1 << 31

// genSolver is the search for any shape: one candidate mask per cell,
// propagation of naked and hidden singles and box-line interactions, and
// branching on a digit with two places in a unit (or, when there is none, on
// a cell with the fewest candidates). Its buffers are kept between solves
// (see genPools).
type genSolver struct {
	geo      *geom
	ctx      context.Context
	limit    int
	count    int
	first    []uint32 // the first solution's masks
	guesses  int64
	nodes    int
	pollMask int
	// pollRounds makes propagate poll the context between its rounds too.
	pollRounds bool
	err        error // the context's error, once seen
	levels     [][]uint32
	counts     [][]uint8

	// dirty holds, per unit, needLocked if a cell of it changed since the
	// last box-line pass and needPair since its best pair was last found.
	dirty         []uint8
	lockedChanged bool

	// The state propagate works on (views of the current level) and its
	// work lists: cells that became singles, and units with a digit down to
	// one place (unit<<5 | digit-1).
	cand   []uint32
	cnt    []uint8  // cnt[unit*n+d]: cells of the unit that may hold digit d+1, placed one included
	fixed  []uint32 // fixed[unit]: digits placed in the unit
	queue  []int16
	hidden []int32
}

// Flags of genSolver.dirty.
const (
	needLocked = 1 << iota
	needPair
	needAll = needLocked | needPair
)

// genPools keeps solvers, with their buffers, between solves: one pool per
// grid size, so that a solve allocates nothing once its pool is warm.
var genPools [MaxSize + 1]sync.Pool

// newGenSolver returns a solver for shape s, from its pool when there is one
// there. Give it back with release when done.
func newGenSolver(ctx context.Context, s Shape, limit int) *genSolver {
	geo := geomFor(s)
	gs, _ := genPools[geo.n].Get().(*genSolver)
	if gs == nil {
		gs = &genSolver{geo: geo, queue: make([]int16, 0, geo.cells), hidden: make([]int32, 0, 64), dirty: make([]uint8, len(geo.units))}
	}
	pollMask := 255
	if geo.n >= 12 {
		pollMask = 0 // nodes of large grids are slow: poll at every node
	} else if geo.n > 6 {
		pollMask = 63
	}
	// Every other field is set up again by run and propagate, or is a
	// buffer whose contents are overwritten before they are read.
	gs.ctx, gs.limit, gs.pollMask, gs.pollRounds = ctx, limit, pollMask, geo.n >= 16
	gs.count, gs.guesses, gs.nodes, gs.err = 0, 0, 0, nil
	gs.first = gs.first[:0]
	return gs
}

// release puts s back in its pool; s must not be used afterwards.
func (s *genSolver) release() {
	s.ctx, s.err = nil, nil
	s.cand, s.cnt, s.fixed = nil, nil, nil
	genPools[s.geo.n].Put(s)
}

// run searches from the grid g (already validated without conflicts). The
// outcome is in s.count, s.first and s.err.
func (s *genSolver) run(g *Grid) {
	buf, cnt := s.level(0)
	cand := buf[:s.geo.cells]
	for i := range cand {
		if v := g.cells[i]; v != 0 {
			cand[i] = 1 << (v - 1)
		} else {
			cand[i] = s.geo.full
		}
	}
	s.search(0, buf, cnt, -1, 0)
}

// level returns the buffers of a search depth: the cells' candidate masks,
// then the segment unions of the box-line pass (see locked), each unit's best
// pair (see pair) and each unit's placed digits; and the unit-digit counts.
// All are kept with the state they describe and copied with it.
func (s *genSolver) level(depth int) ([]uint32, []uint8) {
	for len(s.levels) <= depth {
		geo := s.geo
		units := len(geo.units)
		s.levels = append(s.levels, make([]uint32, geo.cells+geo.n*(geo.br+geo.bc)+4*units))
		s.counts = append(s.counts, make([]uint8, units*geo.n))
	}
	return s.levels[depth], s.counts[depth]
}

// done reports whether the search must stop: enough solutions, or the context ended.
func (s *genSolver) done() bool { return s.count >= s.limit || s.err != nil }

// search explores the state in buf and cnt, where the cell branch (unless
// it is -1, at the root) has just been given the candidate bit.
func (s *genSolver) search(depth int, buf []uint32, cnt []uint8, branch int, bit uint32) {
	cand := buf[:s.geo.cells]
	s.nodes++
	if s.nodes&s.pollMask == 0 {
		if err := s.ctx.Err(); err != nil {
			s.err = err
			return
		}
	}
	if !s.propagate(buf, cnt, branch, bit) {
		return
	}
	if !slices.ContainsFunc(cand, func(m uint32) bool { return m&placed == 0 }) {
		s.count++
		if s.count == 1 {
			s.first = append(s.first[:0], cand...)
		}
		return
	}
	next, nextCnt := s.level(depth + 1)
	// A digit with only two places in some unit is a binary branch, and
	// branching on those needs far fewer guesses on 16×16 than branching on
	// a cell with the fewest candidates, even one with two.
	if c1, c2, bit, ok := s.pair(buf); ok {
		for _, c := range [2]int{c1, c2} {
			s.guesses++
			copy(next, buf)
			copy(nextCnt, cnt)
			s.search(depth+1, next, nextCnt, c, bit)
			if s.done() {
				return
			}
		}
		return
	}
	best, bestN := -1, 64
	for c, m := range cand {
		if m&placed == 0 {
			if k := bits.OnesCount32(m); k < bestN {
				best, bestN = c, k
			}
		}
	}
	for m := cand[best]; m != 0; m &= m - 1 {
		s.guesses++
		copy(next, buf)
		copy(nextCnt, cnt)
		s.search(depth+1, next, nextCnt, best, m&-m)
		if s.done() {
			return
		}
	}
}

// pair finds a digit (bit) with exactly two places, c1 and c2, in some unit,
// preferring the pair whose cells have the smallest product of candidate
// counts (on 16x16.txt: 42 guesses per puzzle, against 49 for the smallest
// sum and 452 for branching on a cell with fewest candidates). Each unit's
// best pair is kept in buf, as three words (score, c1<<16|c2, bit), and
// recomputed only when the unit changed.
func (s *genSolver) pair(buf []uint32) (c1, c2 int, bit uint32, ok bool) {
	geo := s.geo
	cand := buf[:geo.cells]
	cache := buf[geo.cells+geo.n*(geo.br+geo.bc):]
	const none = 1 << 30
	for ui, unit := range geo.units {
		if s.dirty[ui]&needPair == 0 {
			continue
		}
		s.dirty[ui] &^= needPair
		// Digits with two places (a placed digit has one: its cell).
		var twos uint32
		for d, k := range s.cnt[ui*geo.n : ui*geo.n+geo.n] {
			if k == 2 {
				twos |= 1 << d
			}
		}
		best := uint32(none)
		for two := twos; two != 0; two &= two - 1 {
			b := two & -two
			a, k1 := -1, 0
			for _, c := range unit {
				if m := cand[c]; m&placed == 0 && m&b != 0 {
					k := bits.OnesCount32(m)
					if a < 0 {
						a, k1 = int(c), k
						continue
					}
					if score := uint32(k1 * k); score < best {
						best = score
						cache[3*ui+1] = uint32(a)<<16 | uint32(c)
						cache[3*ui+2] = b
					}
					break
				}
			}
		}
		cache[3*ui] = best
	}
	bestScore, bestUnit := uint32(none), -1
	for ui := range geo.units {
		if sc := cache[3*ui]; sc < bestScore {
			bestScore, bestUnit = sc, ui
		}
	}
	if bestUnit < 0 {
		return 0, 0, 0, false
	}
	cc := cache[3*bestUnit+1]
	return int(cc >> 16), int(cc & 0xFFFF), cache[3*bestUnit+2], true
}

// propagate places every single until none is left, and applies box-line
// interactions. It returns false on a contradiction: a cell without
// candidates, or a digit without a place in a unit.
//
// Hidden singles come from counts kept per unit and digit: a removal that
// leaves a digit one place in a unit (where it is not placed yet) puts the
// unit on a list, so no unit is ever scanned for them.
func (s *genSolver) propagate(buf []uint32, cnt []uint8, branch int, bit uint32) bool {
	geo := s.geo
	n := geo.n
	cand := buf[:geo.cells]
	s.cand, s.cnt = cand, cnt
	s.fixed = buf[len(buf)-len(geo.units):]
	s.queue, s.hidden = s.queue[:0], s.hidden[:0]
	dirty := s.dirty
	if branch < 0 {
		for u := range dirty {
			dirty[u] = needAll
		}
		clear(cnt)
		clear(s.fixed)
		for ui, unit := range geo.units {
			c8 := cnt[ui*n : ui*n+n]
			for _, c := range unit {
				for m := cand[c]; m != 0; m &= m - 1 {
					c8[bits.TrailingZeros32(m)]++
				}
			}
			for d, k := range c8 {
				if k == 0 {
					return false
				}
				if k == 1 {
					s.hidden = append(s.hidden, int32(ui<<5|d))
				}
			}
		}
		for c, m := range cand {
			if m&(m-1) == 0 {
				s.queue = append(s.queue, int16(c))
			}
		}
	} else {
		clear(dirty)
		if !s.remove(branch, cand[branch]&^bit) {
			return false
		}
		if m := cand[branch]; m&placed == 0 && m&(m-1) == 0 && !slices.Contains(s.queue, int16(branch)) {
			s.queue = append(s.queue, int16(branch))
		}
	}
	fixed := s.fixed
	for {
		// A round of a 25×25 grid can take a while: poll between rounds.
		if s.pollRounds {
			if err := s.ctx.Err(); err != nil {
				s.err = err
				return false
			}
		}
		for len(s.queue) > 0 || len(s.hidden) > 0 {
			if k := len(s.queue); k > 0 {
				c := s.queue[k-1]
				s.queue = s.queue[:k-1]
				m := cand[c]
				if m&placed != 0 {
					continue
				}
				cand[c] = m | placed
				for _, u := range geo.unitsOf[c] {
					if fixed[u]&m != 0 {
						return false
					}
					fixed[u] |= m
					dirty[u] = needAll
				}
				for _, p := range geo.peers[c] {
					if cand[p]&m != 0 && !s.remove(int(p), m) {
						return false
					}
				}
				continue
			}
			k := len(s.hidden) - 1
			h := s.hidden[k]
			s.hidden = s.hidden[:k]
			u, bit := h>>5, uint32(1)<<(h&31)
			if fixed[u]&bit != 0 {
				continue
			}
			at := -1
			for _, c := range geo.units[u] {
				if cand[c]&bit != 0 {
					at = int(c)
					break
				}
			}
			if at < 0 {
				return false
			}
			if m := cand[at]; m != bit && !s.remove(at, m&^bit) {
				return false
			}
		}
		s.lockedChanged = false
		if !s.locked(buf) {
			return false
		}
		if !s.lockedChanged {
			return true
		}
	}
}

// remove takes the candidates rm from cell c, keeping the counts, the work
// lists and the dirty flags up to date. It returns false on a contradiction.
func (s *genSolver) remove(c int, rm uint32) bool {
	m := s.cand[c]
	if rm &= m; rm == 0 {
		return true
	}
	if m&placed != 0 {
		return false
	}
	m &^= rm
	s.cand[c] = m
	if m == 0 {
		return false
	}
	s.lockedChanged = true
	n := s.geo.n
	us := &s.geo.unitsOf[c]
	u0, u1, u2 := int(us[0]), int(us[1]), int(us[2])
	s.dirty[u0], s.dirty[u1], s.dirty[u2] = needAll, needAll, needAll
	cnt := s.cnt
	for r := rm; r != 0; r &= r - 1 {
		d := bits.TrailingZeros32(r)
		i0, i1, i2 := u0*n+d, u1*n+d, u2*n+d
		k0, k1, k2 := cnt[i0]-1, cnt[i1]-1, cnt[i2]-1
		cnt[i0], cnt[i1], cnt[i2] = k0, k1, k2
		if min(k0, k1, k2) > 1 {
			continue
		}
		for j, k := range [3]uint8{k0, k1, k2} {
			if k > 1 {
				continue
			}
			if k == 0 {
				return false
			}
			if u := us[j]; s.fixed[u]&(1<<d) == 0 {
				s.hidden = append(s.hidden, int32(u)<<5|int32(d))
			}
		}
	}
	if m&(m-1) == 0 {
		s.queue = append(s.queue, int16(c))
	}
	return true
}

// locked applies box-line interactions: a digit whose places in a box all lie
// in one row (or column) leaves the rest of that row (column), and a digit
// whose places in a row (column) all lie in one box leaves the rest of that
// box. It returns false on a contradiction; a removal sets s.lockedChanged.
// Only units changed since the last pass are looked at: the others would
// find nothing new.
func (s *genSolver) locked(buf []uint32) bool {
	geo := s.geo
	n, br, bc := geo.n, geo.br, geo.bc
	cand := buf[:geo.cells]
	// seg[r*br+j] is the union of the candidates of row r's open cells in box
	// column j; likewise colSeg[c*bc+i] over column c's open cells in box row i.
	// Placed digits are in no segment, so they never look locked. Both are
	// kept up to date for the rows and columns changed since the last pass.
	seg := buf[geo.cells : geo.cells+n*br]
	colSeg := buf[geo.cells+n*br : geo.cells+n*(br+bc)]
	// Take this pass's work list: removals below mark units for the next.
	var rows, cols, boxes [MaxSize]bool
	for u := 0; u < n; u++ {
		rows[u] = s.dirty[3*u]&needLocked != 0
		cols[u] = s.dirty[3*u+1]&needLocked != 0
		boxes[u] = s.dirty[3*u+2]&needLocked != 0
		s.dirty[3*u] &^= needLocked
		s.dirty[3*u+1] &^= needLocked
		s.dirty[3*u+2] &^= needLocked
	}
	for r := 0; r < n; r++ {
		if !rows[r] {
			continue
		}
		row := cand[r*n : r*n+n]
		for j := 0; j < br; j++ {
			var m uint32
			for _, v := range row[j*bc : j*bc+bc] {
				m |= v &^ uint32(int32(v)>>31) // placed cells count for nothing
			}
			seg[r*br+j] = m
		}
	}
	for c := 0; c < n; c++ {
		if !cols[c] {
			continue
		}
		for i := 0; i < bc; i++ {
			var m uint32
			for k := i * br; k < i*br+br; k++ {
				v := cand[k*n+c]
				m |= v &^ uint32(int32(v)>>31)
			}
			colSeg[c*bc+i] = m
		}
	}
	for band := 0; band < bc; band++ {
		for stack := 0; stack < br; stack++ {
			if !boxes[band*br+stack] {
				continue
			}
			// Box (band, stack): rows band*br.., columns stack*bc...
			// Pointing along rows.
			var once, twice uint32
			for t := 0; t < br; t++ {
				m := seg[(band*br+t)*br+stack]
				twice |= once & m
				once |= m
			}
			for e := once &^ twice; e != 0; e &= e - 1 {
				bit := e & -e
				for t := 0; t < br; t++ {
					r := band*br + t
					if seg[r*br+stack]&bit == 0 {
						continue
					}
					row := cand[r*n : r*n+n]
					for c, v := range row {
						if v&bit != 0 && c/bc != stack && !s.remove(r*n+c, bit) {
							return false
						}
					}
					break
				}
			}
			// Pointing along columns.
			once, twice = 0, 0
			for t := 0; t < bc; t++ {
				m := colSeg[(stack*bc+t)*bc+band]
				twice |= once & m
				once |= m
			}
			for e := once &^ twice; e != 0; e &= e - 1 {
				bit := e & -e
				for t := 0; t < bc; t++ {
					c := stack*bc + t
					if colSeg[c*bc+band]&bit == 0 {
						continue
					}
					for r := 0; r < n; r++ {
						if cand[r*n+c]&bit != 0 && r/br != band && !s.remove(r*n+c, bit) {
							return false
						}
					}
					break
				}
			}
		}
	}
	// Claiming: a row's digit confined to one box leaves the box's other rows.
	for r := 0; r < n; r++ {
		if !rows[r] {
			continue
		}
		var once, twice uint32
		for j := 0; j < br; j++ {
			m := seg[r*br+j]
			twice |= once & m
			once |= m
		}
		for e := once &^ twice; e != 0; e &= e - 1 {
			bit := e & -e
			for j := 0; j < br; j++ {
				if seg[r*br+j]&bit == 0 {
					continue
				}
				r0 := r / br * br
				for rr := r0; rr < r0+br; rr++ {
					for c := j * bc; c < j*bc+bc && rr != r; c++ {
						if cand[rr*n+c]&bit != 0 && !s.remove(rr*n+c, bit) {
							return false
						}
					}
				}
				break
			}
		}
	}
	for c := 0; c < n; c++ {
		if !cols[c] {
			continue
		}
		var once, twice uint32
		for i := 0; i < bc; i++ {
			m := colSeg[c*bc+i]
			twice |= once & m
			once |= m
		}
		for e := once &^ twice; e != 0; e &= e - 1 {
			bit := e & -e
			for i := 0; i < bc; i++ {
				if colSeg[c*bc+i]&bit == 0 {
					continue
				}
				c0 := c / bc * bc
				for r := i * br; r < i*br+br; r++ {
					for cc := c0; cc < c0+bc; cc++ {
						if cc != c && cand[r*n+cc]&bit != 0 && !s.remove(r*n+cc, bit) {
							return false
						}
					}
				}
				break
			}
		}
	}
	return true
}

// solution writes the first solution found into g.
func (s *genSolver) solution(g *Grid) {
	for i, m := range s.first {
		g.cells[i] = uint8(bits.TrailingZeros32(m&^placed) + 1)
	}
}
