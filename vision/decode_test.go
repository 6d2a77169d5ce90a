package vision

import (
	"bytes"
	"context"
	"errors"
	"image"
	"image/color"
	"image/png"
	"testing"
)

// pngHeader is a valid PNG signature and IHDR chunk claiming w×h pixels of
// 8-bit RGBA, with nothing after it.
func pngHeader(t testing.TB, w, h int) []byte {
	t.Helper()
	var buf bytes.Buffer
	if err := png.Encode(&buf, image.NewGray(image.Rect(0, 0, 1, 1))); err != nil {
		t.Fatal(err)
	}
	b := buf.Bytes()[:33] // signature (8) + IHDR (4 length, 4 type, 13 data, 4 CRC)
	out := append([]byte{}, b...)
	put := func(at int, v uint32) {
		out[at], out[at+1], out[at+2], out[at+3] = byte(v>>24), byte(v>>16), byte(v>>8), byte(v)
	}
	put(16, uint32(w))
	put(20, uint32(h))
	out[24], out[25] = 8, 6 // 8 bits, RGBA
	put(29, crc(out[12:29]))
	return out
}

func crc(b []byte) uint32 {
	c := ^uint32(0)
	for _, x := range b {
		c ^= uint32(x)
		for range 8 {
			if c&1 != 0 {
				c = c>>1 ^ 0xedb88320
			} else {
				c >>= 1
			}
		}
	}
	return ^c
}

func TestReadRejectsBadInput(t *testing.T) {
	var small bytes.Buffer
	img := image.NewRGBA(image.Rect(0, 0, 64, 64))
	for i := range img.Pix {
		img.Pix[i] = 255
	}
	if err := png.Encode(&small, img); err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		name string
		data []byte
		want error
	}{
		{"empty", nil, ErrFormat},
		{"text with an image's name", []byte("53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"), ErrFormat},
		{"HEIC", append([]byte("\x00\x00\x00\x18ftypheic"), make([]byte, 32)...), ErrFormat},
		{"PDF", []byte("%PDF-1.7\n"), ErrFormat},
		{"huge dimensions", pngHeader(t, 100_000, 100_000), ErrTooLarge},
		{"too many pixels", pngHeader(t, 16000, 16000), ErrTooLarge},
		{"truncated", small.Bytes()[:len(small.Bytes())/2], ErrCorrupt},
		{"header only", pngHeader(t, 800, 600), ErrCorrupt},
		{"blank picture", small.Bytes(), ErrNoGrid},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			r, err := Read(context.Background(), c.data)
			if !errors.Is(err, c.want) {
				t.Fatalf("Read = %v, %v; want %v", r, err, c.want)
			}
		})
	}
}

func TestFormatErrorNamesFormat(t *testing.T) {
	_, err := Read(context.Background(), append([]byte("\x00\x00\x00\x18ftypheic"), make([]byte, 32)...))
	var fe *FormatError
	if !errors.As(err, &fe) || fe.Format != "HEIC" {
		t.Fatalf("err = %v, want a FormatError for HEIC", err)
	}
}

func TestSizeErrorCarriesDimensions(t *testing.T) {
	_, err := Read(context.Background(), pngHeader(t, 20000, 300))
	var se *SizeError
	if !errors.As(err, &se) || se.Width != 20000 || se.Height != 300 {
		t.Fatalf("err = %v, want a SizeError of 20000×300", err)
	}
}

func TestRasterShrinksAndLaysOnWhite(t *testing.T) {
	img := image.NewNRGBA(image.Rect(0, 0, 2*workSide+2, 4))
	img.Set(0, 0, color.NRGBA{0, 0, 0, 255})
	img.Set(1, 0, color.NRGBA{0, 0, 0, 255})
	img.Set(0, 1, color.NRGBA{0, 0, 0, 255})
	img.Set(1, 1, color.NRGBA{0, 0, 0, 255}) // pixel (0,0) after shrinking 3×: 4 of 9 black
	r := newRaster(img)
	if r.w != (2*workSide+2)/3 || r.h != 1 {
		t.Fatalf("raster %d×%d", r.w, r.h)
	}
	if got, want := r.gray[0], uint8(255*5/9); got != want {
		t.Errorf("shrunk pixel %d, want %d", got, want)
	}
	if r.gray[1] != 255 {
		t.Errorf("transparent pixel %d, want white", r.gray[1])
	}
}

// TestBudgetTakesWholeAmounts: an amount over what is free waits until it
// is given back (or its context ends); an amount over the whole budget
// takes all of it; giving back twice gives back once.
func TestBudgetTakesWholeAmounts(t *testing.T) {
	b := newBudget(8 << 20)
	first, err := b.acquire(context.Background(), 6<<20)
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := b.acquire(ctx, 3<<20); !errors.Is(err, context.Canceled) {
		t.Fatalf("3 MiB with 2 free and the context done: %v, want context.Canceled", err)
	}
	got := make(chan func())
	go func() {
		release, err := b.acquire(context.Background(), 100<<20) // capped at the whole budget
		if err != nil {
			t.Error(err)
		}
		got <- release
	}()
	first()
	first() // a second call gives nothing back
	all := <-got
	if n := len(b.units); n != 8 {
		t.Errorf("%d MiB taken, want the whole 8", n)
	}
	all()
	if n := len(b.units); n != 0 {
		t.Errorf("%d MiB still taken after giving back", n)
	}
}
