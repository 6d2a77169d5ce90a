package picture

import (
	"fmt"
	"image"
	"math"
	"strconv"
	"sync"

	"golang.org/x/image/font"
	"golang.org/x/image/font/gofont/gobold"
	"golang.org/x/image/font/gofont/gomedium"
	"golang.org/x/image/font/gofont/goregular"
	"golang.org/x/image/font/opentype"
	"golang.org/x/image/font/sfnt"
	"golang.org/x/image/math/fixed"
	"golang.org/x/image/vector"
)

// mask is a shape to paint in one ink: its coverage per pixel, 0 to
// levels, row by row.
type mask struct {
	w, h int
	cov  []uint8
}

// typeface is one of the embedded Go fonts, parsed once.
type typeface struct {
	font     *opentype.Font
	capRatio float64 // cap height per pixel of font size
}

func parseFace(name string, ttf []byte) func() (typeface, error) {
	return sync.OnceValues(func() (typeface, error) {
		f, err := opentype.Parse(ttf)
		if err != nil {
			return typeface{}, fmt.Errorf("parse embedded font %s: %w", name, err)
		}
		const ppem = 1000
		m, err := f.Metrics(&sfnt.Buffer{}, fixed.I(ppem), font.HintingNone)
		if err != nil || m.CapHeight <= 0 {
			return typeface{}, fmt.Errorf("cap height of embedded font %s: %v", name, err)
		}
		return typeface{f, float64(m.CapHeight) / 64 / ppem}, nil
	})
}

// The fonts: givens in bold, digits filled in and pencil marks in medium
// (regular strokes fade when small), coordinates in regular.
var (
	boldFace    = parseFace("Go Bold", gobold.TTF)
	mediumFace  = parseFace("Go Medium", gomedium.TTF)
	regularFace = parseFace("Go Regular", goregular.TTF)
)

// symbol is the text of digit d in a cell: syms[d-1] when syms is set (see
// [Options].Symbols), else 1-9, then A for 10 up to P for 25, as the text
// replies write them.
func symbol(d int, syms string) string {
	if d <= len(syms) {
		return syms[d-1 : d]
	}
	if d <= 9 {
		return strconv.Itoa(d)
	}
	return string(rune('A' + d - 10))
}

// masks are everything painted for one layout, rasterized once.
type masks struct {
	bold, medium []mask // big digits, by digit (index 0 unused)
	small        []mask // pencil marks, by digit
	labels       []mask // coordinates 1..n (index 0 unused; nil without coordinates)
	ring         mask   // the circle around a placed digit, a cell wide
	strike       mask   // the stroke through an eliminated candidate, a pencil cell wide
	disc         mask   // the disc behind an eliminated candidate, a pencil cell wide
	subW, subH   int    // a pencil mark's cell
	subCols      int    // pencil marks per line, and lines of them
	subRows      int
}

// maskKey is what a mask set depends on.
type maskKey struct {
	cell, margin  int
	boxRows, cols int
	symbols       string
}

// maskCache holds the mask sets of the layouts drawn so far, at most
// maxMaskSets of them; when full, the least recently used set goes.
type maskCache struct {
	mu   sync.Mutex
	sets map[maskKey]*maskEntry
	tick uint64
}

type maskEntry struct {
	once sync.Once
	m    *masks
	err  error
	used uint64
}

// maxMaskSets bounds the cache: a set for a 25×25 grid of 36-pixel cells
// is about 40 KB.
const maxMaskSets = 32

var cache = maskCache{sets: map[maskKey]*maskEntry{}}

// get returns the masks for l with the digits' symbols syms, rasterizing
// them on first use.
func (c *maskCache) get(l *layout, syms string) (*masks, error) {
	key := maskKey{l.cell, l.margin, l.shape.BoxRows, l.shape.BoxCols, syms}
	c.mu.Lock()
	e := c.sets[key]
	if e == nil {
		if len(c.sets) >= maxMaskSets {
			var oldest maskKey
			first := true
			for k, v := range c.sets {
				if first || v.used < c.sets[oldest].used {
					oldest, first = k, false
				}
			}
			delete(c.sets, oldest)
		}
		e = &maskEntry{}
		c.sets[key] = e
	}
	c.tick++
	e.used = c.tick
	c.mu.Unlock()
	e.once.Do(func() { e.m, e.err = newMasks(l, syms) })
	return e.m, e.err
}

