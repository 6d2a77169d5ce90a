package picture

import (
	"errors"
	"fmt"
	"image"
	"image/color"
	"image/draw"
	"image/png"
	"io"
	"math"

	"golang.org/x/image/font"
	"golang.org/x/image/font/opentype"
	"golang.org/x/image/math/fixed"
	"golang.org/x/image/vector"
)

// VariantBoard is a variant puzzle to draw: its digits, its regions and the
// clues drawn on it.
type VariantBoard struct {
	Size int
	// Digits holds the digits to show, Size*Size row by row, 0 for empty;
	// Givens says which are given (drawn bold, the rest in the filled
	// colour). Either may be nil.
	Digits, Givens []int
	// Regions are the regions, bordered with thick lines; nil means the
	// standard boxes.
	Regions [][]int
	Marks   []Mark
	// Clash are cells of rules the digits break (a !check): drawn on the
	// conflict background, their digits in the clash colour.
	Clash []int
	// Candidates, when set, are pencil marks, one set per cell row by row
	// (bit d-1 for digit d), drawn in small digits in the cells that hold
	// no digit.
	Candidates []uint32
}

// Mark is one clue drawn on a variant board. Kind names it as package
// variant/link's rules are named: "killer cage", "thermometer", "slow
// thermometer", "arrow", "double arrow", "kropki white dot", "kropki black
// dot", "X", "V", "quadruple", "odd cell", "even cell", "positive
// diagonal", "negative diagonal", "little killer", "sandwich sum",
// "X-sum", "skyscraper", "extra region", "clone", "minimum cell",
// "maximum cell", and the lines ("palindrome", "renban line", "German
// whispers line", "between line", ...). An unknown kind is drawn as a line.
type Mark struct {
	Kind  string
	Cells []int  // in order: a thermometer from its bulb, an arrow from its circle
	Label string // a cage's sum, a dot's value, a quadruple's digits, an outside clue
	// Bulb is how many of Cells are an arrow's circle (2 or 3 for a pill).
	Bulb int
	// Row and Col place a clue outside the grid (little killer, sandwich,
	// X-sum, skyscraper): -1 or Size for the margin, from 0.
	Row, Col int
	// DR and DC are a little killer's direction (±1 each).
	DR, DC int
}

// ErrVariantBoard is wrapped by [DrawVariant]'s errors for a board it
// cannot draw.
var ErrVariantBoard = errors.New("variant board cannot be drawn")

// variant colours, the same in both themes (they read on dark and light).
var (
	thermoInk = color.RGBA{0x9a, 0x9d, 0xa5, 0xff}
	lineInks  = map[string]color.RGBA{
		"palindrome": {0x9a, 0x9d, 0xa5, 0xff}, "renban line": {0xd0, 0x60, 0xd0, 0xff},
		"German whispers line": {0x50, 0xc0, 0x50, 0xff}, "between line": {0x7c, 0xa0, 0xd8, 0xff},
		"region sum line": {0x40, 0x90, 0xe0, 0xff}, "entropic line": {0xe0, 0x90, 0x30, 0xff},
		"modular line": {0x30, 0xb0, 0xb0, 0xff}, "zipper line": {0xb0, 0x80, 0x60, 0xff},
		"nabner line": {0xe0, 0xc0, 0x30, 0xff}, "double arrow": {0x9a, 0x9d, 0xa5, 0xff},
		"clone": {0x80, 0x80, 0x80, 0xff}, "lockout line": {0x60, 0x70, 0xe0, 0xff},
	}
	cageInk = color.RGBA{0xe0, 0xa0, 0x30, 0xff}
)

// vdraw is the state of one variant drawing.
type vdraw struct {
	img    *image.RGBA
	n      int
	cell   float32 // pixels per cell
	origin float32 // the grid's top-left corner, in pixels (a margin of one cell)
	pal    Palette
	faces  map[faceKey]font.Face
}

type faceKey struct {
	tf *opentype.Font
	px float64
}

func (d *vdraw) center(c int) (float32, float32) {
	return d.origin + (float32(c%d.n)+0.5)*d.cell, d.origin + (float32(c/d.n)+0.5)*d.cell
}

