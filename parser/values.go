package parser

import (
	"fmt"
	"math/bits"

	"github.com/sudokubot/sudokubot/sudoku"
)

// Notation is how the values of a grid were written, so that an answer can
// be written the same way.
type Notation uint8

// The notations.
const (
	// Letters is 1 to 9, then A for 10 up to P for 25: the bot's own.
	Letters Notation = iota
	// ZeroBased is 0 for 1 up to F for 16 (or B for 12, O for 25): the 0–F
	// convention of 16×16 "hexadoku" grids.
	ZeroBased
	// Numbers is numbers of two digits between separators (10, 11, 12 …),
	// for grids above 9×9. Answers write them as letters.
	Numbers
)

const (
	lettersAlphabet   = "123456789ABCDEFGHIJKLMNOP"
	zeroBasedAlphabet = "0123456789ABCDEFGHIJKLMNO"
)

// Symbols returns the symbols, for values 1 to size, of an answer in
// notation n: "0123456789ABCDEF" for a 16×16 grid written 0–F, and 1–9 then
// A–P otherwise (a grid written with numbers is answered with letters).
func (n Notation) Symbols(size int) string {
	size = max(0, min(size, sudoku.MaxSize))
	if n == ZeroBased {
		return zeroBasedAlphabet[:size]
	}
	return lettersAlphabet[:size]
}

// String names the notation: "1–9, A–P", "0–F" or "numbers".
func (n Notation) String() string {
	switch n {
	case ZeroBased:
		return "0–F"
	case Numbers:
		return "numbers"
	}
	return "1–9, A–P"
}

// cellIn is one cell as written, before its value is known.
type cellIn struct {
	line int
	col  int32
	kind uint8  // kSym, kBlank, kNum or kCands
	c    byte   // kSym: '0'-'9' or 'A'-'P'
	v    uint32 // kNum: the number written; kCands: the digits written, bit d-1 for d
}

const (
	kSym   uint8 = iota // a digit or letter
	kBlank              // an empty-cell mark, or a space where spaces mark empty cells
	kNum                // a number of two digits or more
	kCands              // several digits: the candidates of a cell
)

// grid is a grid read from the text, with what the answer needs to know.
type grid struct {
	g        sudoku.Grid
	cands    []uint32 // pencil marks, or nil
	notation Notation
	notes    []string
	first    int // the lines of the text it was read from
	last     int
	// col and endCol are the columns it spans when it was read from part
	// of one line (a puzzle and its solution on a line), counted after the
	// line's shift (the space after the command, a quote mark); 0 otherwise.
	col, endCol int32
	afterCmd    bool   // the columns are counted after the command
	from        string // what was read, for messages: "lines 2–10", "line 3"
	label       string // the words on the line before it, if any
}

// decode gives the cells their values in a grid of shape sh. In grids above
// 9×9, the symbol of the largest value (G for 16×16) means 1-based symbols
// and 0 for empty; otherwise a 0 with other empty marks, or zeros no more
// than once per row on average (a grid written with every cell), means the
// 0-based convention (0 for 1); otherwise 0 is empty.
func decode(sh sudoku.Shape, cells []cellIn) (grid, *Error) {
	n := sh.Size()
	top := lettersAlphabet[n-1]
	var hasTop, hasZero, hasBlank, hasNum, hasCands bool
	zeros := 0
	for _, c := range cells {
		switch c.kind {
		case kSym:
			hasTop = hasTop || c.c == top
			if c.c == '0' {
				hasZero = true
				zeros++
			}
		case kNum:
			hasNum = true
			hasTop = hasTop || int(c.v) == n
			hasZero = hasZero || c.v == 0
		case kBlank:
			hasBlank = true
		case kCands:
			hasCands = true
		}
	}
	var out grid
	zeroBased := n >= 10 && !hasTop && hasZero && (hasBlank || zeros <= n)
	switch {
	case zeroBased:
		out.notation = ZeroBased
		out.notes = append(out.notes, fmt.Sprintf("I read the grid as %s (0 stands for 1, %c for %d), and answer the same way.",
			zeroRange(n), zeroBasedAlphabet[n-1], n))
	case hasNum:
		out.notation = Numbers
		if n > 9 {
			out.notes = append(out.notes, fmt.Sprintf("I write 10 to %d as the letters A to %c.", n, top))
		}
	case n == 16 && hasZero:
		out.notes = append(out.notes, fmt.Sprintf("I read 0 as an empty cell (the grid uses 1–9 and A–%c).", top))
	case n == 16 && !hasTop:
		out.notes = append(out.notes, fmt.Sprintf("The grid has neither 0 nor %c: I read it as 1–%c; if you write %s, read my %c as 0.",
			top, top, zeroRange(n), top))
	}
	values := make([]int, len(cells))
	if hasCands {
		out.cands = make([]uint32, len(cells))
	}
	placed := 0
	for i, c := range cells {
		v := 0
		switch c.kind {
		case kSym:
			v = symbolValue(c.c)
			if zeroBased {
				v++
			}
			if v > n {
				return grid{}, errAt(c.line, int(c.col), &DigitError{Form: DigitSymbol, Char: rune(c.c), Value: v, Size: n, ZeroBased: zeroBased})
			}
		case kNum:
			v = int(c.v)
			if zeroBased {
				v++
			}
			if v > n {
				return grid{}, errAt(c.line, int(c.col), &DigitError{Form: DigitNumber, Value: int(c.v), Size: n})
			}
		case kCands:
			if high := bits.Len32(c.v); high > n {
				return grid{}, errAt(c.line, int(c.col), &DigitError{Form: DigitCandidate, Value: high, Size: n})
			}
			out.cands[i] = c.v
			continue
		}
		values[i] = v
		if v > 0 {
			placed++
			if out.cands != nil {
				out.cands[i] = 1 << (v - 1)
			}
		}
	}
	if hasCands {
		out.notes = append(out.notes, fmt.Sprintf("I read a pencil-mark grid: the %d cells with one digit are placed, the others keep their candidates.", placed))
	}
	g, err := sudoku.FromCells(sh, values)
	if err != nil {
		return grid{}, errAt(0, 0, &kindError{ErrCellCount, err})
	}
	out.g = g
	return out, nil
}

func zeroRange(n int) string { return fmt.Sprintf("0–%c", zeroBasedAlphabet[n-1]) }

// symbolRange names the symbols of a grid of size n.
func symbolRange(n int, zeroBased bool) string {
	switch {
	case zeroBased:
		return zeroRange(n)
	case n <= 9:
		return fmt.Sprintf("1–%d", n)
	}
	return fmt.Sprintf("1–9 and A–%c", lettersAlphabet[n-1])
}

// symbolValue returns the value of a normalised cell character: 0 for the
// digit 0, -1 for an empty cell.
func symbolValue(c byte) int {
	switch {
	case c >= '0' && c <= '9':
		return int(c - '0')
	case c >= 'A' && c <= 'P':
		return int(c-'A') + 10
	}
	return -1
}
