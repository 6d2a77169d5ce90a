package vision

import (
	"fmt"
	"slices"
	"testing"
)

// TestCheapestSetsOrder: every non-empty set of the alternatives comes
// once, in order of total cost.
func TestCheapestSetsOrder(t *testing.T) {
	alts := []change{{0, 1, 0.1}, {1, 2, 0.15}, {2, 3, 0.4}, {3, 4, 0.41}, {4, 5, 1.2}}
	seen := map[string]bool{}
	prev := -1.0
	s := cheapestSets(alts)
	for {
		set, cost, ok := s.next()
		if !ok {
			break
		}
		sum := 0.0
		for _, k := range set {
			sum += alts[k].cost
		}
		if d := sum - cost; d > 1e-9 || d < -1e-9 {
			t.Errorf("set %v: cost %v, its changes sum to %v", set, cost, sum)
		}
		if cost < prev-1e-9 {
			t.Errorf("set %v of cost %v after one of %v", set, cost, prev)
		}
		prev = cost
		if !slices.IsSorted(set) {
			t.Errorf("set %v not in order", set)
		}
		key := fmt.Sprint(set)
		if seen[key] {
			t.Errorf("set %v twice", set)
		}
		seen[key] = true
	}
	if len(seen) != 1<<len(alts)-1 {
		t.Errorf("%d sets, want %d", len(seen), 1<<len(alts)-1)
	}
}

// TestDecideFixesSeveralMisreadings: four cells of a puzzle read with their
// second most likely digit on top are put right by the rules, which a
// search of one or two changes could not do.
func TestDecideFixesSeveralMisreadings(t *testing.T) {
	const puzzle = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
	wrong := map[int]int{0: 3, 4: 1, 13: 7, 41: 2} // cell: the digit read on top
	var probs [81]cellProbs
	for i := range 81 {
		d := 0
		if puzzle[i] != '.' {
			d = int(puzzle[i] - '0')
		}
		if w, ok := wrong[i]; ok {
			probs[i].class[w] = 0.5
			probs[i].class[d] = 0.3
			probs[i].class[(d+4)%9+1] = 0.2
			continue
		}
		probs[i].class[d] = 0.98
		probs[i].class[(d+1)%9+1] = 0.02
	}
	r, err := decide(t.Context(), Quad{}, &probs)
	if err != nil {
		t.Fatal(err)
	}
	if got := r.Line(); got != puzzle {
		t.Errorf("read %s\nwant %s", got, puzzle)
	}
	if len(r.Corrected) != len(wrong) {
		t.Errorf("corrected %v, want the %d misread cells", r.Corrected, len(wrong))
	}
}
