package parser

import (
	"sort"

	"github.com/sudokubot/sudokubot/sudoku"
)

// The reading in this file takes spaces for empty cells where columns fix
// the place of each cell: drawn boards and fixed-width rows, read in a
// monospace font. Where the cells of a field stand is worked out in
// columnslots.go; the checks shared with the reading by fields are in
// blanks.go. Both are tried only when the grid does not read with every
// cell written.

// anchor is a cell placed by its column.
type anchor struct {
	t   tok   // the cell, or the first digit of a number
	num bool  // a number of two digits
	at  int32 // its column, relative to the start of its field
}

// columnsGrid reads b as rows whose cells stand in columns, spaces being
// empty cells: a drawn board (| 5 3   |   7   |) or fixed-width rows
// (53  7    ). applies is false when b is not written that way; when it
// is true, err says why the grid so written is none.
func columnsGrid(b []*line) (g grid, applies bool, err *Error) {
	var first *Error
	for k, rows := range positionalRows(b) {
		g, ok, err := columnsRows(b, rows.lines, rows.bars, 0)
		if ok && err == nil {
			return emptyRowsNoted(g, rows.lines), true, nil
		}
		if ok && k == 0 {
			first, applies = err, true
		}
		if ind := indentation(rows.lines); ok && ind > 0 && !rows.bars {
			// A Markdown code block indented by four spaces: the rows
			// start after them.
			if g, ok, err := columnsRows(b, rows.lines, rows.bars, ind); ok && err == nil {
				return emptyRowsNoted(g, rows.lines), true, nil
			}
		}
	}
	return grid{}, applies, first
}

// emptyRowsNoted adds to g a note naming the blank lines of rows (nothing
// on them, their spaces trimmed) read as empty rows.
func emptyRowsNoted(g grid, rows []*line) grid {
	var nums, at []int
	for i, l := range rows {
		if l.kind == lBlank && !l.spaces {
			nums = append(nums, l.num)
			at = append(at, i+1)
		}
	}
	if len(nums) > 0 {
		g.notes = append(g.notes, emptyRowsNote(nums, at, "spaces"))
	}
	return g
}

// indentation returns the spaces before every row of rows, rounded down to
// a multiple of four (a Markdown code block), or 0.
func indentation(rows []*line) int32 {
	lead := int32(-1)
	for _, l := range rows {
		if len(l.toks) > 0 && (lead < 0 || l.toks[0].col-l.shift-1 < lead) {
			lead = l.toks[0].col - l.shift - 1
		}
	}
	return max(lead, 0) / 4 * 4
}

