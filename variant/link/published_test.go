package link

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/sudokubot/sudokubot/variant"
)

// publishedPuzzle is a puzzle of testdata/published.json: published
// variant puzzles with their setters' solutions (see testdata/README.md).
type publishedPuzzle struct {
	Title, Author, License string
	File                   string // the source file it came from
	Puzzle                 string // f-puzzles data, as after ?load=
	Solution               string
	// Note says why the published solution is not the puzzle's: the rules
	// it breaks (the link and its solution disagree).
	Note string
}

func readPublished(tb testing.TB) []publishedPuzzle {
	tb.Helper()
	data, err := os.ReadFile(filepath.Join("testdata", "published.json"))
	if err != nil {
		tb.Fatal(err)
	}
	var ps []publishedPuzzle
	if err := json.Unmarshal(data, &ps); err != nil {
		tb.Fatal(err)
	}
	return ps
}

func (p publishedPuzzle) link() string { return "https://www.f-puzzles.com/?load=" + p.Puzzle }

// TestPublished reads every published puzzle from its f-puzzles link with
// every rule understood, solves it, proves it unique and compares the
// solution with the setter's. Where they differ, the puzzle carries a note
// and the setter's solution must break rules of the link.
func TestPublished(t *testing.T) {
	for _, pp := range readPublished(t) {
		t.Run(pp.Title, func(t *testing.T) {
			t.Parallel()
			p, info, err := Read(pp.link())
			if err != nil {
				t.Fatal(err)
			}
			if len(info.Unknown) > 0 {
				t.Fatalf("rules not read: %v", info.Unknown)
			}
			res, err := variant.Solve(context.Background(), p, 2)
			if err != nil {
				t.Fatal(err)
			}
			if res.Status != variant.Unique {
				t.Fatalf("%v, want unique", res.Status)
			}
			got := digitString(res.Solutions[0])
			switch {
			case got == pp.Solution && pp.Note != "":
				t.Errorf("solution is the published one, yet noted: %s", pp.Note)
			case got != pp.Solution && pp.Note == "":
				t.Errorf("solution\n%s, published\n%s", got, pp.Solution)
			case got != pp.Solution:
				broken, err := variant.Check(p, digits(pp.Solution))
				if err != nil || len(broken) == 0 {
					t.Errorf("the published solution breaks no rule of the link (%v), yet differs", err)
				}
			}
		})
	}
}

// BenchmarkPublished times solving and proving unique the published
// puzzles, reporting the mean, the median and the slowest.
func BenchmarkPublished(b *testing.B) {
	var puzzles []*variant.Puzzle
	var titles []string
	for _, pp := range readPublished(b) {
		p, _, err := Read(pp.link())
		if err != nil {
			b.Fatal(err)
		}
		puzzles, titles = append(puzzles, p), append(titles, pp.Title)
	}
	b.ReportAllocs()
	var slowest time.Duration
	var slowTitle string
	last := make([]time.Duration, len(puzzles)) // each puzzle's time in the last pass
	for b.Loop() {
		for i, p := range puzzles {
			start := time.Now()
			if _, err := variant.Solve(context.Background(), p, 2); err != nil {
				b.Fatal(err)
			}
			last[i] = time.Since(start)
			if last[i] > slowest {
				slowest, slowTitle = last[i], titles[i]
			}
		}
	}
	slices.Sort(last)
	under := func(d time.Duration) float64 {
		n, _ := slices.BinarySearch(last, d)
		return float64(n)
	}
	b.ReportMetric(float64(b.Elapsed().Microseconds())/float64(b.N*len(puzzles)), "µs/puzzle")
	b.ReportMetric(float64(last[len(last)/2].Microseconds()), "µs-median")
	b.ReportMetric(float64(slowest.Microseconds()), "µs-slowest")
	b.ReportMetric(under(10*time.Millisecond), "under-10ms")
	b.ReportMetric(under(time.Second), "under-1s")
	if testing.Verbose() {
		b.Logf("slowest: %s", strings.TrimSpace(slowTitle))
	}
}
