package generate

import (
	"math/bits"
	"sync"

	"github.com/sudokubot/sudokubot/sudoku"
)

// geometry holds the units and peers of one shape, built once and shared.
type geometry struct {
	n, cells int
	units    [][]int // rows, columns, boxes: the cells of each
	peers    [][]int // the other cells sharing a unit with each cell
}

var geometries sync.Map // sudoku.Shape → *geometry

func geometryOf(s sudoku.Shape) *geometry {
	if g, ok := geometries.Load(s); ok {
		return g.(*geometry)
	}
	n := s.Size()
	g := &geometry{n: n, cells: n * n, units: make([][]int, 3*n), peers: make([][]int, n*n)}
	for i := 0; i < g.cells; i++ {
		r, c := i/n, i%n
		b := r/s.BoxRows*s.BoxRows + c/s.BoxCols
		g.units[r] = append(g.units[r], i)
		g.units[n+c] = append(g.units[n+c], i)
		g.units[2*n+b] = append(g.units[2*n+b], i)
	}
	for i := 0; i < g.cells; i++ {
		r, c := i/n, i%n
		for j := 0; j < g.cells; j++ {
			rj, cj := j/n, j%n
			same := rj == r || cj == c ||
				(rj/s.BoxRows == r/s.BoxRows && cj/s.BoxCols == c/s.BoxCols)
			if j != i && same {
				g.peers[i] = append(g.peers[i], j)
			}
		}
	}
	v, _ := geometries.LoadOrStore(s, g)
	return v.(*geometry)
}

// singlesOnly reports whether naked and hidden singles alone solve g, a
// puzzle with one solution. It is the generator's quick first look: a
// puzzle that singles solve is never Hard or above, and one they don't
// solve is never Easy, so it spares the logic engine most of the rejects.
func singlesOnly(g *sudoku.Grid) bool {
	geo := geometryOf(g.Shape())
	full := uint32(1)<<geo.n - 1
	var cand [sudoku.MaxCells]uint32
	var val [sudoku.MaxCells]uint8
	left := geo.cells
	for i := 0; i < geo.cells; i++ {
		cand[i] = full
	}
	place := func(i int, d uint8) {
		val[i] = d
		cand[i] = 0
		left--
		bit := ^(uint32(1) << (d - 1))
		for _, p := range geo.peers[i] {
			cand[p] &= bit
		}
	}
	for i := 0; i < geo.cells; i++ {
		if v := g.At(i); v != 0 {
			place(i, uint8(v))
		}
	}
	for changed := true; changed && left > 0; {
		changed = false
		for i := 0; i < geo.cells; i++ {
			if val[i] != 0 {
				continue
			}
			m := cand[i]
			if m == 0 {
				return false // no solution this way: not ours to judge
			}
			if m&(m-1) == 0 {
				place(i, uint8(bits.TrailingZeros32(m)+1))
				changed = true
			}
		}
		for _, unit := range geo.units {
			var once, twice uint32
			for _, i := range unit {
				twice |= once & cand[i]
				once |= cand[i]
			}
			for hidden := once &^ twice; hidden != 0; hidden &= hidden - 1 {
				bit := hidden & -hidden
				for _, i := range unit {
					if cand[i]&bit != 0 {
						place(i, uint8(bits.TrailingZeros32(bit)+1))
						changed = true
						break
					}
				}
			}
		}
	}
	return left == 0
}
