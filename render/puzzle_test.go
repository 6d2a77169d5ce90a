package render_test

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/sudokubot/sudokubot/internal/testgrids"
	"github.com/sudokubot/sudokubot/parser"
	"github.com/sudokubot/sudokubot/render"
	"github.com/sudokubot/sudokubot/sudoku"
)

var (
	fenceRE   = regexp.MustCompile("(?s)```.*?```")
	oneLineRE = regexp.MustCompile("On one line: `([^`]+)`")
)

// golden compares got with testdata/name.golden (rewritten with -update).
func golden(t *testing.T, name, got string) {
	t.Helper()
	path := filepath.Join("testdata", name+".golden")
	if *update {
		if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test -update to create it)", err)
	}
	if got != string(want) {
		t.Errorf("reply differs from %s (run go test -update and review the diff):\n%s", path, got)
	}
}

// served is the classic puzzle as a served one.
func served(tb testing.TB) render.Served {
	return render.Served{Grid: decode(tb, classic), Code: "#9H-3f2a1c9x", Level: "Hard", Rating: 34, Prefix: "!"}
}

func TestPuzzleGolden(t *testing.T) {
	puzzle, sol := decode(t, classic), decode(t, classicSolution)
	big := testgrids.Pattern(t, sudoku.Shape{BoxRows: 4, BoxCols: 4})
	small := testgrids.Pattern(t, sudoku.Shape{BoxRows: 2, BoxCols: 2})
	daily := served(t)
	daily.Day = time.Date(2025, 3, 14, 23, 59, 0, 0, time.FixedZone("UTC-5", -5*3600)) // the 15th in UTC
	unrated := served(t)
	unrated.Level = ""
	custom := served(t)
	custom.Prefix = "sudo?"

	// A player's grid: the first 30 empty cells filled in right.
	half := puzzle
	for i, k := 0, 0; i < 81 && k < 30; i++ {
		if half.At(i) == 0 {
			half.Set(i/9, i%9, sol.At(i))
			k++
		}
	}
	changed := half
	changed.Set(0, 0, 0) // the given 5 taken out
	changed.Set(0, 1, 9) // the given 3 made a 9
	wrong := half
	wrong.Set(8, 0, 2) // r9c1 is 3 in the solution; 2 clashes with nothing
	played := func(g sudoku.Grid) render.Played {
		return render.Played{Grid: g, Givens: puzzle, Code: "#9H-3f2a1c9x", Level: "Hard", Conflicts: sudoku.Validate(g)}
	}
	pChanged := played(changed)
	pChanged.Changed = []sudoku.Cell{{Row: 0, Col: 0}, {Row: 0, Col: 1}}
	pWrong := played(wrong)
	pWrong.Wrong = 1
	pWrong3 := played(wrong)
	pWrong3.Wrong = 3
	pMarks := played(half)
	pMarks.WrongMarks = 2
	clash := half
	clash.Set(8, 0, 8) // row 9 already has an 8
	pClash := played(clash)
	if len(pClash.Conflicts) == 0 {
		t.Fatal("the clash grid has no conflict")
	}

	tests := []struct{ name, got string }{
		{"puzzle-9x9", render.Puzzle(served(t), render.Options{})},
		{"puzzle-daily", render.Puzzle(daily, render.Options{Picture: true})},
		{"puzzle-unrated", render.Puzzle(unrated, render.Options{})},
		{"puzzle-prefix", render.Puzzle(custom, render.Options{})},
		{"puzzle-16x16", render.Puzzle(render.Served{Grid: testgrids.Thinned(big, 3), Code: "#16M-00000000", Level: "Medium", Rating: 23, Prefix: "!"}, render.Options{Picture: true})},
		{"puzzle-4x4", render.Puzzle(render.Served{Grid: testgrids.Thinned(small, 3), Code: "#4E-00000000", Level: "Easy", Rating: 12, Prefix: "!"}, render.Options{})},
		{"played-progress", render.PuzzleChecked(played(half), false, render.Options{})},
		{"played-as-given", render.PuzzleChecked(played(puzzle), false, render.Options{})},
		{"played-complete", render.PuzzleChecked(played(sol), false, render.Options{})},
		{"played-changed", render.PuzzleChecked(pChanged, false, render.Options{})},
		{"played-changed-hint", render.PuzzleChecked(pChanged, true, render.Options{})},
		{"played-clash", render.PuzzleChecked(pClash, false, render.Options{})},
		{"played-wrong", render.PuzzleChecked(pWrong, false, render.Options{})},
		{"played-wrong-hint", render.PuzzleChecked(pWrong3, true, render.Options{})},
		{"played-marks", render.PuzzleChecked(pMarks, false, render.Options{})},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) { golden(t, tt.name, tt.got) })
	}
}

