package picture_test

import (
	"bytes"
	"errors"
	"fmt"
	"image"
	"image/color"
	"io"
	"math"
	"reflect"
	"sync"
	"testing"

	"github.com/sudokubot/sudokubot/internal/testgrids"
	"github.com/sudokubot/sudokubot/picture"
	"github.com/sudokubot/sudokubot/sudoku"
)

// hintBoard is a 9×9 board with every kind of cell: the givens of a real
// puzzle, a row filled in, a digit that clashes with a given, pencil marks,
// a shaded row, a box and a column tinted, struck candidates and a placed
// digit. want says what each special cell should show.
type hintBoard struct {
	b                   picture.Board
	clash, filledCell   sudoku.Cell
	placedCell          sudoku.Cell
	struck              picture.Candidate
	pencilCell          sudoku.Cell
	pencilSet           uint32
	emptyShaded, givenC sudoku.Cell
	// Cells of the units (box 7, column 2) outside the pattern (row 9) and
	// the conflicts (r1c2): an empty one in each unit and a given.
	unitEmptyBox, unitEmptyCol, unitGiven sudoku.Cell
}

func newHintBoard(t testing.TB) hintBoard {
	puzzle := readPuzzle(t, "top95-1.txt")
	sol := solve(t, puzzle)
	g := puzzle
	for c := 0; c < 9; c++ { // row 2 filled in
		g.Set(1, c, sol.Get(1, c))
	}
	// r1c1 holds the given 4; a 4 at r1c2 clashes with it.
	if g.Get(0, 0) != 4 || g.Get(0, 1) != 0 {
		t.Fatalf("top95-1 changed: %v", g)
	}
	g.Set(0, 1, 4)
	h := hintBoard{clash: sudoku.Cell{Row: 0, Col: 1}, filledCell: sudoku.Cell{Row: 1, Col: 3}, givenC: sudoku.Cell{Row: 0, Col: 6}}
	h.b = picture.Board{Grid: g, Givens: puzzle, Conflicts: sudoku.Validate(g), Candidates: candidates(g)}
	// Row 9 is the hint's pattern; its first empty cell gets its digit
	// placed, the next one loses a candidate, the one after keeps its
	// pencil marks.
	var empties []sudoku.Cell
	for c := 0; c < 9; c++ {
		h.b.Pattern = append(h.b.Pattern, sudoku.Cell{Row: 8, Col: c})
		if g.Get(8, c) == 0 {
			empties = append(empties, sudoku.Cell{Row: 8, Col: c})
		}
	}
	if len(empties) < 4 {
		t.Fatalf("row 9 of top95-1 has %d empty cells", len(empties))
	}
	h.placedCell = empties[0]
	h.b.Placements = []picture.Candidate{{Cell: h.placedCell, Digit: sol.Get(h.placedCell.Row, h.placedCell.Col)}}
	e := empties[1]
	set := h.b.Candidates[e.Row*9+e.Col]
	for d := 1; d <= 9; d++ {
		if set&(1<<(d-1)) != 0 && d != sol.Get(e.Row, e.Col) {
			h.struck = picture.Candidate{Cell: e, Digit: d}
			break
		}
	}
	h.b.Eliminations = []picture.Candidate{h.struck}
	h.emptyShaded = empties[2]
	// Box 7 and column 2 are the units the hint is about: they cross row 9
	// (the pattern wins there) and column 2 the clash at r1c2 (the conflict
	// wins).
	h.b.Units = []sudoku.Unit{{Kind: sudoku.Box, Number: 7}, {Kind: sudoku.Column, Number: 2}}
	h.unitEmptyBox, h.unitEmptyCol, h.unitGiven = sudoku.Cell{Row: 6, Col: 0}, sudoku.Cell{Row: 4, Col: 1}, sudoku.Cell{Row: 7, Col: 0}
	if g.Get(6, 0) != 0 || g.Get(4, 1) != 0 || g.Get(7, 0) != 5 || g.Get(8, 1) != 0 {
		t.Fatal("top95-1 changed: r7c1, r5c2 and r9c2 should be empty, r8c1 a 5")
	}
	// An unshaded empty cell keeps plain pencil marks.
	h.pencilCell = sudoku.Cell{Row: 2, Col: 0}
	h.pencilSet = h.b.Candidates[2*9]
	if g.Get(2, 0) != 0 || h.pencilSet == 0 {
		t.Fatal("r3c1 of top95-1 is not an open cell")
	}
	return h
}

