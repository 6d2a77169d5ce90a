package parser

import (
	"fmt"
	"math/bits"
	"strings"

	"github.com/sudokubot/sudokubot/sudoku"
)

// failure is a block of cells that is no grid.
type failure struct {
	err         *Error
	cells       int
	first, last int
	text        bool // cells among words of text: part of the text, not a grid
}

// A block is a run of lines that hold cells, with the cells of the lines
// of text around it: a row may share its line with a label before it
// (Puzzle: 53..7....) or a comment after it (....8..79 <- last row).
type block struct {
	lines  []*line
	before *line // the cells after the last word of the line of text just above, if any
	after  *line // the cells before the first word of the line of text just below, if any
}

// group cuts lines into blocks: runs of lines that hold cells, broken by
// lines of text, code fences and lines of stray characters (blank lines do
// not break a block). The cells on a line of text form blocks of their own,
// parts; a part that opens a bracket it does not close (board = [[…) starts
// the block of the lines after it.
func group(lines []line) (blocks []block, parts [][]*line) {
	var cur []*line
	var before *line // the trailing part of the line of text just above cur
	flush := func(after *line) {
		for _, l := range cur {
			if l.cells > 0 {
				b := block{lines: cur, before: before}
				if last := cur[len(cur)-1]; after != nil && last.num == after.num-1 && last.cells > 0 {
					b.after = after
				}
				blocks = append(blocks, b)
				break
			}
		}
		cur, before = nil, nil
	}
	for i := range lines {
		l := &lines[i]
		switch l.kind {
		case lText:
			ps, lead, trail := textParts(l)
			var first *line
			if lead {
				first = ps[0]
			}
			flush(first)
			for j, p := range ps {
				if j == len(ps)-1 && trail && l.open > 0 && !l.fence {
					cur = []*line{p}
					continue
				}
				parts = append(parts, []*line{p})
			}
			if trail && cur == nil && !l.fence {
				before = ps[len(ps)-1]
			}
		case lJunk:
			flush(nil)
		default:
			if len(cur) == 0 && before != nil && (l.num != before.num+1 || l.cells == 0) {
				before = nil
			}
			cur = append(cur, l)
		}
		if l.fence {
			flush(nil)
		}
	}
	flush(nil)
	return blocks, parts
}

// textParts returns the runs of cells between the words of a line of text,
// each as a line of its own, and whether the first starts the line (cells
// before any word) and the last ends it (cells after every word).
func textParts(l *line) (parts []*line, lead, trail bool) {
	start := 0
	add := func(end int) {
		toks := l.toks[start:end]
		for _, t := range toks {
			if t.kind == tCell {
				lead = lead || start == 0
				trail = end == len(l.toks)
				p := &line{num: l.num, toks: toks, spaces: true, part: true}
				if len(toks) > 0 {
					p.width = toks[len(toks)-1].col
				}
				classify(p)
				parts = append(parts, p)
				return
			}
		}
	}
	for i, t := range l.toks {
		if t.kind == tText {
			add(i)
			start = i + 1
		}
	}
	// After the last word, what follows an = is the value of a label
	// (board = [[…]], int grid[9][9] = {…}, ?bd=…).
	for i := len(l.toks) - 1; i >= start; i-- {
		if l.toks[i].kind == tRule && l.toks[i].ch == '=' {
			add(i)
			start = i + 1
			break
		}
	}
	add(len(l.toks))
	return parts, lead, trail
}

// readBlock reads the grids of a block: one, several (a puzzle and its
// solution, grids apart), or none (then a failure). text is set for the
// cells of a line of text.
func readBlock(b []*line, text bool) ([]grid, []failure) {
	cells, first, last := 0, 0, 0
	for _, l := range b {
		if l.cells > 0 {
			cells += l.cells
			if first == 0 {
				first = l.num
			}
			last = l.num
		}
	}
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
		return errAt(num, int(t.col), ErrBadChar, "a byte that is not UTF-8 text (send the grid as plain text)")
	}
	return errAt(num, int(t.col), ErrBadChar, "unexpected character %s (a grid holds digits, letters for values above 9, and . or 0 for empty cells)", quote(t.ch))
}