// path records a shape's outline so that it can be rasterized over its
// bounding box only (a rasterizer the size of the picture costs its whole
// area on every fill).
type path struct {
	ops      []pathOp
	min, max [2]float32
}

type pathOp struct {
	kind byte // 'M', 'L', 'C', 'Z'
	p    [6]float32
}

func (p *path) see(x, y float32) {
	if len(p.ops) == 0 && p.min == p.max && p.min == [2]float32{} {
		p.min, p.max = [2]float32{x, y}, [2]float32{x, y}
	}
	p.min = [2]float32{min(p.min[0], x), min(p.min[1], y)}
	p.max = [2]float32{max(p.max[0], x), max(p.max[1], y)}
}

// MoveTo starts a new outline at (x, y).
func (p *path) MoveTo(x, y float32) {
	p.see(x, y)
	p.ops = append(p.ops, pathOp{kind: 'M', p: [6]float32{x, y}})
}

// LineTo adds a straight edge to (x, y).
func (p *path) LineTo(x, y float32) {
	p.see(x, y)
	p.ops = append(p.ops, pathOp{kind: 'L', p: [6]float32{x, y}})
}

// CubeTo adds a cubic Bézier edge.
func (p *path) CubeTo(x1, y1, x2, y2, x, y float32) {
	p.see(x1, y1)
	p.see(x2, y2)
	p.see(x, y)
	p.ops = append(p.ops, pathOp{kind: 'C', p: [6]float32{x1, y1, x2, y2, x, y}})
}

// ClosePath closes the outline.
func (p *path) ClosePath() { p.ops = append(p.ops, pathOp{kind: 'Z'}) }

// fillPath rasterizes the outline built by f in colour ink.
func (d *vdraw) fillPath(ink color.RGBA, f func(z *path)) {
	var p path
	f(&p)
	if len(p.ops) == 0 {
		return
	}
	r := image.Rect(int(p.min[0])-1, int(p.min[1])-1, int(p.max[0])+2, int(p.max[1])+2).Intersect(d.img.Bounds())
	if r.Empty() {
		return
	}
	z := vector.NewRasterizer(r.Dx(), r.Dy())
	ox, oy := float32(r.Min.X), float32(r.Min.Y)
	for _, op := range p.ops {
		switch op.kind {
		case 'M':
			z.MoveTo(op.p[0]-ox, op.p[1]-oy)
		case 'L':
			z.LineTo(op.p[0]-ox, op.p[1]-oy)
		case 'C':
			z.CubeTo(op.p[0]-ox, op.p[1]-oy, op.p[2]-ox, op.p[3]-oy, op.p[4]-ox, op.p[5]-oy)
		case 'Z':
			z.ClosePath()
		}
	}
	z.Draw(d.img, r, image.NewUniform(ink), image.Point{})
}

// segment is a thick line from (x0,y0) to (x1,y1).
func segment(z *path, x0, y0, x1, y1, w float32) {
	dx, dy := x1-x0, y1-y0
	l := float32(math.Hypot(float64(dx), float64(dy)))
	if l == 0 {
		return
	}
	nx, ny := -dy/l*w/2, dx/l*w/2
	z.MoveTo(x0+nx, y0+ny)
	z.LineTo(x1+nx, y1+ny)
	z.LineTo(x1-nx, y1-ny)
	z.LineTo(x0-nx, y0-ny)
	z.ClosePath()
}

func (d *vdraw) polyline(cells []int, w float32, ink color.RGBA) {
	d.fillPath(ink, func(z *path) {
		for i := 0; i+1 < len(cells); i++ {
			x0, y0 := d.center(cells[i])
			x1, y1 := d.center(cells[i+1])
			segment(z, x0, y0, x1, y1, w)
			circle(z, x1, y1, w/2, false)
		}
		if len(cells) > 0 {
			x, y := d.center(cells[0])
			circle(z, x, y, w/2, false)
		}
	})
}

func (d *vdraw) ringAt(x, y, r, w float32, ink color.RGBA) {
	d.fillPath(ink, func(z *path) {
		circle(z, x, y, r, false)
		circle(z, x, y, r-w, true)
	})
}

