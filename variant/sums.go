package variant

import (
	"fmt"
	"slices"
	"strings"
)

// cellList writes cells as "r1c1 r1c2 r1c3".
func cellList(size int, cells []int) string {
	names := make([]string, len(cells))
	for i, c := range cells {
		names[i] = CellName(size, c)
	}
	return strings.Join(names, " ")
}

// pruneLinear narrows cells so that sum(coefs[i]*digit[i]) can lie in
// [lo, hi], by bounds: each digit must leave room for the others' least
// and greatest contributions. It returns false when no digit fits.
func pruneLinear(s *State, cells, coefs []int, lo, hi int) bool {
	for range 4 {
		tmin, tmax := 0, 0
		for i, c := range cells {
			a, b := contribution(s.cand[c], coefs[i])
			tmin += a
			tmax += b
		}
		if tmin > hi || tmax < lo {
			return false
		}
		changed := false
		for i, c := range cells {
			m := s.cand[c]
			a, b := contribution(m, coefs[i])
			omin, omax := tmin-a, tmax-b
			keep := m
			for r := m; r != 0; r &= r - 1 {
				d := Digits(r & -r)
				v := coefs[i] * d.Min()
				if v+omin > hi || v+omax < lo {
					keep &^= d
				}
			}
			if keep != m {
				if !s.Keep(c, keep) {
					return false
				}
				changed = true
				na, nb := contribution(keep, coefs[i])
				tmin += na - a
				tmax += nb - b
			}
		}
		if !changed {
			return true
		}
	}
	return true
}

func contribution(m Digits, coef int) (lo, hi int) {
	if coef >= 0 {
		return coef * m.Min(), coef * m.Max()
	}
	return coef * m.Max(), coef * m.Min()
}

// Cage is a killer cage's sum (its digits' not repeating is a [Group] of
// its own): the digits of Cells add up to Sum. With Distinct set the sum is
// pruned by the sets of distinct digits that make it.
type Cage struct {
	size     int
	kind     string
	cells    []int
	Sum      int
	Distinct bool
	subsets  []Digits // the sets of len(cells) distinct digits adding up to Sum
}

// NewCage returns the sum rule of a cage; kind is "killer cage" or another
// name for a rule of the same shape.
func NewCage(kind string, size int, cells []int, sum int, distinct bool) *Cage {
	k := &Cage{size: size, kind: kind, cells: cells, Sum: sum, Distinct: distinct}
	if distinct && len(cells) <= size {
		k.subsets = sumSets(size, len(cells), sum)
	}
	return k
}

// sumSets returns the sets of k distinct digits of 1 to size that add up to
// sum, in increasing order of their masks.
func sumSets(size, k, sum int) []Digits {
	var out []Digits
	// add chooses count more digits of 1 to top adding up to left.
	var add func(set Digits, top, count, left int)
	add = func(set Digits, top, count, left int) {
		if count == 0 {
			if left == 0 {
				out = append(out, set)
			}
			return
		}
		// the count digits lie in 1..top: at least 1+..+count, at most
		// (top-count+1)+..+top
		if left < count*(count+1)/2 || left > count*(2*top-count+1)/2 {
			return
		}
		for d := top; d >= count; d-- {
			add(set|Digit(d), d-1, count-1, left-d)
		}
	}
	add(0, size, k, sum)
	slices.Sort(out)
	return out
}

func digitSum(m Digits) int {
	t := 0
	m.Each(func(d int) { t += d })
	return t
}

// Kind names the rule.
func (k *Cage) Kind() string { return k.kind }

// String names the rule with its cells, for people.
func (k *Cage) String() string {
	return fmt.Sprintf("%s %d at %s", k.kind, k.Sum, cellList(k.size, k.cells))
}

// Cells are the cage's cells.
func (k *Cage) Cells() []int { return k.cells }

// Prune keeps the digits of the digit sets that can still make the sum
// (each cell with a digit of the set, the set covered), then the bounds.
func (k *Cage) Prune(s *State) bool {
	if k.Distinct {
		support := make([]Digits, len(k.cells))
		var union Digits
		for _, c := range k.cells {
			union |= s.cand[c]
		}
		any := false
		for _, set := range k.subsets {
			if !k.fits(s, set, union) {
				continue
			}
			any = true
			for i, c := range k.cells {
				support[i] |= s.cand[c] & set
			}
		}
		if !any {
			return false
		}
		for i, c := range k.cells {
			if !s.Keep(c, support[i]) {
				return false
			}
		}
	}
	return pruneLinear(s, k.cells, ones(len(k.cells)), k.Sum, k.Sum)
}

// fits reports whether the cells can still hold the digit set: each a
// digit of it, every digit of it covered (union: the cells' candidates).
func (k *Cage) fits(s *State, set, union Digits) bool {
	if set&^union != 0 {
		return false
	}
	var cover Digits
	for _, c := range k.cells {
		m := s.cand[c] & set
		if m == 0 {
			return false
		}
		cover |= m
	}
	return cover == set
}

// required returns the digits that every digit set still able to make the
// sum holds: the cage holds them whatever its filling (empty when no set
// is left).
func (k *Cage) required(s *State) Digits {
	var union Digits
	for _, c := range k.cells {
		union |= s.cand[c]
	}
	need, any := Digits(0), false
	for _, set := range k.subsets {
		if any && need&^set == 0 || !k.fits(s, set, union) {
			continue
		}
		if !any {
			need, any = set, true
		} else {
			need &= set
		}
	}
	return need
}

