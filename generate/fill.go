package generate

import (
	"encoding/binary"
	"math/bits"

	"github.com/sudokubot/sudokubot/sudoku"
)

// filler builds random complete grids by depth-first search: it fills the
// empty cell with the fewest candidates next, with a digit drawn at random
// among them, and backs up when a cell has none left.
type filler struct {
	shape         sudoku.Shape
	n, cells      int
	full          uint32 // the digits 1..n as bits 0..n-1
	val           [sudoku.MaxCells]uint8
	row, col, box [sudoku.MaxSize]uint32
	rowOf, colOf  [sudoku.MaxCells]uint8
	boxOf         [sudoku.MaxCells]uint8
	count         [sudoku.MaxCells + 8]uint8 // the candidates of each empty cell; filledCount for filled ones and past the last cell
	peers         [][]int
	stack         [sudoku.MaxCells]frame
}

// filledCount is the count of a filled cell: above any count of candidates,
// so the search for the fewest never picks it.
const filledCount = 0xFF

// frame is one placed cell on the search stack, with the candidates not yet
// tried there.
type frame struct {
	cell int16
	left uint32
}

// restartAfter bounds the placements of one attempt, as a multiple of the
// cell count: past it, the search starts over with the same random stream
// (still deterministic) instead of backing up through a dead end that can
// take exponential time on the big shapes.
const restartAfter = 20

// fill returns a random complete grid of shape s drawn from r.
func fill(s sudoku.Shape, r *rng) sudoku.Grid {
	f := &filler{shape: s, n: s.Size(), cells: s.Cells(), peers: geometryOf(s).peers}
	f.full = 1<<uint(f.n) - 1
	for i := 0; i < f.cells; i++ {
		row, col := i/f.n, i%f.n
		f.rowOf[i], f.colOf[i] = uint8(row), uint8(col)
		f.boxOf[i] = uint8(row/s.BoxRows*s.BoxRows + col/s.BoxCols)
		f.count[i] = uint8(f.n)
	}
	for i := f.cells; i < len(f.count); i++ {
		f.count[i] = filledCount
	}
	for !f.attempt(r) {
		f.clear()
	}
	var cells [sudoku.MaxCells]int
	for i := 0; i < f.cells; i++ {
		cells[i] = int(f.val[i])
	}
	g, _ := sudoku.FromCells(s, cells[:f.cells])
	return g
}

func (f *filler) clear() {
	f.val = [sudoku.MaxCells]uint8{}
	f.row, f.col, f.box = [sudoku.MaxSize]uint32{}, [sudoku.MaxSize]uint32{}, [sudoku.MaxSize]uint32{}
	for i := 0; i < f.cells; i++ {
		f.count[i] = uint8(f.n)
	}
}

func (f *filler) candidates(i int) uint32 {
	return f.full &^ (f.row[f.rowOf[i]] | f.col[f.colOf[i]] | f.box[f.boxOf[i]])
}

// recount sets the counts of the empty peers of cell i.
func (f *filler) recount(i int) {
	for _, p := range f.peers[i] {
		if f.val[p] == 0 {
			f.count[p] = uint8(bits.OnesCount32(f.candidates(p)))
		}
	}
}

func (f *filler) place(i int, bit uint32) {
	f.val[i] = uint8(bits.TrailingZeros32(bit) + 1)
	f.row[f.rowOf[i]] |= bit
	f.col[f.colOf[i]] |= bit
	f.box[f.boxOf[i]] |= bit
	f.count[i] = filledCount
	f.recount(i)
}

func (f *filler) unplace(i int) {
	bit := uint32(1) << (f.val[i] - 1)
	f.val[i] = 0
	f.row[f.rowOf[i]] &^= bit
	f.col[f.colOf[i]] &^= bit
	f.box[f.boxOf[i]] &^= bit
	f.count[i] = uint8(bits.OnesCount32(f.candidates(i)))
	f.recount(i)
}

// pick removes one candidate drawn at random from *m and returns it as a bit.
func pick(r *rng, m *uint32) uint32 {
	k := r.intn(bits.OnesCount32(*m))
	x := *m
	for ; k > 0; k-- {
		x &= x - 1
	}
	bit := x & -x
	*m &^= bit
	return bit
}

// mostConstrained returns the first empty cell with at most one candidate,
// else the first with the fewest, and its count. It reads the counts eight
// at a time: first for a count of 0 or 1, then of 2 (the fewest when none
// is below), and only then one by one.
func (f *filler) mostConstrained() (best, count int) {
	const ones, highs = 0x0101010101010101, 0x8080808080808080
	words := (f.cells + 7) / 8
	for _, below := range [2]uint64{0xFEFEFEFEFEFEFEFE, 0} {
		for w := 0; w < words; w++ {
			x := binary.LittleEndian.Uint64(f.count[8*w:])
			if below == 0 {
				x ^= 2 * ones // the counts of 2 become 0
			} else {
				x &= below // the counts of 0 and 1 become 0
			}
			// The high bit of each byte of x that is not 0, then the
			// first byte that is.
			nonzero := ((x&^highs + ^uint64(highs)) | x) & highs
			if zero := ^nonzero & highs; zero != 0 {
				i := 8*w + bits.TrailingZeros64(zero)/8
				return i, int(f.count[i])
			}
		}
	}
	best, count = -1, f.n+1
	for i, c := range f.count[:f.cells] {
		if c := int(c); c < count {
			best, count = i, c
		}
	}
	return best, count
}

// attempt runs one bounded search and reports whether it filled the grid.
func (f *filler) attempt(r *rng) bool {
	depth := 0
	budget := restartAfter * f.cells
	for depth < f.cells {
		// The most constrained empty cell; a cell without candidates
		// means backing up.
		best, bestCount := f.mostConstrained()
		if bestCount > 0 {
			m := f.candidates(best)
			f.place(best, pick(r, &m))
			f.stack[depth] = frame{int16(best), m}
			depth++
		} else {
			// Back up to the latest cell with an untried digit.
			for {
				if depth == 0 {
					return false
				}
				top := &f.stack[depth-1]
				f.unplace(int(top.cell))
				if top.left != 0 {
					f.place(int(top.cell), pick(r, &top.left))
					break
				}
				depth--
			}
		}
		if budget--; budget < 0 {
			return false
		}
	}
	return true
}
