package parser

import (
	"github.com/sudokubot/sudokubot/sudoku"
)

// The reading in this file takes spaces for empty cells where separators
// fix the place of each cell: rows of fields, as in Markdown tables,
// spreadsheet tabs and CSV. Like the reading by columns (columns.go), it is
// tried only when the grid does not read with every cell written; the
// checks the two share are in blanks.go.

// fieldSeps are the separators of fields, in the order they are tried.
var fieldSeps = []struct {
	kind tokKind
	ch   rune
}{{tTab, '\t'}, {tSep, ','}, {tSep, ';'}, {tBar, '|'}}

func isSep(t tok, kind tokKind, ch rune) bool {
	return t.kind == kind && (kind == tBar || t.ch == ch)
}

// fieldsGrid reads b as rows of fields: every field between two separators
// is one cell, empty when it holds only spaces. applies is false when b is
// not written that way; when it is true, err says why the grid so written
// is none.
func fieldsGrid(b []*line) (g grid, applies bool, err *Error) {
	for _, fs := range fieldSeps {
		if g, ok, err := fieldsWith(b, fs.kind, fs.ch); ok {
			return g, true, err
		}
	}
	return grid{}, false, nil
}

// field is one field of a row: its cells, or none.
type field struct {
	cells []tok
	col   int32
}

// fieldsWith reads b as rows of fields apart by one separator (kind, and ch
// for tSep); applies and err are as for [fieldsGrid].
func fieldsWith(b []*line, kind tokKind, ch rune) (g grid, applies bool, err *Error) {
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
				return grid{}, false, nil
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
				return grid{}, false, nil
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
			return grid{}, false, nil
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
		return grid{}, false, nil
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
				return grid{}, true, err
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
		return grid{}, false, nil
	}
	var shape sudoku.Shape
	width := len(rows) // fields in a row
	if len(rows) == 1 {
		sh, ok := shapeForCellsNear(len(rows[0].fields))
		if !ok {
			return grid{}, false, nil
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
			return grid{}, true, errAt(widestRow.l.num, int(widestRow.fields[len(rows)].col), &LostRowsError{Form: LostFieldTooMany, Rows: len(rows), Width: widest, Sep: sepName(kind, ch)})
		}
		if wide && widest > len(rows) && (!ok || wider > 1 || above) && kind != tBar {
			var among []int // the blank lines among the rows
			for _, r := range blanks {
				among = append(among, r.l.num)
			}
			return grid{}, true, errAt(rows[0].l.num, 0, &LostRowsError{Form: LostFields, Rows: len(rows), Width: widest, Sep: sepName(kind, ch), Blanks: among})
		}
		if !ok {
			return grid{}, true, errAt(rows[0].l.num, 0, &RowsError{Rows: len(rows), Sep: sepName(kind, ch)})
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
			return grid{}, true, errAt(r.l.num, col, &RowLengthError{Row: i + 1, Cells: len(fields), Want: width, Size: shape.Size(), Sep: sepName(kind, ch)})
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
			return grid{}, true, err
		}
		if kind != tBar && len(rows) > 1 {
			// Rows trimmed, none as wide as the grid: the last column
			// may be empty too, and the grid a row bigger.
			inRows := make([]*line, len(rows))
			for i, r := range rows {
				inRows[i] = r.l
			}
			if err := fewerRows(b, inRows, -1, cells, "empty fields"); err != nil {
				return grid{}, true, err
			}
		}
	}
	g, err = decode(shape, cells)
	if err == nil && len(emptyNums) > 0 {
		g.notes = append(g.notes, emptyRowsNote(emptyNums, emptyAt, sepName(kind, ch)))
	}
	return g, true, err
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

// onlyCell returns the index in l.toks of l's one cell when l is a line of
// content with one cell and nothing else, or -1.
func onlyCell(l *line) int {
	if l.kind != lContent || l.cells != 1 || len(l.toks) != 1 {
		return -1
	}
	return 0
}
