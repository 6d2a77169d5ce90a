package generate

import (
	"context"
	"errors"
	"fmt"

	"github.com/sudokubot/sudokubot/logic"
	"github.com/sudokubot/sudokubot/sudoku"
)

// Rating is a rating on the Sudoku Explainer scale, in tenths: the logic
// engine's.
type Rating = logic.Rating

// grade is the logic engine's verdict on a puzzle with one solution.
type grade struct {
	solved  bool   // logic alone solved it; false: it needs a guess
	rating  Rating // the hardest step's rating (of the steps taken, when not solved)
	hardest string // the hardest step's technique
}

// gradePuzzle rates g, a puzzle with one solution, with the logic engine.
// The error is the context's.
func gradePuzzle(ctx context.Context, g sudoku.Grid) (grade, error) {
	lg, err := logic.New(g)
	if err != nil {
		return grade{}, err
	}
	rep, err := logic.Rate(ctx, lg)
	switch {
	case err != nil:
		return grade{}, err
	case rep.Status == logic.Solved:
		return grade{solved: true, rating: rep.Rating, hardest: rep.Hardest.Name}, nil
	case rep.Status == logic.NeedsGuess:
		return grade{rating: rep.Rating, hardest: rep.Hardest.Name}, nil
	}
	return grade{}, fmt.Errorf("rated %v: not a puzzle with one solution", rep.Status)
}

// gradeUpTo rates g step by step as [logic.Rate] does, but stops at the
// first step rated above ceiling and reports over. The generator uses it to
// reject puzzles above a level without following their path to the end:
// past the first chain, the rest of an Extreme puzzle's path is most of the
// cost of rating it.
func gradeUpTo(ctx context.Context, g sudoku.Grid, ceiling Rating) (gr grade, over bool, err error) {
	lg, err := logic.New(g)
	if err != nil {
		return grade{}, false, err
	}
	for !lg.Solved() {
		step, err := logic.Next(ctx, lg)
		switch {
		case errors.Is(err, logic.ErrNeedsGuess):
			return gr, false, nil
		case err != nil:
			return grade{}, false, err
		case step.Rating > ceiling:
			return grade{}, true, nil
		}
		if err := lg.Apply(step); err != nil {
			return grade{}, false, err
		}
		if step.Rating > gr.rating {
			gr.rating, gr.hardest = step.Rating, step.Name
		}
	}
	gr.solved = true
	return gr, false, nil
}
