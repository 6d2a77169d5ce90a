// Package logic solves sudoku the way a person does: one deduction at a time,
// each found by a named technique, and rates puzzles on the Sudoku Explainer
// (SE) scale as SukakuExplainer v1.15.10 does.
//
// A [Grid] holds digits and candidates (pencil marks). Build one from a
// puzzle with [New], or from a puzzle and the pencil marks a person pasted
// with [NewWithCandidates]. [Next] returns the next [Step]: the first
// deduction of the easiest technique that applies, in SukakuExplainer's
// order. A Step carries data, not prose: the technique and its rating, the
// cells, units and digits of the pattern, and its conclusions (placements
// r9c7=6, eliminations r4c9<>4). [Rate] applies steps until the grid is
// solved and reports the rating of the hardest one (the puzzle's ER), that
// step and the step count; [Explain] also keeps the whole path.
//
// Every function takes a context and returns soon after it ends. The package
// does no I/O and depends only on the standard library and [sudoku].
//
// # The ladder
//
// Techniques are tried in this order; the first that finds a step gives it.
// Ratings are SE's.
//
//	1.0       Full House (a unit's last empty cell)
//	1.2, 1.5  Hidden Single in a box; in a row or column
//	1.7, 1.9  Direct Pointing, Direct Claiming (an intersection that leaves a hidden single; the step places it)
//	2.0       Direct Hidden Pair (a hidden pair that leaves a hidden single)
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
//
// Singles, intersections, subsets and fish work on every shape of
// [sudoku.Shapes], so hints work on 6×6 and 16×16 grids too.
package logic
