package variant

import (
	"context"
	"testing"
)

// TestChoose checks the cell the search branches on: the fewest candidates
// for the contradictions met at the cell, the first on a tie, none when
// every cell is filled.
func TestChoose(t *testing.T) {
	ds := DigitSet
	tests := []struct {
		name    string
		cands   map[int]Digits
		weights map[int]uint64
		want    int
	}{
		{"fewest candidates", map[int]Digits{3: ds(1, 2, 3), 5: ds(1, 2)}, nil, 5},
		{"the first of a tie", map[int]Digits{3: ds(1, 2), 5: ds(3, 4)}, nil, 3},
		{"more contradictions outweigh a candidate", map[int]Digits{3: ds(1, 2), 5: ds(1, 2, 3)},
			map[int]uint64{5: 2}, 5},
		{"not enough contradictions", map[int]Digits{3: ds(1, 2), 5: ds(1, 2, 3, 4)},
			map[int]uint64{5: 2}, 3},
		{"every cell filled", map[int]Digits{}, nil, -1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			e, err := compile(context.Background(), &Puzzle{Size: 4, Givens: make([]int, 16)})
			if err != nil {
				t.Fatal(err)
			}
			s := state(4, nil)
			for i := range s.cand {
				s.cand[i] = Digit(i%4 + 1)
				if m, ok := tt.cands[i]; ok {
					s.cand[i] = m
				}
			}
			for c, w := range tt.weights {
				e.weight[c] = w
			}
			sr := &searcher{e: e, ctx: context.Background(), limit: 2}
			if got := sr.choose(s); got != tt.want {
				t.Errorf("choose = %d, want %d", got, tt.want)
			}
		})
	}
}

// TestBlame checks that a contradiction counts against the cells of the
// rule that met it, and only those.
func TestBlame(t *testing.T) {
	cage := NewCage("killer cage", 4, []int{0, 1}, 8, true) // no two distinct digits of 1-4 make 8
	e, err := compile(context.Background(), &Puzzle{Size: 4, Givens: make([]int, 16), Constraints: []Constraint{cage}})
	if err != nil {
		t.Fatal(err)
	}
	if e.propagate(context.Background(), e.newState(), true) {
		t.Fatal("propagation found no contradiction")
	}
	for c, w := range e.weight {
		want := uint64(1)
		if c == 0 || c == 1 {
			want = 2
		}
		if w != want {
			t.Errorf("weight of %s = %d, want %d", CellName(4, c), w, want)
		}
	}
}

// TestLocked checks locked candidates on 9×9 (groups 0-8 are the rows,
// 9-17 the columns, 18-26 the boxes, then the puzzle's groups), from a
// group of every digit or from a cage for the digits its sum needs: the
// cells that lose a digit, and a contradiction when a cell loses its last.
func TestLocked(t *testing.T) {
	ds := DigitSet
	all := Range(1, 9)
	cage := Group{Name: "killer cage", Cells: []int{2, 3, 12}} // r1c3 r1c4 r2c4, across two boxes
	tests := []struct {
		name   string
		groups []Group
		cons   []Constraint
		group  int
		cands  map[int]Digits
		want   map[int]Digits // the cells that change; nil: a contradiction
	}{
		{"pointing: box 1's 5s in row 1", nil, nil, 18,
			map[int]Digits{2: all &^ ds(5), 9: all &^ ds(5), 10: all &^ ds(5), 11: all &^ ds(5), 18: all &^ ds(5), 19: all &^ ds(5), 20: all &^ ds(5)},
			map[int]Digits{3: all &^ ds(5), 4: all &^ ds(5), 5: all &^ ds(5), 6: all &^ ds(5), 7: all &^ ds(5), 8: all &^ ds(5)}},
		{"claiming: row 1's 7s in box 1", nil, nil, 0,
			map[int]Digits{3: all &^ ds(7), 4: all &^ ds(7), 5: all &^ ds(7), 6: all &^ ds(7), 7: all &^ ds(7), 8: all &^ ds(7)},
			map[int]Digits{9: all &^ ds(7), 10: all &^ ds(7), 11: all &^ ds(7), 18: all &^ ds(7), 19: all &^ ds(7), 20: all &^ ds(7)}},
		{"row 1's 3s in a cage", []Group{cage}, nil, 0,
			map[int]Digits{0: all &^ ds(3), 1: all &^ ds(3), 4: all &^ ds(3), 5: all &^ ds(3), 6: all &^ ds(3), 7: all &^ ds(3), 8: all &^ ds(3)},
			map[int]Digits{12: all &^ ds(3)}}, // the cage's third cell
		{"cage of 6 pointing its 1s along row 1", []Group{cage}, []Constraint{NewCage("killer cage", 9, cage.Cells, 6, true)}, 27,
			map[int]Digits{2: ds(1, 2, 3), 3: ds(1, 2, 3), 12: ds(2, 3)},
			map[int]Digits{0: all &^ ds(1), 1: all &^ ds(1), 4: all &^ ds(1), 5: all &^ ds(1), 6: all &^ ds(1), 7: all &^ ds(1), 8: all &^ ds(1)}},
		// 2+4+9 or 3+4+8: the 4 is needed, and only row 1 can hold it
		{"cage of 15 pointing the 4 it needs", []Group{cage}, []Constraint{NewCage("killer cage", 9, cage.Cells, 15, true)}, 27,
			map[int]Digits{2: ds(1, 2, 3, 4), 3: ds(1, 2, 3, 4), 12: ds(8, 9)},
			map[int]Digits{0: all &^ ds(4), 1: all &^ ds(4), 4: all &^ ds(4), 5: all &^ ds(4), 6: all &^ ds(4), 7: all &^ ds(4), 8: all &^ ds(4)}},
		{"cage of 6 whose digits all may be outside row 1: nothing", []Group{cage}, []Constraint{NewCage("killer cage", 9, cage.Cells, 6, true)}, 27,
			map[int]Digits{2: ds(1, 2, 3), 3: ds(1, 2, 3), 12: ds(1, 2, 3)},
			map[int]Digits{}},
		{"pointing empties a cell", nil, nil, 18,
			map[int]Digits{2: ds(1, 2), 9: ds(1, 2), 10: ds(3, 4), 11: ds(3, 4), 18: ds(6, 7), 19: ds(6, 7), 20: ds(8, 9), 5: ds(5)},
			nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			e, err := compile(context.Background(), &Puzzle{Size: 9, Givens: make([]int, 81), Groups: tt.groups, Constraints: tt.cons})
			if err != nil {
				t.Fatal(err)
			}
			s := state(9, tt.cands)
			checkPruned(t, s, e.locked(s, tt.group), tt.want, tt.cands)
		})
	}
}

