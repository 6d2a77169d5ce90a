package generate

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/sudokubot/sudokubot/sudoku"
)

// Kind is what a puzzle is asked for as: its shape, its level, and whether
// its givens are symmetric through the centre.
type Kind struct {
	Shape     sudoku.Shape
	Level     Level
	Symmetric bool
}

// String describes the kind as a person would: "9×9 Hard, symmetric".
func (k Kind) String() string {
	s := fmt.Sprintf("%d×%d %v", k.Shape.Size(), k.Shape.Size(), k.Level)
	if k.Symmetric {
		s += ", symmetric"
	}
	return s
}

// ErrKind is wrapped by the errors for a kind of puzzle that cannot be
// made: an unsupported shape, no level, or a level the shape's puzzles
// never reach.
var ErrKind = errors.New("no such puzzles")

// Check returns nil if puzzles of kind k can be made, or an error wrapping
// [ErrKind] that says why not.
func (k Kind) Check() error {
	if !k.Shape.Valid() {
		return fmt.Errorf("%d×%d boxes: %w", k.Shape.BoxRows, k.Shape.BoxCols, ErrKind)
	}
	if !k.Level.valid() {
		return fmt.Errorf("%v: %w: no level", k.Shape, ErrKind)
	}
	switch top := TopLevel(k.Shape); {
	case top == 0:
		return fmt.Errorf("%v: %w: the generator makes 4×4 to 16×16 grids", k, ErrKind)
	case k.Level > top:
		return fmt.Errorf("%v: %w: %d×%d puzzles go up to %v", k, ErrKind, k.Shape.Size(), k.Shape.Size(), top)
	}
	return nil
}

// Puzzle is a generated puzzle, graded.
type Puzzle struct {
	// Code makes the puzzle again (see [Decode]) and names it for people.
	Code Code
	// Grid holds the givens.
	Grid sudoku.Grid
	// Solution is the only solution. Show it only when asked to.
	Solution sudoku.Grid
	// Level is the level of Rating. It is 0 when logic alone does not solve
	// the puzzle (never for a puzzle the generator picked; possible for a
	// code typed by hand).
	Level Level
	// Rating is the Sudoku Explainer rating: the hardest step on the path
	// that always takes the easiest step.
	Rating Rating
	// Hardest is the technique of that step.
	Hardest string
}

// Generator makes puzzles of one kind, the same ones in the same order for
// the same seed. It is not safe for concurrent use.
type Generator struct {
	kind  Kind
	r     *rng
	tries int
}

// NewGenerator returns a generator of puzzles of kind k whose output is
// fixed by seed. The error wraps [ErrKind] when there are no such puzzles.
func NewGenerator(k Kind, seed uint64) (*Generator, error) {
	if err := k.Check(); err != nil {
		return nil, err
	}
	r := newRNG(algorithm, 0x67656e /* "gen" */, seed, uint64(k.Shape.BoxRows), uint64(k.Shape.BoxCols), uint64(k.Level), b2u(k.Symmetric))
	return &Generator{kind: k, r: r}, nil
}

// Next returns the next puzzle: minimal (symmetric-minimal for a symmetric
// kind), with one solution, and rated within the kind's level. It draws
// base seeds until one gives such a puzzle; the error is the context's.
func (g *Generator) Next(ctx context.Context) (Puzzle, error) {
	for {
		p, ok, err := g.try(ctx)
		if err != nil || ok {
			return p, err
		}
	}
}

// Tries returns how many base seeds the generator has tried so far.
func (g *Generator) Tries() int { return g.tries }

// try draws one base seed and reports whether its puzzle is of the kind.
func (g *Generator) try(ctx context.Context) (Puzzle, bool, error) {
	g.tries++
	code := Code{Shape: g.kind.Shape, Level: g.kind.Level, Symmetric: g.kind.Symmetric, Seed: uint32(g.r.next() >> (64 - SeedBits))}
	puzzle, solution, err := candidate(ctx, code.Shape, code.Symmetric, code.Seed, planFor(code.Shape, code.Level))
	if err != nil {
		return Puzzle{}, false, fmt.Errorf("generate %v: %w", g.kind, err)
	}
	if !plausible(&puzzle, g.kind.Level) {
		return Puzzle{}, false, nil
	}
	if g.kind.Level == Expert {
		// Many candidates here are Extreme: stop at their first chain.
		_, hi := Expert.Range()
		gr, over, err := gradeUpTo(ctx, puzzle, hi)
		if err != nil {
			return Puzzle{}, false, fmt.Errorf("generate %v: rate: %w", g.kind, err)
		}
		if over || !gr.solved {
			return Puzzle{}, false, nil
		}
		p := Puzzle{Code: code, Grid: puzzle, Solution: solution, Level: LevelOf(gr.rating), Rating: gr.rating, Hardest: gr.hardest}
		return p, p.Level == g.kind.Level, nil
	}
	p, err := graded(ctx, code, puzzle, solution)
	if err != nil {
		return Puzzle{}, false, fmt.Errorf("generate %v: %w", g.kind, err)
	}
	return p, p.Level == g.kind.Level, nil
}

