package vision

import (
	"math"
	"slices"
)

// Point is a position in a picture, in pixels of the picture as given.
type Point struct {
	X, Y float64
}

// Quad is the outline of a grid: its corners clockwise from the top left
// (as the grid reads, which is the picture's top left unless it is turned).
type Quad [4]Point

// threshold marks the ink of r: a pixel darker than the mean of the window
// around it by a margin. The window is about a twentieth of the shorter side,
// so shadows and uneven light across a page do not matter.
func threshold(r *raster) []bool {
	w, h := r.w, r.h
	integral := make([]uint32, (w+1)*(h+1))
	for y := 0; y < h; y++ {
		var row uint32
		for x := 0; x < w; x++ {
			row += uint32(r.gray[y*w+x])
			integral[(y+1)*(w+1)+x+1] = integral[y*(w+1)+x+1] + row
		}
	}
	rad := max(4, min(w, h)/40)
	ink := make([]bool, w*h)
	for y := 0; y < h; y++ {
		y0, y1 := max(0, y-rad), min(h, y+rad+1)
		for x := 0; x < w; x++ {
			x0, x1 := max(0, x-rad), min(w, x+rad+1)
			n := uint32((y1 - y0) * (x1 - x0))
			sum := integral[y1*(w+1)+x1] - integral[y0*(w+1)+x1] - integral[y1*(w+1)+x0] + integral[y0*(w+1)+x0]
			mean := sum / n
			margin := max(8, mean/12)
			ink[y*w+x] = uint32(r.gray[y*w+x])+margin < mean
		}
	}
	return ink
}

// dropBlobs clears the ink of solid regions (a shadow's edge, a photo, a
// dark bar), where the ink covers most of a window a few line widths wide:
// lines and digits are thin and keep their ink, and a blob touching the
// grid no longer joins it and bends its outline. (Growing the ink to join
// dashed lines was tried: it read fewer Wicht photos, 73.8% against 79.4%.)
func dropBlobs(ink []bool, w, h int) []bool {
	integral := make([]uint32, (w+1)*(h+1))
	for y := 0; y < h; y++ {
		var row uint32
		for x := 0; x < w; x++ {
			if ink[y*w+x] {
				row++
			}
			integral[(y+1)*(w+1)+x+1] = integral[y*(w+1)+x+1] + row
		}
	}
	rad := max(3, min(w, h)/60)
	out := make([]bool, len(ink))
	for y := 0; y < h; y++ {
		y0, y1 := max(0, y-rad), min(h, y+rad+1)
		for x := 0; x < w; x++ {
			if !ink[y*w+x] {
				continue
			}
			x0, x1 := max(0, x-rad), min(w, x+rad+1)
			n := uint32((y1 - y0) * (x1 - x0))
			sum := integral[y1*(w+1)+x1] - integral[y0*(w+1)+x1] - integral[y1*(w+1)+x0] + integral[y0*(w+1)+x0]
			out[y*w+x] = sum*4 < n*3
		}
	}
	return out
}

// component is a connected set of ink pixels.
type component struct {
	id                     int32
	count                  int
	minX, minY, maxX, maxY int
}

// components labels the 8-connected ink regions of a w×h mask and returns
// the label of each pixel (0 for none) and the regions.
func components(ink []bool, w, h int) ([]int32, []component) {
	labels := make([]int32, w*h)
	var comps []component
	var stack []int32
	for start := range ink {
		if !ink[start] || labels[start] != 0 {
			continue
		}
		id := int32(len(comps) + 1)
		c := component{id: id, minX: w, minY: h, maxX: -1, maxY: -1}
		labels[start] = id
		stack = append(stack[:0], int32(start))
		for len(stack) > 0 {
			p := int(stack[len(stack)-1])
			stack = stack[:len(stack)-1]
			x, y := p%w, p/w
			c.count++
			c.minX, c.maxX = min(c.minX, x), max(c.maxX, x)
			c.minY, c.maxY = min(c.minY, y), max(c.maxY, y)
			for dy := -1; dy <= 1; dy++ {
				ny := y + dy
				if ny < 0 || ny >= h {
					continue
				}
				for dx := -1; dx <= 1; dx++ {
					nx := x + dx
					if nx < 0 || nx >= w {
						continue
					}
					q := ny*w + nx
					if ink[q] && labels[q] == 0 {
						labels[q] = id
						stack = append(stack, int32(q))
					}
				}
			}
		}
		comps = append(comps, c)
	}
	return labels, comps
}

