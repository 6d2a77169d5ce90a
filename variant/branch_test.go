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
			e, err := compile(&Puzzle{Size: 4, Givens: make([]int, 16)})
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
	e, err := compile(&Puzzle{Size: 4, Givens: make([]int, 16), Constraints: []Constraint{cage}})
	if err != nil {
		t.Fatal(err)
	}
	if e.propagate(e.newState(), true) {
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
