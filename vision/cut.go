package vision

import (
	"context"
	"errors"
	"fmt"
	"slices"
)

// ErrNoGrid is returned when a picture holds nothing that looks like a 9×9 grid.
var ErrNoGrid = errors.New("no sudoku grid found in the picture")

// Cut is a picture's grid found and cut into cells, before the cells are
// classified: what the model sees.
type Cut struct {
	// Outline is the grid's outline, in pixels of the picture as given.
	Outline Quad
	// Score is how much the outline looks like a 9×9 grid (about 0.5 to 1).
	Score float64
	// Cells holds each cell's samples, row by row, from 0 (background) to 1
	// (full ink), CellSide×CellSide of them.
	Cells [81][CellSide * CellSide]float32
	// Zoom holds each cell's ink framed: the square around it sampled again
	// at CellSide×CellSide, so that small digits are as large as big ones.
	Zoom [81][CellSide * CellSide]float32
	// Chroma is how coloured each cell's ink is, 0 grey to 1 saturated (0 for
	// a cell without ink); RGB its mean colour.
	Chroma [81]float64
	RGB    [81][3]float64
	// Dark reports a picture read as light ink on a dark background.
	Dark bool

	inked [81]float64
}

// prepare decodes data into the working raster, shrunk by the factor it
// returns: a baseline JPEG a row of blocks at a time, at the size the
// raster needs ([decodeJPEG]), any other picture whole, then shrunk.
func prepare(ctx context.Context, data []byte) (*raster, int, bool, error) {
	cfg, err := checkHeader(data)
	if err != nil {
		return nil, 0, false, err
	}
	k := shrinkFactor(cfg.Width, cfg.Height)
	r, err := decodeJPEG(data, k)
	switch {
	case err == nil:
		if r.w != max(cfg.Width/k, 1) || r.h != max(cfg.Height/k, 1) {
			return nil, 0, false, fmt.Errorf("%w: header says %d×%d, pixels are otherwise", ErrCorrupt, cfg.Width, cfg.Height)
		}
		return r, k, false, nil
	case !errors.Is(err, errJPEGOther):
		return nil, 0, false, err
	}
	img, release, err := decodeWhole(ctx, data, cfg)
	if err != nil {
		return nil, 0, false, err
	}
	defer release()
	return newRaster(img), k, false, nil
}

// invert turns r's grey levels over, for light ink on a dark background.
func (r *raster) invert() {
	for i, g := range r.gray {
		r.gray[i] = 255 - g
	}
}

// locate finds the grid in r, dark ink on light first and then, failing
// that, when the grid found is mostly ink (a grid drawn light on dark,
// whose dark cells were taken for ink) or when its ink is lighter than its
// background (a dark theme whose page is darker than its board, so that
// the page around the board was taken for a frame of ink, and the grid
// found turned over scores better), light on dark (which turns r over).
// It reports whether r was turned over for it.
func locate(r *raster) (Quad, float64, bool, bool) {
	ink := threshold(r)
	q, score, ok := findGrid(r, ink)
	light := ok && lightInk(r, q)
	if ok && inkShare(ink, r.w, r.h, q) < 0.4 && !light {
		return q, score, false, true
	}
	r.invert()
	q2, score2, ok2 := findGrid(r, threshold(r))
	// Light ink alone (glare on a photo) turns the picture over only for
	// a grid that looks more like one that way.
	if ok2 && (!light || score2 > score) {
		return q2, score2, true, true
	}
	r.invert()
	return q, score, false, ok
}

// lightInk reports whether the marks inside the outline q are lighter than
// its background: of the samples far from the median grey level (the
// background), more than twice as many are lighter than darker.
func lightInk(r *raster, q Quad) bool {
	hm, ok := quadHomography(q)
	if !ok {
		return false
	}
	const n = 72
	levels := make([]int, 0, n*n)
	for j := range n {
		for i := range n {
			x, y := hm.apply((float64(i)+0.5)*9/n, (float64(j)+0.5)*9/n)
			xi, yi := int(x), int(y)
			if xi < 0 || yi < 0 || xi >= r.w || yi >= r.h {
				continue
			}
			levels = append(levels, int(r.gray[yi*r.w+xi]))
		}
	}
	if len(levels) == 0 {
		return false
	}
	slices.Sort(levels)
	median := levels[len(levels)/2]
	light, dark := 0, 0
	for _, g := range levels {
		switch {
		case g > median+40:
			light++
		case g < median-40:
			dark++
		}
	}
	return light > 2*dark
}

// inkShare is the share of ink inside the outline q.
func inkShare(ink []bool, w, h int, q Quad) float64 {
	hm, ok := quadHomography(q)
	if !ok {
		return 1
	}
	n, in := 0, 0
	for j := range 36 {
		for i := range 36 {
			x, y := hm.apply((float64(i)+0.5)/4, (float64(j)+0.5)/4)
			xi, yi := int(x), int(y)
			if xi < 0 || yi < 0 || xi >= w || yi >= h {
				continue
			}
			n++
			if ink[yi*w+xi] {
				in++
			}
		}
	}
	return float64(in) / float64(max(n, 1))
}

// CutGrid decodes a picture, finds its grid and cuts the cells. It returns
// an error wrapping [ErrFormat], [ErrTooLarge], [ErrCorrupt] or [ErrNoGrid].
func CutGrid(data []byte) (*Cut, error) {
	r, k, _, err := prepare(context.Background(), data)
	if err != nil {
		return nil, err
	}
	q, score, dark, ok := locate(r)
	if !ok {
		return nil, ErrNoGrid
	}
	return cutAt(r, k, dark, q, score)
}

// CutGridAt is [CutGrid] with the grid's outline given (in pixels of the
// picture, clockwise from the top left) instead of found: for training on
// photos whose corners are known.
func CutGridAt(data []byte, outline Quad) (*Cut, error) {
	r, k, dark, err := prepare(context.Background(), data)
	if err != nil {
		return nil, err
	}
	var q Quad
	for i, p := range outline {
		q[i] = Point{p.X / float64(k), p.Y / float64(k)}
	}
	return cutAt(r, k, dark, q, 0)
}

func cutAt(r *raster, k int, dark bool, q Quad, score float64) (*Cut, error) {
	hm, ok := quadHomography(q)
	if !ok {
		return nil, fmt.Errorf("%w: degenerate outline", ErrNoGrid)
	}
	// The cells are cut along the grid's own lines, found near the outline's.
	cells := cutCells(r, refineGrid(r, hm))
	c := &Cut{Score: score, Dark: dark}
	for i, p := range q {
		c.Outline[i] = Point{p.X * float64(k), p.Y * float64(k)}
	}
	for i := range cells {
		c.Cells[i] = cells[i].ink
		c.Zoom[i] = cells[i].zoom
		c.Chroma[i] = cells[i].chroma
		c.RGB[i] = cells[i].rgb
		c.inked[i] = cells[i].inked
	}
	return c, nil
}