// hull is the convex hull, counter-clockwise in picture coordinates, of the
// ink pixels labelled id inside c's bounding box (ink nil: all of them).
func hull(labels []int32, ink []bool, w int, c component) []Point {
	var pts []Point
	for y := c.minY; y <= c.maxY; y++ {
		row := labels[y*w : y*w+w]
		lo, hi := -1, -1
		for x := c.minX; x <= c.maxX; x++ {
			if row[x] == c.id && (ink == nil || ink[y*w+x]) {
				if lo < 0 {
					lo = x
				}
				hi = x
			}
		}
		if lo >= 0 {
			pts = append(pts, Point{float64(lo), float64(y)}, Point{float64(hi), float64(y)})
		}
	}
	return convexHull(pts)
}

// convexHull is Andrew's monotone chain.
func convexHull(pts []Point) []Point {
	slices.SortFunc(pts, func(a, b Point) int {
		if a.X != b.X {
			if a.X < b.X {
				return -1
			}
			return 1
		}
		if a.Y < b.Y {
			return -1
		}
		if a.Y > b.Y {
			return 1
		}
		return 0
	})
	if len(pts) < 3 {
		return pts
	}
	cross := func(o, a, b Point) float64 { return (a.X-o.X)*(b.Y-o.Y) - (a.Y-o.Y)*(b.X-o.X) }
	out := make([]Point, 0, 2*len(pts))
	for _, p := range pts {
		for len(out) >= 2 && cross(out[len(out)-2], out[len(out)-1], p) <= 0 {
			out = out[:len(out)-1]
		}
		out = append(out, p)
	}
	lower := len(out) + 1
	for i := len(pts) - 2; i >= 0; i-- {
		p := pts[i]
		for len(out) >= lower && cross(out[len(out)-2], out[len(out)-1], p) <= 0 {
			out = out[:len(out)-1]
		}
		out = append(out, p)
	}
	return out[:len(out)-1]
}

// quadArea is the area of the quadrilateral q (shoelace).
func quadArea(q Quad) float64 {
	a := 0.0
	for i := range 4 {
		j := (i + 1) % 4
		a += q[i].X*q[j].Y - q[j].X*q[i].Y
	}
	return math.Abs(a) / 2
}

// largestQuad is (nearly) the largest quadrilateral with corners on the hull
// h: it starts from the extreme corners and moves one corner at a time to the
// hull point that grows the area most, until no move helps. The corners come
// clockwise from the top left.
func largestQuad(h []Point) Quad {
	var q Quad
	best := [4]float64{math.Inf(-1), math.Inf(-1), math.Inf(-1), math.Inf(-1)}
	for _, p := range h {
		keys := [4]float64{-(p.X + p.Y), p.X - p.Y, p.X + p.Y, p.Y - p.X} // TL, TR, BR, BL
		for i, k := range keys {
			if k > best[i] {
				best[i], q[i] = k, p
			}
		}
	}
	area := quadArea(q)
	for range 10 {
		moved := false
		for i := range 4 {
			for _, p := range h {
				t := q
				t[i] = p
				if a := quadArea(t); a > area+1e-9 && convexClockwise(t) {
					q, area, moved = t, a, true
				}
			}
		}
		if !moved {
			break
		}
	}
	return q
}

// convexClockwise reports whether q is convex with its corners clockwise on
// the screen (y down).
func convexClockwise(q Quad) bool {
	for i := range 4 {
		a, b, c := q[i], q[(i+1)%4], q[(i+2)%4]
		if (b.X-a.X)*(c.Y-b.Y)-(b.Y-a.Y)*(c.X-b.X) <= 0 {
			return false
		}
	}
	return true
}

// squareness is the ratio of the shortest side of q to its longest, and of
// its diagonals: 1 for a square seen straight on.
func squareness(q Quad) float64 {
	lo, hi := math.Inf(1), 0.0
	for i := range 4 {
		d := math.Hypot(q[(i+1)%4].X-q[i].X, q[(i+1)%4].Y-q[i].Y)
		lo, hi = min(lo, d), max(hi, d)
	}
	if hi == 0 {
		return 0
	}
	d1 := math.Hypot(q[2].X-q[0].X, q[2].Y-q[0].Y)
	d2 := math.Hypot(q[3].X-q[1].X, q[3].Y-q[1].Y)
	return lo / hi * min(d1, d2) / max(d1, d2)
}

// gridScore measures how much q looks like a 9×9 grid in the ink mask: the
// share of the ten lines each way that are inked (a dashed line counts in
// full from 60%), less half the share of the lines half way between them (a
// grid has lines, not a blot; digits lie on those).
func gridScore(ink []bool, w, h int, hm homography) float64 {
	lines, _, off := gridLines(ink, w, h, hm)
	return lines - 0.5*off
}

