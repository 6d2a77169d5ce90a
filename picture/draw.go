package picture

import (
	"errors"
	"fmt"
	"image"
	"image/png"
	"io"
	"sync"

	"github.com/sudokubot/sudokubot/sudoku"
)

// Options change how a picture looks.
type Options struct {
	// Theme is the colours: Dark (the zero value) or Light.
	Theme Theme
	// Size is the width and height of the picture, in pixels: the grid gets
	// the largest cells that fit, in the middle. 0 means [DefaultSize] of
	// the grid's shape. It must be at least [MinSize] and at most
	// [MaxSize].
	Size int
	// Coordinates adds row numbers on the left and column numbers at the
	// top, from 1, as hints name cells (r3c5 is row 3, column 5).
	Coordinates bool
	// Symbols, when set, are the symbols of the values 1, 2, … (one ASCII
	// letter or digit each, at least as many as the grid's side), so that a
	// picture uses the notation of the person it answers: "0123456789ABCDEF"
	// for a 16×16 grid written 0–F. Empty means 1-9, then A for 10 up to P
	// for 25. Coordinates are numbers from 1 whatever the symbols.
	Symbols string
}

// ErrSymbols is wrapped by the errors of [Draw] and [Encode] for
// [Options].Symbols that are too few for the grid or not letters and digits.
var ErrSymbols = errors.New("symbols cannot be drawn")

// checkSymbols checks syms for a grid of side n.
func checkSymbols(syms string, n int) error {
	if syms == "" {
		return nil
	}
	if len(syms) < n {
		return fmt.Errorf("symbols %q: %d for a grid of side %d: %w", syms, len(syms), n, ErrSymbols)
	}
	for i := 0; i < len(syms); i++ {
		if c := syms[i]; !('0' <= c && c <= '9' || 'A' <= c && c <= 'Z' || 'a' <= c && c <= 'z') {
			return fmt.Errorf("symbols %q: %q is not a letter or digit: %w", syms, c, ErrSymbols)
		}
	}
	return nil
}

// plan is a checked board with everything needed to paint it.
type plan struct {
	b     *Board
	l     layout
	m     *masks
	col   *colours
	cells []cellState
}

func newPlan(b *Board, opt Options, cells []cellState) (plan, error) {
	if err := b.resolve(cells); err != nil {
		return plan{}, err
	}
	if opt.Theme != Dark && opt.Theme != Light {
		return plan{}, fmt.Errorf("%v: %w", opt.Theme, ErrTheme)
	}
	sh := b.Grid.Shape()
	if err := checkSymbols(opt.Symbols, sh.Size()); err != nil {
		return plan{}, err
	}
	size := opt.Size
	if size == 0 {
		size = DefaultSize(sh)
	}
	l, err := fit(sh, size, opt.Coordinates)
	if err != nil {
		return plan{}, err
	}
	m, err := cache.get(&l, opt.Symbols)
	if err != nil {
		return plan{}, err
	}
	return plan{b: b, l: l, m: m, col: themeColours()[opt.Theme], cells: cells[:sh.Cells()]}, nil
}

// Draw returns the picture of b, or an error wrapping [ErrBoard] (b does
// not fit its grid), [ErrSize], [ErrTheme] or [ErrSymbols]. The image is
// the caller's.
// Its palette has the theme's colours and their blends, at most 256.
func Draw(b Board, opt Options) (*image.Paletted, error) {
	var cells [sudoku.MaxCells]cellState
	p, err := newPlan(&b, opt, cells[:])
	if err != nil {
		return nil, fmt.Errorf("draw board: %w", err)
	}
	img := image.NewPaletted(image.Rect(0, 0, p.l.w, p.l.h), p.col.palette)
	p.paint(img.Pix, img.Stride, make([]uint8, 3*p.l.w))
	return img, nil
}

// canvas is the memory one picture needs, kept in a pool between calls:
// the cells' states, then the pixels followed by scratch rows.
type canvas struct {
	cells [sudoku.MaxCells]cellState
	pix   []uint8
}

var canvases = sync.Pool{New: func() any { return new(canvas) }}

