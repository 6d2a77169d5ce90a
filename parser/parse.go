package parser

import (
	"fmt"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/sudokubot/sudokubot/sudoku"
)

// MaxInputBytes is the longest text Parse reads. The largest grid written
// with separators and box lines takes well under half of it.
const MaxInputBytes = 1 << 15

// Help describes the accepted formats in a few lines of plain text, for the
// bot's help reply. It is not Markdown: its *, _, | and - are meant
// literally, so escape them before sending (render.Notice does).
const Help = `Write the grid after the command, in any of these forms:
- 81 characters on one line, or 9 lines of 9; empty cells as . 0 _ - * or x
- cells separated by spaces or commas, or a JSON array like [["5","3","."],...]
- a board drawn with | - + = or box lines, in a code block or not (copying one of my replies works)
Sizes 4×4, 6×6, 8×8, 9×9, 12×12, 16×16 and 25×25 are told apart by the number of cells.
Above 9, use letters (A=10, B=11 ... P=25, either case) or numbers (10 11 12) between separators.
16×16 uses 1-9 and A-G; a 16×16 grid with a 0 and no G is read as 0-F (0 means 1, F means 16).`

// Parse reads a sudoku grid from text, the part of a message after the
// command. Package parser's documentation lists the accepted formats.
//
// Parse returns an [*Error] wrapping ErrEmpty when text holds no cell at all,
// ErrTooLong, ErrBadChar, ErrCellCount, ErrRowLength, ErrBadDigit or
// ErrAmbiguous otherwise. It does not check the sudoku rules: a grid with a
// digit twice in a row parses, and [sudoku.Validate] reports it.
func Parse(text string) (sudoku.Grid, error) {
	if len(text) > MaxInputBytes {
		return sudoku.Grid{}, errAt(0, 0, ErrTooLong,
			"the message is too long (%d bytes); a grid fits in %d", len(text), MaxInputBytes)
	}
	var s scan
	if err := s.tokens(text); err != nil {
		return sudoku.Grid{}, err
	}
	if len(s.words) == 0 {
		return sudoku.Grid{}, errAt(0, 0, ErrEmpty, "no grid found")
	}
	numbers, rows, err := s.choose()
	if err != nil {
		return sudoku.Grid{}, err
	}
	return s.build(numbers, rows)
}

// A word is a run of cell characters between separators. In the compact
// reading each character is a cell; in the numbers reading a numeric word
// (two or more digits) is a single cell.
type word struct {
	line, col int // position of the first character
	start, n  int // its characters are syms[start : start+n]
	numeric   bool
}

// lineKind tells how a line with words takes part in the grid.
type lineKind uint8

const (
	content lineKind = iota // has a cell other than - or _
	maybe                   // only - and _ cells: a row of empty cells, or a rule
	rule                    // - and _ with + = or box drawing: a rule, never cells
)

// A row is a line that has words: words[first:end].
type row struct {
	line       int
	first, end int
	kind       lineKind
	compact    int // cells in the compact reading
	numbers    int // cells in the numbers reading
}

func (r row) cells(numbers bool) int {
	if numbers {
		return r.numbers
	}
	return r.compact
}

type scan struct {
	syms       []byte // cell characters, normalised to ASCII upper case
	words      []word
	rows       []row
	hasNumeric bool
}

// character classes
const (
	cCell = iota
	cSep
	cRule // a separator that only box lines use
	cBad
)

// classify returns the class of r and, for a cell, its ASCII upper-case form.
func classify(r rune) (byte, int) {
	switch {
	case r >= 0xFF01 && r <= 0xFF5E: // full-width ASCII
		r -= 0xFEE0
	case r == 0x2013 || r == 0x2212: // en dash, minus sign
		r = '-'
	case r == 0x3000:
		r = ' '
	}
	switch {
	case r >= '0' && r <= '9', r == '.', r == '_', r == '-', r == '*':
		return byte(r), cCell
	case r >= 'a' && r <= 'z':
		r -= 'a' - 'A'
		fallthrough
	case r >= 'A' && r <= 'Z':
		if r <= 'P' || r == 'X' {
			return byte(r), cCell
		}
		return 0, cBad
	}
	switch r {
	case ' ', '\t', ',', ';', '|', ':', '[', ']', '(', ')', '{', '}', '<', '>', '"', '\'', '`', '!',
		0x2018, 0x2019, 0x201C, 0x201D, // typographic quotes, as phones type them in JSON
		0x200B, 0x200C, 0x200D, 0x2060, 0xFEFF: // zero-width characters left by copying
		return 0, cSep
	case '+', '=':
		return 0, cRule
	}
	if r >= 0x2500 && r <= 0x257F { // box drawing
		return 0, cRule
	}
	if unicode.Is(unicode.Zs, r) {
		return 0, cSep
	}
	return 0, cBad
}

