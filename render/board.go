package render

import (
	"strings"

	"github.com/sudokubot/sudokubot/sudoku"
)

// mark is how a cell is set apart in the grid.
type mark uint8

const (
	plain    mark = iota
	given         // a digit of the puzzle, in a solution: [5]
	conflict      // a digit that breaks a rule: >5<
	pattern       // a cell of a hint's pattern: (.) or (5)
)

// layout is the width of a cell. Wide cells (three columns) can bracket a
// digit; narrow ones (two columns) put a mark only before it, and are used
// where wide cells would not fit MaxLen (25×25).
type layout struct {
	narrow bool
	width  int
}

func layoutFor(size int) layout {
	if size > 16 {
		return layout{narrow: true, width: 2}
	}
	return layout{width: 3}
}

// symbol writes a value as a single character: . for empty, 1-9, then A
// for 10 up to P for 25.
func symbol(v int) rune {
	switch {
	case v <= 0:
		return '.'
	case v <= 9:
		return rune('0' + v)
	}
	return rune('A' + v - 10)
}

// symbolIn writes a value with the symbols syms (syms[v-1] for v), or as
// symbol does when syms is empty or too short.
func symbolIn(syms string, v int) rune {
	if v >= 1 && v <= len(syms) {
		return rune(syms[v-1])
	}
	return symbol(v)
}

// board draws g, one line per row, boxes apart with | and lines of - and +,
// with each cell marked as marks says (marks may be nil), values written
// with syms (see symbolIn). Lines carry no trailing spaces.
func board(g sudoku.Grid, marks []mark, syms string) string {
	sh := g.Shape()
	n := sh.Size()
	lay := layoutFor(n)
	groups := make([]string, n/sh.BoxCols)
	for i := range groups {
		groups[i] = strings.Repeat("-", sh.BoxCols*lay.width)
	}
	rule := strings.Join(groups, "+")

	var b strings.Builder
	b.Grow((n + n/sh.BoxRows) * (n*lay.width + n/sh.BoxCols))
	for r := 0; r < n; r++ {
		if r > 0 {
			b.WriteByte('\n')
			if r%sh.BoxRows == 0 {
				b.WriteString(rule + "\n")
			}
		}
		var line strings.Builder
		for c := 0; c < n; c++ {
			if c > 0 && c%sh.BoxCols == 0 {
				line.WriteByte('|')
			}
			m := plain
			if marks != nil {
				m = marks[r*n+c]
			}
			s := symbolIn(syms, g.Get(r, c))
			switch {
			case lay.narrow && m == conflict:
				line.WriteString(">" + string(s))
			case lay.narrow && m == pattern:
				line.WriteString("(" + string(s))
			case lay.narrow:
				line.WriteString(" " + string(s))
			case m == given:
				line.WriteString("[" + string(s) + "]")
			case m == conflict:
				line.WriteString(">" + string(s) + "<")
			case m == pattern:
				line.WriteString("(" + string(s) + ")")
			default:
				line.WriteString(" " + string(s) + " ")
			}
		}
		b.WriteString(strings.TrimRight(line.String(), " "))
	}
	return b.String()
}