// TestCells reads the picture back: every cell's background, and which inks
// it holds, in both themes.
func TestCells(t *testing.T) {
	h := newHintBoard(t)
	for _, theme := range picture.Themes {
		t.Run(theme.String(), func(t *testing.T) {
			pal := theme.Palette()
			_, img := encode(t, h.b, picture.Options{Theme: theme, Size: 720})
			rects := cells(t, img, pal, 9)
			inks := map[string]color.RGBA{"given": pal.Given, "filled": pal.Filled, "clash": pal.Clash, "pencil": pal.Pencil, "eliminated": pal.Eliminated, "struck": pal.Struck, "placed": pal.Placed}
			check := func(cell sudoku.Cell, bg color.RGBA, has ...string) {
				t.Helper()
				r := rects[cell.Row*9+cell.Col]
				if got := rgba(img.At(r.Min.X+1, r.Min.Y+1)); got != bg {
					t.Errorf("%v: background %v, want %v", cell, got, bg)
				}
				for name, ink := range inks {
					want := false
					for _, h := range has {
						want = want || h == name
					}
					if k := count(img, r, ink); want && k < 5 || !want && k > 0 {
						t.Errorf("%v: %d pixels of %s ink (want %v)", cell, k, name, want)
					}
				}
			}
			check(h.givenC, pal.Background, "given")
			check(h.filledCell, pal.Background, "filled")
			check(h.clash, pal.Conflict, "clash")
			check(sudoku.Cell{Row: 0, Col: 0}, pal.Conflict, "clash") // the given it clashes with
			check(h.placedCell, pal.Pattern, "placed")
			check(h.struck.Cell, pal.Pattern, "pencil", "eliminated", "struck")
			check(h.emptyShaded, pal.Pattern, "pencil")
			check(h.pencilCell, pal.Background, "pencil")
			check(h.unitEmptyBox, pal.Unit, "pencil")
			check(h.unitEmptyCol, pal.Unit, "pencil")
			check(h.unitGiven, pal.Unit, "given")
			check(sudoku.Cell{Row: 6, Col: 3}, pal.Background, "given") // r7c4: beside box 7, outside both units

			// The circle: placed ink at the middle of the cell's left edge,
			// where no digit reaches.
			r := rects[h.placedCell.Row*9+h.placedCell.Col]
			if count(img, part(r, 0.02, 0.4, 0.2, 0.6), pal.Placed) == 0 {
				t.Errorf("%v: no circle at the left edge", h.placedCell)
			}
			// Pencil marks in their places: digit d in part d of a 3×3 split.
			pencilAt := func(cell sudoku.Cell, ink color.RGBA) uint32 {
				r := rects[cell.Row*9+cell.Col]
				var set uint32
				for d := 1; d <= 9; d++ {
					k, j := float64((d-1)%3), float64((d-1)/3)
					if count(img, part(r, (k+0.25)/3, (j+0.25)/3, (k+0.75)/3, (j+0.75)/3), ink) > 0 {
						set |= 1 << (d - 1)
					}
				}
				return set
			}
			if got := pencilAt(h.pencilCell, pal.Pencil); got != h.pencilSet {
				t.Errorf("%v: pencil marks %09b, want %09b", h.pencilCell, got, h.pencilSet)
			}
			s := h.struck
			if got, want := pencilAt(s.Cell, pal.Eliminated), uint32(1)<<(s.Digit-1); got != want {
				t.Errorf("%v: struck marks %09b, want %09b", s.Cell, got, want)
			}
			// The stroke reaches the lower left of the candidate's place,
			// where the digit does not.
			k, j := float64((s.Digit-1)%3), float64((s.Digit-1)/3)
			if count(img, part(rects[s.Cell.Row*9+s.Cell.Col], (k+0.1)/3, (j+0.7)/3, (k+0.3)/3, (j+0.92)/3), pal.Eliminated) == 0 {
				t.Errorf("%v: no stroke through %d", s.Cell, s.Digit)
			}
		})
	}
}

