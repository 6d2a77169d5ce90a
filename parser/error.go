package parser

import (
	"errors"
	"fmt"
	"unicode"
)

// The kinds of error Parse returns, each wrapped in an [*Error]. Test for
// them with errors.Is.
var (
	ErrEmpty     = errors.New("no grid in the message")             // nothing that looks like a cell at all
	ErrTooLong   = errors.New("message too long")                   // more than MaxInputBytes bytes
	ErrCellCount = errors.New("wrong number of cells")              // the total matches no supported size
	ErrRowLength = errors.New("row with the wrong number of cells") // one row is longer or shorter than the others
	ErrBadChar   = errors.New("unexpected character")               // a character that is neither a cell nor a separator
	ErrBadDigit  = errors.New("digit out of range")                 // a symbol too big for the grid's size, or a forbidden 0
	ErrAmbiguous = errors.New("grid can be read in two ways")       // two grids, or text that reads as grids of two sizes
	ErrExtra     = errors.New("cells apart from the grid")          // a grid, and beside it cells that belong to no grid
	ErrAlign     = errors.New("cells out of line")                  // spaces as empty cells, but a cell between the columns
	ErrBoxes     = errors.New("boxes of another shape")             // a board drawn with boxes the grid's size does not have (6×6 in 3×2 boxes)
)

// Error is a parse error with the position it concerns. Line and Col count
// from 1, as a person does: Line counts lines of the whole message (a CRLF or
// a lone CR ends a line, like LF), and Col counts characters (Unicode code
// points, a tab or a full-width digit being one) from the start of the line.
// Col is 0 when the error concerns a whole line, and Line is 0 when it
// concerns the whole message (such as a wrong number of cells).
//
// Err is the problem, a typed value with its figures ([*CharError],
// [*DigitError], [*CountError], [*RowLengthError], [*AmbiguousError], …:
// problems.go, which words them all), wrapping one of the sentinel errors
// (ErrEmpty, ErrCellCount, …), so that errors.Is and errors.As work on an
// *Error. The text of Error() is written for the person
// who sent the message: it quotes offending characters safely (invisible,
// right-to-left and markup characters as U+XXXX) and never contains a raw
// backtick or @.
type Error struct {
	Line, Col int
	Err       error
}

// Error returns a message for a person, such as
// "line 3, column 7: unexpected character 'q'".
func (e *Error) Error() string {
	switch {
	case e.Line > 0 && e.Col > 0:
		return fmt.Sprintf("line %d, column %d: %v", e.Line, e.Col, e.Err)
	case e.Line > 0:
		return fmt.Sprintf("line %d: %v", e.Line, e.Err)
	}
	return e.Err.Error()
}

// Unwrap returns Err, so that errors.Is(err, ErrBadChar) and the like hold.
func (e *Error) Unwrap() error { return e.Err }

// quote shows the character r, taken from user input, so that it can be read
// and cannot disturb the reply it ends up in: printable characters in single
// quotes, everything else (spaces, controls, zero-width, combining and
// right-to-left characters, backticks, at signs, quotes, backslashes) as U+XXXX.
func quote(r rune) string {
	if r < 0x80 {
		if r > ' ' && r < 0x7f && r != '`' && r != '@' && r != '\'' && r != '\\' {
			return "'" + string(r) + "'"
		}
		return fmt.Sprintf("U+%04X", r)
	}
	if r >= 0xFF01 && r <= 0xFF5E { // full-width ASCII: judge by its ASCII twin
		if a := r - 0xFEE0; a == '`' || a == '@' || a == '\'' || a == '\\' {
			return fmt.Sprintf("U+%04X", r)
		}
	}
	if r != unicode.ReplacementChar && !rightToLeft(r) &&
		(unicode.IsLetter(r) || unicode.IsNumber(r) || unicode.IsPunct(r) || unicode.IsSymbol(r)) {
		return fmt.Sprintf("'%c' (U+%04X)", r, r)
	}
	return fmt.Sprintf("U+%04X", r)
}

// rightToLeft reports whether r belongs to a block of right-to-left scripts,
// which could reorder the text around it.
func rightToLeft(r rune) bool {
	return r >= 0x0590 && r <= 0x08FF ||
		r >= 0xFB1D && r <= 0xFDFF ||
		r >= 0xFE70 && r <= 0xFEFF ||
		r >= 0x10800 && r <= 0x10FFF ||
		r >= 0x1E800 && r <= 0x1EFFF
}
