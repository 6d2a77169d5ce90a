package sudoku_test

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/sudokubot/sudokubot/sudoku"
)

// grid builds a 9×9 grid from rows of digits, '.' for empty.
func grid(rows ...string) sudoku.Grid {
	g, _ := sudoku.New(sudoku.Classic)
	for r, row := range rows {
		for c, ch := range row {
			if ch != '.' {
				g.Set(r, c, int(ch-'0'))
			}
		}
	}
	return g
}

func ExampleSolve() {
	g := grid(
		"53..7....",
		"6..195...",
		".98....6.",
		"8...6...3",
		"4..8.3..1",
		"7...2...6",
		".6....28.",
		"...419..5",
		"....8..79",
	)
	ctx, cancel := context.WithTimeout(context.Background(), time.Second)
	defer cancel()
	res, err := sudoku.Solve(ctx, g, 0) // count to 2: is the solution unique?
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(res.Status, res.Count)
	for r := 0; r < 9; r++ {
		for c := 0; c < 9; c++ {
			fmt.Print(res.Solution.Get(r, c))
		}
		fmt.Println()
	}
	// Output:
	// unique 1
	// 534678912
	// 672195348
	// 198342567
	// 859761423
	// 426853791
	// 713924856
	// 961537284
	// 287419635
	// 345286179
}

func ExampleValidate() {
	g := grid(
		"83..7....",
		"6..195...",
		".98....6.",
		"8...6...3",
	)
	for _, c := range sudoku.Validate(g) {
		fmt.Println(c)
	}
	_, err := sudoku.Solve(context.Background(), g, 0)
	fmt.Println(errors.Is(err, sudoku.ErrInvalidGrid))
	// Output:
	// column 1 has 8 twice: r1c1, r4c1
	// box 1 has 8 twice: r1c1, r3c3
	// true
}

func ExampleCheck() {
	g := grid(
		"53..7....",
		"6..195...",
		".98....6.",
		"8...6...3",
		"4..8.3..1",
		"7...2...6",
		".6....28.",
		"...419..5",
		"....8..79",
	)
	g.Set(0, 2, 1) // wrong: the solution has 4 there, but no rule is broken yet
	p, err := sudoku.Check(context.Background(), g)
	fmt.Println(p.Status, p.Solvable(), p.Complete, p.Filled, err)
	// Output:
	// none false false 31 <nil>
}

func ExampleCountSolutions() {
	g, _ := sudoku.New(sudoku.Shape{BoxRows: 2, BoxCols: 2})
	n, err := sudoku.CountSolutions(context.Background(), g, 1000)
	fmt.Println(n, err)
	// Output:
	// 288 <nil>
}
