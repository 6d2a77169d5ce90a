// Package variant solves variant Sudoku: grids of 4×4 to 16×16 with
// irregular regions (or none) and the rules that setters add to them —
// killer cages, thermometers, arrows, kropki dots, lines of many kinds,
// clues outside the grid and global rules such as anti-knight.
//
// A [Puzzle] is its size, its regions, its givens, the extra groups whose
// digits may not repeat ([Group]: diagonals, extra regions, disjoint
// groups, cages) and its [Constraint] values. Every constraint is a value
// that states its cells, narrows the candidates of a [State] (for example a
// cage by the digit sets that make its sum, a thermometer by order, a dot
// by the pairs it allows) and says whether filled digits break it. The
// engine calls constraints only through that interface: it keeps
// candidates as bitmasks ([Digits]), propagates rows, columns, regions and
// groups (naked and hidden singles, locked candidates) and every constraint
// whose cells changed until nothing changes, then branches on the cell with
// the fewest candidates for the contradictions its rules and groups have
// met so far (where the search keeps failing). Sums are derived from the
// rules: killer cages inside a row, column or region fix the sum of its
// other cells (the "45 rule"), and a long search adds the sums of set
// equivalence ([SetSum]: k rows and k columns hold the same digits).
//
// [Solve] counts solutions up to a limit under the context's deadline
// (two is enough to prove a puzzle unique), [TrueCandidates] gives the
// digits that appear in some solution of each cell, and [Check] names the
// rules that filled digits break. Cells are numbered row by row from 0;
// digits run from 1 to the size. The package is pure: no I/O, no logging.
// Reading puzzles from f-puzzles and SudokuPad links is package
// variant/link's job.
package variant
