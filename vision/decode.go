package vision

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"image"
	"image/color"
	_ "image/gif"  // GIF, first frame
	_ "image/jpeg" // JPEG
	_ "image/png"  // PNG
	"strings"
	"sync"

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

// checkHeader checks the header of data against the limits and returns
// the picture's dimensions and colour model.
func checkHeader(data []byte) (image.Config, error) {
	if len(data) > MaxFileBytes {
		return image.Config{}, fmt.Errorf("%w: %d MiB, at most %d", ErrTooLarge, len(data)>>20, MaxFileBytes>>20)
	}
	cfg, _, err := image.DecodeConfig(bytes.NewReader(data))
	if err != nil {
		if errors.Is(err, image.ErrFormat) {
			return cfg, &FormatError{Format: sniffFormat(data)}
		}
		return cfg, fmt.Errorf("%w: %v", ErrCorrupt, err)
	}
	w, h := cfg.Width, cfg.Height
	if w <= 0 || h <= 0 || w > MaxSide || h > MaxSide || int64(w)*int64(h) > MaxPixels ||
		int64(w)*int64(h)*int64(bytesPerPixel(cfg.ColorModel)) > maxDecodedBytes {
		return cfg, &SizeError{Width: w, Height: h}
	}
	return cfg, nil
}

// decodeWhole decodes data, whose header checkHeader accepted as cfg, to
// its full size, within the memory that whole decodes may take at once.
func decodeWhole(ctx context.Context, data []byte, cfg image.Config) (image.Image, func(), error) {
	need := int64(cfg.Width) * int64(cfg.Height) * int64(bytesPerPixel(cfg.ColorModel))
	release, err := wholeDecodes.acquire(ctx, need)
	if err != nil {
		return nil, nil, err
	}
	img, _, err := image.Decode(bytes.NewReader(data))
	if err != nil {
		release()
		return nil, nil, fmt.Errorf("%w: %v", ErrCorrupt, err)
	}
	if b := img.Bounds(); b.Dx() != cfg.Width || b.Dy() != cfg.Height {
		release()
		return nil, nil, fmt.Errorf("%w: header says %d×%d, pixels are %d×%d", ErrCorrupt, cfg.Width, cfg.Height, b.Dx(), b.Dy())
	}
	return img, release, nil
}

// wholeDecodeBytes is the memory that the pictures decoded whole (all but
// baseline JPEGs, which are decoded a row of blocks at a time) may take at
// once; a decode that would go over waits for the others to be done.
const wholeDecodeBytes = 192 << 20

var wholeDecodes = newBudget(wholeDecodeBytes)

// budget is a semaphore of bytes: an amount is taken whole, by one taker
// at a time, so that two takers never each hold a part and wait forever.
type budget struct {
	turn  chan struct{}
	units chan struct{} // a unit is a MiB
}

func newBudget(bytes int64) *budget {
	return &budget{turn: make(chan struct{}, 1), units: make(chan struct{}, bytes>>20)}
}

// acquire takes n bytes (at most the whole budget) and returns the function
// that gives them back, or the context's error.
func (b *budget) acquire(ctx context.Context, n int64) (func(), error) {
	units := int(min((n+(1<<20)-1)>>20, int64(cap(b.units))))
	select {
	case b.turn <- struct{}{}:
	case <-ctx.Done():
		return nil, ctx.Err()
	}
	defer func() { <-b.turn }()
	for i := range units {
		select {
		case b.units <- struct{}{}:
		case <-ctx.Done():
			for range i {
				<-b.units
			}
			return nil, ctx.Err()
		}
	}
	var once sync.Once
	return func() {
		once.Do(func() {
			for range units {
				<-b.units
			}
		})
	}, nil
}

// MaxFileBytes is the largest file [Read] takes: 64 MiB, above Discord's
// limit for a free account's attachment and any phone's photo.
const MaxFileBytes = 64 << 20
