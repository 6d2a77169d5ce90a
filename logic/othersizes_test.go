package logic

import (
	"context"
	"math/rand"
	"testing"

	"github.com/sudokubot/sudokubot/internal/race"
	"github.com/sudokubot/sudokubot/sudoku"
)

// randomMinimal makes a random minimal puzzle of shape sh: a solution from
// a random first row, then the givens removed in a random order as long as
// the solution stays the only one.
func randomMinimal(tb testing.TB, sh sudoku.Shape, rng *rand.Rand) sudoku.Grid {
	tb.Helper()
	n := sh.Size()
	ctx := context.Background()
	g, err := sudoku.New(sh)
	if err != nil {
		tb.Fatal(err)
	}
	for c, d := range rng.Perm(n) {
		g.Set(0, c, d+1)
	}
	res, err := sudoku.Solve(ctx, g, 1)
	if err != nil {
		tb.Fatal(err)
	}
	g = res.Solution
	for _, i := range rng.Perm(n * n) {
		r, c := i/n, i%n
		v := g.Get(r, c)
		g.Set(r, c, 0)
		if k, err := sudoku.CountSolutions(ctx, g, 2); err != nil || k != 1 {
			g.Set(r, c, v)
		}
	}
	return g
}

// TestOtherSizesBeyondFish rates random minimal puzzles of the other
// shapes, checking every step against the solution (checkPath), and checks
// that the techniques beyond fish (Turbot Fish, XY- and XYZ-Wings, forcing
// chains) take part: most of these puzzles need them.
func TestOtherSizesBeyondFish(t *testing.T) {
	rng := rand.New(rand.NewSource(1))
	for _, tc := range []struct {
		shape sudoku.Shape
		count int
	}{
		{sudoku.Shape{BoxRows: 2, BoxCols: 3}, 40},
		{sudoku.Shape{BoxRows: 2, BoxCols: 4}, 30},
		{sudoku.Shape{BoxRows: 3, BoxCols: 4}, 12},
		{sudoku.Shape{BoxRows: 4, BoxCols: 4}, 4},
	} {
		n := tc.shape.Size()
		if race.Enabled && n >= 12 {
			// Few 6×6 and 8×8 puzzles need more than fish: keep their counts.
			tc.count = (tc.count + 3) / 4
		}
		seen := map[Technique]int{}
		for i := 0; i < tc.count; i++ {
			rep := checkPath(t, randomMinimal(t, tc.shape, rng))
			for _, s := range rep.Path {
				seen[s.Technique]++
				if s.Pattern().Kind == WWing {
					seen[0]++ // W-Wings, named so on any shape
				}
			}
		}
		t.Logf("%d×%d: %v", n, n, seen)
		if seen[TurbotFish]+seen[XYWing]+seen[XYZWing]+seen[ForcingXChain]+seen[ForcingChain] == 0 {
			t.Errorf("%d×%d: no technique beyond fish in %d puzzles", n, n, tc.count)
		}
	}
}
