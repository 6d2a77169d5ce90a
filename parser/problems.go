package parser

import (
	"errors"
	"fmt"
	"strings"

	"github.com/sudokubot/sudokubot/sudoku"
)

// The problems an [*Error] names, each a typed value with the figures a
// person needs (counts, sizes, lines), and each wrapping one of the
// sentinels (ErrBadChar, ErrCellCount, …), so that errors.Is and errors.As
// both work on what Parse returns. Where is in the [*Error] around them
// (Line, Col); a problem that concerns other lines names them in fields of
// its own (FirstLine, LastLine: the grid's lines, from 1).
//
// This file is the one place the problems are worded for a person: each
// Error method below. The wordings quote user input with quote, so that a
// message never carries a raw backtick, at sign or invisible character.

// say formats a message. The formats write "a %d×%d grid"; eight is the one
// size said with a vowel.
func say(format string, args ...any) string {
	return strings.ReplaceAll(fmt.Sprintf(format, args...), "a 8×8", "an 8×8")
}

// noGrid is the problem of a message with no grid and no cell.
var noGrid = &kindError{ErrEmpty, errors.New("no grid found")}

// notPencilMarks is the problem of a reading as pencil marks of text that
// has none (never shown: another reading's error is).
var notPencilMarks = &kindError{ErrCellCount, errors.New("not a pencil-mark grid")}

// kindError is err counted as kind: errors.Is holds for both.
type kindError struct{ kind, err error }

func (e *kindError) Error() string   { return e.err.Error() }
func (e *kindError) Unwrap() []error { return []error{e.kind, e.err} }

// TooLongError is a message longer than the parser reads (ErrTooLong).
type TooLongError struct {
	Bytes int // the message's length in bytes
	Max   int // MaxInputBytes
}

func (e *TooLongError) Error() string {
	return say("the message is too long (%d bytes); a grid fits in %d", e.Bytes, e.Max)
}
func (e *TooLongError) Unwrap() error { return ErrTooLong }

// CharError is a character that is neither a cell nor a separator
// (ErrBadChar), or a byte that is not UTF-8 text.
type CharError struct {
	Char    rune // the character (unset when NotUTF8)
	NotUTF8 bool // a byte that is not UTF-8
}

func (e *CharError) Error() string {
	if e.NotUTF8 {
		return "a byte that is not UTF-8 text (send the grid as plain text)"
	}
	return say("unexpected character %s (a grid holds digits, letters for values above 9, and . or 0 for empty cells)", quote(e.Char))
}
func (e *CharError) Unwrap() error { return ErrBadChar }

// DigitForm is how a value too big for its grid was written.
type DigitForm int

// The forms of a [DigitError].
const (
	DigitSymbol    DigitForm = iota + 1 // a digit or a letter: one character per cell
	DigitNumber                         // a number among numbers separated by spaces or commas
	DigitCandidate                      // a candidate of a pencil-mark cell
)

// DigitError is a value too big for the grid's size (ErrBadDigit).
type DigitError struct {
	Form DigitForm
	// Char is the digit or letter (DigitSymbol).
	Char rune
	// Value is what Char stands for (DigitSymbol), the number as written
	// (DigitNumber) or the candidate (DigitCandidate).
	Value int
	// Size is the grid's: 9 for 9×9.
	Size int
	// ZeroBased says that the grid writes its values from 0 (0–F at 16×16).
	ZeroBased bool
}

func (e *DigitError) Error() string {
	n := e.Size
	switch e.Form {
	case DigitNumber:
		return say("number %d is too big for a %d×%d grid (it uses 1 to %d)", e.Value, n, n, n)
	case DigitCandidate:
		return say("candidate %d is too big for a %d×%d grid", e.Value, n, n)
	}
	what := "digit"
	if e.Char > '9' {
		what = "letter"
	}
	return say("%s %c stands for %d, too big for a %d×%d grid (it uses %s)", what, e.Char, e.Value, n, n, symbolRange(n, e.ZeroBased))
}
func (e *DigitError) Unwrap() error { return ErrBadDigit }

// CountError is a number of cells that matches no grid size (ErrCellCount).
type CountError struct {
	Cells int // the cells found
	Rows  int // the lines they are on
}

func (e *CountError) Error() string { return countMessage(e.Cells, e.Rows) }
func (e *CountError) Unwrap() error { return ErrCellCount }