// gridLines is the two parts of [gridScore], the share of the grid's lines
// inked (a line in full from 60%) and the share of the lines half way
// between them, and the share of the samples along the lines inked.
func gridLines(ink []bool, w, h int, hm homography) (lines, along, off float64) {
	at := func(u, v float64) bool {
		x, y := hm.apply(u, v)
		xi, yi := int(x+0.5), int(y+0.5)
		return xi >= 0 && yi >= 0 && xi < w && yi < h && ink[yi*w+xi]
	}
	// near reports ink within a small distance across the line.
	near := func(u, v float64, horizontal bool) bool {
		for k := range 17 { // every hundredth of a cell up to 0.08 each way: a thin line is not missed
			d := float64((k+1)/2) * 0.01
			if k%2 == 1 {
				d = -d
			}
			if horizontal && at(u, v+d) || !horizontal && at(u+d, v) {
				return true
			}
		}
		return false
	}
	const steps = 72
	offN, alongN := 0, 0
	for i := 0; i <= 9; i++ {
		across, down := 0, 0
		for s := range steps {
			t := (float64(s) + 0.5) * 9 / steps
			if near(t, float64(i), true) {
				across++
			}
			if near(float64(i), t, false) {
				down++
			}
			if i < 9 {
				m := float64(i) + 0.5
				if at(t, m) {
					offN++
				}
				if at(m, t) {
					offN++
				}
			}
		}
		// A dashed or faint line counts in full from 60% inked.
		lines += min(1, float64(across)/(0.6*steps)) + min(1, float64(down)/(0.6*steps))
		alongN += across + down
	}
	return lines / 20, float64(alongN) / float64(20*steps), float64(offN) / float64(18*steps)
}

// faintGridScore is [gridScore] measured on the grey levels rather than the
// ink: a line is there where, along it, the darkest sample within 0.03 of a
// cell across it is darker by 6 grey levels than the mean of the samples
// 0.12 of a cell to either side. It finds the thin light lines of an app's
// board (a light grey on white, or a dark grey on a dark theme's board)
// that shrinking the screenshot left too faint for the threshold, where
// only the box lines were ink.
func faintGridScore(r *raster, hm homography) float64 {
	grey := func(u, v float64) float64 {
		x, y := hm.apply(u, v)
		return r.bilinear(x, y)
	}
	const steps = 72
	// present is the share of the steps along line p (horizontal or
	// vertical) where it is darker than beside it.
	present := func(p float64, horizontal bool) float64 {
		at := func(t, d float64) float64 {
			if horizontal {
				return grey(t, p+d)
			}
			return grey(p+d, t)
		}
		n := 0
		for s := range steps {
			t := (float64(s) + 0.5) * 9 / steps
			line := 255.0
			for k := -3; k <= 3; k++ {
				line = min(line, at(t, float64(k)*0.01))
			}
			side := (at(t, -0.12) + at(t, 0.12)) / 2
			if side-line >= 6 {
				n++
			}
		}
		return float64(n) / steps
	}
	lines, off := 0.0, 0.0
	for i := 0; i <= 9; i++ {
		for _, horizontal := range []bool{true, false} {
			lines += min(1, present(float64(i), horizontal)/0.6)
			if i < 9 {
				off += present(float64(i)+0.5, horizontal)
			}
		}
	}
	return lines/20 - 0.5*off/18
}

// minGridScore is the score under which a quadrilateral is not taken for a
// grid, and minRescuedScore the score an outline under it must reach once
// put right by [refineOutline].
const (
	minGridScore    = 0.45
	minRescuedScore = 0.7
)