// plausible reports whether puzzle may be of level l, as far as the quick
// tiers of easy techniques can tell, sparing the engine most of the puzzles
// it would reject: singles must solve an Easy puzzle (a requirement of its
// own), the techniques up to claiming must solve a Medium one and not
// hidden singles alone, a Hard one needs subsets or fish and no more
// (exactly the engine's 3.0-3.9), and Expert and Extreme ones need more than
// subsets and fish, and Extreme more than turbot fish and XY-Wings.
func plausible(puzzle *sudoku.Grid, l Level) bool {
	switch l {
	case Easy:
		return solvedWithin(puzzle, tierSingles)
	case Medium:
		t := lowestTier(puzzle, tierLocked)
		return t == tierSingles || t == tierLocked
	case Hard:
		return lowestTier(puzzle, tierSubsets) == tierSubsets
	case Expert:
		return lowestTier(puzzle, tierSubsets) == 0
	}
	return lowestTier(puzzle, tierWings) == 0
}

// graded rates a puzzle with the logic engine and fills in its level.
func graded(ctx context.Context, code Code, puzzle, solution sudoku.Grid) (Puzzle, error) {
	gr, err := gradePuzzle(ctx, puzzle)
	if err != nil {
		return Puzzle{}, fmt.Errorf("rate: %w", err)
	}
	p := Puzzle{Code: code, Grid: puzzle, Solution: solution, Rating: gr.rating, Hardest: gr.hardest}
	if gr.solved {
		p.Level = LevelOf(gr.rating)
	}
	return p, nil
}

// Decode makes the puzzle of a code again and grades it. The code's level
// letter is what the puzzle was made as (it picks how givens are removed),
// and every puzzle the generator and the pool hand out rates within it, so
// a code whose puzzle does not (a code typed by hand or forged, such as a
// 16×16 Expert or one that needs a guess) is refused with a
// [*CodeLevelError]: the grading stops at the first step above the
// letter's level. Making the grids takes from microseconds (9×9) to
// seconds (16×16) and, for a forged seed, far longer: give ctx a deadline.
// The error is then the context's, or wraps [ErrKind] for a shape the
// generator does not make (25×25), no level, or a level above the shape's
// top (16×16 stops at Hard).
func Decode(ctx context.Context, c Code) (Puzzle, error) {
	if err := (Kind{Shape: c.Shape, Level: c.Level, Symmetric: c.Symmetric}).Check(); err != nil {
		return Puzzle{}, fmt.Errorf("decode %v: %w", c, err)
	}
	puzzle, solution, err := grids(ctx, c)
	if err != nil {
		return Puzzle{}, fmt.Errorf("decode %v: %w", c, err)
	}
	_, hi := c.Level.Range()
	gr, over, err := gradeUpTo(ctx, puzzle, hi)
	if err != nil {
		return Puzzle{}, fmt.Errorf("decode %v: rate: %w", c, err)
	}
	p := Puzzle{Code: c, Grid: puzzle, Solution: solution, Rating: gr.rating, Hardest: gr.hardest}
	switch {
	case over:
		return Puzzle{}, &CodeLevelError{Code: c, Above: true}
	case !gr.solved:
		return Puzzle{}, &CodeLevelError{Code: c, NeedsGuess: true}
	}
	if p.Level = LevelOf(gr.rating); p.Level != c.Level {
		return Puzzle{}, &CodeLevelError{Code: c, Rated: p.Level}
	}
	return p, nil
}

// ErrCodeLevel is wrapped by [CodeLevelError].
var ErrCodeLevel = errors.New("the puzzle does not rate as its code's level")

// CodeLevelError is [Decode]'s error for a code whose puzzle does not rate
// as its level letter says: no code the generator hands out.
type CodeLevelError struct {
	Code Code
	// Rated is the level the puzzle rates, when below the letter's.
	Rated Level
	// Above is set when the puzzle needs a step above the letter's level.
	Above bool
	// NeedsGuess is set when logic alone does not solve the puzzle.
	NeedsGuess bool
}

func (e *CodeLevelError) Error() string {
	what := "rates " + e.Rated.String()
	switch {
	case e.NeedsGuess:
		what = "needs a guess"
	case e.Above:
		what = "rates above " + e.Code.Level.String()
	}
	return fmt.Sprintf("decode %v: %v: its puzzle %s", e.Code, ErrCodeLevel, what)
}

func (e *CodeLevelError) Unwrap() error { return ErrCodeLevel }

// grids makes the puzzle and solution of a code, ungraded.
func grids(ctx context.Context, c Code) (puzzle, solution sudoku.Grid, err error) {
	puzzle, solution, err = candidate(ctx, c.Shape, c.Symmetric, c.Seed, planFor(c.Shape, c.Level))
	if err != nil {
		return sudoku.Grid{}, sudoku.Grid{}, err
	}
	t := newTransform(c.Shape, c.Symmetric, c.Seed, c.Transform)
	return t.apply(puzzle), t.apply(solution), nil
}

// Daily returns the puzzle of the day: 9×9, symmetric, of the given level,
// the same for everyone on the same UTC date. It is generated from the date
// (nothing is stored), so it takes as long as any generation: [Pool.Daily]
// keeps it once made. The error is the context's, or wraps [ErrKind] for
// no level.
func Daily(ctx context.Context, date time.Time, level Level) (Puzzle, error) {
	y, m, d := date.UTC().Date()
	k := Kind{Shape: sudoku.Classic, Level: level, Symmetric: true}
	g, err := NewGenerator(k, 0x6461696c79<<24 /* "daily" */ ^uint64(y*10000+int(m)*100+d))
	if err != nil {
		return Puzzle{}, fmt.Errorf("daily %04d-%02d-%02d: %w", y, m, d, err)
	}
	p, err := g.Next(ctx)
	if err != nil {
		return Puzzle{}, fmt.Errorf("daily %04d-%02d-%02d: %w", y, m, d, err)
	}
	return p, nil
}
