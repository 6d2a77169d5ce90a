// Package logic solves sudoku the way a person does, one deduction at a
// time, each found by a named technique, and rates puzzles on the Sudoku
// Explainer (SE) scale exactly as SukakuExplainer v1.15.10 does.
//
// A [Grid] holds digits and candidates (pencil marks). Build one from a
// puzzle with [New], or from a puzzle and the pencil marks a person pasted
// with [NewWithCandidates] (one mask per cell, bit d-1 for digit d).
//
//	g, err := logic.New(puzzle)       // candidates from the givens
//	step, err := logic.Next(ctx, g)   // the next deduction
//	err = g.Apply(step)               // carry it out
//	rep, err := logic.Rate(ctx, g)    // rating, hardest step, step count
//	rep, err = logic.Explain(ctx, g)  // the same, with every step in rep.Path
//
// [Next] returns the step SukakuExplainer would take: the first deduction of
// the easiest technique that applies, in its order. A [Step] carries data,
// not prose: the technique (family and SE's name), its [Rating], the cells,
// units and digits of the pattern, the conclusions (placements r9c7=6,
// eliminations r4c9<>4; [Step.Conclusions]) and, for chains, the
// implications that prove it ([Step.Chain]). Wording a hint is the
// renderer's job: "Look at column 4 and row 7: a Skyscraper on 4" comes from
// Units, Name and Digits; the spoiler from Conclusions.
//
// SE finds W-Wings, X-Chains, XY-Chains and alternating inference chains
// (and their loops) as generic forcing chains and cycles, rated as such
// (v1.15.10 has its W-Wing commented out of the ladder). [Step.Pattern] says
// which of these a chain step's implications form, with the pattern's cells
// and digits, so that a hint names it as a player does ("a W-Wing on 3 and
// 4") while the step keeps SE's name and rating.
//
// [Rate] applies steps until the grid is solved and reports the rating of the
// hardest (the puzzle's ER), that step and the step count. It first solves the
// grid with [sudoku.Solve]: a grid with several solutions gets Status
// Multiple and no rating (the uniqueness techniques would be unsound), one
// without solution None, and pencil marks without the solution's digit a
// [CandidateError]. [Next] gives hints on a grid with several solutions too,
// leaving the uniqueness techniques out, and says [ErrMultipleSolutions] when
// logic stops there. When no technique applies, Rate reports NeedsGuess and
// Next [ErrNeedsGuess].
//
// Every function takes a context and returns soon after it ends (the chain
// searches poll it per cell). Functions are safe for concurrent use on
// different grids. The package does no I/O and depends only on the standard
// library and [sudoku].
//
// # The ladder
//
// Techniques are tried in this order, SukakuExplainer's with its default
// settings; the first that finds a step gives it. Ratings are SE's. The
// techniques above the line work on every shape of [sudoku.Shapes], so hints
// work on 4×4 to 25×25 grids; below it, XY- and XYZ-Wings too. On the other
// shapes, where SE defines no order to match, Turbot Fish with plain strong
// links come after Hidden Triplet and forcing chains (X-Chains, then chains
// of both link kinds, rated 6.6 and 7.0 plus SE's length bonus: XY-Chains,
// W-Wings and other AICs, which [Step.Pattern] names) end the ladder; the
// rest is 9×9 only.
//
//	1.0       Full House (a unit's last empty cell)
//	1.2, 1.5  Hidden Single in a box; in a row or column
//	1.7, 1.9  Direct Pointing, Direct Claiming (an intersection leaving a hidden single; the step places it)
//	2.0       Direct Hidden Pair (a hidden pair leaving a hidden single)
//	2.3       Naked Single
//	2.5       Direct Hidden Triplet
//	2.6, 2.8  Pointing, Claiming
//	3.0       Naked Pair
//	3.2       X-Wing
//	3.4       Hidden Pair
//	3.6       Naked Triplet
//	3.8       Swordfish
//	4.0       Hidden Triplet
//	5.0       Naked Quad
//	5.2       Jellyfish
//	5.4       Hidden Quad
//	---------
//	4.0-4.3   Turbot Fish: Skyscraper 4.0, Two-string Kite 4.1, Turbot Crane 4.2, grouped forms 4.3
//	          (tried after Hidden Triplet)
//	4.2, 4.4  XY-Wing, XYZ-Wing
//	4.5-5.3   Unique Rectangles and Loops, types 1 to 4 (4.5 a rectangle, 4.6 a loop of 6, 4.7 of 8,
//	          5.0 of 10 or more; type 3 adds 0.1 per extra cell of its naked or hidden set)
//	          (tried before Naked Quad)
//	5.4-5.7   3 strong links: 3 Skyscrapers 5.4, with a box 5.5, 3-String Kite 5.6, grouped 5.7
//	          (after Hidden Quad)
//	5.5, 5.6  WXYZ-Wing (an almost locked set of 3 cells and a bivalue cell)
//	5.6-6.2   BUG (bivalue universal grave): type 1 5.6, types 2 and 4 5.7, type 3 5.8 and up
//	6.2-6.4   VWXYZ-Wing (an almost locked set of 4 cells and a bivalue cell)
//	6.2       Aligned Pair Exclusion
//	6.5+      Bidirectional X-Cycles and Y-Cycles 6.5, Forcing X-Chains 6.6, Bidirectional Cycles
//	          and Forcing Chains (alternating inference chains) 7.0, each plus its length bonus
//	7.5       Aligned Triplet Exclusion
//	7.5+      Nishio Forcing Chains
//	8.0+      Cell and Region Forcing Chains
//	8.5+      Dynamic Forcing Chains (forcing nets): contradiction, double, cell and region
//	9.0+      Dynamic Forcing Chains (+): the same, also following what pointing, claiming,
//	          hidden and naked pairs and X-Wings conclude along the way
//	9.5+      Dynamic Forcing Chains (+ Forcing Chains): also what every forcing chain and
//	          cycle of the grid the assumption leaves concludes (their complexity adds up)
//	10.0+     Dynamic Forcing Chains (+ Multiple Forcing Chains): also every cell and region
//	          forcing chain of that grid
//
// A chain's rating grows with its complexity (the candidates it uses, as SE
// counts them): 0.1 each time complexity-2 passes 4, 6, 8, 12, 16, 24, 32,
// 48, 64, ... SE's deepest level (10.5+, dynamic forcing chains within) is
// not implemented: puzzles that need it get NeedsGuess. A rating that runs
// out of time says how far it got (Report.AtLeast).
//
// # Agreement with SukakuExplainer
//
// The ratings match SukakuExplainer v1.15.10 (the git tag, built beside the
// project) on every puzzle of ../shared/data/se_rated.csv, 1,587 puzzles of
// the public-domain Sudoku Exchange puzzle bank rated 2.5 to 9.3 (the
// TestShared test checks them all, and every step against the solution):
//
//	band      puzzles  exact        within 0.3
//	2.5-2.9      90     90 (100%)    90 (100%)
//	3.0-3.9     150    150 (100%)   150 (100%)
//	4.0-4.9     253    253 (100%)   253 (100%)
//	5.0-5.9     240    240 (100%)   240 (100%)
//	6.0-6.9     223    223 (100%)   223 (100%)
//	7.0-7.9     270    270 (100%)   270 (100%)
//	8.0-8.9     280    280 (100%)   280 (100%)
//	9.0-9.3      81     81 (100%)    81 (100%)
//	all        1587   1587 (100%)  1587 (100%)
//
// Matching SE exactly takes its search orders, not only its rules: the
// first step found decides what follows. So each technique enumerates as SE
// does (units, digits, combinations in its orders), and sorts what it
// collects as SE does (Turbot Fish, 3 strong links and the wings by rating,
// then most eliminations; chains by difficulty, complexity and kind). The
// chains follow SE's propagation exactly: ons before offs, box then row then
// column, the hidden parents of dynamic chains, so that complexities (and
// ratings) are SE's to the candidate.
//
// # Speed
//
// The engine does what SE does, but leaner: one search from each candidate
// serves both its cycles and its forcing chains; searches stop at the length
// that can no longer beat the best chain found; implications of static chains
// are tabulated once per step; propagations are shared between cell and
// region forcing chains; techniques that read one digit at a time remember
// the digits where they found nothing while those digits' candidates stay
// the same, and aligned triplet exclusion the triples. Rating the whole
// se_rated.csv in one process on one core (GOMAXPROCS=1) of the project's
// shared 2-core machine, right after SukakuExplainer v1.15.10 in the same
// conditions: SE 254 s CPU (423 s wall), this package 7.7-7.9 s CPU
// (7.9-12 s wall), some 32 times faster. Per puzzle (BenchmarkRate, fastest
// of 3): 0.4 ms up to 3.9, 0.6-2.3 ms for 4.0-6.9, 6 ms for 7.x, 17 ms for
// 8.x, 51 ms for 9.x, 81 ms at most. A hint (BenchmarkNext, every grid along
// the paths): 10-50 µs on average and at most 1.1 ms up to 6.9; 0.18 ms on
// average and at most 3.4 ms for 7.x.
package logic
