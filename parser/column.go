package parser

import (
	"fmt"
	"sort"
	"strings"

	"github.com/sudokubot/sudokubot/sudoku"
)

// The readings in this file take spaces for empty cells, where the place of
// each cell is fixed by separators (fields: markdown tables, spreadsheet
// tabs, CSV) or by columns (drawn boards and fixed-width rows, read in a
// monospace font). They are tried only when the grid does not read with
// every cell written.

// fieldSeps are the separators of fields, in the order they are tried.
var fieldSeps = []struct {
	kind tokKind
	ch   rune
}{{tTab, '\t'}, {tSep, ','}, {tSep, ';'}, {tBar, '|'}}

func isSep(t tok, kind tokKind, ch rune) bool {
	return t.kind == kind && (kind == tBar || t.ch == ch)
}

// fieldsGrid reads b as rows of fields: every field between two separators
// is one cell, empty when it holds only spaces. It returns false when b is
// not written that way.
func fieldsGrid(b []*line) (grid, *Error, int, bool) {
	for _, fs := range fieldSeps {
		g, err, n, ok := fieldsWith(b, fs.kind, fs.ch)
		if ok {
			return g, err, n, true
		}
	}
	return grid{}, nil, 0, false
}

// field is one field of a row: its cells, or none.
type field struct {
	cells []tok
	col   int32
}