// bestReading reads b in every way that applies and returns the one grid
// they give, an error wrapping ErrAmbiguous when two ways give different
// grids, or the error of the reading that got furthest.
func bestReading(b []*line) (grid, *Error) {
	type try struct {
		r     reading
		g     grid
		err   *Error
		total int
	}
	var hasNumber, hasCands, hasStar bool
	for _, l := range b {
		if l.kind != lContent {
			continue
		}
		eachWord(l.toks, func(w []tok) {
			hasNumber = hasNumber || isNumber(w)
			_, c := candMask(w)
			hasCands = hasCands || c
			hasStar = hasStar || starMarks(w) != nil
		})
	}
	tries := []try{{r: compact}}
	if hasNumber {
		tries = append(tries, try{r: numbers})
	}
	if hasCands {
		tries = append(tries, try{r: cands})
	}
	var ok []try
	for i := range tries {
		t := &tries[i]
		t.g, t.err, t.total = tokenGrid(b, t.r, false)
		if t.err == nil {
			ok = append(ok, *t)
		}
	}
	if len(ok) == 1 {
		return ok[0].g, nil
	}
	if len(ok) > 1 {
		a, c := ok[0], ok[1]
		if a.g.g == c.g.g && equalMasks(a.g.cands, c.g.cands) {
			return a.g, nil
		}
		return grid{}, errAt(0, 0, ErrAmbiguous, "the grid can be read as %d×%d, %s, or as %d×%d, %s; put a space or comma between all cells, and write each cell's candidates without spaces",
			a.g.g.Size(), a.g.g.Size(), readingName(a.r), c.g.g.Size(), c.g.g.Size(), readingName(c.r))
	}
	if hasStar {
		if g, err, _ := tokenGrid(b, compact, true); err == nil {
			g.notes = append(g.notes, "I read * next to a digit as a mark on a given, not as an empty cell.")
			return g, nil
		}
	}
	// Lists spread over lines (json.dumps with indent): rows by brackets.
	if rows := bracketRows(b); rows != nil {
		if g, err := bestReading(rows); err == nil {
			return g, nil
		}
	}
	// Spaces as empty cells, where separators or columns place every cell.
	var posErr *Error
	if spaceEvidence(b) {
		if g, err, _, applies := fieldsGrid(b); applies {
			if err == nil {
				return g, nil
			}
			posErr = err
		}
		if g, err, _, applies := columnsGrid(b); applies {
			if err == nil {
				return g, nil
			}
			// The columns' error when it says more: boxes of another shape
			// rather than a count of fields (py-sudoku's Sudoku(2, 4)).
			if posErr == nil || progress(err, 0) > progress(posErr, 0) {
				posErr = err
			}
		}
	}
	if posErr != nil {
		return grid{}, posErr
	}
	if g, ok := sukaku(b); ok {
		return g, nil
	}
	if err := collapsedSpaces(b); err != nil {
		return grid{}, err
	}
	best := tries[0]
	for _, t := range tries[1:] {
		if progress(t.err, t.total) > progress(best.err, best.total) {
			best = t
		}
	}
	return grid{}, best.err
}

func readingName(r reading) string {
	switch r {
	case numbers:
		return "with numbers of two digits as cells"
	case cands:
		return "as a pencil-mark grid"
	}
	return "one cell per character"
}

// progress ranks the error of a reading by how far the reading got.
func progress(err *Error, total int) int {
	switch {
	case errorsIs(err, ErrBadDigit), errorsIs(err, ErrBoxes):
		return 3
	case errorsIs(err, ErrRowLength):
		if _, ok := sudoku.ShapeForCells(total); ok {
			return 2
		}
	}
	return 1
}

