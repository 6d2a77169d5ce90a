package logic

import (
	"bufio"
	"errors"
	"os"
	"strings"
	"testing"

	"github.com/sudokubot/sudokubot/sudoku"
)

// ratedPuzzle is one line of an SE-rated file: a puzzle and its rating.
type ratedPuzzle struct {
	line   int
	puzzle string
	rating string
}

// readRated reads a puzzle,rating file; it skips the test when the file is
// absent and skip is set (the shared data beside the repository).
func readRated(tb testing.TB, name string, skip bool) []ratedPuzzle {
	tb.Helper()
	f, err := os.Open(name)
	if err != nil {
		if skip && errors.Is(err, os.ErrNotExist) {
			tb.Skipf("%s absent: %v", name, err)
		}
		tb.Fatal(err)
	}
	defer f.Close()
	var out []ratedPuzzle
	sc := bufio.NewScanner(f)
	for n := 1; sc.Scan(); n++ {
		p, r, ok := strings.Cut(strings.TrimSpace(sc.Text()), ",")
		if !ok {
			tb.Fatalf("%s:%d: no rating", name, n)
		}
		out = append(out, ratedPuzzle{n, p, r})
	}
	if err := sc.Err(); err != nil {
		tb.Fatal(err)
	}
	return out
}

// grid81 reads an 81-character puzzle ('.' or '0' for empty).
func grid81(tb testing.TB, s string) sudoku.Grid {
	tb.Helper()
	return gridN(tb, sudoku.Classic, s)
}

// gridN reads a one-line puzzle of shape sh: '.' or '0' empty, 1-9, then A-P.
func gridN(tb testing.TB, sh sudoku.Shape, s string) sudoku.Grid {
	tb.Helper()
	if len(s) != sh.Cells() {
		tb.Fatalf("puzzle of %d symbols, want %d", len(s), sh.Cells())
	}
	cells := make([]int, len(s))
	for i := 0; i < len(s); i++ {
		switch ch := s[i]; {
		case ch >= '1' && ch <= '9':
			cells[i] = int(ch - '0')
		case ch >= 'A' && ch <= 'P':
			cells[i] = int(ch-'A') + 10
		case ch == '.' || ch == '0':
		default:
			tb.Fatalf("bad symbol %q", ch)
		}
	}
	g, err := sudoku.FromCells(sh, cells)
	if err != nil {
		tb.Fatal(err)
	}
	return g
}

func mustNew(tb testing.TB, g sudoku.Grid) *Grid {
	tb.Helper()
	lg, err := New(g)
	if err != nil {
		tb.Fatal(err)
	}
	return lg
}

// ratingOf parses an SE rating such as "4.2" into tenths.
func ratingOf(tb testing.TB, s string) Rating {
	tb.Helper()
	whole, frac, ok := strings.Cut(s, ".")
	if !ok || len(frac) != 1 {
		tb.Fatalf("rating %q", s)
	}
	r := 0
	for _, ch := range whole + frac {
		if ch < '0' || ch > '9' {
			tb.Fatalf("rating %q", s)
		}
		r = r*10 + int(ch-'0')
	}
	return Rating(r)
}

func TestRatingString(t *testing.T) {
	for r, want := range map[Rating]string{0: "0.0", 10: "1.0", 42: "4.2", 93: "9.3", 100: "10.0"} {
		if got := r.String(); got != want {
			t.Errorf("Rating(%d) = %q, want %q", int(r), got, want)
		}
	}
}

func TestDifficulty(t *testing.T) {
	for r, want := range map[Rating]string{10: "Easy", 20: "Easy", 23: "Medium", 28: "Medium", 30: "Hard", 38: "Hard",
		40: "Expert", 61: "Expert", 62: "Extreme", 93: "Extreme", 250: "Extreme"} {
		if got := r.Difficulty().Name; got != want {
			t.Errorf("Rating(%v).Difficulty() = %q, want %q", r, got, want)
		}
	}
}