func (d *vdraw) rect(x, y, w, h float32, ink color.RGBA) {
	d.fillPath(ink, func(z *path) {
		z.MoveTo(x, y)
		z.LineTo(x+w, y)
		z.LineTo(x+w, y+h)
		z.LineTo(x, y+h)
		z.ClosePath()
	})
}

// text writes s centred on (x, y) with a face of the given pixel size.
func (d *vdraw) text(tf typeface, px float64, s string, x, y float32, ink color.RGBA, centred bool) error {
	key := faceKey{tf.font, px}
	face, ok := d.faces[key]
	if !ok {
		f, err := opentype.NewFace(tf.font, &opentype.FaceOptions{Size: px, DPI: 72, Hinting: font.HintingNone})
		if err != nil {
			return fmt.Errorf("%w: font: %v", ErrVariantBoard, err)
		}
		if d.faces == nil {
			d.faces = map[faceKey]font.Face{}
		}
		d.faces[key], face = f, f
	}
	dr := &font.Drawer{Dst: d.img, Src: image.NewUniform(ink), Face: face}
	adv := dr.MeasureString(s)
	capH := float32(px * tf.capRatio)
	ox := x
	if centred {
		ox = x - float32(adv.Round())/2
	}
	dr.Dot = fixed.P(int(ox), int(y+capH/2))
	dr.DrawString(s)
	return nil
}

// DrawVariant draws a variant board in the theme of opt, opt.Size pixels
// wide and high (0: [DefaultSize] of 9×9), with a margin of one cell for
// the clues outside the grid. Errors wrap [ErrVariantBoard] or [ErrTheme].
func DrawVariant(b VariantBoard, opt Options) (*image.RGBA, error) {
	n := b.Size
	if n < 4 || n > 16 {
		return nil, fmt.Errorf("%w: size %d", ErrVariantBoard, n)
	}
	if opt.Theme != Dark && opt.Theme != Light {
		return nil, fmt.Errorf("theme %d: %w", opt.Theme, ErrTheme)
	}
	for _, cs := range [][]int{b.Digits, b.Givens} {
		if cs != nil && len(cs) != n*n {
			return nil, fmt.Errorf("%w: %d digits for %d cells", ErrVariantBoard, len(cs), n*n)
		}
	}
	px := opt.Size
	if px == 0 {
		px = 720
	}
	cell := px / (n + 2)
	if cell < 16 {
		return nil, fmt.Errorf("%w: %d pixels are too few for %d×%d", ErrVariantBoard, px, n, n)
	}
	d := &vdraw{img: image.NewRGBA(image.Rect(0, 0, px, px)), n: n, cell: float32(cell), origin: float32(cell), pal: opt.Theme.Palette()}
	draw.Draw(d.img, d.img.Bounds(), image.NewUniform(d.pal.Background), image.Point{}, draw.Src)
	for _, m := range b.Marks {
		for _, c := range m.Cells {
			if c < 0 || c >= n*n {
				return nil, fmt.Errorf("%w: %s names cell %d", ErrVariantBoard, m.Kind, c)
			}
		}
	}
	if b.Candidates != nil && len(b.Candidates) != n*n {
		return nil, fmt.Errorf("%w: %d candidate sets for %d cells", ErrVariantBoard, len(b.Candidates), n*n)
	}
	clash := make([]bool, n*n)
	for _, c := range b.Clash {
		if c < 0 || c >= n*n {
			return nil, fmt.Errorf("%w: clash names cell %d", ErrVariantBoard, c)
		}
		if !clash[c] {
			clash[c] = true
			x, y := d.center(c)
			d.rect(x-d.cell/2, y-d.cell/2, d.cell, d.cell, d.pal.Conflict)
		}
	}
	// Under the grid lines: shaded cells, thermometers, lines.
	for _, m := range b.Marks {
		switch m.Kind {
		case "extra region", "clone", "row indexer", "column indexer", "box indexer":
			for _, c := range m.Cells {
				x, y := d.center(c)
				d.rect(x-d.cell/2, y-d.cell/2, d.cell, d.cell, blend(d.pal.Background, thermoInk, 0.35))
			}
		case "odd cell":
			x, y := d.center(m.Cells[0])
			d.fillPath(thermoInk, func(z *path) { circle(z, x, y, d.cell*0.38, false) })
		case "even cell":
			x, y := d.center(m.Cells[0])
			d.rect(x-d.cell*0.36, y-d.cell*0.36, d.cell*0.72, d.cell*0.72, thermoInk)
		case "thermometer", "slow thermometer":
			x, y := d.center(m.Cells[0])
			d.fillPath(thermoInk, func(z *path) { circle(z, x, y, d.cell*0.4, false) })
			d.polyline(m.Cells, d.cell*0.3, thermoInk)
		case "positive diagonal", "negative diagonal":
			d.polyline(m.Cells, d.cell*0.04, lineInks["between line"])
		}
	}
	for _, m := range b.Marks {
		if ink, ok := lineInks[m.Kind]; ok && m.Kind != "clone" {
			d.polyline(m.Cells, d.cell*0.16, ink)
			if m.Kind == "between line" || m.Kind == "double arrow" || m.Kind == "lockout line" {
				for _, c := range []int{m.Cells[0], m.Cells[len(m.Cells)-1]} {
					x, y := d.center(c)
					d.fillPath(d.pal.Background, func(z *path) { circle(z, x, y, d.cell*0.38, false) })
					d.ringAt(x, y, d.cell*0.4, d.cell*0.05, ink)
				}
			}
		}
	}
	d.grid(b)
	for _, m := range b.Marks {
		if err := d.mark(m, b); err != nil {
			return nil, err
		}
	}
	for i := 0; i < n*n && b.Digits != nil; i++ {
		v := b.Digits[i]
		if v == 0 {
			continue
		}
		tf, ink := mediumFace, d.pal.Filled
		if b.Givens != nil && b.Givens[i] != 0 {
			tf, ink = boldFace, d.pal.Given
		}
		if clash[i] {
			ink = d.pal.Clash
		}
		face, err := tf()
		if err != nil {
			return nil, err
		}
		x, y := d.center(i)
		if err := d.text(face, float64(d.cell)*0.6, symbol(v, ""), x, y, ink, true); err != nil {
			return nil, err
		}
	}
	if err := d.candidates(b); err != nil {
		return nil, err
	}
	return d.img, nil
}