// TestEveryShape draws a solved board of each shape, each digit a given or
// filled in, and checks the ink of every cell.
func TestEveryShape(t *testing.T) {
	for _, sh := range sudoku.Shapes {
		t.Run(fmt.Sprintf("%dx%d", sh.Size(), sh.Size()), func(t *testing.T) {
			sol := testgrids.Pattern(t, sh)
			puzzle := testgrids.Thinned(sol, 3)
			pal := picture.Dark.Palette()
			_, img := encode(t, picture.Board{Grid: sol, Givens: puzzle}, picture.Options{})
			n := sh.Size()
			rects := cells(t, img, pal, n)
			// Lines: thick around the grid and between boxes, thin and
			// narrower between the cells of a box.
			width := func(x, y, dx, dy int) (int, color.RGBA) {
				c := rgba(img.At(x, y))
				k := 0
				for rgba(img.At(x+k*dx, y+k*dy)) == c {
					k++
				}
				return k, c
			}
			var thick, thin int
			for k := 0; k <= n; k++ {
				want := pal.ThinLine
				if k%sh.BoxCols == 0 {
					want = pal.ThickLine
				}
				r := rects[min(k, n-1)]
				x := r.Max.X
				if k < n {
					x = r.Min.X - 1
				}
				wv, cv := width(x, r.Min.Y+1, -1+2*min(1, k/n), 0)
				want2 := pal.ThinLine
				if k%sh.BoxRows == 0 {
					want2 = pal.ThickLine
				}
				r2 := rects[min(k, n-1)*n]
				y := r2.Max.Y
				if k < n {
					y = r2.Min.Y - 1
				}
				wh, ch := width(r2.Min.X+1, y, 0, -1+2*min(1, k/n))
				if cv != want || ch != want2 {
					t.Errorf("line %d: %v across, %v down; want %v, %v", k, cv, ch, want, want2)
				}
				if want == pal.ThickLine {
					thick = wv
				} else {
					thin = wv
				}
				if want2 == pal.ThickLine {
					thick = wh
				} else {
					thin = wh
				}
			}
			if thin >= thick {
				t.Errorf("thin lines of %d pixels, thick ones of %d", thin, thick)
			}
			for i, r := range rects {
				want, other := pal.Filled, pal.Given
				if puzzle.At(i) != 0 {
					want, other = other, want
				}
				if count(img, r, want) < 3 || count(img, r, other) > 0 {
					t.Errorf("cell %d: %d pixels of its ink, %d of the other", i, count(img, r, want), count(img, r, other))
				}
			}
		})
	}
}

// TestUnits tints a row, a column and a box of every shape, one at a time
// and with a pattern cell inside, and reads every cell's background back:
// the unit's cells are tinted, the pattern cell shaded, the rest plain.
// Boxes are numbered left to right, then top to bottom, on grids with
// boxes wider than tall (6×6, 8×8, 12×12) too.
func TestUnits(t *testing.T) {
	for _, sh := range sudoku.Shapes {
		n := sh.Size()
		g, err := sudoku.New(sh)
		if err != nil {
			t.Fatal(err)
		}
		across := n / sh.BoxCols
		last := n // the last box, bottom right
		in := map[sudoku.UnitKind]func(k int, c sudoku.Cell) bool{
			sudoku.Row:    func(k int, c sudoku.Cell) bool { return c.Row == k-1 },
			sudoku.Column: func(k int, c sudoku.Cell) bool { return c.Col == k-1 },
			sudoku.Box: func(k int, c sudoku.Cell) bool {
				return c.Row/sh.BoxRows == (k-1)/across && c.Col/sh.BoxCols == (k-1)%across
			},
		}
		for _, u := range []sudoku.Unit{{Kind: sudoku.Row, Number: 2}, {Kind: sudoku.Column, Number: n}, {Kind: sudoku.Box, Number: 2}, {Kind: sudoku.Box, Number: last}} {
			for _, th := range picture.Themes {
				t.Run(fmt.Sprintf("%dx%d/%v/%v", n, n, u, th), func(t *testing.T) {
					pal := th.Palette()
					// The pattern: one cell inside the unit (its last) and
					// one outside (r1c1 is in none of these units).
					var inside sudoku.Cell
					for i := n*n - 1; i >= 0; i-- {
						if c := (sudoku.Cell{Row: i / n, Col: i % n}); in[u.Kind](u.Number, c) {
							inside = c
							break
						}
					}
					outside := sudoku.Cell{}
					b := picture.Board{Grid: g, Units: []sudoku.Unit{u}, Pattern: []sudoku.Cell{inside, outside}}
					_, img := encode(t, b, picture.Options{Theme: th})
					rects := cells(t, img, pal, n)
					tinted := 0
					for i, r := range rects {
						c := sudoku.Cell{Row: i / n, Col: i % n}
						want := pal.Background
						switch {
						case c == inside || c == outside:
							want = pal.Pattern
						case in[u.Kind](u.Number, c):
							want, tinted = pal.Unit, tinted+1
						}
						if got := rgba(img.At(r.Min.X+r.Dx()/2, r.Min.Y+r.Dy()/2)); got != want {
							t.Errorf("%v: %v, want %v", c, got, want)
						}
					}
					if tinted != n-1 {
						t.Errorf("%d cells tinted, want %d", tinted, n-1)
					}
				})
			}
		}
	}
}

