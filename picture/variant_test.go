package picture

import (
	"bytes"
	"errors"
	"image"
	"image/color"
	"image/png"
	"testing"
)

// near reports whether some pixel within r of (x, y) has colour c (within
// a small tolerance for anti-aliasing).
func near(img image.Image, x, y, r int, c color.RGBA) bool {
	for dy := -r; dy <= r; dy++ {
		for dx := -r; dx <= r; dx++ {
			got := color.RGBAModel.Convert(img.At(x+dx, y+dy)).(color.RGBA)
			if absDiff(got.R, c.R) <= 8 && absDiff(got.G, c.G) <= 8 && absDiff(got.B, c.B) <= 8 {
				return true
			}
		}
	}
	return false
}

func absDiff(a, b uint8) int {
	if a > b {
		return int(a - b)
	}
	return int(b - a)
}

func TestDrawVariantPixels(t *testing.T) {
	// 4×4 at 360 px: cells of 60 px, the grid from (60, 60) to (300, 300).
	givens := make([]int, 16)
	givens[15] = 4
	b := VariantBoard{Size: 4, Digits: givens, Givens: givens, Marks: []Mark{
		{Kind: "thermometer", Cells: []int{0, 1}},
		{Kind: "kropki black dot", Cells: []int{5, 6}},
		{Kind: "kropki white dot", Cells: []int{9, 13}},
		{Kind: "killer cage", Cells: []int{10, 11}, Label: "7"},
		{Kind: "arrow", Cells: []int{3, 7, 11}, Bulb: 1},
		{Kind: "X", Cells: []int{12, 13}},
	}}
	for _, th := range Themes {
		img, err := DrawVariant(b, Options{Theme: th, Size: 360})
		if err != nil {
			t.Fatal(err)
		}
		pal := th.Palette()
		checks := []struct {
			what string
			x, y int
			c    color.RGBA
		}{
			{"thermometer bulb at r1c1", 90, 90, thermoInk},
			{"thermometer line between r1c1 and r1c2", 120, 90, thermoInk},
			{"black dot between r2c2 and r2c3", 180, 150, color.RGBA{0, 0, 0, 255}},
			{"white dot between r3c2 and r4c2", 150, 240, color.RGBA{255, 255, 255, 255}},
			{"cage's dashed top edge over r3c4", 247, 185, cageInk},
			{"box border between columns 2 and 3", 180, 100, pal.ThickLine},
			{"background inside r4c1 away from the X", 75, 275, pal.Background},
			{"arrow circle ring at r1c4", 270, 65, thermoInk},
		}
		for _, c := range checks {
			if !near(img, c.x, c.y, 2, c.c) {
				t.Errorf("%v: %s: no %v near (%d, %d), got %v", th, c.what, c.c, c.x, c.y, img.At(c.x, c.y))
			}
		}
		// The given 4 in r4c4 is drawn in the given colour; r4c3 has no digit.
		if !anyIn(img, image.Rect(250, 250, 290, 290), pal.Given) {
			t.Errorf("%v: no given ink in r4c4", th)
		}
		if anyIn(img, image.Rect(195, 255, 225, 285), pal.Given) {
			t.Errorf("%v: given ink in r4c3, which has no digit", th)
		}
		var buf bytes.Buffer
		if err := EncodeImage(&buf, img); err != nil {
			t.Fatal(err)
		}
		back, err := png.Decode(&buf)
		if err != nil || back.Bounds().Dx() != 360 {
			t.Fatalf("PNG decodes to %v, %v", back.Bounds(), err)
		}
	}
}

func anyIn(img image.Image, r image.Rectangle, c color.RGBA) bool {
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			if near(img, x, y, 0, c) {
				return true
			}
		}
	}
	return false
}

func TestDrawVariantIrregularRegions(t *testing.T) {
	// Regions as columns: thick lines between every pair of columns, none
	// between rows.
	var regions [][]int
	for c := 0; c < 4; c++ {
		regions = append(regions, []int{c, 4 + c, 8 + c, 12 + c})
	}
	img, err := DrawVariant(VariantBoard{Size: 4, Regions: regions}, Options{Theme: Light, Size: 360})
	if err != nil {
		t.Fatal(err)
	}
	pal := Light.Palette()
	if !near(img, 120, 150, 1, pal.ThickLine) {
		t.Errorf("no thick line between columns 1 and 2")
	}
	if near(img, 150, 180, 1, pal.ThickLine) {
		t.Errorf("a thick line between rows 2 and 3, inside a region")
	}
}

