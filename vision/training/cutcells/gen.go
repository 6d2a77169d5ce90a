package main

import (
	"bytes"
	"fmt"
	"image"
	"image/color"
	"image/draw"
	"image/jpeg"
	"image/png"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"

	"golang.org/x/image/font"
	"golang.org/x/image/font/gofont/gobold"
	"golang.org/x/image/font/gofont/gomedium"
	"golang.org/x/image/font/gofont/goregular"
	"golang.org/x/image/font/opentype"
	"golang.org/x/image/math/fixed"

	"github.com/sudokubot/sudokubot/picture"
	"github.com/sudokubot/sudokubot/sudoku"
	"github.com/sudokubot/sudokubot/vision"
)

// solution is a random solved grid: a base pattern with its digits, rows
// within bands, bands, columns within stacks and stacks shuffled.
func solution(rng *rand.Rand) [81]int {
	perm := func(n int) []int { return rng.Perm(n) }
	digits := perm(9)
	rows := make([]int, 0, 9)
	for _, band := range perm(3) {
		for _, r := range perm(3) {
			rows = append(rows, band*3+r)
		}
	}
	cols := make([]int, 0, 9)
	for _, stack := range perm(3) {
		for _, c := range perm(3) {
			cols = append(cols, stack*3+c)
		}
	}
	var g [81]int
	for r := range 9 {
		for c := range 9 {
			rr, cc := rows[r], cols[c]
			g[r*9+c] = digits[(rr*3+rr/3+cc)%9] + 1
		}
	}
	return g
}

// scene is a board to draw: the truth of each cell.
type scene struct {
	sol    [81]int
	labels [81]int // 0 empty, 1-9, 10 marks
	kinds  [81]int
	marks  [81]uint32 // pencil marks of the cells labelled 10
}

func newScene(rng *rand.Rand) scene {
	var s scene
	s.sol = solution(rng)
	givens := 22 + rng.IntN(16)
	filled := 0
	if rng.IntN(3) > 0 {
		filled = rng.IntN(40)
	}
	markShare := 0.0
	if rng.IntN(3) == 0 {
		markShare = rng.Float64() * 0.6
	}
	order := rng.Perm(81)
	for i, c := range order {
		switch {
		case i < givens:
			s.labels[c], s.kinds[c] = s.sol[c], kindGiven
		case i < givens+filled:
			s.labels[c], s.kinds[c] = s.sol[c], kindFilled
		case rng.Float64() < markShare:
			s.labels[c] = 10
			for s.marks[c] == 0 || rng.IntN(2) == 0 {
				s.marks[c] |= 1 << rng.IntN(9)
			}
		}
	}
	return s
}

// boardPictures draws n boards with the picture package, in both themes,
// at several sizes, some shrunk as a phone's screenshot would be.
func boardPictures(n int) []photo {
	rng := rand.New(rand.NewPCG(1, 2))
	var photos []photo
	for i := range n {
		s := newScene(rng)
		var grid, givens [81]int
		cands := make([]uint32, 81)
		hasMarks := false
		for c := range 81 {
			if s.labels[c] >= 1 && s.labels[c] <= 9 {
				grid[c] = s.labels[c]
				if s.kinds[c] == kindGiven {
					givens[c] = s.labels[c]
				}
			}
			if s.labels[c] == 10 {
				cands[c], hasMarks = s.marks[c], true
			}
		}
		g, err := sudoku.FromCells(sudoku.Classic, grid[:])
		if err != nil {
			panic(err)
		}
		gv, err := sudoku.FromCells(sudoku.Classic, givens[:])
		if err != nil {
			panic(err)
		}
		b := picture.Board{Grid: g, Givens: gv}
		if hasMarks {
			b.Candidates = cands
		}
		opt := picture.Options{Theme: picture.Theme(rng.IntN(2)), Size: 300 + rng.IntN(600), Coordinates: rng.IntN(4) == 0}
		var buf bytes.Buffer
		if err := picture.Encode(&buf, b, opt); err != nil {
			panic(err)
		}
		photos = append(photos, photo{source: srcBoards, number: i, path: fmt.Sprintf("board-%d", i),
			labels: s.labels, kinds: s.kinds, heldOut: i%5 == 0, data: buf.Bytes()})
	}
	return photos
}

