package generate

import (
	"context"
	"fmt"
	"sync"
	"time"

	"github.com/sudokubot/sudokubot/sudoku"
)

// algorithm is mixed into every random stream. Changing how a puzzle is
// built from its seed changes the puzzle behind every code already handed
// out, so the algorithm version would have to go up (and codes carry it).
const algorithm = 1

// plan says how [candidate] removes givens. Each tier in passes adds a
// pass before the last, which removes only the givens whose removal leaves
// the puzzle solved by the tier's techniques (and so unique), and leaves the
// others to the next pass. With repair set, the puzzle is instead repaired
// into a minimal one that the repair tier's techniques solve (see
// [builder.repair]).
type plan struct {
	passes []tier
	repair tier
	after  bool // repair only after the passes, and only a puzzle beyond the repair tier
}

// candidate builds the puzzle behind a base seed, before any grading: a
// random solution grid, then its givens removed one at a time in a random
// order (symmetric pairs at a time with sym) wherever the puzzle stays
// unique. One pass makes the result minimal (symmetric-minimal with sym): a
// given that could not go when it was tried cannot go later either, since
// removing others only adds solutions. The plan's passes come first and
// steer the result towards puzzles of their tier; the last pass still makes
// it minimal.
//
// It depends on the seed and the plan alone (not on any rating), so a code
// can always be decoded back to the same puzzle. The error is the
// context's.
func candidate(ctx context.Context, s sudoku.Shape, sym bool, base uint32, pl plan) (puzzle, solution sudoku.Grid, err error) {
	r := newRNG(algorithm, uint64(s.BoxRows), uint64(s.BoxCols), b2u(sym), uint64(base))
	b := newBuilder(ctx, s, sym, r, fill(s, r))
	defer b.release()
	order := b.givens()
	if pl.repair != 0 && !pl.after {
		_, err = b.repair(pl.repair)
		return b.puzzle, b.solution, err
	}
	for _, t := range pl.passes {
		order = b.tierPass(order, t)
	}
	if err = b.uniquePass(order); err != nil || !pl.after || solvedWithin(&b.puzzle, pl.repair) {
		return b.puzzle, b.solution, err
	}
	_, err = b.repair(pl.repair)
	return b.puzzle, b.solution, err
}

// builder holds a puzzle being made from its solution.
type builder struct {
	ctx              context.Context
	geo              *geometry
	n, cells         int
	sym              bool
	r                *rng
	puzzle, solution sudoku.Grid
	ua               *uaSets       // some unavoidable sets of the solution, nil on big grids
	board            *sudoku.Board // the puzzle again, for otherSolution; on 9×9 only
	given            cellSet       // the puzzle's givens, kept with ua
	// The digits given in each row, column and box (bit d-1 for digit d),
	// kept by clear and fill for forced.
	rows, cols, boxes [sudoku.MaxSize]uint32
}

// newBuilder returns a builder whose puzzle is solution sol, complete.
func newBuilder(ctx context.Context, s sudoku.Shape, sym bool, r *rng, sol sudoku.Grid) *builder {
	b := &builder{ctx: ctx, geo: geometryOf(s), n: s.Size(), cells: s.Cells(), sym: sym, r: r, solution: sol, puzzle: sol}
	full := uint32(1)<<b.n - 1
	for k := 0; k < b.n; k++ {
		b.rows[k], b.cols[k], b.boxes[k] = full, full, full
	}
	if s == sudoku.Classic {
		b.board, _ = sudoku.NewBoard(sol) // a solution breaks no rule
	}
	if b.cells <= uaMaxCells {
		b.ua = uaPool.Get().(*uaSets)
		b.ua.n, b.ua.count = 0, [uaMaxCells]uint8{}
		b.ua.find(b.geo, s, &b.solution)
		for i := 0; i < b.cells; i++ {
			b.given.add(i)
		}
	}
	return b
}

