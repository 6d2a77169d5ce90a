package parser

import (
	"math/bits"

	"github.com/sudokubot/sudokubot/sudoku"
)

// reading is a way of counting the cells of a line.
type reading uint8

const (
	compact reading = iota // every cell character is a cell: 53..7....
	numbers                // a word of two digits or more is one cell: 10 11 12
	cands                  // every word is one cell; several digits are candidates: 5 124 26
)

// eachWord calls fn with every word of toks: a run of cells with no space or
// separator inside.
func eachWord(toks []tok, fn func(w []tok)) {
	start := -1
	for i, t := range toks {
		if t.kind != tCell {
			if start >= 0 {
				fn(toks[start:i])
				start = -1
			}
			continue
		}
		if t.word && start >= 0 {
			fn(toks[start:i])
			start = -1
		}
		if start < 0 {
			start = i
		}
	}
	if start >= 0 {
		fn(toks[start:])
	}
}

// isNumber reports whether w is a number of two digits or more.
func isNumber(w []tok) bool {
	if len(w) < 2 {
		return false
	}
	for _, t := range w {
		if t.c < '0' || t.c > '9' || t.mark != 0 {
			return false
		}
	}
	return true
}

// candMask returns the digits of w, a word of two or more distinct digits
// 1-9, and false for any other word.
func candMask(w []tok) (uint32, bool) {
	if len(w) < 2 || len(w) > 9 {
		return 0, false
	}
	var m uint32
	for _, t := range w {
		if t.c < '1' || t.c > '9' || t.mark != 0 || m&(1<<(t.c-'1')) != 0 {
			return 0, false
		}
		m |= 1 << (t.c - '1')
	}
	return m, true
}

// candWord returns the candidates of w in a pencil-mark grid: two digits
// or more (candMask), or digits with the marks HoDoKu adds when it copies a
// grid with a step: *, # or @ before a cell of the step, a letter before a
// cell of an almost locked set, - before a candidate to remove. Marked, one
// digit is a cell's last candidate.
func candWord(w []tok) (uint32, bool) {
	if m, ok := candMask(w); ok {
		return m, true
	}
	if len(w) < 2 || len(w) > 12 {
		return 0, false
	}
	i := 0
	if t := w[0]; t.raw == '*' || t.raw == '#' || t.raw == '@' || t.c >= 'A' && t.c <= 'Z' && t.raw == t.c {
		i++
	}
	var m uint32
	marked := i > 0
	for ; i < len(w); i++ {
		t := w[i]
		if t.raw == '-' && i+1 < len(w) && isDigitTok(w[i+1]) && w[i+1].raw == w[i+1].c {
			marked = true
			continue
		}
		if !isDigitTok(t) || t.raw != t.c || t.mark != 0 || m&(1<<(t.c-'1')) != 0 {
			return 0, false
		}
		m |= 1 << (t.c - '1')
	}
	return m, marked && m != 0
}

// starMarks reports, for each cell of word w, whether it is a '*' that
// marks a digit next to it (pzl writes givens as *5, Markdown bold **5**)
// rather than an empty cell: a run of '*' with a digit right before or
// after it. It is nil when w has no '*'. One pass over w: the runs are
// found once, not once per star (a word of n stars cost O(n²) so).
func starMarks(w []tok) []bool {
	var marks []bool
	for j := 0; j < len(w); {
		if w[j].raw != '*' {
			j++
			continue
		}
		k := j
		for k+1 < len(w) && w[k+1].raw == '*' {
			k++
		}
		if j > 0 && isDigitTok(w[j-1]) || k+1 < len(w) && isDigitTok(w[k+1]) { // *5, 5*, **5**
			if marks == nil {
				marks = make([]bool, len(w))
			}
			for x := j; x <= k; x++ {
				marks[x] = true
			}
		}
		j = k + 1
	}
	return marks
}

// starred reports whether cell i is marked in marks (from starMarks).
func starred(marks []bool, i int) bool { return marks != nil && marks[i] }

func isDigitTok(t tok) bool { return t.c >= '1' && t.c <= '9' }

// count returns the cells of l in reading r (stars: '*' next to a digit is
// a mark, not a cell), and false if l cannot be read that way.
func count(l *line, r reading, stars bool) (int, bool) {
	n, ok := 0, true
	eachWord(l.toks, func(w []tok) {
		switch {
		case r == numbers && isNumber(w):
			n++
		case r == cands:
			if _, isCands := candWord(w); isCands || len(w) == 1 {
				n++
			} else {
				ok = false
			}
		default:
			var marks []bool
			if stars {
				marks = starMarks(w)
			}
			for i := range w {
				if !starred(marks, i) {
					n++
				}
			}
		}
	})
	return n, ok
}