// NoDigitsError is a grid drawn with no digit in it (ErrCellCount).
type NoDigitsError struct {
	FirstLine, LastLine int // the grid's
	Size                int
}

func (e *NoDigitsError) Error() string {
	return say("%s a %d×%d grid with no digit in it; send the puzzle with its digits", linesHold(e.FirstLine, e.LastLine), e.Size, e.Size)
}
func (e *NoDigitsError) Unwrap() error { return ErrCellCount }

// SplitError is text between the rows of a grid (ErrCellCount): the
// grid's lines without the text make a grid.
type SplitError struct {
	TextFirst, TextLast int // the lines of the text
	FirstLine, LastLine int // the grid's
	Size                int
}

func (e *SplitError) Error() string {
	where := "this line"
	if e.TextLast != e.TextFirst {
		where = lines(e.TextFirst, e.TextLast)
	}
	return say("the text on %s splits a grid: without it, %s make a %d×%d grid; remove the text, or put it before or after the grid",
		where, lines(e.FirstLine, e.LastLine), e.Size, e.Size)
}
func (e *SplitError) Unwrap() error { return ErrCellCount }

// LostRowsForm is what a [LostRowsError] found.
type LostRowsForm int

// The forms of a [LostRowsError].
const (
	LostWideRow      LostRowsForm = iota + 1 // a board read by columns with one row wider than the rows are many
	LostColumns                              // a board read by columns, every row as wide
	LostFields                               // rows of fields (tabs, commas, …), a row wider than the rows are many
	LostBigValue                             // a value too big for the grid the rows make, right for one a row larger
	LostFieldTooMany                         // one row a field wider than the rows are many (ErrRowLength)
)

// LostRowsError is a grid with fewer rows than its width asks for, where
// an empty first or last row may have been lost (its trimmed line left
// nothing, or Discord dropped it at the end of a message), so the parser
// cannot tell where the missing rows go (ErrCellCount; ErrRowLength for
// LostFieldTooMany).
type LostRowsError struct {
	Form LostRowsForm
	// Rows is the rows found.
	Rows int
	// Width is the cells (columns, fields) of the widest row: the size of
	// the grid it would make; LostBigValue: the value too big.
	Width int
	// Sep names what separates the cells: "tabs", "commas", "semicolons",
	// "vertical lines" (LostFields, LostFieldTooMany).
	Sep string
	// Blanks are the blank lines among the rows, each an empty row
	// (LostFields).
	Blanks []int
	// EmptyAs names what stands for empty cells, "spaces" or "empty
	// fields" (LostBigValue).
	EmptyAs string
}

func (e *LostRowsError) Error() string {
	const lost = "an empty row at the start or end whose %s were trimmed leaves no line (Discord drops it at the end of a message), so I cannot tell where the missing %s: write empty cells as . or 0"
	n, w := e.Rows, e.Width
	switch e.Form {
	case LostWideRow:
		return say("found %d rows, and a row %d columns wide: a %d×%d grid has %d rows; "+lost, n, w, w, w, w, "spaces", "rows go")
	case LostColumns:
		return say("found %d rows of %d columns: a %d×%d grid has %d rows; "+lost, n, w, w, w, w, "spaces", "rows go")
	case LostFields:
		among := ""
		switch {
		case len(e.Blanks) == 1:
			among = fmt.Sprintf(" (and the blank line %d among them, an empty row)", e.Blanks[0])
		case len(e.Blanks) > 1:
			among = fmt.Sprintf(" (and %d blank lines among them, empty rows)", len(e.Blanks))
		}
		return say("found %d rows of cells separated by %s%s, and a row of %d cells: a %d×%d grid has %d rows; "+lost, n, e.Sep, among, w, w, w, w, "empty fields", "rows go")
	case LostBigValue:
		return say("found %d rows, and a %d too big for a %d×%d grid: a %d×%d grid has %d rows; "+lost+", an empty row as %s",
			n, w, n, n, n+1, n+1, n+1, e.EmptyAs, "row goes", dots(n+1))
	}
	return say("this row has %d fields between %s, the %d others no more than %d: if the grid is %d×%d, an empty row at its start or end whose empty fields were trimmed left no line (Discord drops it at the end of a message), so I cannot tell where it goes; if it is %d×%d, this row has a field too many. Write empty cells as . or 0",
		w, e.Sep, n-1, n, w, w, n, n)
}