func fieldsWith(b []*line, kind tokKind, ch rune) (grid, *Error, int, bool) {
	type frow struct {
		l      *line
		fields []field
		lone   bool // a value alone, without a separator
	}
	var rows []frow
	var header *frow
	tabbed := false        // a line holds the separator
	framed := kind == tBar // every row starts with a bar: | 5 | 3 |
	for _, l := range b {
		if l.kind == lContent {
			for _, t := range l.toks {
				if t.kind == tSep {
					continue
				}
				framed = framed && t.kind == tBar
				break
			}
		}
	}
	type blankAt struct {
		row int // rows before it
		l   *line
	}
	var blanks []blankAt         // blank lines between rows of tabs: where an empty row may have been
	var emptyNums, emptyAt []int // blank lines read as empty rows, and their rows
	for i, l := range b {
		switch l.kind {
		case lContent, lMaybe, lBarEmpty, lSepEmpty:
		case lBlank:
			if kind != tBar && len(rows) > 0 {
				blanks = append(blanks, blankAt{len(rows), l})
			}
			continue
		default:
			continue
		}
		has := false
		for _, t := range l.toks {
			if isSep(t, kind, ch) {
				has = true
			}
			if t.kind == tBad || t.kind == tRule {
				return grid{}, nil, 0, false
			}
		}
		if !has {
			if c := onlyCell(l); c >= 0 && kind != tBar {
				// a spreadsheet row with only its first cell: no tab or
				// comma left once the empty fields after it were trimmed
				rows = append(rows, frow{l, []field{{cells: l.toks[c : c+1], col: l.toks[c].col}}, true})
				continue
			}
			if l.kind == lContent {
				return grid{}, nil, 0, false
			}
			continue
		}
		tabbed = true
		if l.kind == lMaybe && kind == tBar {
			continue // a rule of dashes between bars, as under a Markdown header
		}
		isHeader := kind == tBar && len(rows) == 0 && i+1 < len(b) && b[i+1].kind == lMaybe && hasBar(b[i+1])
		fields, ok := splitFields(l, kind, ch, framed)
		if !ok {
			if l.kind == lMaybe || isHeader { // a header of labels (C1 | C2 …)
				continue
			}
			return grid{}, nil, 0, false
		}
		if isHeader {
			// The header of a Markdown table, above its |---|---| line:
			// labels, or (a table needs a header) the first row of the grid.
			header = &frow{l: l, fields: fields}
			continue
		}
		rows = append(rows, frow{l: l, fields: fields})
	}
	if !tabbed {
		return grid{}, nil, 0, false
	}
	for len(blanks) > 0 && blanks[len(blanks)-1].row == len(rows) {
		blanks = blanks[:len(blanks)-1] // after the last row: no row
	}
	if len(blanks) > 0 {
		// A spreadsheet writes an empty row as an empty line (its tabs
		// trimmed): take the blank lines between rows as rows when the
		// widest row says the grid has that many.
		widest := 0
		for _, r := range rows {
			widest = max(widest, len(r.fields))
		}
		n2 := len(rows) + len(blanks)
		_, fits := sudoku.ShapeForSize(len(rows))
		apart := true // no two blank lines in a row, no more than one in four rows
		for k := 1; k < len(blanks); k++ {
			apart = apart && blanks[k].row != blanks[k-1].row
		}
		if _, ok := sudoku.ShapeForSize(n2); ok && widest <= n2 && (!fits || widest > len(rows)) && apart && 4*len(blanks) <= n2 {
			all := make([]frow, 0, n2)
			for k, r := range rows {
				for len(blanks) > 0 && blanks[0].row == k {
					all = append(all, frow{l: blanks[0].l, fields: []field{{}}})
					emptyNums = append(emptyNums, blanks[0].l.num)
					emptyAt = append(emptyAt, len(all))
					blanks = blanks[1:]
				}
				all = append(all, r)
			}
			rows = all
		}
	}
	if kind != tBar && len(blanks) > 0 {
		inRows := make([]*line, len(rows))
		for i, r := range rows {
			inRows[i] = r.l
		}
		if sh, ok := sudoku.ShapeForSize(len(rows)); ok {
			if err := blankInside(b, inRows, sh, "empty fields"); err != nil {
				return grid{}, err, sh.Cells(), true
			}
		}
	}
	if header != nil && len(rows) > 0 {
		// The header is the first row when the rows below it are one short
		// of a grid as wide as they are.
		w := len(header.fields)
		wide := true
		for _, r := range rows {
			wide = wide && len(r.fields) == w
		}
		if _, ok := sudoku.ShapeForSize(w); ok && wide && w == len(rows)+1 {
			rows = append([]frow{*header}, rows...)
		}
	}
	if len(rows) == 0 {
		return grid{}, nil, 0, false
	}
	var shape sudoku.Shape
	width := len(rows) // fields in a row
	if len(rows) == 1 {
		sh, ok := shapeForCellsNear(len(rows[0].fields))
		if !ok {
			return grid{}, nil, 0, false
		}
		shape, width = sh, sh.Cells()
	} else {
		sh, ok := sudoku.ShapeForSize(len(rows))
		// Rows wider than there are rows, of a grid that size: its empty
		// first or last row, trimmed, left no line (or a blank one after
		// the last row, which says nothing).
		widest, wider, above := 0, 0, false
		var widestRow *frow
		for i, r := range rows {
			fs := r.fields
			if len(fs) > 1 && len(fs[len(fs)-1].cells) == 0 && kind != tBar {
				fs = fs[:len(fs)-1] // a separator at the end of the line
			}
			if len(fs) > widest {
				widest, widestRow = len(fs), &rows[i]
			}
			if len(fs) > len(rows) {
				wider++
				for _, f := range fs[len(rows):] {
					c := fieldCell(r.l.num, f)
					above = above || c.kind == kSym && symbolValue(c.c) > len(rows) || c.kind == kNum && int(c.v) > len(rows)
				}
			}
		}
		_, wide := sudoku.ShapeForSize(widest)
		if wide && widest == len(rows)+1 && ok && wider == 1 && !above && kind != tBar {
			// One row a field too long, or a grid a row short.
			return grid{}, errAt(widestRow.l.num, int(widestRow.fields[len(rows)].col), ErrRowLength, "this row has %d fields between %s, the %d others no more than %d: if the grid is %d×%d, an empty row at its start or end whose empty fields were trimmed left no line (Discord drops it at the end of a message), so I cannot tell where it goes; if it is %d×%d, this row has a field too many. Write empty cells as . or 0",
				widest, sepName(kind, ch), len(rows)-1, len(rows), widest, widest, len(rows), len(rows)), shape.Cells(), true
		}
		if wide && widest > len(rows) && (!ok || wider > 1 || above) && kind != tBar {
			among := ""
			switch {
			case len(blanks) == 1:
				among = fmt.Sprintf(" (and the blank line %d among them, an empty row)", blanks[0].l.num)
			case len(blanks) > 1:
				among = fmt.Sprintf(" (and %d blank lines among them, empty rows)", len(blanks))
			}
			return grid{}, errAt(rows[0].l.num, 0, ErrCellCount, "found %d rows of cells separated by %s%s, and a row of %d cells: a %d×%d grid has %d rows; an empty row at the start or end whose empty fields were trimmed leaves no line (Discord drops it at the end of a message), so I cannot tell where the missing rows go: write empty cells as . or 0",
				len(rows), sepName(kind, ch), among, widest, widest, widest, widest), 0, true
		}
		if !ok {
			return grid{}, errAt(rows[0].l.num, 0, ErrCellCount, "found %d rows of cells separated by %s; a grid has 4, 6, 8, 9, 12, 16 or 25 rows",
				len(rows), sepName(kind, ch)), 0, true
		}
		shape = sh
	}
	cells := make([]cellIn, 0, shape.Cells())
	padded := false
	widths := make([]int, 0, len(rows))
	for i, r := range rows {
		fields := r.fields
		if len(fields) == width+1 && len(fields[width].cells) == 0 && kind != tBar {
			fields = fields[:width] // a separator at the end of the line
		}
		if len(fields) < width && kind != tBar && len(rows) > 1 && (kind == tTab || len(fields[len(fields)-1].cells) > 0 || r.l.kind == lBlank) {
			// A spreadsheet row whose empty cells at the end were trimmed
			// (tabs, or CSV: 5,3,,,7 for 5,3,,,7,,,,); a CSV row short
			// of fields that ends with a comma lost fields elsewhere.
			padded = true
		} else if len(fields) != width {
			col := 0
			if len(fields) > width {
				col = int(fields[width].col)
			}
			return grid{}, errAt(r.l.num, col, ErrRowLength, "row %d has %d fields between %s; a %d×%d grid needs %d in each row (an empty cell is an empty field)",
				i+1, len(fields), sepName(kind, ch), shape.Size(), shape.Size(), width), shape.Cells(), true
		}
		widths = append(widths, len(fields))
		for _, f := range fields {
			cells = append(cells, fieldCell(r.l.num, f))
		}
		for k := len(fields); k < width; k++ {
			cells = append(cells, cellIn{line: r.l.num, kind: kBlank})
		}
	}
	if padded {
		// A row of fields as wide as the grid (a value in its last
		// column, or its empty fields kept) is a row of it, not a line
		// beside a smaller grid.
		placed := make([]bool, len(rows))
		for i, w := range widths {
			placed[i] = w == width && !rows[i].lone
		}
		if err := smallerFirst(cells, widths, shape, rows[0].l.num, placed); err != nil {
			return grid{}, err, shape.Cells(), true
		}
		if kind != tBar && len(rows) > 1 {
			// Rows trimmed, none as wide as the grid: the last column
			// may be empty too, and the grid a row bigger.
			inRows := make([]*line, len(rows))
			for i, r := range rows {
				inRows[i] = r.l
			}
			if err := fewerRows(b, inRows, -1, cells, "empty fields"); err != nil {
				return grid{}, err, shape.Cells(), true
			}
		}
	}
	g, err := decode(shape, cells)
	if err == nil && len(emptyNums) > 0 {
		g.notes = append(g.notes, emptyRowsNote(emptyNums, emptyAt, sepName(kind, ch)))
	}
	return g, err, shape.Cells(), true
}

