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

// TestDecideKeepsKindsOfTheReadingKept: the kinds of the reading kept are
// its own, not those of a reading the search kept for a while before. The
// rules first empty r3c3 (its 8, written by hand, clashes with an 8 read
// in r3c6: the grid then has several solutions, better than a clash), then
// find that r3c6 is empty instead (one solution); r3c3 keeps its 8, and
// must keep its kind, filled in, too.
func TestDecideKeepsKindsOfTheReadingKept(t *testing.T) {
	const puzzle = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
	const x, w = 20, 23 // r3c3 holds the 8 of the puzzle; r3c6 is empty
	var probs [81]cellProbs
	for i := range 81 {
		d := 0
		if puzzle[i] != '.' {
			d = int(puzzle[i] - '0')
		}
		probs[i].class[d] = 1
		probs[i].filled = 0.95 // every digit written by hand
	}
	probs[x].class = [numClasses]float64{0: 0.45, 8: 0.55} // the cheaper change: empty r3c3
	probs[w].class = [numClasses]float64{0: 0.4, 8: 0.6}   // the right one: empty r3c6
	r, err := decide(t.Context(), Quad{}, &probs)
	if err != nil {
		t.Fatal(err)
	}
	if got := r.Line(); got != puzzle {
		t.Fatalf("read %s\nwant %s", got, puzzle)
	}
	for i := range 81 {
		want := Empty
		if puzzle[i] != '.' {
			want = Filled
		}
		if r.Kinds[i] != want {
			t.Errorf("r%dc%d read %v, want %v", i/9+1, i%9+1, r.Kinds[i], want)
		}
	}
}
