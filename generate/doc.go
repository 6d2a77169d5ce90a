// Package generate makes sudoku puzzles to play: with exactly one solution,
// minimal (removing any given makes the puzzle ambiguous), graded by the
// logic engine ([logic.Rate]) into a [Level], and reproducible from a short
// [Code]. It is pure: no I/O, no logging, no clock (but for [Pool]'s
// refill pacing and defaults).
//
// # What to call
//
//   - [NewGenerator] and [Generator.Next]: puzzles of one [Kind] (shape,
//     level, symmetric or not), the same ones for the same seed.
//   - [Decode] with [ParseCode]: the puzzle behind a code such as
//     #9H-abb63100, made again and graded; [FindCode] finds the code in a
//     message (the puzzle message a person replies to).
//   - [Daily]: the day's puzzle of a level for a UTC date (9×9, symmetric).
//   - [Pool]: serves puzzles of any kind at once ([Pool.Get]) and the day's
//     puzzles ([Pool.Daily]), refilled in the background by [Pool.Run]
//     within a bounded share of one core and bounded memory.
//   - [ParseKind], [ParseLevel]: the words of a request ("hard 16x16
//     symmetric") into a Kind.
//
// A [Puzzle] carries its givens, its solution (never to be shown unasked),
// its level, SE rating, hardest technique and code.
//
// # Levels
//
// A level is the logic engine's difficulty word for a puzzle's SE rating
// ([LevelOf], [Level.Range]): Easy up to 2.0, Medium 2.1-2.9, Hard 3.0-3.9,
// Expert 4.0-6.1, Extreme 6.2 and up. The generator also requires that
// singles alone solve an Easy puzzle. [TopLevel] says how far each shape
// goes.
//
// # How puzzles are made
//
// A base seed gives a random solution grid (a depth-first fill in a random
// order) and an order in which givens are removed while the puzzle stays
// unique; one pass in that order makes it minimal (symmetric pairs at a
// time for symmetric kinds). Each removal is checked without a search when
// it can be: a single puts the given back at once (it can go), or it is the
// last given of an unavoidable set of the solution (it cannot); otherwise
// the solver looks for a solution with another digit there. For Easy, a first pass removes only what keeps
// the puzzle within hidden singles. 12×12 and 16×16 puzzles are repaired
// into minimal ones that the level's techniques solve. Quick tiers of easy
// techniques (singles, intersections, subsets, fish, turbot fish, XY-Wings)
// tell which level a candidate may be before the engine rates it; the
// engine's rating decides (for Expert, step by step, stopping at the first
// step above 6.4). A transform (digits relabelled; bands, stacks,
// rows and columns permuted; transposed) of a graded puzzle is another
// puzzle of the same rating: codes carry one, and [Pool] serves them when
// nothing is ready.
//
// The random streams are this package's own (SplitMix64), so a code gives
// the same grid on every machine and Go version; testdata/codes.golden pins
// that.
package generate
