package generate

import (
	"context"
	"math/bits"
	"testing"

	"github.com/sudokubot/sudokubot/sudoku"
)

// TestUnavoidable empties each unavoidable set that uaSets lists, in
// solution grids of the shapes of at most uaMaxCells cells, and requires
// the solver to find another solution: a set that is not unavoidable
// would make the generator keep a given it could remove.
func TestUnavoidable(t *testing.T) {
	ctx := context.Background()
	for _, s := range sudoku.Shapes {
		if s.Cells() > uaMaxCells {
			continue
		}
		t.Run(s.String(), func(t *testing.T) {
			geo := geometryOf(s)
			sets, rects := 0, 0
			for seed := uint64(0); seed < 8; seed++ {
				sol := fill(s, newRNG(seed))
				u := new(uaSets)
				u.find(geo, s, &sol)
				if u.n == 0 {
					t.Fatalf("seed %d: no set", seed)
				}
				for _, set := range u.sets[:u.n] {
					g := sol
					size := 0
					for c := 0; c < geo.cells; c++ {
						if set.meets(cellOnly(c)) {
							g.Set(c/geo.n, c%geo.n, 0)
							size++
						}
					}
					if size == 4 {
						rects++
					}
					if n, err := sudoku.CountSolutions(ctx, g, 2); err != nil || n != 2 {
						t.Fatalf("seed %d: the solution without %v has %d solutions (%v)", seed, set, n, err)
					}
				}
				// Every set is filed under each of its cells.
				for c := 0; c < geo.cells; c++ {
					for _, k := range u.byCell[c][:u.count[c]] {
						if !u.sets[k].meets(cellOnly(c)) {
							t.Fatalf("seed %d: set %v filed under cell %d", seed, u.sets[k], c)
						}
					}
				}
				for _, set := range u.sets[:u.n] {
					c := bits.TrailingZeros64(set[0])
					if set[0] == 0 {
						c = 64 + bits.TrailingZeros64(set[1])
					}
					var rest cellSet // every cell but the set's
					for k := 0; k < geo.cells; k++ {
						if !set.meets(cellOnly(k)) {
							rest.add(k)
						}
					}
					if !u.uncovered(c, rest) {
						t.Fatalf("seed %d: set %v not found through cell %d", seed, set, c)
					}
				}
				sets += u.n
			}
			t.Logf("%d sets, %d of 4 cells, in 8 grids", sets, rects)
		})
	}
}

func cellOnly(c int) cellSet {
	var s cellSet
	s.add(c)
	return s
}