// encoderBuffers lets the PNG encoder reuse its buffers between pictures.
type encoderBuffers struct{ sync.Pool }

func (p *encoderBuffers) Get() *png.EncoderBuffer {
	b, _ := p.Pool.Get().(*png.EncoderBuffer)
	return b
}

func (p *encoderBuffers) Put(b *png.EncoderBuffer) { p.Pool.Put(b) }

var encoder = png.Encoder{CompressionLevel: png.BestSpeed, BufferPool: &encoderBuffers{}}

// Encode writes the picture of b to w as a PNG. It fails as [Draw] does,
// or with w's error. The memory for the picture and for the encoder is
// reused from one call to the next, so Encode is the one to use for many
// pictures; it is safe for concurrent use.
func Encode(w io.Writer, b Board, opt Options) error {
	cv := canvases.Get().(*canvas)
	defer canvases.Put(cv)
	p, err := newPlan(&b, opt, cv.cells[:])
	if err != nil {
		return fmt.Errorf("draw board: %w", err)
	}
	need := p.l.w*p.l.h + 3*p.l.w
	if cap(cv.pix) < need {
		cv.pix = make([]uint8, need)
	}
	pix, scratch := cv.pix[:p.l.w*p.l.h], cv.pix[p.l.w*p.l.h:need]
	img := &image.Paletted{Pix: pix, Stride: p.l.w, Rect: image.Rect(0, 0, p.l.w, p.l.h), Palette: p.col.palette}
	p.paint(img.Pix, img.Stride, scratch)
	if err := encoder.Encode(w, img); err != nil {
		return fmt.Errorf("encode board picture: %w", err)
	}
	return nil
}

// paint draws the whole picture into pix, an image of the layout's size
// with the given stride, using scratch (at least 3 × the width) for rows.
func (p *plan) paint(pix []uint8, stride int, scratch []uint8) {
	l := &p.l
	clear(pix) // index 0 is the background
	p.lines(pix, stride, scratch)
	n := l.n
	for i, st := range p.cells {
		switch {
		case st.flags&isConflict != 0:
			p.fill(pix, stride, l.xs[i%n], l.ys[i/n], l.cell, l.cell, conflictCell)
		case st.flags&isPattern != 0:
			p.fill(pix, stride, l.xs[i%n], l.ys[i/n], l.cell, l.cell, patternCell)
		case st.flags&isUnit != 0:
			p.fill(pix, stride, l.xs[i%n], l.ys[i/n], l.cell, l.cell, unitCell)
		}
	}
	for i := range p.cells {
		p.cell(pix, stride, i)
	}
	if p.m.labels != nil {
		for k := 0; k < n; k++ {
			m := &p.m.labels[k+1]
			p.put(pix, stride, l.xs[k]+(l.cell-m.w)/2, l.y0-l.margin+(l.margin-m.h)/2, m, label)
			p.put(pix, stride, l.x0-l.margin+(l.margin-m.w)/2, l.ys[k]+(l.cell-m.h)/2, m, label)
		}
	}
}

// lines draws the grid's lines: every pixel row between the border's top
// and bottom is a copy of one of three rows (across cells, along a thin
// line, along a thick line), built in scratch.
func (p *plan) lines(pix []uint8, stride int, scratch []uint8) {
	l := &p.l
	w := l.x1 - l.x0
	cellRow, thinRow, thickRow := scratch[:w], scratch[w:2*w], scratch[2*w:3*w]
	for x := range w {
		cellRow[x], thinRow[x], thickRow[x] = uint8(thinLine), uint8(thinLine), uint8(thickLine)
	}
	for c := 0; c < l.n; c++ {
		clear(cellRow[l.xs[c]-l.x0 : l.xs[c]-l.x0+l.cell])
	}
	thickCols := func(row []uint8) { // the border on the left, then each box's right
		for x := 0; x < l.thick; x++ {
			row[x] = uint8(thickLine)
		}
		for c := 0; c < l.n; c++ {
			if (c+1)%l.shape.BoxCols == 0 {
				at := l.xs[c] + l.cell - l.x0
				for x := at; x < at+l.thick; x++ {
					row[x] = uint8(thickLine)
				}
			}
		}
	}
	thickCols(cellRow)
	thickCols(thinRow)
	put := func(y int, row []uint8) { copy(pix[y*stride+l.x0:y*stride+l.x1], row) }
	for r := 0; r < l.n; r++ {
		for y := l.ys[r]; y < l.ys[r]+l.cell; y++ {
			put(y, cellRow)
		}
		below := l.ys[r] + l.cell
		line, width := thinRow, l.thin
		if (r+1)%l.shape.BoxRows == 0 {
			line, width = thickRow, l.thick
		}
		for y := below; y < below+width; y++ {
			put(y, line)
		}
	}
	for y := l.y0; y < l.y0+l.thick; y++ {
		put(y, thickRow)
	}
}

