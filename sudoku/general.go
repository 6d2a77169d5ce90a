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
// a cell with the fewest candidates). It allocates its buffers per solve.
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
	queue      []int16
	levels     [][]uint32

	// dirty holds, per unit, needHidden if a cell of it changed since its
	// last hidden-single scan, needLocked since the last box-line pass and
	// needPair since its best pair was last found.
	dirty         []uint8
	lockedChanged bool
}

// Flags of genSolver.dirty.
const (
	needHidden = 1 << iota
	needLocked
	needPair
	needAll = needHidden | needLocked | needPair
)

func newGenSolver(ctx context.Context, s Shape, limit int) *genSolver {
	geo := geomFor(s)
	pollMask := 255
	if geo.n >= 12 {
		pollMask = 0 // nodes of large grids are slow: poll at every node
	} else if geo.n > 6 {
		pollMask = 63
	}
	return &genSolver{geo: geo, ctx: ctx, limit: limit, pollMask: pollMask, pollRounds: geo.n >= 16, queue: make([]int16, 0, geo.cells),
		dirty: make([]uint8, len(geo.units))}
}

// run searches from the grid g (already validated without conflicts). The
// outcome is in s.count, s.first and s.err.
func (s *genSolver) run(g *Grid) {
	buf := s.level(0)
	cand := buf[:s.geo.cells]
	for i := range cand {
		if v := g.cells[i]; v != 0 {
			cand[i] = 1 << (v - 1)
		} else {
			cand[i] = s.geo.full
		}
	}
	s.search(0, buf, -1)
}

// level returns the buffer of a search depth: the cells' candidate masks,
// then the segment unions of the box-line pass (see locked) and each unit's
// best pair (see pair), which are kept with the state they describe.
func (s *genSolver) level(depth int) []uint32 {
	for len(s.levels) <= depth {
		geo := s.geo
		buf := make([]uint32, geo.cells+geo.n*(geo.br+geo.bc)+3*len(geo.units))
		s.levels = append(s.levels, buf)
	}
	return s.levels[depth]
}

// done reports whether the search must stop: enough solutions, or the context ended.
func (s *genSolver) done() bool { return s.count >= s.limit || s.err != nil }

