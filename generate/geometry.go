package generate

import (
	"sync"

	"github.com/sudokubot/sudokubot/sudoku"
)

// geometry holds the units and peers of one shape, built once and shared.
type geometry struct {
	n, cells int
	units    [][]int // rows, columns, boxes: the cells of each
	peers    [][]int // the other cells sharing a unit with each cell
	box      []int   // the box of each cell
	row, col []int   // the row and column of each cell
	// For a digit's places in a unit (bit k for the unit's k-th cell), the
	// places that share a second unit with place k: in a row, those of its
	// box (inBox[0]); in a column, those of its box (inBox[1]); in a box,
	// those of its row (inBox[2]) and of its column (boxCol).
	inBox  [3][sudoku.MaxSize]uint32
	boxCol [sudoku.MaxSize]uint32
}

var geometries sync.Map // sudoku.Shape → *geometry

func geometryOf(s sudoku.Shape) *geometry {
	if g, ok := geometries.Load(s); ok {
		return g.(*geometry)
	}
	n := s.Size()
	g := &geometry{n: n, cells: n * n, units: make([][]int, 3*n), peers: make([][]int, n*n), box: make([]int, n*n), row: make([]int, n*n), col: make([]int, n*n)}
	for i := 0; i < g.cells; i++ {
		r, c := i/n, i%n
		b := r/s.BoxRows*s.BoxRows + c/s.BoxCols
		g.box[i], g.row[i], g.col[i] = b, r, c
		g.units[r] = append(g.units[r], i)
		g.units[n+c] = append(g.units[n+c], i)
		g.units[2*n+b] = append(g.units[2*n+b], i)
	}
	br, bc := s.BoxRows, s.BoxCols
	for k := 0; k < n; k++ {
		g.inBox[0][k] = (1<<bc - 1) << (k / bc * bc)
		g.inBox[1][k] = (1<<br - 1) << (k / br * br)
		g.inBox[2][k] = (1<<bc - 1) << (k / bc * bc)
		for r := 0; r < br; r++ {
			g.boxCol[k] |= 1 << (r*bc + k%bc)
		}
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
