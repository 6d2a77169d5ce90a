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
