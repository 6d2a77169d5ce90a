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
