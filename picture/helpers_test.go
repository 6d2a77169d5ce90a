package picture_test

import (
	"bytes"
	"image"
	"image/color"
	"image/png"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sudokubot/sudokubot/internal/testgrids"
	"github.com/sudokubot/sudokubot/picture"
	"github.com/sudokubot/sudokubot/sudoku"
)

// readPuzzle reads the one-line puzzle in testdata/name.
func readPuzzle(tb testing.TB, name string) sudoku.Grid {
	tb.Helper()
	data, err := os.ReadFile(filepath.Join("testdata", name))
	if err != nil {
		tb.Fatal(err)
	}
	return testgrids.Decode(tb, strings.TrimSpace(string(data)))
}

// solve returns the solution of a puzzle that has one or more.
func solve(tb testing.TB, g sudoku.Grid) sudoku.Grid {
	tb.Helper()
	res, err := sudoku.Solve(tb.Context(), g, 1)
	if err != nil || (res.Status != sudoku.Unique && res.Status != sudoku.Multiple) {
		tb.Fatalf("solve %s: %v %v", testgrids.Line(g), res.Status, err)
	}
	return res.Solution
}

// candidates returns the pencil marks of g: for each empty cell, the
// digits no peer holds.
func candidates(g sudoku.Grid) []uint32 {
	n := g.Size()
	out := make([]uint32, n*n)
	for r := 0; r < n; r++ {
		for c := 0; c < n; c++ {
			if g.Get(r, c) != 0 {
				continue
			}
			set := uint32(1)<<n - 1
			for k := 0; k < n; k++ {
				for _, v := range []int{g.Get(r, k), g.Get(k, c)} {
					if v != 0 {
						set &^= 1 << (v - 1)
					}
				}
			}
			sh := g.Shape()
			r0, c0 := r/sh.BoxRows*sh.BoxRows, c/sh.BoxCols*sh.BoxCols
			for i := r0; i < r0+sh.BoxRows; i++ {
				for j := c0; j < c0+sh.BoxCols; j++ {
					if v := g.Get(i, j); v != 0 {
						set &^= 1 << (v - 1)
					}
				}
			}
			out[r*n+c] = set
		}
	}
	return out
}

// encode returns the PNG of b and the picture decoded from it.
func encode(tb testing.TB, b picture.Board, opt picture.Options) ([]byte, image.Image) {
	tb.Helper()
	var buf bytes.Buffer
	if err := picture.Encode(&buf, b, opt); err != nil {
		tb.Fatalf("encode: %v", err)
	}
	img, err := png.Decode(bytes.NewReader(buf.Bytes()))
	if err != nil {
		tb.Fatalf("decode the PNG: %v", err)
	}
	return buf.Bytes(), img
}

func rgba(c color.Color) color.RGBA { return color.RGBAModel.Convert(c).(color.RGBA) }

// cells finds the cells of an n×n grid in img by its lines alone: pixels of
// exactly the line colours of pal. It returns cell rectangles row by row,
// and fails unless it finds n equal cells on each axis.
func cells(tb testing.TB, img image.Image, pal picture.Palette, n int) []image.Rectangle {
	tb.Helper()
	isLine := func(x, y int) bool {
		c := rgba(img.At(x, y))
		return c == pal.ThinLine || c == pal.ThickLine
	}
	b := img.Bounds()
	// spans returns the runs of non-line pixels between the first and last
	// line pixel along a scan line of length l.
	spans := func(l int, line func(i int) bool) [][2]int {
		first, last := -1, -1
		for i := 0; i < l; i++ {
			if line(i) {
				if first < 0 {
					first = i
				}
				last = i
			}
		}
		var out [][2]int
		start := -1
		for i := first; i <= last && first >= 0; i++ {
			switch {
			case !line(i) && start < 0:
				start = i
			case line(i) && start >= 0:
				out = append(out, [2]int{start, i})
				start = -1
			}
		}
		return out
	}
	axis := func(l, across int, line func(i, j int) bool) [][2]int {
		for j := 0; j < across; j++ {
			s := spans(l, func(i int) bool { return line(i, j) })
			if len(s) != n {
				continue
			}
			equal := true
			for _, sp := range s {
				equal = equal && sp[1]-sp[0] == s[0][1]-s[0][0]
			}
			if equal {
				return s
			}
		}
		tb.Fatalf("no scan line of the %v picture crosses %d equal cells", b.Size(), n)
		return nil
	}
	cols := axis(b.Dx(), b.Dy(), func(x, y int) bool { return isLine(x, y) })
	rows := axis(b.Dy(), b.Dx(), func(y, x int) bool { return isLine(x, y) })
	out := make([]image.Rectangle, 0, n*n)
	for _, r := range rows {
		for _, c := range cols {
			out = append(out, image.Rect(c[0], r[0], c[1], r[1]))
		}
	}
	return out
}

// count returns how many pixels of r in img are exactly c.
func count(img image.Image, r image.Rectangle, c color.RGBA) int {
	k := 0
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			if rgba(img.At(x, y)) == c {
				k++
			}
		}
	}
	return k
}

// part returns the part of r from fractions (x0, y0) to (x1, y1) of it.
func part(r image.Rectangle, x0, y0, x1, y1 float64) image.Rectangle {
	w, h := float64(r.Dx()), float64(r.Dy())
	return image.Rect(r.Min.X+int(x0*w), r.Min.Y+int(y0*h), r.Min.X+int(x1*w+0.5), r.Min.Y+int(y1*h+0.5))
}
