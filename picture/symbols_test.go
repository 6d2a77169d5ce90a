package picture_test

import (
	"errors"
	"image"
	"testing"

	"github.com/sudokubot/sudokubot/internal/testgrids"
	"github.com/sudokubot/sudokubot/picture"
	"github.com/sudokubot/sudokubot/sudoku"
)

// same reports whether rectangles a of img1 and b of img2 (of one size)
// hold the same pixels.
func same(img1 image.Image, a image.Rectangle, img2 image.Image, b image.Rectangle) bool {
	if a.Size() != b.Size() {
		return false
	}
	for y := 0; y < a.Dy(); y++ {
		for x := 0; x < a.Dx(); x++ {
			if rgba(img1.At(a.Min.X+x, a.Min.Y+y)) != rgba(img2.At(b.Min.X+x, b.Min.Y+y)) {
				return false
			}
		}
	}
	return true
}

// TestSymbols: a 16×16 grid drawn in 0–F writes value v as the default
// symbols write v-1: its cell of value 11 ("A" in 0–F) is the default
// picture's cell of value 10 ("A") pixel for pixel, and its cell of value 1
// ("0") is not the default "1".
func TestSymbols(t *testing.T) {
	sh := sudoku.Shape{BoxRows: 4, BoxCols: 4}
	g := testgrids.Pattern(t, sh)
	pal := picture.Dark.Palette()
	_, plain := encode(t, picture.Board{Grid: g}, picture.Options{})
	_, hex := encode(t, picture.Board{Grid: g}, picture.Options{Symbols: "0123456789ABCDEF"})
	pc, hc := cells(t, plain, pal, 16), cells(t, hex, pal, 16)
	where := func(v int) int {
		for i := 0; i < sh.Cells(); i++ {
			if g.At(i) == v {
				return i
			}
		}
		t.Fatalf("no %d in the grid", v)
		return -1
	}
	if a, b := where(11), where(10); !same(hex, hc[a], plain, pc[b]) {
		t.Error("value 11 in 0–F is not drawn as value 10 in 1–G (both A)")
	}
	if one := where(1); same(hex, hc[one], plain, pc[one]) {
		t.Error("value 1 is drawn alike in 0–F (0) and 1–G (1)")
	}
	for _, bad := range []string{"012345678", "0123456789ABCDE!"} {
		_, err := picture.Draw(picture.Board{Grid: g}, picture.Options{Symbols: bad})
		if !errors.Is(err, picture.ErrSymbols) {
			t.Errorf("symbols %q: error %v, want ErrSymbols", bad, err)
		}
	}
}
