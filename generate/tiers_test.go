package generate

import (
	"bufio"
	"context"
	"os"
	"strings"
	"testing"

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
			p, _, err := candidate(ctx, s, seed%2 == 0, seed)
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
	f, err := os.Open("../../shared/data/se_rated.csv")
	if err != nil {
		t.Skip("no ../shared/data/se_rated.csv beside the repository")
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
