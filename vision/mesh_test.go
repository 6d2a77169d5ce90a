package vision

import (
	"math"
	"testing"
)

// bentGrid draws a 9×9 grid of dark lines on a light w×w raster whose
// lines down bow by bow pixels at mid-height (a curved page), with a
// digit-like stroke beside some lines, and returns where line col down
// crosses line row across.
func bentGrid(w int, bow float64) (*raster, func(row, col int) Point) {
	r := &raster{w: w, h: w, gray: make([]uint8, w*w), rgb: make([]uint8, 3*w*w)}
	for i := range r.gray {
		r.gray[i] = 210
	}
	margin, cell := 40.0, float64(w-80)/9
	at := func(row, col int, y float64) Point {
		t := (y - margin) / (9 * cell) // 0 at the top, 1 at the bottom
		return Point{margin + float64(col)*cell + bow*4*t*(1-t), margin + float64(row)*cell}
	}
	ink := func(x, y int) {
		if x >= 0 && y >= 0 && x < w && y < w {
			r.gray[y*w+x] = 30
		}
	}
	for i := 0; i <= 9; i++ {
		for s := int(margin); s <= int(margin+9*cell); s++ {
			p := at(0, i, float64(s))
			ink(int(math.Round(p.X)), s)
			ink(int(math.Round(p.X))+1, s)
			ink(s, int(margin+float64(i)*cell))
			ink(s, int(margin+float64(i)*cell)+1)
		}
	}
	// A short stroke near line 4 down in the first row: not a line.
	for y := int(margin + 0.3*cell); y < int(margin+0.6*cell); y++ {
		ink(int(margin+4.15*cell), y)
		ink(int(margin+4.15*cell)+1, y)
	}
	return r, func(row, col int) Point {
		return at(row, col, margin+float64(row)*cell)
	}
}

func TestRefineGridFollowsBentLines(t *testing.T) {
	r, truth := bentGrid(440, 12)
	// The outline at the straight corners, as the finder gives it.
	q := Quad{truth(0, 0), truth(0, 9), truth(9, 9), truth(9, 0)}
	hm, ok := quadHomography(q)
	if !ok {
		t.Fatal("degenerate outline")
	}
	m := refineGrid(r, hm)
	worstStraight, worstMesh := 0.0, 0.0
	for row := range 10 {
		for col := range 10 {
			want := truth(row, col)
			x, y := hm.apply(float64(col), float64(row))
			worstStraight = max(worstStraight, math.Hypot(x-want.X, y-want.Y))
			got := m.pts[row][col]
			worstMesh = max(worstMesh, math.Hypot(got.X-want.X, got.Y-want.Y))
		}
	}
	if worstStraight < 10 {
		t.Fatalf("the straight outline is off by %.1f px only: the test does not bend the grid", worstStraight)
	}
	if worstMesh > 2 {
		t.Errorf("mesh crossings off by up to %.1f px (straight outline: %.1f px), want at most 2", worstMesh, worstStraight)
	}
}

// TestRefineGridKeepsOutlineWithoutLines: with no lines to follow, or too
// few (three lines down give 27 points, under the fit's 30), the cells are cut
// by the outline alone, even where the few lines found stand off it.
func TestRefineGridKeepsOutlineWithoutLines(t *testing.T) {
	page := func(linesAt ...float64) *raster {
		r := &raster{w: 200, h: 200, gray: make([]uint8, 200*200), rgb: make([]uint8, 3*200*200)}
		for i := range r.gray {
			r.gray[i] = 200
		}
		for _, x := range linesAt {
			for y := 10; y <= 190; y++ {
				r.gray[y*200+int(x)] = 30
				r.gray[y*200+int(x)+1] = 30
			}
		}
		return r
	}
	hm, ok := quadHomography(Quad{{10, 10}, {190, 10}, {190, 190}, {10, 190}})
	if !ok {
		t.Fatal("degenerate outline")
	}
	// Lines 2, 5 and 8 down, a fifth of a cell (4 px) right of the outline's.
	for name, r := range map[string]*raster{"blank": page(), "three lines": page(10+2.2*20, 10+5.2*20, 10+8.2*20)} {
		m := refineGrid(r, hm)
		for row := range 10 {
			for col := range 10 {
				x, y := hm.apply(float64(col), float64(row))
				if p := m.pts[row][col]; math.Hypot(p.X-x, p.Y-y) > 1e-9 {
					t.Fatalf("%s: crossing %d,%d moved to %v from %.1f,%.1f", name, row, col, p, x, y)
				}
			}
		}
	}
}

// TestFindGridRefinesOutline: a grid whose top left corner has faded from
// the page (its lines there gone: its outline was not taken for a grid),
// and one whose top side the picture's edge cuts off half a cell above
// the ink's outline, are outlined near their corners, from the lines
// within (within a fifth of a cell, and for the grid found, whose corners
// move gently, 0.3 of a cell, which the mesh of its lines then follows).
func TestFindGridRefinesOutline(t *testing.T) {
	for _, tc := range []struct {
		name string
		gone func(x, y, margin, cell float64) bool
		crop int     // rows cut off the top of the picture
		near float64 // how near the corners must be, in cells
	}{
		{"faded corner", func(x, y, margin, cell float64) bool { return x-margin+y-margin < 2.2*cell }, 0, 0.2},
		{"top side cut off", func(x, y, margin, cell float64) bool { return false }, 60, 0.3},
	} {
		r, truth := bentGrid(440, 0)
		margin, cell := 40.0, float64(440-80)/9
		for y := range r.h {
			for x := range r.w {
				if tc.gone(float64(x), float64(y), margin, cell) {
					r.gray[y*r.w+x] = 210
				}
			}
		}
		if tc.crop > 0 {
			r.gray = r.gray[tc.crop*r.w:]
			r.rgb = r.rgb[3*tc.crop*r.w:]
			r.h -= tc.crop
		}
		q, _, ok := findGrid(r, threshold(r))
		if !ok {
			t.Errorf("%s: no grid found", tc.name)
			continue
		}
		for i, rc := range [4][2]int{{0, 0}, {0, 9}, {9, 9}, {9, 0}} {
			want := truth(rc[0], rc[1])
			want.Y -= float64(tc.crop)
			if d := math.Hypot(q[i].X-want.X, q[i].Y-want.Y); d > tc.near*cell {
				t.Errorf("%s: corner %d at %.1f,%.1f, want %.1f,%.1f (off by %.1f px, a cell is %.0f)",
					tc.name, i, q[i].X, q[i].Y, want.X, want.Y, d, cell)
			}
		}
	}
}