func ones(n int) []int {
	cs := make([]int, n)
	for i := range cs {
		cs[i] = 1
	}
	return cs
}

// Total returns the sum of the filled digits of the cells and whether all
// are filled.
func total(vals []int, cells []int) (sum int, full bool) {
	full = true
	for _, c := range cells {
		if vals[c] == 0 {
			full = false
		}
		sum += vals[c]
	}
	return sum, full
}

// Broken reports a full cage of another sum, filled digits already
// beyond it, or (with Distinct) a repeated digit.
func (k *Cage) Broken(vals []int) bool {
	sum, full := total(vals, k.cells)
	if sum > k.Sum || full && sum != k.Sum {
		return true
	}
	if k.Distinct {
		var seen Digits
		for _, c := range k.cells {
			if v := vals[c]; v != 0 {
				if seen.Has(v) {
					return true
				}
				seen |= Digit(v)
			}
		}
	}
	return false
}

// Linear is a rule that a weighted sum of digits lies in [Lo, Hi]: a
// little killer's diagonal, an arrow (line minus circle is 0, a pill's
// digits read as a number), a double arrow (middle minus ends is 0).
type Linear struct {
	size   int
	kind   string
	what   string
	cells  []int
	coefs  []int
	Lo, Hi int
}

// NewLinear returns the rule sum(coefs[i]*digit(cells[i])) in [lo, hi];
// what names the instance for people ("" writes the kind and the cells).
func NewLinear(kind, what string, size int, cells, coefs []int, lo, hi int) *Linear {
	return &Linear{size: size, kind: kind, what: what, cells: cells, coefs: coefs, Lo: lo, Hi: hi}
}

// NewArrow returns an arrow: the digits of line add up to the number
// written by bulb's digits (one cell, or a pill read in order).
func NewArrow(size int, bulb, line []int) *Linear {
	cells := append(append([]int{}, line...), bulb...)
	coefs := ones(len(cells))
	w := 1
	for i := len(bulb) - 1; i >= 0; i-- {
		coefs[len(line)+i] = -w
		w *= 10
	}
	what := fmt.Sprintf("arrow from %s along %s", cellList(size, bulb), cellList(size, line))
	return NewLinear("arrow", what, size, cells, coefs, 0, 0)
}

// NewDoubleArrow returns a double arrow: the digits between the two ends
// of line add up to the ends' sum.
func NewDoubleArrow(size int, line []int) *Linear {
	coefs := ones(len(line))
	coefs[0], coefs[len(line)-1] = -1, -1
	return NewLinear("double arrow", "", size, line, coefs, 0, 0)
}

// NewLittleKiller returns a little killer clue: the digits of the diagonal
// cells add up to sum (digits may repeat).
func NewLittleKiller(size int, cells []int, sum int) *Linear {
	what := fmt.Sprintf("little killer %d along %s", sum, cellList(size, cells))
	return NewLinear("little killer", what, size, cells, ones(len(cells)), sum, sum)
}

// Kind names the rule.
func (l *Linear) Kind() string { return l.kind }

// String names the rule with its cells, for people.
func (l *Linear) String() string {
	if l.what != "" {
		return l.what
	}
	return l.kind + " " + cellList(l.size, l.cells)
}

// Cells are the rule's cells.
func (l *Linear) Cells() []int { return l.cells }

// Prune narrows the cells by the bounds of the sum.
func (l *Linear) Prune(s *State) bool { return pruneLinear(s, l.cells, l.coefs, l.Lo, l.Hi) }

// Broken reports a full set of cells whose sum is outside the range.
func (l *Linear) Broken(vals []int) bool {
	t := 0
	for i, c := range l.cells {
		if vals[c] == 0 {
			return false
		}
		t += l.coefs[i] * vals[c]
	}
	return t < l.Lo || t > l.Hi
}

// RegionSum is a region sum line: the line's stretches in each region
// (split where it crosses a region border) have the same sum.
type RegionSum struct {
	size     int
	cells    []int
	segments [][]int
}

// NewRegionSum returns a region sum line over the given stretches.
func NewRegionSum(size int, segments [][]int) *RegionSum {
	r := &RegionSum{size: size, segments: segments}
	for _, seg := range segments {
		r.cells = append(r.cells, seg...)
	}
	return r
}

// Kind names the rule.
func (r *RegionSum) Kind() string { return "region sum line" }

// String names the rule with its cells, for people.
func (r *RegionSum) String() string { return "region sum line " + cellList(r.size, r.cells) }

// Cells are the line's cells.
func (r *RegionSum) Cells() []int { return r.cells }

// Prune bounds the common sum by every stretch, then each stretch by it.
func (r *RegionSum) Prune(s *State) bool {
	lo, hi := 0, 1<<30
	for _, seg := range r.segments {
		a, b := s.bounds(seg)
		lo, hi = max(lo, a), min(hi, b)
	}
	if lo > hi {
		return false
	}
	for _, seg := range r.segments {
		if !pruneLinear(s, seg, ones(len(seg)), lo, hi) {
			return false
		}
	}
	return true
}

// Broken reports two full stretches of different sums.
func (r *RegionSum) Broken(vals []int) bool {
	first := -1
	for _, seg := range r.segments {
		sum, full := total(vals, seg)
		if !full {
			continue
		}
		if first >= 0 && sum != first {
			return true
		}
		first = sum
	}
	return false
}
