// Package parser finds the sudoku grid in the text of a Discord message and
// reads it, the way a person would: as pasted from an app, a file or a page,
// with the words around it.
//
// [Read] returns a [Puzzle]: the [sudoku.Grid], the pencil marks when the
// grid had them, the [Notation] the values were written in (so that the
// answer can use it) and notes for the person. [Parse] returns the grid
// alone. Either returns an [*Error] saying where and why when the text holds
// no grid, or more than one; they never pick a grid by guess. They read
// grids; they do not judge them: a digit twice in a row reads fine, and
// [sudoku.Validate] reports it.
//
// # Finding the grid
//
// The text is read line by line. A line with a word of two letters or more
// that no grid writes (one letter above P, as in "Puzzle", "board" or
// "Difficulty", or above G, as in "hello", unless the grid is 25×25), a line
// starting with # or //, and anything after a # are text, left out: titles,
// labels, comments and footers; but four lines or more that start with "# "
// and hold nothing else than a board's characters are a board written as
// comments (a README's code sample), read without their "# ", as lines
// quoted with "> " (or ">>> ") are read without it. Lines of cells between
// them form blocks; Markdown code fences end a block, blank lines do not. On a line of text,
// the cells between the words, or after an = (board = [[…]], ?bd=…), are
// read too, and so is a word of cells that is a whole grid by itself, such
// as HoDoKu's :0000:x:<81 cells>::: or the 81 digits of a link. The message
// must hold exactly one grid:
//
//   - a puzzle and its solution (on one line, Kaggle's puzzle,solution, or
//     one after the other) give the puzzle, with a note;
//   - the same grid twice counts once;
//   - two other grids are refused (ErrAmbiguous), naming both (by their
//     columns when they share a line);
//   - cells that make a grid only without a line of text among them (an
//     "img" line between rows) are refused (ErrCellCount), naming the line;
//   - cells apart from the grid are refused (ErrExtra) unless they are fewer
//     than a row, then left out with a note.
//
// When the text gives no grid as written, it is read once more without the
// coordinates of a board (a line of column labels 1 to 9, a to i or c1 to
// c9; row labels A to I or J, 1 to 9, 9 down to 1, r1, "Row 1:"), and
// without a line just outside a board's frame (pzl's "3, 3" above it), with
// a note. A grid whose first column happens to read 1, 2, 3 … keeps it.
//
// # Formats
//
// One line of cells, row by row (81 for a 9×9 grid), empty cells written
// . 0 - _ * or x (HoDoKu, SadMan, Sudoku Explainer, qqwing, Kaggle):
//
//	53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79
//
// One line per row, with or without spaces or commas between cells:
//
//	5 3 . . 7 . . . .
//	6,0,0,1,9,5,0,0,0
//
// A drawn board, with | - + = : * . ' or box-drawing lines (Simple Sudoku,
// SadMan, SukakuExplainer, Norvig, qqwing, HoDoKu, the bot's own replies,
// whose [5] and >5< marks are understood):
//
//	*-----------*      +-------+-------+       ┌───────┬───────┐
//	|.3.|4..|...|      | 5 3 . | . 7 . |       │ 5 3   │   7   │
//	|---+---+---|      ------+------+------    ├───────┼───────┤
//
// Lists: JSON, Python (None for empty) or C, on one line or spread over many
// (rows are then the innermost lists):
//
//	board = [["5","3",".",".","7",".",".",".","."],["6",".",...],...]
//
// Spaces as empty cells, where the place of every cell is fixed. By
// separators: a Markdown table (| 5 | 3 |   |), tabs of a spreadsheet
// paste (trailing tabs may be trimmed), CSV with empty fields (5,3,,,7,,,,
// or with the empty fields at the end of a row trimmed, 5,3,,,7: a row
// with a value in its first column only is then that value alone, and an
// empty row a blank line, read so with a note; an empty first or last row
// so trimmed leaves no line, and rows one short of their width are
// refused, saying so). Tabs at the start of the lines of a drawn board or
// table with no tab between its cells are indentation (a board copied from
// a text indented by tabs), not empty fields.
// By columns, in a monospace font: a drawn board whose boxes keep their
// columns (py-sudoku: | 5 3   |   7   |, or with lines only between the
// boxes: 5 3   |   7   |), or rows of one character per cell
// (53  7    ), with or without the trailing spaces an editor trims; an
// empty row may be a blank line between rows (read so, with a note naming
// it, when it makes the rows as many as the grid has), but a blank line
// inside a band, not read as a row, or between two bands and not between
// every two, is refused (ErrAmbiguous): it may be an empty row. So are
// blank lines read as empty rows that stand where gaps between bands would,
// were the last (or first) rows empty and lost, and 8 rows read one
// character per cell, at the start or end of the message or beside a blank
// line: they may be a 9×9 grid whose first or last row, empty, left no
// line once trimmed (and whose last column is empty); a line of text or a
// code fence right before and after them shows they are all. Rows of one
// character per cell that all start with a space are refused (ErrAlign):
// the first column may be empty, or the grid indented by a space and its
// last column empty, the same text. Cells apart by one space, with spaces for empty ones (5 3     7),
// are read by columns when some row has a digit in the first column and
// some row in the last, which fixes where every column is; otherwise they
// are refused (ErrAlign). Rows of one character per cell in which no two
// cells stand side by side, a single space between some, are as well cells
// apart by a space with an empty cell written as nothing (5 3   7 for
// 53..7): refused (ErrAlign). A grid read by columns without vertical
// lines, some of its rows ending before the last column, that breaks the
// rules is refused (ErrAlign) rather than read: spaces were likely lost or
// added, and the clash is not the person's. Rows of digits with single spaces between them,
// far fewer cells than the grid and no mark for an empty cell are a grid
// whose runs of spaces a web page or a chat collapsed: refused
// (ErrAmbiguous), saying so.
// The header of a Markdown table is the first row when the rows under it
// are one short, and labels otherwise.
//
// Pencil marks (HoDoKu's PM grid, Simple Sudoku's candidate grid, or 81
// groups of digits on one line, SudoCue's .sdx, Norvig's display):
// every cell is a word; a word of one digit is a placed digit, a word of
// several digits the cell's candidates (Puzzle.Candidates). HoDoKu's marks
// of a step (* # @ or a letter before a cell, - before a candidate to
// remove) are left out. SukakuExplainer's 729 characters (nine per cell, the
// k-th the digit k or .) are pencil marks too.
//
// Emoji: keycap digits (5️⃣, with or without U+FE0F) and squares or
// circles for empty cells (⬜ ⬛ 🟦 …); regional letters (🇦) for values
// above 9. ➖ is an empty cell, and a line of them a rule.
//
// Markers: * next to a digit marks a given (pzl, Markdown bold **5**) when
// reading * as an empty cell gives no grid; + before a digit marks HoDoKu's
// placed digits. Spoiler bars (||), quote marks (> at the start of a line),
// typographic quotes, zero-width characters (and Reddit's &#x200B;),
// full-width characters (１２３, ．) and a phone's … for three dots are
// read as people mean them.
//
// # Sizes and symbols
//
// The size comes from the number of cells: 16 (4×4), 36 (6×6), 64 (8×8), 81
// (9×9), 144 (12×12), 256 (16×16) or 625 (25×25), on one line or in as many
// rows as the grid has columns. Values above 9 are letters, A for 10 up to P
// for 25, in either case, or numbers of two digits between separators (10
// 11 12; Notation Numbers, answered with letters). A drawn board whose boxes
// are not the size's (a 6×6 board in boxes of 3 rows and 2 columns) is
// refused with ErrBoxes: it is another puzzle.
//
// In grids above 9×9, the symbol of the largest value (G in 16×16) means
// 1–G with 0 for an empty cell; otherwise a 0 with other empty marks, or in
// a grid written in full, means the 0–F convention (Notation ZeroBased: 0
// stands for 1, F for 16), and a 0 among no other empty mark is an empty
// cell. A 16×16 grid with neither 0 nor G is read 1–G, with a note.
//
// # Errors and positions
//
// Errors are [*Error] values wrapping a sentinel (ErrEmpty, ErrTooLong,
// ErrBadChar, ErrCellCount, ErrRowLength, ErrBadDigit, ErrAmbiguous,
// ErrExtra, ErrAlign, ErrBoxes), with the line and column they concern
// counted from 1: lines of the whole text, columns in characters (code
// points), a tab counting as one. Rows too, in messages, are counted from 1
// among the lines that hold cells. Each message says what was found and how
// to fix it ("use . or 0 for an empty cell").
//
// Read runs in time linear in the length of its input (about 0.2 ms for a
// message of 4,000 characters, see BenchmarkRead4000) and refuses input
// longer than [MaxInputBytes].
package parser