// shapeForCellsNear returns the shape whose cell count is n, or n-1 (a row
// written on one line, with a separator after the last cell).
func shapeForCellsNear(n int) (sudoku.Shape, bool) {
	if sh, ok := sudoku.ShapeForCells(n); ok {
		return sh, true
	}
	return sudoku.ShapeForCells(n - 1)
}

func hasBar(l *line) bool {
	for _, t := range l.toks {
		if t.kind == tBar {
			return true
		}
	}
	return false
}

func sepName(kind tokKind, ch rune) string {
	switch {
	case kind == tTab:
		return "tabs"
	case kind == tBar:
		return "vertical lines"
	case ch == ',':
		return "commas"
	}
	return "semicolons"
}

// splitFields cuts l at its separators. Each field must hold at most one
// cell (one character, or a number). In a table framed by bars (framed),
// a line has no field before its first bar or after its last.
func splitFields(l *line, kind tokKind, ch rune, framed bool) ([]field, bool) {
	var fields []field
	cur := field{}
	start := true
	ok := true
	flush := func(at int32) {
		if len(cur.cells) > 1 { // **5**: a given in bold
			kept := cur.cells[:0:0]
			marks := starMarks(cur.cells)
			for i := range cur.cells {
				if !starred(marks, i) {
					kept = append(kept, cur.cells[i])
				}
			}
			if len(kept) == 1 {
				cur.cells = kept
			}
		}
		words := 0
		eachWord(cur.cells, func(w []tok) {
			words++
			if len(w) > 1 && !isNumber(w) {
				ok = false
			}
		})
		if words > 1 {
			ok = false
		}
		fields = append(fields, cur)
		cur = field{col: at}
	}
	toks := l.toks
	if kind == tBar && framed { // a table framed by bars: | 5 | 3 |; without a frame, 5 | 3 | (the last cell empty)
		for len(toks) > 0 && toks[0].kind == tSep {
			toks = toks[1:]
		}
		if len(toks) > 0 && toks[0].kind == tBar {
			toks = toks[1:]
			for len(toks) > 0 && toks[len(toks)-1].kind == tSep {
				toks = toks[:len(toks)-1]
			}
			if n := len(toks); n > 0 && toks[n-1].kind == tBar {
				toks = toks[:n-1]
			}
		}
	}
	for _, t := range toks {
		if isSep(t, kind, ch) {
			flush(t.col + 1)
			start = false
			continue
		}
		if t.kind == tCell {
			if start && cur.col == 0 {
				cur.col = t.col
			}
			if len(cur.cells) == 0 {
				cur.col = t.col
			}
			cur.cells = append(cur.cells, t)
		}
	}
	flush(0)
	return fields, ok
}

// fieldCell returns the cell a field holds.
func fieldCell(num int, f field) cellIn {
	switch {
	case len(f.cells) == 0:
		return cellIn{line: num, col: f.col, kind: kBlank}
	case len(f.cells) > 1:
		v := uint32(0)
		for _, t := range f.cells {
			v = min(v*10+uint32(t.c-'0'), 1000)
		}
		return cellIn{line: num, col: f.cells[0].col, kind: kNum, v: v}
	}
	return symCell(num, f.cells[0])
}

