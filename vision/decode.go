package vision

import (
	"bytes"
	"errors"
	"fmt"
	"image"
	"image/color"
	_ "image/gif"  // GIF, first frame
	_ "image/jpeg" // JPEG
	_ "image/png"  // PNG
	"strings"

	_ "golang.org/x/image/bmp"  // BMP
	_ "golang.org/x/image/webp" // WebP
)

// Formats names the picture formats [Read] decodes, for a message to a person.
const Formats = "JPEG, PNG, WebP, GIF and BMP"

// Limits on a picture, checked from its header before any pixel is decoded.
const (
	// MaxSide is the longest side, in pixels, of a picture that is read.
	MaxSide = 16384
	// MaxPixels is the largest number of pixels of a picture that is read:
	// 40 megapixels, above any phone's photo of today at full size.
	MaxPixels = 40_000_000
	// maxDecodedBytes bounds the memory the decoded picture takes, by its
	// colour model (a 16-bit RGBA PNG takes 8 bytes a pixel, a JPEG 1.5 to 3).
	maxDecodedBytes = 160 << 20
)

// Errors of decoding, matched with [errors.Is].
var (
	// ErrFormat is returned for bytes that are not a picture in one of [Formats].
	ErrFormat = errors.New("not a picture in a format that is read (" + Formats + ")")
	// ErrTooLarge is returned for a picture whose dimensions exceed [MaxSide]
	// or [MaxPixels], or whose decoded pixels would take too much memory.
	ErrTooLarge = errors.New("picture too large")
	// ErrCorrupt is returned for a picture whose header is read but whose
	// pixels cannot be decoded (a truncated or damaged file).
	ErrCorrupt = errors.New("picture damaged or truncated")
)

// FormatError is the error for a file in a known format that is not read,
// such as HEIC; it wraps [ErrFormat].
type FormatError struct {
	Format string // the format recognised, such as "HEIC", or "" when unknown
}

func (e *FormatError) Error() string {
	if e.Format == "" {
		return ErrFormat.Error()
	}
	return e.Format + " is " + strings.TrimPrefix(ErrFormat.Error(), "not ")
}

// Unwrap returns [ErrFormat].
func (e *FormatError) Unwrap() error { return ErrFormat }

// SizeError is the error for a picture over the limits; it wraps [ErrTooLarge].
type SizeError struct {
	Width, Height int
}

func (e *SizeError) Error() string {
	return fmt.Sprintf("%v: %d×%d pixels (at most %d on a side and %d megapixels)",
		ErrTooLarge, e.Width, e.Height, MaxSide, MaxPixels/1_000_000)
}

// Unwrap returns [ErrTooLarge].
func (e *SizeError) Unwrap() error { return ErrTooLarge }

// sniffFormat names a few formats that are recognised but not read.
func sniffFormat(data []byte) string {
	switch {
	case len(data) >= 12 && string(data[4:8]) == "ftyp":
		brand := string(data[8:12])
		switch brand {
		case "heic", "heix", "hevc", "heim", "heis", "mif1", "msf1":
			return "HEIC"
		case "avif", "avis":
			return "AVIF"
		}
		return "a video or ISO media file"
	case bytes.HasPrefix(data, []byte("II*\x00")), bytes.HasPrefix(data, []byte("MM\x00*")):
		return "TIFF"
	case bytes.HasPrefix(data, []byte("%PDF")):
		return "PDF"
	case bytes.HasPrefix(data, []byte("\xff\x0a")):
		return "JPEG XL"
	}
	return ""
}

// bytesPerPixel estimates the memory a decoded pixel of model m takes.
func bytesPerPixel(m color.Model) int {
	switch m {
	case color.GrayModel, color.AlphaModel:
		return 1
	case color.Gray16Model, color.Alpha16Model:
		return 2
	case color.YCbCrModel:
		return 3
	case color.RGBAModel, color.NRGBAModel, color.CMYKModel, color.NYCbCrAModel:
		return 4
	case color.RGBA64Model, color.NRGBA64Model:
		return 8
	}
	if _, ok := m.(color.Palette); ok {
		return 1
	}
	return 8
}

// decode checks the header of data against the limits and then decodes it.
func decode(data []byte) (image.Image, error) {
	if len(data) > MaxFileBytes {
		return nil, fmt.Errorf("%w: %d MiB, at most %d", ErrTooLarge, len(data)>>20, MaxFileBytes>>20)
	}
	cfg, _, err := image.DecodeConfig(bytes.NewReader(data))
	if err != nil {
		if errors.Is(err, image.ErrFormat) {
			return nil, &FormatError{Format: sniffFormat(data)}
		}
		return nil, fmt.Errorf("%w: %v", ErrCorrupt, err)
	}
	w, h := cfg.Width, cfg.Height
	if w <= 0 || h <= 0 || w > MaxSide || h > MaxSide || int64(w)*int64(h) > MaxPixels ||
		int64(w)*int64(h)*int64(bytesPerPixel(cfg.ColorModel)) > maxDecodedBytes {
		return nil, &SizeError{Width: w, Height: h}
	}
	img, _, err := image.Decode(bytes.NewReader(data))
	if err != nil {
		return nil, fmt.Errorf("%w: %v", ErrCorrupt, err)
	}
	if b := img.Bounds(); b.Dx() != w || b.Dy() != h {
		return nil, fmt.Errorf("%w: header says %d×%d, pixels are %d×%d", ErrCorrupt, w, h, b.Dx(), b.Dy())
	}
	return img, nil
}

// MaxFileBytes is the largest file [Read] takes: 64 MiB, above Discord's
// limit for a free account's attachment and any phone's photo.
const MaxFileBytes = 64 << 20