// keepRule keeps set in its cells and counts its Prune calls.
type keepRule struct {
	cells []int
	set   Digits
	calls int
}

func (k *keepRule) Kind() string           { return "keep" }
func (k *keepRule) String() string         { return "keep" }
func (k *keepRule) Cells() []int           { return k.cells }
func (k *keepRule) Broken(vals []int) bool { return false }
func (k *keepRule) Prune(s *State) bool {
	k.calls++
	for _, c := range k.cells {
		if !s.Keep(c, k.set) {
			return false
		}
	}
	return true
}

// settlingKeep is a keepRule that says it settles.
type settlingKeep struct{ keepRule }

func (k *settlingKeep) settles() {}

// TestSettles checks that a rule that settles is not pruned again for
// what it narrowed itself, and is for what another rule narrowed after it.
func TestSettles(t *testing.T) {
	plain := &keepRule{cells: []int{0, 1}, set: DigitSet(1, 2)}
	settling := &settlingKeep{keepRule{cells: []int{0, 1}, set: DigitSet(1, 2)}}
	for _, tt := range []struct {
		name  string
		cons  []Constraint
		calls *int
		want  int
	}{
		{"a rule that does not settle is pruned again", []Constraint{plain}, &plain.calls, 2},
		{"a rule that settles is not", []Constraint{settling}, &settling.calls, 1},
	} {
		e, err := compile(context.Background(), &Puzzle{Size: 4, Givens: make([]int, 16), Constraints: tt.cons})
		if err != nil {
			t.Fatal(err)
		}
		if !e.propagate(context.Background(), e.newState(), true) {
			t.Fatalf("%s: a contradiction", tt.name)
		}
		if *tt.calls != tt.want {
			t.Errorf("%s: %d calls, want %d", tt.name, *tt.calls, tt.want)
		}
	}
	// Narrowed after it by another rule (r1c1 to a 1), it is pruned again.
	settling.calls = 0
	e, err := compile(context.Background(), &Puzzle{Size: 4, Givens: make([]int, 16), Constraints: []Constraint{
		settling, &keepRule{cells: []int{0}, set: DigitSet(1)}}})
	if err != nil {
		t.Fatal(err)
	}
	if !e.propagate(context.Background(), e.newState(), true) {
		t.Fatal("a contradiction")
	}
	if settling.calls != 2 {
		t.Errorf("narrowed by another rule: %d calls, want 2", settling.calls)
	}
}

// checkPruned checks a pruning's outcome: a contradiction when want is
// nil, else each cell's candidates as the first of want and then those
// that has it (every digit for a cell of none).
func checkPruned(t *testing.T, s *State, ok bool, want map[int]Digits, then ...map[int]Digits) {
	t.Helper()
	if want == nil {
		if ok {
			t.Fatalf("no contradiction: %v", s.cand)
		}
		return
	}
	if !ok {
		t.Fatal("a contradiction")
	}
	for c, m := range s.cand {
		w := s.Full()
		for _, from := range append([]map[int]Digits{want}, then...) {
			if d, has := from[c]; has {
				w = d
				break
			}
		}
		if m != w {
			t.Errorf("%s: %v, want %v", CellName(s.size, c), m, w)
		}
	}
}