func TestDimensions(t *testing.T) {
	for _, sh := range sudoku.Shapes {
		n := sh.Size()
		g := testgrids.Pattern(t, sh)
		for _, coords := range []bool{false, true} {
			for _, size := range []int{0, 400, picture.MinSize(sh, coords), 1000, 1333} {
				opt := picture.Options{Size: size, Coordinates: coords}
				name := fmt.Sprintf("%dx%d/size=%d/coords=%v", n, n, size, coords)
				img, err := picture.Draw(picture.Board{Grid: g}, opt)
				if err != nil {
					if size < picture.MinSize(sh, coords) && errors.Is(err, picture.ErrSize) {
						continue
					}
					t.Errorf("%s: %v", name, err)
					continue
				}
				if size == 0 {
					size = picture.DefaultSize(sh)
				}
				if w, h := img.Bounds().Dx(), img.Bounds().Dy(); w != size || h != size {
					t.Errorf("%s: %d×%d", name, w, h)
				}
				// Cells as large as fit: one pixel more per cell would not.
				rects := cells(t, img, picture.Dark.Palette(), n)
				if cell := rects[0].Dx(); n*cell < size*6/10 {
					t.Errorf("%s: cells of %d pixels", name, cell)
				}
				_, dec := encode(t, picture.Board{Grid: g}, opt)
				if dec.Bounds() != img.Bounds() {
					t.Errorf("%s: PNG is %v, Draw's image %v", name, dec.Bounds(), img.Bounds())
				}
				if len(img.Palette) > 256 {
					t.Errorf("%s: %d colours", name, len(img.Palette))
				}
			}
		}
	}
}

// TestDrawMatchesEncode: the pooled path paints the same pixels as Draw.
func TestDrawMatchesEncode(t *testing.T) {
	h := newHintBoard(t)
	opt := picture.Options{Theme: picture.Light, Coordinates: true}
	img, err := picture.Draw(h.b, opt)
	if err != nil {
		t.Fatal(err)
	}
	_, dec := encode(t, h.b, opt)
	b := img.Bounds()
	for y := b.Min.Y; y < b.Max.Y; y++ {
		for x := b.Min.X; x < b.Max.X; x++ {
			if rgba(img.At(x, y)) != rgba(dec.At(x, y)) {
				t.Fatalf("(%d, %d): Draw %v, Encode %v", x, y, img.At(x, y), dec.At(x, y))
			}
		}
	}
}

