package variant

import (
	"context"
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"
)

// brute counts the solutions of p by plain backtracking in cell order: no
// candidates, no pruning, groups checked digit by digit and every rule
// checked by Broken on the full grid. It is the oracle the engine is held
// to.
func brute(p *Puzzle, limit int) [][]int {
	n := p.Size
	groups := p.allGroups()
	cellGroups := make([][]int, n*n)
	for gi, g := range groups {
		for _, c := range g.Cells {
			cellGroups[c] = append(cellGroups[c], gi)
		}
	}
	vals := slices.Clone(p.Givens)
	var out [][]int
	var rec func(c int)
	rec = func(c int) {
		if len(out) >= limit {
			return
		}
		if c == n*n {
			for _, k := range p.Constraints {
				if k.Broken(vals) {
					return
				}
			}
			out = append(out, slices.Clone(vals))
			return
		}
		fixed := p.Givens[c]
		for d := 1; d <= n; d++ {
			if fixed != 0 && d != fixed {
				continue
			}
			ok := true
			for _, gi := range cellGroups[c] {
				for _, o := range groups[gi].Cells {
					if o != c && vals[o] == d && (o < c || p.Givens[o] != 0) {
						ok = false
					}
				}
			}
			if !ok {
				continue
			}
			vals[c] = d
			rec(c + 1)
			vals[c] = fixed
		}
	}
	rec(0)
	return out
}

// randomGrid returns a random solution of the puzzle's rows, columns and
// regions (no givens, no rules).
func randomGrid(rng *rand.Rand, size int) []int {
	p := &Puzzle{Size: size, Givens: make([]int, size*size)}
	for {
		// Place a few random digits, keep the first solution if any.
		for i := 0; i < size; i++ {
			p.Givens[rng.IntN(size*size)] = rng.IntN(size) + 1
		}
		res, err := Solve(context.Background(), p, 1)
		if err == nil && len(res.Solutions) == 1 {
			return res.Solutions[0]
		}
		clear(p.Givens)
	}
}

// ruleMaker makes one rule of a kind that the solution sol satisfies, or
// nil when the random cells picked do not fit one.
type ruleMaker func(rng *rand.Rand, n int, sol []int) Constraint

func pick(rng *rand.Rand, n, k int) []int {
	return rng.Perm(n * n)[:k]
}

// sumOf sums the solution over cells.
func sumOf(sol, cells []int) int {
	t := 0
	for _, c := range cells {
		t += sol[c]
	}
	return t
}

func distinct(sol, cells []int) bool {
	var seen Digits
	for _, c := range cells {
		if seen.Has(sol[c]) {
			return false
		}
		seen |= Digit(sol[c])
	}
	return true
}

func rowCells(n, r int) []int {
	cs := make([]int, n)
	for i := range cs {
		cs[i] = r*n + i
	}
	return cs
}