// columnsRows reads rows, lines of b, by columns, after the indentation
// ind; applies and err are as for [columnsGrid].
func columnsRows(b []*line, rows []*line, bars bool, ind int32) (g grid, applies bool, err *Error) {
	if len(rows) == 0 {
		return grid{}, false, nil
	}
	for _, l := range rows {
		if bars && l.kind == lBlank {
			return grid{}, false, nil
		}
		for _, t := range l.toks {
			switch t.kind {
			case tCell:
				if t.c == '.' {
					return grid{}, false, nil // empty cells are marked: spaces are only spaces
				}
			case tBar:
			default:
				return grid{}, false, nil
			}
		}
	}
	if len(rows) == 1 {
		return oneLineColumns(rows[0])
	}
	n := len(rows)
	shape, ok := sudoku.ShapeForSize(n)
	if !ok {
		widest := int32(0)
		for _, l := range rows {
			widest = max(widest, l.width-l.shift)
		}
		widest -= indentation(rows)
		if _, wide := sudoku.ShapeForSize(int(widest)); wide && !bars && int(widest) > n && ind == 0 {
			return grid{}, true, errAt(rows[0].num, 0, &LostRowsError{Form: LostWideRow, Rows: n, Width: int(widest)})
		}
		return grid{}, false, nil
	}

	// The vertical lines must stand at the same columns in every row.
	barCols := func(l *line) []int32 {
		var cs []int32
		for _, t := range l.toks {
			if t.kind == tBar {
				cs = append(cs, t.col-l.shift)
			}
		}
		return cs
	}
	ref := barCols(rows[0])
	for _, l := range rows[1:] {
		cs := barCols(l)
		if len(cs) != len(ref) {
			return grid{}, false, nil
		}
		for i := range cs {
			if cs[i] != ref[i] {
				return grid{}, true, errAt(l.num, int(cs[i]+l.shift), &AlignError{Form: AlignBar})
			}
		}
	}

	// Numbers of two digits are cells as a whole; otherwise every character.
	wide, long := n >= 10, false
	for _, l := range rows {
		eachWord(l.toks, func(w []tok) {
			long = long || len(w) == 2
			wide = wide && len(w) <= 2 && (len(w) == 2 && isNumber(w) || len(w) == 1 && w[0].c >= '0' && w[0].c <= '9')
		})
	}
	wide = wide && long

	// Fields: between vertical lines, and before the first and after the last.
	nf := len(ref) + 1
	inner := int32(-1) // the width of the fields between lines
	for f := 1; f < nf-1; f++ {
		if w := ref[f] - ref[f-1] - 1; inner < 0 || w < inner {
			inner = w
		}
	}
	firstStart := int32(1) // where the field before the first line starts
	if inner > 0 && ref[0]-inner > 1 {
		firstStart = ref[0] - inner // the first box of an indented board ends at the first line
	} else if inner > 0 && ref[0]-inner < 1 && !wide {
		firstStart = outerStart(rows, ref, inner)
	}
	fieldOf := func(c int32) (int, int32) {
		f := sort.Search(len(ref), func(i int) bool { return ref[i] >= c })
		start := firstStart
		if f > 0 {
			start = ref[f-1] + 1
		}
		return f, c - start
	}
	cellsIn := make([]int, nf)
	anchors := make([][]anchor, len(rows))
	for i, l := range rows {
		eachWord(l.toks, func(w []tok) {
			if wide && isNumber(w) {
				f, at := fieldOf(w[len(w)-1].col - l.shift)
				anchors[i] = append(anchors[i], anchor{t: w[0], num: true, at: at - ind})
				cellsIn[f]++
				return
			}
			for _, t := range w {
				f, at := fieldOf(t.col - l.shift)
				anchors[i] = append(anchors[i], anchor{t: t, at: at - ind})
				cellsIn[f]++
			}
		})
	}
	// Cell fields: every field between two lines, and the outer ones when
	// they hold cells.
	var cellFields []int
	for f := 0; f < nf; f++ {
		if cellsIn[f] > 0 || f > 0 && f < nf-1 {
			cellFields = append(cellFields, f)
		}
	}
	if len(cellFields) == 0 || n%len(cellFields) != 0 {
		return grid{}, false, nil
	}
	k := n / len(cellFields)
	if k != 1 && len(cellFields) > 1 && k != shape.BoxCols {
		return grid{}, true, errAt(rows[0].num, 0, &BoxesError{Shape: shape, DrawnCols: k})
	}
	if err := rulesAgree(b, rows, shape); err != nil {
		return grid{}, true, err
	}
	seen := make(map[int32]int)
	for _, as := range anchors {
		for _, a := range as {
			seen[a.at]++
		}
	}
	slots := make([]int32, 0, len(seen))
	for at := range seen {
		slots = append(slots, at)
	}
	sort.Slice(slots, func(i, j int) bool { return slots[i] < slots[j] })
	// More columns than rows: rows are missing, not cells misplaced.
	cols := 0
	if _, ok := sudoku.ShapeForSize(len(slots)); ok && len(cellFields) == 1 && len(slots) > n && evenlySpaced(slots) {
		cols = len(slots)
	} else if span := lattice(slots); len(cellFields) == 1 && span > n && !bars {
		// Columns at even steps, some empty in every row, more than
		// there are rows: as many columns as a grid that size has.
		if _, ok := sudoku.ShapeForSize(span); ok {
			cols = span
		}
	}
	if widest := oneCharWidth(rows); !bars && widest > n && widest <= n+3 && slots[len(slots)-1] < int32(widest) {
		if _, ok := sudoku.ShapeForSize(widest); ok {
			cols = widest // one character per cell, and rows wider than there are rows
		}
	}
	if cols > 0 && !bars && !wide {
		if err := apartBySpaces(rows); err != nil {
			return grid{}, true, err
		}
	}
	if cols > 0 {
		return grid{}, true, errAt(rows[0].num, 0, &LostRowsError{Form: LostColumns, Rows: n, Width: cols})
	}
	if len(slots) > k && !bars && !wide {
		if err := apartBySpaces(rows); err != nil {
			return grid{}, true, err
		}
	}
	if len(slots) > k {
		// A cell between the columns: name the one whose column is rarest.
		rare := slots[0]
		for _, at := range slots {
			if seen[at] < seen[rare] {
				rare = at
			}
		}
		for i, as := range anchors {
			for _, a := range as {
				if a.at == rare {
					return grid{}, true, errAt(rows[i].num, int(a.t.col), &AlignError{Form: AlignCell})
				}
			}
		}
	}
	if len(slots) == k && !evenlySpaced(slots) {
		return grid{}, true, errAt(rows[0].num, 0, &AlignError{Form: AlignBoxes})
	}
	if len(slots) < k {
		slots0, slotsN := slots[0], slots[len(slots)-1]
		hi := inner - 1
		if len(cellFields) == 1 && inner < 0 {
			hi = -1
		}
		var ok bool
		if slots, ok = fillSlots(slots, k, hi, wide); !ok && hi < 0 && !wide && slots0 > 0 && slotsN-slots0 < int32(k) && ones(rows) {
			// One character per cell, none in the first column: the first
			// columns may be empty, or the rows indented.
			return grid{}, true, errAt(rows[0].num, 0, &AlignError{Form: AlignIndented, Columns: int(slots0)})
		} else if !ok {
			return grid{}, true, errAt(rows[0].num, 0, &AlignError{Form: AlignColumns, Cells: n})
		}
	}

	cells := make([]cellIn, 0, n*n)
	widths := make([]int, n)
	for i, l := range rows {
		row := make([]cellIn, n)
		for j := range row {
			row[j] = cellIn{line: l.num, kind: kBlank}
		}
		for _, a := range anchors[i] {
			f, _ := fieldOf(a.t.col - l.shift)
			fi := sort.SearchInts(cellFields, f)
			si := sort.Search(len(slots), func(j int) bool { return slots[j] >= a.at })
			if fi >= len(cellFields) || cellFields[fi] != f || si >= len(slots) || slots[si] != a.at {
				return grid{}, true, errAt(l.num, int(a.t.col), &AlignError{Form: AlignCellStrict})
			}
			j := fi*k + si
			if a.num {
				v := uint32(0)
				eachWord(l.toks, func(w []tok) {
					if w[0].col == a.t.col {
						for _, t := range w {
							v = v*10 + uint32(t.c-'0')
						}
					}
				})
				row[j] = cellIn{line: l.num, col: a.t.col, kind: kNum, v: v}
			} else {
				row[j] = symCell(l.num, a.t)
			}
			widths[i] = max(widths[i], j+1)
		}
		cells = append(cells, row...)
	}
	if !bars {
		if err := smallerFirst(cells, widths, shape, rows[0].num, placedRows(rows, ind, wide)); err != nil {
			return grid{}, true, err
		}
		if err := singleSpaces(rows, n, wide); err != nil {
			return grid{}, true, err
		}
		if len(slots) > 1 && slots[1]-slots[0] == 1 && !wide {
			// One character per cell: cells apart by spaces everywhere
			// may be cells apart by a space, an empty cell written as
			// nothing (5 3   7).
			if err := apartBySpaces(rows); err != nil {
				return grid{}, true, err
			}
		}
	}
	if err := blankInside(b, rows, shape, "spaces"); err != nil {
		return grid{}, true, err
	}
	if !bars {
		if err := fewerRows(b, rows, slots[len(slots)-1]+ind, cells, "spaces"); err != nil {
			return grid{}, true, err
		}
	}
	g, err = decode(shape, cells)
	if err == nil && !bars {
		if err := blanksAsBands(rows, shape); err != nil {
			return grid{}, true, err
		}
		if err := guessedClash(rows, g.g, slots[len(slots)-1]+ind); err != nil {
			return grid{}, true, err
		}
	}
	return g, true, err
}