// candidates writes the pencil marks of the cells without a digit, in a
// small square of places per cell (3×3 up to 9 digits, 4×4 up to 16).
func (d *vdraw) candidates(b VariantBoard) error {
	if b.Candidates == nil {
		return nil
	}
	cols := 1
	for cols*cols < d.n {
		cols++
	}
	face, err := mediumFace()
	if err != nil {
		return err
	}
	sub := d.cell * 0.84 / float32(cols)
	for i, set := range b.Candidates {
		if set == 0 || b.Digits != nil && b.Digits[i] != 0 {
			continue
		}
		x, y := d.center(i)
		x0, y0 := x-sub*float32(cols)/2, y-sub*float32(cols)/2
		for v := 1; v <= d.n; v++ {
			if set&(1<<(v-1)) == 0 {
				continue
			}
			cx := x0 + (float32((v-1)%cols)+0.5)*sub
			cy := y0 + (float32((v-1)/cols)+0.5)*sub
			if err := d.text(face, float64(sub)*0.8, symbol(v, ""), cx, cy, d.pal.Pencil, true); err != nil {
				return err
			}
		}
	}
	return nil
}

func blend(a, b color.RGBA, t float64) color.RGBA {
	mix := func(x, y uint8) uint8 { return uint8(float64(x)*(1-t) + float64(y)*t) }
	return color.RGBA{mix(a.R, b.R), mix(a.G, b.G), mix(a.B, b.B), 0xff}
}