// uaPool keeps the tables of unavoidable sets between puzzles (6 kB to
// clear otherwise).
var uaPool = sync.Pool{New: func() any { return new(uaSets) }}

// release gives back what newBuilder took from uaPool.
func (b *builder) release() {
	if b.ua != nil {
		uaPool.Put(b.ua)
		b.ua = nil
	}
}

// mirror returns the cell removed with i: its mirror through the centre
// with sym, else i itself.
func (b *builder) mirror(i int) int {
	if b.sym {
		return b.cells - 1 - i
	}
	return i
}

// givens returns the givens of the puzzle in a random order, one of each
// mirror pair.
func (b *builder) givens() []int {
	var out []int
	for i := 0; i < b.cells; i++ {
		if i <= b.mirror(i) && b.puzzle.At(i) != 0 {
			out = append(out, i)
		}
	}
	shuffle(b.r, out)
	return out
}

// clear empties cell i and its mirror; fill puts their solution back.
func (b *builder) clear(i int) {
	b.clearCell(i)
	if j := b.mirror(i); j != i {
		b.clearCell(j)
	}
}

func (b *builder) fill(i int) {
	b.fillCell(i)
	if j := b.mirror(i); j != i {
		b.fillCell(j)
	}
}

func (b *builder) clearCell(i int) {
	b.puzzle.Set(i/b.n, i%b.n, 0)
	bit := uint32(1) << (b.solution.At(i) - 1)
	b.rows[i/b.n] &^= bit
	b.cols[i%b.n] &^= bit
	b.boxes[b.geo.box[i]] &^= bit
	if b.ua != nil {
		b.given.remove(i)
	}
	if b.board != nil {
		_ = b.board.Set(i, 0) // in range: no error
	}
}

func (b *builder) fillCell(i int) {
	v := b.solution.At(i)
	b.puzzle.Set(i/b.n, i%b.n, v)
	bit := uint32(1) << (v - 1)
	b.rows[i/b.n] |= bit
	b.cols[i%b.n] |= bit
	b.boxes[b.geo.box[i]] |= bit
	if b.ua != nil {
		b.given.add(i)
	}
	if b.board != nil {
		_ = b.board.Set(i, v) // the solution's digit, in range, never conflicts
	}
}

// uncovered reports whether, given i (and its mirror) removed, an
// unavoidable set of the solution holding it has no given left: then the
// puzzle has another solution. Only the sets through i or its mirror can
// have lost their last given.
func (b *builder) uncovered(i int) bool {
	if b.ua == nil {
		return false
	}
	j := b.mirror(i)
	return b.ua.uncovered(i, b.given) || j != i && b.ua.uncovered(j, b.given)
}

// forced reports whether a single places given i (and its mirror) again
// at once once removed: a naked or a hidden single among the givens left,
// with hiddenOnly a hidden single. The puzzle without them then passes
// every test that it passed with them (the tiers at and above the single's
// and uniqueness), so the test can be skipped. The cells must be empty.
func (b *builder) forced(i int, hiddenOnly bool) bool {
	j := b.mirror(i)
	return b.single(i, hiddenOnly) && (j == i || b.single(j, hiddenOnly))
}

// single reports whether the empty cell c can hold no digit but its
// solution's, going by the givens (a naked single), or, also with
// hiddenOnly, whether no other empty cell of one of its units can hold
// that digit (a hidden single).
func (b *builder) single(c int, hiddenOnly bool) bool {
	n, box := b.n, b.geo.box
	bit := uint32(1) << (b.solution.At(c) - 1)
	if !hiddenOnly && (b.rows[c/n]|b.cols[c%n]|b.boxes[box[c]])|bit == 1<<n-1 {
		return true // the givens seen leave only the solution's digit (never given in c's units)
	}
	for _, u := range [3]int{c / n, n + c%n, 2*n + box[c]} {
		alone := true
		for _, e := range b.geo.units[u] {
			if e != c && b.puzzle.At(e) == 0 && (b.rows[e/n]|b.cols[e%n]|b.boxes[box[e]])&bit == 0 {
				alone = false
				break
			}
		}
		if alone {
			return true
		}
	}
	return false
}

