package picture_test

import (
	"bytes"
	"context"
	"fmt"
	"image/png"

	"github.com/sudokubot/sudokubot/picture"
	"github.com/sudokubot/sudokubot/sudoku"
)

// A solved board with its givens marked, encoded as a PNG, as the bot
// attaches it to a reply.
func ExampleEncode() {
	const puzzle = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
	cells := make([]int, len(puzzle))
	for i, ch := range puzzle {
		if ch != '.' {
			cells[i] = int(ch - '0')
		}
	}
	givens, err := sudoku.FromCells(sudoku.Classic, cells)
	if err != nil {
		panic(err)
	}
	res, err := sudoku.Solve(context.Background(), givens, 2)
	if err != nil {
		panic(err)
	}
	var buf bytes.Buffer
	err = picture.Encode(&buf, picture.Board{Grid: res.Solution, Givens: givens}, picture.Options{Theme: picture.Light})
	if err != nil {
		panic(err)
	}
	img, err := png.Decode(&buf)
	if err != nil {
		panic(err)
	}
	fmt.Println(img.Bounds().Dx(), "×", img.Bounds().Dy(), "pixels")
	// Output: 480 × 480 pixels
}

// A hint: row 1 shaded, the rest of box 1 tinted, 4 placed in r1c3, 2
// struck from r1c4's pencil marks.
func ExampleDraw() {
	g, _ := sudoku.New(sudoku.Classic)
	marks := make([]uint32, 81)
	marks[3] = 1<<1 | 1<<5 // 2 and 6 in r1c4
	b := picture.Board{
		Grid:         g,
		Candidates:   marks,
		Pattern:      []sudoku.Cell{{Row: 0, Col: 0}, {Row: 0, Col: 1}, {Row: 0, Col: 2}, {Row: 0, Col: 3}},
		Units:        []sudoku.Unit{{Kind: sudoku.Box, Number: 1}},
		Placements:   []picture.Candidate{{Cell: sudoku.Cell{Row: 0, Col: 2}, Digit: 4}},
		Eliminations: []picture.Candidate{{Cell: sudoku.Cell{Row: 0, Col: 3}, Digit: 2}},
	}
	img, err := picture.Draw(b, picture.Options{Size: 400, Coordinates: true})
	if err != nil {
		panic(err)
	}
	fmt.Println(img.Bounds().Dx(), "×", img.Bounds().Dy(), "pixels,", len(img.Palette), "colours")
	_, err = picture.Draw(picture.Board{Grid: g, Placements: []picture.Candidate{{Cell: sudoku.Cell{Row: 9, Col: 0}, Digit: 4}}}, picture.Options{})
	fmt.Println(err)
	// Output:
	// 400 × 400 pixels, 218 colours
	// draw board: placements: cell (row 10, column 1) is outside the 9×9 grid: board cannot be drawn
}
