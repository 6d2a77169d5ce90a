package variant

import "fmt"

// Lockout is a lockout line: the digits at its two ends (diamonds) differ
// by Gap or more, and every digit between them on the line lies outside
// the ends' range (neither equal to an end nor between them).
type Lockout struct {
	size  int
	cells []int
	Gap   int
}

// LockoutGap is the least difference of a lockout line's ends when the
// link names none: half the size rounded down (4 on 9×9).
func LockoutGap(size int) int { return size / 2 }

// NewLockout returns a lockout line from one end to the other.
func NewLockout(size int, cells []int, gap int) *Lockout {
	return &Lockout{size: size, cells: cells, Gap: gap}
}

// Kind names the rule.
func (l *Lockout) Kind() string { return "lockout line" }

// String names the rule with its cells, for people.
func (l *Lockout) String() string { return "lockout line " + cellList(l.size, l.cells) }

// Cells are the line's cells, its ends first and last.
func (l *Lockout) Cells() []int { return l.cells }

// Prune keeps the end pairs Gap apart that leave every middle cell a digit
// outside them, and the middle digits those pairs allow.
func (l *Lockout) Prune(s *State) bool {
	return pruneByEnds(s, l.cells, func(x, y int) (Digits, bool) {
		return s.Full() &^ Range(min(x, y), max(x, y)), max(x, y)-min(x, y) >= l.Gap
	})
}

// Broken reports filled ends too close, or a filled middle digit within
// their range.
func (l *Lockout) Broken(vals []int) bool { return l.why(vals) != "" }

func (l *Lockout) why(vals []int) string {
	x, y := vals[l.cells[0]], vals[l.cells[len(l.cells)-1]]
	if x == 0 || y == 0 {
		return ""
	}
	lo, hi := min(x, y), max(x, y)
	if hi-lo < l.Gap {
		return fmt.Sprintf("ends %d and %d differ by less than %d", x, y, l.Gap)
	}
	for _, c := range l.cells[1 : len(l.cells)-1] {
		if v := vals[c]; v != 0 && v >= lo && v <= hi {
			return fmt.Sprintf("%s holds %d, within the ends %d to %d", CellName(l.size, c), v, lo, hi)
		}
	}
	return ""
}

// Indexer is a set of indexer cells: a digit d in an indexer cell at place
// i of its line (the column of a row indexer, the row of a column
// indexer, the region of a box indexer) says that the line's d-th cell
// holds i+1. For a row indexer cell in row r, column c: the digit d puts
// r in row d of column c.
type Indexer struct {
	kind  string
	size  int
	cells []int   // every cell involved: the indexer cells and their lines
	index []int   // the indexer cells
	lines [][]int // the line of each indexer cell, in order
	place []int   // each indexer cell's place in its line (from 0)
}

// NewIndexer returns indexer cells; lines[i] is the line that index[i]
// points into (index[i] among its cells).
func NewIndexer(kind string, size int, index []int, lines [][]int) (*Indexer, error) {
	x := &Indexer{kind: kind, size: size, index: index, lines: lines}
	seen := map[int]bool{}
	for i, c := range index {
		if len(lines[i]) != size {
			return nil, &PuzzleError{Where: kind + " " + CellName(size, c), Err: ErrRegion}
		}
		p := -1
		for j, o := range lines[i] {
			if o == c {
				p = j
			}
			if !seen[o] {
				seen[o] = true
				x.cells = append(x.cells, o)
			}
		}
		if p < 0 {
			return nil, &PuzzleError{Where: kind + " " + CellName(size, c), Err: ErrCell}
		}
		x.place = append(x.place, p)
	}
	return x, nil
}

// Kind names the rule.
func (x *Indexer) Kind() string { return x.kind }

// String names the rule with its cells, for people.
func (x *Indexer) String() string { return x.kind + " " + cellList(x.size, x.index) }

// Cells are the indexer cells and the lines they point into.
func (x *Indexer) Cells() []int { return x.cells }

// Prune keeps the digits d of an indexer cell whose line's d-th cell can
// hold the cell's place, and places it there when d is the only one left.
func (x *Indexer) Prune(s *State) bool {
	for i, c := range x.index {
		want := Digit(x.place[i] + 1)
		var keep Digits
		for m := s.cand[c]; m != 0; m &= m - 1 {
			d := Digits(m & -m)
			t := x.lines[i][d.Min()-1]
			if s.cand[t]&want != 0 && (t != c || d == want) {
				keep |= d
			}
		}
		if !s.Keep(c, keep) {
			return false
		}
		if keep.Single() && !s.Keep(x.lines[i][keep.Min()-1], want) {
			return false
		}
	}
	return true
}

// Broken reports an indexer digit whose target cell holds another digit.
func (x *Indexer) Broken(vals []int) bool { return x.why(vals) != "" }

func (x *Indexer) why(vals []int) string {
	for i, c := range x.index {
		d := vals[c]
		if d == 0 || d > len(x.lines[i]) {
			continue
		}
		t := x.lines[i][d-1]
		if v := vals[t]; v != 0 && v != x.place[i]+1 {
			return fmt.Sprintf("%s holds %d, so %s should hold %d, not %d", CellName(x.size, c), d, CellName(x.size, t), x.place[i]+1, v)
		}
	}
	return ""
}