// smallerFirst refuses a grid completed with empty cells at the ends of
// rows (trimmed spaces or tabs) when some of its rows alone make a smaller
// grid: m rows in a row, none longer than m cells, with no value above m.
// Then the other lines were likely put next to that grid, not meant as
// rows of a bigger one; unless each of them is placed (placed[r], nil for
// none): a row read by columns whose spaces (before its first cell or
// between cells) place its cells, which a label or a stray line beside a
// grid does not have. widths holds the cells written in each row.
func smallerFirst(cells []cellIn, widths []int, shape sudoku.Shape, line int, placed []bool) *Error {
	n := shape.Size()
	for _, sh := range sudoku.Shapes {
		m := sh.Size()
		if m >= n {
			break
		}
		run, filled := 0, 0 // rows in a row that fit an m×m grid, and their cells
		for r := 0; r < n; r++ {
			fits := widths[r] <= m
			k := 0
			for _, c := range cells[r*n : r*n+widths[r]] {
				switch {
				case c.kind == kBlank:
				case c.kind == kSym && symbolValue(c.c) <= m, c.kind == kNum && int(c.v) <= m:
					k++
				default:
					fits = false
				}
			}
			if !fits {
				run, filled = 0, 0
				continue
			}
			run++
			filled += k
			if run > m {
				filled -= cellsIn(cells[(r-m)*n : (r-m)*n+widths[r-m]])
			}
			if run >= m && filled > 0 && !placedApart(placed, r-m+1, r) {
				return errAt(line, 0, ErrAmbiguous,
					"these %d rows can be a %d×%d grid with empty cells at the ends of its rows, or a %d×%d grid with other lines beside it; write empty cells as . or 0",
					n, n, n, m, m)
			}
		}
	}
	return nil
}

// placedApart reports whether every row of placed outside lo..hi is placed.
func placedApart(placed []bool, lo, hi int) bool {
	if placed == nil {
		return false
	}
	for r, p := range placed {
		if (r < lo || r > hi) && !p {
			return false
		}
	}
	return true
}

// cellsIn counts the cells of cs that are not empty.
func cellsIn(cs []cellIn) int {
	k := 0
	for _, c := range cs {
		if c.kind != kBlank {
			k++
		}
	}
	return k
}

// anchor is a cell placed by its column.
type anchor struct {
	t   tok   // the cell, or the first digit of a number
	num bool  // a number of two digits
	at  int32 // its column, relative to the start of its field
}