// fill paints a w×h rectangle at x, y in tone t.
func (p *plan) fill(pix []uint8, stride, x, y, w, h int, t tone) {
	for j := y; j < y+h; j++ {
		row := pix[j*stride+x : j*stride+x+w]
		for i := range row {
			row[i] = uint8(t)
		}
	}
}

// cell draws what cell i holds: its digit, a placed digit and its circle,
// or its pencil marks.
func (p *plan) cell(pix []uint8, stride, i int) {
	l, m := &p.l, p.m
	n := l.n
	st := p.cells[i]
	x, y := l.xs[i%n], l.ys[i/n]
	v := p.b.Grid.At(i)
	centre := func(g *mask, ink tone) {
		p.put(pix, stride, x+(l.cell-g.w)/2, y+(l.cell-g.h)/2, g, ink)
	}
	if v != 0 {
		ink, face := filled, m.medium
		switch {
		case st.flags&isConflict != 0:
			ink = clash
		case st.flags&isGiven != 0:
			ink = given
		}
		if st.flags&isGiven != 0 {
			face = m.bold
		}
		centre(&face[v], ink)
		if st.placed != 0 {
			centre(&m.ring, placed)
		}
		return
	}
	if st.placed != 0 {
		centre(&m.medium[st.placed], placed)
		centre(&m.ring, placed)
		return
	}
	set := st.struck
	if p.b.Candidates != nil {
		set |= p.b.Candidates[i]
	}
	if set == 0 {
		return
	}
	inner := l.cell - 2*l.inset
	bc := m.subCols
	sx := x + l.inset + (inner-bc*m.subW)/2
	sy := y + l.inset + (inner-m.subRows*m.subH)/2
	for d := 1; d <= n; d++ {
		bit := uint32(1) << (d - 1)
		if set&bit == 0 {
			continue
		}
		cx, cy := sx+(d-1)%bc*m.subW, sy+(d-1)/bc*m.subH
		g := &m.small[d]
		ink := pencil
		if st.struck&bit != 0 {
			ink = eliminated
			p.put(pix, stride, cx, cy, &m.disc, disc)
		}
		p.put(pix, stride, cx+(m.subW-g.w)/2, cy+(m.subH-g.h)/2, g, ink)
		if ink == eliminated {
			p.put(pix, stride, cx, cy, &m.strike, eliminated)
		}
	}
}

// put paints mask g in ink with its top left at x, y. Each pixel keeps
// the stronger of what it shows and the new ink: more coverage of the same
// ink adds up to the larger, and a different ink replaces it only with at
// least as much coverage, so a stroke over a digit in another ink keeps
// both readable. Lines are never painted over.
func (p *plan) put(pix []uint8, stride, x, y int, g *mask, ink tone) {
	k := ink - firstInk
	ramps := &p.col.ramp[k]
	blend := &p.col.blend
	for j := 0; j < g.h; j++ {
		row := pix[(y+j)*stride+x : (y+j)*stride+x+g.w]
		cov := g.cov[j*g.w : (j+1)*g.w]
		for i, c := range cov {
			if c == 0 {
				continue
			}
			b := &blend[row[i]]
			switch {
			case !b.isInk:
				if b.level == 0 {
					row[i] = ramps[b.bg][c]
				}
			case b.ink == uint8(k):
				row[i] = ramps[b.bg][max(c, b.level)]
			case c >= b.level:
				row[i] = ramps[b.bg][c]
			}
		}
	}
}