func TestErrors(t *testing.T) {
	g := readPuzzle(t, "top95-1.txt") // r1c1 holds 4, r1c2 is empty
	small := testgrids.Pattern(t, sudoku.Shape{BoxRows: 2, BoxCols: 2})
	clashing := g
	clashing.Set(0, 1, 4)
	cell := func(r, c int) sudoku.Cell { return sudoku.Cell{Row: r, Col: c} }
	for _, tc := range []struct {
		name string
		b    picture.Board
		opt  picture.Options
		want error
	}{
		{"no grid", picture.Board{}, picture.Options{}, picture.ErrBoard},
		{"givens of another shape", picture.Board{Grid: g, Givens: small}, picture.Options{}, picture.ErrBoard},
		{"given missing from the grid", picture.Board{Grid: small, Givens: func() sudoku.Grid { s := small; s.Set(0, 0, 2); return s }()}, picture.Options{}, picture.ErrBoard},
		{"too few candidate sets", picture.Board{Grid: g, Candidates: make([]uint32, 80)}, picture.Options{}, picture.ErrBoard},
		{"candidate above the size", picture.Board{Grid: g, Candidates: append(make([]uint32, 80), 1<<9)}, picture.Options{}, picture.ErrBoard},
		{"conflict on another digit", picture.Board{Grid: clashing, Conflicts: []sudoku.Conflict{{Digit: 5, Cells: []sudoku.Cell{cell(0, 0), cell(0, 1)}}}}, picture.Options{}, picture.ErrBoard},
		{"conflict outside", picture.Board{Grid: clashing, Conflicts: []sudoku.Conflict{{Digit: 4, Cells: []sudoku.Cell{cell(0, 0), cell(0, 9)}}}}, picture.Options{}, picture.ErrBoard},
		{"pattern outside", picture.Board{Grid: g, Pattern: []sudoku.Cell{cell(-1, 0)}}, picture.Options{}, picture.ErrBoard},
		{"box outside", picture.Board{Grid: g, Units: []sudoku.Unit{{Kind: sudoku.Box, Number: 10}}}, picture.Options{}, picture.ErrBoard},
		{"row 0", picture.Board{Grid: g, Units: []sudoku.Unit{{Kind: sudoku.Row, Number: 0}}}, picture.Options{}, picture.ErrBoard},
		{"column outside a 4×4", picture.Board{Grid: small, Units: []sudoku.Unit{{Kind: sudoku.Column, Number: 5}}}, picture.Options{}, picture.ErrBoard},
		{"unknown unit kind", picture.Board{Grid: g, Units: []sudoku.Unit{{Kind: 3, Number: 1}}}, picture.Options{}, picture.ErrBoard},
		{"elimination in a filled cell", picture.Board{Grid: g, Eliminations: []picture.Candidate{{Cell: cell(0, 0), Digit: 3}}}, picture.Options{}, picture.ErrBoard},
		{"elimination of digit 0", picture.Board{Grid: g, Eliminations: []picture.Candidate{{Cell: cell(0, 1), Digit: 0}}}, picture.Options{}, picture.ErrBoard},
		{"placement over another digit", picture.Board{Grid: g, Placements: []picture.Candidate{{Cell: cell(0, 0), Digit: 3}}}, picture.Options{}, picture.ErrBoard},
		{"two placements in a cell", picture.Board{Grid: g, Placements: []picture.Candidate{{Cell: cell(0, 1), Digit: 3}, {Cell: cell(0, 1), Digit: 2}}}, picture.Options{}, picture.ErrBoard},
		{"elimination where a digit is placed", picture.Board{Grid: g, Placements: []picture.Candidate{{Cell: cell(0, 1), Digit: 3}}, Eliminations: []picture.Candidate{{Cell: cell(0, 1), Digit: 2}}}, picture.Options{}, picture.ErrBoard},
		{"size too small", picture.Board{Grid: g}, picture.Options{Size: 100}, picture.ErrSize},
		{"size too large", picture.Board{Grid: g}, picture.Options{Size: picture.MaxSize + 1}, picture.ErrSize},
		{"negative size", picture.Board{Grid: g}, picture.Options{Size: -1}, picture.ErrSize},
		{"unknown theme", picture.Board{Grid: g}, picture.Options{Theme: 7}, picture.ErrTheme},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := picture.Draw(tc.b, tc.opt)
			if !errors.Is(err, tc.want) {
				t.Errorf("Draw: %v, want %v", err, tc.want)
			}
			var buf bytes.Buffer
			if err := picture.Encode(&buf, tc.b, tc.opt); !errors.Is(err, tc.want) || buf.Len() != 0 {
				t.Errorf("Encode: %v and %d bytes, want %v and none", err, buf.Len(), tc.want)
			}
		})
	}
}

type failingWriter struct{}

var errDiskFull = errors.New("disk full")

func (failingWriter) Write([]byte) (int, error) { return 0, errDiskFull }

func TestEncodeWriteError(t *testing.T) {
	err := picture.Encode(failingWriter{}, picture.Board{Grid: readPuzzle(t, "top95-1.txt")}, picture.Options{})
	if !errors.Is(err, errDiskFull) {
		t.Errorf("Encode to a failing writer: %v", err)
	}
}

func TestParseTheme(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want picture.Theme
		err  error
	}{
		{"dark", picture.Dark, nil}, {" Light ", picture.Light, nil}, {"DARK", picture.Dark, nil},
		{"", 0, picture.ErrTheme}, {"sepia", 0, picture.ErrTheme},
	} {
		got, err := picture.ParseTheme(tc.in)
		if got != tc.want || !errors.Is(err, tc.err) {
			t.Errorf("ParseTheme(%q) = %v, %v; want %v, %v", tc.in, got, err, tc.want, tc.err)
		}
	}
	for _, th := range picture.Themes {
		if got, err := picture.ParseTheme(th.String()); got != th || err != nil {
			t.Errorf("ParseTheme(%q) = %v, %v", th, got, err)
		}
	}
}