// region returns the byte range of text to read: inside the first code
// fence if there is one (without its language tag), else all of it.
func region(text string) (lo, hi int) {
	i := strings.Index(text, "```")
	if i < 0 {
		return 0, len(text)
	}
	lo = i + 3
	for lo < len(text) && text[lo] == '`' {
		lo++
	}
	hi = len(text)
	if j := strings.Index(text[lo:], "```"); j >= 0 {
		hi = lo + j
	}
	if eol := strings.IndexAny(text[lo:hi], "\r\n"); eol >= 0 && isTag(strings.TrimRight(text[lo:lo+eol], " \t")) {
		lo += eol
	}
	return lo, hi
}

// isTag reports whether s, the rest of an opening fence's line, is a
// language tag such as "text" or "json" rather than the first row of a grid:
// a short word starting with a letter, with a character no grid uses or at
// most three characters (no row is that short and starts with a letter).
func isTag(s string) bool {
	if s == "" || len(s) > 20 || !isASCIILetter(s[0]) {
		return false
	}
	foreign := false
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case isASCIILetter(c):
			u := c &^ 0x20
			foreign = foreign || (u > 'P' && u != 'X')
		case c >= '0' && c <= '9', c == '.', c == '_', c == '-':
		case c == '+', c == '#':
			foreign = true
		default:
			return false
		}
	}
	return foreign || len(s) <= 3
}

func isASCIILetter(c byte) bool { return c|0x20 >= 'a' && c|0x20 <= 'z' }

// tokens splits the part of text to read into words and rows, and rejects
// the first character that belongs to no format.
func (s *scan) tokens(text string) error {
	lo, hi := region(text)
	line, col := 1, 0
	inWord := false
	var cur row
	hasRule, dashOnly := false, true
	endWord := func() {
		if !inWord {
			return
		}
		inWord = false
		w := &s.words[len(s.words)-1]
		w.numeric = w.n > 1
		dash := true
		for _, c := range s.syms[w.start : w.start+w.n] {
			w.numeric = w.numeric && c >= '0' && c <= '9'
			dash = dash && (c == '-' || c == '_')
		}
		dashOnly = dashOnly && dash
		s.hasNumeric = s.hasNumeric || w.numeric
		cur.compact += w.n
		if w.numeric {
			cur.numbers++
		} else {
			cur.numbers += w.n
		}
	}
	endLine := func() {
		endWord()
		if cur.end = len(s.words); cur.end > cur.first {
			switch {
			case !dashOnly:
				cur.kind = content
			case hasRule:
				cur.kind = rule
			default:
				cur.kind = maybe
			}
			s.rows = append(s.rows, cur)
		}
		line++
		col = 0
		cur = row{line: line, first: len(s.words)}
		hasRule, dashOnly = false, true
	}
	cur = row{line: 1}
	for i := 0; i < len(text); {
		r, size := utf8.DecodeRuneInString(text[i:])
		if r == '\n' || r == '\r' {
			if r == '\r' && i+1 < len(text) && text[i+1] == '\n' {
				size = 2
			}
			endLine()
			i += size
			continue
		}
		col++
		if i < lo || i >= hi {
			i += size
			continue
		}
		if r == utf8.RuneError && size == 1 {
			return errAt(line, col, ErrBadChar, "a byte that is not UTF-8 text")
		}
		c, class := classify(r)
		switch class {
		case cCell:
			if !inWord {
				inWord = true
				s.words = append(s.words, word{line: line, col: col, start: len(s.syms)})
			}
			s.syms = append(s.syms, c)
			s.words[len(s.words)-1].n++
		case cSep, cRule:
			endWord()
			hasRule = hasRule || class == cRule
		default:
			return errAt(line, col, ErrBadChar, "unexpected character %s", quote(r))
		}
		i += size
	}
	endLine()
	return nil
}