func equalMasks(a, b []uint32) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// spaceEvidence reports whether b shows spaces standing for empty cells: a
// field with nothing in it between two separators (5,3,,,7 or | 5 |   |),
// two spaces or more between cells (53  7), or a line that starts with a
// space when no vertical line frames it.
func spaceEvidence(b []*line) bool {
	for _, l := range b {
		if l.part {
			return false // columns mean nothing among words
		}
	}
	for _, l := range b {
		if l.kind != lContent && l.kind != lBarEmpty && l.kind != lSepEmpty {
			continue
		}
		prevSep := tokKind(255)
		prevCol := l.shift
		bars := false
		for _, t := range l.toks {
			bars = bars || t.kind == tBar
		}
		for i, t := range l.toks {
			switch t.kind {
			case tTab, tBar, tSep:
				if (t.kind == tTab || t.kind == tBar || t.ch == ',' || t.ch == ';') && prevSep == t.kind && i > 0 {
					return true // two separators with no cell between
				}
				prevSep = t.kind
			case tCell:
				prevSep = 255
				if t.col-prevCol > 2 && (i > 0 || !bars && prevCol == l.shift && t.col-l.shift > 1) {
					return true
				}
				if i == 0 && !bars && t.col-l.shift > 1 {
					return true
				}
			}
			prevCol = t.col
		}
		if l.kind == lBarEmpty || l.kind == lSepEmpty {
			return true
		}
	}
	return false
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

// readPiece reads a piece of a block, without cutting it further.
func readPiece(p []*line) ([]grid, []failure) {
	cells, first, last := 0, 0, 0
	for _, l := range p {
		if l.cells > 0 {
			cells += l.cells
			if first == 0 {
				first = l.num
			}
			last = l.num
		}
	}
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
	rest.err = errAt(rest.first, 0, ErrCellCount, "%v", countMsg{rest.cells, 1})
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

// choose returns the one grid of a text, or the error that explains why
// there is none or more than one.
func choose(found []grid, fails []failure) (Puzzle, error) {
	if len(found) == 0 {
		return Puzzle{}, bestFailure(fails)
	}
	var notes []string
	// The same grid twice counts once.
	uniq := found[:1]
	for _, g := range found[1:] {
		dup := false
		for _, u := range uniq {
			dup = dup || u.g == g.g && equalMasks(u.cands, g.cands)
		}
		if dup {
			notes = append(notes, fmt.Sprintf("The same grid appears again on %s; I read it once.", lines(g.first, g.last)))
			continue
		}
		uniq = append(uniq, g)
	}
	found = uniq
	if len(found) == 2 {
		puzzle, sol, ok := pairOf(found[0], found[1])
		if ok {
			where := "after it"
			if sol.first < puzzle.first || sol.first == puzzle.first && sol.g == found[0].g {
				where = "before it"
			}
			if sol.first == puzzle.first {
				where = "on the same line"
			}
			notes = append(notes, fmt.Sprintf("The message also holds the puzzle's solution (%s, %s); I read the puzzle.", where, lines(sol.first, sol.last)))
			found = []grid{puzzle}
		}
	}
	if len(found) > 1 {
		var names []string
		for i, g := range found {
			if i == 3 {
				names = append(names, fmt.Sprintf("and %d more", len(found)-3))
				break
			}
			where := lines(g.first, g.last)
			if g.col > 0 && sharesLine(found, i) {
				// Grids on one line: tell them apart by their columns.
				after := ""
				if g.afterCmd {
					after = " after the command"
				}
				where = fmt.Sprintf("line %d (columns %d–%d%s)", g.first, g.col, g.endCol, after)
			}
			names = append(names, fmt.Sprintf("a %d×%d grid on %s", g.g.Size(), g.g.Size(), where))
		}
		return Puzzle{}, errAt(found[1].first, 0, ErrAmbiguous, "found %d grids: %s; send one grid per message (or only the one you mean)",
			len(found), strings.Join(names, ", "))
	}
	g := found[0]
	n := g.g.Size()
	// Cells apart from the grid: fewer than a row in all are left out with
	// a note; more are refused, since they may be part of what was meant.
	extra, first, last := 0, 0, 0
	for _, f := range fails {
		if f.text {
			continue
		}
		extra += f.cells
		if first == 0 || f.first < first {
			first = f.first
		}
		last = max(last, f.last)
	}
	if extra >= n {
		return Puzzle{}, errAt(first, 0, ErrExtra, "besides the %d×%d grid on %s, %s %d cells that are not part of it; send the grid alone",
			n, n, lines(g.first, g.last), linesHold(first, last), extra)
	}
	if extra > 0 {
		notes = append(notes, fmt.Sprintf("I left out %s (%d %s), apart from the grid.", lines(first, last), extra, plural(extra, "cell", "cells")))
	}
	return Puzzle{
		Grid:       g.g,
		Candidates: g.cands,
		Notation:   g.notation,
		Notes:      append(g.notes, notes...),
		Line:       g.first,
		EndLine:    g.last,
	}, nil
}

// inLine records that g was read from the columns from to to of line l.
func (g *grid) inLine(l *line, from, to int32) {
	g.col, g.endCol = from-l.shift, to-l.shift
	g.afterCmd = l.num == 1 && l.shift > 0
}

// sharesLine reports whether another of gs is on the line of gs[i], which
// is on one line.
func sharesLine(gs []grid, i int) bool {
	for j, g := range gs {
		if j != i && g.first <= gs[i].first && gs[i].first <= g.last {
			return true
		}
	}
	return false
}

// pairOf reports whether a and b are a puzzle and its solution, in either
// order: same shape, one complete and breaking no rule, the other not
// complete and keeping every digit where the solution has it.
func pairOf(a, b grid) (puzzle, sol grid, ok bool) {
	if a.g.Shape() != b.g.Shape() {
		return grid{}, grid{}, false
	}
	if a.g.Complete() {
		a, b = b, a
	}
	if a.g.Complete() || !b.g.Complete() || len(sudoku.Validate(b.g)) > 0 {
		return grid{}, grid{}, false
	}
	for i := 0; i < a.g.Shape().Cells(); i++ {
		if v := a.g.At(i); v != 0 && v != b.g.At(i) {
			return grid{}, grid{}, false
		}
	}
	return a, b, true
}

// bestFailure returns the error of the failure most likely meant as the
// grid: outside text before inside it, then the one with the most cells.
func bestFailure(fails []failure) error {
	var best *failure
	for i := range fails {
		f := &fails[i]
		switch {
		case best == nil,
			best.text && !f.text,
			best.text == f.text && f.cells > best.cells:
			best = f
		}
	}
	if best == nil || best.text && best.cells < 16 {
		return errAt(0, 0, ErrEmpty, "no grid found")
	}
	return best.err
}

func lines(first, last int) string {
	if first == last {
		return fmt.Sprintf("line %d", first)
	}
	return fmt.Sprintf("lines %d–%d", first, last)
}

func linesHold(first, last int) string {
	if first == last {
		return fmt.Sprintf("line %d holds", first)
	}
	return fmt.Sprintf("lines %d–%d hold", first, last)
}

// bracketRows returns the rows of a list of lists written over many lines,
// one line per innermost list (or one line for a flat list), or nil when b
// is no such list: no brackets, brackets that do not close, cells outside
// the innermost lists, items not apart by commas, or lines of a board.
func bracketRows(b []*line) []*line {
	deepest, depth := 0, 0
	lines := 0
	for _, l := range b {
		if l.cells > 0 {
			lines++
			if l.kind != lContent {
				return nil // a rule of dashes: a board, not a list
			}
		}
		for _, t := range l.toks {
			switch t.kind {
			case tOpen:
				depth++
			case tClose:
				if depth--; depth < 0 {
					return nil
				}
			case tCell:
				deepest = max(deepest, depth)
			case tBar:
				return nil
			}
		}
	}
	if deepest == 0 || lines < 2 || depth != 0 {
		return nil // no list, or brackets that do not close: not a list
	}
	var rows []*line
	var cur *line
	depth = 0
	prevLine, wordLine := 0, 0
	crowded := false
	for _, l := range b {
		for _, t := range l.toks {
			switch t.kind {
			case tOpen:
				depth++
				if depth == deepest {
					cur = &line{num: l.num, kind: lContent}
					rows = append(rows, cur)
				}
				continue
			case tClose:
				if depth == deepest {
					cur = nil
				}
				depth--
				continue
			}
			if cur == nil {
				if t.kind == tCell {
					return nil
				}
				continue
			}
			if t.kind == tCell {
				t.word = true // a new line of the text starts a new word
				if n := len(cur.toks); n > 0 && cur.toks[n-1].kind == tCell && cur.toks[n-1].col+1 == t.col && prevLine == l.num {
					t.word = false
				}
				if t.word {
					if wordLine == l.num {
						crowded = true // two items on one line
					}
					wordLine = l.num
				}
				cur.cells++
			}
			cur.toks = append(cur.toks, t)
			prevLine = l.num
		}
	}
	if len(rows) < 1 || len(rows) == lines {
		return nil // one list per line: the lines were the rows already
	}
	if len(rows) == 1 && crowded {
		// A flat list over many lines is one item per line (json.dumps with
		// indent); lines of several items in one pair of brackets are not.
		return nil
	}
	for _, r := range rows {
		// The items of a list are apart by commas: "5", "3" or 5, 3.
		words, commas := 0, 0
		eachWord(r.toks, func([]tok) { words++ })
		for _, t := range r.toks {
			if t.kind == tSep && t.ch == ',' {
				commas++
			}
		}
		if commas < words-1 {
			return nil
		}
	}
	return rows
}

// sukaku reads SukakuExplainer's pencil marks written with nine characters
// per cell (729 for a 9×9 grid): the k-th is the digit k when it is a
// candidate, and . or 0 when it is not.
func sukaku(b []*line) (grid, bool) {
	const per = 9
	var cells []cellIn
	k := 0
	var m uint32
	for _, l := range b {
		if l.kind != lContent && l.kind != lMaybe {
			continue
		}
		for _, t := range l.toks {
			if t.kind != tCell {
				continue
			}
			if len(cells) == sudoku.Classic.Cells() {
				return grid{}, false
			}
			switch {
			case t.raw == '.' || t.c == '0':
			case t.c == byte('1'+k) && t.raw == t.c:
				m |= 1 << k
			default:
				return grid{}, false
			}
			if k++; k == per {
				c := cellIn{line: l.num, col: t.col - per + 1, kind: kCands, v: m}
				if m&(m-1) == 0 && m != 0 {
					c = cellIn{line: l.num, col: c.col, kind: kSym, c: byte('1' + bits.TrailingZeros32(m))}
				}
				cells = append(cells, c)
				k, m = 0, 0
			}
		}
	}
	if len(cells) != sudoku.Classic.Cells() || k != 0 {
		return grid{}, false
	}
	g, err := decode(sudoku.Classic, cells)
	if err != nil {
		return grid{}, false
	}
	if g.cands == nil { // every cell placed: still written as marks
		g.cands = make([]uint32, len(cells))
		for i := range cells {
			g.cands[i] = 1 << (g.g.At(i) - 1)
		}
	}
	return g, true
}
