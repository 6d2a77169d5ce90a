package variant

import (
	"context"
	"math/rand/v2"
	"slices"
	"testing"
)

// cutCages cuts a solution into cages of up to 3 neighbouring cells of
// distinct digits, with their sums.
func cutCages(rng *rand.Rand, n int, sol []int) []Constraint {
	owner := make([]bool, n*n)
	var out []Constraint
	for _, start := range rng.Perm(n * n) {
		if owner[start] {
			continue
		}
		owner[start] = true
		cells := []int{start}
		for len(cells) < 1+rng.IntN(3) {
			c := cells[len(cells)-1]
			var next []int
			for _, o := range []int{c - 1, c + 1, c - n, c + n} {
				if o < 0 || o >= n*n || (o == c-1 || o == c+1) && o/n != c/n || owner[o] || !distinct(sol, append([]int{o}, cells...)) {
					continue
				}
				next = append(next, o)
			}
			if len(next) == 0 {
				break
			}
			o := next[rng.IntN(len(next))]
			owner[o] = true
			cells = append(cells, o)
		}
		out = append(out, NewCage("killer cage", n, cells, sumOf(sol, cells), true))
	}
	return out
}

// TestSetSumsHold checks, on random killers of 4×4 to 9×9 (regions none,
// as in a Latin square, or boxes), that every set sum derived holds on the
// solution and that pruning a state whose candidates include the solution's
// digits never removes one of them.
func TestSetSumsHold(t *testing.T) {
	rng := rand.New(rand.NewPCG(21, 9))
	sums := 0
	for try := range 6 {
		n := []int{4, 6, 9}[try%3]
		sol := randomGrid(rng, n)
		p := &Puzzle{Size: n, Givens: make([]int, n*n), Constraints: cutCages(rng, n, sol)}
		for _, k := range setSums(context.Background(), p) {
			sums++
			if k.Broken(sol) {
				t.Fatalf("%v: broken by the solution", k)
			}
			for range 5 {
				s := state(n, nil)
				for c := range s.cand {
					s.cand[c] = Digit(sol[c]) | Digits(rng.Uint32())&Range(1, n)
				}
				if !k.Prune(s) {
					t.Fatalf("%v: a contradiction with the solution's digits", k)
				}
				for c, m := range s.cand {
					if !m.Has(sol[c]) {
						t.Fatalf("%v: removed %d from %s", k, sol[c], CellName(n, c))
					}
				}
			}
		}
	}
	if sums == 0 {
		t.Fatal("no set sum derived")
	}
}

// TestSetSum checks the pruning of set sums on hand-worked cases: distinct
// digits of a row force the largest and smallest digits.
func TestSetSum(t *testing.T) {
	ds := DigitSet
	coef := func(plus, minus []int) []int {
		cs := make([]int, 81)
		for _, c := range plus {
			cs[c] = 1
		}
		for _, c := range minus {
			cs[c] = -1
		}
		return cs
	}
	tests := []struct {
		name  string
		k     *SetSum
		cands map[int]Digits
		want  map[int]Digits // nil: a contradiction
	}{
		// three distinct digits of row 1 less three of row 2 make 18 only
		// as 7+8+9 less 1+2+3
		{"the greatest difference", newSetSum(9, coef([]int{0, 1, 2}, []int{9, 10, 11}), 18), nil,
			map[int]Digits{0: ds(7, 8, 9), 1: ds(7, 8, 9), 2: ds(7, 8, 9), 9: ds(1, 2, 3), 10: ds(1, 2, 3), 11: ds(1, 2, 3)}},
		// two distinct digits add to 17 only as 8+9
		{"two cells of a row", newSetSum(9, coef([]int{0, 1}, nil), 17), nil,
			map[int]Digits{0: ds(8, 9), 1: ds(8, 9)}},
		// cells of two rows may repeat: 9+9 makes 18, 1+9 does not
		{"two cells of two rows", newSetSum(9, coef([]int{0, 9}, nil), 18), nil,
			map[int]Digits{0: ds(9), 9: ds(9)}},
		{"too large", newSetSum(9, coef([]int{0, 1}, nil), 18), nil, nil},
		{"a digit placed", newSetSum(9, coef([]int{0, 1, 2}, nil), 12), map[int]Digits{0: ds(9)},
			map[int]Digits{0: ds(9), 1: ds(1, 2), 2: ds(1, 2)}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := state(9, tt.cands)
			checkPruned(t, s, tt.k.Prune(s), tt.want)
		})
	}
}