// outerStart returns where the field before the first vertical line (at
// ref[0], relative to the rows' shift) starts, when it is narrower than the
// fields between lines (inner columns wide): a board with lines only
// between its boxes (5 3   |   7   | …) has no line before the first box,
// which ends, as every box does, a column before its line: the field is
// aligned on its right (5 3 . | is a box without its first space). Boards
// whose boxes are aligned on their left (5 3 . |. 7 . |) keep it at 1: of
// the two, the start that puts more cells of the first field in columns
// that cells of the other fields stand at.
func outerStart(rows []*line, ref []int32, inner int32) int32 {
	right := ref[0] - inner
	others := make(map[int32]bool)
	var first []int32
	for _, l := range rows {
		for _, t := range l.toks {
			if t.kind == tBar {
				continue
			}
			c := t.col - l.shift
			f := sort.Search(len(ref), func(i int) bool { return ref[i] >= c })
			if f == 0 {
				first = append(first, c)
			} else if f < len(ref) {
				others[c-ref[f-1]-1] = true
			}
		}
	}
	left, rightFits := 0, 0 // cells of the first field in the others' columns
	for _, c := range first {
		if others[c-1] {
			left++
		}
		if others[c-right] {
			rightFits++
		}
	}
	if rightFits > left {
		return right
	}
	return 1
}

// oneLineColumns reads a single line in which every character is a cell,
// spaces too: a whole grid of fixed width on one line. applies and err are
// as for [columnsGrid].
func oneLineColumns(l *line) (g grid, applies bool, err *Error) {
	if !l.spaces || hasBar(l) || l.part {
		return grid{}, false, nil
	}
	width := int(l.width - l.shift)
	for _, sh := range sudoku.Shapes {
		n := sh.Size()
		if width > sh.Cells() || width < sh.Cells()-n || l.cells < n {
			continue
		}
		cells := make([]cellIn, sh.Cells())
		for i := range cells {
			cells[i] = cellIn{line: l.num, kind: kBlank}
		}
		for _, t := range l.toks {
			cells[t.col-l.shift-1] = symCell(l.num, t)
		}
		g, err := decode(sh, cells)
		return g, true, err
	}
	return grid{}, false, nil
}

