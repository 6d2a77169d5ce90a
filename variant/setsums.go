package variant

import (
	"cmp"
	"context"
	"fmt"
	"slices"
)

// Set equivalence ("SET", as killer solvers call it): k rows and k columns
// hold the same digits, each digit k times, so the cells of the rows
// outside the columns hold the same digits as the cells of the columns
// outside the rows, and the same sum. A killer cage whose cells count
// mostly on one side turns that side's cells into the sum less its other
// cells. What is left is a sum of few cells, some counted plus, some
// minus, that the search did not see; [SetSum] prunes it with the digits
// of a row never repeating.

// setMaxSize, setMaxRows and setMaxCells bound the search for set sums:
// grids up to 9×9, sets of up to 3 rows and 3 columns (their complements
// give the same sums), sums of up to 2×size cells.
const (
	setMaxSize  = 9
	setMaxRows  = 3
	setMaxCells = 18
	setMaxSums  = 1000
)

// setSums derives the set sums of p's killer cages (none when its cages
// overlap or it is larger than setMaxSize): for every choice of k rows and
// k columns (1 <= k <= setMaxRows), the cells counted +1 (in the rows
// only) and -1 (in the columns only) add up to 0; each cage with more
// cells counted v than 0 is replaced by its sum (times v), its cells
// counted less v. The sums of at most setMaxCells cells are kept, the
// smallest setMaxSums of them. When ctx ends it stops with those found.
func setSums(ctx context.Context, p *Puzzle) []Constraint {
	n := p.Size
	if n > setMaxSize {
		return nil
	}
	cages, _ := killerCages(p)
	if len(cages) == 0 {
		return nil
	}
	type found struct {
		coef  []int
		total int
		cells int
	}
	var all []found
	seen := map[string]bool{}
	coef := make([]int, n*n)
	var keyBuf []byte
	var try func(rows, cols []int)
	try = func(rows, cols []int) {
		clear(coef)
		for _, r := range rows {
			for c := range n {
				coef[r*n+c]++
			}
		}
		for _, c := range cols {
			for r := range n {
				coef[r*n+c]--
			}
		}
		total := 0
		for _, k := range cages {
			var count [3]int // cells counted -1, 0, +1
			for _, c := range k.cells {
				count[coef[c]+1]++
			}
			v := 0
			switch {
			case count[2] > count[1] && count[2] >= count[0]:
				v = 1
			case count[0] > count[1] && count[0] > count[2]:
				v = -1
			}
			if v == 0 {
				continue
			}
			total -= v * k.Sum
			for _, c := range k.cells {
				coef[c] -= v
			}
		}
		cells := 0
		for _, a := range coef {
			if a != 0 {
				cells++
			}
		}
		if cells == 0 || cells > setMaxCells {
			return
		}
		keyBuf = append(keyBuf[:0], byte(total), byte(total>>8))
		for _, a := range coef {
			keyBuf = append(keyBuf, byte(a))
		}
		key := string(keyBuf)
		if seen[key] {
			return
		}
		seen[key] = true
		all = append(all, found{slices.Clone(coef), total, cells})
	}
	for k := 1; k <= setMaxRows && k < n && ctx.Err() == nil; k++ {
		combinations(n, k, func(rows []int) {
			if ctx.Err() != nil {
				return // the solve that follows reports it
			}
			combinations(n, k, func(cols []int) { try(rows, cols) })
		})
	}
	slices.SortStableFunc(all, func(a, b found) int { return cmp.Compare(a.cells, b.cells) })
	var out []Constraint
	for _, f := range all[:min(len(all), setMaxSums)] {
		out = append(out, newSetSum(n, f.coef, f.total))
	}
	return out
}

// combinations calls f with every increasing choice of k of 0..n-1 (the
// slice is reused).
func combinations(n, k int, f func([]int)) {
	pick := make([]int, k)
	var rec func(i, from int)
	rec = func(i, from int) {
		if i == k {
			f(pick)
			return
		}
		for x := from; x <= n-(k-i); x++ {
			pick[i] = x
			rec(i+1, x+1)
		}
	}
	rec(0, 0)
}

// SetSum is a sum the rules imply: the digits of Cells, each times its
// coefficient, add up to Total. Cells of one row with one coefficient hold
// distinct digits, and are bounded as such.
type SetSum struct {
	size  int
	cells []int
	terms []setTerm
	Total int
	sum   *Linear // the same sum, whose Broken is this one's
}

// setTerm is cells of one row counted with one coefficient.
type setTerm struct {
	coef  int
	cells []int
}

