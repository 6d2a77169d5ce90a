package generate

import (
	"context"
	"fmt"
	"testing"
)

func TestTransform(t *testing.T) {
	ctx := context.Background()
	for _, s := range testShapes[:4] {
		for _, sym := range []bool{false, true} {
			t.Run(fmt.Sprintf("%v/sym=%v", s, sym), func(t *testing.T) {
				p, sol, err := candidate(ctx, s, sym, 99)
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