// faces are the typefaces of the drawn grids: the Go fonts and the system's
// DejaVu and Liberation faces, when installed.
func faces() ([]*opentype.Font, error) {
	var fonts []*opentype.Font
	for _, ttf := range [][]byte{goregular.TTF, gobold.TTF, gomedium.TTF} {
		f, err := opentype.Parse(ttf)
		if err != nil {
			return nil, err
		}
		fonts = append(fonts, f)
	}
	for _, pattern := range []string{"/usr/share/fonts/truetype/dejavu/*.ttf", "/usr/share/fonts/truetype/liberation/*.ttf"} {
		files, _ := filepath.Glob(pattern)
		for _, file := range files {
			if filepath.Base(file) == "DejaVuMathTeXGyre.ttf" {
				continue
			}
			b, err := os.ReadFile(file)
			if err != nil {
				return nil, err
			}
			f, err := opentype.Parse(b)
			if err != nil {
				return nil, fmt.Errorf("%s: %w", file, err)
			}
			fonts = append(fonts, f)
		}
	}
	return fonts, nil
}

// theme is the colours of an app's board.
type theme struct {
	bg, line, given, entry, mark, shade color.RGBA
}

func randomTheme(rng *rand.Rand) theme {
	jit := func(c color.RGBA, d int) color.RGBA {
		j := func(v uint8) uint8 { return uint8(min(255, max(0, int(v)+rng.IntN(2*d+1)-d))) }
		return color.RGBA{j(c.R), j(c.G), j(c.B), 255}
	}
	entries := []color.RGBA{{40, 90, 220, 255}, {30, 110, 200, 255}, {60, 60, 200, 255}, {20, 140, 80, 255}, {90, 60, 160, 255}}
	if rng.IntN(2) == 0 { // light
		t := theme{bg: jit(color.RGBA{250, 250, 250, 255}, 6), line: jit(color.RGBA{40, 40, 50, 255}, 30),
			given: jit(color.RGBA{20, 20, 25, 255}, 20), entry: jit(entries[rng.IntN(len(entries))], 20),
			mark: jit(color.RGBA{100, 100, 110, 255}, 30), shade: jit(color.RGBA{220, 230, 245, 255}, 10)}
		if rng.IntN(4) == 0 {
			t.entry = t.given // entries in the givens' colour: told apart by the font, if at all
		}
		return t
	}
	light := []color.RGBA{{120, 170, 255, 255}, {110, 200, 255, 255}, {160, 140, 255, 255}, {120, 220, 160, 255}}
	return theme{bg: jit(color.RGBA{25, 27, 32, 255}, 12), line: jit(color.RGBA{170, 170, 180, 255}, 40),
		given: jit(color.RGBA{235, 235, 235, 255}, 15), entry: jit(light[rng.IntN(len(light))], 20),
		mark: jit(color.RGBA{150, 150, 160, 255}, 30), shade: jit(color.RGBA{45, 50, 65, 255}, 10)}
}

// fontPictures draws n grids as apps and web pages do: several fonts and
// colours, light and dark, entries in another colour, pencil marks, a
// highlighted row, and at times a title above and a number pad below.
func fontPictures(n int) ([]photo, error) { return drawnPictures(n, nil) }

// handPictures draws n grids as fontPictures does, with the entries written
// by hand (MNIST's digits, its test digits for the held-out fifth) in a
// pen's colour, the picture a little blurred and saved as a JPEG.
func handPictures(n int, mn *mnist) ([]photo, error) { return drawnPictures(n, mn) }

