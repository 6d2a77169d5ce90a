// Package parser reads a sudoku grid from the text of a Discord message.
//
// [Parse] takes everything after the command and returns a [sudoku.Grid] of
// the size the text implies, or an [*Error] saying where and why it could
// not. It reads grids; it does not judge them: a digit twice in a row parses
// fine, and [sudoku.Validate] reports it.
//
// # Formats
//
// One line of cells, row by row (81 for a 9×9 grid):
//
//	53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79
//
// One line per row, with or without spaces:
//
//	5 3 . . 7 . . . .
//	6 . . 1 9 5 . . .
//	. 9 8 . . . . 6 .
//
// A drawn board, with |, -, +, = or box-drawing characters, such as the
// bot's own replies (brackets and arrows that mark given or conflicting
// digits are ignored):
//
//	[5][3] 4 | 6 [7] 8 | 9  1  2
//	---------+---------+---------
//	+-------+-------+-------+     ┌───────┬───────┐
//	| 5 3 . | . 7 . | . . . |     │ 5 3 . │ . 7 . │
//
// Cells separated by commas or written as a JSON array, with strings or
// numbers (LeetCode style), where 0 or "." is empty:
//
//	[["5","3",".",".","7",".",".",".","."],
//	 ["6",".",".","1","9","5",".",".","."],
//	 [5,3,0,0,7,0,0,0,0], ...]
//
// Any of these may be wrapped in a Markdown code fence (with or without a
// language tag) or in single backticks. When the text has a code fence only
// what is inside the first fenced block is read, so a whole reply of the bot
// (status line, fenced grid, legend) can be copied, edited and sent back.
// Spaces, tabs, blank lines, CRLF or CR line endings, spoiler bars (||),
// quote marks (> at the start of a line), typographic quotes and zero-width
// characters are ignored. Full-width characters (１２３, ．) count as their
// ASCII twins.
//
// # Sizes and symbols
//
// The size comes from the number of cells: 16 (4×4), 36 (6×6), 64 (8×8),
// 81 (9×9), 144 (12×12), 256 (16×16) or 625 (25×25). An empty cell is
// written . 0 _ - * or x. Values above 9 are letters, A for 10 up to P for
// 25 (12×12 uses 1-9 and A-C, 16×16 1-9 and A-G, 25×25 1-9 and A-P), in
// either case, or numbers of two digits when cells are separated (10 11 12).
//
// A line made only of - or _ (and |) is a row of empty cells when it has as
// many cells as most other rows, or when nothing else is there, unless the
// grid only has a valid size without such lines; otherwise it is a rule. A
// line with + = or box drawing and no digit is always a rule.
//
// A word of two or more digits between separators (such as 534 or 10) is
// read digit by digit when that gives a valid number of cells, and as one
// number when only that does; when both readings give a valid size the
// error wraps [ErrAmbiguous].
//
// The 16×16 rule for the common 0-F convention: when every cell is written
// with one character, a 16×16 grid that contains a G uses 1-G, and a 0 in it
// is an error ([ErrBadDigit]: "digit 0 is not allowed in a 16×16 grid using
// 1–G"); one that contains a 0 and no G uses 0-F, 0 meaning 1 and F meaning
// 16; any other uses 1-G. In every other size, and in a 16×16 grid written
// with numbers of two digits, 0 is an empty cell.
//
// # Errors and positions
//
// Errors are [*Error] values wrapping a sentinel (ErrEmpty, ErrTooLong,
// ErrBadChar, ErrCellCount, ErrRowLength, ErrBadDigit, ErrAmbiguous), with
// the line and column they concern counted from 1: lines of the whole
// message, columns in characters (code points), a tab counting as one.
// Rows too, in messages, are counted from 1 among the lines that hold cells.
//
// Parse runs in time linear in the length of its input and refuses input
// longer than [MaxInputBytes].
package parser
