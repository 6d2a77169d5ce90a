package game_test

import (
	"errors"
	"fmt"
	"time"

	"github.com/sudokubot/sudokubot/game"
	"github.com/sudokubot/sudokubot/sudoku"
)

func ExampleParse() {
	moves, err := game.Parse("r3c5 7, e3=1 r1c1 +12 undo 2", 9)
	if err != nil {
		panic(err)
	}
	for _, m := range moves {
		fmt.Println(m)
	}
	_, err = game.Parse("r3c5 x", 9)
	fmt.Println(err)
	_, err = game.Parse("nice one!", 9)
	fmt.Println(errors.Is(err, game.ErrNotMove))
	// Output:
	// r3c5 7
	// r5c3 1
	// r1c1 +12
	// undo 2
	// line 1, column 6: "x" is not a digit of a 9×9 board: write 1 to 9, or 0 or - to erase
	// true
}

func ExampleGame_Play() {
	puzzle, _ := sudoku.FromCells(sudoku.Shape{BoxRows: 2, BoxCols: 2}, []int{
		1, 0, 3, 0,
		0, 0, 1, 0,
		0, 1, 0, 3,
		4, 0, 0, 0})
	solution, _ := sudoku.FromCells(sudoku.Shape{BoxRows: 2, BoxCols: 2}, []int{
		1, 2, 3, 4,
		3, 4, 1, 2,
		2, 1, 4, 3,
		4, 3, 2, 1})
	start := time.Date(2026, 12, 1, 20, 0, 0, 0, time.UTC)
	g, _ := game.New(puzzle, solution, "ann", false, start)
	moves, _ := game.Parse("r1c2 2 r1c4 4 r2c1 3 r2c2 4 r2c4 2 r3c1 2 r3c3 4 r4c2 3 r4c3 2 r4c4 1", 4)
	out, err := g.Play(moves, "ann", start.Add(2*time.Minute))
	fmt.Println(out.Solved, err, g.Status(), g.Moves(), g.Elapsed(start.Add(time.Hour)))
	_, err = g.Play(moves[:1], "ann", start.Add(3*time.Minute))
	fmt.Println(err)
	// Output:
	// true <nil> solved 10 2m0s
	// line 1, column 1: the game is over (solved): r1c2 2 comes too late
}