// pick returns the rows that hold cells in one reading, and their cells.
// Content rows always count and rule rows never do. A row of only - and _
// counts when no row has other cells, or when it has as many cells as most
// content rows: then it is a row of empty cells, else a rule. If counting
// such rows gives no valid size and leaving them out does, they are rules.
func (s *scan) pick(numbers bool) ([]row, int) {
	freq := make(map[int]int)
	width, best := -1, 0
	for _, r := range s.rows {
		if r.kind == content {
			n := r.cells(numbers)
			freq[n]++
			if freq[n] > best {
				width, best = n, freq[n]
			}
		}
	}
	var out, without []row
	total, totalWithout := 0, 0
	for _, r := range s.rows {
		if r.kind == content || r.kind == maybe && (width < 0 || r.cells(numbers) == width) {
			out = append(out, r)
			total += r.cells(numbers)
		}
		if r.kind == content {
			without = append(without, r)
			totalWithout += r.cells(numbers)
		}
	}
	_, ok := sudoku.ShapeForCells(total)
	if _, okWithout := sudoku.ShapeForCells(totalWithout); !ok && okWithout {
		return without, totalWithout // those rows were rules after all
	}
	return out, total
}

// choose decides between the compact and the numbers reading, and checks
// the number of cells and the rows.
func (s *scan) choose() (numbers bool, rows []row, err error) {
	rows, total := s.pick(false)
	_, ok := sudoku.ShapeForCells(total)
	if s.hasNumeric {
		nrows, ntotal := s.pick(true)
		_, nok := sudoku.ShapeForCells(ntotal)
		switch {
		case ok && nok:
			return false, nil, errAt(0, 0, ErrAmbiguous,
				"the grid can be read as %d cells, one per character, or as %d numbers; put a space or comma between all cells", total, ntotal)
		case nok, !ok && s.looksNumeric():
			numbers, rows, total = true, nrows, ntotal
		}
	}
	if total == 0 {
		return false, nil, errAt(0, 0, ErrEmpty, "no grid found")
	}
	return numbers, rows, s.checkRows(numbers, rows, total)
}

// looksNumeric reports whether every number of several digits is between 10
// and 25, as in a big grid written with numbers.
func (s *scan) looksNumeric() bool {
	for _, w := range s.words {
		if w.numeric && (w.n != 2 || s.value(w) < 10 || s.value(w) > sudoku.MaxSize) {
			return false
		}
	}
	return true
}

// value returns the number a numeric word spells, or MaxSize+1 for anything
// bigger than MaxSize.
func (s *scan) value(w word) int {
	v := 0
	for _, c := range s.syms[w.start : w.start+w.n] {
		if v = v*10 + int(c-'0'); v > sudoku.MaxSize {
			return sudoku.MaxSize + 1
		}
	}
	return v
}

func (s *scan) checkRows(numbers bool, rows []row, total int) error {
	if shape, ok := sudoku.ShapeForCells(total); ok {
		n := shape.Size()
		if len(rows) == n {
			return s.rowLengths(numbers, rows, n)
		}
		return nil // cells in reading order, wrapped anyhow
	}
	if n := len(rows); n > 1 {
		if _, ok := sudoku.ShapeForSize(n); ok {
			even := 0
			for _, r := range rows {
				if r.cells(numbers) == n {
					even++
				}
			}
			if 2*even >= n {
				return s.rowLengths(numbers, rows, n)
			}
		}
	}
	return errAt(0, 0, ErrCellCount, "%s", countMessage(total))
}

// rowLengths returns an error for the first of rows (one per grid row) that
// does not hold n cells: at its first extra cell if it is too long.
func (s *scan) rowLengths(numbers bool, rows []row, n int) error {
	for i, r := range rows {
		got := r.cells(numbers)
		if got == n {
			continue
		}
		col := 0
		if got > n {
			col = s.cellCol(numbers, r, n)
		}
		return errAt(r.line, col, ErrRowLength, "row %d has %d %s; a %d×%d grid needs %d in each row",
			i+1, got, plural(got, "cell", "cells"), n, n, n)
	}
	return nil
}

