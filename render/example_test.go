package render_test

import (
	"fmt"

	"github.com/sudokubot/sudokubot/render"
	"github.com/sudokubot/sudokubot/sudoku"
)

func ExampleSolved() {
	puzzle, _ := sudoku.FromCells(sudoku.Shape{BoxRows: 2, BoxCols: 2}, []int{
		1, 0, 0, 4,
		0, 0, 1, 0,
		0, 3, 0, 0,
		4, 0, 0, 3,
	})
	solution, _ := sudoku.FromCells(sudoku.Shape{BoxRows: 2, BoxCols: 2}, []int{
		1, 2, 3, 4,
		3, 4, 1, 2,
		2, 3, 4, 1,
		4, 1, 2, 3,
	})
	fmt.Println(render.Solved(puzzle, sudoku.Result{Status: sudoku.Unique, Solution: solution, Count: 1}, render.Options{}))
	// Output:
	// Solved: the puzzle has exactly one solution.
	// ```
	// [1] 2 | 3 [4]
	//  3  4 |[1] 2
	// ------+------
	//  2 [3]| 4  1
	// [4] 1 | 2 [3]
	// ```
	// Digits in [brackets] were given; the others are filled in.
}

func ExampleChecked() {
	g, _ := sudoku.FromCells(sudoku.Shape{BoxRows: 2, BoxCols: 2}, []int{
		1, 0, 0, 1,
		0, 0, 0, 0,
		0, 3, 0, 0,
		4, 0, 0, 3,
	})
	fmt.Println(render.Checked(g, sudoku.Invalid, sudoku.Validate(g), render.Options{}))
	// Output:
	// Some digits clash: the same digit twice in a row, column or box.
	// ```
	// >1< . | . >1<
	//  .  . | .  .
	// ------+------
	//  .  3 | .  .
	//  4  . | .  3
	// ```
	// Clashing digits are marked >1< in the grid:
	// • 1 appears twice in row 1: r1c1, r1c4
}

func ExampleError() {
	reply := render.Error("line 1, column 3: unexpected character 'q' <@123> ```")
	fmt.Printf("%+q\n", reply) // %+q shows the zero-width spaces that defuse the mention
	// Output:
	// "\u26a0\ufe0f line 1, column 3: unexpected character 'q' <\u200b@\u200b123\\> \\`\\`\\`"
}
