package logic

import (
	"sync"

	"github.com/sudokubot/sudokubot/sudoku"
)

// Unit kinds, in the order Sukaku Explainer numbers its regions: a unit's
// index is kind*size + number, so boxes come first, then rows, then columns.
const (
	kindBox = 0
	kindRow = 1
	kindCol = 2
)

// geom holds the fixed tables of one shape: the cells of each unit in
// reading order, the units of each cell and each cell's peers in ascending
// order. It is built once per shape and shared (read-only) by every grid.
type geom struct {
	shape     sudoku.Shape
	n         int // side
	cells     int // n*n
	all       uint32
	units     [][]int  // 3n units: boxes, rows, columns
	cellUnits [][3]int // box, row, column unit of each cell
	peers     [][]int  // ascending, without the cell itself
	peerSet   [][]uint64
	unitSet   [][]uint64
	words     int // 64-bit words in a cell set
	posInUnit [][3]int
	// inter[u1][u2]: the positions of unit u1 that lie in unit u2.
	inter [][]uint32
}

var geoms sync.Map // sudoku.Shape → *geom

// sudokuClassic is the 9×9 shape.
var sudokuClassic = sudoku.Classic

// sudokuMaxCells is the number of cells of the largest grid.
const sudokuMaxCells = sudoku.MaxCells

// geomFor returns the shared tables of shape s (which must be valid).
func geomFor(s sudoku.Shape) *geom {
	if g, ok := geoms.Load(s); ok {
		return g.(*geom)
	}
	g, _ := geoms.LoadOrStore(s, newGeom(s))
	return g.(*geom)
}

func newGeom(s sudoku.Shape) *geom {
	n := s.Size()
	g := &geom{shape: s, n: n, cells: n * n, all: uint32(1)<<n - 1}
	g.words = (g.cells + 63) / 64
	g.units = make([][]int, 3*n)
	g.cellUnits = make([][3]int, g.cells)
	g.posInUnit = make([][3]int, g.cells)
	for b := 0; b < n; b++ {
		r0, c0 := b/s.BoxRows*s.BoxRows, b%s.BoxRows*s.BoxCols
		for i := 0; i < n; i++ {
			cell := (r0+i/s.BoxCols)*n + c0 + i%s.BoxCols
			g.units[kindBox*n+b] = append(g.units[kindBox*n+b], cell)
			g.cellUnits[cell][kindBox] = kindBox*n + b
			g.posInUnit[cell][kindBox] = i
		}
	}
	for r := 0; r < n; r++ {
		for c := 0; c < n; c++ {
			cell := r*n + c
			g.units[kindRow*n+r] = append(g.units[kindRow*n+r], cell)
			g.units[kindCol*n+c] = append(g.units[kindCol*n+c], cell)
			g.cellUnits[cell][kindRow] = kindRow*n + r
			g.cellUnits[cell][kindCol] = kindCol*n + c
			g.posInUnit[cell][kindRow] = c
			g.posInUnit[cell][kindCol] = r
		}
	}
	g.unitSet = make([][]uint64, 3*n)
	for u, cells := range g.units {
		g.unitSet[u] = make([]uint64, g.words)
		for _, c := range cells {
			g.unitSet[u][c/64] |= 1 << (c % 64)
		}
	}
	g.inter = make([][]uint32, 3*n)
	for u1 := range g.inter {
		g.inter[u1] = make([]uint32, 3*n)
		for u2 := range g.inter[u1] {
			for k, c := range g.units[u1] {
				if g.unitSet[u2][c/64]&(1<<(c%64)) != 0 {
					g.inter[u1][u2] |= 1 << k
				}
			}
		}
	}
	g.peers = make([][]int, g.cells)
	g.peerSet = make([][]uint64, g.cells)
	for c := 0; c < g.cells; c++ {
		set := make([]uint64, g.words)
		for _, u := range g.cellUnits[c] {
			for w := range set {
				set[w] |= g.unitSet[u][w]
			}
		}
		set[c/64] &^= 1 << (c % 64)
		g.peerSet[c] = set
		for p := 0; p < g.cells; p++ {
			if set[p/64]&(1<<(p%64)) != 0 {
				g.peers[c] = append(g.peers[c], p)
			}
		}
	}
	return g
}

// row, col and box return the row, column and box (from 0) of a cell.
func (g *geom) row(c int) int { return c / g.n }
func (g *geom) col(c int) int { return c % g.n }
func (g *geom) box(c int) int { return g.cellUnits[c][kindBox] }

// sees reports whether cells a and b share a unit (a != b).
func (g *geom) sees(a, b int) bool {
	return a != b && g.peerSet[a][b/64]&(1<<(b%64)) != 0
}

// inUnit reports whether cell c belongs to unit u.
func (g *geom) inUnit(c, u int) bool { return g.unitSet[u][c/64]&(1<<(c%64)) != 0 }

// unitOf converts a unit index to its public form.
func (g *geom) unitOf(u int) sudoku.Unit {
	kind := [3]sudoku.UnitKind{sudoku.Box, sudoku.Row, sudoku.Column}[u/g.n]
	return sudoku.Unit{Kind: kind, Number: u%g.n + 1}
}

// unitIndex converts a unit to its index.
func (g *geom) unitIndex(u sudoku.Unit) int {
	kind := kindBox
	switch u.Kind {
	case sudoku.Row:
		kind = kindRow
	case sudoku.Column:
		kind = kindCol
	}
	return kind*g.n + u.Number - 1
}

// cellOf converts a cell index to its public form.
func (g *geom) cellOf(c int) sudoku.Cell { return sudoku.Cell{Row: c / g.n, Col: c % g.n} }
