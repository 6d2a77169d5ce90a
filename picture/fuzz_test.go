package picture_test

import (
	"errors"
	"testing"

	"github.com/sudokubot/sudokubot/picture"
	"github.com/sudokubot/sudokubot/sudoku"
)

// FuzzDraw builds boards from arbitrary bytes, most of them wrong in some
// way (cells outside the grid, digits out of range, givens that disagree
// with the grid), and requires Draw to refuse them with one of its errors
// or draw a picture of the size asked, never to panic.
func FuzzDraw(f *testing.F) {
	f.Add([]byte{3, 0, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9})
	f.Add([]byte{0, 1, 1, 200, 7, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3})
	f.Add([]byte{6, 2, 0, 0, 25, 24, 0, 0, 1, 1, 2, 2})
	f.Fuzz(func(t *testing.T, data []byte) {
		next := func() int {
			if len(data) == 0 {
				return 0
			}
			v := int(data[0])
			data = data[1:]
			return v
		}
		sh := sudoku.Shapes[next()%len(sudoku.Shapes)]
		n := sh.Size()
		opt := picture.Options{Theme: picture.Theme(next() % 3), Coordinates: next()%2 == 1}
		if s := next(); s%4 == 0 {
			opt.Size = s * 8
		}
		cell := func() sudoku.Cell { return sudoku.Cell{Row: next() - 2, Col: next() - 2} }
		cells := make([]int, sh.Cells())
		for i := range cells {
			cells[i] = next() % (n + 1)
		}
		g, err := sudoku.FromCells(sh, cells)
		if err != nil {
			t.Fatal(err)
		}
		b := picture.Board{Grid: g}
		for k := next() % 4; k > 0; k-- {
			switch next() % 6 {
			case 0:
				b.Givens = g
				b.Givens.Set(next()%n, next()%n, next()%(n+1))
			case 1:
				b.Candidates = make([]uint32, sh.Cells()+next()%2)
				for i := range b.Candidates {
					b.Candidates[i] = uint32(next()) << (next() % 24)
				}
			case 2:
				b.Conflicts = append(b.Conflicts, sudoku.Conflict{Digit: next() - 1, Cells: []sudoku.Cell{cell(), cell()}})
			case 3:
				b.Pattern = append(b.Pattern, cell())
			case 4:
				b.Eliminations = append(b.Eliminations, picture.Candidate{Cell: cell(), Digit: next() - 1})
			case 5:
				b.Placements = append(b.Placements, picture.Candidate{Cell: cell(), Digit: next() - 1})
			}
		}
		img, err := picture.Draw(b, opt)
		if err != nil {
			if !errors.Is(err, picture.ErrBoard) && !errors.Is(err, picture.ErrSize) && !errors.Is(err, picture.ErrTheme) {
				t.Fatalf("Draw: %v, wrapping none of the package's errors", err)
			}
			return
		}
		want := opt.Size
		if want == 0 {
			want = picture.DefaultSize(sh)
		}
		if img.Bounds().Dx() != want || img.Bounds().Dy() != want {
			t.Fatalf("a %v picture for size %d", img.Bounds(), want)
		}
	})
}
