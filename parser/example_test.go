package parser_test

import (
	"errors"
	"fmt"
	"strings"

	"github.com/sudokubot/sudokubot/parser"
)

func ExampleParse() {
	g, err := parser.Parse("```\n" +
		"53..7....\n6..195...\n.98....6.\n" +
		"8...6...3\n4..8.3..1\n7...2...6\n" +
		".6....28.\n...419..5\n....8..79\n```")
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(g.Size(), g.Filled(), g.Get(0, 0), g.Get(8, 8))

	_, err = parser.Parse("53..7....\n6..195...\n.98..q.6.")
	var perr *parser.Error
	if errors.As(err, &perr) && errors.Is(err, parser.ErrBadChar) {
		fmt.Println(perr.Line, perr.Col)
	}
	fmt.Println(err)
	// Output:
	// 9 30 5 9
	// 3 6
	// line 3, column 6: unexpected character 'q' (a grid holds digits, letters for values above 9, and . or 0 for empty cells)
}

func ExampleRead() {
	// A row of Kaggle's sudoku.csv, pasted with its header: the puzzle and
	// its solution, 0 for empty.
	p, err := parser.Read("quizzes,solutions\n" +
		"004300209005009001070060043006002087190007400050083000600000105003508690042910300," +
		"864371259325849761971265843436192587198657432257483916689734125713528694542916378")
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(p.Grid.Size(), p.Grid.Filled(), p.Line, p.Notation)
	fmt.Println(p.Notes[0])

	// A 16×16 grid written 0–F: the answer uses the same symbols.
	p, _ = parser.Read("0123456789ABCDEF" + strings.Repeat(".", 240))
	fmt.Println(p.Notation, p.Notation.Symbols(16), p.Grid.Get(0, 0), p.Grid.Get(0, 15))
	// Output:
	// 9 35 2 1–9, A–P
	// The message also holds the puzzle's solution (on the same line, line 2); I read the puzzle.
	// 0–F 0123456789ABCDEF 1 16
}
