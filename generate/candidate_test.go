package generate

import (
	"context"
	"fmt"
	"testing"

	"github.com/sudokubot/sudokubot/sudoku"
)

func TestFill(t *testing.T) {
	for _, s := range sudoku.Shapes {
		t.Run(s.String(), func(t *testing.T) {
			seen := map[sudoku.Grid]bool{}
			count := uint64(20)
			if s.Size() == 25 {
				count = 3 // slow under the race detector
			}
			for seed := uint64(0); seed < count; seed++ {
				g := fill(s, newRNG(seed))
				empty, _ := sudoku.New(s)
				checkSolution(t, empty, g)
				if g != fill(s, newRNG(seed)) {
					t.Fatalf("seed %d: two different grids", seed)
				}
				seen[g] = true
			}
			// 4×4 has only 288 grids; 20 draws repeat one now and then.
			if len(seen) < int(count)*3/4 {
				t.Errorf("%d seeds gave %d different grids", count, len(seen))
			}
		})
	}
}

func TestCandidateUniqueMinimal(t *testing.T) {
	ctx := context.Background()
	for _, s := range testShapes {
		for _, c := range []struct {
			sym  bool
			pl   plan
			name string
		}{{false, plan{}, "plain"}, {true, plan{}, "symmetric"}, {false, plan{passes: []tier{tierHidden}}, "hidden-singles-first"}, {true, plan{passes: []tier{tierLocked, tierSubsets}}, "symmetric,locked-then-subsets-first"}, {false, plan{repair: tierLocked}, "repaired-locked"}} {
			sym := c.sym
			if c.pl.repair != 0 && s.Size() == 16 {
				continue // TestGeneratorBig covers it
			}
			t.Run(fmt.Sprintf("%v/%s", s, c.name), func(t *testing.T) {
				t.Parallel()
				count := 12
				if s.Size() >= 12 {
					count = 2
				}
				for seed := uint32(0); seed < uint32(count); seed++ {
					p, sol, err := candidate(ctx, s, sym, seed*7919, c.pl)
					if err != nil {
						t.Fatal(err)
					}
					checkSolution(t, p, sol)
					checkMinimal(t, p, sym)
					res, err := sudoku.Solve(ctx, p, 2)
					if err != nil || res.Solution != sol {
						t.Fatalf("the solver's solution %s is not the generator's %s (%v)", line(res.Solution), line(sol), err)
					}
				}
			})
		}
	}
}

func TestCandidateDeterministic(t *testing.T) {
	ctx := context.Background()
	for _, sym := range []bool{false, true} {
		a, _, err := candidate(ctx, sudoku.Classic, sym, 12345, plan{})
		if err != nil {
			t.Fatal(err)
		}
		b, _, _ := candidate(ctx, sudoku.Classic, sym, 12345, plan{})
		c, _, _ := candidate(ctx, sudoku.Classic, sym, 12346, plan{})
		if a != b {
			t.Errorf("sym=%v: same seed, different puzzles:\n%s\n%s", sym, line(a), line(b))
		}
		if a == c {
			t.Errorf("sym=%v: seeds 12345 and 12346 give the same puzzle %s", sym, line(a))
		}
	}
}

func TestCandidateCancelled(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, _, err := candidate(ctx, sudoku.Classic, false, 1, plan{}); err == nil {
		t.Fatal("no error from a cancelled context")
	}
}