// grid draws the thin lines, then the region borders thick.
func (d *vdraw) grid(b VariantBoard) {
	n := d.n
	region := make([]int, n*n)
	regions := b.Regions
	if regions == nil {
		h, w := BoxShapeOf(n)
		for c := range region {
			region[c] = c/n/h*(n/w) + c%n/w
		}
	} else {
		for i := range region {
			region[i] = -1
		}
		for ri, reg := range regions {
			for _, c := range reg {
				if c >= 0 && c < n*n {
					region[c] = ri
				}
			}
		}
	}
	o, s := d.origin, d.cell
	thin, thick := max(1, s/32), max(2, s/12)
	for i := 0; i <= n; i++ {
		d.rect(o+float32(i)*s-thin/2, o, thin, float32(n)*s, d.pal.ThinLine)
		d.rect(o, o+float32(i)*s-thin/2, float32(n)*s, thin, d.pal.ThinLine)
	}
	for c := 0; c < n*n; c++ {
		r, col := c/n, c%n
		x, y := o+float32(col)*s, o+float32(r)*s
		if col+1 < n && region[c] != region[c+1] {
			d.rect(x+s-thick/2, y-thick/2, thick, s+thick, d.pal.ThickLine)
		}
		if r+1 < n && region[c] != region[c+n] {
			d.rect(x-thick/2, y+s-thick/2, s+thick, thick, d.pal.ThickLine)
		}
	}
	fs := float32(n) * s
	for _, e := range [][4]float32{{o - thick/2, o - thick/2, fs + thick, thick}, {o - thick/2, o + fs - thick/2, fs + thick, thick},
		{o - thick/2, o - thick/2, thick, fs + thick}, {o + fs - thick/2, o - thick/2, thick, fs + thick}} {
		d.rect(e[0], e[1], e[2], e[3], d.pal.ThickLine)
	}
}

// BoxShapeOf is the standard box of a variant grid's size: the tallest
// height up to the square root that divides it (as package variant).
func BoxShapeOf(size int) (rows, cols int) {
	h := 1
	for r := 1; r*r <= size; r++ {
		if size%r == 0 {
			h = r
		}
	}
	return h, size / h
}

