package sudoku

import (
	"context"
	"testing"

	"github.com/sudokubot/sudokubot/internal/shareddata"
)

// BenchmarkSolve counts to two solutions over whole files of ../shared/data
// (one puzzle per op), and over the small hard set in testdata.
func BenchmarkSolve(b *testing.B) {
	files := []string{"17clue.txt", "forum_hardest_1905_11plus.txt", "top95.txt", "hardest.txt", "serg_benchmark.txt", "16x16.txt"}
	for _, name := range files {
		b.Run(name[:len(name)-4], func(b *testing.B) {
			benchSolve(b, puzzlesAt(b, shareddata.Require(b, name)), 2)
		})
	}
	b.Run("testdata_hard", func(b *testing.B) {
		var gs []Grid
		for _, p := range pairs(b, "hard_pairs.csv") {
			gs = append(gs, p[0])
		}
		benchSolve(b, gs, 2)
	})
}

func puzzlesAt(tb testing.TB, path string) []Grid {
	tb.Helper()
	var out []Grid
	for _, l := range lines(tb, path) {
		out = append(out, parseLine(tb, l))
	}
	return out
}

func benchSolve(b *testing.B, gs []Grid, limit int) {
	ctx := context.Background()
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		res, err := Solve(ctx, gs[i], limit)
		if err != nil || res.Count == 0 {
			b.Fatalf("puzzle %d: %v %v", i, res.Status, err)
		}
		if i++; i == len(gs) {
			i = 0
		}
	}
}