func (e *LostRowsError) Unwrap() error {
	if e.Form == LostFieldTooMany {
		return ErrRowLength
	}
	return ErrCellCount
}

// RowsError is a number of rows of fields that matches no grid size
// (ErrCellCount).
type RowsError struct {
	Rows int
	Sep  string // what separates the cells, as in [LostRowsError]
}

func (e *RowsError) Error() string {
	return say("found %d rows of cells separated by %s; a grid has 4, 6, 8, 9, 12, 16 or 25 rows", e.Rows, e.Sep)
}
func (e *RowsError) Unwrap() error { return ErrCellCount }

// RowLengthError is a row with the wrong number of cells (ErrRowLength).
type RowLengthError struct {
	Row   int    // which, from 1 (the grid's rows, not the message's lines)
	Cells int    // the cells (or fields) it has
	Want  int    // the cells a row needs
	Size  int    // the grid's
	Sep   string // for rows of fields, what separates them (as in [LostRowsError]); "" for cells
}

func (e *RowLengthError) Error() string {
	if e.Sep != "" {
		return say("row %d has %d fields between %s; a %d×%d grid needs %d in each row (an empty cell is an empty field)", e.Row, e.Cells, e.Sep, e.Size, e.Size, e.Want)
	}
	return say("row %d has %d %s; a %d×%d grid needs %d in each row (write empty cells as . or 0)", e.Row, e.Cells, plural(e.Cells, "cell", "cells"), e.Size, e.Size, e.Want)
}
func (e *RowLengthError) Unwrap() error { return ErrRowLength }

// LinesError is the cells of a grid on more than one line but not in its
// rows (ErrRowLength).
type LinesError struct {
	Cells int // all of them
	Lines int // the lines they are on
	Line  int // the first of those lines
	Holds int // the cells on it
	Size  int // the grid's the cells make
}

func (e *LinesError) Error() string {
	n := e.Size
	return say("the %d cells are on %d lines, and line %d holds %d; write a %d×%d grid as %d rows of %d, or all on one line", e.Cells, e.Lines, e.Line, e.Holds, n, n, n, n)
}
func (e *LinesError) Unwrap() error { return ErrRowLength }

// BoxesError is a board drawn with boxes its size does not have (ErrBoxes):
// 6×6 in boxes of 3 rows and 2 columns.
type BoxesError struct {
	Shape sudoku.Shape // the grid's, with its boxes
	// DrawnRows and DrawnCols are the boxes drawn (0: not known).
	DrawnRows, DrawnCols int
	// RuleAfter is the row a rule follows that no box ends at (0: none
	// named).
	RuleAfter int
}

func (e *BoxesError) Error() string {
	n, sh := e.Shape.Size(), e.Shape
	if e.RuleAfter > 0 {
		return say("the board has a rule after %d rows, but I know %d×%d sudoku only with boxes of %d rows and %d columns%s",
			e.RuleAfter, n, n, sh.BoxRows, sh.BoxCols, turnHint(sh, e.RuleAfter, 0))
	}
	drawn := fmt.Sprintf("%d columns", e.DrawnCols)
	switch {
	case e.DrawnCols == 0:
		drawn = fmt.Sprintf("%d rows", e.DrawnRows)
	case e.DrawnRows != 0:
		drawn = fmt.Sprintf("%d rows and %d columns", e.DrawnRows, e.DrawnCols)
	}
	return say("the board is drawn with boxes of %s, but I know %d×%d sudoku only with boxes of %d rows and %d columns%s",
		drawn, n, n, sh.BoxRows, sh.BoxCols, turnHint(sh, e.DrawnRows, e.DrawnCols))
}
func (e *BoxesError) Unwrap() error { return ErrBoxes }

// AlignForm is what is out of line in an [AlignError].
type AlignForm int

// The forms of an [AlignError].
const (
	AlignBar          AlignForm = iota + 1 // a vertical line not below the one above it
	AlignCell                              // a cell between the grid's columns
	AlignCellStrict                        // the same, in a board whose columns are all known
	AlignBoxes                             // the cells of a box at uneven columns
	AlignIndented                          // every row starts with a space: empty first columns, or indentation?
	AlignColumns                           // no columns hold the cells of each row
	AlignSingleSpaces                      // single spaces between cells, none side by side
	AlignClash                             // read by columns, the grid breaks the rules
)