// tierPass removes each given of order (with its mirror) whose removal
// leaves the puzzle solved by the techniques of tier t, which it must be
// to begin with, and returns the others.
func (b *builder) tierPass(order []int, t tier) []int {
	var rest []int
	for _, i := range order {
		b.clear(i)
		if !b.forced(i, t < tierSingles) && !solvedWithin(&b.puzzle, t) {
			b.fill(i)
			rest = append(rest, i)
		}
	}
	return rest
}

// removable reports whether the puzzle, unique, stays unique without
// given i (and its mirror). It leaves the puzzle as it was.
func (b *builder) removable(i int) (bool, error) {
	ok, err := b.remove(i)
	if ok {
		b.fill(i)
	}
	return ok, err
}

// remove removes given i (and its mirror) if the puzzle, unique, stays
// unique without it, and reports whether it did.
func (b *builder) remove(i int) (bool, error) {
	b.clear(i)
	if b.uncovered(i) {
		b.fill(i)
		return false, nil
	}
	if b.forced(i, false) {
		return true, nil
	}
	other, err := b.otherSolution(i, b.mirror(i))
	if other || err != nil {
		b.fill(i)
	}
	return !other && err == nil, err
}

// uniquePass removes each given of order (with its mirror) whose removal
// leaves the puzzle unique, which it must be to begin with.
func (b *builder) uniquePass(order []int) error {
	for _, i := range order {
		if _, err := b.remove(i); err != nil {
			return err
		}
	}
	return nil
}

// repairRounds bounds the rounds of [builder.repair].
const repairRounds = 300

// repair makes a minimal puzzle that the techniques of tier t solve, for
// the big grids, where minimal puzzles that removal alone makes almost never
// are. Each round removes the givens the tier can do without, then looks
// for one more given whose removal keeps the puzzle unique: if there is
// none, the puzzle is minimal and the tier solves it. Otherwise it removes
// that given for good and puts back cells of the solution that the tier
// leaves empty, drawn at random, until the tier solves the puzzle again. After repairRounds rounds
// it gives up with a plain last pass (the puzzle is minimal, and rarely
// within the tier) and reports false.
func (b *builder) repair(t tier) (bool, error) {
	banned := make([]bool, b.cells)
	for round := 0; ; round++ {
		// Put back cells that the tier leaves empty, one at a time.
		for {
			left := unsolvedBy(&b.puzzle, t)
			if left == nil {
				break
			}
			var choice []int
			for _, i := range left {
				if j := min(i, b.mirror(i)); !banned[j] && (j == i || b.puzzle.At(j) == 0) {
					choice = append(choice, j)
				}
			}
			if len(choice) == 0 {
				return false, b.uniquePass(b.givens())
			}
			b.fill(choice[b.r.intn(len(choice))])
		}
		b.tierPass(b.givens(), t)
		found := -1
		for _, i := range b.givens() {
			ok, err := b.removable(i)
			if err != nil {
				return false, err
			}
			if ok {
				found = i
				break
			}
		}
		if found < 0 {
			return true, nil
		}
		if round == repairRounds {
			return false, b.uniquePass(b.givens())
		}
		b.clear(found)
		banned[found] = true
	}
}