// newSetSum returns the sum of coef[c]*digit(c) over the cells c with a
// coefficient, equal to total.
func newSetSum(size int, coef []int, total int) *SetSum {
	k := &SetSum{size: size, Total: total}
	for r := range size {
		row := coef[r*size : r*size+size]
		for _, a := range slices.Compact(slices.Sorted(slices.Values(row))) {
			if a == 0 {
				continue
			}
			t := setTerm{coef: a}
			for c, b := range row {
				if b == a {
					t.cells = append(t.cells, r*size+c)
				}
			}
			k.terms = append(k.terms, t)
			k.cells = append(k.cells, t.cells...)
		}
	}
	coefs := make([]int, len(k.cells))
	for i, c := range k.cells {
		coefs[i] = coef[c]
	}
	k.sum = NewLinear("set sum", "", size, k.cells, coefs, total, total)
	return k
}

// Kind names the rule.
func (k *SetSum) Kind() string { return "set sum" }

// String names the rule with its cells, for people.
func (k *SetSum) String() string {
	return fmt.Sprintf("set sum %d of %s", k.Total, cellList(k.size, k.cells))
}

// Cells are the cells counted.
func (k *SetSum) Cells() []int { return k.cells }

// distinctBounds returns the least and greatest sums of count distinct
// digits of m (ok false when m has fewer).
func distinctBounds(m Digits, count int) (lo, hi int, ok bool) {
	if m.Count() < count {
		return 0, 0, false
	}
	low, high := m, m
	for range count {
		d := low & -low
		lo += d.Min()
		low &^= d
		t := Digit(high.Max())
		hi += t.Min()
		high &^= t
	}
	return lo, hi, true
}

// termRest is what a term's cells but one hold (see [termRest.bounds]):
// the union of their candidates not placed, the digits placed and their
// sum, how many are not placed, and whether two placed ones clash.
type termRest struct {
	union, placed Digits
	fixed, free   int
	clash         bool
}

// restOf scans the cells of t but skip (-1 for none), once.
func restOf(s *State, t setTerm, skip int) termRest {
	var r termRest
	for _, c := range t.cells {
		m := s.cand[c]
		switch {
		case c == skip:
		case m.Single():
			r.clash = r.clash || r.placed&m != 0
			r.placed |= m
			r.fixed += m.Min()
		default:
			r.union |= m
			r.free++
		}
	}
	return r
}

// bounds returns the term's least and greatest contributions with digit d
// (0 for none) in the skipped cell: placed digits count as they are, the
// other cells' as distinct digits of their union less the placed ones.
func (r termRest) bounds(t setTerm, d Digits) (lo, hi int, ok bool) {
	if r.clash || r.placed&d != 0 {
		return 0, 0, false
	}
	a, b, ok := distinctBounds(r.union&^r.placed&^d, r.free)
	fixed := r.fixed + d.Min()
	a, b = a+fixed, b+fixed
	if t.coef < 0 {
		a, b = b, a
	}
	return t.coef * a, t.coef * b, ok
}

// Prune narrows each term's cells to the digits that, with distinct digits
// in the term's other cells and the other terms' bounds, can make the
// total. The term's other cells are scanned once per cell, not once per
// candidate digit.
func (k *SetSum) Prune(s *State) bool {
	for range 4 {
		tlo, thi := 0, 0
		for _, t := range k.terms {
			a, b, ok := restOf(s, t, -1).bounds(t, 0)
			if !ok {
				return false
			}
			tlo += a
			thi += b
		}
		if k.Total < tlo || k.Total > thi {
			return false
		}
		changed := false
		for _, t := range k.terms {
			a, b, _ := restOf(s, t, -1).bounds(t, 0)
			// the term's contribution lies in [nlo, nhi]
			nlo, nhi := k.Total-(thi-b), k.Total-(tlo-a)
			for _, c := range t.cells {
				rest := restOf(s, t, c)
				var keep Digits
				for m := s.cand[c]; m != 0; m &= m - 1 {
					d := m & -m
					lo, hi, ok := rest.bounds(t, d)
					if ok && hi >= nlo && lo <= nhi {
						keep |= d
					}
				}
				if keep != s.cand[c] {
					changed = true
					if !s.Keep(c, keep) {
						return false
					}
				}
			}
			if changed {
				break // bounds anew
			}
		}
		if !changed {
			return true
		}
	}
	return true
}

// Broken reports a full set of cells whose sum is not the total.
func (k *SetSum) Broken(vals []int) bool { return k.sum.Broken(vals) }
