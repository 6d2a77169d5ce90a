package logic

import (
	"context"
	"fmt"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/sudokubot/sudokubot/internal/shareddata"
)

// bands are the rating bands the benchmarks report, by SukakuExplainer's
// rating of the puzzle: [lo, hi] in tenths.
var bands = [][2]Rating{{25, 29}, {30, 39}, {40, 49}, {50, 59}, {60, 69}, {70, 79}, {80, 89}, {90, 99}}

// benchPuzzles reads the shared SE-rated file, or the sample without it.
func benchPuzzles(b *testing.B) []ratedPuzzle {
	b.Helper()
	shared := shareddata.Path("se_rated.csv")
	if _, err := os.Stat(shared); err == nil {
		return readRated(b, shared, false)
	}
	return readRated(b, "testdata/se_sample.csv", false)
}

func inBand(tb testing.TB, p ratedPuzzle, band [2]Rating) bool {
	r := ratingOf(tb, p.rating)
	return r >= band[0] && r <= band[1]
}

// BenchmarkRate rates every puzzle of each band (of the shared file, or the
// sample) and reports the time per puzzle and the slowest puzzle (by its
// fastest time over the iterations: use -benchtime 3x or more).
func BenchmarkRate(b *testing.B) {
	puzzles := benchPuzzles(b)
	for _, band := range bands {
		var grids []*Grid
		for _, p := range puzzles {
			if inBand(b, p, band) {
				grids = append(grids, mustNew(b, grid81(b, p.puzzle)))
			}
		}
		if len(grids) == 0 {
			continue
		}
		b.Run(fmt.Sprintf("%v-%v", band[0], band[1]), func(b *testing.B) {
			b.ReportAllocs()
			// The slowest puzzle by its fastest time over the iterations.
			best := make([]time.Duration, len(grids))
			for i := 0; i < b.N; i++ {
				for j, g := range grids {
					t0 := time.Now()
					if _, err := Rate(context.Background(), g); err != nil {
						b.Fatal(err)
					}
					if d := time.Since(t0); i == 0 || d < best[j] {
						best[j] = d
					}
				}
			}
			var slowest time.Duration
			for _, d := range best {
				slowest = max(slowest, d)
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*len(grids))/1e6, "ms/puzzle")
			b.ReportMetric(float64(slowest.Nanoseconds())/1e6, "max-ms")
		})
	}
}

// BenchmarkNext times a hint on every grid along the rating paths of a third
// of the puzzles of each band up to 7.9 (every grid a player may ask a hint
// on), and reports the mean and the slowest (by its fastest time over the
// iterations).
func BenchmarkNext(b *testing.B) {
	puzzles := benchPuzzles(b)
	for _, band := range bands[:6] {
		var states []*Grid
		for i, p := range puzzles {
			if !inBand(b, p, band) || i%3 != 0 {
				continue
			}
			g := mustNew(b, grid81(b, p.puzzle))
			rep, err := Explain(context.Background(), g)
			if err != nil {
				b.Fatal(err)
			}
			w := g.Clone()
			for _, s := range rep.Path {
				states = append(states, w.Clone())
				if err := w.Apply(s); err != nil {
					b.Fatal(err)
				}
			}
		}
		if len(states) == 0 {
			continue
		}
		b.Run(fmt.Sprintf("%v-%v", band[0], band[1]), func(b *testing.B) {
			// The slowest grid by its fastest time over the iterations: one
			// timing on a shared machine can be far off.
			best := make([]time.Duration, len(states))
			for i := 0; i < b.N; i++ {
				for j, g := range states {
					t0 := time.Now()
					if _, err := Next(context.Background(), g); err != nil {
						b.Fatal(err)
					}
					if d := time.Since(t0); i == 0 || d < best[j] {
						best[j] = d
					}
				}
			}
			var slowest time.Duration
			for _, d := range best {
				slowest = max(slowest, d)
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*len(states))/1e3, "µs/hint")
			b.ReportMetric(float64(slowest.Nanoseconds())/1e6, "max-ms")
			b.ReportMetric(float64(len(states)), "grids")
		})
	}
}

// BenchmarkRateNested rates the puzzles that need nested forcing chains:
// hardest.txt's two (testdata/se_hardest.csv, 10.5 and 10.6) and the first
// ten of forum_hardest_1905_11plus (of the shared data, or the two of
// testdata/se_forum.csv without it), reporting the time per puzzle and the
// slowest (by its fastest time over the iterations). Sukaku Explainer
// v1.15.10 takes 2 to 15 minutes per puzzle on these.
func BenchmarkRateNested(b *testing.B) {
	var grids []*Grid
	for _, p := range readRated(b, "testdata/se_hardest.csv", false) {
		if ratingOf(b, p.rating) >= 100 {
			grids = append(grids, mustNew(b, grid81(b, p.puzzle)))
		}
	}
	forum := readRated(b, "testdata/se_forum.csv", false)
	if f, err := os.ReadFile(shareddata.Path("forum_hardest_1905_11plus.txt")); err == nil {
		forum = nil
		for i, line := range strings.SplitN(string(f), "\n", 11)[:10] {
			forum = append(forum, ratedPuzzle{i + 1, strings.TrimSpace(line), ""})
		}
	}
	for _, p := range forum {
		grids = append(grids, mustNew(b, grid81(b, p.puzzle)))
	}
	best := make([]time.Duration, len(grids))
	for i := 0; i < b.N; i++ {
		for j, g := range grids {
			t0 := time.Now()
			rep, err := Rate(context.Background(), g)
			if err != nil || rep.Status != Solved {
				b.Fatalf("puzzle %d: %v %v", j, rep.Status, err)
			}
			if d := time.Since(t0); i == 0 || d < best[j] {
				best[j] = d
			}
		}
	}
	var slowest time.Duration
	for _, d := range best {
		slowest = max(slowest, d)
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*len(grids))/1e6, "ms/puzzle")
	b.ReportMetric(float64(slowest.Nanoseconds())/1e6, "max-ms")
	b.ReportMetric(float64(len(grids)), "puzzles")
}
