// Package game provides the rules of playing a sudoku puzzle to the end: a
// [Game] made from a puzzle and its solution, the player's digits, pencil
// marks, a move history with undo, mistakes counted against the solution,
// hints used, a check that counts wrong digits without naming them, giving
// up, finishing on a correct last move, and team games where each move is
// credited to its player. It also reads moves as people type them ([Parse]).
//
// The package is pure: no I/O, no clock (every time is passed in), no
// transport and no store. A [Game] is saved as a [Saved] value of plain
// strings and numbers that a store keeps and [Load] reads back.
//
// # Moves
//
// A message holds one or more moves, apart by spaces, commas or semicolons:
//
//	r3c5 7   r3c5=7   R3C5 7   r3c5:7   place 7 in row 3, column 5
//	e3 7     E3=7                       the same cell written with a letter:
//	                                    the letter is the row (a = row 1, e =
//	                                    row 5), the number the column, as
//	                                    sudokuwiki.org and boards labelled A-J
//	                                    write them (on 9×9, j is row 9 too)
//	r3c5 0   r3c5 -   r3c5 .            erase the cell (its pencil marks too)
//	r3c5 +12                            add pencil marks 1 and 2
//	r3c5 -12                            remove pencil marks 1 and 2
//	undo     undo 3   undo undo         take back the last move, or several
//	check                               count the wrong digits, naming none
//	hint                                ask for the next logical step
//	mistakes                            show (or hide again) the wrong digits
//	give up                             end the game, showing the solution
//
// Digits above 9 (12×12, 16×16, 25×25 boards) are letters, A = 10 up to
// P = 25, or numbers (r1c1 12); in pencil marks each character is one digit
// (+1AG). Letters and words are read in either case.
//
// [Parse] tells a message that is no move at all (it does not begin with a
// cell or a move word: [ErrNotMove], which a game thread ignores) from a
// malformed one (a [*SyntaxError] with the line and column of the problem,
// which deserves a short answer).
//
// # Rules
//
// [Game.Play] applies the moves of one message together: if one of them
// breaks a rule (changing a given, playing a finished game, another
// member's game), none is applied and the [*RuleError] names that move.
// Placing a digit clears the cell's pencil marks and removes the digit from
// the marks of its row, column and box; undo puts all of it back. A digit
// that is not the solution's counts as a mistake when it is placed, and
// stays counted after it is undone or erased. The last move that makes the
// board the solution finishes the game.
package game