// mark draws a clue over the grid lines.
func (d *vdraw) mark(m Mark, b VariantBoard) error {
	s := d.cell
	regular, err := regularFace()
	if err != nil {
		return err
	}
	switch m.Kind {
	case "killer cage":
		d.cage(m.Cells)
		if m.Label != "" {
			first := m.Cells[0]
			for _, c := range m.Cells {
				if c < first {
					first = c
				}
			}
			x, y := d.center(first)
			d.rect(x-s*0.47, y-s*0.47, s*0.34, s*0.26, d.pal.Background)
			return d.text(regular, float64(s)*0.22, m.Label, x-s*0.45, y-s*0.35, cageInk, false)
		}
	case "arrow":
		if m.Bulb < 1 || m.Bulb >= len(m.Cells) {
			return fmt.Errorf("%w: an arrow with a circle of %d of %d cells", ErrVariantBoard, m.Bulb, len(m.Cells))
		}
		bulb, line := m.Cells[:m.Bulb], m.Cells[m.Bulb-1:]
		d.polyline(line, s*0.06, thermoInk)
		last := line[len(line)-1]
		px, py := d.center(line[len(line)-2])
		x, y := d.center(last)
		dx, dy := x-px, y-py
		l := float32(math.Hypot(float64(dx), float64(dy)))
		ux, uy := dx/l, dy/l
		d.fillPath(thermoInk, func(z *path) {
			tx, ty := x+ux*s*0.3, y+uy*s*0.3
			segment(z, tx, ty, tx-ux*s*0.3-uy*s*0.2, ty-uy*s*0.3+ux*s*0.2, s*0.06)
			segment(z, tx, ty, tx-ux*s*0.3+uy*s*0.2, ty-uy*s*0.3-ux*s*0.2, s*0.06)
		})
		for _, c := range bulb {
			x, y := d.center(c)
			d.fillPath(d.pal.Background, func(z *path) { circle(z, x, y, s*0.4, false) })
		}
		if len(bulb) > 1 {
			d.polyline(bulb, s*0.8, thermoInk)
			d.polyline(bulb, s*0.7, d.pal.Background)
		} else {
			x, y := d.center(bulb[0])
			d.ringAt(x, y, s*0.42, s*0.06, thermoInk)
		}
	case "kropki white dot", "kropki black dot", "X", "V":
		if len(m.Cells) != 2 {
			return fmt.Errorf("%w: a %s on %d cells", ErrVariantBoard, m.Kind, len(m.Cells))
		}
		x0, y0 := d.center(m.Cells[0])
		x1, y1 := d.center(m.Cells[1])
		x, y := (x0+x1)/2, (y0+y1)/2
		switch m.Kind {
		case "kropki white dot":
			d.fillPath(d.pal.ThickLine, func(z *path) { circle(z, x, y, s*0.14, false) })
			d.fillPath(color.RGBA{0xff, 0xff, 0xff, 0xff}, func(z *path) { circle(z, x, y, s*0.11, false) })
		case "kropki black dot":
			d.fillPath(d.pal.ThickLine, func(z *path) { circle(z, x, y, s*0.14, false) })
			d.fillPath(color.RGBA{0, 0, 0, 0xff}, func(z *path) { circle(z, x, y, s*0.11, false) })
		default:
			d.rect(x-s*0.14, y-s*0.14, s*0.28, s*0.28, d.pal.Background)
			return d.text(regular, float64(s)*0.3, m.Kind, x, y, d.pal.Given, true)
		}
	case "quadruple":
		if len(m.Cells) == 0 {
			return nil
		}
		lo := m.Cells[0]
		for _, c := range m.Cells {
			lo = min(lo, c)
		}
		x, y := d.center(lo)
		x, y = x+s/2, y+s/2
		d.fillPath(d.pal.Background, func(z *path) { circle(z, x, y, s*0.3, false) })
		d.ringAt(x, y, s*0.3, s*0.04, d.pal.ThickLine)
		return d.text(regular, float64(s)*0.18, m.Label, x, y, d.pal.Given, true)
	case "little killer", "sandwich sum", "X-sum", "skyscraper":
		x := d.origin + (float32(m.Col)+0.5)*s
		y := d.origin + (float32(m.Row)+0.5)*s
		if m.Kind == "little killer" {
			d.fillPath(d.pal.Label, func(z *path) {
				segment(z, x+float32(m.DC)*s*0.25, y+float32(m.DR)*s*0.25, x+float32(m.DC)*s*0.45, y+float32(m.DR)*s*0.45, s*0.04)
			})
		}
		return d.text(regular, float64(s)*0.35, m.Label, x, y, d.pal.Given, true)
	case "minimum cell", "maximum cell":
		x, y := d.center(m.Cells[0])
		d.ringAt(x, y, s*0.45, s*0.03, d.pal.Label)
	}
	return nil
}

// cage draws a dashed line just inside the border of a cage.
func (d *vdraw) cage(cells []int) {
	n, s := d.n, d.cell
	in := make(map[int]bool, len(cells))
	for _, c := range cells {
		in[c] = true
	}
	inset, w := s*0.08, max(1, s/28)
	dash := func(x0, y0, x1, y1 float32) {
		l := float32(math.Hypot(float64(x1-x0), float64(y1-y0)))
		if l == 0 {
			return
		}
		step := s * 0.1
		d.fillPath(cageInk, func(z *path) {
			for t := float32(0); t < l; t += 2 * step {
				e := min(t+step, l)
				segment(z, x0+(x1-x0)*t/l, y0+(y1-y0)*t/l, x0+(x1-x0)*e/l, y0+(y1-y0)*e/l, w)
			}
		})
	}
	for _, c := range cells {
		r, col := c/n, c%n
		x, y := d.origin+float32(col)*s, d.origin+float32(r)*s
		if r == 0 || !in[c-n] {
			dash(x+inset, y+inset, x+s-inset, y+inset)
		}
		if r == n-1 || !in[c+n] {
			dash(x+inset, y+s-inset, x+s-inset, y+s-inset)
		}
		if col == 0 || !in[c-1] {
			dash(x+inset, y+inset, x+inset, y+s-inset)
		}
		if col == n-1 || !in[c+1] {
			dash(x+s-inset, y+inset, x+s-inset, y+s-inset)
		}
	}
}

// EncodeImage writes a picture such as [DrawVariant]'s as PNG.
func EncodeImage(w io.Writer, img image.Image) error {
	enc := png.Encoder{CompressionLevel: png.BestSpeed}
	return enc.Encode(w, img)
}
