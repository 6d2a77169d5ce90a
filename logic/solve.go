package logic

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/sudokubot/sudokubot/sudoku"
)

// producer is one rung of the ladder: a search that emits the steps of one
// or more techniques, in Sukaku Explainer's order.
type producer struct {
	name string
	find func(s *search, emit emitFunc) bool
	// uniqueness marks techniques that assume the puzzle has one solution
	// (unique rectangles and loops, BUG): they are skipped otherwise.
	uniqueness bool
	// proper marks the nested forcing chains: sound on any grid, but made
	// to rate the hardest proper puzzles, and slow on a grid with few
	// digits; they too are skipped on a grid with several solutions.
	proper bool
	// only9 marks techniques written for the 9×9 shape only; others those
	// for the other shapes only.
	only9, others bool
	// least is the lowest rating of the steps it finds (0: not given; only
	// the slow rungs say, for the floor of a search that runs out of time).
	least Rating
}

// search is the state of one step search: the grid, the options and the
// context whose deadline the slow techniques poll.
type search struct {
	ctx  context.Context
	g    *Grid
	uniq bool // the grid has exactly one solution
	err  error
	// chainer keeps the chain searches' buffers from one step to the next.
	chainer *chainer
	// memos remember, per technique, the digits on which it found nothing.
	memos map[string]*digitMemo
	// triples remembers, per set of three cells (tripleIndex), the
	// fingerprint of the candidates on which an aligned triplet exclusion
	// found nothing; 0 for none (see tripleMemos).
	triples *tripleTable
	// floor is, when the context ended during a search, the lowest rating
	// the step searched for can have: every easier rung found nothing.
	floor Rating
}

// expired reports (and records) whether the context has ended.
func (s *search) expired() bool {
	if s.err != nil {
		return true
	}
	if err := s.ctx.Err(); err != nil {
		s.err = err
		return true
	}
	// The context's timer can fire late on a busy machine (its goroutine
	// waits for a thread): the clock says when the deadline has passed.
	if d, ok := s.ctx.Deadline(); ok && !time.Now().Before(d) {
		s.err = context.DeadlineExceeded
		return true
	}
	return false
}

// ladder returns the producers for the grid's shape, easiest first.
func ladder(geo *geom) []producer {
	basic := []producer{
		{name: "hidden singles", find: func(s *search, e emitFunc) bool { return findHiddenSingles(s.g, e) }},
		{name: "direct intersections", find: func(s *search, e emitFunc) bool { return findLocking(s.g, true, e) }},
		{name: "direct hidden pairs", find: func(s *search, e emitFunc) bool { return findHiddenSets(s.g, 2, true, e) }},
		{name: "naked singles", find: func(s *search, e emitFunc) bool { return findNakedSingles(s.g, e) }},
		{name: "direct hidden triplets", find: func(s *search, e emitFunc) bool { return findHiddenSets(s.g, 3, true, e) }},
		{name: "intersections", find: func(s *search, e emitFunc) bool { return findLocking(s.g, false, e) }},
		{name: "naked pairs", find: func(s *search, e emitFunc) bool { return findNakedSets(s.g, 2, e) }},
		{name: "x-wings", find: func(s *search, e emitFunc) bool { return findFish(s.g, 2, e) }},
		{name: "hidden pairs", find: func(s *search, e emitFunc) bool { return findHiddenSets(s.g, 2, false, e) }},
		{name: "naked triplets", find: func(s *search, e emitFunc) bool { return findNakedSets(s.g, 3, e) }},
		{name: "swordfish", find: func(s *search, e emitFunc) bool { return findFish(s.g, 3, e) }},
		{name: "hidden triplets", find: func(s *search, e emitFunc) bool { return findHiddenSets(s.g, 3, false, e) }},
		{name: "turbot fish", find: findTurbotFish, only9: true},
		{name: "turbot fish, any shape", find: func(s *search, e emitFunc) bool { return findTurbotFishN(s.g, e) }, others: true},
		{name: "xy-wings", find: func(s *search, e emitFunc) bool { return findXYWing(s.g, false, e) }},
		{name: "xyz-wings", find: func(s *search, e emitFunc) bool { return findXYWing(s.g, true, e) }},
		{name: "unique loops", find: func(s *search, e emitFunc) bool { return findUniqueLoops(s.g, e) }, only9: true, uniqueness: true},
		{name: "naked quads", find: func(s *search, e emitFunc) bool { return findNakedSets(s.g, 4, e) }},
		{name: "jellyfish", find: func(s *search, e emitFunc) bool { return findFish(s.g, 4, e) }},
		{name: "hidden quads", find: func(s *search, e emitFunc) bool { return findHiddenSets(s.g, 4, false, e) }},
		{name: "3 strong links", find: findThreeStrongLinks, only9: true},
		{name: "wxyz-wings", find: func(s *search, e emitFunc) bool { return findALSWing(s.g, 3, e) }, only9: true},
		{name: "bug", find: func(s *search, e emitFunc) bool { return findBUG(s.g, e) }, only9: true, uniqueness: true},
		{name: "vwxyz-wings", find: func(s *search, e emitFunc) bool { return findALSWing(s.g, 4, e) }, only9: true},
		{name: "aligned pair exclusion", find: func(s *search, e emitFunc) bool { return findAlignedPairExclusion(s.g, e) }, only9: true},
		{name: "unary chains", find: findUnaryChains, only9: true, least: 65},
		{name: "forcing chains, any shape", find: findChainsN, others: true, least: 66},
		{name: "aligned triplet exclusion", find: findAlignedTripleExclusion, only9: true, least: 75},
		{name: "nishio chains", find: func(s *search, e emitFunc) bool {
			return findMultipleChains(s, true, true, false, 0, NishioForcingChain, e)
		}, only9: true, least: 75},
		{name: "multiple chains", find: func(s *search, e emitFunc) bool {
			return findMultipleChains(s, false, false, true, 0, MultipleForcingChain, e)
		}, only9: true, least: 80},
		{name: "dynamic chains", find: func(s *search, e emitFunc) bool {
			return findMultipleChains(s, true, false, true, 0, DynamicForcingChain, e)
		}, only9: true, least: 85},
		{name: "dynamic chains (+)", find: func(s *search, e emitFunc) bool {
			return findMultipleChains(s, true, false, true, 1, DynamicForcingChainPlus, e)
		}, only9: true, proper: true, least: 90},
		{name: "nested chains (+ forcing chains)", find: func(s *search, e emitFunc) bool {
			return findMultipleChains(s, true, false, true, 2, NestedForcingChain, e)
		}, only9: true, proper: true, least: 95},
		{name: "nested chains (+ multiple forcing chains)", find: func(s *search, e emitFunc) bool {
			return findMultipleChains(s, true, false, true, 3, NestedForcingChain, e)
		}, only9: true, proper: true, least: 100},
	}
	out := basic[:0]
	for _, p := range basic {
		if geo.shape == sudoku.Classic && !p.others || geo.shape != sudoku.Classic && !p.only9 {
			out = append(out, p)
		}
	}
	return out
}