var ruleMakers = map[string]ruleMaker{
	"cage": func(rng *rand.Rand, n int, sol []int) Constraint {
		cs := pick(rng, n, 2+rng.IntN(2))
		if !distinct(sol, cs) {
			return nil
		}
		return NewCage("killer cage", n, cs, sumOf(sol, cs), true)
	},
	"thermometer": func(rng *rand.Rand, n int, sol []int) Constraint {
		cs := pick(rng, n, 3)
		if !distinct(sol, cs) {
			return nil
		}
		slices.SortFunc(cs, func(a, b int) int { return sol[a] - sol[b] })
		return NewThermo(n, cs)
	},
	"slow thermometer": func(rng *rand.Rand, n int, sol []int) Constraint {
		cs := pick(rng, n, 3)
		slices.SortFunc(cs, func(a, b int) int { return sol[a] - sol[b] })
		return NewSlowThermo(n, cs)
	},
	"white dot": pairMaker("kropki white dot", DifferBy(1)),
	"black dot": pairMaker("kropki black dot", RatioOf(2)),
	"V":         pairMaker("V", SumTo(5)),
	"no dot":    pairMaker("no white dot", Not(DifferBy(1))),
	"whispers": func(rng *rand.Rand, n int, sol []int) Constraint {
		cs := pick(rng, n, 2)
		if !AtLeastApart(WhisperGap(n))(sol[cs[0]], sol[cs[1]]) {
			return nil
		}
		return NewWhispers(n, cs)
	},
	"palindrome": func(rng *rand.Rand, n int, sol []int) Constraint {
		cs := pick(rng, n, 3)
		if sol[cs[0]] != sol[cs[2]] {
			return nil
		}
		return NewPalindrome(n, cs)
	},
	"between": func(rng *rand.Rand, n int, sol []int) Constraint {
		cs := pick(rng, n, 3)
		if !(min(sol[cs[0]], sol[cs[2]]) < sol[cs[1]] && sol[cs[1]] < max(sol[cs[0]], sol[cs[2]])) {
			return nil
		}
		return NewBetween(n, cs)
	},
	"renban": func(rng *rand.Rand, n int, sol []int) Constraint {
		cs := pick(rng, n, 3)
		r := &Renban{size: n, cells: cs}
		if r.Broken(sol) {
			return nil
		}
		return r
	},
	"arrow": func(rng *rand.Rand, n int, sol []int) Constraint {
		cs := pick(rng, n, 3)
		if sol[cs[0]] != sol[cs[1]]+sol[cs[2]] {
			return nil
		}
		return NewArrow(n, cs[:1], cs[1:])
	},
	"little killer": func(rng *rand.Rand, n int, sol []int) Constraint {
		cs := pick(rng, n, 3)
		return NewLittleKiller(n, cs, sumOf(sol, cs))
	},
	"double arrow": func(rng *rand.Rand, n int, sol []int) Constraint {
		cs := pick(rng, n, 4)
		if sol[cs[0]]+sol[cs[3]] != sol[cs[1]]+sol[cs[2]] {
			return nil
		}
		return NewDoubleArrow(n, cs)
	},
	"region sum": func(rng *rand.Rand, n int, sol []int) Constraint {
		cs := pick(rng, n, 3)
		if sol[cs[0]] != sol[cs[1]]+sol[cs[2]] {
			return nil
		}
		return NewRegionSum(n, [][]int{cs[:1], cs[1:]})
	},
	"zipper": func(rng *rand.Rand, n int, sol []int) Constraint {
		cs := pick(rng, n, 3)
		if sol[cs[1]] != sol[cs[0]]+sol[cs[2]] {
			return nil
		}
		return NewZipper(n, cs)
	},
	"sandwich": func(rng *rand.Rand, n int, sol []int) Constraint {
		cs := rowCells(n, rng.IntN(n))
		if rng.IntN(2) == 0 {
			slices.Reverse(cs)
		}
		i := slices.IndexFunc(cs, func(c int) bool { return sol[c] == 1 })
		j := slices.IndexFunc(cs, func(c int) bool { return sol[c] == n })
		return NewSandwich(n, cs, sumOf(sol, cs[min(i, j)+1:max(i, j)]))
	},
	"X-sum": func(rng *rand.Rand, n int, sol []int) Constraint {
		cs := rowCells(n, rng.IntN(n))
		return NewXSum(n, cs, sumOf(sol, cs[:sol[cs[0]]]))
	},
	"skyscraper": func(rng *rand.Rand, n int, sol []int) Constraint {
		cs := rowCells(n, rng.IntN(n))
		seen, top := 0, 0
		for _, c := range cs {
			if sol[c] > top {
				seen, top = seen+1, sol[c]
			}
		}
		return NewSkyscraper(n, cs, seen)
	},
	"quadruple": func(rng *rand.Rand, n int, sol []int) Constraint {
		r, c := rng.IntN(n-1), rng.IntN(n-1)
		cs := []int{r*n + c, r*n + c + 1, (r+1)*n + c, (r+1)*n + c + 1}
		var ds []int
		for _, x := range cs[:1+rng.IntN(4)] {
			ds = append(ds, sol[x])
		}
		return NewQuadruple(n, cs, ds)
	},
	"odd or even": func(rng *rand.Rand, n int, sol []int) Constraint {
		c := rng.IntN(n * n)
		if sol[c]%2 == 1 {
			return NewMask("odd", n, c, Odd)
		}
		return NewMask("even", n, c, Even)
	},
	"nabner": func(rng *rand.Rand, n int, sol []int) Constraint {
		cs := pick(rng, n, 2)
		l := NewNabner(n, cs)
		if l.Broken(sol) {
			return nil
		}
		return l
	},
	"modular": func(rng *rand.Rand, n int, sol []int) Constraint {
		cs := pick(rng, n, 3)
		w := NewModular(n, cs)
		if w.Broken(sol) {
			return nil
		}
		return w
	},
	"lockout": func(rng *rand.Rand, n int, sol []int) Constraint {
		cs := pick(rng, n, 3+rng.IntN(2))
		l := NewLockout(n, cs, 1+rng.IntN(LockoutGap(n)))
		if l.Broken(sol) {
			return nil
		}
		return l
	},
	"whispers with a gap": func(rng *rand.Rand, n int, sol []int) Constraint {
		cs := pick(rng, n, 3)
		w := NewWhispersGap(n, 1+rng.IntN(n/2), cs)
		if w.Broken(sol) {
			return nil
		}
		return w
	},
	"indexer": func(rng *rand.Rand, n int, sol []int) Constraint {
		// Row indexer cells of one row whose digits point where the
		// solution has their row's number in their column.
		r := rng.IntN(n)
		var index []int
		var lines [][]int
		for c := range n {
			if sol[(sol[r*n+c]-1)*n+c] == r+1 {
				index = append(index, r*n+c)
				var col []int
				for rr := range n {
					col = append(col, rr*n+c)
				}
				lines = append(lines, col)
			}
		}
		if len(index) == 0 {
			return nil
		}
		x, err := NewIndexer("row indexer", n, index, lines)
		if err != nil {
			panic(err)
		}
		return x
	},
	"entropic": func(rng *rand.Rand, n int, sol []int) Constraint {
		cs := pick(rng, n, 3)
		w := NewEntropic(n, cs)
		if w == nil || w.Broken(sol) {
			return nil
		}
		return w
	},
}

