package parser_test

import (
	"errors"
	"fmt"

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
