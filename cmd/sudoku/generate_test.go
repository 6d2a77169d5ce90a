package main

import (
	"context"
	"strings"
	"testing"

	"github.com/sudokubot/sudokubot/generate"
	"github.com/sudokubot/sudokubot/logic"
	"github.com/sudokubot/sudokubot/sudoku"
)

// checkGenerated checks a printed puzzle: one solution, and rated by the
// logic engine within the level.
func checkGenerated(t *testing.T, text string, level generate.Level) {
	t.Helper()
	g, err := parsePuzzle(text)
	if err != nil {
		t.Fatalf("%q: %v", text, err)
	}
	ctx := context.Background()
	if n, err := sudoku.CountSolutions(ctx, g, 2); err != nil || n != 1 {
		t.Fatalf("%q: %d solutions (%v)", text, n, err)
	}
	lg, err := logic.New(g)
	if err != nil {
		t.Fatal(err)
	}
	rep, err := logic.Rate(ctx, lg)
	if err != nil {
		t.Fatal(err)
	}
	if lo, hi := level.Range(); rep.Status != logic.Solved || rep.Rating < lo || rep.Rating > hi {
		t.Fatalf("%q: rated %v %v, outside %v", text, rep.Status, rep.Rating, level)
	}
}

func TestNew(t *testing.T) {
	code, out, errOut := runArgs(t, "", "new", "-level", "medium", "-n", "3", "-seed", "42")
	if code != 0 || errOut != "" {
		t.Fatalf("exit %d, stderr %q", code, errOut)
	}
	lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	if len(lines) != 3 {
		t.Fatalf("%d lines, want 3:\n%s", len(lines), out)
	}
	for _, l := range lines {
		if len(l) != 81 {
			t.Fatalf("%q: %d characters", l, len(l))
		}
		checkGenerated(t, l, generate.Medium)
	}
	if _, again, _ := runArgs(t, "", "new", "-level", "medium", "-n", "3", "-seed", "42"); again != out {
		t.Fatalf("the same flags printed\n%s\nthen\n%s", out, again)
	}
	if _, other, _ := runArgs(t, "", "new", "-level", "medium", "-n", "3", "-seed", "43"); other == out {
		t.Fatal("seeds 42 and 43 printed the same puzzles")
	}
}

func TestNewSizesAndSymmetry(t *testing.T) {
	for _, tc := range []struct {
		args  []string
		level generate.Level
		cells int
	}{
		{[]string{"-size", "4", "-level", "easy"}, generate.Easy, 16},
		{[]string{"-size", "6", "-level", "EASY", "-symmetric"}, generate.Easy, 36},
		{[]string{"-size", "6x6", "-level", "medium"}, generate.Medium, 36},
		{[]string{"-size", "4×4", "-level", "easy"}, generate.Easy, 16},
		{[]string{"-level", "hard", "-symmetric"}, generate.Hard, 81},
	} {
		args := append([]string{"new", "-seed", "7", "-v"}, tc.args...)
		code, out, errOut := runArgs(t, "", args...)
		text := strings.TrimSuffix(out, "\n")
		if code != 0 || len(text) != tc.cells {
			t.Fatalf("%v: exit %d, out %q, stderr %q", tc.args, code, out, errOut)
		}
		checkGenerated(t, text, tc.level)
		// -v: the code, level, rating and technique on stderr; the code
		// gives the puzzle back.
		fields := strings.Fields(errOut)
		if len(fields) < 4 || fields[1] != tc.level.String() {
			t.Fatalf("%v: stderr %q", tc.args, errOut)
		}
		c, err := generate.ParseCode(fields[0])
		if err != nil {
			t.Fatal(err)
		}
		p, err := generate.Decode(context.Background(), c)
		if err != nil || formatGrid(p.Grid) != text {
			t.Fatalf("%v: code %v decodes to %s (%v), printed %s", tc.args, c, formatGrid(p.Grid), err, text)
		}
		if strings.Contains(strings.Join(tc.args, " "), "-symmetric") {
			for i := range text {
				if (text[i] == '.') != (text[len(text)-1-i] == '.') {
					t.Fatalf("%v: %s is not symmetric", tc.args, text)
				}
			}
		}
	}
}

func TestNewDefaultSeed(t *testing.T) {
	code, out, errOut := runArgs(t, "", "new", "-level", "easy")
	if code != 0 || len(strings.TrimSpace(out)) != 81 || !strings.HasPrefix(errOut, "sudoku new: -seed ") {
		t.Fatalf("exit %d, out %q, stderr %q", code, out, errOut)
	}
}

func TestNewErrors(t *testing.T) {
	for _, args := range [][]string{
		{"new", "-level", "insane"},
		{"new", "-size", "7"},
		{"new", "-size", "6x9"},
		{"new", "-size", "x"},
		{"new", "-size", "25"},
		{"new", "-size", "4", "-level", "expert"},
		{"new", "-n", "0"},
		{"new", "extra"},
		{"new", "-bogus"},
		{"daily", "-date", "2025-13-01"},
		{"daily", "-level", "none"},
		{"daily", "extra"},
	} {
		code, out, errOut := runArgs(t, "", args...)
		if code != 2 || out != "" || errOut == "" {
			t.Errorf("%v: exit %d, out %q, stderr %q", args, code, out, errOut)
		}
	}
	code, out, errOut := runArgs(t, "", "new", "-level", "extreme", "-timeout", "1ns", "-seed", "1")
	if code != 1 || out != "" || !strings.Contains(errOut, "-timeout") {
		t.Errorf("timeout: exit %d, out %q, stderr %q", code, out, errOut)
	}
}

// TestNewSizeHelp: the -size help lists the sizes the generator makes, and
// a size it does not make names them.
func TestNewSizeHelp(t *testing.T) {
	_, _, help := runArgs(t, "", "new", "-h")
	if !strings.Contains(help, "-size N\n    \tside of the grid: 4, 6, 8, 9, 12, 16, written N, NxN or N×N (default 9)") || strings.Contains(help, "25") {
		t.Errorf("help:\n%s", help)
	}
	_, _, errOut := runArgs(t, "", "new", "-size", "25x25")
	if want := "sudoku new: -size 25: the generator makes sizes 4, 6, 8, 9, 12, 16\n"; errOut != want {
		t.Errorf("-size 25x25: stderr %q, want %q", errOut, want)
	}
}

func TestDaily(t *testing.T) {
	code, out, errOut := runArgs(t, "", "daily", "-date", "2025-03-14")
	if code != 0 || errOut != "" {
		t.Fatalf("exit %d, stderr %q", code, errOut)
	}
	text := strings.TrimSuffix(out, "\n")
	checkGenerated(t, text, generate.Hard)
	if _, again, _ := runArgs(t, "", "daily", "-date", "2025-03-14", "-level", "hard"); again != out {
		t.Fatalf("the same day printed %q then %q", out, again)
	}
	_, easy, _ := runArgs(t, "", "daily", "-date", "2025-03-14", "-level", "easy")
	_, next, _ := runArgs(t, "", "daily", "-date", "2025-03-15")
	if easy == out || next == out {
		t.Fatal("another level or day printed the same puzzle")
	}
	checkGenerated(t, strings.TrimSuffix(easy, "\n"), generate.Easy)
}