func drawnPictures(n int, hand *mnist) ([]photo, error) {
	fonts, err := faces()
	if err != nil {
		return nil, err
	}
	rng := rand.New(rand.NewPCG(3, 4))
	if hand != nil {
		rng = rand.New(rand.NewPCG(5, 6))
	}
	var photos []photo
	for i := range n {
		s := newScene(rng)
		t := randomTheme(rng)
		cell := 28 + rng.IntN(60)
		thin := max(1, cell/40+rng.IntN(2))
		thick := thin + 1 + rng.IntN(3)
		side := 9*cell + 4*thick
		top, left := 10+rng.IntN(side/4), 10+rng.IntN(side/8)
		bottom := 10 + rng.IntN(side/8)
		pad := rng.IntN(2) == 0
		if pad {
			bottom += cell * 2
		}
		img := image.NewRGBA(image.Rect(0, 0, side+2*left, side+top+bottom))
		draw.Draw(img, img.Bounds(), &image.Uniform{t.bg}, image.Point{}, draw.Src)
		// Lines: cell k spans [x0(k), x0(k)+cell).
		x0 := func(k int) int { return k*cell + (k/3+1)*thick }
		fill := func(r image.Rectangle, c color.Color) {
			draw.Draw(img, r.Add(image.Pt(left, top)), &image.Uniform{c}, image.Point{}, draw.Src)
		}
		if rng.IntN(2) == 0 { // a highlighted row and column
			hr, hc := rng.IntN(9), rng.IntN(9)
			fill(image.Rect(0, x0(hr), side, x0(hr)+cell), t.shade)
			fill(image.Rect(x0(hc), 0, x0(hc)+cell, side), t.shade)
		}
		for k := 0; k <= 9; k++ {
			w := thin
			if k%3 == 0 {
				w = thick
			}
			var at int
			if k == 9 {
				at = side - thick
			} else {
				at = x0(k) - w
				if k%3 != 0 {
					at = x0(k) - thin
				}
			}
			fill(image.Rect(0, at, side, at+w), t.line)
			fill(image.Rect(at, 0, at+w, side), t.line)
		}
		givenFont := fonts[rng.IntN(len(fonts))]
		entryFont := fonts[rng.IntN(len(fonts))]
		scale := 0.5 + rng.Float64()*0.3
		gface, err := opentype.NewFace(givenFont, &opentype.FaceOptions{Size: float64(cell) * scale, DPI: 72, Hinting: font.HintingFull})
		if err != nil {
			return nil, err
		}
		eface, err := opentype.NewFace(entryFont, &opentype.FaceOptions{Size: float64(cell) * scale, DPI: 72, Hinting: font.HintingFull})
		if err != nil {
			return nil, err
		}
		mface, err := opentype.NewFace(givenFont, &opentype.FaceOptions{Size: float64(cell) * 0.27, DPI: 72, Hinting: font.HintingFull})
		if err != nil {
			return nil, err
		}
		text := func(face font.Face, c color.Color, s string, cx, cy int) {
			d := font.Drawer{Dst: img, Src: &image.Uniform{c}, Face: face}
			b, _ := d.BoundString(s)
			w := (b.Max.X - b.Min.X).Ceil()
			h := (b.Max.Y - b.Min.Y).Ceil()
			d.Dot = fixed.P(left+cx-w/2-b.Min.X.Floor(), top+cy+h/2-b.Max.Y.Ceil())
			d.DrawString(s)
		}
		var pm projective
		var ink [3]float64
		var digits digitsOf
		if hand != nil {
			q := vision.Quad{{X: float64(left), Y: float64(top)}, {X: float64(left + side), Y: float64(top)},
				{X: float64(left + side), Y: float64(top + side)}, {X: float64(left), Y: float64(top + side)}}
			pm, _ = newProjective(q)
			pc := penColours[rng.IntN(len(penColours))]
			if t.bg.R < 128 { // a dark page: a light pen
				pc = color.RGBA{255 - pc.R/2, 255 - pc.G/2, 255 - pc.B/3, 255}
			}
			for i, v := range []uint8{pc.R, pc.G, pc.B} {
				ink[i] = float64(v) / 255
			}
			digits = hand.train
			if i%5 == 0 {
				digits = hand.test
			}
		}
		for c := range 81 {
			r, col := c/9, c%9
			cx, cy := x0(col)+cell/2, x0(r)+cell/2
			switch {
			case s.labels[c] >= 1 && s.labels[c] <= 9 && s.kinds[c] == kindGiven:
				text(gface, t.given, fmt.Sprint(s.labels[c]), cx, cy)
			case s.labels[c] >= 1 && s.labels[c] <= 9 && hand != nil:
				pool := digits[s.labels[c]]
				w := writing{digit: pool[rng.IntN(len(pool))],
					box:  handCell{h: 0.45 + 0.35*rng.Float64(), cx: 0.5 + 0.12*(rng.Float64()-0.5), cy: 0.5 + 0.12*(rng.Float64()-0.5)},
					turn: 0.25 * (rng.Float64() - 0.5), thin: 0.55 * rng.Float64(), blur: float64(cell) * 0.015 * rng.Float64()}
				if t.bg.R < 128 {
					// Light ink on a dark page: written as darkening the
					// page turned over, then turned back.
					invertRGBA(img)
					inv := [3]float64{1 - ink[0] + 0.02, 1 - ink[1] + 0.02, 1 - ink[2] + 0.02}
					write(img, pm, c, w, inv)
					invertRGBA(img)
				} else {
					write(img, pm, c, w, ink)
				}
			case s.labels[c] >= 1 && s.labels[c] <= 9:
				text(eface, t.entry, fmt.Sprint(s.labels[c]), cx, cy)
			case s.labels[c] == 10:
				for d := range 9 {
					if s.marks[c]&(1<<d) != 0 {
						text(mface, t.mark, fmt.Sprint(d+1), x0(col)+cell*(1+2*(d%3))/6, x0(r)+cell*(1+2*(d/3))/6)
					}
				}
			}
		}
		if top > cell/2 {
			text(mface, t.given, "Sudoku - Daily puzzle", side/2, -top/2)
		}
		if pad {
			for d := range 9 {
				text(eface, t.entry, fmt.Sprint(d+1), side*(2*d+1)/18, side+cell+10)
			}
		}
		var buf bytes.Buffer
		if hand != nil {
			err = jpeg.Encode(&buf, blurRGBA(img, 0.3+0.6*rng.Float64()), &jpeg.Options{Quality: 70 + rng.IntN(25)})
		} else if rng.IntN(3) == 0 {
			err = jpeg.Encode(&buf, img, &jpeg.Options{Quality: 60 + rng.IntN(35)})
		} else {
			err = png.Encode(&buf, img)
		}
		if err != nil {
			return nil, err
		}
		src, name := srcFonts, "font"
		if hand != nil {
			src, name = srcHandDrawn, "hand"
		}
		photos = append(photos, photo{source: src, number: i, path: fmt.Sprintf("%s-%d", name, i),
			labels: s.labels, kinds: s.kinds, heldOut: i%5 == 0, data: buf.Bytes()})
	}
	return photos, nil
}

// invertRGBA turns img's colours over.
func invertRGBA(img *image.RGBA) {
	for i := range img.Pix {
		if i%4 != 3 {
			img.Pix[i] = 255 - img.Pix[i]
		}
	}
}

// blurRGBA is img blurred by a Gaussian of sigma pixels.
func blurRGBA(img *image.RGBA, sigma float64) *image.RGBA {
	b := img.Bounds()
	w, h := b.Dx(), b.Dy()
	out := image.NewRGBA(b)
	copy(out.Pix, img.Pix)
	plane := make([]float64, w*h)
	for c := range 3 {
		for i := range plane {
			plane[i] = float64(img.Pix[4*i+c])
		}
		bl := blurPlane(plane, w, h, sigma)
		for i, v := range bl {
			out.Pix[4*i+c] = uint8(min(max(math.Round(v), 0), 255))
		}
	}
	return out
}