// cellCol returns the column of the cell with index k (from 0) in row r.
func (s *scan) cellCol(numbers bool, r row, k int) int {
	for _, w := range s.words[r.first:r.end] {
		if numbers && w.numeric {
			if k == 0 {
				return w.col
			}
			k--
			continue
		}
		if k < w.n {
			return w.col + k
		}
		k -= w.n
	}
	return 0
}

// countMessage explains a cell count that matches no size, naming the
// nearest size when the count is close to it.
func countMessage(total int) string {
	near, dist := sudoku.Shapes[0], -1
	for _, sh := range sudoku.Shapes {
		d := total - sh.Cells()
		if d < 0 {
			d = -d
		}
		if dist < 0 || d < dist {
			near, dist = sh, d
		}
	}
	largest := sudoku.Shapes[len(sudoku.Shapes)-1]
	switch {
	case dist <= max(2, near.Cells()/8):
		n := near.Size()
		article := "a"
		if n == 8 {
			article = "an"
		}
		return fmt.Sprintf("found %d %s; %s %d×%d grid needs %d", total, plural(total, "cell", "cells"), article, n, n, near.Cells())
	case total > largest.Cells():
		return fmt.Sprintf("found %d cells; the largest grid, %d×%d, has %d", total, largest.Size(), largest.Size(), largest.Cells())
	}
	sizes := make([]string, len(sudoku.Shapes))
	for i, sh := range sudoku.Shapes {
		sizes[i] = fmt.Sprint(sh.Cells())
	}
	return fmt.Sprintf("found %d %s; a grid needs %s or %s", total, plural(total, "cell", "cells"),
		strings.Join(sizes[:len(sizes)-1], ", "), sizes[len(sizes)-1])
}

func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}

// build turns the chosen rows into a grid, reading symbols for its size.
func (s *scan) build(numbers bool, rows []row) (sudoku.Grid, error) {
	var total int
	for _, r := range rows {
		total += r.cells(numbers)
	}
	shape, _ := sudoku.ShapeForCells(total)
	n := shape.Size()

	// 16×16: 1–G, or 0–F when the grid has a 0 and no G.
	hex, firstZero := false, word{}
	if n == 16 && !numbers {
		hasG, hasZero := false, false
		for _, r := range rows {
			for _, w := range s.words[r.first:r.end] {
				for k, c := range s.syms[w.start : w.start+w.n] {
					hasG = hasG || c == 'G'
					if c == '0' && !hasZero {
						hasZero, firstZero = true, word{line: w.line, col: w.col + k}
					}
				}
			}
		}
		if hasG && hasZero {
			return sudoku.Grid{}, errAt(firstZero.line, firstZero.col, ErrBadDigit,
				"digit 0 is not allowed in a 16×16 grid using 1–G (use . for an empty cell)")
		}
		hex = hasZero
	}

	cells := make([]int, 0, total)
	for _, r := range rows {
		for _, w := range s.words[r.first:r.end] {
			if numbers && w.numeric {
				v := s.value(w)
				if v > n {
					return sudoku.Grid{}, errAt(w.line, w.col, ErrBadDigit,
						"number %s is too big for a %d×%d grid", string(s.syms[w.start:w.start+w.n]), n, n)
				}
				cells = append(cells, v)
				continue
			}
			for k, c := range s.syms[w.start : w.start+w.n] {
				v := symbolValue(c)
				if hex && v >= 0 {
					v++
				}
				if v > n {
					what := "digit"
					if c > '9' {
						what = "symbol"
					}
					return sudoku.Grid{}, errAt(w.line, w.col+k, ErrBadDigit,
						"%s %s stands for %d, too big for a %d×%d grid", what, quote(rune(c)), v, n, n)
				}
				cells = append(cells, max(v, 0))
			}
		}
	}
	g, err := sudoku.FromCells(shape, cells)
	if err != nil {
		return sudoku.Grid{}, fmt.Errorf("parse: %w", err)
	}
	return g, nil
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