// TestConcurrent encodes many boards of every shape and both themes at once
// (run it with -race) and checks that each PNG is the one drawn alone.
func TestConcurrent(t *testing.T) {
	type job struct {
		b   picture.Board
		opt picture.Options
	}
	h := newHintBoard(t)
	jobs := []job{{h.b, picture.Options{}}, {h.b, picture.Options{Theme: picture.Light, Coordinates: true, Size: 400}}}
	for _, sh := range sudoku.Shapes {
		sol := testgrids.Pattern(t, sh)
		jobs = append(jobs, job{picture.Board{Grid: sol, Givens: testgrids.Thinned(sol, 4)}, picture.Options{Theme: picture.Themes[sh.Size()%2]}})
	}
	want := make([][]byte, len(jobs))
	for i, j := range jobs {
		want[i], _ = encode(t, j.b, j.opt)
	}
	var wg sync.WaitGroup
	errs := make(chan error, 8*len(jobs))
	for w := 0; w < 8; w++ {
		wg.Go(func() {
			for k := range jobs {
				i := (k + w) % len(jobs)
				var buf bytes.Buffer
				if err := picture.Encode(&buf, jobs[i].b, jobs[i].opt); err != nil {
					errs <- err
					continue
				}
				if !bytes.Equal(buf.Bytes(), want[i]) {
					errs <- fmt.Errorf("job %d: a different PNG when drawn alongside others", i)
				}
			}
		})
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Error(err)
	}
}

// TestSizeGoal: a 9×9 board at the default size fits in 30 KB, with pencil
// marks and all.
func TestSizeGoal(t *testing.T) {
	h := newHintBoard(t)
	sol := solve(t, h.b.Givens)
	for name, b := range map[string]picture.Board{"hint": h.b, "solved": {Grid: sol, Givens: h.b.Givens}} {
		for _, th := range picture.Themes {
			data, _ := encode(t, b, picture.Options{Theme: th})
			if len(data) > 30<<10 {
				t.Errorf("%s, %v: %d bytes", name, th, len(data))
			}
		}
	}
}

var _ io.Writer = failingWriter{}
var _ image.Image = (*image.Paletted)(nil)

// TestPalettes: every colour of every theme is opaque, and every ink stands
// out from every background it is drawn on.
func TestPalettes(t *testing.T) {
	for _, th := range picture.Themes {
		p := th.Palette()
		v := reflect.ValueOf(p)
		for i := 0; i < v.NumField(); i++ {
			if c := v.Field(i).Interface().(color.RGBA); c.A != 0xff {
				t.Errorf("%v: %s is %v, not opaque", th, v.Type().Field(i).Name, c)
			}
		}
		bgs := []color.RGBA{p.Background, p.Conflict, p.Pattern, p.Unit}
		for _, ink := range []color.RGBA{p.Given, p.Filled, p.Clash, p.Pencil, p.Eliminated, p.Placed} {
			for _, bg := range bgs {
				if contrast(ink, bg) < 2.5 {
					t.Errorf("%v: ink %v on %v has a contrast of %.2f", th, ink, bg, contrast(ink, bg))
				}
			}
		}
		// A unit's tint is a lighter shade than the pattern's: between the
		// background and the pattern, and told apart from both.
		if l := luminance(p.Unit); l <= min(luminance(p.Background), luminance(p.Pattern)) || l >= max(luminance(p.Background), luminance(p.Pattern)) {
			t.Errorf("%v: unit tint %v is not between the background %v and the pattern %v", th, p.Unit, p.Background, p.Pattern)
		}
		if c1, c2 := contrast(p.Unit, p.Background), contrast(p.Unit, p.Pattern); c1 < 1.05 || c2 < 1.05 {
			t.Errorf("%v: unit tint has a contrast of %.3f with the background, %.3f with the pattern", th, c1, c2)
		}
		if contrast(p.Eliminated, p.Struck) < 2.5 {
			t.Errorf("%v: eliminated ink on its disc has a contrast of %.2f", th, contrast(p.Eliminated, p.Struck))
		}
	}
}

// contrast is the WCAG contrast ratio of two colours.
func contrast(a, b color.RGBA) float64 {
	la, lb := luminance(a), luminance(b)
	return (max(la, lb) + 0.05) / (min(la, lb) + 0.05)
}

// luminance is the WCAG relative luminance of c.
func luminance(c color.RGBA) float64 {
	ch := func(v uint8) float64 {
		s := float64(v) / 255
		if s <= 0.03928 {
			return s / 12.92
		}
		return math.Pow((s+0.055)/1.055, 2.4)
	}
	return 0.2126*ch(c.R) + 0.7152*ch(c.G) + 0.0722*ch(c.B)
}