func (s *genSolver) search(depth int, buf []uint32, branch int) {
	cand := buf[:s.geo.cells]
	s.nodes++
	if s.nodes&s.pollMask == 0 {
		if err := s.ctx.Err(); err != nil {
			s.err = err
			return
		}
	}
	if !s.propagate(buf, branch) {
		return
	}
	if !slices.ContainsFunc(cand, func(m uint32) bool { return m&placed == 0 }) {
		s.count++
		if s.count == 1 {
			s.first = append(s.first[:0], cand...)
		}
		return
	}
	next := s.level(depth + 1)
	// A digit with only two places in some unit is a binary branch, and
	// branching on those needs far fewer guesses on 16×16 than branching on
	// a cell with the fewest candidates, even one with two.
	if c1, c2, bit, ok := s.pair(buf); ok {
		for _, c := range [2]int{c1, c2} {
			s.guesses++
			copy(next, buf)
			next[c] = bit
			s.search(depth+1, next, c)
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
		next[best] = m & -m
		s.search(depth+1, next, best)
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
		var once, twice, thrice uint32
		for _, c := range unit {
			m := cand[c]
			if m&placed != 0 {
				continue
			}
			thrice |= twice & m
			twice |= once & m
			once |= m
		}
		best := uint32(none)
		for two := twice &^ thrice; two != 0; two &= two - 1 {
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

// propagate places every single until none is left. It returns false on a
// contradiction: a cell without candidates, or a digit without a place in a unit.
//
// branch is the only cell changed since the last propagate ended well (the
// branch taken), or -1 at the root, where everything is new.
func (s *genSolver) propagate(buf []uint32, branch int) bool {
	geo := s.geo
	cand := buf[:geo.cells]
	q := s.queue[:0]
	dirty := s.dirty
	if branch < 0 {
		for c, m := range cand {
			if m&placed == 0 && m&(m-1) == 0 {
				if m == 0 {
					return false
				}
				q = append(q, int16(c))
			}
		}
		for u := range dirty {
			dirty[u] = needAll
		}
	} else {
		clear(dirty)
		q = append(q, int16(branch))
		for _, u := range geo.unitsOf[branch] {
			dirty[u] = needAll
		}
	}
	for {
		// A round of a 25×25 grid can take a while: poll between rounds.
		if s.pollRounds {
			if err := s.ctx.Err(); err != nil {
				s.err = err
				return false
			}
		}
		for len(q) > 0 {
			c := q[len(q)-1]
			q = q[:len(q)-1]
			m := cand[c]
			if m&placed != 0 {
				continue
			}
			cand[c] = m | placed
			u := &geo.unitsOf[c]
			dirty[u[0]] |= needLocked | needPair
			dirty[u[1]] |= needLocked | needPair
			dirty[u[2]] |= needLocked | needPair
			for _, p := range geo.peers[c] {
				pm := cand[p]
				if pm&m == 0 {
					continue
				}
				if pm&placed != 0 {
					return false
				}
				pm &^= m
				cand[p] = pm
				u := &geo.unitsOf[p]
				dirty[u[0]], dirty[u[1]], dirty[u[2]] = needAll, needAll, needAll
				if pm&(pm-1) == 0 {
					if pm == 0 {
						return false
					}
					q = append(q, p)
				}
			}
		}
		changed := false
		for ui, unit := range geo.units {
			if dirty[ui]&needHidden == 0 {
				continue
			}
			dirty[ui] &^= needHidden
			var once, twice, fixed uint32
			for _, c := range unit {
				m := cand[c]
				if m&placed != 0 {
					fixed |= m
				}
				m &^= placed
				twice |= once & m
				once |= m
			}
			if once != geo.full {
				return false
			}
			for h := once &^ twice &^ fixed; h != 0; h &= h - 1 {
				bit := h & -h
				for _, c := range unit {
					m := cand[c]
					if m&bit == 0 {
						continue
					}
					if m == bit {
						break // already a naked single, queued
					}
					cand[c] = bit
					q = append(q, c)
					u := &geo.unitsOf[c]
					dirty[u[0]], dirty[u[1]], dirty[u[2]] = needAll, needAll, needAll
					changed = true
					break
				}
			}
		}
		if changed {
			continue
		}
		var ok bool
		if q, ok = s.locked(buf, q); !ok {
			return false
		}
		if len(q) == 0 && !s.lockedChanged {
			s.queue = q
			return true
		}
	}
}

// locked applies box-line interactions: a digit whose places in a box all lie
// in one row (or column) leaves the rest of that row (column), and a digit
// whose places in a row (column) all lie in one box leaves the rest of that
// box. New singles are appended to q. It returns false on a contradiction and
// sets s.lockedChanged if it removed any candidate. Only units changed since
// the last pass are looked at: the others would find nothing new.
func (s *genSolver) locked(buf []uint32, q []int16) ([]int16, bool) {
	geo := s.geo
	n, br, bc := geo.n, geo.br, geo.bc
	cand := buf[:geo.cells]
	s.lockedChanged = false
	// seg[r*br+j] is the union of the candidates of row r's open cells in box
	// column j; likewise colSeg[c*bc+i] over column c's open cells in box row i.
	// Placed digits are in no segment, so they never look locked. Both are
	// kept up to date for the rows and columns changed since the last pass.
	seg := buf[geo.cells : geo.cells+n*br]
	colSeg := buf[geo.cells+n*br:]
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
	remove := func(c int, bit uint32) bool {
		m := cand[c]
		if m&bit == 0 {
			return true
		}
		if m&placed != 0 {
			return false
		}
		m &^= bit
		cand[c] = m
		s.lockedChanged = true
		u := &geo.unitsOf[c]
		s.dirty[u[0]], s.dirty[u[1]], s.dirty[u[2]] = needAll, needAll, needAll
		if m&(m-1) == 0 {
			if m == 0 {
				return false
			}
			q = append(q, int16(c))
		}
		return true
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
					for c := 0; c < n; c++ {
						if c/bc != stack && !remove(r*n+c, bit) {
							return q, false
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
						if r/br != band && !remove(r*n+c, bit) {
							return q, false
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
						if !remove(rr*n+c, bit) {
							return q, false
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
						if cc != c && !remove(r*n+cc, bit) {
							return q, false
						}
					}
				}
				break
			}
		}
	}
	return q, true
}

// solution writes the first solution found into g.
func (s *genSolver) solution(g *Grid) {
	for i, m := range s.first {
		g.cells[i] = uint8(bits.TrailingZeros32(m&^placed) + 1)
	}
}
