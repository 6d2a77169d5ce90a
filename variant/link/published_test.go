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

// publishedBound is how long TestPublished gives each puzzle: the slowest
// takes about 0.5 s of CPU (Trollscraper), ten times that under the race
// detector; the bound leaves room for a busy machine, and stops a puzzle
// that would hang the suite.
const publishedBound = 2 * time.Minute

func (p publishedPuzzle) link() string { return "https://www.f-puzzles.com/?load=" + p.Puzzle }

// TestPublished reads every published puzzle from its f-puzzles link with
// every rule understood, solves it, proves it unique and compares the
// solution with the setter's. Where they differ, the puzzle carries a note
// and the setter's solution must break rules of the link. Each puzzle has
// publishedBound to be proven unique, the two of puzzles-timeout.json (the
// ones SudokuVariantSolverJS could not solve quickly) as the others.
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
			ctx, cancel := context.WithTimeout(context.Background(), publishedBound)
			defer cancel()
			res, err := variant.Solve(ctx, p, 2)
			if err != nil {
				t.Fatalf("not proven unique within %v: %v", publishedBound, err)
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
	var slowest, slowestCPU time.Duration
	var slowTitle, slowCPUTitle string
	last := make([]time.Duration, len(puzzles)) // each puzzle's time in the last pass
	lastCPU := make([]time.Duration, len(puzzles))
	var totalCPU time.Duration
	for b.Loop() {
		for i, p := range puzzles {
			start, startCPU := time.Now(), cpuTime()
			if _, err := variant.Solve(context.Background(), p, 2); err != nil {
				b.Fatal(err)
			}
			last[i], lastCPU[i] = time.Since(start), cpuTime()-startCPU
			totalCPU += lastCPU[i]
			if last[i] > slowest {
				slowest, slowTitle = last[i], titles[i]
			}
			if lastCPU[i] > slowestCPU {
				slowestCPU, slowCPUTitle = lastCPU[i], titles[i]
			}
		}
	}
	slices.Sort(last)
	slices.Sort(lastCPU)
	under := func(ds []time.Duration, d time.Duration) float64 {
		n, _ := slices.BinarySearch(ds, d)
		return float64(n)
	}
	b.ReportMetric(float64(b.Elapsed().Microseconds())/float64(b.N*len(puzzles)), "µs/puzzle")
	b.ReportMetric(float64(last[len(last)/2].Microseconds()), "µs-median")
	b.ReportMetric(float64(slowest.Microseconds()), "µs-slowest")
	b.ReportMetric(under(last, 10*time.Millisecond), "under-10ms")
	b.ReportMetric(under(last, time.Second), "under-1s")
	if totalCPU > 0 { // the process's CPU time: the figures of a busy machine
		b.ReportMetric(float64(totalCPU.Microseconds())/float64(b.N*len(puzzles)), "cpu-µs/puzzle")
		b.ReportMetric(float64(lastCPU[len(lastCPU)/2].Microseconds()), "cpu-µs-median")
		b.ReportMetric(float64(slowestCPU.Microseconds()), "cpu-µs-slowest")
		b.ReportMetric(under(lastCPU, 10*time.Millisecond), "cpu-under-10ms")
	}
	if testing.Verbose() {
		b.Logf("slowest: %s; slowest in CPU time: %s", strings.TrimSpace(slowTitle), strings.TrimSpace(slowCPUTitle))
	}
}
