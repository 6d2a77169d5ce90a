package variant

import (
	"slices"
	"testing"
)

// state returns a state of the given size with every cell full except the
// ones set in cands (cell -> candidates).
func state(size int, cands map[int]Digits) *State {
	s := &State{size: size, cand: make([]Digits, size*size), inQ: make([]bool, size*size)}
	for i := range s.cand {
		s.cand[i] = Range(1, size)
		if m, ok := cands[i]; ok {
			s.cand[i] = m
		}
	}
	return s
}

// TestPrune checks each constraint's pruning on small hand-worked cases:
// the candidates left in the cells named, or a contradiction.
func TestPrune(t *testing.T) {
	ds := DigitSet
	tests := []struct {
		name  string
		size  int
		cands map[int]Digits
		k     Constraint
		want  map[int]Digits // nil: a contradiction
	}{
		{"cage of 3 in two cells", 9, nil, NewCage("killer cage", 9, []int{0, 1}, 3, true),
			map[int]Digits{0: ds(1, 2), 1: ds(1, 2)}},
		{"cage of 24 in three cells", 9, nil, NewCage("killer cage", 9, []int{0, 1, 2}, 24, true),
			map[int]Digits{0: ds(7, 8, 9), 1: ds(7, 8, 9), 2: ds(7, 8, 9)}},
		{"cage of 10 with a 1 placed", 9, map[int]Digits{0: ds(1)}, NewCage("killer cage", 9, []int{0, 1, 2}, 10, true),
			map[int]Digits{0: ds(1), 1: ds(2, 3, 4, 5, 6, 7), 2: ds(2, 3, 4, 5, 6, 7)}},
		{"cage of 4 in two cells: 1+3 only", 9, nil, NewCage("killer cage", 9, []int{0, 1}, 4, true),
			map[int]Digits{0: ds(1, 3), 1: ds(1, 3)}},
		{"cage sum too big", 4, nil, NewCage("killer cage", 4, []int{0, 1}, 8, true), nil},
		{"white dot from a 1", 9, map[int]Digits{0: ds(1)}, NewPair("kropki white dot", 9, 0, 1, DifferBy(1)),
			map[int]Digits{1: ds(2)}},
		{"black dot from a 3", 9, map[int]Digits{0: ds(3)}, NewPair("kropki black dot", 9, 0, 1, RatioOf(2)),
			map[int]Digits{1: ds(6)}},
		{"black dot on full cells", 9, nil, NewPair("kropki black dot", 9, 0, 1, RatioOf(2)),
			map[int]Digits{0: ds(1, 2, 3, 4, 6, 8), 1: ds(1, 2, 3, 4, 6, 8)}},
		{"X from a 3", 9, map[int]Digits{0: ds(3)}, NewPair("X", 9, 0, 1, SumTo(10)), map[int]Digits{1: ds(7)}},
		{"V against a 4", 9, map[int]Digits{1: ds(4)}, NewPair("V", 9, 0, 1, SumTo(5)), map[int]Digits{0: ds(1)}},
		{"negative V", 9, map[int]Digits{0: ds(2)}, NewPair("no V", 9, 0, 1, Not(SumTo(5))),
			map[int]Digits{1: Range(1, 9) &^ ds(3)}},
		{"anti-knight", 4, map[int]Digits{0: ds(2)}, NewPair("anti-knight", 4, 0, 6, Differ),
			map[int]Digits{6: ds(1, 3, 4)}},
		{"thermometer", 9, nil, NewThermo(9, []int{0, 1, 2}),
			map[int]Digits{0: Range(1, 7), 1: Range(2, 8), 2: Range(3, 9)}},
		{"thermometer too long for 4", 4, nil, NewThermo(4, []int{0, 1, 2, 3, 7}), nil},
		{"slow thermometer squeezed", 9, map[int]Digits{0: ds(5), 2: ds(5)}, NewSlowThermo(9, []int{0, 1, 2}),
			map[int]Digits{1: ds(5)}},
		{"slow thermometer backwards", 9, map[int]Digits{0: ds(5), 2: ds(3)}, NewSlowThermo(9, []int{0, 1, 2}), nil},
		{"whispers lose 5", 9, nil, NewWhispers(9, []int{0, 1}),
			map[int]Digits{0: Range(1, 9) &^ ds(5), 1: Range(1, 9) &^ ds(5)}},
		{"whispers from a 4", 9, map[int]Digits{0: ds(4)}, NewWhispers(9, []int{0, 1}), map[int]Digits{1: ds(9)}},
		{"Dutch whispers from a 5", 9, map[int]Digits{0: ds(5)}, NewWhispersGap(9, 4, []int{0, 1}), map[int]Digits{1: ds(1, 9)}},
		{"lockout from a 2", 9, map[int]Digits{0: ds(2)}, NewLockout(9, []int{0, 1, 2}, 4),
			map[int]Digits{2: Range(6, 9), 1: ds(1) | Range(7, 9)}},
		{"lockout with no room outside", 4, map[int]Digits{0: ds(1), 2: ds(4)}, NewLockout(4, []int{0, 1, 2}, 2), nil},
		{"row indexer points a 3 at r3c2", 4, map[int]Digits{1: ds(3)}, mustIndexer(t, "row indexer", 4, []int{1}, [][]int{{1, 5, 9, 13}}),
			map[int]Digits{9: ds(1)}},
		{"row indexer cannot point at a cell without its row", 4, map[int]Digits{9: ds(2, 3), 13: ds(2)}, mustIndexer(t, "row indexer", 4, []int{1}, [][]int{{1, 5, 9, 13}}),
			map[int]Digits{1: ds(1, 2)}},
		{"skyscraper of 4 on 4×4: 1 2 3 4", 4, nil, NewSkyscraper(4, []int{0, 1, 2, 3}, 4),
			map[int]Digits{0: ds(1), 1: ds(2), 2: ds(3), 3: ds(4)}},
		{"skyscraper of 2 with the 4 in the second cell", 4, map[int]Digits{1: ds(4)}, NewSkyscraper(4, []int{0, 1, 2, 3}, 2),
			map[int]Digits{0: ds(1, 2, 3), 2: ds(1, 2, 3), 3: ds(1, 2, 3)}},
		{"skyscraper of 3 seeing a 4 first", 4, map[int]Digits{0: ds(4)}, NewSkyscraper(4, []int{0, 1, 2, 3}, 3), nil},
		{"palindrome", 9, map[int]Digits{0: ds(1, 2), 2: ds(2, 3)}, NewPalindrome(9, []int{0, 1, 2}),
			map[int]Digits{0: ds(2), 2: ds(2)}},
		{"clone", 9, map[int]Digits{0: ds(4, 5), 10: ds(5, 6)}, NewClone(9, []int{0}, []int{10}),
			map[int]Digits{0: ds(5), 10: ds(5)}},
		{"between 1 and 5", 9, map[int]Digits{0: ds(1), 3: ds(5)}, NewBetween(9, []int{0, 1, 2, 3}),
			map[int]Digits{1: ds(2, 3, 4), 2: ds(2, 3, 4)}},
		{"between ends too close", 9, map[int]Digits{0: ds(4, 5), 2: ds(5, 6)}, NewBetween(9, []int{0, 1, 2}),
			map[int]Digits{0: ds(4), 1: ds(5), 2: ds(6)}},
		{"renban around a 1", 9, map[int]Digits{0: ds(1)}, NewRenban(9, []int{0, 1, 2}),
			map[int]Digits{1: ds(1, 2, 3), 2: ds(1, 2, 3)}},
		{"renban with a 9 and a 1", 9, map[int]Digits{0: ds(1), 1: ds(9)}, NewRenban(9, []int{0, 1, 2}), nil},
		{"entropic", 9, map[int]Digits{0: ds(1), 1: ds(2, 4)}, NewEntropic(9, []int{0, 1, 2}),
			map[int]Digits{1: ds(4), 2: ds(7, 8, 9)}},
		{"modular", 9, map[int]Digits{0: ds(3), 1: ds(6, 4)}, NewModular(9, []int{0, 1, 2}),
			map[int]Digits{1: ds(4), 2: ds(2, 5, 8)}},
		{"zipper of odd length", 9, map[int]Digits{1: ds(3)}, NewZipper(9, []int{0, 1, 2}),
			map[int]Digits{0: ds(1, 2), 2: ds(1, 2)}},
		{"zipper of even length", 9, map[int]Digits{0: ds(1), 3: ds(2), 1: ds(1, 2, 9)}, NewZipper(9, []int{0, 1, 2, 3}),
			map[int]Digits{1: ds(1, 2), 2: ds(1, 2)}},
		{"arrow to a 3", 9, map[int]Digits{0: ds(3)}, NewArrow(9, []int{0}, []int{1, 2}),
			map[int]Digits{1: ds(1, 2), 2: ds(1, 2)}},
		{"arrow to a pill", 9, map[int]Digits{0: ds(1)}, NewArrow(9, []int{0, 1}, []int{2, 3}),
			map[int]Digits{1: Range(1, 8), 2: Range(2, 9), 3: Range(2, 9)}},
		{"little killer of 17", 9, nil, NewLittleKiller(9, []int{0, 10}, 17),
			map[int]Digits{0: ds(8, 9), 10: ds(8, 9)}},
		{"double arrow", 9, map[int]Digits{0: ds(1), 2: ds(2)}, NewDoubleArrow(9, []int{0, 1, 2}),
			map[int]Digits{1: ds(3)}},
		{"region sum", 9, map[int]Digits{0: ds(3)}, NewRegionSum(9, [][]int{{0}, {3, 4}}),
			map[int]Digits{3: ds(1, 2), 4: ds(1, 2)}},
		{"sandwich of 0 in a 4×4 row", 4, map[int]Digits{0: ds(1), 1: ds(2, 3, 4), 2: ds(2, 3, 4), 3: ds(2, 3, 4)},
			NewSandwich(4, []int{0, 1, 2, 3}, 0), map[int]Digits{0: ds(1), 1: ds(2, 3, 4), 2: ds(2, 3), 3: ds(2, 3)}},
		{"sandwich of 5 in a 4×4 row", 4, map[int]Digits{0: ds(1)}, NewSandwich(4, []int{0, 1, 2, 3}, 5),
			map[int]Digits{3: ds(2, 3, 4)}},
		{"X-sum of 10 in a 4×4 row", 4, nil, NewXSum(4, []int{0, 1, 2, 3}, 10), map[int]Digits{0: ds(3, 4)}},
		{"skyscraper of 1", 4, nil, NewSkyscraper(4, []int{0, 1, 2, 3}, 1), map[int]Digits{0: ds(4)}},
		{"skyscraper of 3", 4, nil, NewSkyscraper(4, []int{0, 1, 2, 3}, 3), map[int]Digits{0: ds(1, 2)}},
		{"quadruple of four digits", 9, nil, NewQuadruple(9, []int{0, 1, 9, 10}, []int{1, 2, 3, 4}),
			map[int]Digits{0: Range(1, 4), 1: Range(1, 4), 9: Range(1, 4), 10: Range(1, 4)}},
		{"quadruple with no room", 9, map[int]Digits{0: ds(5), 1: ds(5), 9: ds(5)}, NewQuadruple(9, []int{0, 1, 9, 10}, []int{1, 1}), nil},
		{"odd", 9, nil, NewMask("odd", 9, 4, Odd), map[int]Digits{4: ds(1, 3, 5, 7, 9)}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := state(tt.size, tt.cands)
			ok := tt.k.Prune(s)
			if tt.want == nil {
				if ok {
					t.Fatalf("%s: no contradiction found", tt.k)
				}
				return
			}
			if !ok {
				t.Fatalf("%s: contradiction", tt.k)
			}
			for c, want := range tt.want {
				if got := s.Cand(c); got != want {
					t.Errorf("%s: %s = %v, want %v", tt.k, CellName(tt.size, c), got, want)
				}
			}
		})
	}
}

// TestSumSets holds the digit sets of a cage to every mask of the right
// count and sum, on every size, count and sum.
func TestSumSets(t *testing.T) {
	for _, size := range []int{4, 6, 9, 12, 16} {
		top := size * (size + 1) / 2
		want := make([][][]Digits, size+1) // by count, then sum, in increasing order
		for k := range want {
			want[k] = make([][]Digits, top+2)
		}
		for m := Digits(0); m < 1<<size; m++ {
			want[m.Count()][digitSum(m)] = append(want[m.Count()][digitSum(m)], m)
		}
		for k := 0; k <= size; k++ {
			for sum := 0; sum <= top+1; sum++ {
				if got := sumSets(size, k, sum); !slices.Equal(got, want[k][sum]) {
					t.Fatalf("size %d, %d digits adding to %d: %v, want %v", size, k, sum, got, want[k][sum])
				}
			}
		}
	}
}