// cellsOf appends the cells of l in reading r.
func cellsOf(dst []cellIn, l *line, r reading, stars bool) []cellIn {
	eachWord(l.toks, func(w []tok) {
		if r == numbers && isNumber(w) {
			v := uint32(0)
			for _, t := range w {
				v = min(v*10+uint32(t.c-'0'), 1000)
			}
			dst = append(dst, cellIn{line: l.num, col: w[0].col, kind: kNum, v: v})
			return
		}
		if r == cands {
			if m, ok := candWord(w); ok {
				if m&(m-1) == 0 { // one candidate, marked: the cell's digit
					dst = append(dst, cellIn{line: l.num, col: w[0].col, kind: kSym, c: byte('1' + bits.TrailingZeros32(m))})
					return
				}
				dst = append(dst, cellIn{line: l.num, col: w[0].col, kind: kCands, v: m})
				return
			}
		}
		var marks []bool
		if stars {
			marks = starMarks(w)
		}
		for i, t := range w {
			if starred(marks, i) {
				continue
			}
			dst = append(dst, symCell(l.num, t))
		}
	})
	return dst
}

func symCell(num int, t tok) cellIn {
	if t.c == '.' {
		return cellIn{line: num, col: t.col, kind: kBlank}
	}
	return cellIn{line: num, col: t.col, kind: kSym, c: t.c}
}

// counted is a line with its cells in one reading.
type counted struct {
	l *line
	n int
}

// tokenRows returns the lines of b that hold cells in reading r, and the
// total of their cells, or false if a line cannot be read that way. A line
// of only - and _ counts when no line has other cells, or when it has as
// many cells as most lines: then it is a row of empty cells, else a rule. If
// counting such lines gives no valid size and leaving them out does, they
// are rules.
func tokenRows(b []*line, r reading, stars bool) ([]counted, int, bool) {
	all := make([]counted, 0, len(b))
	freq := make(map[int]int)
	width, best := -1, 0
	for _, l := range b {
		if l.kind != lContent && (l.kind != lMaybe || r == cands) {
			continue
		}
		n, ok := count(l, r, stars)
		if !ok {
			return nil, 0, false
		}
		all = append(all, counted{l, n})
		if l.kind == lContent {
			freq[n]++
			if freq[n] > best {
				width, best = n, freq[n]
			}
		}
	}
	with := make([]counted, 0, len(all))
	var without []counted
	total, totalWithout := 0, 0
	for _, c := range all {
		if c.l.kind == lContent || width < 0 || c.n == width {
			with = append(with, c)
			total += c.n
		}
		if c.l.kind == lContent {
			totalWithout += c.n
		}
	}
	_, ok := sudoku.ShapeForCells(total)
	if _, okWithout := sudoku.ShapeForCells(totalWithout); !ok && okWithout && totalWithout != total {
		without = make([]counted, 0, len(all))
		for _, c := range all {
			if c.l.kind == lContent {
				without = append(without, c)
			}
		}
		return without, totalWithout, true
	}
	return with, total, true
}

// layout checks that rows make a grid: all its cells on one line, or one
// line per row with as many cells as the grid has columns. It returns the
// shape, or an error naming the first row that does not fit.
func layout(rows []counted, total int, r reading, stars bool) (sudoku.Shape, *Error) {
	if total == 0 {
		return sudoku.Shape{}, errAt(0, 0, noGrid)
	}
	if shape, ok := sudoku.ShapeForCells(total); ok {
		n := shape.Size()
		switch {
		case len(rows) == 1:
			return shape, nil
		case len(rows) == n:
			return shape, rowLengths(rows, n, r, stars)
		}
		first := rows[0]
		return sudoku.Shape{}, errAt(first.l.num, 0, &LinesError{Cells: total, Lines: len(rows), Line: first.l.num, Holds: first.n, Size: n})
	}
	if n := len(rows); n > 1 {
		if _, ok := sudoku.ShapeForSize(n); ok {
			even := 0
			for _, r := range rows {
				if r.n == n {
					even++
				}
			}
			if 2*even >= n {
				return sudoku.Shape{}, rowLengths(rows, n, r, stars)
			}
		}
		// A grid of n rows of n cells, and a few lines apart from it.
		freq := make(map[int]int)
		for _, r := range rows {
			freq[r.n]++
		}
		for w, k := range freq {
			if _, ok := sudoku.ShapeForSize(w); ok && k == w && len(rows)-k <= 2 {
				for _, r := range rows {
					if r.n != w {
						return sudoku.Shape{}, errAt(r.l.num, 0, &ExtraError{Form: ExtraLine, Size: w, ExtraFirst: r.l.num, ExtraLast: r.l.num, Cells: r.n})
					}
				}
			}
		}
	}
	return sudoku.Shape{}, errAt(0, 0, &CountError{Cells: total, Rows: len(rows)})
}

// rowLengths returns an error for the first of rows (one per grid row) that
// does not hold n cells: at its first extra cell if it is too long.
func rowLengths(rows []counted, n int, rd reading, stars bool) *Error {
	for i, r := range rows {
		if r.n == n {
			continue
		}
		col := 0
		if r.n > n {
			col = int(nthCell(r.l, rd, stars, n))
		}
		return errAt(r.l.num, col, &RowLengthError{Row: i + 1, Cells: r.n, Want: n, Size: n})
	}
	return nil
}

