package generate

import (
	"context"
	"fmt"
	"github.com/sudokubot/sudokubot/sudoku"
	"testing"
)

func TestTransform(t *testing.T) {
	ctx := context.Background()
	for _, s := range testShapes[:4] {
		for _, sym := range []bool{false, true} {
			t.Run(fmt.Sprintf("%v/sym=%v", s, sym), func(t *testing.T) {
				p, sol, err := candidate(ctx, s, sym, 99, plan{})
				if err != nil {
					t.Fatal(err)
				}
				if id := newTransform(s, sym, 99, 0); id.apply(p) != p {
					t.Fatal("transform 0 changed the puzzle")
				}
				changed := 0
				for id := uint16(1); id < 40; id++ {
					tr := newTransform(s, sym, 99, id)
					tp, tsol := tr.apply(p), tr.apply(sol)
					if tp.Filled() != p.Filled() {
						t.Fatalf("transform %d: %d givens, was %d", id, tp.Filled(), p.Filled())
					}
					checkSolution(t, tp, tsol)
					checkMinimal(t, tp, sym)
					again := newTransform(s, sym, 99, id)
					if again.apply(p) != tp {
						t.Fatalf("transform %d is not deterministic", id)
					}
					if tp != p {
						changed++
					}
				}
				if changed < 35 {
					t.Errorf("only %d of 39 transforms changed the puzzle", changed)
				}
			})
		}
	}
}

func TestMirrorPerm(t *testing.T) {
	r := newRNG(5)
	for m := 1; m <= 7; m++ {
		for range 20 {
			p := mirrorPerm(r, m)
			seen := make([]bool, m)
			for x, y := range p {
				if seen[y] {
					t.Fatalf("mirrorPerm(%d) = %v: not a permutation", m, p)
				}
				seen[y] = true
				if p[m-1-x] != m-1-y {
					t.Fatalf("mirrorPerm(%d) = %v: does not commute with the mirror", m, p)
				}
			}
		}
	}
}

// TestTransformKeepsRating checks what the pool relies on: the engine rates
// a transformed puzzle as the original (the pool grades each transform again
// all the same).
func TestTransformKeepsRating(t *testing.T) {
	ctx := context.Background()
	checked := 0
	for seed := uint32(0); checked < 25; seed++ {
		p, _, err := candidate(ctx, sudoku.Classic, seed%2 == 1, seed, plan{})
		if err != nil {
			t.Fatal(err)
		}
		if !solvedWithin(&p, tierWings) {
			continue // quick to rate only up to Hard
		}
		want, err := gradePuzzle(ctx, p)
		if err != nil {
			t.Fatal(err)
		}
		for id := uint16(1); id <= 3; id++ {
			tr := newTransform(sudoku.Classic, seed%2 == 1, seed, id*101)
			got, err := gradePuzzle(ctx, tr.apply(p))
			if err != nil {
				t.Fatal(err)
			}
			if got.rating != want.rating || got.solved != want.solved {
				t.Errorf("seed %d transform %d: rated %v, the original %v", seed, id*101, got.rating, want.rating)
			}
		}
		checked++
	}
}
