package parser

import (
	"github.com/sudokubot/sudokubot/sudoku"
)

// Reading a block: the grids it holds, in one piece or several (grids side
// by side or one under the other, a puzzle beside its solution, grids
// written as words), each piece read in every way that applies
// (readings.go).

// readBlock reads the grids of a block: one, several (a puzzle and its
// solution, grids apart), or none (then a failure). text is set for the
// cells of a line of text.
func readBlock(b []*line, text bool) ([]grid, []failure) {
	b = tabIndented(b)
	cells, first, last := cellSpan(b)
	if cells == 0 {
		return nil, nil
	}
	content := false
	for _, l := range b {
		content = content || l.kind == lContent
	}
	fail := func(err *Error) []failure {
		if !content {
			return nil // only rules of dashes: a frame, not cells
		}
		return []failure{{err: err, cells: cells, first: first, last: last}}
	}
	for _, l := range b {
		if l.kind == lContent || l.kind == lMaybe || l.kind == lRule {
			if t := l.firstBad(); t != nil {
				if text { // a link or a record: a word may still be a grid
					if gs, _ := wholeWords(b); len(gs) > 0 {
						return gs, nil
					}
				}
				return nil, fail(badChar(l.num, *t))
			}
		}
	}
	g, err := bestReading(b)
	if err == nil {
		g.first, g.last = first, last
		return []grid{g}, nil
	}
	if err.Err != nil && errorsIs(err, ErrAmbiguous) {
		return nil, fail(err)
	}
	if gs, fs := splitBlock(b); len(gs) > 0 {
		return gs, fs
	}
	if gs := halves(b); len(gs) > 0 {
		return gs, nil
	}
	if gs, fs := wholeWords(b); len(gs) > 0 {
		return gs, fs
	}
	return nil, fail(err)
}

// badChar is the error for a character that belongs to no format.
func badChar(num int, t tok) *Error {
	if t.ch == 0xFFFD {
		return errAt(num, int(t.col), &CharError{NotUTF8: true})
	}
	return errAt(num, int(t.col), &CharError{Char: t.ch})
}

// splitBlock cuts a block that is no grid at its blank lines, or into runs
// of n rows of n cells, and reads the pieces. It returns nothing unless a
// piece is a grid.
func splitBlock(b []*line) ([]grid, []failure) {
	var pieces [][]*line
	var cur []*line
	for _, l := range b {
		if l.kind == lBlank && !l.spaces || l.kind == lBlank && len(cur) > 0 && onlyBlank(cur) {
			if len(cur) > 0 {
				pieces = append(pieces, cur)
			}
			cur = nil
			continue
		}
		cur = append(cur, l)
	}
	if len(cur) > 0 {
		pieces = append(pieces, cur)
	}
	if len(pieces) < 2 {
		pieces = runsOfRows(b)
	}
	if len(pieces) < 2 {
		return nil, nil
	}
	var gs []grid
	var fs []failure
	smallest, widest := 0, 0 // the smallest grid read, the widest row of a piece that is none
	for _, p := range pieces {
		g, f := readPiece(p)
		gs = append(gs, g...)
		fs = append(fs, f...)
		for _, x := range g {
			if smallest == 0 || x.g.Size() < smallest {
				smallest = x.g.Size()
			}
		}
		if len(g) == 0 {
			for _, l := range p {
				widest = max(widest, rowWidth(l))
			}
		}
	}
	if len(gs) == 0 || widest > smallest {
		// A piece with rows wider than a grid read beside it: the block
		// is one grid cut at a blank line (an empty row), not grids apart.
		return nil, nil
	}
	return gs, fs
}

// rowWidth returns how many cells l spans as a row: its cells, its columns
// when spaces stand for empty cells, or its fields when tabs, commas or
// semicolons separate them.
func rowWidth(l *line) int {
	if l.kind != lContent {
		return 0
	}
	w := l.cells
	if spaceEvidence([]*line{l}) {
		w = max(w, int(l.width-l.shift)) // spaces as empty cells: its columns
	}
	for _, sep := range fieldSeps {
		if sep.kind == tBar {
			continue
		}
		n := 1
		for _, t := range l.toks {
			if isSep(t, sep.kind, sep.ch) {
				n++
			}
		}
		w = max(w, n)
	}
	return w
}

func onlyBlank(ls []*line) bool {
	for _, l := range ls {
		if l.kind != lBlank {
			return false
		}
	}
	return true
}

// cellSpan returns the cells of ls and the numbers of the first and last
// lines that hold some (0 when none does).
func cellSpan(ls []*line) (cells, first, last int) {
	for _, l := range ls {
		if l.cells > 0 {
			cells += l.cells
			if first == 0 {
				first = l.num
			}
			last = l.num
		}
	}
	return cells, first, last
}

// readPiece reads a piece of a block, without cutting it further.
func readPiece(p []*line) ([]grid, []failure) {
	cells, first, last := cellSpan(p)
	if cells == 0 {
		return nil, nil
	}
	g, err := bestReading(p)
	if err != nil {
		if gs := halves(p); len(gs) > 0 {
			return gs, nil
		}
		if gs, fs := wholeWords(p); len(gs) > 0 {
			return gs, fs
		}
		return nil, []failure{{err: err, cells: cells, first: first, last: last}}
	}
	g.first, g.last = first, last
	return []grid{g}, nil
}