// tokenGrid reads b, a block of lines, in reading r.
func tokenGrid(b []*line, r reading, stars bool) (grid, *Error, int) {
	rows, total, ok := tokenRows(b, r, stars)
	if !ok {
		return grid{}, errAt(0, 0, notPencilMarks), 0
	}
	shape, err := layout(rows, total, r, stars)
	if err != nil {
		return grid{}, err, total
	}
	if len(rows) > 1 {
		if err := boxesAgree(b, rows, shape, r, stars); err != nil {
			return grid{}, err, total
		}
	}
	cells := make([]cellIn, 0, total)
	for _, row := range rows {
		cells = cellsOf(cells, row.l, r, stars)
	}
	g, derr := decode(shape, cells)
	if derr != nil {
		return grid{}, derr, total
	}
	return g, nil, total
}

// nthCell returns the column of the cell with index k (from 0) of l.
func nthCell(l *line, r reading, stars bool, k int) int32 {
	col := int32(0)
	eachWord(l.toks, func(w []tok) {
		if col != 0 {
			return
		}
		if r == numbers && isNumber(w) || r == cands && len(w) > 1 {
			if k == 0 {
				col = w[0].col
			}
			k--
			return
		}
		var marks []bool
		if stars {
			marks = starMarks(w)
		}
		for i, t := range w {
			if starred(marks, i) {
				continue
			}
			if k == 0 {
				col = t.col
				return
			}
			k--
		}
	})
	return col
}

func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}

// wordCells returns how many cells word w is in reading r.
func wordCells(w []tok, r reading, stars bool) int {
	switch {
	case r == numbers && isNumber(w), r == cands:
		return 1
	case !stars:
		return len(w)
	}
	n := 0
	marks := starMarks(w)
	for i := range w {
		if !starred(marks, i) {
			n++
		}
	}
	return n
}

// barCuts returns, for each vertical line inside row l, how many cells of
// the row come before it.
func barCuts(l *line, r reading, stars bool, n int) []int {
	var cuts []int
	k := 0
	for i := 0; i < len(l.toks); {
		t := l.toks[i]
		switch t.kind {
		case tBar:
			if k > 0 && k < n && (len(cuts) == 0 || cuts[len(cuts)-1] != k) { // || counts once
				cuts = append(cuts, k)
			}
			i++
		case tCell:
			j := i + 1
			for j < len(l.toks) && l.toks[j].kind == tCell && !l.toks[j].word {
				j++
			}
			k += wordCells(l.toks[i:j], r, stars)
			i = j
		default:
			i++
		}
	}
	return cuts
}

// boxesAgree checks that the vertical lines and the rules of a drawn board
// (rows, read from the lines of b) fall between the boxes of shape: a 6×6
// board drawn in boxes of 3 rows and 2 columns is another puzzle than the
// 2×3 one the solver knows, and must not be read as it.
func boxesAgree(b []*line, rows []counted, shape sudoku.Shape, r reading, stars bool) *Error {
	n := shape.Size()
	cols := 0 // the width of the boxes drawn, when it is not shape's
	at := 0
	for _, row := range rows {
		cuts := barCuts(row.l, r, stars, n)
		if len(cuts) == n-1 {
			continue // a line between every two cells: a table, not boxes
		}
		for _, c := range cuts {
			if c%shape.BoxCols != 0 {
				cols = gcdInt(cols, c)
				if at == 0 {
					at = row.l.num
				}
			}
		}
	}
	height, seen, ruleAt := 0, 0, 0
	isRow := make(map[*line]bool, len(rows))
	for _, row := range rows {
		isRow[row.l] = true
	}
	if !ruledTable(b, isRow, n) {
		for _, l := range b {
			switch {
			case isRow[l]:
				seen++
			case l.kind == lRule || l.kind == lMaybe:
				if seen > 0 && seen < n && seen%shape.BoxRows != 0 {
					height = gcdInt(height, seen)
					if ruleAt == 0 {
						ruleAt = l.num
					}
				}
			}
		}
	}
	if cols == 0 && height == 0 {
		return nil
	}
	line := at
	if cols == 0 {
		line = ruleAt
	}
	return errAt(line, 0, &BoxesError{Shape: shape, DrawnRows: height, DrawnCols: cols})
}

// ruledTable reports whether b has a rule between every two of its n rows:
// a table, whose rules say nothing of the boxes.
func ruledTable(b []*line, isRow map[*line]bool, n int) bool {
	seen, ruled, last := 0, 0, -1
	for _, l := range b {
		switch {
		case isRow[l]:
			seen++
		case (l.kind == lRule || l.kind == lMaybe) && seen > 0 && seen < n && seen != last:
			ruled++
			last = seen
		}
	}
	return ruled == n-1
}

func gcdInt(a, b int) int {
	for b != 0 {
		a, b = b, a%b
	}
	return a
}
