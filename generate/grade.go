package generate

import (
	"context"

	"github.com/sudokubot/sudokubot/sudoku"
)

// Rating is a rating on the Sudoku Explainer scale in tenths (23 is 2.3).
// TEMPORARY until the logic engine lands: then logic.Rating.
type Rating int

// grade is the logic engine's verdict on a puzzle with one solution.
type grade struct {
	solved  bool   // logic alone solved it; false: it needs a guess
	rating  Rating // the hardest step's rating
	hardest string // the hardest step's technique
}

// gradePuzzle rates g. TEMPORARY: singles only, until the engine lands.
func gradePuzzle(ctx context.Context, g sudoku.Grid) (grade, error) {
	if err := ctx.Err(); err != nil {
		return grade{}, err
	}
	if singlesOnly(&g) {
		return grade{solved: true, rating: 23, hardest: "Naked Single"}, nil
	}
	return grade{}, nil
}
