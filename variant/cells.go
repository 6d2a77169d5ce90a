package variant

import (
	"fmt"
	"slices"
)

// Mask is a rule that a cell's digit is one of a set: odd and even cells,
// given pencil marks.
type Mask struct {
	kind string
	size int
	Cell int
	Set  Digits
}

// NewMask returns the rule that cell holds a digit of set.
func NewMask(kind string, size, cell int, set Digits) *Mask {
	return &Mask{kind: kind, size: size, Cell: cell, Set: set}
}

// Odd and Even are the odd and the even digits.
var (
	Odd  = DigitSet(1, 3, 5, 7, 9, 11, 13, 15)
	Even = DigitSet(2, 4, 6, 8, 10, 12, 14, 16)
)

// Kind names the rule.
func (m *Mask) Kind() string { return m.kind }

// String names the rule with its cells, for people.
func (m *Mask) String() string { return m.kind + " " + CellName(m.size, m.Cell) }

// Cells is the cell.
func (m *Mask) Cells() []int { return []int{m.Cell} }

// Prune keeps the set.
func (m *Mask) Prune(s *State) bool { return s.Keep(m.Cell, m.Set) }

// Broken reports a filled digit outside the set.
func (m *Mask) Broken(vals []int) bool { v := vals[m.Cell]; return v != 0 && !m.Set.Has(v) }

// Quadruple is a circle on the corner of four cells listing digits that
// appear among them (a digit listed twice appears twice).
type Quadruple struct {
	size   int
	cells  []int
	Digits []int
}

// NewQuadruple returns a quadruple clue.
func NewQuadruple(size int, cells []int, digits []int) *Quadruple {
	return &Quadruple{size: size, cells: cells, Digits: slices.Sorted(slices.Values(digits))}
}

// Kind names the rule.
func (q *Quadruple) Kind() string { return "quadruple" }

// String names the rule with its cells, for people.
func (q *Quadruple) String() string {
	return fmt.Sprintf("quadruple %v at %s", q.Digits, cellList(q.size, q.cells))
}

// Cells are the four cells.
func (q *Quadruple) Cells() []int { return q.cells }

func (q *Quadruple) need() map[int]int {
	need := map[int]int{}
	for _, d := range q.Digits {
		need[d]++
	}
	return need
}

// Prune checks that every listed digit has room enough, and when the list
// fills the cells keeps only listed digits.
func (q *Quadruple) Prune(s *State) bool {
	var listed Digits
	for d, k := range q.need() {
		listed |= Digit(d)
		room := 0
		for _, c := range q.cells {
			if s.cand[c].Has(d) {
				room++
			}
		}
		if room < k {
			return false
		}
	}
	if len(q.Digits) >= len(q.cells) {
		for _, c := range q.cells {
			if !s.Keep(c, listed) {
				return false
			}
		}
	}
	return true
}

// Broken reports a listed digit that can no longer appear often enough.
func (q *Quadruple) Broken(vals []int) bool {
	empty := 0
	have := map[int]int{}
	for _, c := range q.cells {
		if vals[c] == 0 {
			empty++
		}
		have[vals[c]]++
	}
	missing := 0
	for d, k := range q.need() {
		missing += max(0, k-have[d])
	}
	return missing > empty
}

// Sandwich is a sandwich clue: in the row or column (Cells, in order), the
// digits between the 1 and the largest digit add up to Sum.
type Sandwich struct {
	size  int
	cells []int
	Sum   int
}

// NewSandwich returns a sandwich clue over a row or column.
func NewSandwich(size int, cells []int, sum int) *Sandwich {
	return &Sandwich{size: size, cells: cells, Sum: sum}
}

// Kind names the rule.
func (w *Sandwich) Kind() string { return "sandwich" }

// String names the rule with its cells, for people.
func (w *Sandwich) String() string {
	return fmt.Sprintf("sandwich %d along %s", w.Sum, lineName(w.size, w.cells))
}

