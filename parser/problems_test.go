package parser_test

import (
	"errors"
	"reflect"
	"strings"
	"testing"

	"github.com/sudokubot/sudokubot/parser"
	"github.com/sudokubot/sudokubot/sudoku"
)

// TestProblems: each problem Parse finds is a typed value with the figures
// a person needs, reachable with errors.As, wrapping its sentinel, at the
// position it concerns; and its message is the one people have been shown
// (the texts were recorded before the problems became values).
func TestProblems(t *testing.T) {
	tests := []struct {
		name      string
		in        string
		line, col int
		want      error // the problem, compared field by field
		msg       string
	}{
		{"bad character", " 5q", 1, 3, &parser.CharError{Char: 'q'},
			"line 1, column 3: unexpected character 'q' (a grid holds digits, letters for values above 9, and . or 0 for empty cells)"},
		{"at sign", "@ @", 1, 1, &parser.CharError{Char: '@'},
			"line 1, column 1: unexpected character U+0040 (a grid holds digits, letters for values above 9, and . or 0 for empty cells)"},
		{"not UTF-8", classic[:30] + "\xff" + classic[31:], 1, 31, &parser.CharError{NotUTF8: true},
			"line 1, column 31: a byte that is not UTF-8 text (send the grid as plain text)"},
		{"digit too big", "7.3.5.4.6.2.2.4.6.5.3.1.6.2.4.3.1.5.", 1, 1, &parser.DigitError{Form: parser.DigitSymbol, Char: '7', Value: 7, Size: 6},
			"line 1, column 1: digit 7 stands for 7, too big for a 6×6 grid (it uses 1–6)"},
		{"letter too big, 0-F", "0123456789ABCDE.H...............................................................................................................................................................................................................................................", 1, 17, &parser.DigitError{Form: parser.DigitSymbol, Char: 'H', Value: 18, Size: 16, ZeroBased: true},
			"line 1, column 17: letter H stands for 18, too big for a 16×16 grid (it uses 0–F)"},
		{"number too big", strings.Repeat("1 ", 80) + "10", 1, 161, &parser.DigitError{Form: parser.DigitNumber, Value: 10, Size: 9},
			"line 1, column 161: number 10 is too big for a 9×9 grid (it uses 1 to 9)"},
		{"cell count", "12345", 0, 0, &parser.CountError{Cells: 5, Rows: 1},
			"found 5 cells; a grid has 16 (4×4), 36 (6×6), 64 (8×8), 81 (9×9), 144 (12×12), 256 (16×16) or 625 (25×25) cells: paste the whole grid, one row per line or all on one line"},
		{"a cell missing", classic[:80], 0, 0, &parser.CountError{Cells: 80, Rows: 1},
			"found 80 cells; a 9×9 grid needs 81: is a cell missing?"},
		{"too long", strings.Repeat(".", parser.MaxInputBytes+1), 0, 0, &parser.TooLongError{Bytes: parser.MaxInputBytes + 1, Max: parser.MaxInputBytes},
			"the message is too long (32769 bytes); a grid fits in 32768"},
		{"text splits a grid", "\n53..7....\n6..195...\n.98....6.\n8...6...3\n4..8.3..1\nimg\n7...2...6\n.6....28.\n...419..5\n....8..79", 7, 0, &parser.SplitError{TextFirst: 7, TextLast: 7, FirstLine: 2, LastLine: 11, Size: 9},
			"line 7: the text on this line splits a grid: without it, lines 2–11 make a 9×9 grid; remove the text, or put it before or after the grid"},
		{"row too long", "53..7....\n6..195...\n.98....6.\n8...6...31\n4..8.3..1\n7...2...6\n.6....28.\n...419..5\n....8..79", 4, 10, &parser.RowLengthError{Row: 4, Cells: 10, Want: 9, Size: 9},
			"line 4, column 10: row 4 has 10 cells; a 9×9 grid needs 9 in each row (write empty cells as . or 0)"},
		{"row of fields", "\n5,3,,,7\n6,,,1,9,5\n,9,8,,,,,6,,,,1\n8,,,,6,,,,3\n4,,,8,,3,,,1\n7,,,,2,,,,6\n,6,,,,,2,8\n,,,4,1,9,,,5\n,,,,8,,,7,9", 4, 13, &parser.RowLengthError{Row: 3, Cells: 12, Want: 9, Size: 9, Sep: "commas"},
			"line 4, column 13: row 3 has 12 fields between commas; a 9×9 grid needs 9 in each row (an empty cell is an empty field)"},
		{"cells on lines", "12345678.\n\t\t3\t\t2\t4\n\t1\t\t5\t3\n\t5\t\t6\t4\n3\t\t6\t\t\t1\n6\t\t5\t\t1\n\t2\t1\t\t6\n12345678.", 1, 0, &parser.LinesError{Cells: 36, Lines: 8, Line: 1, Holds: 9, Size: 6},
			"line 1: the 36 cells are on 8 lines, and line 1 holds 9; write a 6×6 grid as 6 rows of 6, or all on one line"},
		{"a line apart", "1\n\n2\n..3.24\n.1.53.\n.5.64.\n3.6..1\n6.5.1.\n.21.6.\n", 1, 0, &parser.ExtraError{Form: parser.ExtraLine, Size: 6, ExtraFirst: 1, ExtraLast: 1, Cells: 1},
			"line 1: line 1 holds 1 cell that are not part of the 6×6 grid around it; remove it or complete the grid"},
		{"cells apart", "\n```\n  3 24\n 1 53 \n 5 64 \n3 6  1\n6 5 1 \n 21 6 \n```\n12345678.", 10, 0, &parser.ExtraError{Form: parser.ExtraCells, Size: 6, FirstLine: 3, LastLine: 8, ExtraFirst: 10, ExtraLast: 10, Cells: 9},
			"line 10: besides the 6×6 grid on lines 3–8, line 10 holds 9 cells that are not part of it; send the grid alone"},
		{"two grids", "1000000000000000\n\t\t3\t\t2\t4\n\t1\t\t5\t3\n\t5\t\t6\t4\n3\t\t6\t\t\t1\n6\t\t5\t\t1\n\t2\t1\t\t6\n", 2, 0, &parser.GridsError{Grids: []parser.GridPlace{{Size: 4, FirstLine: 1, LastLine: 1}, {Size: 6, FirstLine: 2, LastLine: 8}}},
			"line 2: found 2 grids: a 4×4 grid on line 1, a 6×6 grid on lines 2–8; send one grid per message (or only the one you mean)"},
		{"two grids on a line", "\n:0000:x:53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79::: :0000:x:..43..2.9..5..9..1.7..6..43..6..2.8719...74...5..83...6.....1.5..35.869..4291.3..:::", 2, 0, &parser.GridsError{Grids: []parser.GridPlace{{Size: 9, FirstLine: 2, LastLine: 2, Col: 9, EndCol: 89}, {Size: 9, FirstLine: 2, LastLine: 2, Col: 102, EndCol: 182}}},
			"line 2: found 2 grids: a 9×9 grid on line 2 (columns 9–89), a 9×9 grid on line 2 (columns 102–182); send one grid per message (or only the one you mean)"},
		{"boxes of another shape", "\n+--+--+--+--+\n|.2|..|..|..|\n|5.|.6|.3|..|\n|8.|4.|7.|..|\n|.1|..|.4|..|\n+--+--+--+--+\n|..|..|..|..|\n|46|..|35|2.|\n|1.|8.|..|..|\n|.5|..|2.|..|\n+--+--+--+--+", 3, 0, &parser.BoxesError{Shape: sudoku.Shape{BoxRows: 2, BoxCols: 4}, DrawnCols: 2},
			"line 3: the board is drawn with boxes of 2 columns, but I know 8×8 sudoku only with boxes of 2 rows and 4 columns; send it with rows and columns swapped, which makes the boxes fit"},
		{"fields, a row lost", "\n,,,,,,,1,3\n,4,,,,,,8\n2,,,,6\n6,,9,,,,4\n,,,8\n,,,3\n,3,,1,,,5\n,,,,4,,7,,6\n", 2, 0, &parser.LostRowsError{Form: parser.LostFields, Rows: 8, Width: 9, Sep: "commas"},
			"line 2: found 8 rows of cells separated by commas, and a row of 9 cells: a 9×9 grid has 9 rows; an empty row at the start or end whose empty fields were trimmed leaves no line (Discord drops it at the end of a message), so I cannot tell where the missing rows go: write empty cells as . or 0"},
		{"fields, a blank among them", "\n,,,,,,,2,3\n8,,,,,,,5\n,,,1\n,1,,6,,,4\n5,,7,,3\n\n3,,,,5,2\n,6,4,,,,1", 2, 0, &parser.LostRowsError{Form: parser.LostFields, Rows: 7, Width: 9, Sep: "commas", Blanks: []int{7}},
			"line 2: found 7 rows of cells separated by commas (and the blank line 7 among them, an empty row), and a row of 9 cells: a 9×9 grid has 9 rows; an empty row at the start or end whose empty fields were trimmed leaves no line (Discord drops it at the end of a message), so I cannot tell where the missing rows go: write empty cells as . or 0"},
		{"a field too many", "\n\t\t\t\t\t\t\t2\t1\n\t9\t\t3\n4\t\t2\n\t\t\t7\t\t\t3\n6\t\t\t\t\t\t7\n\t\t\t5\t4\t\t\t6\n\t8\t\t\t\t\t5\n1\t\t\t\t\t2", 2, 10, &parser.LostRowsError{Form: parser.LostFieldTooMany, Rows: 8, Width: 9, Sep: "tabs"},
			"line 2, column 10: this row has 9 fields between tabs, the 7 others no more than 8: if the grid is 9×9, an empty row at its start or end whose empty fields were trimmed left no line (Discord drops it at the end of a message), so I cannot tell where it goes; if it is 8×8, this row has a field too many. Write empty cells as . or 0"},
		{"columns, a row lost", "\n     254\n 81\n\n5   3\n    6  1\n        8\n76    3\n   1    5", 2, 0, &parser.LostRowsError{Form: parser.LostColumns, Rows: 8, Width: 9},
			"line 2: found 8 rows of 9 columns: a 9×9 grid has 9 rows; an empty row at the start or end whose spaces were trimmed leaves no line (Discord drops it at the end of a message), so I cannot tell where the missing rows go: write empty cells as . or 0"},
		{"a wide row", "\n```\n     62 1\n3   4\n 26   5\n 1 3\n    8  4\n8  7   3\n     26\n```", 3, 0, &parser.LostRowsError{Form: parser.LostWideRow, Rows: 7, Width: 9},
			"line 3: found 7 rows, and a row 9 columns wide: a 9×9 grid has 9 rows; an empty row at the start or end whose spaces were trimmed leaves no line (Discord drops it at the end of a message), so I cannot tell where the missing rows go: write empty cells as . or 0"},
		{"a value too big, a row lost", "\n     18\n6      4\n3\n4  52  3\n71\n   9\n 82   1\n   36\n", 7, 4, &parser.LostRowsError{Form: parser.LostBigValue, Rows: 8, Width: 9, EmptyAs: "spaces"},
			"line 7, column 4: found 8 rows, and a 9 too big for an 8×8 grid: a 9×9 grid has 9 rows; an empty row at the start or end whose spaces were trimmed leaves no line (Discord drops it at the end of a message), so I cannot tell where the missing row goes: write empty cells as . or 0, an empty row as ........."},
		{"a bar out of line", "\n+-----+-----+\n| 3 | |\n| | 4 |\n+-----+-----+\n| | |\n| | 3 1 |\n+-----+-----+\n", 4, 3, &parser.AlignError{Form: parser.AlignBar},
			"line 4, column 3: this vertical line is not below the one above it; with spaces for empty cells the board must keep its columns (or write empty cells as . or 0)"},
		{"a cell out of line", "\n3            4\n        2\n    1    5        6\n\n            5\n        6    3    1", 2, 1, &parser.AlignError{Form: parser.AlignCell},
			"line 2, column 1: this cell is not in a column of the grid; with spaces for empty cells every cell must stay in its column (or write empty cells as . or 0)"},
		{"uneven boxes", "\n3   4\n  2\n 1 5  6\n\n   5\n  6 3 1", 2, 0, &parser.AlignError{Form: parser.AlignBoxes},
			"line 2: with spaces for empty cells the cells of each box must stand at evenly spaced columns; write empty cells as . or 0"},
		{"indented", "\n 3 2 7\n 4 5 8\n 513 9\n 93 2\n 2 8\n 7 49\n 3 467\n 5 9 3\n 6 2 8", 2, 0, &parser.AlignError{Form: parser.AlignIndented, Columns: 1},
			"line 2: every row starts with a space: the grid's first column is empty, or the grid is indented by a space and its last column is empty, and the two readings place the cells differently; write empty cells as . or 0"},
		{"no columns", "    \n           2 1\n     9  3\n    \n    4  2\n       7   3\n    6      7\n       5 4   6\n     8     5\n    1     2", 2, 0, &parser.AlignError{Form: parser.AlignColumns, Cells: 9},
			"line 2: with spaces for empty cells I cannot tell which columns hold the 9 cells of each row; write empty cells as . or 0"},
		{"single spaces", "\n       1\n4\n 2\n    5 4 7\n  8   3\n  1 9\n3  4  2\n 5 1\n   8 6", 5, 6, &parser.AlignError{Form: parser.AlignSingleSpaces},
			"line 5, column 6: no two cells stand side by side, and single spaces stand between some, as here: a space may separate two cells or stand for an empty one, so I cannot tell where the cells are; write each empty cell as . or 0"},
		{"first or last row", "\n     1 3\n 25\n 4\n1 3    6\n   42 3\n   7\n   28 4\n6  5\n", 2, 0, &parser.AmbiguousError{Form: parser.AmbiguousFirstOrLast, Rows: 8, Size: 8, Other: 9, EmptyAs: "spaces"},
			"line 2: these 8 rows can be an 8×8 grid, or a 9×9 grid whose first or last row is empty: an empty row whose spaces were trimmed leaves no line (or a blank one, which may as well be a gap), so I cannot tell; write empty cells as . or 0, an empty row as ........."},
		{"band gaps", "\n       12\n14  5\n     9\n\n 7 6  4\n   1\n       5\n\n    875", 5, 0, &parser.AmbiguousError{Form: parser.AmbiguousBandGaps, Lines: []int{5, 9}, Size: 9},
			"line 5: lines 5 and 9 are blank where lines between bands of boxes would stand: they may be such gaps, or empty rows whose spaces were trimmed (then other rows are empty, and lost), so I cannot tell; write empty cells as . or 0, an empty row as ........."},
		{"a blank row", "\n       12\n 4  5\n     9\n\n 7 6  4\n   1\n       5\n    875\n6 1   3\n2", 5, 0, &parser.AmbiguousError{Form: parser.AmbiguousBlankNoBand, Lines: []int{5}, After: 3, EmptyAs: "spaces"},
			"line 5: line 5 is blank between rows 3 and 4, and no other blank line stands between bands of boxes: if it is an empty row, write its cells as . or 0; if not, remove it (spaces stand for empty cells here, so I cannot tell)"},
		{"narrow", "\n3 1 2\n 4\n 5\n2 6\n 2 6\n5 1", 2, 0, &parser.AmbiguousError{Form: parser.AmbiguousNarrow, Lines: []int{2}, Size: 6},
			"line 2: line 2 has single spaces between its cells and fewer than 6 columns: I cannot tell whether a space is an empty cell or only a gap; write empty cells as . or 0"},
		{"collapsed", "\n3\n1 62\n1\n32 4\n3\n5 4", 2, 0, &parser.AmbiguousError{Form: parser.AmbiguousCollapsed, Cells: 11, Rows: 6},
			"line 2: the spaces of the empty cells look collapsed, as a web page or a chat shows a run of spaces as one: 11 cells in 6 rows, with single spaces between them, so I cannot tell where the cells are; write each empty cell as . or 0, or paste the grid in a code block, which keeps spaces"},
		{"two readings", strings.Repeat("10 ", 112) + strings.Repeat("1 ", 32), 0, 0, &parser.AmbiguousError{Form: parser.AmbiguousReadings, Size: 16, How: "one cell per character", Other: 12, OtherHow: "with numbers of two digits as cells"},
			"the grid can be read as 16×16, one cell per character, or as 12×12, with numbers of two digits as cells; put a space or comma between all cells, and write each cell's candidates without spaces"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := parser.Parse(tt.in)
			var perr *parser.Error
			if !errors.As(err, &perr) {
				t.Fatalf("Parse(%q) = %v, want a *parser.Error", tt.in, err)
			}
			if perr.Line != tt.line || perr.Col != tt.col {
				t.Errorf("at line %d, column %d, want %d, %d", perr.Line, perr.Col, tt.line, tt.col)
			}
			got := reflect.New(reflect.TypeOf(tt.want))
			if !errors.As(err, got.Interface()) {
				t.Fatalf("Parse(%q) = %#v, want a %T", tt.in, perr.Err, tt.want)
			}
			if !reflect.DeepEqual(got.Elem().Interface(), tt.want) {
				t.Errorf("problem %#v\nwant %#v", got.Elem().Interface(), tt.want)
			}
			if kind := errors.Unwrap(tt.want); !errors.Is(err, kind) {
				t.Errorf("errors.Is(err, %v) is false", kind)
			}
			if err.Error() != tt.msg {
				t.Errorf("message %q\nwant    %q", err.Error(), tt.msg)
			}
		})
	}
	_, err := parser.Parse("")
	if !errors.Is(err, parser.ErrEmpty) || err.Error() != "no grid found" {
		t.Errorf("Parse of nothing: %v, want ErrEmpty, \"no grid found\"", err)
	}
}
