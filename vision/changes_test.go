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

// TestDecideFillsTheLastGaps: on a grid filled in to the end but for a
// cell or two whose faint digit the model took for pencil marks, the
// cells with ink in them take the solution's digits, filled in; not a
// cell without ink, nor one whose ink has the shape of pencil marks, nor
// more than maxGaps of them.
func TestDecideFillsTheLastGaps(t *testing.T) {
	const solution = "534678912672195348198342567859761423426853791713924856961537284287419635345286179"
	read := func(gaps []int, inked float64, marks bool) *Reading {
		t.Helper()
		var probs [81]cellProbs
		for i := range 81 {
			probs[i].class[solution[i]-'0'] = 1
			probs[i].filled = 0.95
			probs[i].inked = 0.2
		}
		for _, i := range gaps {
			d := solution[i] - '0'
			probs[i].class = [numClasses]float64{}
			probs[i].class[classMarks], probs[i].class[d] = 0.55, 0.45
			probs[i].inked, probs[i].marks = inked, marks
		}
		r, err := decide(t.Context(), Quad{}, &probs)
		if err != nil {
			t.Fatal(err)
		}
		return r
	}
	r := read([]int{10, 40}, 0.05, false)
	if got := r.Line(); got != solution || r.Kinds[10] != Filled || r.Kinds[40] != Filled {
		t.Errorf("two faint digits: read %s, kinds %v and %v", got, r.Kinds[10], r.Kinds[40])
	}
	if len(r.Corrected) != 2 || len(r.Uncertain) != 2 {
		t.Errorf("two faint digits: corrected %v, uncertain %v, want both cells", r.Corrected, r.Uncertain)
	}
	for name, c := range map[string]struct {
		gaps  []int
		inked float64
		marks bool
	}{
		"no ink":            {[]int{10}, 0, false},
		"shaped as marks":   {[]int{10}, 0.05, true},
		"more than maxGaps": {[]int{10, 20, 30, 40}, 0.05, false},
	} {
		r := read(c.gaps, c.inked, c.marks)
		if got := r.Line(); got[10] != '.' {
			t.Errorf("%s: read %s, r2c2 filled", name, got)
		}
	}
}
