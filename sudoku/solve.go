package sudoku

import (
	"context"
	"errors"
	"fmt"
	"time"
)

// DefaultLimit is the number of solutions [Solve] looks for when its limit is
// 0 or less: two, enough to tell a unique solution from several.
const DefaultLimit = 2

// Solve searches g for up to limit solutions (limit <= 0 means [DefaultLimit])
// and reports what it found:
//
//   - Unique: exactly one solution, in Result.Solution (only possible when limit >= 2).
//   - Multiple: the search stopped at limit solutions; Result.Solution holds the
//     first. With limit 1 this means "at least one", uniqueness not checked.
//   - None: no solution, although no rule is broken yet.
//   - Invalid: g already breaks a rule. Result.Conflicts lists every conflict
//     (as [Validate] does) and the error wraps a *[ConflictError], so
//     errors.Is(err, [ErrInvalidGrid]) holds. The solver never runs.
//   - TimedOut or Cancelled: ctx ended first. The error is
//     fmt.Errorf("solve: %w", ctx.Err()), so errors.Is(err,
//     context.DeadlineExceeded) or errors.Is(err, context.Canceled) holds.
//     Result.Count holds the solutions found so far, Result.Solution the first
//     of them if any.
//
// The error is nil for Unique, Multiple and None. A grid without a shape (the
// zero Grid) gives Status Invalid, no conflicts, and an error wrapping
// [ErrShape]. Result.Count is the number of solutions found (at most limit)
// and Result.Stats the work done. Solve polls ctx while it searches, often
// enough to return within a few milliseconds of a deadline for every size.
// It is safe for concurrent use, and a solve allocates nothing unless the
// grid is invalid (shapes other than 9×9 reuse buffers from a pool, which a
// garbage collection may empty).
func Solve(ctx context.Context, g Grid, limit int) (Result, error) {
	start := time.Now()
	var res Result
	err := solve(ctx, &g, limit, &res)
	res.Stats.Elapsed = time.Since(start)
	return res, err
}

// CountSolutions returns how many solutions g has, counting no further than
// limit (limit <= 0 means [DefaultLimit]). It fails as [Solve] does: with an
// error wrapping [ErrInvalidGrid], [ErrShape] or the context's error.
func CountSolutions(ctx context.Context, g Grid, limit int) (int, error) {
	var res Result
	err := solve(ctx, &g, limit, &res)
	return res.Count, err
}

// solve is Solve without the timing: it fills res, which must be zero (a
// pointer, so that the Result, over 600 bytes, is not copied at each
// return).
func solve(ctx context.Context, g *Grid, limit int, res *Result) error {
	if limit <= 0 {
		limit = DefaultLimit
	}
	s := g.Shape()
	if !s.Valid() {
		res.Status = Invalid
		return fmt.Errorf("solve: grid %d×%d boxes: %w", s.BoxRows, s.BoxCols, ErrShape)
	}
	if err := ctx.Err(); err != nil {
		res.Status = ctxStatus(err)
		return fmt.Errorf("solve: %w", err)
	}
	if s == Classic {
		return solve9(ctx, g, limit, res)
	}
	if hasDuplicate(g) {
		return invalid(res, Validate(*g))
	}
	gs := newGenSolver(ctx, s, limit)
	gs.run(g)
	res.Count, res.Stats.Guesses = gs.count, gs.guesses
	if gs.count > 0 {
		res.Solution = *g
		gs.solution(&res.Solution)
	}
	ctxErr := gs.err
	gs.release()
	return finish(res, limit, ctxErr)
}

// hasDuplicate reports whether a digit appears twice in a row, column or box
// of g: a quick test, so that [Validate] only runs to name the conflicts.
func hasDuplicate(g *Grid) bool {
	n, br, bc := g.Size(), int(g.boxRows), int(g.boxCols)
	var rows, cols, boxes [MaxSize]uint32
	var dup uint32
	for r := 0; r < n; r++ {
		rb := r / br * br
		for c := 0; c < n; c++ {
			bit := uint32(1) << g.cells[r*n+c] >> 1 // 0 for an empty cell
			b := rb + c/bc
			dup |= (rows[r] | cols[c] | boxes[b]) & bit
			rows[r] |= bit
			cols[c] |= bit
			boxes[b] |= bit
		}
	}
	return dup != 0
}

// invalid sets res for a grid with conflicts c and returns the error.
func invalid(res *Result, c []Conflict) error {
	res.Status, res.Conflicts = Invalid, c
	return fmt.Errorf("solve: %w", &ConflictError{Conflicts: c})
}

// finish sets the status from the count, the limit and the context's error.
func finish(res *Result, limit int, ctxErr error) error {
	switch {
	case ctxErr != nil:
		res.Status = ctxStatus(ctxErr)
		return fmt.Errorf("solve: %w", ctxErr)
	case res.Count >= limit:
		res.Status = Multiple
	case res.Count == 1:
		res.Status = Unique
	case res.Count == 0:
		res.Status = None
	default: // 1 < Count < limit: the search was exhausted.
		res.Status = Multiple
	}
	return nil
}

func ctxStatus(err error) Status {
	if errors.Is(err, context.DeadlineExceeded) {
		return TimedOut
	}
	return Cancelled
}

// Progress is the verdict of [Check] on a partly filled grid, for a player who
// wants to know how they are doing without being told the answer. It never
// holds a solution.
type Progress struct {
	// Status says what the grid's completions look like:
	//   - Invalid: the grid already breaks a rule; Conflicts lists how.
	//   - None: no rule is broken yet, but no completion exists: some digit
	//     already placed (a given or the player's) is wrong.
	//   - Unique: exactly one completion. A complete, correct grid is Unique.
	//   - Multiple: several completions (the puzzle itself may be ambiguous).
	//   - TimedOut, Cancelled: the context ended before the answer was known.
	Status Status
	// Complete reports whether every cell is filled and no rule is broken: the
	// grid is solved.
	Complete bool
	// Filled is the number of cells holding a digit; Cells the grid's total.
	Filled, Cells int
	// Conflicts lists every conflict (as [Validate] does) when Status is Invalid.
	Conflicts []Conflict
	// Stats is the work the check did.
	Stats Stats
}

// Solvable reports whether the grid can still be completed: Status is Unique
// or Multiple.
func (p Progress) Solvable() bool { return p.Status == Unique || p.Status == Multiple }

// Check judges a partly filled grid g: whether it breaks a rule, whether it can
// still be completed and in how many ways (counting to two), and whether it is
// already complete and correct. It never reveals a solution.
//
// The error is nil for Unique, Multiple and None. For Invalid it wraps a
// *[ConflictError] (errors.Is(err, [ErrInvalidGrid]) holds) and Conflicts is
// set; for TimedOut and Cancelled it is fmt.Errorf("solve: %w", ctx.Err()); a
// grid without a shape gives an error wrapping [ErrShape]. In every case the
// Progress fields that could be worked out (Filled, Cells, Complete) are set.
func Check(ctx context.Context, g Grid) (Progress, error) {
	p := Progress{Filled: g.Filled(), Cells: g.Shape().Cells()}
	res, err := Solve(ctx, g, DefaultLimit)
	p.Status, p.Conflicts, p.Stats = res.Status, res.Conflicts, res.Stats
	p.Complete = p.Cells > 0 && p.Filled == p.Cells && res.Status == Unique
	return p, err
}