// AlignError is a grid whose spaces stand for empty cells, with cells out
// of line (ErrAlign): the columns that would place them are not there.
type AlignError struct {
	Form AlignForm
	// Columns is the empty first columns, or the indentation (AlignIndented).
	Columns int
	// Cells is the cells of each row (AlignColumns).
	Cells int
	// Clash is the rule the grid breaks (AlignClash).
	Clash sudoku.Conflict
}

func (e *AlignError) Error() string {
	switch e.Form {
	case AlignBar:
		return "this vertical line is not below the one above it; with spaces for empty cells the board must keep its columns (or write empty cells as . or 0)"
	case AlignCell:
		return "this cell is not in a column of the grid; with spaces for empty cells every cell must stay in its column (or write empty cells as . or 0)"
	case AlignCellStrict:
		return "this cell is not in a column of the grid; with spaces for empty cells every cell must stay in its column"
	case AlignBoxes:
		return "with spaces for empty cells the cells of each box must stand at evenly spaced columns; write empty cells as . or 0"
	case AlignIndented:
		k := e.Columns
		empty := plural(k, "column is empty", fmt.Sprintf("%d columns are empty", k))
		return say("every row starts with a space: the grid's first %s, or the grid is indented by %s and its last %s, and the two readings place the cells differently; write empty cells as . or 0",
			empty, plural(k, "a space", fmt.Sprintf("%d spaces", k)), empty)
	case AlignColumns:
		return say("with spaces for empty cells I cannot tell which columns hold the %d cells of each row; write empty cells as . or 0", e.Cells)
	case AlignSingleSpaces:
		return "no two cells stand side by side, and single spaces stand between some, as here: a space may separate two cells or stand for an empty one, " + cannotTell
	}
	return say("read with spaces for empty cells, counted by their columns, the grid breaks the rules (%s): spaces were likely lost or added in the rows that end early, "+cannotTell+", or paste the grid in a code block, which keeps spaces",
		e.Clash.String())
}
func (e *AlignError) Unwrap() error { return ErrAlign }

// AmbiguousForm is what an [AmbiguousError] can be read as.
type AmbiguousForm int

// The forms of an [AmbiguousError].
const (
	AmbiguousEnds        AmbiguousForm = iota + 1 // a grid with empty cells at the ends of its rows, or a smaller one with lines beside it
	AmbiguousFirstOrLast                          // a grid, or a larger one whose first or last row is empty
	AmbiguousBandGaps                             // blank lines between bands: gaps, or empty rows
	AmbiguousBlankRow                             // a blank line between rows: an empty row, or nothing
	AmbiguousBlankNoBand                          // the same, with no other blank line between bands
	AmbiguousNarrow                               // single spaces between cells, fewer columns than the grid
	AmbiguousLetters                              // a grid, and what may be a 25×25 grid written in letters
	AmbiguousReadings                             // one text, two grids of two sizes
	AmbiguousUneven                               // rows of different lengths, no mark for empty cells
	AmbiguousCollapsed                            // the spaces of the empty cells look collapsed
)

// AmbiguousError is text that reads as two different grids (ErrAmbiguous).
type AmbiguousError struct {
	Form AmbiguousForm
	// Rows is the rows (AmbiguousEnds, AmbiguousFirstOrLast,
	// AmbiguousUneven, AmbiguousCollapsed).
	Rows int
	// Cells is the cells (AmbiguousUneven, AmbiguousCollapsed).
	Cells int
	// Size and Other are the sizes of the two readings (AmbiguousEnds,
	// AmbiguousFirstOrLast, AmbiguousReadings); Size is the grid's
	// (AmbiguousBandGaps, AmbiguousNarrow, AmbiguousLetters).
	Size, Other int
	// How and OtherHow name the two readings (AmbiguousReadings).
	How, OtherHow string
	// Lines is the blank lines concerned (AmbiguousBandGaps: all;
	// AmbiguousBlankRow, AmbiguousBlankNoBand, AmbiguousNarrow: the one).
	Lines []int
	// After is the row the blank line follows (AmbiguousBlankRow,
	// AmbiguousBlankNoBand).
	After int
	// FirstLine and LastLine are the grid's (AmbiguousLetters).
	FirstLine, LastLine int
	// EmptyAs names what stands for empty cells, "spaces" or "empty
	// fields".
	EmptyAs string
}