// columnsGrid reads b as rows whose cells stand in columns, spaces being
// empty cells: a drawn board (| 5 3   |   7   |) or fixed-width rows
// (53  7    ). It returns false when b is not written that way.
func columnsGrid(b []*line) (grid, *Error, int, bool) {
	var first *Error
	total, applies := 0, false
	for k, rows := range positionalRows(b) {
		g, err, n, ok := columnsRows(b, rows.lines, rows.bars, 0)
		if ok && err == nil {
			return emptyRowsNoted(g, rows.lines), nil, n, true
		}
		if ok && k == 0 {
			first, total, applies = err, n, true
		}
		if ind := indentation(rows.lines); ok && ind > 0 && !rows.bars {
			// A Markdown code block indented by four spaces: the rows
			// start after them.
			if g, err, n, ok := columnsRows(b, rows.lines, rows.bars, ind); ok && err == nil {
				return emptyRowsNoted(g, rows.lines), nil, n, true
			}
		}
	}
	return grid{}, first, total, applies
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

// emptyRowsNote says that the blank lines nums were read as the empty rows
// at, whose seps (spaces, tabs, commas) were trimmed.
func emptyRowsNote(nums, at []int, seps string) string {
	if len(nums) == 1 {
		return fmt.Sprintf("I read the blank line %d as row %d, empty (its %s trimmed away).", nums[0], at[0], seps)
	}
	var ls, rs []string
	for i := range nums {
		ls = append(ls, fmt.Sprint(nums[i]))
		rs = append(rs, fmt.Sprint(at[i]))
	}
	return fmt.Sprintf("I read the blank lines %s as rows %s, empty (their %s trimmed away).", andList(ls), andList(rs), seps)
}

// andList joins words as "a, b and c".
func andList(ws []string) string {
	if len(ws) == 1 {
		return ws[0]
	}
	return strings.Join(ws[:len(ws)-1], ", ") + " and " + ws[len(ws)-1]
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

// columnsRows reads rows, lines of b, by columns.
func columnsRows(b []*line, rows []*line, bars bool, ind int32) (grid, *Error, int, bool) {
	if len(rows) == 0 {
		return grid{}, nil, 0, false
	}
	for _, l := range rows {
		if bars && l.kind == lBlank {
			return grid{}, nil, 0, false
		}
		for _, t := range l.toks {
			switch t.kind {
			case tCell:
				if t.c == '.' {
					return grid{}, nil, 0, false // empty cells are marked: spaces are only spaces
				}
			case tBar:
			default:
				return grid{}, nil, 0, false
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
			return grid{}, errAt(rows[0].num, 0, ErrCellCount, "found %d rows, and a row %d columns wide: a %d×%d grid has %d rows; an empty row at the start or end whose spaces were trimmed leaves no line (Discord drops it at the end of a message), so I cannot tell where the missing rows go: write empty cells as . or 0",
				n, widest, widest, widest, widest), 0, true
		}
		return grid{}, nil, 0, false
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
			return grid{}, nil, 0, false
		}
		for i := range cs {
			if cs[i] != ref[i] {
				return grid{}, errAt(l.num, int(cs[i]+l.shift), ErrAlign,
					"this vertical line is not below the one above it; with spaces for empty cells the board must keep its columns (or write empty cells as . or 0)"), shape.Cells(), true
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
		return grid{}, nil, 0, false
	}
	k := n / len(cellFields)
	if k != 1 && len(cellFields) > 1 && k != shape.BoxCols {
		return grid{}, errAt(rows[0].num, 0, ErrBoxes, "the board is drawn with boxes of %d columns, but I know %d×%d sudoku only with boxes of %d rows and %d columns%s",
			k, n, n, shape.BoxRows, shape.BoxCols, turnHint(shape, 0, k)), shape.Cells(), true
	}
	if err := rulesAgree(b, rows, shape); err != nil {
		return grid{}, err, shape.Cells(), true
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
			return grid{}, err, shape.Cells(), true
		}
	}
	if cols > 0 {
		return grid{}, errAt(rows[0].num, 0, ErrCellCount, "found %d rows of %d columns: a %d×%d grid has %d rows; an empty row at the start or end whose spaces were trimmed leaves no line (Discord drops it at the end of a message), so I cannot tell where the missing rows go: write empty cells as . or 0",
			n, cols, cols, cols, cols), shape.Cells(), true
	}
	if len(slots) > k && !bars && !wide {
		if err := apartBySpaces(rows); err != nil {
			return grid{}, err, shape.Cells(), true
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
					return grid{}, errAt(rows[i].num, int(a.t.col), ErrAlign,
						"this cell is not in a column of the grid; with spaces for empty cells every cell must stay in its column (or write empty cells as . or 0)"), shape.Cells(), true
				}
			}
		}
	}
	if len(slots) == k && !evenlySpaced(slots) {
		return grid{}, errAt(rows[0].num, 0, ErrAlign,
			"with spaces for empty cells the cells of each box must stand at evenly spaced columns; write empty cells as . or 0"), shape.Cells(), true
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
			return grid{}, errAt(rows[0].num, 0, ErrAlign,
				"every row starts with a space: the grid's first %s, or the grid is indented by %s and its last %s, and the two readings place the cells differently; write empty cells as . or 0",
				plural(int(slots0), "column is empty", fmt.Sprintf("%d columns are empty", slots0)),
				plural(int(slots0), "a space", fmt.Sprintf("%d spaces", slots0)),
				plural(int(slots0), "column is empty", fmt.Sprintf("%d columns are empty", slots0))), shape.Cells(), true
		} else if !ok {
			return grid{}, errAt(rows[0].num, 0, ErrAlign,
				"with spaces for empty cells I cannot tell which columns hold the %d cells of each row; write empty cells as . or 0", n), shape.Cells(), true
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
				return grid{}, errAt(l.num, int(a.t.col), ErrAlign,
					"this cell is not in a column of the grid; with spaces for empty cells every cell must stay in its column"), shape.Cells(), true
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
			return grid{}, err, shape.Cells(), true
		}
		if err := singleSpaces(rows, n, wide); err != nil {
			return grid{}, err, shape.Cells(), true
		}
		if len(slots) > 1 && slots[1]-slots[0] == 1 && !wide {
			// One character per cell: cells apart by spaces everywhere
			// may be cells apart by a space, an empty cell written as
			// nothing (5 3   7).
			if err := apartBySpaces(rows); err != nil {
				return grid{}, err, shape.Cells(), true
			}
		}
	}
	if err := blankInside(b, rows, shape, "spaces"); err != nil {
		return grid{}, err, shape.Cells(), true
	}
	if !bars {
		if err := fewerRows(b, rows, slots[len(slots)-1]+ind, cells, "spaces"); err != nil {
			return grid{}, err, shape.Cells(), true
		}
	}
	g, err := decode(shape, cells)
	if err == nil && !bars {
		if err := blanksAsBands(rows, shape); err != nil {
			return grid{}, err, shape.Cells(), true
		}
		if err := guessedClash(rows, g.g, slots[len(slots)-1]+ind); err != nil {
			return grid{}, err, shape.Cells(), true
		}
	}
	return g, err, shape.Cells(), true
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

// fewerRows refuses rows read by columns without vertical lines that make
// a grid one row short of a bigger one (8 rows, of 9) when the row missing
// may be an empty first or last row whose spaces were trimmed: such a row
// leaves no line, or a blank one that may as well be a gap. The smaller
// grid's columns fit in the bigger one's, so the two readings cannot be
// told apart unless lines that are no rows stand right before the first
// row and right after the last (the command, a line of text, a code
// fence), or the rows kept their spaces up to the last column (last,
// counted from 0 after the rows' shift) and no further.
func fewerRows(b []*line, rows []*line, last int32, cells []cellIn, what string) *Error {
	n := len(rows)
	if _, ok := sudoku.ShapeForSize(n + 1); !ok || boundRows(b, rows) {
		return nil
	}
	kept, full := false, true
	for _, l := range rows {
		if len(l.toks) == 0 {
			continue
		}
		kept = kept || l.end > l.width
		full = full && l.end-l.shift-1 == last
	}
	if kept && full {
		return nil
	}
	for _, c := range cells {
		v := int(c.v)
		if c.kind == kSym {
			v = symbolValue(c.c)
		}
		if (c.kind == kSym || c.kind == kNum) && v > n {
			// Too big for the smaller grid: the bigger one, a row short.
			return errAt(c.line, int(c.col), ErrCellCount,
				"found %d rows, and a %d too big for a %d×%d grid: a %d×%d grid has %d rows; an empty row at the start or end whose %s were trimmed leaves no line (Discord drops it at the end of a message), so I cannot tell where the missing row goes: write empty cells as . or 0, an empty row as %s",
				n, v, n, n, n+1, n+1, n+1, what, dots(n+1))
		}
	}
	return errAt(rows[0].num, 0, ErrAmbiguous,
		"these %d rows can be a %d×%d grid, or a %d×%d grid whose first or last row is empty: an empty row whose %s were trimmed leaves no line (or a blank one, which may as well be a gap), so I cannot tell; write empty cells as . or 0, an empty row as %s",
		n, n, n, n+1, n+1, what, dots(n+1))
}

// blanksAsBands refuses rows read by columns among which blank lines were
// taken as empty rows (their spaces trimmed) when those blank lines stand
// where lines between bands of boxes would, were the rows missing (empty
// ones, lost at the start or end) put before the first row or after the
// last: 3 and 6 in a 9×9 grid of 7 rows and 2 blank lines, or 2 and 5 when
// its first row is lost. Then they may as well be gaps between bands.
func blanksAsBands(rows []*line, shape sudoku.Shape) *Error {
	written := 0 // rows with something on them
	var at []int // rows written before each blank line
	var blank []*line
	for _, l := range rows {
		if l.kind == lBlank && !l.spaces {
			at = append(at, written)
			blank = append(blank, l)
			continue
		}
		written++
	}
	if len(at) == 0 {
		return nil
	}
	h := shape.BoxRows
	for lost := 0; lost <= len(at); lost++ { // rows lost before the first
		var gaps []int // where lines between bands would stand
		for k := h - lost; k < written; k += h {
			if k > 0 {
				gaps = append(gaps, k)
			}
		}
		same := len(gaps) == len(at)
		for i := 0; same && i < len(at); i++ {
			same = gaps[i] == at[i]
		}
		if same {
			return errAt(blank[0].num, 0, ErrAmbiguous,
				"%s blank where lines between bands of boxes would stand: %s gaps, or empty rows whose spaces were trimmed (then other rows are empty, and lost), so I cannot tell; write empty cells as . or 0, an empty row as %s",
				blankLines(blank), plural(len(blank), "it may be one of those", "they may be such"), dots(shape.Size()))
		}
	}
	return nil
}

// blankLines names blank lines: "line 5 is", "lines 5 and 9 are".
func blankLines(ls []*line) string {
	if len(ls) == 1 {
		return fmt.Sprintf("line %d is", ls[0].num)
	}
	var nums []string
	for _, l := range ls {
		nums = append(nums, fmt.Sprint(l.num))
	}
	return "lines " + andList(nums) + " are"
}

// dots returns an empty row of n cells written with dots.
func dots(n int) string {
	b := make([]byte, n)
	for i := range b {
		b[i] = '.'
	}
	return string(b)
}

// boundRows reports whether lines that are no rows stand right before the
// first of rows and right after the last, so that no empty row can be
// missing there: the rest of the command's line (line 1, blank) or a line
// of text before (b starts after it), a code fence or a line of text
// after (b ends before it, and not at the end of the message).
func boundRows(b []*line, rows []*line) bool {
	first, last := -1, -1
	for i, l := range b {
		if l == rows[0] {
			first = i
		}
		if l == rows[len(rows)-1] {
			last = i
		}
	}
	if first < 0 || last < 0 {
		return false
	}
	top := rows[0]
	switch {
	case first == 0:
		// b starts with the row: a line of text stands before it, or the
		// row shares the command's line.
	case first == 1 && b[0].num == top.num-1 && (b[0].afterFence || b[0].num == 1 && !b[0].spaces):
		// an opening code fence, or the command's line, just above
	default:
		return false
	}
	switch {
	case last == len(b)-1:
		return !b[last].final
	default:
		next := b[last+1]
		return next.num == rows[len(rows)-1].num+1 && next.fence && len(next.toks) == 0
	}
}

// placedRows tells, for each row read one character per cell (not wide),
// whether spaces place its cells: a space before its first cell (after
// the indentation ind) or between two of them. A blank row is placed: it
// was taken as a row by its place among the others. It returns nil for
// wide rows (numbers apart by spaces), whose spaces place nothing.
func placedRows(rows []*line, ind int32, wide bool) []bool {
	if wide {
		return nil
	}
	placed := make([]bool, len(rows))
	for i, l := range rows {
		prev := l.shift + ind // the column before the first
		p := len(l.toks) == 0
		for _, t := range l.toks {
			p = p || t.col-prev > 1
			prev = t.col
		}
		placed[i] = p
	}
	return placed
}

// ones reports whether some row holds two cells side by side: rows of one
// character per cell, not cells apart by spaces.
func ones(rows []*line) bool {
	for _, l := range rows {
		for i := 1; i < len(l.toks); i++ {
			if l.toks[i].kind == tCell && l.toks[i-1].kind == tCell && l.toks[i].col-l.toks[i-1].col == 1 {
				return true
			}
		}
	}
	return false
}

// fillSlots completes the columns seen in a field (slots, sorted) to k
// columns spaced as the seen ones are, within 0..hi; hi < 0 means a line
// with no vertical lines, where each character is a cell. It fails when the
// columns seen do not fix the others.
func fillSlots(slots []int32, k int, hi int32, wide bool) ([]int32, bool) {
	if hi < 0 {
		if !wide && slots[0] == 0 && slots[len(slots)-1] < int32(k) {
			out := make([]int32, k) // one character per cell
			for i := range out {
				out[i] = int32(i)
			}
			return out, true
		}
		// Cells apart by a space (5 3     7): columns a step apart, from
		// the first column of the line (the smallest step that holds them
		// all), or, when the grid does not start there, from the first
		// column seen to the last, which must be the grid's first and last.
		g := int32(0)
		for i := 1; i < len(slots); i++ {
			g = gcd(g, slots[i]-slots[i-1])
		}
		if g < 2 {
			return nil, false
		}
		last := slots[len(slots)-1]
		lattice := func(lo, step int32) []int32 {
			out := make([]int32, k)
			for i := range out {
				out[i] = lo + int32(i)*step
			}
			return out
		}
		for step := int32(2); step <= g; step++ {
			if g%step == 0 && slots[0]%step == 0 && last <= int32(k-1)*step {
				return lattice(0, step), true
			}
		}
		if last-slots[0] != int32(k-1)*g {
			return nil, false
		}
		return lattice(slots[0], g), true
	}
	g := int32(0)
	for i := 1; i < len(slots); i++ {
		g = gcd(g, slots[i]-slots[i-1])
	}
	if g == 0 { // one column seen: the layout of boxes drawn the usual way
		return symmetricSlots(slots[0], k, hi+1)
	}
	var steps []int32
	for d := g; d >= 1; d-- {
		if g%d == 0 {
			steps = append(steps, d)
		}
	}
	var found []int32
	for _, step := range steps {
		lo := slots[0] % step
		var out []int32
		for at := lo; at <= hi; at += step {
			out = append(out, at)
		}
		if len(out) == k && contains(out, slots) {
			if found != nil {
				return nil, false
			}
			found = out
		}
	}
	return found, found != nil
}

func gcd(a, b int32) int32 {
	for b != 0 {
		a, b = b, a%b
	}
	if a < 0 {
		return -a
	}
	return a
}

// oneLineColumns reads a single line in which every character is a cell,
// spaces too: a whole grid of fixed width on one line.
func oneLineColumns(l *line) (grid, *Error, int, bool) {
	if !l.spaces || hasBar(l) || l.part {
		return grid{}, nil, 0, false
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
		return g, err, sh.Cells(), true
	}
	return grid{}, nil, 0, false
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

// lattice returns how many columns stand from the first of slots (sorted)
// to the last at the greatest step that holds them all, or 0.
func lattice(slots []int32) int {
	g := int32(0)
	for _, c := range slots[1:] {
		g = gcd(g, c-slots[0])
	}
	if g <= 0 {
		return 0
	}
	return int((slots[len(slots)-1]-slots[0])/g) + 1
}

// evenlySpaced reports whether the columns s (sorted) are evenly spaced.
func evenlySpaced(s []int32) bool {
	for i := 2; i < len(s); i++ {
		if s[i]-s[i-1] != s[1]-s[0] {
			return false
		}
	}
	return true
}

// contains reports whether every column of sub is in all (both sorted).
func contains(all, sub []int32) bool {
	i := 0
	for _, c := range sub {
		for i < len(all) && all[i] < c {
			i++
		}
		if i == len(all) || all[i] != c {
			return false
		}
	}
	return true
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
				return errAt(l.num, 0, ErrBoxes, "the board has a rule after %d rows, but I know %d×%d sudoku only with boxes of %d rows and %d columns%s",
					seen, n, n, shape.BoxRows, shape.BoxCols, turnHint(shape, seen, 0))
			}
		}
	}
	return nil
}

