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
// Each tier in passes adds a pass before that one, which removes only the
// givens whose removal leaves the puzzle solved by the tier's techniques
// (and so unique), and leaves the others to the next pass. It steers the
// result towards puzzles of that tier; the last pass still makes it
// minimal.
//
// It depends on the seed and passes alone (not on any rating), so a code
// can always be decoded back to the same puzzle. The error is the
// context's.
func candidate(ctx context.Context, s sudoku.Shape, sym bool, base uint32, passes ...tier) (puzzle, solution sudoku.Grid, err error) {
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
	geo := geometryOf(s)
	mirror := func(i int) int {
		if sym {
			return cells - 1 - i
		}
		return i
	}
	set := func(i int, v int) {
		puzzle.Set(i/n, i%n, v)
	}
	// try removes given i (and its mirror) and reports whether the puzzle
	// passes test; if not, it puts them back. A given that a single
	// places again at once (a naked single, or with hiddenOnly a hidden
	// single, among the givens left) leaves a puzzle that every test
	// passes when the one before did, so the test is skipped.
	try := func(i int, hiddenOnly bool, test func() (bool, error)) (bool, error) {
		j := mirror(i)
		set(i, 0)
		set(j, 0)
		ok := geo.forced(&puzzle, i, solution.At(i), hiddenOnly) && geo.forced(&puzzle, j, solution.At(j), hiddenOnly)
		if !ok {
			var err error
			if ok, err = test(); err != nil {
				return false, err
			}
		}
		if !ok {
			set(i, solution.At(i))
			set(j, solution.At(j))
		}
		return ok, nil
	}
	for _, t := range passes {
		rest := order[:0]
		for _, i := range order {
			ok, _ := try(i, t < tierSingles, func() (bool, error) { return solvedWithin(&puzzle, t), nil })
			if !ok {
				rest = append(rest, i)
			}
		}
		order = rest
	}
	var current int // the given being tried by the last pass
	unique := func() (bool, error) {
		other, err := otherSolution(ctx, puzzle, &solution, current, mirror(current))
		return !other, err
	}
	for _, i := range order {
		current = i
		if _, err := try(i, false, unique); err != nil {
			return sudoku.Grid{}, sudoku.Grid{}, err
		}
	}
	return puzzle, solution, nil
}

// otherSolution reports whether puzzle, which has one solution sol once
// cells i and j (the same cell, or mirrors) hold sol's digits, has another
// solution without them. Any other solution differs from sol in i or in j,
// so it looks for a solution with another digit in i, then with sol's digit
// in i and another in j. That spares the solver the proof, again and again,
// that the puzzle with i and j given has one solution: with a digit fixed
// that sol does not have, the search finds a solution or a contradiction
// fast. The error is the context's.
func otherSolution(ctx context.Context, puzzle sudoku.Grid, sol *sudoku.Grid, i, j int) (bool, error) {
	geo := geometryOf(puzzle.Shape())
	n := geo.n
	for k, c := range [2]int{i, j} {
		if k == 1 {
			if j == i {
				break
			}
			puzzle.Set(i/n, i%n, sol.At(i))
		}
		var seen uint32
		for _, p := range geo.peers[c] {
			seen |= 1 << puzzle.At(p)
		}
		for d := 1; d <= n; d++ {
			if d == sol.At(c) || seen&(1<<d) != 0 {
				continue
			}
			puzzle.Set(c/n, c%n, d)
			res, err := sudoku.Solve(ctx, puzzle, 1)
			if err != nil {
				return false, fmt.Errorf("uniqueness check: %w", err)
			}
			if res.Status == sudoku.Multiple {
				return true, nil
			}
		}
		puzzle.Set(c/n, c%n, 0)
	}
	return false, nil
}

// passesFor returns the tiers of the first passes of [candidate] for the
// puzzles made for level l. Easy removes within hidden singles first (half
// of the puzzles made so are Easy, against a quarter of plain ones, for
// little more work). The other levels have none: a pass costs a tier check
// per given, more than it gains in puzzles of the level (measured on 9×9:
// Medium 1.8 ms of CPU per puzzle with a pass, 0.75 ms without; Hard 12 ms
// and 2 ms).
func passesFor(l Level) []tier {
	switch l {
	case Easy:
		return []tier{tierHidden}
	}
	return nil
}

func b2u(b bool) uint64 {
	if b {
		return 1
	}
	return 0
}
