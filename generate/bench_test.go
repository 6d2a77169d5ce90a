package generate

import (
	"context"
	"fmt"
	"testing"

	"github.com/sudokubot/sudokubot/sudoku"
)

// BenchmarkCandidate times the making of one minimal puzzle from a base
// seed, before any grading, for each shape and first pass.
func BenchmarkCandidate(b *testing.B) {
	ctx := context.Background()
	for _, s := range sudoku.Shapes[:6] {
		for _, l := range []Level{Easy, Medium, Hard, Extreme} {
			if s.Size() != 9 && l != Easy && l != Extreme {
				continue
			}
			b.Run(fmt.Sprintf("%dx%d/%v", s.Size(), s.Size(), l), func(b *testing.B) {
				b.ReportAllocs()
				for i := 0; b.Loop(); i++ {
					if _, _, err := candidate(ctx, s, false, uint32(i), passesFor(l)...); err != nil {
						b.Fatal(err)
					}
				}
			})
		}
	}
}

// BenchmarkNext times the generator from scratch: one graded puzzle of each
// kind per op (ns/op is the time per puzzle; puzzles/s = 1e9 / ns/op).
func BenchmarkNext(b *testing.B) {
	ctx := context.Background()
	for _, s := range sudoku.Shapes[:6] {
		for _, l := range Levels {
			for _, sym := range []bool{false, true} {
				k := Kind{Shape: s, Level: l, Symmetric: sym}
				if k.Check() != nil {
					continue
				}
				name := fmt.Sprintf("%dx%d/%v", s.Size(), s.Size(), l)
				if sym {
					name += "/symmetric"
				}
				b.Run(name, func(b *testing.B) {
					g, err := NewGenerator(k, 1)
					if err != nil {
						b.Fatal(err)
					}
					for b.Loop() {
						if _, err := g.Next(ctx); err != nil {
							b.Fatal(err)
						}
					}
					b.ReportMetric(float64(g.Tries())/float64(b.N), "tries/op")
				})
			}
		}
	}
}
