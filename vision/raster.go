package vision

import (
	"image"
	"image/color"
)

// workSide is the longest side of the working picture: larger pictures are
// shrunk by a whole factor (box average) as they are read, so a 12 MP photo
// becomes about 1 MP before any other step.
const workSide = 1100

// raster is the working picture: grey levels and colour, row by row.
type raster struct {
	w, h int
	gray []uint8 // w*h, 0 black to 255 white
	rgb  []uint8 // 3*w*h
}

// shrinkFactor is the whole factor that brings the longest side of a w×h
// picture to at most workSide.
func shrinkFactor(w, h int) int {
	m := max(w, h)
	return max(1, (m+workSide-1)/workSide)
}

// newRaster shrinks img by a whole factor into a working raster. Transparent
// pixels are laid on white.
func newRaster(img image.Image) *raster {
	b := img.Bounds()
	k := shrinkFactor(b.Dx(), b.Dy())
	w, h := b.Dx()/k, b.Dy()/k
	if w < 1 || h < 1 {
		w, h, k = max(w, 1), max(h, 1), 1
	}
	r := &raster{w: w, h: h, gray: make([]uint8, w*h), rgb: make([]uint8, 3*w*h)}
	sums := make([]uint32, 3*w)
	n := uint32(k * k)
	pixel := pixelReader(img)
	for y := 0; y < h; y++ {
		clear(sums)
		for dy := 0; dy < k; dy++ {
			sy := b.Min.Y + y*k + dy
			for x := 0; x < w; x++ {
				s := sums[3*x : 3*x+3]
				for dx := 0; dx < k; dx++ {
					cr, cg, cb := pixel(b.Min.X+x*k+dx, sy)
					s[0] += uint32(cr)
					s[1] += uint32(cg)
					s[2] += uint32(cb)
				}
			}
		}
		for x := 0; x < w; x++ {
			i := y*w + x
			cr, cg, cb := sums[3*x]/n, sums[3*x+1]/n, sums[3*x+2]/n
			r.rgb[3*i], r.rgb[3*i+1], r.rgb[3*i+2] = uint8(cr), uint8(cg), uint8(cb)
			r.gray[i] = uint8((299*cr + 587*cg + 114*cb) / 1000)
		}
	}
	return r
}

// pixelReader returns a function reading the 8-bit colour of a pixel, with
// fast paths for the types the decoders return.
func pixelReader(img image.Image) func(x, y int) (uint8, uint8, uint8) {
	switch m := img.(type) {
	case *image.YCbCr:
		return func(x, y int) (uint8, uint8, uint8) {
			yi, ci := m.YOffset(x, y), m.COffset(x, y)
			return color.YCbCrToRGB(m.Y[yi], m.Cb[ci], m.Cr[ci])
		}
	case *image.Gray:
		return func(x, y int) (uint8, uint8, uint8) {
			v := m.Pix[m.PixOffset(x, y)]
			return v, v, v
		}
	case *image.RGBA:
		return func(x, y int) (uint8, uint8, uint8) {
			p := m.Pix[m.PixOffset(x, y):]
			wa := 255 - p[3] // premultiplied: add white for the transparent part
			return p[0] + wa, p[1] + wa, p[2] + wa
		}
	case *image.NRGBA:
		return func(x, y int) (uint8, uint8, uint8) {
			p := m.Pix[m.PixOffset(x, y):]
			a := uint32(p[3])
			over := func(c uint8) uint8 { return uint8((uint32(c)*a + 255*(255-a)) / 255) }
			return over(p[0]), over(p[1]), over(p[2])
		}
	case *image.Paletted:
		pal := make([][3]uint8, len(m.Palette))
		for i, c := range m.Palette {
			pal[i] = onWhite(c)
		}
		return func(x, y int) (uint8, uint8, uint8) {
			idx := m.Pix[m.PixOffset(x, y)]
			if int(idx) >= len(pal) {
				return 0, 0, 0
			}
			p := pal[idx]
			return p[0], p[1], p[2]
		}
	}
	return func(x, y int) (uint8, uint8, uint8) {
		p := onWhite(img.At(x, y))
		return p[0], p[1], p[2]
	}
}

// onWhite is the 8-bit colour of c laid on white.
func onWhite(c color.Color) [3]uint8 {
	r, g, b, a := c.RGBA()
	wa := 0xffff - a
	return [3]uint8{uint8((r + wa) >> 8), uint8((g + wa) >> 8), uint8((b + wa) >> 8)}
}