// otherSolution reports whether the puzzle, which has one solution once
// cells i and j (the same cell, or mirrors) hold the solution's digits,
// has another solution without them (they must be empty). Any other
// solution differs from the solution in i or in j, so it looks for a
// solution with another digit in i, then with the solution's digit in i
// and another in j. That spares the solver the proof, again and again,
// that the puzzle with i and j given has one solution: with a digit fixed
// that the solution does not have, the search finds a solution or a
// contradiction fast. It leaves the puzzle as it was. The error is the
// context's.
func (b *builder) otherSolution(i, j int) (bool, error) {
	if b.board != nil {
		// One call: the board asks the fast solver for a solution that
		// differs in i or j, set up and propagated at the root once.
		ps := [2]sudoku.Placement{{Cell: i, Digit: b.solution.At(i)}, {Cell: j, Digit: b.solution.At(j)}}
		k := 2
		if j == i {
			k = 1
		}
		other, err := b.board.SolutionOtherThan(b.ctx, ps[:k]...)
		if err != nil {
			return false, fmt.Errorf("uniqueness check: %w", err)
		}
		return other, nil
	}
	n, box := b.n, b.geo.box
	other, err := false, error(nil)
	for k, c := range [2]int{i, j} {
		if k == 1 {
			if j == i {
				break
			}
			b.fillCell(i) // keeps the unit masks with the puzzle
			defer b.clearCell(i)
		}
		seen := b.rows[c/n] | b.cols[c%n] | b.boxes[box[c]] | 1<<(b.solution.At(c)-1)
		for d := 1; d <= n && !other && err == nil; d++ {
			if seen&(1<<(d-1)) != 0 {
				continue
			}
			b.puzzle.Set(c/n, c%n, d)
			other, err = solvable(b.ctx, &b.puzzle)
		}
		b.puzzle.Set(c/n, c%n, 0)
		if other || err != nil {
			break
		}
	}
	if err != nil {
		return false, fmt.Errorf("uniqueness check: %w", err)
	}
	return other, nil
}

// solvable reports whether g has a solution. On 9×9 it asks the solver
// once. On the other shapes the solver's search, fast as a rule, now and
// then takes minutes on a sparse grid whose few solutions lie where it
// branches last; the same grid transformed (its digits relabelled, rows and
// columns permuted) sends it down other branches. So it races the odds:
// attempts on transforms of g under growing deadlines, then one without a
// deadline. The answer is a fact about g, so it is the same whichever
// attempt gives it: puzzles stay fixed by their seeds. The error is the
// context's.
func solvable(ctx context.Context, g *sudoku.Grid) (bool, error) {
	if g.Shape() != sudoku.Classic {
		limit := 20 * time.Millisecond
		for attempt := uint16(0); attempt < 5; attempt++ {
			t := newTransform(g.Shape(), false, 0, attempt)
			actx, cancel := context.WithTimeout(ctx, limit)
			res, err := sudoku.Solve(actx, t.apply(*g), 1)
			cancel()
			if err == nil {
				return res.Status == sudoku.Multiple, nil
			}
			if ctx.Err() != nil {
				return false, ctx.Err()
			}
			limit *= 3
		}
	}
	count, err := sudoku.CountSolutions(ctx, *g, 1)
	return count > 0, err
}

// planFor returns how [candidate] makes the puzzles of level l and shape
// s. On 9×9 and smaller, Easy removes within hidden singles first (half of
// the puzzles made so are Easy, against a quarter of plain ones, for little
// more work); the other levels remove plainly: a pass costs a tier check
// per given, more than it gains in puzzles of the level (measured on 9×9,
// for Medium 1.6-2.9 and Hard 3.0-4.4: 1.8 ms of CPU per Medium puzzle
// with a pass, 0.75 ms without; 12 ms and 2 ms per Hard one; repairing
// plain puzzles beyond Hard into 3.0-3.9 ones triples the hits at thirty
// times the cost). From 12×12 up, where plain minimal puzzles need
// guesses, the puzzle is repaired into one that the level's tier solves.
func planFor(s sudoku.Shape, l Level) plan {
	if s.Size() >= 12 {
		switch l {
		case Easy:
			return plan{repair: tierHidden}
		case Medium:
			return plan{repair: tierLocked}
		case Hard:
			return plan{repair: tierSubsets}
		}
	}
	if l == Easy {
		return plan{passes: []tier{tierHidden}}
	}
	return plan{}
}

func b2u(b bool) uint64 {
	if b {
		return 1
	}
	return 0
}