// TestSetSumsLatin checks the sum that set equivalence gives the cages of
// Solver needs SET (TopAutism, CC BY 4.0; see link/testdata/README.md), a
// Latin square of 18 L-shaped cages: rows 1, 6 and 7 hold two cells of
// each 12 and columns 3, 4 and 9 two cells of each 18, so the 18s' single
// cells (rows 2, 5, 8 of those columns) less the 12s' (rows 2, 5, 8 of
// columns 1, 6, 7) make 162-108 = 54, and three distinct digits of a row
// differ from three others by 24-6 at most: 7, 8, 9 against 1, 2, 3.
func TestSetSumsLatin(t *testing.T) {
	cages := []struct {
		cells [3][2]int // row, column from 1
		sum   int
	}{
		{[3][2]int{{1, 1}, {1, 2}, {2, 1}}, 12}, {[3][2]int{{1, 7}, {1, 8}, {2, 7}}, 12},
		{[3][2]int{{7, 1}, {7, 2}, {8, 1}}, 12}, {[3][2]int{{7, 7}, {7, 8}, {8, 7}}, 12},
		{[3][2]int{{8, 3}, {9, 2}, {9, 3}}, 18}, {[3][2]int{{2, 3}, {3, 2}, {3, 3}}, 18},
		{[3][2]int{{2, 9}, {3, 8}, {3, 9}}, 18}, {[3][2]int{{8, 9}, {9, 8}, {9, 9}}, 18},
		{[3][2]int{{4, 2}, {4, 3}, {5, 3}}, 18}, {[3][2]int{{5, 1}, {6, 1}, {6, 2}}, 12},
		{[3][2]int{{4, 8}, {4, 9}, {5, 9}}, 18}, {[3][2]int{{5, 7}, {6, 7}, {6, 8}}, 12},
		{[3][2]int{{2, 4}, {3, 4}, {3, 5}}, 18}, {[3][2]int{{1, 5}, {1, 6}, {2, 6}}, 12},
		{[3][2]int{{4, 4}, {4, 5}, {5, 4}}, 18}, {[3][2]int{{5, 6}, {6, 5}, {6, 6}}, 12},
		{[3][2]int{{7, 5}, {7, 6}, {8, 6}}, 12}, {[3][2]int{{8, 4}, {9, 4}, {9, 5}}, 18},
	}
	var rows [][]int // the regions are the rows, as in the puzzle
	for r := range 9 {
		rows = append(rows, rowCells(9, r))
	}
	p := &Puzzle{Size: 9, Regions: rows, Givens: make([]int, 81)}
	for _, c := range cages {
		var cells []int
		for _, rc := range c.cells {
			cells = append(cells, (rc[0]-1)*9+rc[1]-1)
		}
		p.Groups = append(p.Groups, Group{Name: "cage", Cells: cells})
		p.Constraints = append(p.Constraints, NewCage("killer cage", 9, cells, c.sum, true))
	}
	e, err := compile(context.Background(), p)
	if err != nil {
		t.Fatal(err)
	}
	s := e.newState()
	if !e.propagate(context.Background(), s, true) {
		t.Fatal("a contradiction")
	}
	e.addSetSums(context.Background(), s)
	if !e.propagate(context.Background(), s, true) {
		t.Fatal("a contradiction with the set sums")
	}
	for _, r := range []int{2, 5, 8} {
		for c := 1; c <= 9; c++ {
			var want Digits
			switch c {
			case 3, 4, 9:
				want = DigitSet(7, 8, 9)
			case 1, 6, 7:
				want = DigitSet(1, 2, 3)
			default:
				continue
			}
			if got := s.cand[(r-1)*9+c-1]; got&^want != 0 {
				t.Errorf("r%dc%d: %v, want within %v", r, c, got, want)
			}
		}
	}
}