func pairMaker(kind string, ok func(x, y int) bool) ruleMaker {
	return func(rng *rand.Rand, n int, sol []int) Constraint {
		cs := pick(rng, n, 2)
		if !ok(sol[cs[0]], sol[cs[1]]) {
			return nil
		}
		return NewPair(kind, n, cs[0], cs[1], ok)
	}
}

// randomPuzzle makes a puzzle of the size whose rules sol satisfies, with a
// few givens; with wrong set it adds rules made from another grid, so that
// it may have no solution.
func randomPuzzle(rng *rand.Rand, n int, sol []int, kinds []string, wrong bool) *Puzzle {
	p := &Puzzle{Size: n, Givens: make([]int, n*n)}
	for range rng.IntN(n) {
		c := rng.IntN(n * n)
		p.Givens[c] = sol[c]
	}
	from := sol
	if wrong {
		from = randomGrid(rng, n)
	}
	want := 2 + rng.IntN(4)
	for try := 0; len(p.Constraints) < want && try < 2000; try++ {
		k := kinds[rng.IntN(len(kinds))]
		if r := ruleMakers[k](rng, n, from); r != nil {
			p.Constraints = append(p.Constraints, r)
			if c, ok := r.(*Cage); ok && c.Distinct { // as links give cages: a group too
				p.Groups = append(p.Groups, Group{Name: c.String(), Cells: c.Cells()})
			}
		}
	}
	return p
}

func sortedSolutions(ss [][]int) [][]int {
	ss = slices.Clone(ss)
	slices.SortFunc(ss, slices.Compare)
	return ss
}

// TestAgainstBrute holds the engine to the oracle on random 4×4 and 6×6
// puzzles of every rule kind: the same solutions, the same true candidates,
// and propagation never losing a digit of the grid the rules came from.
func TestAgainstBrute(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 21))
	var kinds []string
	for k := range ruleMakers {
		kinds = append(kinds, k)
	}
	slices.Sort(kinds)
	for _, n := range []int{4, 6} {
		for _, kind := range kinds {
			for trial := range 12 {
				name := fmt.Sprintf("%d/%s/%d", n, kind, trial)
				sol := randomGrid(rng, n)
				// Mostly one kind, sometimes mixed with others.
				ks := []string{kind}
				if trial%3 == 2 {
					ks = kinds
				}
				wrong := trial%4 == 3
				p := randomPuzzle(rng, n, sol, ks, wrong)
				if n == 6 {
					// Enough givens that the oracle stays quick.
					for c := range sol {
						if rng.IntN(2) == 0 {
							p.Givens[c] = sol[c]
						}
					}
				}
				compareWithBrute(t, name, p, sol, !wrong)
			}
		}
	}
}

func compareWithBrute(t *testing.T, name string, p *Puzzle, sol []int, solves bool) {
	t.Helper()
	want := sortedSolutions(brute(p, 400))
	res, err := Solve(context.Background(), p, 400)
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	got := sortedSolutions(res.Solutions)
	if !slices.EqualFunc(got, want, slices.Equal) {
		t.Fatalf("%s: engine found %d solutions, brute force %d (%v)", name, len(got), len(want), p.Constraints)
	}
	if len(want) < 400 {
		tc, err := TrueCandidates(context.Background(), p)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		wantTC := make([]Digits, len(sol))
		for _, s := range want {
			for i, d := range s {
				wantTC[i] |= Digit(d)
			}
		}
		if !slices.Equal(tc, wantTC) {
			t.Fatalf("%s: true candidates %v, want %v", name, tc, wantTC)
		}
	}
	if solves {
		e, err := compile(context.Background(), p)
		if err != nil {
			t.Fatal(err)
		}
		s := e.newState()
		keep := true
		for i := range s.cand {
			if p.Givens[i] != 0 && p.Givens[i] != sol[i] {
				keep = false
			}
		}
		if keep {
			if !e.propagate(context.Background(), s, true) {
				t.Fatalf("%s: propagation found a contradiction, but the grid it came from solves it", name)
			}
			for i, m := range s.cand {
				if !m.Has(sol[i]) {
					t.Fatalf("%s: propagation removed %d from %s, the digit of a known solution", name, sol[i], CellName(p.Size, i))
				}
			}
		}
	}
}
