package parser

import (
	"github.com/sudokubot/sudokubot/sudoku"
)

// cannotTell ends the messages of this file.
const cannotTell = "so I cannot tell where the cells are; write each empty cell as . or 0"

// The checks in this file refuse grids whose empty cells are spaces when
// the spaces do not show where the cells are: spaces collapsed by copying
// from a web page or a chat, runs of spaces shortened, cells apart by
// spaces where an empty cell is written as nothing.

// collapsedSpaces returns an error when b looks like a grid whose empty
// cells were spaces and whose runs of spaces were collapsed to one (as a
// web page, or a chat outside a code block, shows them) or removed: at
// least three rows of cells with no empty-cell mark and nothing but single
// spaces between cells, most of them shorter than the grid they would
// make, and far fewer cells than it has (a puzzle's givens). Cell positions
// cannot be told then; it returns nil when b is not so.
func collapsedSpaces(b []*line) *Error {
	var rows []*line
	gaps := false   // a space between two cells somewhere
	numbers := true // every word of two characters or more is a number 10 to 25
	lengths := map[int]bool{}
	widest, chars, words := 0, 0, 0
	for _, l := range b {
		if l.part {
			return nil // cells among words
		}
		switch l.kind {
		case lContent:
		case lBlank:
			continue
		default:
			return nil // rules, bars, separators: another format
		}
		prev := int32(-1)
		for _, t := range l.toks {
			if t.kind != tCell || t.c == '.' || t.c == '0' && t.raw == '0' && t.word || t.mark != 0 {
				return nil // separators, or empty cells written as marks
			}
			if prev >= 0 {
				switch t.col - prev {
				case 1:
				case 2:
					gaps = true
				default:
					return nil // a run of spaces: spaces kept
				}
			}
			prev = t.col
		}
		n := 0
		eachWord(l.toks, func(w []tok) {
			n++
			if len(w) > 1 {
				v := 0
				for _, t := range w {
					v = v*10 + int(t.c-'0')
				}
				numbers = numbers && isNumber(w) && v >= 10 && v <= sudoku.MaxSize
			}
		})
		rows = append(rows, l)
		words += n
		chars += len(l.toks)
		lengths[len(l.toks)] = true
		widest = max(widest, len(l.toks))
	}
	if len(rows) < 3 {
		return nil
	}
	total := chars
	if numbers {
		total = words
	}
	size := 0 // the smallest grid with as many rows, and rows as wide
	for _, sh := range sudoku.Shapes {
		if sh.Size() >= len(rows) && sh.Size() >= widest {
			size = sh.Size()
			break
		}
	}
	short := 0
	for _, l := range rows {
		if len(l.toks) < size {
			short++
		}
	}
	if size == 0 || 4*total >= 3*size*size || 2*short <= len(rows) {
		return nil
	}
	if !gaps {
		if len(lengths) < 2 {
			return nil
		}
		return errAt(rows[0].num, 0, &AmbiguousError{Form: AmbiguousUneven, Cells: total, Rows: len(rows)})
	}
	return errAt(rows[0].num, 0, &AmbiguousError{Form: AmbiguousCollapsed, Cells: total, Rows: len(rows)})
}

// apartBySpaces refuses rows read one character per cell (53  7) in which
// no two cells stand side by side and a single space stands between some:
// such rows are as well cells apart by a space with an empty cell written
// as nothing (5 3   7 for 53..7), and the two readings place the cells
// differently.
func apartBySpaces(rows []*line) *Error {
	var single *line // the first row with a single space between two cells
	col := int32(0)
	for _, l := range rows {
		for i := 1; i < len(l.toks); i++ {
			a, c := l.toks[i-1], l.toks[i]
			if a.kind != tCell || c.kind != tCell {
				return nil
			}
			switch c.col - a.col {
			case 1:
				return nil // side by side: one character per cell
			case 2:
				if single == nil {
					single, col = l, a.col+1
				}
			}
		}
	}
	if single == nil {
		return nil
	}
	return errAt(single.num, int(col), &AlignError{Form: AlignSingleSpaces})
}

// guessedClash refuses a grid read by columns, spaces as empty cells and
// no vertical lines to place them, that breaks the rules when some row
// ends before the grid's last column (last, counted from 0 after the
// rows' indentation): its cells were placed by counting spaces, and a
// digit twice in a unit says more likely that spaces were lost or added
// (runs shortened by copying, typed by hand) than that the puzzle has no
// solution.
func guessedClash(rows []*line, g sudoku.Grid, last int32) *Error {
	short := false
	for _, l := range rows {
		short = short || l.end-l.shift-1 < last
	}
	if !short {
		return nil // every row reaches the last column: its spaces are all there
	}
	cs := sudoku.Validate(g)
	if len(cs) == 0 {
		return nil
	}
	return errAt(rows[0].num, 0, &AlignError{Form: AlignClash, Clash: cs[0]})
}