// runsOfRows cuts a block whose rows all hold n cells, k×n rows in all (k
// ≥ 2), into k runs of n rows: grids one under the other.
func runsOfRows(b []*line) [][]*line {
	var rows []int // indexes in b of the rows
	width := -1
	for i, l := range b {
		if l.kind != lContent {
			continue
		}
		n, _ := count(l, compact, false)
		if width >= 0 && n != width {
			return nil
		}
		width = n
		rows = append(rows, i)
	}
	if _, ok := sudoku.ShapeForSize(width); !ok || len(rows) < 2*width || len(rows)%width != 0 {
		return nil
	}
	var pieces [][]*line
	for k := 0; k < len(rows); k += width {
		lo := rows[k]
		hi := len(b)
		if k+width < len(rows) {
			hi = rows[k+width]
		}
		pieces = append(pieces, b[lo:hi])
	}
	return pieces
}

// halves reads a block of one line whose cells are as many as two grids:
// a puzzle and its solution (Kaggle: puzzle,solution).
func halves(b []*line) []grid {
	var row *line
	for _, l := range b {
		if l.kind == lContent {
			if row != nil {
				return nil
			}
			row = l
		}
	}
	if row == nil {
		return nil
	}
	n, _ := count(row, compact, false)
	for _, sh := range sudoku.Shapes {
		if n != 2*sh.Cells() {
			continue
		}
		cells := cellsOf(nil, row, compact, false)
		a, errA := decode(sh, cells[:n/2])
		c, errC := decode(sh, cells[n/2:])
		if errA != nil || errC != nil {
			return nil
		}
		a.first, a.last, c.first, c.last = row.num, row.num, row.num, row.num
		a.inLine(row, cells[0].col, cells[n/2-1].col)
		c.inLine(row, cells[n/2].col, cells[n-1].col)
		return []grid{a, c}
	}
	return nil
}

// wholeWords reads the words of a block that are whole grids by
// themselves, such as the 81 characters in HoDoKu's :0000:x:<81>::: or a
// link ending in bd=<81>. Lines with cells but no such word are failures.
func wholeWords(b []*line) ([]grid, []failure) {
	var gs []grid
	var with []int // the lines that hold a grid
	for _, l := range b {
		if l.cells < 16 {
			continue
		}
		found := false
		eachRun(l.toks, func(w []tok) {
			for _, sh := range sudoku.Shapes {
				switch len(w) {
				case sh.Cells():
					if g, ok := wordGrid(l.num, w, sh); ok {
						g.inLine(l, w[0].col, w[len(w)-1].col)
						gs = append(gs, g)
						found = true
					}
				case 2 * sh.Cells():
					if sh.Cells() < 16 {
						continue
					}
					a, okA := wordGrid(l.num, w[:len(w)/2], sh)
					c, okC := wordGrid(l.num, w[len(w)/2:], sh)
					if okA && okC {
						a.inLine(l, w[0].col, w[len(w)/2-1].col)
						c.inLine(l, w[len(w)/2].col, w[len(w)-1].col)
						gs = append(gs, a, c)
						found = true
					}
				}
			}
		})
		if found {
			with = append(with, l.num)
		}
	}
	if len(gs) == 0 {
		return nil, nil
	}
	// The other lines with cells are apart from the grids: a grid of their
	// own (the same puzzle drawn under its 81 digits), or one failure for
	// them all, so that many short lines count as the cells they add up to.
	others := make([]*line, 0, len(b))
	on := append([]int(nil), with...)
	for _, l := range b {
		if len(on) > 0 && on[0] == l.num {
			on = on[1:]
			continue
		}
		others = append(others, l)
	}
	if len(others) < len(b) {
		if g, err := bestReading(others); err == nil {
			g.first, g.last = others[0].num, others[len(others)-1].num
			return append(gs, g), nil
		}
	}
	var rest failure
	for _, l := range b {
		if l.cells == 0 || l.kind == lMaybe || l.kind == lRule || len(with) > 0 && with[0] == l.num {
			if len(with) > 0 && with[0] == l.num {
				with = with[1:]
			}
			continue
		}
		if rest.first == 0 {
			rest.first = l.num
		}
		rest.last = l.num
		rest.cells += l.cells
	}
	if rest.cells == 0 {
		return gs, nil
	}
	rest.err = errAt(rest.first, 0, &CountError{Cells: rest.cells, Rows: 1})
	return gs, []failure{rest}
}

// eachRun calls fn with every run of cells of toks with no space or
// separator inside, a + before a digit included (HoDoKu's placed digits).
func eachRun(toks []tok, fn func(w []tok)) {
	eachWord(toks, func(w []tok) {
		if len(w) >= 16 {
			fn(w)
		}
	})
}

// wordGrid reads w, a word of cells, as a grid of shape sh.
func wordGrid(num int, w []tok, sh sudoku.Shape) (grid, bool) {
	digits := 0
	cells := make([]cellIn, len(w))
	for i, t := range w {
		cells[i] = symCell(num, t)
		if t.c != '.' && t.c != '0' {
			digits++
		}
	}
	if digits == 0 {
		return grid{}, false
	}
	g, err := decode(sh, cells)
	if err != nil {
		return grid{}, false
	}
	g.first, g.last = num, num
	return g, true
}