// next returns the first step of the first producer that finds one.
func (s *search) next(prods []producer) (Step, bool) {
	var found Step
	ok := false
	for i, p := range prods {
		if (p.uniqueness || p.proper) && !s.uniq {
			continue
		}
		p.find(s, func(st Step) bool {
			found, ok = st, true
			return false
		})
		if ok {
			break
		}
		if s.expired() {
			s.floor = floorOf(prods[i:])
			break
		}
	}
	return found, ok
}

// floorOf returns the lowest rating a step of the rungs prods can have, as
// far as they say (0 when one does not).
func floorOf(prods []producer) Rating {
	f := prods[0].least
	for _, p := range prods {
		f = min(f, p.least)
	}
	return f
}

// Status is the outcome of rating a puzzle.
type Status uint8

// The outcomes of [Rate] and [Explain]. The zero Status is never returned.
const (
	_          Status = iota
	Solved            // logic solved the grid; Report.Rating is its SE rating
	NeedsGuess        // no technique of the ladder applies before the grid is solved
	Multiple          // the grid has several solutions, so it has no rating
	None              // the grid has no solution (or its pencil marks exclude it)
	Invalid           // a digit appears twice in a unit
	TimedOut          // the context's deadline passed first
	Cancelled         // the context was cancelled first
)

var statusNames = [...]string{"", "solved", "needs-guess", "multiple", "none", "invalid", "timeout", "cancelled"}

// String returns a lower-case word for the status, as `sudoku rate` prints it.
func (s Status) String() string {
	if s > 0 && int(s) < len(statusNames) {
		return statusNames[s]
	}
	return fmt.Sprintf("Status(%d)", uint8(s))
}

// Report is what [Rate] and [Explain] found.
type Report struct {
	Status Status
	// Rating is the SE rating: the highest rating of the steps taken (for
	// NeedsGuess, TimedOut and Cancelled, of the steps taken so far).
	Rating Rating
	// Hardest is the first step that reached Rating.
	Hardest Step
	// Steps is the number of steps taken.
	Steps int
	// Path holds every step in order, for [Explain] only.
	Path []Step
	// Remaining is the grid where logic stopped (NeedsGuess, TimedOut,
	// Cancelled) or the solved grid.
	Remaining *Grid
	// AtLeast is, for TimedOut, the least rating the puzzle can have: the
	// rating of the steps taken, or more when the search that ran out of
	// time was past the rungs of easier techniques (searching the 9.0
	// forcing chains means every step rated less was looked for and not
	// found). It is Rating for the other statuses.
	AtLeast Rating
}

// ErrNeedsGuess is returned by [Next] when no technique of the ladder applies.
var ErrNeedsGuess = errors.New("no logical step found: the grid needs a guess")

// ErrSolved is returned by [Next] for a grid with every cell filled.
var ErrSolved = errors.New("the grid is already solved")

// ErrMultipleSolutions is returned by [Next] when logic stops on a grid that
// has several solutions (uniqueness techniques are then left out).
var ErrMultipleSolutions = errors.New("the grid has several solutions")