// lineName names a row or column by its first cells.
func lineName(size int, cells []int) string {
	if len(cells) > 1 && cells[1]-cells[0] == 1 {
		return fmt.Sprintf("row %d", cells[0]/size+1)
	}
	if len(cells) > 1 && cells[1]-cells[0] == -1 {
		return fmt.Sprintf("row %d from the right", cells[0]/size+1)
	}
	if len(cells) > 1 && cells[1]-cells[0] == size {
		return fmt.Sprintf("column %d", cells[0]%size+1)
	}
	if len(cells) > 1 {
		return fmt.Sprintf("column %d from below", cells[0]%size+1)
	}
	return cellList(size, cells)
}

// Cells are the row's or column's cells.
func (w *Sandwich) Cells() []int { return w.cells }

// Prune keeps the 1 and the largest digit where a pair of places leaves the
// cells between them room to make the sum.
func (w *Sandwich) Prune(s *State) bool {
	one, top := Digit(1), Digit(w.size)
	var ones, tops uint32
	for i := range w.cells {
		for j := range w.cells {
			if i == j || s.cand[w.cells[i]]&one == 0 || s.cand[w.cells[j]]&top == 0 {
				continue
			}
			lo, hi := 0, 0
			for k := min(i, j) + 1; k < max(i, j); k++ {
				m := s.cand[w.cells[k]] &^ (one | top)
				if m == 0 {
					lo = 1 << 30
					break
				}
				lo += m.Min()
				hi += m.Max()
			}
			if lo <= w.Sum && w.Sum <= hi {
				ones |= 1 << i
				tops |= 1 << j
			}
		}
	}
	if ones == 0 {
		return false
	}
	for i, c := range w.cells {
		keep := s.Full()
		if ones&(1<<i) == 0 {
			keep &^= one
		}
		if tops&(1<<i) == 0 {
			keep &^= top
		}
		if !s.Keep(c, keep) {
			return false
		}
	}
	return true
}

// Broken reports a row whose 1 and largest digit are placed with a full
// stretch between them of another sum.
func (w *Sandwich) Broken(vals []int) bool {
	i, j := -1, -1
	for k, c := range w.cells {
		switch vals[c] {
		case 1:
			i = k
		case w.size:
			j = k
		}
	}
	if i < 0 || j < 0 {
		return false
	}
	sum := 0
	for k := min(i, j) + 1; k < max(i, j); k++ {
		if vals[w.cells[k]] == 0 {
			return false
		}
		sum += vals[w.cells[k]]
	}
	return sum != w.Sum
}

// XSum is an X-sum clue: the first X digits of the row or column seen from
// the clue (Cells, from the clue inwards) add up to Sum, X being the first
// of them.
type XSum struct {
	size  int
	cells []int
	Sum   int
}

// NewXSum returns an X-sum clue.
func NewXSum(size int, cells []int, sum int) *XSum { return &XSum{size: size, cells: cells, Sum: sum} }

// Kind names the rule.
func (x *XSum) Kind() string { return "X-sum" }

// String names the rule with its cells, for people.
func (x *XSum) String() string {
	return fmt.Sprintf("X-sum %d along %s", x.Sum, lineName(x.size, x.cells))
}

// Cells are the row's or column's cells from the clue.
func (x *XSum) Cells() []int { return x.cells }

// Prune keeps the first digits X whose stretch can make the sum.
func (x *XSum) Prune(s *State) bool {
	var keep Digits
	s.cand[x.cells[0]].Each(func(d int) {
		if d > len(x.cells) {
			return
		}
		lo, hi := s.bounds(x.cells[1:d])
		if lo+d <= x.Sum && x.Sum <= hi+d {
			keep |= Digit(d)
		}
	})
	return s.Keep(x.cells[0], keep)
}

// Broken reports a filled first digit whose full stretch has another sum.
func (x *XSum) Broken(vals []int) bool {
	d := vals[x.cells[0]]
	if d == 0 || d > len(x.cells) {
		return d != 0
	}
	sum, full := total(vals, x.cells[:d])
	return full && sum != x.Sum || sum > x.Sum
}

// Skyscraper is a skyscraper clue: seen from the clue (Cells, from the clue
// inwards), Count digits are taller than every digit before them.
type Skyscraper struct {
	size  int
	cells []int
	Count int
}

// NewSkyscraper returns a skyscraper clue.
func NewSkyscraper(size int, cells []int, count int) *Skyscraper {
	return &Skyscraper{size: size, cells: cells, Count: count}
}