func TestDrawVariantErrors(t *testing.T) {
	for name, b := range map[string]VariantBoard{
		"size 3":       {Size: 3},
		"cell outside": {Size: 4, Marks: []Mark{{Kind: "thermometer", Cells: []int{0, 16}}}},
		"digits":       {Size: 4, Digits: make([]int, 15)},
		"arrow bulb":   {Size: 4, Marks: []Mark{{Kind: "arrow", Cells: []int{0, 1}, Bulb: 2}}},
	} {
		if _, err := DrawVariant(b, Options{Size: 360}); !errors.Is(err, ErrVariantBoard) {
			t.Errorf("%s: %v, want ErrVariantBoard", name, err)
		}
	}
}

func TestDrawVariantClashAndCandidates(t *testing.T) {
	// 4×4 at 360 px: cells of 60 px from (60, 60). r2c2 (cell 5) and r2c3
	// (cell 6) hold 3s that break a rule, r1c1 has candidates 1 and 4, r4c4
	// holds a 2 that breaks nothing.
	digits := make([]int, 16)
	digits[5], digits[6], digits[15] = 3, 3, 2
	cands := make([]uint32, 16)
	cands[0] = 1<<0 | 1<<3
	b := VariantBoard{Size: 4, Digits: digits, Clash: []int{5, 6}, Candidates: cands}
	for _, th := range Themes {
		img, err := DrawVariant(b, Options{Theme: th, Size: 360})
		if err != nil {
			t.Fatal(err)
		}
		pal := th.Palette()
		if !near(img, 126, 126, 0, pal.Conflict) || !near(img, 234, 126, 0, pal.Conflict) {
			t.Errorf("%v: no conflict background in the corners of r2c2 and r2c3", th)
		}
		if !anyIn(img, image.Rect(135, 135, 165, 165), pal.Clash) {
			t.Errorf("%v: the 3 of r2c2 is not in the clash colour", th)
		}
		if near(img, 306, 306, 0, pal.Conflict) || anyIn(img, image.Rect(255, 255, 285, 285), pal.Clash) {
			t.Errorf("%v: r4c4 drawn as a clash", th)
		}
		if !anyIn(img, image.Rect(255, 255, 285, 285), pal.Filled) {
			t.Errorf("%v: the 2 of r4c4 is not in the filled colour", th)
		}
		// Candidates of r1c1 in a 2×2 square: 1 top left, 4 bottom right,
		// no 2 top right nor 3 bottom left.
		quad := func(col, row int) image.Rectangle {
			x, y := 65+col*25, 65+row*25
			return image.Rect(x+4, y+4, x+21, y+21)
		}
		if !anyIn(img, quad(0, 0), pal.Pencil) || !anyIn(img, quad(1, 1), pal.Pencil) {
			t.Errorf("%v: candidates 1 and 4 of r1c1 not drawn", th)
		}
		if anyIn(img, quad(1, 0), pal.Pencil) || anyIn(img, quad(0, 1), pal.Pencil) {
			t.Errorf("%v: candidates 2 or 3 drawn in r1c1, which has neither", th)
		}
		// A cell holding a digit shows no candidates even when given some.
		withDigit := b
		withDigit.Candidates = make([]uint32, 16)
		withDigit.Candidates[15] = 1 << 0
		img2, err := DrawVariant(withDigit, Options{Theme: th, Size: 360})
		if err != nil {
			t.Fatal(err)
		}
		if anyIn(img2, image.Rect(245, 245, 268, 268), pal.Pencil) {
			t.Errorf("%v: a candidate drawn in r4c4 over its digit", th)
		}
	}
	if _, err := DrawVariant(VariantBoard{Size: 4, Clash: []int{16}}, Options{Size: 360}); !errors.Is(err, ErrVariantBoard) {
		t.Errorf("clash outside the grid: %v, want ErrVariantBoard", err)
	}
	if _, err := DrawVariant(VariantBoard{Size: 4, Candidates: make([]uint32, 3)}, Options{Size: 360}); !errors.Is(err, ErrVariantBoard) {
		t.Errorf("3 candidate sets: %v, want ErrVariantBoard", err)
	}
}