// ErrNoSolution is returned by [Next] and [Rate] when the grid has no
// solution: a digit placed is wrong, although no rule is broken yet.
var ErrNoSolution = errors.New("the grid has no solution")

// ErrWrongCandidates is wrapped by a [CandidateError] when the pencil marks
// of a cell lack the digit the solution puts there.
var ErrWrongCandidates = errors.New("the pencil marks exclude the solution")

// check solves the grid's digits and compares the solution with the pencil
// marks. It returns whether the grid has exactly one solution, and the
// error for a grid with no solution, wrong marks, or an ended context.
func check(ctx context.Context, g *Grid) (unique bool, st Status, err error) {
	res, err := sudoku.Solve(ctx, g.Sudoku(), 2)
	switch res.Status {
	case sudoku.Unique:
		for i, m := range g.cands {
			if g.values[i] != 0 {
				continue
			}
			d := res.Solution.At(i)
			if m&(1<<(d-1)) == 0 {
				return false, None, fmt.Errorf("logic: %w", &CandidateError{Cell: g.geo.cellOf(i), Digit: d, Err: ErrWrongCandidates})
			}
		}
		return true, Solved, nil
	case sudoku.Multiple:
		return false, Multiple, nil
	case sudoku.None:
		return false, None, fmt.Errorf("logic: %w", ErrNoSolution)
	case sudoku.Invalid:
		return false, Invalid, fmt.Errorf("logic: %w", err)
	case sudoku.TimedOut:
		return false, TimedOut, fmt.Errorf("logic: %w", err)
	}
	return false, Cancelled, fmt.Errorf("logic: %w", err)
}

// Next returns the next step Sukaku Explainer would take on g: the first
// step of the easiest technique that applies. g is not changed; apply the
// step with [Grid.Apply].
//
// It fails with [ErrSolved] for a solved grid; [ErrNoSolution] or a
// *[CandidateError] wrapping [ErrWrongCandidates] when the grid cannot be
// completed as it stands (a wrong digit, or pencil marks without the
// solution's digit); [ErrNeedsGuess] when no technique applies; and, for a
// grid with several solutions, [ErrMultipleSolutions] when no technique
// applies (techniques that assume a unique solution are left out there). When
// ctx ends first the error wraps ctx.Err().
func Next(ctx context.Context, g *Grid) (Step, error) {
	if g.Solved() {
		return Step{}, ErrSolved
	}
	uniq, _, err := check(ctx, g)
	if err != nil {
		return Step{}, err
	}
	s := &search{ctx: ctx, g: g, uniq: uniq}
	defer s.release()
	step, ok := s.next(ladder(g.geo))
	switch {
	case s.err != nil:
		return Step{}, fmt.Errorf("logic: next step: %w", s.err)
	case ok:
		return step, nil
	case !uniq:
		return Step{}, ErrMultipleSolutions
	}
	return Step{}, ErrNeedsGuess
}

// Rate solves g with logic alone, always taking the step [Next] would take,
// and reports the puzzle's rating on the SE scale (the rating of the hardest
// step), its hardest step and the number of steps. g is not changed.
//
// The Status says how it ended. The error is nil for Solved, NeedsGuess and
// Multiple (a grid with several solutions is not rated: uniqueness
// techniques would be unsound there). For None it is [ErrNoSolution] or a
// *[CandidateError]; for Invalid it wraps a *[sudoku.ConflictError]; for
// TimedOut and Cancelled it wraps ctx.Err().
func Rate(ctx context.Context, g *Grid) (Report, error) {
	return rate(ctx, g, false)
}

// Explain is [Rate] that also records the path: every step in order, in
// Report.Path.
func Explain(ctx context.Context, g *Grid) (Report, error) {
	return rate(ctx, g, true)
}

func rate(ctx context.Context, g *Grid, keep bool) (Report, error) {
	_, st, err := check(ctx, g)
	if err != nil || st == Multiple {
		return Report{Status: st}, err
	}
	w := g.Clone()
	rep := Report{Remaining: w}
	s := &search{ctx: ctx, g: w, uniq: true}
	defer s.release()
	prods := ladder(w.geo)
	for !w.Solved() {
		step, ok := s.next(prods)
		if s.err != nil {
			rep.Status = TimedOut
			if !errors.Is(s.err, context.DeadlineExceeded) {
				rep.Status = Cancelled
			}
			rep.AtLeast = max(rep.Rating, s.floor)
			return rep, fmt.Errorf("logic: rate: %w", s.err)
		}
		if !ok {
			rep.Status = NeedsGuess
			rep.AtLeast = rep.Rating
			return rep, nil
		}
		if err := w.Apply(step); err != nil {
			return rep, fmt.Errorf("logic: rate: %w", err)
		}
		rep.Steps++
		if step.Rating > rep.Rating {
			rep.Rating, rep.Hardest = step.Rating, step
		}
		if keep {
			rep.Path = append(rep.Path, step)
		}
	}
	rep.Status = Solved
	rep.AtLeast = rep.Rating
	return rep, nil
}
