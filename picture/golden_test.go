package picture_test

import (
	"flag"
	"image"
	"image/png"
	"os"
	"path/filepath"
	"testing"

	"github.com/sudokubot/sudokubot/internal/testgrids"
	"github.com/sudokubot/sudokubot/picture"
	"github.com/sudokubot/sudokubot/sudoku"
)

var update = flag.Bool("update", false, "rewrite testdata/*.png from the current pictures")

// Golden pictures are compared pixel by pixel: a pixel differs when a
// colour channel is off by more than channelTolerance, and a picture passes
// with at most maxDiffering pixels differing, so that a small change in
// how the font library smooths edges passes and a moved or missing digit,
// line or mark (even the smallest, a pencil mark of a 25×25 grid) does not.
const (
	channelTolerance = 48
	maxDiffering     = 8
)

func goldenCases(t *testing.T) []struct {
	name string
	b    picture.Board
	opt  picture.Options
} {
	shape := func(br, bc int) sudoku.Shape { return sudoku.Shape{BoxRows: br, BoxCols: bc} }
	h := newHintBoard(t)
	top := readPuzzle(t, "top95-1.txt")
	p16 := readPuzzle(t, "16x16-1.txt")
	s4, s6, s8, s12, s25 := testgrids.Pattern(t, shape(2, 2)), testgrids.Pattern(t, shape(2, 3)), testgrids.Pattern(t, shape(2, 4)), testgrids.Pattern(t, shape(3, 4)), testgrids.Pattern(t, shape(5, 5))
	clash6 := testgrids.Thinned(s6, 2)
	clash6.Set(0, 1, clash6.Get(0, 0))
	clash6.Set(5, 0, clash6.Get(0, 0))
	p8 := testgrids.Thinned(s8, 3)
	p12 := testgrids.Thinned(s12, 2)
	clash25 := testgrids.Thinned(s25, 2)
	clash25.Set(0, 1, clash25.Get(0, 0))
	return []struct {
		name string
		b    picture.Board
		opt  picture.Options
	}{
		{"4x4-solved-light", picture.Board{Grid: s4, Givens: testgrids.Thinned(s4, 3)}, picture.Options{Theme: picture.Light}},
		{"6x6-conflicts-dark", picture.Board{Grid: clash6, Conflicts: sudoku.Validate(clash6)}, picture.Options{}},
		{"8x8-marks-light", picture.Board{Grid: p8, Candidates: candidates(p8)}, picture.Options{Theme: picture.Light}},
		{"9x9-solved-dark", picture.Board{Grid: solve(t, top), Givens: top}, picture.Options{}},
		{"9x9-hint-dark", h.b, picture.Options{}},
		{"9x9-hint-light-coords-400", h.b, picture.Options{Theme: picture.Light, Coordinates: true, Size: 400}},
		{"12x12-marks-dark", picture.Board{Grid: p12, Candidates: candidates(p12)}, picture.Options{}},
		{"16x16-solved-dark", picture.Board{Grid: solve(t, p16), Givens: p16}, picture.Options{}},
		{"25x25-conflicts-dark", picture.Board{Grid: clash25, Conflicts: sudoku.Validate(clash25), Candidates: candidates(clash25)}, picture.Options{Coordinates: true}},
	}
}

func TestGolden(t *testing.T) {
	for _, tc := range goldenCases(t) {
		t.Run(tc.name, func(t *testing.T) {
			data, got := encode(t, tc.b, tc.opt)
			path := filepath.Join("testdata", tc.name+".png")
			if *update {
				if err := os.WriteFile(path, data, 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			f, err := os.Open(path)
			if err != nil {
				t.Fatalf("%v (run go test -update to write it)", err)
			}
			defer f.Close()
			want, err := png.Decode(f)
			if err != nil {
				t.Fatalf("%s: %v", path, err)
			}
			if got.Bounds() != want.Bounds() {
				t.Fatalf("picture is %v, golden %v", got.Bounds(), want.Bounds())
			}
			if n := differing(got, want); n > maxDiffering {
				t.Errorf("%d pixels differ from %s (at most %d may)", n, path, maxDiffering)
			}
		})
	}
}

// differing counts the pixels of a and b (of equal bounds) that differ by
// more than channelTolerance in a colour channel.
func differing(a, b image.Image) int {
	n := 0
	r := a.Bounds()
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			p, q := rgba(a.At(x, y)), rgba(b.At(x, y))
			d := max(absDiff(p.R, q.R), absDiff(p.G, q.G), absDiff(p.B, q.B))
			if d > channelTolerance {
				n++
			}
		}
	}
	return n
}

func absDiff(a, b uint8) uint8 {
	if a > b {
		return a - b
	}
	return b - a
}

// TestGoldenCanFail: the comparison sees the smallest change a picture can
// have, one pencil mark more in a 25×25 grid.
func TestGoldenCanFail(t *testing.T) {
	g, _ := sudoku.New(sudoku.Shape{BoxRows: 5, BoxCols: 5})
	marks := make([]uint32, 625)
	marks[312] = 1 << 10
	_, a := encode(t, picture.Board{Grid: g, Candidates: marks}, picture.Options{})
	marks[312] |= 1 << 12
	_, b := encode(t, picture.Board{Grid: g, Candidates: marks}, picture.Options{})
	if n := differing(a, b); n <= maxDiffering {
		t.Errorf("one pencil mark added: only %d pixels differ", n)
	}
}
