package generate

import (
	"math/bits"

	"github.com/sudokubot/sudokubot/sudoku"
)

// Unavoidable sets spare the solver most of the removals that fail. An
// unavoidable set of a solution grid is a set of cells whose digits can be
// rearranged among themselves into another solution grid: a puzzle whose
// givens miss the whole set has that other solution too. So when the given
// being removed is the last one left in an unavoidable set of the
// solution, it cannot go, and no search is needed to know it. Two families
// are cheap to list from the solution alone:
//
//   - Two rows of one band (or two columns of one stack): following a
//     digit of the first row to the column where the second row holds it,
//     and on, closes a cycle of columns; swapping the two rows' digits in
//     those columns keeps every row, column and box whole (each column's
//     two cells share a box). The 2-cycles are the unavoidable rectangles.
//   - Two digits: the cells holding either, linked when they share a unit.
//     Swapping the two digits in one connected part keeps every unit whole.
//
// The answer stays exactly the one the solver would give (a fact about the
// puzzle), so the puzzles made from a seed do not change; only the work
// does. On 9×9 about half the failing removals of the last pass are caught
// so.

// cellSet is a set of the cells of a grid of at most uaMaxCells cells.
type cellSet [2]uint64

const uaMaxCells = 128

func (s *cellSet) add(i int)           { s[i>>6] |= 1 << (i & 63) }
func (s *cellSet) remove(i int)        { s[i>>6] &^= 1 << (i & 63) }
func (s cellSet) meets(t cellSet) bool { return s[0]&t[0]|s[1]&t[1] != 0 }

// uaSets holds unavoidable sets of a solution grid, indexed by cell.
type uaSets struct {
	sets   [256]cellSet
	n      int
	byCell [uaMaxCells][14]uint8 // indexes in sets of the sets through each cell
	count  [uaMaxCells]uint8
}

// add files set s under each of its cells, unless one holds it already or
// the tables are full (a set left out only costs a search).
func (u *uaSets) add(s cellSet) {
	if u.n == len(u.sets) {
		return
	}
	first := bits.TrailingZeros64(s[0])
	if s[0] == 0 {
		first = 64 + bits.TrailingZeros64(s[1])
	}
	for _, k := range u.byCell[first][:u.count[first]] {
		if u.sets[k] == s {
			return
		}
	}
	u.sets[u.n] = s
	for w := 0; w < 2; w++ {
		for m := s[w]; m != 0; m &= m - 1 {
			c := w*64 + bits.TrailingZeros64(m)
			if int(u.count[c]) < len(u.byCell[c]) {
				u.byCell[c][u.count[c]] = uint8(u.n)
				u.count[c]++
			}
		}
	}
	u.n++
}

// uncovered reports whether a set through cell c misses every cell of given.
func (u *uaSets) uncovered(c int, given cellSet) bool {
	for _, k := range u.byCell[c][:u.count[c]] {
		if !u.sets[k].meets(given) {
			return true
		}
	}
	return false
}

// find lists the unavoidable sets of solution grid sol of the two families
// above. The grid has at most uaMaxCells cells.
func (u *uaSets) find(geo *geometry, sh sudoku.Shape, sol *sudoku.Grid) {
	n := geo.n
	var val [uaMaxCells]uint8
	for c := 0; c < geo.cells; c++ {
		val[c] = uint8(sol.At(c))
	}
	// Two lines of one band (rows) or one stack (columns).
	for _, rows := range [2]bool{true, false} {
		// Position k of line l is cell l*stride + k*step.
		stride, step, group := n, 1, sh.BoxRows
		if !rows {
			stride, step, group = 1, n, sh.BoxCols
		}
		for a := 0; a < n; a++ {
			for b := a + 1; b < a/group*group+group; b++ {
				var posB [sudoku.MaxSize + 1]uint8
				for k := 0; k < n; k++ {
					posB[val[b*stride+k*step]] = uint8(k)
				}
				var seen uint32
				for k := 0; k < n; k++ {
					var s cellSet
					for x := k; seen&(1<<x) == 0; x = int(posB[val[a*stride+x*step]]) {
						seen |= 1 << x
						s.add(a*stride + x*step)
						s.add(b*stride + x*step)
					}
					if s != (cellSet{}) {
						u.add(s)
					}
				}
			}
		}
	}
	// Two digits x and y: each row holds one cell of each, which share
	// the row; a column or a box links the row of its x to the row of its
	// y. A part is a set of rows closed under those links, and its cells
	// the x and y cells of those rows. The part of every row (the two
	// digits swapped everywhere) is left out: only a puzzle without
	// either digit misses it.
	var colOf [sudoku.MaxSize + 1][sudoku.MaxSize]uint8     // digit, row → the column of its cell
	var rowIn [sudoku.MaxSize + 1][2 * sudoku.MaxSize]uint8 // digit, column or n+box → the row of its cell
	for c := 0; c < geo.cells; c++ {
		d, r := val[c], c/n
		colOf[d][r] = uint8(c % n)
		rowIn[d][c%n] = uint8(r)
		rowIn[d][n+geo.box[c]] = uint8(r)
	}
	allRows := uint32(1)<<n - 1
	for x := 1; x <= n; x++ {
		for y := x + 1; y <= n; y++ {
			var adj [sudoku.MaxSize]uint32 // row → the rows it links to
			for k := 0; k < 2*n; k++ {
				a, b := rowIn[x][k], rowIn[y][k]
				adj[a] |= 1 << b
				adj[b] |= 1 << a
			}
			for left := allRows; left != 0; {
				part := left & -left
				for grown := uint32(0); grown != part; {
					grown = part
					for m := grown; m != 0; m &= m - 1 {
						part |= adj[bits.TrailingZeros32(m)]
					}
				}
				left &^= part
				if part == allRows {
					break
				}
				var s cellSet
				for m := part; m != 0; m &= m - 1 {
					r := bits.TrailingZeros32(m)
					s.add(r*n + int(colOf[x][r]))
					s.add(r*n + int(colOf[y][r]))
				}
				u.add(s)
			}
		}
	}
}
