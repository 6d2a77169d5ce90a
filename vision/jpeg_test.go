package vision

import (
	"bytes"
	"context"
	"errors"
	"image"
	"image/color"
	"image/jpeg"
	"math"
	"math/rand/v2"
	"runtime"
	"testing"
)

// photoLike is a w×h picture with smooth shading, noise and a few dark
// strokes, in colour or grey: something a JPEG of a page looks like.
func photoLike(w, h int, grey bool, seed uint64) image.Image {
	rng := rand.New(rand.NewPCG(seed, 1))
	var img settable = image.NewRGBA(image.Rect(0, 0, w, h))
	if grey {
		img = image.NewGray(image.Rect(0, 0, w, h))
	}
	for y := range h {
		for x := range w {
			v := 150 + 80*math.Sin(float64(x)/37)*math.Cos(float64(y)/53) + float64(rng.IntN(6))
			if (x/9)%13 == 0 || (y/7)%11 == 0 {
				v = 30
			}
			g := uint8(min(max(v, 0), 255))
			img.Set(x, y, color.RGBA{g, uint8(255 - int(g)/2), g / 2, 255})
		}
	}
	return img
}

type settable interface {
	image.Image
	Set(x, y int, c color.Color)
}

func jpegOf(tb testing.TB, img image.Image, quality int) []byte {
	tb.Helper()
	var buf bytes.Buffer
	if err := jpeg.Encode(&buf, img, &jpeg.Options{Quality: quality}); err != nil {
		tb.Fatal(err)
	}
	return buf.Bytes()
}

// meanDiff is the mean absolute difference of two rasters' colours.
func meanDiff(tb testing.TB, a, b *raster) float64 {
	tb.Helper()
	if a.w != b.w || a.h != b.h {
		tb.Fatalf("rasters of %d×%d and %d×%d", a.w, a.h, b.w, b.h)
	}
	sum := 0.0
	for i := range a.rgb {
		sum += math.Abs(float64(a.rgb[i]) - float64(b.rgb[i]))
	}
	return sum / float64(len(a.rgb))
}

// TestJPEGDecodedInBands: a baseline JPEG decoded a row of blocks at a
// time gives the raster that image/jpeg's whole decode shrunk gives: the
// same levels but for rounding at full size, and within a few levels when
// the DCT shrinks the blocks (a half, a quarter, an eighth of their size;
// it keeps the blocks' means, not their box averages), in colour (4:2:0)
// and grey, at sizes not a multiple of the blocks.
func TestJPEGDecodedInBands(t *testing.T) {
	for _, c := range []struct {
		w, h   int
		grey   bool
		within float64
	}{
		{1003, 707, false, 0.05}, // k = 1
		{1003, 707, true, 0.05},
		{2205, 1001, false, 3}, // k = 3: whole blocks, box of 3
		{4405, 1203, false, 3}, // k = 5
		{2401, 1500, false, 3}, // k = 3 (2401 > 2200)
		{4399, 2000, true, 3},  // k = 4: blocks at a quarter
		{8800, 600, false, 3},  // k = 8: each block its mean
		{2150, 1600, false, 3}, // k = 2
	} {
		data := jpegOf(t, photoLike(c.w, c.h, c.grey, uint64(c.w)), 90)
		k := shrinkFactor(c.w, c.h)
		got, err := decodeJPEG(data, k)
		if err != nil {
			t.Fatalf("%d×%d: %v", c.w, c.h, err)
		}
		img, err := jpeg.Decode(bytes.NewReader(data))
		if err != nil {
			t.Fatal(err)
		}
		if d := meanDiff(t, got, newRaster(img)); d > c.within {
			t.Errorf("%d×%d (grey %v, shrunk %d×): mean difference %.3f levels, want at most %.2f", c.w, c.h, c.grey, k, d, c.within)
		}
	}
}

// TestJPEGDecodeTakesLittleMemory: decoding a JPEG of 7 megapixels
// allocates less than a byte a pixel (image/jpeg's whole decode takes 1.5:
// the luma and the chroma planes), and a truncated one is corrupt.
func TestJPEGDecodeTakesLittleMemory(t *testing.T) {
	const w, h = 3300, 2200
	data := jpegOf(t, photoLike(w, h, false, 3), 85)
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	r, k, _, err := prepare(context.Background(), data)
	runtime.ReadMemStats(&after)
	if err != nil {
		t.Fatal(err)
	}
	if r.w != w/k || r.h != h/k {
		t.Errorf("raster %d×%d, want %d×%d", r.w, r.h, w/k, h/k)
	}
	if got := after.TotalAlloc - before.TotalAlloc; got > w*h {
		t.Errorf("decoding %d×%d allocated %d MB, want under %d", w, h, got>>20, w*h>>20)
	}
	for _, cut := range []int{len(data) / 2, len(data) - 10} {
		if _, err := decodeJPEG(data[:cut], k); !errors.Is(err, ErrCorrupt) {
			t.Errorf("cut at %d of %d bytes: %v, want ErrCorrupt", cut, len(data), err)
		}
	}
}
