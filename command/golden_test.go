package command

import (
	"bytes"
	"context"
	"fmt"
	"image/png"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/sudokubot/sudokubot/internal/race"
	"github.com/sudokubot/sudokubot/internal/testgrids"
	"github.com/sudokubot/sudokubot/logic"
	"github.com/sudokubot/sudokubot/sudoku"
)

// hintGrids returns, for each technique, the first grid on the logical
// paths of the in-repo 9×9 samples whose next step is of that technique.
func hintGrids(tb testing.TB) map[logic.Technique]sudoku.Grid {
	tb.Helper()
	// Six tests ask; the search over every state of every sample takes
	// seconds (tens under -race), so it is made once. Callers only read the
	// map. Should the first caller fail while making it, the others find
	// it empty and fail too.
	hintGridsOnce.Do(func() {
		found := map[logic.Technique]sudoku.Grid{}
		for _, line := range readLines(tb, filepath.Join("testdata", "se_rated.csv"), false) {
			for _, st := range states(tb, testgrids.Decode(tb, line)) {
				lg, _ := logic.New(st)
				step, err := logic.Next(context.Background(), lg)
				if _, ok := found[step.Technique]; err == nil && !ok {
					found[step.Technique] = st
				}
			}
		}
		hintGridsFound = found
	})
	return hintGridsFound
}

var (
	hintGridsOnce  sync.Once
	hintGridsFound map[logic.Technique]sudoku.Grid
)

// wrongDigit returns g with one digit added that breaks no rule but is not
// the solution's.
func wrongDigit(tb testing.TB, g sudoku.Grid) sudoku.Grid {
	tb.Helper()
	sol := solve(tb, g)
	n := g.Size()
	for i := 0; i < n*n; i++ {
		if g.At(i) != 0 {
			continue
		}
		for d := 1; d <= n; d++ {
			w := g
			w.Set(i/n, i%n, d)
			if d != sol.At(i) && sudoku.Validate(w) == nil {
				return w
			}
		}
	}
	tb.Fatal("no wrong digit fits")
	return g
}

// TestGoldenLogicReplies compares the replies of hint, rate and explain
// with testdata/*.golden (regenerate with -update and review the diff). An
// attachment follows its message in the same file.
func TestGoldenLogicReplies(t *testing.T) {
	h := New(Config{SolveTimeout: 10 * time.Second})
	quick := New(Config{SolveTimeout: 20 * time.Millisecond})
	// Norvig's hardest needs nested forcing chains: about a second, ten
	// under the race detector.
	patient := New(Config{SolveTimeout: 5 * time.Minute})
	lc37 := testgrids.Decode(t, lc37Puzzle)
	samples := readLines(t, filepath.Join("testdata", "se_rated.csv"), false)
	hardest := readLines(t, filepath.Join("testdata", "hardest.txt"), false)
	big := readLines(t, filepath.Join("testdata", "16x16.txt"), false)
	empty, _ := sudoku.New(sudoku.Classic)
	clash := testgrids.Decode(t, "55"+strings.Repeat(".", 79))
	slow := testgrids.Pigeonhole(sudoku.Shape{BoxRows: 5, BoxCols: 5})

	type tc struct {
		name string
		h    *Handler
		kind string
		g    sudoku.Grid
	}
	tests := []tc{
		{"hint-complete", h, "hint", testgrids.Decode(t, lc37Solution)},
		{"hint-clash", h, "hint", clash},
		{"hint-wrong-digit", h, "hint", wrongDigit(t, lc37)},
		{"hint-several", h, "hint", empty},
		{"hint-timeout", quick, "hint", slow},
		{"hint-16x16", h, "hint", testgrids.Decode(t, big[0])},
		{"hint-4x4", h, "hint", patternPuzzle(t, sudoku.Shape{BoxRows: 2, BoxCols: 2})},
		{"hint-6x6", h, "hint", patternPuzzle(t, sudoku.Shape{BoxRows: 2, BoxCols: 3})},
		{"hint-25x25", h, "hint", patternPuzzle(t, sudoku.Shape{BoxRows: 5, BoxCols: 5})},
		{"rate-lc37", h, "rate", lc37},
		{"rate-expert", h, "rate", testgrids.Decode(t, samples[30])},
		{"rate-hardest", patient, "rate", testgrids.Decode(t, hardest[1])},
		{"rate-16x16", h, "rate", testgrids.Decode(t, big[0])},
		{"rate-several", h, "rate", empty},
		{"rate-complete", h, "rate", testgrids.Decode(t, lc37Solution)},
		{"rate-timeout", quick, "rate", slow},
		{"explain-lc37", h, "explain", lc37},
		{"explain-hard", h, "explain", testgrids.Decode(t, samples[20])},
		{"explain-hardest", patient, "explain", testgrids.Decode(t, hardest[1])},
		{"explain-16x16", h, "explain", testgrids.Decode(t, big[0])},
		{"explain-clash", h, "explain", clash},
	}
	// A hint of every technique the samples reach from a grid of digits.
	for tech, g := range hintGrids(t) {
		name := "hint-" + strings.ToLower(strings.NewReplacer(" ", "-", "/", "-", "(+)", "plus").Replace(tech.String()))
		tests = append(tests, tc{name, h, "hint", g})
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if race.Enabled && tt.h == patient {
				t.Skip("a nested forcing chain takes tens of seconds under -race; checked without it")
			}
			rep := ask(t, tt.h, tt.kind, tt.g)
			got := rep.Text + "\n"
			for _, f := range rep.Files {
				if f.ContentType == "image/png" { // a picture: its size (pictures_test.go reads pixels)
					cfg, err := png.DecodeConfig(bytes.NewReader(f.Data))
					if err != nil {
						t.Fatalf("%s: %v", f.Name, err)
					}
					got += fmt.Sprintf("\n--- attachment %s (%s) %d×%d ---\n", f.Name, f.ContentType, cfg.Width, cfg.Height)
					continue
				}
				got += "\n--- attachment " + f.Name + " (" + f.ContentType + ") ---\n" + string(f.Data)
			}
			path := filepath.Join("testdata", tt.name+".golden")
			if *update {
				if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			want, err := os.ReadFile(path)
			if err != nil {
				t.Fatalf("%v (run with -update to create it)", err)
			}
			if got != string(want) {
				t.Errorf("reply differs from %s (outcome %s):\n%s", path, rep.Outcome, got)
			}
		})
	}
}
