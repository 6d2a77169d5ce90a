package vision

import (
	"bytes"
	"encoding/binary"
	"image"
	"image/jpeg"
	"image/png"
	"testing"

	"github.com/sudokubot/sudokubot/picture"
)

// withOrientation inserts an EXIF segment with the given orientation into
// a JPEG, right after its start marker, as phones write it.
func withOrientation(tb testing.TB, jpg []byte, orientation uint16, bo binary.ByteOrder) []byte {
	tb.Helper()
	tiff := make([]byte, 8+2+12+4)
	if bo == binary.LittleEndian {
		copy(tiff, "II")
	} else {
		copy(tiff, "MM")
	}
	bo.PutUint16(tiff[2:], 42)
	bo.PutUint32(tiff[4:], 8)
	bo.PutUint16(tiff[8:], 1)            // one entry
	bo.PutUint16(tiff[10:], 0x0112)      // orientation
	bo.PutUint16(tiff[12:], 3)           // SHORT
	bo.PutUint32(tiff[14:], 1)           // one value
	bo.PutUint16(tiff[18:], orientation) // the value, left-justified
	seg := append([]byte("Exif\x00\x00"), tiff...)
	app1 := []byte{0xFF, 0xE1, 0, 0}
	binary.BigEndian.PutUint16(app1[2:], uint16(2+len(seg)))
	out := append([]byte{}, jpg[:2]...)
	out = append(out, app1...)
	out = append(out, seg...)
	return append(out, jpg[2:]...)
}

// quarterTurn turns img a quarter turn counterclockwise: what a phone
// held sideways stores, with orientation 6 to show it upright.
func quarterTurn(img image.Image) *image.RGBA {
	b := img.Bounds()
	out := image.NewRGBA(image.Rect(0, 0, b.Dy(), b.Dx()))
	for y := b.Min.Y; y < b.Max.Y; y++ {
		for x := b.Min.X; x < b.Max.X; x++ {
			out.Set(y-b.Min.Y, b.Max.X-1-x, img.At(x, y))
		}
	}
	return out
}

func encodeJPEG(tb testing.TB, img image.Image) []byte {
	tb.Helper()
	var buf bytes.Buffer
	if err := jpeg.Encode(&buf, img, &jpeg.Options{Quality: 92}); err != nil {
		tb.Fatal(err)
	}
	return buf.Bytes()
}

func TestExifTurns(t *testing.T) {
	board, _, _ := boardPNG(t, picture.Light, 300, 0, 1)
	img, err := png.Decode(bytes.NewReader(board))
	if err != nil {
		t.Fatal(err)
	}
	jpg := encodeJPEG(t, img)
	for _, tc := range []struct {
		orientation uint16
		want        int
	}{{1, 0}, {6, 1}, {3, 2}, {8, 3}, {5, 0}, {2, 0}} {
		for _, bo := range []binary.ByteOrder{binary.LittleEndian, binary.BigEndian} {
			if got := exifTurns(withOrientation(t, jpg, tc.orientation, bo)); got != tc.want {
				t.Errorf("orientation %d (%v): %d turns, want %d", tc.orientation, bo, got, tc.want)
			}
		}
	}
	for name, data := range map[string][]byte{"no EXIF": jpg, "a PNG": board, "cut short": withOrientation(t, jpg, 6, binary.BigEndian)[:30]} {
		if got := exifTurns(data); got != 0 {
			t.Errorf("%s: %d turns, want 0", name, got)
		}
	}
}

// TestReadsTurnedPhotos: a board stored a quarter turn from upright is read
// upright, with an EXIF orientation that says so, with none, and with one
// that lies (the pixels upright, the EXIF saying they are not).
func TestReadsTurnedPhotos(t *testing.T) {
	board, want, _ := boardPNG(t, picture.Light, 480, 0, 5)
	img, err := png.Decode(bytes.NewReader(board))
	if err != nil {
		t.Fatal(err)
	}
	sideways := encodeJPEG(t, quarterTurn(img))
	for name, data := range map[string][]byte{
		"sideways, EXIF 6":         withOrientation(t, sideways, 6, binary.BigEndian),
		"sideways, no EXIF":        sideways,
		"upright, EXIF 6 lies":     withOrientation(t, encodeJPEG(t, img), 6, binary.LittleEndian),
		"upside down, EXIF 8 lies": withOrientation(t, encodeJPEG(t, quarterTurn(quarterTurn(img))), 8, binary.BigEndian),
	} {
		r, err := Read(t.Context(), data)
		if err != nil {
			t.Errorf("%s: %v", name, err)
			continue
		}
		if got := r.Line(); got != want {
			t.Errorf("%s: read %s\nwant %s", name, got, want)
		}
	}
}
