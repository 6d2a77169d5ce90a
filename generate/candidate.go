package generate

import (
	"context"
	"fmt"

	"github.com/sudokubot/sudokubot/sudoku"
)

// algorithm is mixed into every random stream. Changing how a puzzle is
// built from its seed changes the puzzle behind every code already handed
// out, so the algorithm version would have to go up (and codes carry it).
const algorithm = 1

// candidate builds the puzzle behind a base seed, before any grading: a
// random solution grid, then its givens removed one at a time in a random
// order (symmetric pairs at a time with sym) wherever the puzzle stays
// unique. One pass makes the result minimal (symmetric-minimal with sym): a
// given that could not go when it was tried cannot go later either, since
// removing others only adds solutions.
//
// It depends on the seed alone (not on any rating), so a code can always be
// decoded back to the same puzzle. The error is the context's.
func candidate(ctx context.Context, s sudoku.Shape, sym bool, base uint32) (puzzle, solution sudoku.Grid, err error) {
	r := newRNG(algorithm, uint64(s.BoxRows), uint64(s.BoxCols), b2u(sym), uint64(base))
	solution = fill(s, r)
	puzzle = solution
	cells := s.Cells()
	// With sym, each cell is tried with its mirror through the centre, so
	// only the first half (and the centre of an odd side) is listed.
	var order []int
	if sym {
		order = make([]int, 0, (cells+1)/2)
		for i := 0; i <= cells-1-i; i++ {
			order = append(order, i)
		}
	} else {
		order = make([]int, cells)
		for i := range order {
			order[i] = i
		}
	}
	shuffle(r, order)
	n := s.Size()
	for _, i := range order {
		j := i
		if sym {
			j = cells - 1 - i
		}
		puzzle.Set(i/n, i%n, 0)
		puzzle.Set(j/n, j%n, 0)
		unique, err := isUnique(ctx, puzzle)
		if err != nil {
			return sudoku.Grid{}, sudoku.Grid{}, err
		}
		if !unique {
			puzzle.Set(i/n, i%n, solution.At(i))
			puzzle.Set(j/n, j%n, solution.At(j))
		}
	}
	return puzzle, solution, nil
}

// isUnique reports whether g has exactly one solution; the error is the
// context's (g is a subset of a solution grid, never invalid).
func isUnique(ctx context.Context, g sudoku.Grid) (bool, error) {
	res, err := sudoku.Solve(ctx, g, 2)
	if err != nil {
		return false, fmt.Errorf("uniqueness check: %w", err)
	}
	return res.Status == sudoku.Unique, nil
}

func b2u(b bool) uint64 {
	if b {
		return 1
	}
	return 0
}