// positionalRows returns the rows of a block read by columns: its lines of
// cells, and its blank lines where they make the number of rows a size: an
// empty row typed as spaces, or whose spaces an editor trimmed. Blank lines
// at the start or end count only if they hold spaces.
func positionalRows(b []*line) []rowSet {
	first, last := -1, -1
	bars := false
	widest := int32(0)
	for i, l := range b {
		if l.kind == lContent || l.kind == lBarEmpty {
			if first < 0 {
				first = i
			}
			last = i
			bars = bars || hasBar(l)
			widest = max(widest, l.width-l.shift)
		}
	}
	if first < 0 {
		return nil
	}
	// Blank lines between a code fence and the first or last row: empty
	// rows, which a code block keeps; counted only when they make the
	// rows as many as the widest row is wide.
	opened, closed := b[0].afterFence, b[len(b)-1].fence
	fencedEdges := false
	pick := func(inner, innerBare, edges bool) []*line {
		var out []*line
		for i, l := range b {
			switch {
			case l.kind == lContent || l.kind == lBarEmpty:
				out = append(out, l)
			case l.kind != lBlank:
			case i > first && i < last && (l.spaces && inner || !l.spaces && innerBare):
				out = append(out, l)
			case fencedEdges && !l.spaces && (i > last && i < len(b)-1 && closed || i < first && i > 0 && opened):
				out = append(out, l)
			case (i < first || i > last) && l.spaces && edges && l.cols-l.shift >= widest:
				// an empty row typed as spaces at the top or bottom: as
				// wide as the rows, unlike spaces left after the command
				out = append(out, l)
			}
		}
		return out
	}
	// Every way that makes a size, in this order; or the last way tried.
	var sets []rowSet
	var rows []*line
	for _, try := range [][3]bool{{true, false, false}, {true, true, false}, {true, true, true}, {false, false, false}} {
		rows = pick(try[0], try[1], try[2])
		if !fewBlanks(rows) {
			continue
		}
		if _, ok := sudoku.ShapeForSize(len(rows)); ok && (len(sets) == 0 || len(sets[len(sets)-1].lines) != len(rows)) {
			sets = append(sets, rowSet{rows, bars})
		}
	}
	if opened || closed {
		fencedEdges = true
		if all := pick(true, true, false); len(all) == int(widest) && !bars && fewBlanks(all) && (len(sets) == 0 || len(sets[len(sets)-1].lines) != len(all)) {
			if _, ok := sudoku.ShapeForSize(len(all)); ok {
				sets = append(sets, rowSet{all, bars})
			}
		}
		fencedEdges = false
	}
	if len(sets) == 0 {
		sets = append(sets, rowSet{rows, bars})
	}
	return sets
}

// fewBlanks reports whether rows holds few lines with nothing on them
// (empty rows whose spaces were trimmed): no two in a row, and no more than
// one in four rows. More look like lines apart, not rows.
func fewBlanks(rows []*line) bool {
	bare := 0
	for i, l := range rows {
		if l.kind == lBlank && !l.spaces {
			bare++
			if i > 0 && rows[i-1].kind == lBlank && !rows[i-1].spaces {
				return false
			}
		}
	}
	return bare*4 <= len(rows)
}

// rowSet is a choice of the rows of a block read by columns.
type rowSet struct {
	lines []*line
	bars  bool // some row has a vertical line
}

// rulesAgree checks that the rules between the rows of a board read by
// columns fall between bands of boxes of shape.
func rulesAgree(b []*line, rows []*line, shape sudoku.Shape) *Error {
	isRow := make(map[*line]bool, len(rows))
	for _, l := range rows {
		isRow[l] = true
	}
	n, seen := shape.Size(), 0
	if ruledTable(b, isRow, n) {
		return nil
	}
	for _, l := range b {
		switch {
		case isRow[l]:
			seen++
		case l.kind == lRule || l.kind == lMaybe:
			if seen > 0 && seen < n && seen%shape.BoxRows != 0 {
				return errAt(l.num, 0, &BoxesError{Shape: shape, RuleAfter: seen})
			}
		}
	}
	return nil
}

// oneCharWidth returns the width of the widest of rows, in columns after
// their common indentation.
func oneCharWidth(rows []*line) int {
	widest := int32(0)
	for _, l := range rows {
		widest = max(widest, l.width-l.shift)
	}
	return int(widest - indentation(rows))
}