func (e *AmbiguousError) Error() string {
	line := 0
	if len(e.Lines) > 0 {
		line = e.Lines[0]
	}
	switch e.Form {
	case AmbiguousEnds:
		return say("these %d rows can be a %d×%d grid with empty cells at the ends of its rows, or a %d×%d grid with other lines beside it; write empty cells as . or 0",
			e.Rows, e.Size, e.Size, e.Other, e.Other)
	case AmbiguousFirstOrLast:
		return say("these %d rows can be a %d×%d grid, or a %d×%d grid whose first or last row is empty: an empty row whose %s were trimmed leaves no line (or a blank one, which may as well be a gap), so I cannot tell; write empty cells as . or 0, an empty row as %s",
			e.Rows, e.Size, e.Size, e.Other, e.Other, e.EmptyAs, dots(e.Other))
	case AmbiguousBandGaps:
		return say("%s blank where lines between bands of boxes would stand: %s gaps, or empty rows whose spaces were trimmed (then other rows are empty, and lost), so I cannot tell; write empty cells as . or 0, an empty row as %s",
			blankLines(e.Lines), plural(len(e.Lines), "it may be one of those", "they may be such"), dots(e.Size))
	case AmbiguousBlankRow:
		return say("line %d is blank between rows %d and %d: if it is an empty row, write its cells as . or 0; if not, remove it (%s stand for empty cells here, so I cannot tell)",
			line, e.After, e.After+1, e.EmptyAs)
	case AmbiguousBlankNoBand:
		return say("line %d is blank between rows %d and %d, and no other blank line stands between bands of boxes: if it is an empty row, write its cells as . or 0; if not, remove it (%s stand for empty cells here, so I cannot tell)",
			line, e.After, e.After+1, e.EmptyAs)
	case AmbiguousNarrow:
		return say("line %d has single spaces between its cells and fewer than %d columns: I cannot tell whether a space is an empty cell or only a gap; write empty cells as . or 0",
			line, e.Size)
	case AmbiguousLetters:
		return say("found a %d×%d grid on %s, and what may be a 25×25 grid written in letters; send one grid per message (or only the one you mean)",
			e.Size, e.Size, lines(e.FirstLine, e.LastLine))
	case AmbiguousReadings:
		return say("the grid can be read as %d×%d, %s, or as %d×%d, %s; put a space or comma between all cells, and write each cell's candidates without spaces",
			e.Size, e.Size, e.How, e.Other, e.Other, e.OtherHow)
	case AmbiguousUneven:
		return say("found %d cells in %d rows of different lengths, with no mark for the empty cells: if they were spaces, they were lost or collapsed (as a web page or a chat shows a run of spaces as one), "+cannotTell+", or paste the grid in a code block, which keeps spaces",
			e.Cells, e.Rows)
	}
	return say("the spaces of the empty cells look collapsed, as a web page or a chat shows a run of spaces as one: %d cells in %d rows, with single spaces between them, "+cannotTell+", or paste the grid in a code block, which keeps spaces",
		e.Cells, e.Rows)
}
func (e *AmbiguousError) Unwrap() error { return ErrAmbiguous }

// GridPlace is where a grid stands in a message.
type GridPlace struct {
	Size                int
	FirstLine, LastLine int
	// Col and EndCol are its columns, from 1, when it shares a line with
	// another grid (0 otherwise).
	Col, EndCol int
	// AfterCommand says that it follows the command on the command's line.
	AfterCommand bool
}

// GridsError is a message with two grids or more, not a puzzle and its
// solution (ErrAmbiguous).
type GridsError struct {
	Grids []GridPlace // in the order of the message
}

func (e *GridsError) Error() string {
	var names []string
	for i, g := range e.Grids {
		if i == 3 {
			names = append(names, fmt.Sprintf("and %d more", len(e.Grids)-3))
			break
		}
		where := lines(g.FirstLine, g.LastLine)
		if g.Col > 0 {
			after := ""
			if g.AfterCommand {
				after = " after the command"
			}
			where = fmt.Sprintf("line %d (columns %d–%d%s)", g.FirstLine, g.Col, g.EndCol, after)
		}
		names = append(names, fmt.Sprintf("a %d×%d grid on %s", g.Size, g.Size, where))
	}
	return say("found %d grids: %s; send one grid per message (or only the one you mean)", len(e.Grids), strings.Join(names, ", "))
}
func (e *GridsError) Unwrap() error { return ErrAmbiguous }