// TestSetSumPruneAsBefore: SetSum.Prune, which scans a term's other cells
// once per cell, prunes exactly as refSetSumPrune, which scanned them for
// every digit, on the set sums of random killers and random states; and
// Broken says what the weighted sum says.
func TestSetSumPruneAsBefore(t *testing.T) {
	rng := rand.New(rand.NewPCG(30, 1))
	compared := 0
	for try := range 9 {
		n := []int{4, 6, 9}[try%3]
		sol := randomGrid(rng, n)
		p := &Puzzle{Size: n, Givens: make([]int, n*n), Constraints: cutCages(rng, n, sol)}
		for _, c := range setSums(context.Background(), p) {
			k := c.(*SetSum)
			for range 20 {
				s := state(n, nil)
				for c := range s.cand {
					s.cand[c] = Digits(rng.Uint32()) & Range(1, n)
					if rng.IntN(3) == 0 {
						s.cand[c] = Digit(1 + rng.IntN(n))
					}
					if s.cand[c] == 0 {
						s.cand[c] = Digit(sol[c])
					}
				}
				ref := state(n, nil)
				copy(ref.cand, s.cand)
				got, want := k.Prune(s), refSetSumPrune(k, ref)
				if got != want || (got && !slices.Equal(s.cand, ref.cand)) {
					t.Fatalf("%v: Prune %v %v, before %v %v", k, got, s.cand, want, ref.cand)
				}
				compared++
				vals := make([]int, n*n)
				sum, full := 0, true
				for _, term := range k.terms {
					for _, c := range term.cells {
						if rng.IntN(20) > 0 {
							vals[c] = 1 + rng.IntN(n)
						} else {
							full = false
						}
						sum += term.coef * vals[c]
					}
				}
				if got, want := k.Broken(vals), full && sum != k.Total; got != want {
					t.Fatalf("%v: Broken(%v) = %v, want %v", k, vals, got, want)
				}
			}
		}
	}
	if compared < 1000 {
		t.Fatalf("only %d states compared", compared)
	}
}

// refTermBounds (with refSetSumPrune, the pruning of set sums as it was
// written first, scanning the term for every digit) returns a term's least and greatest contributions, but for
// cell skip (-1 for none) and digit d there: placed digits count as
// they are, the other cells' as distinct digits of their union less the
// placed ones.
func refTermBounds(s *State, t setTerm, skip int, d Digits) (lo, hi int, ok bool) {
	var union, placed Digits
	fixed, free := d.Min(), 0
	for _, c := range t.cells {
		m := s.cand[c]
		switch {
		case c == skip:
		case m.Single():
			if placed&m != 0 {
				return 0, 0, false
			}
			placed |= m
			fixed += m.Min()
		default:
			union |= m
			free++
		}
	}
	if placed&d != 0 {
		return 0, 0, false
	}
	a, b, ok := distinctBounds(union&^placed&^d, free)
	a, b = a+fixed, b+fixed
	if t.coef < 0 {
		a, b = b, a
	}
	return t.coef * a, t.coef * b, ok
}

// refSetSumPrune narrows each term's cells to the digits that, with distinct digits
// in the term's other cells and the other terms' bounds, can make the total.
func refSetSumPrune(k *SetSum, s *State) bool {
	for range 4 {
		tlo, thi := 0, 0
		for _, t := range k.terms {
			a, b, ok := refTermBounds(s, t, -1, 0)
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
			a, b, _ := refTermBounds(s, t, -1, 0)
			// the term's contribution lies in [nlo, nhi]
			nlo, nhi := k.Total-(thi-b), k.Total-(tlo-a)
			for _, c := range t.cells {
				var keep Digits
				for m := s.cand[c]; m != 0; m &= m - 1 {
					d := m & -m
					lo, hi, ok := refTermBounds(s, t, c, d)
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