// blankInside refuses a grid whose empty cells are spaces when a blank line
// between its rows, not read as a row, is not between bands of boxes: it
// may be an empty row whose spaces were trimmed, and then another line is
// no row. Blank lines between bands must be so between every two bands: one
// blank line after the first band only is as well an empty row.
func blankInside(b []*line, rows []*line, shape sudoku.Shape, what string) *Error {
	isRow := make(map[*line]bool, len(rows))
	for _, l := range rows {
		isRow[l] = true
	}
	seen, bands := 0, 0
	var first *line // the first blank line between bands
	firstAt := 0
	for _, l := range b {
		switch {
		case isRow[l]:
			seen++
		case l.kind == lBlank && seen > 0 && seen < len(rows) && seen%shape.BoxRows != 0:
			return errAt(l.num, 0, ErrAmbiguous,
				"line %d is blank between rows %d and %d: if it is an empty row, write its cells as . or 0; if not, remove it (%s stand for empty cells here, so I cannot tell)",
				l.num, seen, seen+1, what)
		case l.kind == lBlank && seen > 0 && seen < len(rows):
			if first == nil {
				first, firstAt = l, seen
			}
			if seen/shape.BoxRows > bands {
				bands = seen / shape.BoxRows
			}
		}
	}
	if first != nil && bands < shape.Size()/shape.BoxRows-1 {
		// Not between every two bands: count the boundaries that have one.
		has := make(map[int]bool)
		seen = 0
		for _, l := range b {
			switch {
			case isRow[l]:
				seen++
			case l.kind == lBlank && seen > 0 && seen < len(rows):
				has[seen] = true
			}
		}
		if len(has) < shape.Size()/shape.BoxRows-1 {
			return errAt(first.num, 0, ErrAmbiguous,
				"line %d is blank between rows %d and %d, and no other blank line stands between bands of boxes: if it is an empty row, write its cells as . or 0; if not, remove it (%s stand for empty cells here, so I cannot tell)",
				first.num, firstAt, firstAt+1, what)
		}
	}
	return nil
}