// ExtraForm is what an [ExtraError] found beside the grid.
type ExtraForm int

// The forms of an [ExtraError].
const (
	ExtraCells    ExtraForm = iota + 1 // cells that are not part of the grid, as many as a row or more
	ExtraLabelled                      // rows labelled 1 to n that do not read as a grid
	ExtraLine                          // a line of cells inside the grid's rows
)

// ExtraError is a grid, and beside it cells that belong to no grid
// (ErrExtra).
type ExtraError struct {
	Form ExtraForm
	// Size is the grid's.
	Size int
	// FirstLine and LastLine are the grid's (ExtraCells, ExtraLabelled).
	FirstLine, LastLine int
	// ExtraFirst and ExtraLast are the lines of what is extra.
	ExtraFirst, ExtraLast int
	// Cells is the cells apart from the grid (ExtraCells, ExtraLine), or
	// the rows labelled (ExtraLabelled).
	Cells int
}

func (e *ExtraError) Error() string {
	n := e.Size
	switch e.Form {
	case ExtraLabelled:
		return say("besides the %d×%d grid on %s, %s rows labelled 1 to %d that I cannot read as a grid; send the grid alone (one row per line, without labels)",
			n, n, lines(e.FirstLine, e.LastLine), linesHold(e.ExtraFirst, e.ExtraLast), e.Cells)
	case ExtraLine:
		return say("line %d holds %d %s that are not part of the %d×%d grid around it; remove %s or complete the grid",
			e.ExtraFirst, e.Cells, plural(e.Cells, "cell", "cells"), n, n, plural(e.Cells, "it", "them"))
	}
	return say("besides the %d×%d grid on %s, %s %d cells that are not part of it; send the grid alone",
		n, n, lines(e.FirstLine, e.LastLine), linesHold(e.ExtraFirst, e.ExtraLast), e.Cells)
}
func (e *ExtraError) Unwrap() error { return ErrExtra }

// countMessage explains a cell count that matches no size, naming the
// nearest size only when the count is within two cells of it (and the
// cells are on one line or in as many rows as that size has), and saying so
// when the count is that of two grids.
func countMessage(total, rows int) string {
	for _, sh := range sudoku.Shapes {
		if total == 2*sh.Cells() && total > 16 && (rows <= 1 || rows == 2*sh.Size()) {
			n := sh.Size()
			return fmt.Sprintf("found %d cells, as many as two %d×%d grids; send one grid at a time (a puzzle with its solution: the puzzle first, then the solution)", total, n, n)
		}
	}
	for _, sh := range sudoku.Shapes {
		d := total - sh.Cells()
		if d >= -2 && d <= 2 && (rows <= 1 || rows == sh.Size()) {
			n := sh.Size()
			article := "a"
			if n == 8 {
				article = "an"
			}
			fix := "is a cell missing?"
			if d > 0 {
				fix = "is there a cell too many?"
			}
			return fmt.Sprintf("found %d %s; %s %d×%d grid needs %d: %s", total, plural(total, "cell", "cells"), article, n, n, sh.Cells(), fix)
		}
	}
	largest := sudoku.Shapes[len(sudoku.Shapes)-1]
	if total > largest.Cells() {
		return fmt.Sprintf("found %d cells; the largest grid, %d×%d, has %d", total, largest.Size(), largest.Size(), largest.Cells())
	}
	return fmt.Sprintf("found %d %s; a grid has %s cells: paste the whole grid, one row per line or all on one line", total, plural(total, "cell", "cells"), gridSizes)
}

// gridSizes lists the cell counts of the supported shapes ([sudoku.Shapes]).
const gridSizes = "16 (4×4), 36 (6×6), 64 (8×8), 81 (9×9), 144 (12×12), 256 (16×16) or 625 (25×25)"

// turnHint suggests swapping rows and columns when that turns the boxes
// drawn (height rows, cols columns; 0 when unknown) into shape's.
func turnHint(shape sudoku.Shape, height, cols int) string {
	if shape.BoxRows != shape.BoxCols && (height == 0 || height == shape.BoxCols) && (cols == 0 || cols == shape.BoxRows) {
		return "; send it with rows and columns swapped, which makes the boxes fit"
	}
	return ""
}

// errAt is a problem at a line and column of the message.
func errAt(line, col int, problem error) *Error {
	return &Error{Line: line, Col: col, Err: problem}
}