// findGrid finds the outline of the grid in r: the largest square-ish
// quadrilateral around one region of ink with the lines of a 9×9 grid. It
// returns false when there is none.
func findGrid(r *raster, ink []bool) (Quad, float64, bool) {
	solid := dropBlobs(ink, r.w, r.h)
	labels, comps := components(solid, r.w, r.h)
	short := min(r.w, r.h)
	var cands []component
	for _, c := range comps {
		bw, bh := c.maxX-c.minX+1, c.maxY-c.minY+1
		if bw < short/6 || bh < short/6 || bw > 4*bh || bh > 4*bw {
			continue
		}
		cands = append(cands, c)
	}
	slices.SortFunc(cands, func(a, b component) int {
		return (b.maxX-b.minX)*(b.maxY-b.minY) - (a.maxX-a.minX)*(a.maxY-a.minY)
	})
	if len(cands) > 8 {
		cands = cands[:8]
	}
	var best Quad
	bestScore, found := 0.0, false
	bestArea, bestRescued, bestFaint := 0.0, false, false
	for _, c := range cands {
		q := largestQuad(hull(labels, solid, r.w, c))
		if !convexClockwise(q) || squareness(q) < minSquareness {
			continue
		}
		hm, ok := quadHomography(q)
		if !ok {
			continue
		}
		s := gridScore(ink, r.w, r.h, hm)
		faint, rescued := false, false
		if s < minGridScore {
			if f := faintGridScore(r, hm); f >= minGridScore {
				s, faint = f, true
			}
		}
		if s < minGridScore {
			// An outline off at a corner or a side may be put right by
			// the lines within it, when they are clearly a grid's.
			if q2 := refineOutline(ink, r.w, r.h, q, true); q2 != q {
				hm2, _ := quadHomography(q2)
				if s2 := gridScore(ink, r.w, r.h, hm2); s2 >= minRescuedScore {
					q, s, rescued = q2, s2, true
				}
			}
		}
		if s < minGridScore {
			continue
		}
		a := quadArea(q)
		// The largest grid wins; a smaller one only with a clearly better
		// score. An outline put right wins by its score alone.
		var wins bool
		switch {
		case !found:
			wins = true
		case rescued:
			wins = s > bestScore+0.05
		case bestRescued:
			wins = s > bestScore-0.05
		default:
			wins = a > bestArea && s > bestScore-0.15 || s > bestScore+0.15
		}
		if wins {
			best, bestScore, bestArea, bestRescued, bestFaint, found = q, s, a, rescued, faint, true
		}
	}
	if found && !bestFaint {
		// (A grid found by its faint lines has too few of them in the
		// ink to be put right by them.)
		best = refineOutline(ink, r.w, r.h, best, bestRescued)
	}
	return best, bestScore, found
}

// minSquareness is the [squareness] under which a quadrilateral is not
// taken for a grid: a square seen even at a steep angle keeps more.
const minSquareness = 0.45

// minRefineGain is the share of the grid's lines [refineOutline] must
// find inked beyond those of the outline it starts from, and
// maxRefineLoss how much of its [gridScore] the outline may lose for it.
const (
	minRefineGain = 0.03
	maxRefineLoss = 0.02
)

// refineOutline moves the corners of q0, one at a time, while more of the
// grid's lines lie on ink ([gridLines]), by steps from half a cell down to
// a pixel, and returns that outline when it has gained [minRefineGain] of
// the lines inked without losing more than [maxRefineLoss] of its score,
// else q0. The ink's outline misses a corner that the light or the page's
// fold has faded, and takes the last line of ink for a side that the
// picture's edge cuts off; the grid's lines within tell where the corners
// are. A corner may leave the picture by up to a cell. Ink between the
// lines does not count here: digits written in would push the lines off
// the cells.
//
// Thorough, for an outline not taken for a grid as it was, also moves a
// side's two corners together and follows the samples along the lines
// inked where the lines inked are level; on an outline taken for a grid
// that drifts onto digits and text, so its corners move alone, on the
// lines inked only.
func refineOutline(ink []bool, w, h int, q0 Quad, thorough bool) Quad {
	side := math.Sqrt(quadArea(q0))
	margin := side / 9
	// eval is the lines inked and, below a thousandth, the samples along
	// them (when thorough); and the lines inked.
	eval := func(q Quad) (float64, float64) {
		for _, p := range q {
			if p.X < -margin || p.Y < -margin || p.X > float64(w)+margin || p.Y > float64(h)+margin {
				return -1, -1
			}
		}
		if !convexClockwise(q) || squareness(q) < minSquareness {
			return -1, -1
		}
		hm, ok := quadHomography(q)
		if !ok {
			return -1, -1
		}
		lines, along, _ := gridLines(ink, w, h, hm)
		if !thorough {
			along = 0
		}
		return lines + along/1000, lines
	}
	q := q0
	score, start := eval(q)
	if start >= 1-minRefineGain {
		return q0
	}
	lines := start
	moves := [4]Point{{1, 0}, {-1, 0}, {0, 1}, {0, -1}}
	// Each corner alone, then (when thorough) each side's two corners together.
	groups := [][]int{{0}, {1}, {2}, {3}, {0, 1}, {1, 2}, {2, 3}, {3, 0}}
	if !thorough {
		groups = groups[:4]
	}
	for step := side / 18; step >= 1; step /= 2 {
		for range 8 { // rounds at one step, while a corner moves
			moved := false
			for _, g := range groups {
				for _, m := range moves {
					t := q
					for _, c := range g {
						t[c].X += m.X * step
						t[c].Y += m.Y * step
					}
					if s, l := eval(t); s > score+1e-9 {
						q, score, lines, moved = t, s, l, true
					}
				}
			}
			if !moved {
				break
			}
		}
	}
	if lines < start+minRefineGain {
		return q0
	}
	h0, _ := quadHomography(q0)
	h1, _ := quadHomography(q)
	if gridScore(ink, w, h, h1) < gridScore(ink, w, h, h0)-maxRefineLoss {
		return q0
	}
	return q
}