// TestPuzzleFitsAndReadsBack: the post of a puzzle of every shape fits a
// message, and its board and its one-line grid read back to the puzzle; a
// check naming every given as changed fits too.
func TestPuzzleFitsAndReadsBack(t *testing.T) {
	for _, sh := range sudoku.Shapes {
		full := testgrids.Pattern(t, sh)
		for _, keep := range []int{1, 2, 3} {
			g := testgrids.Thinned(full, keep)
			s := render.Served{Grid: g, Code: "#25Z-zzzzzzzz", Level: "Extreme", Rating: 119, Prefix: "?????",
				Day: time.Date(2025, 9, 24, 0, 0, 0, 0, time.UTC)}
			text := render.Puzzle(s, render.Options{Picture: true})
			if n := render.Len(text); n > render.MaxLen || strings.Contains(text, "too long") {
				t.Fatalf("%v: post of %d characters:\n%s", sh, n, text)
			}
			p, err := parser.Read(fenceRE.FindString(text))
			if err != nil || p.Grid != g {
				t.Errorf("%v: the board does not read back (%v):\n%s", sh, err, text)
			}
			if one := oneLineRE.FindStringSubmatch(text); one != nil {
				if decode(t, one[1]) != g {
					t.Errorf("%v: the one-line grid is not the puzzle:\n%s", sh, text)
				}
			} else if sh.Size() < 25 {
				t.Errorf("%v: no one-line grid:\n%s", sh, text)
			}
			// Every given changed: the worst check.
			other := testgrids.Thinned(testgrids.Pattern(t, sh), keep)
			var changed []sudoku.Cell
			n := sh.Size()
			for i := 0; i < n*n; i++ {
				if g.At(i) != 0 {
					other.Set(i/n, i%n, g.At(i)%n+1)
					changed = append(changed, sudoku.Cell{Row: i / n, Col: i % n})
				}
			}
			pl := render.Played{Grid: other, Givens: g, Code: s.Code, Changed: changed, Conflicts: sudoku.Validate(other)}
			text = render.PuzzleChecked(pl, true, render.Options{})
			if n := render.Len(text); n > render.MaxLen || strings.Contains(text, "too long") || !strings.Contains(text, "more") && len(changed) > 9 {
				t.Fatalf("%v: check of %d characters:\n%s", sh, n, text)
			}
		}
	}
}

// TestChangedGivensLegendMatchesGrid: the legend of a check with changed
// givens shows the marker as the grid has it (>.< for a given taken out,
// >9< for one overwritten), at the wide and the narrow (25×25) layouts.
func TestChangedGivensLegendMatchesGrid(t *testing.T) {
	legendRE := regexp.MustCompile(`marked (>\S+) in the grid`)
	for _, sh := range []sudoku.Shape{sudoku.Classic, {BoxRows: 5, BoxCols: 5}} {
		givens := testgrids.Thinned(testgrids.Pattern(t, sh), 3)
		removed, overwritten := givens, givens
		removed.Set(0, 0, 0)
		d := givens.Get(0, 0)%sh.Size() + 1 // another digit
		overwritten.Set(0, 0, d)
		for name, g := range map[string]sudoku.Grid{"removed": removed, "overwritten": overwritten} {
			p := render.Played{Grid: g, Givens: givens, Code: "#9H-00000000", Changed: []sudoku.Cell{{Row: 0, Col: 0}}}
			text := render.PuzzleChecked(p, false, render.Options{})
			m := legendRE.FindStringSubmatch(text)
			if m == nil {
				t.Fatalf("%d×%d %s: no legend with a marker:\n%s", sh.Size(), sh.Size(), name, text)
			}
			want := ">."
			if name == "overwritten" {
				want = ">" + string(rune('0'+d))
				if d > 9 {
					want = ">" + string(rune('A'+d-10))
				}
			}
			if sh.Size() <= 16 {
				want += "<"
			}
			board := fenceRE.FindString(text)
			if m[1] != want || !strings.Contains(board, want) {
				t.Errorf("%d×%d %s: legend marker %q, want %q as in the grid:\n%s", sh.Size(), sh.Size(), name, m[1], want, text)
			}
		}
	}
}
