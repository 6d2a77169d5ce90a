package link

import (
	"context"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/sudokubot/sudokubot/variant"
	"github.com/sudokubot/sudokubot/variant/internal/lzstring"
)

func rc(n, c int) string { return fmt.Sprintf("R%dC%d", c/n+1, c%n+1) }

// walk is a random path of k orthogonally neighbouring distinct cells.
func walk(rng *rand.Rand, n, k int) []int {
	for {
		cs := []int{rng.IntN(n * n)}
		for len(cs) < k {
			c := cs[len(cs)-1]
			steps := []int{}
			for _, s := range []int{1, -1, n, -n} {
				o := c + s
				if o < 0 || o >= n*n || (s == 1 || s == -1) && o/n != c/n || slices.Contains(cs, o) {
					continue
				}
				steps = append(steps, o)
			}
			if len(steps) == 0 {
				break
			}
			cs = append(cs, steps[rng.IntN(len(steps))])
		}
		if len(cs) == k {
			return cs
		}
	}
}

func names9(cs []int) []string {
	out := make([]string, len(cs))
	for i, c := range cs {
		out[i] = rc(9, c)
	}
	return out
}

// TestEveryKeyAgainstAKnownSolution adds, for each rule key, entries that
// the classic puzzle's solution satisfies (found by random search and
// checked with the rule's own Broken), reads the link and requires the
// unique solution to be that solution; a key misread (a wrong direction,
// a wrong order of cells) makes the puzzle unsolvable instead.
func TestEveryKeyAgainstAKnownSolution(t *testing.T) {
	sol := digits(classicSolution)
	rng := rand.New(rand.NewPCG(9, 9))
	n := 9
	scratch := &builder{n: n, p: &variant.Puzzle{Size: n}, regionOf: make([]int, 81), counts: map[string]int{}}
	h, w := variant.BoxShape(n)
	for c := range scratch.regionOf {
		scratch.regionOf[c] = c/n/h*(n/w) + c%n/w
	}
	satisfied := func(k variant.Constraint) bool { return !k.Broken(sol) }
	extra := map[string]any{}
	lineLens := map[string]int{"thermometer": 3, "slowthermometer": 3, "palindrome": 3, "whispers": 3, "betweenline": 3,
		"doublearrow": 3, "zipperline": 3, "modularline": 4, "nabner": 3, "renban": 3, "entropicline": 4, "regionsumline": 4}
	for key, k := range lineLens {
		var lines [][]string
		for len(lines) < 2 {
			cs := walk(rng, n, k)
			scratch.p.Constraints = nil
			lineRules[key].make(scratch, cs)
			if satisfied(scratch.p.Constraints[len(scratch.p.Constraints)-1]) {
				lines = append(lines, names9(cs))
			}
		}
		extra[key] = []any{map[string]any{"lines": lines}}
	}
	find := func(k int, ok func(cs []int) bool) []int {
		for {
			if cs := walk(rng, n, k); ok(cs) {
				return cs
			}
		}
	}
	sum := func(cs []int) int {
		t := 0
		for _, c := range cs {
			t += sol[c]
		}
		return t
	}
	cage := find(3, func(cs []int) bool { return !variant.NewCage("", n, cs, sum(cs), true).Broken(sol) })
	extra["killercage"] = []any{map[string]any{"cells": names9(cage), "value": fmt.Sprint(sum(cage))},
		map[string]any{"cells": names9(find(2, func(cs []int) bool { return sol[cs[0]] != sol[cs[1]] }))}}
	arrow := find(3, func(cs []int) bool { return sol[cs[0]] == sol[cs[1]]+sol[cs[2]] })
	extra["arrow"] = []any{map[string]any{"cells": names9(arrow[:1]), "lines": [][]string{names9(arrow)}}}
	pill := find(4, func(cs []int) bool {
		return cs[1] > cs[0] && 10*sol[cs[0]]+sol[cs[1]] == sol[cs[2]]+sol[cs[3]]
	})
	extra["arrow"] = append(extra["arrow"].([]any), map[string]any{"cells": names9(pill[:2]), "lines": [][]string{names9(pill[1:])}})
	// Little killers from above the grid going down-right, and from the
	// right going up-left.
	lk1 := []int{}
	for i := 1; i < 9; i++ {
		lk1 = append(lk1, (i-1)*9+i)
	}
	lk2 := []int{}
	for r, c := 8, 7; r >= 0 && c >= 0; r, c = r-1, c-1 {
		lk2 = append(lk2, r*9+c)
	}
	extra["littlekillersum"] = []any{
		map[string]any{"cell": "R0C1", "direction": "DR", "value": fmt.Sprint(sum(lk1))},
		map[string]any{"cell": "R10C9", "direction": "UL", "value": fmt.Sprint(sum(lk2))},
	}
	// Dots on every pair of neighbours they fit, so that the negative
	// constraints and nonconsecutive hold.
	var diff, ratio, xv []any
	for c := 0; c < 81; c++ {
		for _, o := range []int{c + 1, c + 9} {
			if o >= 81 || o == c+1 && o/9 != c/9 {
				continue
			}
			x, y := sol[c], sol[o]
			cells := []string{rc(9, c), rc(9, o)}
			if x-y == 1 || y-x == 1 {
				diff = append(diff, map[string]any{"cells": cells})
			}
			if x == 2*y || y == 2*x {
				ratio = append(ratio, map[string]any{"cells": cells})
			}
			if x == 3*y || y == 3*x {
				ratio = append(ratio, map[string]any{"cells": cells, "value": "3"})
			}
			if x+y == 10 {
				xv = append(xv, map[string]any{"cells": cells, "value": "X"})
			}
			if x+y == 5 {
				xv = append(xv, map[string]any{"cells": cells, "value": "V"})
			}
		}
	}
	extra["difference"], extra["ratio"], extra["xv"] = diff, ratio, xv
	extra["negative"] = []string{"ratio", "xv"}
	extra["nonconsecutive"] = true
	// Outside clues computed from the solution.
	col := func(c int) []int { return []int{c, 9 + c, 18 + c, 27 + c, 36 + c, 45 + c, 54 + c, 63 + c, 72 + c} }
	row := func(r int) []int {
		return []int{r * 9, r*9 + 1, r*9 + 2, r*9 + 3, r*9 + 4, r*9 + 5, r*9 + 6, r*9 + 7, r*9 + 8}
	}
	sandwich := func(cs []int) int {
		i := slices.IndexFunc(cs, func(c int) bool { return sol[c] == 1 })
		j := slices.IndexFunc(cs, func(c int) bool { return sol[c] == 9 })
		return sum(cs[min(i, j)+1 : max(i, j)])
	}
	xsum := func(cs []int) int { return sum(cs[:sol[cs[0]]]) }
	sky := func(cs []int) int {
		seen, top := 0, 0
		for _, c := range cs {
			if sol[c] > top {
				seen, top = seen+1, sol[c]
			}
		}
		return seen
	}
	rev := func(cs []int) []int { cs = slices.Clone(cs); slices.Reverse(cs); return cs }
	extra["sandwichsum"] = []any{map[string]any{"cell": "R0C3", "value": fmt.Sprint(sandwich(col(2)))},
		map[string]any{"cell": "R3C0", "value": fmt.Sprint(sandwich(row(2)))}}
	extra["xsum"] = []any{map[string]any{"cell": "R10C2", "value": fmt.Sprint(xsum(rev(col(1))))},
		map[string]any{"cell": "R4C10", "value": fmt.Sprint(xsum(rev(row(3))))}}
	extra["skyscraper"] = []any{map[string]any{"cell": "R0C5", "value": fmt.Sprint(sky(col(4)))},
		map[string]any{"cell": "R7C0", "value": fmt.Sprint(sky(row(6)))}}
	// Cells.
	quad := []int{30, 31, 39, 40}
	extra["quadruple"] = []any{map[string]any{"cells": names9(quad), "values": []int{sol[30], sol[40]}}}
	extra["clone"] = []any{map[string]any{"cells": names9([]int{0}), "cloneCells": names9([]int{slices.IndexFunc(sol[1:], func(d int) bool { return d == sol[0] }) + 1})}}
	var odd, even, minimum, maximum []any
	for c := 0; c < 81; c++ {
		if c%7 == 0 {
			if sol[c]%2 == 1 {
				odd = append(odd, map[string]any{"cell": rc(9, c)})
			} else {
				even = append(even, map[string]any{"cell": rc(9, c)})
			}
		}
		smaller, larger := true, true
		for _, o := range []int{c - 1, c + 1, c - 9, c + 9} {
			if o < 0 || o >= 81 || (o == c-1 || o == c+1) && o/9 != c/9 {
				continue
			}
			smaller = smaller && sol[c] < sol[o]
			larger = larger && sol[c] > sol[o]
		}
		if smaller {
			minimum = append(minimum, map[string]any{"cell": rc(9, c)})
		}
		if larger {
			maximum = append(maximum, map[string]any{"cell": rc(9, c)})
		}
	}
	extra["odd"], extra["even"], extra["minimum"], extra["maximum"] = odd, even, minimum, maximum
	extra["extraregion"] = []any{map[string]any{"cells": names9(find(4, func(cs []int) bool { return !variant.NewRenban(9, cs).Broken(sol) || distinct(sol, cs) }))}}

	link := "https://f-puzzles.com/?load=" + lzstring.CompressToBase64(fpJSON(t, 9, classic, extra))
	p, info, err := Read(link)
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"killer cage", "thermometer", "arrow", "little killer", "white dot", "black dot",
		"X", "V", "negative", "nonconsecutive", "sandwich", "X-sum", "skyscraper", "quadruple", "clone", "odd", "even",
		"minimum", "maximum", "extra region", "palindrome", "whispers", "between", "double arrow", "zipper", "modular",
		"nabner", "renban", "entropic", "region sum", "slow thermometer"} {
		if !strings.Contains(strings.Join(info.Read, ", "), want) {
			t.Errorf("the rules read (%v) name no %s", info.Read, want)
		}
	}
	res, err := variant.Solve(context.Background(), p, 2)
	if err != nil {
		t.Fatal(err)
	}
	if res.Status != variant.Unique || !equal(res.Solutions[0], sol) {
		t.Fatalf("status %v, want the classic solution alone", res.Status)
	}
	// Global rules the solution breaks make the puzzle unsolvable; the
	// solution's own diagonals decide.
	for _, g := range []string{"antiknight", "antiking", "diagonal+", "diagonal-", "disjointgroups"} {
		extra := map[string]any{g: true}
		p, _, err := Read("https://f-puzzles.com/?load=" + lzstring.CompressToBase64(fpJSON(t, 9, classic, extra)))
		if err != nil {
			t.Fatal(err)
		}
		res, err := variant.Solve(context.Background(), p, 2)
		if err != nil {
			t.Fatal(err)
		}
		broken, _ := variant.Check(p, sol)
		if want := len(broken) == 0; (res.Status == variant.Unique) != want {
			t.Errorf("%s: status %v, but the solution breaks %d rules of it", g, res.Status, len(broken))
		}
	}
}

func distinct(sol, cs []int) bool {
	seen := map[int]bool{}
	for _, c := range cs {
		if seen[sol[c]] {
			return false
		}
		seen[sol[c]] = true
	}
	return true
}
