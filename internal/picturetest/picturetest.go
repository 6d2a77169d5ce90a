// Package picturetest reads the PNG pictures the bot attaches, for tests:
// decoded into plain colours, the cells of the grid found by its lines, and
// pixels of a colour counted, so that a test checks what a person would see
// (a given digit in the given colour, a clash in red) rather than bytes.
package picturetest

import (
	"bytes"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"testing"

	"github.com/sudokubot/sudokubot/picture"
)

// Pixmap is a decoded picture as plain colours, quick to read many times
// (image.Image's At through an interface is slow under -race).
type Pixmap struct {
	W, H int
	pix  []color.RGBA
}

// At returns the colour of the pixel at x, y.
func (p *Pixmap) At(x, y int) color.RGBA { return p.pix[y*p.W+x] }

// Bounds returns the whole picture's rectangle.
func (p *Pixmap) Bounds() image.Rectangle { return image.Rect(0, 0, p.W, p.H) }

// String describes the picture by its size.
func (p *Pixmap) String() string { return fmt.Sprintf("%d×%d picture", p.W, p.H) }

// Decode decodes the PNG data, failing tb if it is none.
func Decode(tb testing.TB, data []byte) *Pixmap {
	tb.Helper()
	img, err := png.Decode(bytes.NewReader(data))
	if err != nil {
		tb.Fatalf("decode the PNG: %v", err)
	}
	b := img.Bounds()
	p := &Pixmap{W: b.Dx(), H: b.Dy(), pix: make([]color.RGBA, b.Dx()*b.Dy())}
	if pl, ok := img.(*image.Paletted); ok {
		pal := make([]color.RGBA, len(pl.Palette))
		for i, c := range pl.Palette {
			pal[i] = rgba(c)
		}
		for y := 0; y < p.H; y++ {
			for x := 0; x < p.W; x++ {
				p.pix[y*p.W+x] = pal[pl.Pix[y*pl.Stride+x]]
			}
		}
		return p
	}
	for y := 0; y < p.H; y++ {
		for x := 0; x < p.W; x++ {
			p.pix[y*p.W+x] = rgba(img.At(b.Min.X+x, b.Min.Y+y))
		}
	}
	return p
}

func rgba(c color.Color) color.RGBA { return color.RGBAModel.Convert(c).(color.RGBA) }

// Cells finds the cells of an n×n grid in img by its lines (pixels of
// exactly the line colours of pal): the inside of every cell, row by row.
// It fails tb unless a scan line crosses n equal cells on each axis.
func Cells(tb testing.TB, img *Pixmap, pal picture.Palette, n int) []image.Rectangle {
	tb.Helper()
	line := func(x, y int) bool {
		c := img.At(x, y)
		return c == pal.ThinLine || c == pal.ThickLine
	}
	axis := func(length, across int, at func(i, j int) bool) [][2]int {
		for j := 0; j < across; j++ {
			var spans [][2]int
			start, seen := -1, false
			for i := 0; i < length; i++ {
				switch {
				case at(i, j) && start >= 0:
					spans = append(spans, [2]int{start, i})
					start = -1
				case at(i, j):
					seen = true
				case seen && start < 0:
					start = i
				}
			}
			if len(spans) != n {
				continue
			}
			equal := true
			for _, s := range spans {
				equal = equal && s[1]-s[0] == spans[0][1]-spans[0][0]
			}
			if equal {
				return spans
			}
		}
		tb.Fatalf("no scan line of the %v crosses %d equal cells", img, n)
		return nil
	}
	cols := axis(img.W, img.H, func(x, y int) bool { return line(x, y) })
	rows := axis(img.H, img.W, func(y, x int) bool { return line(x, y) })
	out := make([]image.Rectangle, 0, n*n)
	for _, r := range rows {
		for _, c := range cols {
			out = append(out, image.Rect(c[0], r[0], c[1], r[1]))
		}
	}
	return out
}

// Count returns how many pixels of r in img are exactly c.
func Count(img *Pixmap, r image.Rectangle, c color.RGBA) int {
	k := 0
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			if img.At(x, y) == c {
				k++
			}
		}
	}
	return k
}
