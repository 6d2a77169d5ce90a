package picture

import (
	"fmt"

	"github.com/sudokubot/sudokubot/sudoku"
)

// MaxSize is the largest width or height [Options].Size may ask for.
const MaxSize = 2048

// minCell is the smallest cell, in pixels, that still shows a digit.
const minCell = 12

// DefaultSize is the size a picture of a grid of shape s gets when
// [Options].Size is 0: from 300 pixels for 4×4 to 900 for 25×25, so that
// cells stay large enough to read when Discord shrinks the picture to the
// width of a phone.
func DefaultSize(s sudoku.Shape) int {
	switch n := s.Size(); {
	case n <= 4:
		return 300
	case n <= 6:
		return 390
	case n <= 9:
		return 480
	case n <= 12:
		return 600
	case n <= 16:
		return 720
	default:
		return 900
	}
}

// MinSize is the smallest [Options].Size a grid of shape s can be drawn in
// (cells of 12 pixels), with or without coordinates.
func MinSize(s sudoku.Shape, coordinates bool) int {
	l := measure(s, minCell, coordinates)
	return max(l.w, l.h)
}

// layout is where everything goes in a picture: a margin of at least pad
// pixels around everything, room for coordinates (margin pixels on the left
// and at the top, 0 without), then the grid: a thick border, cells of cell
// pixels, thin lines between cells and thick lines between boxes.
type layout struct {
	shape                                 sudoku.Shape
	n                                     int
	cell, thin, thick, pad, margin, inset int
	w, h                                  int
	// xs[c] and ys[r] are the left and top of the inside of column c and
	// row r; x0, y0 and x1, y1 the outer corners of the grid's border.
	xs, ys         [sudoku.MaxSize]int
	x0, y0, x1, y1 int
}

// shift moves the grid dx pixels right and dy down.
func (l *layout) shift(dx, dy int) {
	for i := 0; i < l.n; i++ {
		l.xs[i] += dx
		l.ys[i] += dy
	}
	l.x0, l.x1, l.y0, l.y1 = l.x0+dx, l.x1+dx, l.y0+dy, l.y1+dy
}

// measure lays out a grid of shape s with cells of cell pixels.
func measure(s sudoku.Shape, cell int, coordinates bool) layout {
	l := layout{
		shape: s,
		n:     s.Size(),
		cell:  cell,
		thin:  max(1, (cell+20)/40),
		thick: max(2, (cell+5)/11),
		pad:   max(4, cell/6),
		inset: max(1, cell/18),
	}
	if coordinates {
		l.margin = max(10, cell*3/5)
	}
	axis := func(starts *[sudoku.MaxSize]int, per int) (from, to int) {
		x := l.pad + l.margin
		from = x
		x += l.thick
		for i := 0; i < l.n; i++ {
			starts[i] = x
			x += cell
			if (i+1)%per == 0 {
				x += l.thick
			} else {
				x += l.thin
			}
		}
		return from, x
	}
	l.x0, l.x1 = axis(&l.xs, s.BoxCols)
	l.y0, l.y1 = axis(&l.ys, s.BoxRows)
	l.w, l.h = l.x1+l.pad, l.y1+l.pad
	return l
}

// fit returns the layout of a picture size pixels square with the largest
// cells that fit, the grid in the middle.
func fit(s sudoku.Shape, size int, coordinates bool) (layout, error) {
	if size > MaxSize {
		return layout{}, fmt.Errorf("size %d px: at most %d: %w", size, MaxSize, ErrSize)
	}
	for cell := size / s.Size(); cell >= minCell; cell-- {
		if l := measure(s, cell, coordinates); l.w <= size && l.h <= size {
			l.shift((size-l.w)/2, (size-l.h)/2)
			l.w, l.h = size, size
			return l, nil
		}
	}
	return layout{}, fmt.Errorf("size %d px: a %d×%d grid needs at least %d: %w",
		size, s.Size(), s.Size(), MinSize(s, coordinates), ErrSize)
}
