package generate

import (
	"bufio"
	"context"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/sudokubot/sudokubot/internal/shareddata"
	"github.com/sudokubot/sudokubot/logic"
	"github.com/sudokubot/sudokubot/sudoku"
)

// naiveSingles is solvedWithin(g, tierSingles) written the slow, obvious way, as an oracle:
// work out every cell's candidates from scratch, place one naked or hidden
// single, start over.
func naiveSingles(g sudoku.Grid) bool {
	s := g.Shape()
	n := s.Size()
	cands := func(r, c int) []int {
		var out []int
	digit:
		for d := 1; d <= n; d++ {
			for k := 0; k < n; k++ {
				br, bc := r/s.BoxRows*s.BoxRows+k/s.BoxCols, c/s.BoxCols*s.BoxCols+k%s.BoxCols
				if g.Get(r, k) == d || g.Get(k, c) == d || g.Get(br, bc) == d {
					continue digit
				}
			}
			out = append(out, d)
		}
		return out
	}
	for !g.Complete() {
		placed := false
		var where [3][sudoku.MaxSize][sudoku.MaxSize + 1][]sudoku.Cell // kind, unit, digit
		for r := 0; r < n && !placed; r++ {
			for c := 0; c < n && !placed; c++ {
				if g.Get(r, c) != 0 {
					continue
				}
				cs := cands(r, c)
				if len(cs) == 1 {
					g.Set(r, c, cs[0])
					placed = true
				}
				for _, d := range cs {
					b := r/s.BoxRows*s.BoxRows + c/s.BoxCols
					for kind, u := range [3]int{r, c, b} {
						where[kind][u][d] = append(where[kind][u][d], sudoku.Cell{Row: r, Col: c})
					}
				}
			}
		}
		for kind := 0; kind < 3 && !placed; kind++ {
			for u := 0; u < n && !placed; u++ {
				for d := 1; d <= n && !placed; d++ {
					if cells := where[kind][u][d]; len(cells) == 1 {
						g.Set(cells[0].Row, cells[0].Col, d)
						placed = true
					}
				}
			}
		}
		if !placed {
			return false
		}
	}
	return true
}

func TestSinglesOnlyAgreesWithNaive(t *testing.T) {
	ctx := context.Background()
	yes, no := 0, 0
	for _, s := range testShapes[:4] {
		for seed := uint32(0); seed < 60; seed++ {
			p, _, err := candidate(ctx, s, seed%2 == 0, seed, plan{})
			if err != nil {
				t.Fatal(err)
			}
			got, want := solvedWithin(&p, tierSingles), naiveSingles(p)
			if got != want {
				t.Fatalf("%v seed %d: solvedWithin(tierSingles) = %v, the naive oracle says %v: %s", s, seed, got, want, line(p))
			}
			if got {
				yes++
			} else {
				no++
			}
		}
	}
	if yes == 0 || no == 0 {
		t.Errorf("%d puzzles solved by singles, %d not: the comparison tested one side only", yes, no)
	}
}

// TestSinglesOnlyRated checks the shared Sudoku Explainer ratings: none of
// those puzzles (rated 2.5 and up, past every single) falls to singles.
func TestSinglesOnlyRated(t *testing.T) {
	f, err := os.Open(shareddata.Require(t, "se_rated.csv"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	count := 0
	for sc.Scan() {
		puzzle, _, _ := strings.Cut(sc.Text(), ",")
		cells := make([]int, len(puzzle))
		for i, ch := range puzzle {
			if ch >= '1' && ch <= '9' {
				cells[i] = int(ch - '0')
			}
		}
		g, err := sudoku.FromCells(sudoku.Classic, cells)
		if err != nil {
			t.Fatalf("%q: %v", puzzle, err)
		}
		if solvedWithin(&g, tierSingles) {
			t.Errorf("singles solve %s, rated %s", puzzle, sc.Text()[len(puzzle)+1:])
		}
		count++
	}
	if count < 1000 {
		t.Fatalf("read %d puzzles", count)
	}
}

// tierTop is the highest SE rating of each tier's techniques.
var tierTop = map[tier]Rating{tierHidden: 15, tierLocked: 28, tierSubsets: 38, tierWings: 44}

// ratedPuzzles returns 9×9 puzzles with the engine's reports: candidates of
// the generator, and the SE-rated shared set below 6.0 when it is there.
// Puzzles the engine takes over 100 ms to rate (chains) are left out.
func ratedPuzzles(tb testing.TB, count int) ([]sudoku.Grid, []logic.Report) {
	tb.Helper()
	ctx := context.Background()
	var puzzles []sudoku.Grid
	for seed := uint32(0); seed < uint32(count); seed++ {
		p, _, err := candidate(ctx, sudoku.Classic, seed%2 == 0, seed, plan{})
		if err != nil {
			tb.Fatal(err)
		}
		puzzles = append(puzzles, p)
	}
	if f, err := os.Open(shareddata.Path("se_rated.csv")); err == nil {
		sc := bufio.NewScanner(f)
		for sc.Scan() {
			puzzle, rating, _ := strings.Cut(sc.Text(), ",")
			if rating >= "6.0" {
				continue
			}
			cells := make([]int, len(puzzle))
			for i, ch := range puzzle {
				if ch >= '1' && ch <= '9' {
					cells[i] = int(ch - '0')
				}
			}
			g, err := sudoku.FromCells(sudoku.Classic, cells)
			if err != nil {
				tb.Fatal(err)
			}
			puzzles = append(puzzles, g)
		}
		f.Close()
	}
	var kept []sudoku.Grid
	var reports []logic.Report
	for _, p := range puzzles {
		lg, err := logic.New(p)
		if err != nil {
			tb.Fatal(err)
		}
		rctx, cancel := context.WithTimeout(ctx, 100*time.Millisecond)
		rep, err := logic.Rate(rctx, lg)
		cancel()
		if rep.Status == logic.TimedOut {
			continue
		}
		if err != nil {
			tb.Fatal(err)
		}
		kept = append(kept, p)
		reports = append(reports, rep)
	}
	return kept, reports
}

// TestTiersAgreeWithEngine checks the quick tiers against the logic engine:
// up to Swordfish a tier solves a puzzle exactly when the engine rates it at
// most the tier's top; the wings tier has fewer turbot fish than SE, so it
// solves no puzzle the engine rates above 4.4 and misses few at or below.
func TestTiersAgreeWithEngine(t *testing.T) {
	puzzles, reports := ratedPuzzles(t, 300)
	missed := 0
	for i, p := range puzzles {
		rep := reports[i]
		for _, tr := range []tier{tierHidden, tierLocked, tierSubsets, tierWings} {
			got := solvedWithin(&p, tr)
			want := rep.Status == logic.Solved && rep.Rating <= tierTop[tr]
			switch {
			case got == want:
			case tr == tierWings && !got:
				missed++
			default:
				t.Errorf("tier %d solves %s: %v; the engine rates it %v %v (%s)", tr, line(p), got, rep.Status, rep.Rating, rep.Hardest.Name)
			}
		}
	}
	if missed > len(puzzles)/50 {
		t.Errorf("the wings tier misses %d of %d puzzles rated 4.4 or less", missed, len(puzzles))
	}
	t.Logf("%d puzzles; the wings tier misses %d rated 4.4 or less", len(puzzles), missed)
}
