package picture_test

import (
	"bytes"
	"fmt"
	"testing"

	"github.com/sudokubot/sudokubot/internal/testgrids"
	"github.com/sudokubot/sudokubot/picture"
	"github.com/sudokubot/sudokubot/sudoku"
)

// benchBoards are the pictures the bot sends most: a solved board of each
// shape with its givens marked, at the default size, and a 9×9 hint with
// pencil marks.
func benchBoards(b *testing.B) []struct {
	name  string
	board picture.Board
} {
	var out []struct {
		name  string
		board picture.Board
	}
	for _, sh := range sudoku.Shapes {
		sol := testgrids.Pattern(b, sh)
		out = append(out, struct {
			name  string
			board picture.Board
		}{fmt.Sprintf("%dx%d", sh.Size(), sh.Size()), picture.Board{Grid: sol, Givens: testgrids.Thinned(sol, 3)}})
	}
	top := readPuzzle(b, "top95-1.txt")
	out = append(out, struct {
		name  string
		board picture.Board
	}{"9x9-top95", picture.Board{Grid: solve(b, top), Givens: top}})
	h := newHintBoard(b)
	out = append(out, struct {
		name  string
		board picture.Board
	}{"9x9-hint", h.b})
	return out
}

// BenchmarkEncode is what a reply costs: draw and encode the PNG. B/png is
// the size of the PNG.
func BenchmarkEncode(b *testing.B) {
	for _, bb := range benchBoards(b) {
		b.Run(bb.name, func(b *testing.B) {
			var buf bytes.Buffer
			b.ReportAllocs()
			for b.Loop() {
				buf.Reset()
				if err := picture.Encode(&buf, bb.board, picture.Options{}); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(buf.Len()), "B/png")
		})
	}
}

// BenchmarkDraw is the drawing alone, into a new image each time.
func BenchmarkDraw(b *testing.B) {
	for _, bb := range benchBoards(b) {
		b.Run(bb.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if _, err := picture.Draw(bb.board, picture.Options{}); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
