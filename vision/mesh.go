package vision

import (
	"math"
	"slices"
)

// gridMap maps grid coordinates (u, v), 0..9 across and down, to picture
// coordinates: a [homography] or a [mesh].
type gridMap interface {
	apply(u, v float64) (float64, float64)
}

// mesh maps the grid through the crossings of its lines as found in the
// picture, each cell by the bilinear blend of its four corners: a grid on a
// curved page, or one whose outline is off at one side, is cut along its
// own lines rather than the outline's straight ones.
type mesh struct {
	pts [10][10]Point // pts[row][col]: the crossing of line row across and line col down
}

func (m *mesh) apply(u, v float64) (float64, float64) {
	c := min(max(int(math.Floor(u)), 0), 8)
	r := min(max(int(math.Floor(v)), 0), 8)
	a, b := u-float64(c), v-float64(r)
	p00, p10, p01, p11 := m.pts[r][c], m.pts[r][c+1], m.pts[r+1][c], m.pts[r+1][c+1]
	x := (1-a)*(1-b)*p00.X + a*(1-b)*p10.X + (1-a)*b*p01.X + a*b*p11.X
	y := (1-a)*(1-b)*p00.Y + a*(1-b)*p10.Y + (1-a)*b*p01.Y + a*b*p11.Y
	return x, y
}

// Line search: each line is looked for up to lineReach of a cell either side
// of where the outline puts it, in steps of lineStep, on each of its nine
// spans between crossings.
const (
	lineReach = 0.3
	lineStep  = 0.01
	// linePull is how much darker, in grey levels, a position a whole cell
	// off the outline's must be to be taken.
	linePull = 20.0
	// lineContrast is how much darker than the median of its profile, in
	// grey levels, a span's darkest position must be to be taken for a line.
	lineContrast = 8.0
)

// refineGrid finds the grid's twenty lines near where hm puts them and
// returns the mesh of their crossings: per line and per span the offset
// where the span is darkest (a line is long, a digit's stroke short), then
// a smooth field fitted to the ninety offsets of each direction (quadratic
// along the lines and across them: a curved page, or an outline off at one
// side, moves the lines smoothly), the spans that disagree with it dropped
// (a digit's stroke taken for a line). With too few clear spans the grid
// stays as hm puts it.
func refineGrid(r *raster, hm homography) *mesh {
	var fits [2][9]float64
	for dir := range 2 {
		var pts []linePoint
		for line := range 10 {
			for span := range 9 {
				if d, ok := spanOffset(r, hm, dir, line, span); ok {
					pts = append(pts, linePoint{float64(span) + 0.5, float64(line), d})
				}
			}
		}
		fits[dir] = fitField(pts)
	}
	m := &mesh{}
	for row := range 10 {
		for col := range 10 {
			u, v := float64(col), float64(row)
			for range 3 { // the crossing of line row across and line col down
				v = float64(row) + evalField(&fits[0], u, float64(row))
				u = float64(col) + evalField(&fits[1], v, float64(col))
			}
			x, y := hm.apply(u, v)
			m.pts[row][col] = Point{x, y}
		}
	}
	return m
}

// linePoint is one span's offset d, at t along line l.
type linePoint struct{ t, l, d float64 }

// fieldBasis is the field's terms at (t, l), both scaled to -1..1.
func fieldBasis(t, l float64) [9]float64 {
	t, l = t/4.5-1, l/4.5-1
	return [9]float64{1, t, t * t, l, l * t, l * t * t, l * l, l * l * t, l * l * t * t}
}

func evalField(f *[9]float64, t, l float64) float64 {
	b := fieldBasis(t, l)
	sum := 0.0
	for i := range b {
		sum += f[i] * b[i]
	}
	return sum
}

// fitField fits the field to the offsets by least squares, dropping the
// point furthest off while it is off by more than fieldTolerance of a
// cell, down to half the points; with fewer than 30 points, or when half
// of them do not agree, there is no field (no offset).
func fitField(pts []linePoint) [9]float64 {
	const fieldTolerance = 0.06
	if len(pts) < 30 {
		return [9]float64{}
	}
	keep := slices.Clone(pts)
	for len(keep) >= len(pts)/2 {
		f, ok := leastSquares(keep)
		if !ok {
			break
		}
		worst, at := 0.0, -1
		for i, p := range keep {
			if e := math.Abs(evalField(&f, p.t, p.l) - p.d); e > worst {
				worst, at = e, i
			}
		}
		if worst <= fieldTolerance {
			return f
		}
		keep = slices.Delete(keep, at, at+1)
	}
	return [9]float64{}
}

// leastSquares solves the normal equations of the field's fit.
func leastSquares(pts []linePoint) ([9]float64, bool) {
	var a [9][10]float64
	for _, p := range pts {
		b := fieldBasis(p.t, p.l)
		for j := range 9 {
			for k := range 9 {
				a[j][k] += b[j] * b[k]
			}
			a[j][9] += b[j] * p.d
		}
	}
	for col := range 9 {
		piv := col
		for r := col + 1; r < 9; r++ {
			if math.Abs(a[r][col]) > math.Abs(a[piv][col]) {
				piv = r
			}
		}
		if math.Abs(a[piv][col]) < 1e-9 {
			return [9]float64{}, false
		}
		a[col], a[piv] = a[piv], a[col]
		for r := range 9 {
			if r != col {
				f := a[r][col] / a[col][col]
				for k := col; k < 10; k++ {
					a[r][k] -= f * a[col][k]
				}
			}
		}
	}
	var f [9]float64
	for i := range f {
		f[i] = a[i][9] / a[i][i]
	}
	return f, true
}

// spanOffset finds the offset, in cells, of one span of a line: the
// darkest position of the span's profile across the line, when it stands
// out of the profile clearly.
func spanOffset(r *raster, hm homography, dir, line, span int) (float64, bool) {
	const steps = int(2*lineReach/lineStep) + 1
	const along = 16
	var prof [steps]float64
	for s := range steps {
		d := -lineReach + float64(s)*lineStep
		var dark [along]float64
		for k := range along {
			t := float64(span) + 0.1 + 0.8*(float64(k)+0.5)/along
			var x, y float64
			if dir == 0 {
				x, y = hm.apply(t, float64(line)+d)
			} else {
				x, y = hm.apply(float64(line)+d, t)
			}
			dark[k] = 255 - r.bilinear(x, y)
		}
		// The median along the span: a line is dark along all of it, a
		// digit's stroke crossing the span only along part of it.
		slices.Sort(dark[:])
		prof[s] = (dark[along/2-1] + dark[along/2]) / 2
	}
	best, bestScore := 0, math.Inf(-1)
	for s := range prof {
		// A slight preference for the position the outline gives.
		d := -lineReach + float64(s)*lineStep
		if sc := prof[s] - linePull*math.Abs(d); sc > bestScore {
			best, bestScore = s, sc
		}
	}
	sorted := prof
	slices.Sort(sorted[:])
	if prof[best]-sorted[steps/2] < lineContrast {
		return 0, false
	}
	d := -lineReach + float64(best)*lineStep
	if best > 0 && best < steps-1 { // the peak between the samples
		a, b, c := prof[best-1], prof[best], prof[best+1]
		if den := a - 2*b + c; den < 0 {
			d += lineStep * 0.5 * (a - c) / den
		}
	}
	return d, true
}
