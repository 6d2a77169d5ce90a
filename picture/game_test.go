package picture_test

import (
	"errors"
	"image/color"
	"testing"

	"github.com/sudokubot/sudokubot/internal/testgrids"
	"github.com/sudokubot/sudokubot/picture"
	"github.com/sudokubot/sudokubot/sudoku"
)

// TestGameBoard draws a game being played and checks each cell by its
// pixels: givens, the player's digits, a wrong digit shown as asked, pencil
// marks and the last move's shade.
func TestGameBoard(t *testing.T) {
	givens := testgrids.Decode(t, "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79")
	g := givens
	g.Set(0, 2, 4) // r1c3: right
	g.Set(0, 3, 9) // r1c4: wrong (the solution has 6)
	g.Set(0, 5, 8) // r1c6: right, the last move
	marks := make([]uint32, 81)
	marks[1*9+1] = 1<<(2-1) | 1<<(4-1) | 1<<(7-1) // r2c2: 2 4 7
	last := sudoku.Cell{Row: 0, Col: 5}
	b := picture.Board{Grid: g, Givens: givens, Candidates: marks, Wrong: []sudoku.Cell{{Row: 0, Col: 3}}, Last: &last}
	for _, theme := range picture.Themes {
		t.Run(theme.String(), func(t *testing.T) {
			pal := theme.Palette()
			_, img := encode(t, b, picture.Options{Theme: theme, Size: 720})
			rects := cells(t, img, pal, 9)
			inks := map[string]color.RGBA{"given": pal.Given, "filled": pal.Filled, "clash": pal.Clash, "pencil": pal.Pencil}
			check := func(c sudoku.Cell, bg color.RGBA, has string) {
				t.Helper()
				r := rects[c.Row*9+c.Col]
				if got := rgba(img.At(r.Min.X+1, r.Min.Y+1)); got != bg {
					t.Errorf("%v: background %v, want %v", c, got, bg)
				}
				for name, ink := range inks {
					if k := count(img, r, ink); name == has && k < 5 || name != has && k > 0 {
						t.Errorf("%v: %d pixels of %s ink (want only %s)", c, k, name, has)
					}
				}
			}
			check(sudoku.Cell{Row: 0, Col: 0}, pal.Background, "given")
			check(sudoku.Cell{Row: 0, Col: 2}, pal.Background, "filled")
			check(sudoku.Cell{Row: 0, Col: 3}, pal.Conflict, "clash")
			check(last, pal.Pattern, "filled")
			check(sudoku.Cell{Row: 1, Col: 1}, pal.Background, "pencil")
			// Givens are bold: more ink than the same digit filled in.
			five := func(c sudoku.Cell, ink color.RGBA) int { return count(img, rects[c.Row*9+c.Col], ink) }
			g2 := g
			g2.Set(8, 0, 5) // r9c1, empty in the puzzle: a filled-in 5
			_, img2 := encode(t, picture.Board{Grid: g2, Givens: givens}, picture.Options{Theme: theme, Size: 720})
			filled5 := count(img2, cells(t, img2, pal, 9)[8*9], pal.Filled)
			if given5 := five(sudoku.Cell{Row: 0, Col: 0}, pal.Given); given5 <= filled5 {
				t.Errorf("the given 5 has %d pixels of ink, a filled-in 5 %d: the given is not bold", given5, filled5)
			}
		})
	}
	// Without the mistakes asked for, the wrong digit is a digit like another.
	plain := b
	plain.Wrong = nil
	_, img := encode(t, plain, picture.Options{Size: 720})
	pal := picture.Dark.Palette()
	if r := cells(t, img, pal, 9)[3]; count(img, r, pal.Clash) != 0 || count(img, r, pal.Filled) < 5 {
		t.Error("a wrong digit not asked for is drawn as a mistake")
	}
}

func TestGameBoardErrors(t *testing.T) {
	givens := testgrids.Decode(t, "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79")
	off := sudoku.Cell{Row: 9, Col: 0}
	for name, b := range map[string]picture.Board{
		"wrong empty cell": {Grid: givens, Givens: givens, Wrong: []sudoku.Cell{{Row: 0, Col: 2}}},
		"wrong given":      {Grid: givens, Givens: givens, Wrong: []sudoku.Cell{{Row: 0, Col: 0}}},
		"wrong off board":  {Grid: givens, Givens: givens, Wrong: []sudoku.Cell{off}},
		"last off board":   {Grid: givens, Givens: givens, Last: &off},
	} {
		if _, err := picture.Draw(b, picture.Options{}); !errors.Is(err, picture.ErrBoard) {
			t.Errorf("%s: %v, want ErrBoard", name, err)
		}
	}
}
