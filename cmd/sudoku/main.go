// Command sudoku solves and benchmarks sudoku puzzles written one per line.
//
// Usage:
//
//	sudoku solve [-timeout d] [FILE]
//	sudoku bench [-first] [-runs n] FILE...
//	sudoku png [-o DIR] [-theme dark|light] [-size px] [-coords] [-marks] [-n N] [-timeout d] FILE
//	sudoku rate [-timeout d] [FILE]
//	sudoku hint [-timeout d] [FILE]
//	sudoku explain [-timeout d] [FILE]
//	sudoku new [-level L] [-size N] [-n COUNT] [-seed S] [-symmetric] [-v]
//	sudoku daily [-date YYYY-MM-DD] [-level L] [-v]
//	sudoku candidates [-timeout d] LINK...
//	sudoku read [-kinds] [-timeout d] FILE...
//
// A puzzle is one line of 16, 36, 64, 81, 144, 256 or 625 symbols (4×4 to
// 25×25 grids, row by row): '.' or '0' for an empty cell, '1'-'9' for 1 to 9
// and 'A'-'Z' (or 'a'-'z') for 10 and up, so 16×16 puzzles use 1-9A-G:
//
//	53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79
//
// Blank lines are ignored; surrounding spaces and a final '\r' are trimmed.
//
// solve reads FILE, or standard input when there is none, and prints one line
// per puzzle: the solution in the same one-line form, a space and "unique" or
// "multiple"; or "none" (no solution), "invalid <first conflict>", "timeout
// <reason>" (the -timeout per puzzle, default 10s, passed) or "error <reason>"
// for a line it cannot read, which is also reported on standard error with its
// line number. The exit status is 1 if any line could not be read.
//
// solve also reads a line holding an f-puzzles or SudokuPad link to a
// variant puzzle (see package variant/link): it prints the solution and
// "unique" or "multiple" as for a grid, "- none" when the puzzle has no
// solution, or "error <reason>" for a link it cannot read (a short link,
// bad data), reported on standard error too; rate, hint, explain, bench
// and png report a link's line as a line they cannot read. A link is found
// only on a line that is not a grid and holds a '/'. candidates prints the
// true candidates of each LINK (the digits each cell holds in some
// solution), one row of the grid a line, then a blank line; -timeout
// (default 1m) bounds each.
//
// bench solves every puzzle of each FILE, counting to two solutions (with
// -first, stopping at the first), verifies every solution (complete,
// consistent, keeping the givens) and prints per file: puzzles, puzzles per
// second, microseconds per puzzle, average guesses per puzzle, the slowest
// puzzle's time and line, and how many were unique, multiple or without
// solution. Times are those of the solve calls alone (reading and verifying
// are left out); the slowest puzzle's time is the best of 4 runs of each of
// the 10 slowest, since one timing on a busy machine can be far off; -runs n
// times each file n times and reports the fastest run. A line it cannot read
// is reported with its line number and the file is not timed; the exit
// status is then 1, as it is for a wrong solution.
//
// png writes one picture per puzzle of FILE into DIR (-o, default the
// current directory, made if missing), named after FILE and the line:
// puzzles.txt line 7 becomes DIR/puzzles-0007.png. The picture is the
// solution with the givens marked (one of them, said on standard error, when
// there are several); a puzzle that breaks the rules is drawn with its
// conflicts, and one without solution or not solved within -timeout
// (default 10s) as it is, each with a note on standard error. -marks draws
// each puzzle with its candidates as pencil marks instead of solving it;
// -coords numbers the rows and columns; -theme picks the colours (dark by
// default); -size the largest width and height in pixels (default by grid
// size, 300 for 4×4 to 900 for 25×25); -n stops after N pictures. Each
// path written is printed on standard output. A line it cannot read, or a
// picture it cannot draw or write, is reported with its line number, and the
// exit status is then 1.
//
// rate, hint and explain solve each puzzle of FILE (or standard input) with
// the logic engine, giving up on a puzzle after -timeout (default 10s). rate
// prints one line per puzzle, its Sudoku Explainer rating and hardest
// technique ("4.2 XY-Wing"), or a dash and the reason there is none: "-
// multiple", "- none" (no solution), "- invalid" (a digit twice in a unit),
// "- needs-guess" (logic stops), "- solved" (the grid is complete already),
// "- timeout", "- error <reason>". hint prints the next step of each puzzle
// as "RATING TECHNIQUE: CONCLUSIONS", for example "3.2 X-Wing: r1c5<>4
// r8c5<>4" (placements as r9c7=6), or a dash and the reason as rate gives
// it; explain prints every step of each puzzle in that form, then an empty
// line (after the last step, the dash line when logic did not solve it, or
// "- solved" alone for a complete grid). rate -stats also prints, to standard error, the
// number of puzzles, the time per puzzle and the slowest puzzle per rating
// band.
//
// new prints COUNT (default 1) puzzles of a level (easy, medium, hard,
// expert or extreme; default hard) and size (4, 6, 8, 9, 12 or 16, written
// 6, 6x6 or 6×6; default 9), one per line in the form above and nothing else: minimal puzzles with
// one solution, rated by the logic engine within the level, with -symmetric
// givens symmetric through the centre. The same flags print the same
// puzzles; without -seed the seed comes from the clock and is printed on
// standard error. -v prints each puzzle's code (which the bot turns back
// into the puzzle), level, rating and hardest technique on standard error.
// daily prints the day's puzzle of a UTC date (default today), 9×9 and
// symmetric, of the level (default hard): the same for everyone. Both give
// up after -timeout (default 1m) per puzzle.
//
// read reads the sudoku in each picture FILE (a photo or a screenshot in
// JPEG, PNG, WebP, GIF or BMP) and prints one line per file: "FILE GRID",
// GRID being 81 characters ('.' for a cell without a digit, pencil marks
// only included, else the digit), or "FILE - no grid" or "FILE - error:
// REASON" (a file that is not a picture, a damaged or huge one, a grid whose
// cells could not be read: the reason names them). With -kinds a third
// field of 81 letters gives each cell's kind: g printed given, f filled in
// (by hand or in an app's entry colour), m pencil marks only, . empty. Each
// picture gets -timeout (default 10s). The exit status is 1 if any file was
// not read.
package main

import "os"

func main() {
	os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}