func newMasks(l *layout, syms string) (*masks, error) {
	var faces [3]typeface
	for i, load := range []func() (typeface, error){boldFace, mediumFace, regularFace} {
		f, err := load()
		if err != nil {
			return nil, err
		}
		faces[i] = f
	}
	bold, medium, regular := faces[0], faces[1], faces[2]
	m := &masks{}
	n := l.n
	inner := l.cell - 2*l.inset
	m.subCols, m.subRows = pencilGrid(n)
	m.subW, m.subH = inner/m.subCols, inner/m.subRows
	bigCap := float64(l.cell) * 0.56
	smallCap := max(5, float64(min(m.subW, m.subH))*0.64)
	var err error
	if m.bold, err = glyphs(bold, bigCap, n, syms); err != nil {
		return nil, err
	}
	if m.medium, err = glyphs(medium, bigCap, n, syms); err != nil {
		return nil, err
	}
	if m.small, err = glyphs(medium, smallCap, n, syms); err != nil {
		return nil, err
	}
	if l.margin > 0 {
		labelCap := min(float64(l.cell)*0.3, float64(l.margin)*0.55)
		m.labels = make([]mask, n+1)
		for d := 1; d <= n; d++ {
			if m.labels[d], err = text(regular, labelCap, strconv.Itoa(d)); err != nil {
				return nil, err
			}
		}
	}
	m.ring = ring(l.cell)
	m.strike = strike(m.subW, m.subH)
	m.disc = discMask(m.subW, m.subH)
	return m, nil
}

// pencilGrid is how pencil marks are laid out in a cell: digits 1 to n in
// reading order, on lines of cols marks, in the squarest arrangement (the
// shape of a box for 4×4, 6×6, 9×9, 12×12, 16×16 and 25×25; 3×3 for 8×8,
// whose 2×4 boxes would leave smaller marks).
func pencilGrid(n int) (cols, rows int) {
	cols = 1
	for cols*cols < n {
		cols++
	}
	return cols, (n + cols - 1) / cols
}

// glyphs rasterizes the symbols of digits 1 to n (see symbol) with a cap
// height of capPx.
func glyphs(tf typeface, capPx float64, n int, syms string) ([]mask, error) {
	out := make([]mask, n+1)
	for d := 1; d <= n; d++ {
		var err error
		if out[d], err = text(tf, capPx, symbol(d, syms)); err != nil {
			return nil, err
		}
	}
	return out, nil
}

// text rasterizes s with a cap height of capPx, cropped to its ink.
func text(tf typeface, capPx float64, s string) (mask, error) {
	face, err := opentype.NewFace(tf.font, &opentype.FaceOptions{Size: capPx / tf.capRatio, DPI: 72, Hinting: font.HintingNone})
	if err != nil {
		return mask{}, fmt.Errorf("font face for %q: %w", s, err)
	}
	defer face.Close()
	b, _ := font.BoundString(face, s)
	x0, y0 := b.Min.X.Floor(), b.Min.Y.Floor()
	dst := image.NewAlpha(image.Rect(0, 0, b.Max.X.Ceil()-x0, b.Max.Y.Ceil()-y0))
	d := font.Drawer{Dst: dst, Src: image.Opaque, Face: face, Dot: fixed.P(-x0, -y0)}
	d.DrawString(s)
	return crop(dst), nil
}