// singleSpaces refuses rows without vertical lines where no run of two
// spaces or more shows that spaces stand for empty cells, and a row with a
// space in it is narrower than the grid (3 2 7): the spaces read as
// separators as well, and may be runs collapsed to one by copying from a
// page. Rows as wide as the grid (534678 12) leave no doubt.
func singleSpaces(rows []*line, n int, wide bool) *Error {
	if wide {
		return nil
	}
	indent := int32(-1) // the spaces before every row: an indented block
	for _, l := range rows {
		if len(l.toks) > 0 && (indent < 0 || l.toks[0].col-l.shift-1 < indent) {
			indent = l.toks[0].col - l.shift - 1
		}
	}
	var narrow *line
	for _, l := range rows {
		prev := l.shift + max(indent, 0)
		gap := false
		for _, t := range l.toks {
			switch d := t.col - prev - 1; {
			case d >= 2:
				return nil
			case d == 1:
				gap = true
			}
			prev = t.col
		}
		if gap && int(l.width-l.shift) < n && narrow == nil {
			narrow = l
		}
	}
	if narrow == nil {
		return nil
	}
	return errAt(narrow.num, 0, ErrAmbiguous,
		"line %d has single spaces between its cells and fewer than %d columns: I cannot tell whether a space is an empty cell or only a gap; write empty cells as . or 0",
		narrow.num, n)
}

// onlyCell returns the index in l.toks of l's one cell when l is a line of
// content with one cell and nothing else, or -1.
func onlyCell(l *line) int {
	if l.kind != lContent || l.cells != 1 || len(l.toks) != 1 {
		return -1
	}
	return 0
}

// symmetricSlots places k columns in a field w wide where only the column
// seen holds cells: the usual layout " 5 3 . " (a space on each side and
// between cells) when the field is 2k+1 wide, or else the one layout with
// even steps and equal margins that holds the column seen; false when there
// is none or more than one.
func symmetricSlots(seen int32, k int, w int32) ([]int32, bool) {
	layout := func(lo, step int32) []int32 {
		out := make([]int32, k)
		for i := range out {
			out[i] = lo + int32(i)*step
		}
		return out
	}
	if w == int32(2*k+1) && seen%2 == 1 {
		return layout(1, 2), true
	}
	var found []int32
	for step := int32(1); int32(k-1)*step < w; step++ {
		rest := w - 1 - int32(k-1)*step
		if rest%2 != 0 {
			continue
		}
		if out := layout(rest/2, step); contains(out, []int32{seen}) {
			if found != nil {
				return nil, false
			}
			found = out
		}
	}
	return found, found != nil
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
