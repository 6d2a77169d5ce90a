package vision

import (
	"context"
	"testing"

	"github.com/sudokubot/sudokubot/sudoku"
)

// TestColourGroups splits digits by their ink's colour: an app's slate
// givens from its blue entries (both bluish: no threshold of saturation
// tells them apart), faint blue entries with them, and no split for one
// colour with noise or for two greys.
func TestColourGroups(t *testing.T) {
	slate, blue, faintBlue := [3]float64{52, 72, 97}, [3]float64{55, 94, 177}, [3]float64{100, 130, 196}
	black, pencil := [3]float64{30, 30, 30}, [3]float64{110, 112, 110}
	build := func(colours ...[3]float64) (*Cut, []int) {
		c := &Cut{}
		var cells []int
		for i, rgb := range colours {
			// A little noise, different in each cell.
			d := float64(i%5) - 2
			c.RGB[i] = [3]float64{rgb[0] + d, rgb[1] - d, rgb[2] + d/2}
			c.Chroma[i] = chroma(c.RGB[i])
			cells = append(cells, i)
		}
		return c, cells
	}
	repeat := func(rgb [3]float64, n int) [][3]float64 {
		out := make([][3]float64, n)
		for i := range out {
			out[i] = rgb
		}
		return out
	}
	t.Run("slate and blue", func(t *testing.T) {
		cut, cells := build(append(repeat(slate, 20), repeat(blue, 12)...)...)
		givens, entries, ok := colourGroups(cut, cells[:30], cells[30:])
		if !ok || len(givens) != 20 || len(entries) != 12 {
			t.Fatalf("ok %v, %d givens, %d entries; want 20 and 12", ok, len(givens), len(entries))
		}
		for _, i := range entries {
			if i < 20 {
				t.Errorf("cell %d (slate) taken for an entry", i)
			}
		}
	})
	t.Run("faint entries", func(t *testing.T) {
		cut, cells := build(append(repeat(black, 25), append(repeat(blue, 10), repeat(faintBlue, 3)...)...)...)
		givens, entries, ok := colourGroups(cut, cells[:35], cells[35:])
		if !ok || len(givens) != 25 || len(entries) != 13 {
			t.Fatalf("ok %v, %d givens, %d entries; want 25 and 13", ok, len(givens), len(entries))
		}
	})
	for name, colours := range map[string][][3]float64{
		"one colour": repeat(black, 30),
		"two greys":  append(repeat(black, 20), repeat(pencil, 20)...),
		"few givens": append(repeat(black, 5), repeat(blue, 20)...),
	} {
		t.Run(name, func(t *testing.T) {
			cut, cells := build(colours...)
			if _, _, ok := colourGroups(cut, cells, nil); ok {
				t.Error("split")
			}
		})
	}
}

// TestPrintedUnique takes back for printed the digits read as filled in
// that the givens need for one solution, the least surely filled first, and
// leaves the kinds alone when the givens already have one.
func TestPrintedUnique(t *testing.T) {
	// A puzzle of 24 givens with one solution, and digits of its solution
	// filled in.
	const puzzle = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."
	const solution = "483921657967345821251876493548132976729564138136798245372689514814253769695417382"
	var r reading
	var filled [81]bool
	var probs [81]cellProbs
	for i := range 81 {
		r[i] = int(solution[i] - '0')
		filled[i] = puzzle[i] == '.'
		probs[i].filled = 0.95
	}
	ctx := context.Background()
	var cells [81]int
	for i := range 81 {
		if puzzle[i] != '.' {
			cells[i] = int(puzzle[i] - '0')
		}
	}
	g, _ := sudoku.FromCells(sudoku.Classic, cells[:])
	if res, err := sudoku.Solve(ctx, g, 2); err != nil || res.Count != 1 {
		t.Fatalf("the puzzle: %v, %+v", err, res)
	} else {
		for i := range 81 {
			if res.Solution.At(i) != int(solution[i]-'0') {
				t.Fatalf("the solution differs at cell %d", i)
			}
		}
	}
	want := filled
	printedUnique(ctx, &r, &filled, &probs)
	if filled != want {
		t.Fatal("kinds changed where the givens have one solution")
	}
	// Two givens read as filled in, less surely than the entries: givens
	// without which the puzzle has several solutions.
	var needed []int
	for i := range 81 {
		if puzzle[i] == '.' {
			continue
		}
		var cells [81]int
		for j := range 81 {
			if j != i && puzzle[j] != '.' {
				cells[j] = int(puzzle[j] - '0')
			}
		}
		g, _ := sudoku.FromCells(sudoku.Classic, cells[:])
		if res, err := sudoku.Solve(ctx, g, 2); err == nil && res.Count > 1 {
			needed = append(needed, i)
		}
	}
	if len(needed) < 2 {
		t.Fatalf("only %d givens needed", len(needed))
	}
	for _, i := range needed[:2] {
		filled[i], probs[i].filled = true, 0.75
	}
	printedUnique(ctx, &r, &filled, &probs)
	if filled != want {
		for i := range 81 {
			if filled[i] != want[i] {
				t.Errorf("cell %d: filled %v, want %v", i, filled[i], want[i])
			}
		}
	}
}

// TestRowOfMarks tells a row of small candidates from a digit by the shape
// of the ink.
func TestRowOfMarks(t *testing.T) {
	box := func(x0, y0, x1, y1 int) *[CellSide * CellSide]float32 {
		var ink [CellSide * CellSide]float32
		for y := y0; y <= y1; y++ {
			for x := x0; x <= x1; x++ {
				ink[y*CellSide+x] = 1
			}
		}
		return &ink
	}
	cases := []struct {
		name string
		ink  *[CellSide * CellSide]float32
		want bool
	}{
		{"candidates across the middle", box(4, 11, 23, 16), true},
		{"candidates along the top", box(3, 3, 24, 8), true},
		{"a digit", box(9, 5, 18, 22), false},
		{"a one", box(12, 5, 15, 22), false},
		{"one small candidate", box(12, 12, 14, 15), false},
		{"empty", box(0, 0, -1, -1), false},
	}
	for _, c := range cases {
		if got := rowOfMarks(c.ink); got != c.want {
			t.Errorf("%s: %v, want %v", c.name, got, c.want)
		}
	}
}