// crop turns a rasterized alpha image into a mask of its ink, coverage
// rounded to levels.
func crop(a *image.Alpha) mask {
	r := a.Rect
	minX, minY, maxX, maxY := r.Max.X, r.Max.Y, r.Min.X-1, r.Min.Y-1
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			if quantize(a.AlphaAt(x, y).A) > 0 {
				minX, minY = min(minX, x), min(minY, y)
				maxX, maxY = max(maxX, x), max(maxY, y)
			}
		}
	}
	if maxX < minX {
		return mask{}
	}
	m := mask{w: maxX - minX + 1, h: maxY - minY + 1}
	m.cov = make([]uint8, m.w*m.h)
	for y := 0; y < m.h; y++ {
		for x := 0; x < m.w; x++ {
			m.cov[y*m.w+x] = quantize(a.AlphaAt(minX+x, minY+y).A)
		}
	}
	return m
}

func quantize(a uint8) uint8 { return uint8((int(a)*levels + 127) / 255) }

// ring rasterizes the circle drawn around a placed digit, in a square of
// side cell pixels.
func ring(cell int) mask {
	z := vector.NewRasterizer(cell, cell)
	c := float32(cell) / 2
	outer := float32(cell) * 0.45
	stroke := max(1.5, float32(cell)/15)
	circle(z, c, c, outer, false)
	circle(z, c, c, outer-stroke, true)
	a := image.NewAlpha(image.Rect(0, 0, cell, cell))
	z.Draw(a, a.Rect, image.Opaque, image.Point{})
	return crop(a)
}

// pen is what circle draws with: a rasterizer, or a variant board's path.
type pen interface {
	MoveTo(x, y float32)
	CubeTo(x1, y1, x2, y2, x, y float32)
	ClosePath()
}

var (
	_ pen = (*vector.Rasterizer)(nil)
	_ pen = (*path)(nil)
)

// circle adds a circle of radius r around (cx, cy) to z, clockwise on
// screen, or counter-clockwise (a hole in a clockwise one) when reverse is
// set.
func circle(z pen, cx, cy, r float32, reverse bool) {
	k := r * 0.5522848 // the control distance of a quarter circle as one cubic
	s := float32(1)
	if reverse {
		s = -1
	}
	z.MoveTo(cx+r, cy)
	z.CubeTo(cx+r, cy+s*k, cx+k, cy+s*r, cx, cy+s*r)
	z.CubeTo(cx-k, cy+s*r, cx-r, cy+s*k, cx-r, cy)
	z.CubeTo(cx-r, cy-s*k, cx-k, cy-s*r, cx, cy-s*r)
	z.CubeTo(cx+k, cy-s*r, cx+r, cy-s*k, cx+r, cy)
	z.ClosePath()
}

// discMask rasterizes the disc behind an eliminated candidate, the whole
// w×h pencil cell (not cropped).
func discMask(w, h int) mask {
	z := vector.NewRasterizer(w, h)
	circle(z, float32(w)/2, float32(h)/2, float32(min(w, h))*0.5, false)
	return whole(z, w, h)
}

// whole draws z into a mask of its whole w×h area.
func whole(z *vector.Rasterizer, w, h int) mask {
	a := image.NewAlpha(image.Rect(0, 0, w, h))
	z.Draw(a, a.Rect, image.Opaque, image.Point{})
	m := mask{w: w, h: h, cov: make([]uint8, w*h)}
	for i, v := range a.Pix {
		m.cov[i] = quantize(v)
	}
	return m
}

// strike rasterizes the stroke through an eliminated candidate: a diagonal
// from the bottom left to the top right of a w×h pencil cell. Its mask is
// the whole cell (not cropped), so that it lines up with the cell.
func strike(w, h int) mask {
	z := vector.NewRasterizer(w, h)
	fw, fh := float32(w), float32(h)
	x1, y1, x2, y2 := fw*0.18, fh*0.82, fw*0.82, fh*0.18
	half := max(0.6, min(fw, fh)/18)
	dx, dy := x2-x1, y2-y1
	l := float32(math.Hypot(float64(dx), float64(dy)))
	nx, ny := -dy/l*half, dx/l*half
	z.MoveTo(x1+nx, y1+ny)
	z.LineTo(x2+nx, y2+ny)
	z.LineTo(x2-nx, y2-ny)
	z.LineTo(x1-nx, y1-ny)
	z.ClosePath()
	return whole(z, w, h)
}
