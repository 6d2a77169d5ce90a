package sudoku

import (
	"context"
	"math/bits"
	"sync"
)

// geom holds the unit and peer tables of one shape, built once on first use.
type geom struct {
	n, cells int
	full     uint32    // candidate bits of digits 1..n (digit d is bit d-1)
	units    [][]int16 // 3n units (rows, columns, boxes), n cells each
	peers    [][]int16 // for each cell, the other cells sharing a unit with it
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
	g := &geom{n: n, cells: n * n, full: 1<<n - 1}
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
	for c := 0; c < g.cells; c++ {
		r, col := c/n, c%n
		b := (r/br)*br + col/bc
		seen := make(map[int16]bool)
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
// propagation of naked and hidden singles, and branching on a cell with the
// fewest candidates. It allocates its buffers per solve.
type genSolver struct {
	geo      *geom
	ctx      context.Context
	limit    int
	count    int
	first    []uint32 // the first solution's masks
	guesses  int64
	nodes    int
	pollMask int
	err      error // the context's error, once seen
	queue    []int16
	levels   [][]uint32
}

func newGenSolver(ctx context.Context, s Shape, limit int) *genSolver {
	geo := geomFor(s)
	pollMask := 255
	if geo.n >= 12 {
		pollMask = 0 // nodes of large grids are slow: poll at every node
	} else if geo.n > 6 {
		pollMask = 63
	}
	return &genSolver{geo: geo, ctx: ctx, limit: limit, pollMask: pollMask, queue: make([]int16, 0, geo.cells)}
}

// run searches from the grid g (already validated) and reports whether the
// search ended on its own (false when the context stopped it).
func (s *genSolver) run(g *Grid) {
	cand := s.level(0)
	for i := range cand {
		if v := g.cells[i]; v != 0 {
			cand[i] = 1 << (v - 1)
		} else {
			cand[i] = s.geo.full
		}
	}
	s.search(0, cand)
}

func (s *genSolver) level(depth int) []uint32 {
	for len(s.levels) <= depth {
		s.levels = append(s.levels, make([]uint32, s.geo.cells))
	}
	return s.levels[depth]
}

// done reports whether the search must stop: enough solutions, or the context ended.
func (s *genSolver) done() bool { return s.count >= s.limit || s.err != nil }

func (s *genSolver) search(depth int, cand []uint32) {
	s.nodes++
	if s.nodes&s.pollMask == 0 {
		if err := s.ctx.Err(); err != nil {
			s.err = err
			return
		}
	}
	if !s.propagate(cand) {
		return
	}
	best, bestN := -1, 64
	for c, m := range cand {
		if m&placed != 0 {
			continue
		}
		if k := bits.OnesCount32(m); k < bestN {
			best, bestN = c, k
			if k == 2 {
				break
			}
		}
	}
	if best < 0 {
		s.count++
		if s.count == 1 {
			s.first = append(s.first[:0], cand...)
		}
		return
	}
	next := s.level(depth + 1)
	for m := cand[best]; m != 0; m &= m - 1 {
		s.guesses++
		copy(next, cand)
		next[best] = m & -m
		s.search(depth+1, next)
		if s.done() {
			return
		}
	}
}

// propagate places every single until none is left. It returns false on a
// contradiction: a cell without candidates, or a digit without a place in a unit.
func (s *genSolver) propagate(cand []uint32) bool {
	geo := s.geo
	q := s.queue[:0]
	for c, m := range cand {
		if m&placed == 0 && m&(m-1) == 0 {
			if m == 0 {
				return false
			}
			q = append(q, int16(c))
		}
	}
	for {
		for len(q) > 0 {
			c := q[len(q)-1]
			q = q[:len(q)-1]
			m := cand[c]
			if m&placed != 0 {
				continue
			}
			cand[c] = m | placed
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
				if pm&(pm-1) == 0 {
					if pm == 0 {
						return false
					}
					q = append(q, p)
				}
			}
		}
		changed := false
		for _, unit := range geo.units {
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
					changed = true
					break
				}
			}
		}
		if !changed && len(q) == 0 {
			s.queue = q
			return true
		}
	}
}

// solution writes the first solution found into g.
func (s *genSolver) solution(g *Grid) {
	for i, m := range s.first {
		g.cells[i] = uint8(bits.TrailingZeros32(m&^placed) + 1)
	}
}