// Kind names the rule.
func (k *Skyscraper) Kind() string { return "skyscraper" }

// String names the rule with its cells, for people.
func (k *Skyscraper) String() string {
	return fmt.Sprintf("skyscraper %d along %s", k.Count, lineName(k.size, k.cells))
}

// Cells are the row's or column's cells from the clue.
func (k *Skyscraper) Cells() []int { return k.cells }

// Prune keeps the digits that some way of filling the row, read from the
// clue, lets be seen exactly Count times. It follows the states (tallest
// digit so far, buildings seen) forwards from the clue and backwards from
// the end: a digit stays where a state reaching its cell leads, through
// it, to a state that ends with Count seen. Digits of a row never repeat,
// so a digit equal to the tallest so far is no way at all, and a whole
// row ends with its largest digit the tallest.
func (k *Skyscraper) Prune(s *State) bool {
	n, size := len(k.cells), k.size
	if k.Count < 1 || k.Count > n {
		return false
	}
	// fwd[i][m] holds the counts seen (bit c for c buildings) with tallest
	// m before cell i; back[i][m] the counts before cell i from which the
	// rest can end with Count. A step from tallest m through digit d goes
	// to d seeing one more when d > m, stays at m when d < m: each step is
	// done for all m at once with running ORs over m.
	var fwd, back [MaxSize + 1][MaxSize + 1]uint32
	fwd[0][0] = 1
	for i, c := range k.cells {
		cand := uint32(s.cand[c])
		if cand == 0 {
			return false
		}
		from, to := &fwd[i], &fwd[i+1]
		low := Digits(cand).Min() // tallest m > low stay
		below := from[0]          // OR of from[m] for m < d
		for d := 1; d <= size; d++ {
			f := from[d]
			var t uint32
			if cand>>(d-1)&1 != 0 {
				t = below << 1
			}
			if d > low {
				t |= f
			}
			to[d] = t
			below |= f
		}
	}
	// A whole row ends with its largest digit as the tallest seen.
	if n == size {
		back[n][size] = 1 << k.Count
	} else {
		for m := 0; m <= size; m++ {
			back[n][m] = 1 << k.Count
		}
	}
	for i := n - 1; i >= 0; i-- {
		cand := uint32(s.cand[k.cells[i]])
		low := Digits(cand).Min()
		next, cur := &back[i+1], &back[i]
		var above uint32 // OR of next[d]>>1 for d > m in cand
		for m := size; m >= 1; m-- {
			b := above
			if m > low {
				b |= next[m]
			}
			cur[m] = b
			if cand>>(m-1)&1 != 0 {
				above |= next[m] >> 1
			}
		}
		cur[0] = above
	}
	if fwd[0][0]&back[0][0] == 0 {
		return false
	}
	for i, c := range k.cells {
		cand := uint32(s.cand[c])
		from, next := &fwd[i], &back[i+1]
		// A digit d stays if a tallest m < d before it leads on through d
		// (from[m] meeting next[d] less one), or a tallest m > d stays and
		// ends well (from[m] meeting next[m]).
		var stay [MaxSize + 2]bool // stay[d]: some m >= d stays and ends well
		for m := size; m >= 0; m-- {
			stay[m] = stay[m+1] || from[m]&next[m] != 0
		}
		var keep Digits
		below := from[0]
		for d := 1; d <= size; d++ {
			if cand>>(d-1)&1 != 0 && (below&(next[d]>>1) != 0 || stay[d+1]) {
				keep |= 1 << (d - 1)
			}
			below |= from[d]
		}
		if !s.Keep(c, keep) {
			return false
		}
	}
	return true
}

// settles marks the pruning as a fixed point of its own: every digit kept
// lies on a way of filling the row that keeps the clue, and so do that
// way's other digits.
func (k *Skyscraper) settles() {}

// Broken reports a full row seen with another count, or one already
// showing more buildings than the clue.
func (k *Skyscraper) Broken(vals []int) bool {
	seen, tallest := 0, 0
	for _, c := range k.cells {
		v := vals[c]
		if v == 0 {
			return false
		}
		if v > tallest {
			seen++
			tallest = v
		}
	}
	return seen != k.Count
}
