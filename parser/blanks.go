package parser

import (
	"fmt"
	"strings"

	"github.com/sudokubot/sudokubot/sudoku"
)

// The checks shared by the readings that take spaces for empty cells
// (fields.go, columns.go): they refuse a reading when its spaces or blank
// lines may as well mean something else, such as an empty row lost at the
// start or end, or lines beside a smaller grid.

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
				return errAt(line, 0, &AmbiguousError{Form: AmbiguousEnds, Rows: n, Size: n, Other: m})
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
			return errAt(c.line, int(c.col), &LostRowsError{Form: LostBigValue, Rows: n, Width: v, EmptyAs: what})
		}
	}
	return errAt(rows[0].num, 0, &AmbiguousError{Form: AmbiguousFirstOrLast, Rows: n, Size: n, Other: n + 1, EmptyAs: what})
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
			return errAt(blank[0].num, 0, &AmbiguousError{Form: AmbiguousBandGaps, Lines: lineNums(blank), Size: shape.Size()})
		}
	}
	return nil
}

// blankLines names blank lines: "line 5 is", "lines 5 and 9 are".
func blankLines(nums []int) string {
	if len(nums) == 1 {
		return fmt.Sprintf("line %d is", nums[0])
	}
	var words []string
	for _, n := range nums {
		words = append(words, fmt.Sprint(n))
	}
	return "lines " + andList(words) + " are"
}

// lineNums returns the numbers of ls.
func lineNums(ls []*line) []int {
	nums := make([]int, len(ls))
	for i, l := range ls {
		nums[i] = l.num
	}
	return nums
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
			return errAt(l.num, 0, &AmbiguousError{Form: AmbiguousBlankRow, Lines: []int{l.num}, After: seen, EmptyAs: what})
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
			return errAt(first.num, 0, &AmbiguousError{Form: AmbiguousBlankNoBand, Lines: []int{first.num}, After: firstAt, EmptyAs: what})
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
	return errAt(narrow.num, 0, &AmbiguousError{Form: AmbiguousNarrow, Lines: []int{narrow.num}, Size: n})
}
