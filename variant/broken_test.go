package variant

import (
	"errors"
	"testing"
)

// TestBroken checks each rule against a right and a wrong filling of its
// cells (cells not named hold 1): the right one passes, the wrong one is
// rejected.
func TestBroken(t *testing.T) {
	tests := []struct {
		name        string
		size        int
		k           Constraint
		good, wrong map[int]int
	}{
		{"killer cage", 9, NewCage("killer cage", 9, []int{2, 3}, 10, true), map[int]int{2: 3, 3: 7}, map[int]int{2: 3, 3: 8}},
		{"killer cage repeat", 9, NewCage("killer cage", 9, []int{2, 3}, 10, true), map[int]int{2: 4, 3: 6}, map[int]int{2: 5, 3: 5}},
		{"white dot", 9, NewPair("kropki white dot", 9, 2, 3, DifferBy(1)), map[int]int{2: 4, 3: 5}, map[int]int{2: 4, 3: 6}},
		{"black dot", 9, NewPair("kropki black dot", 9, 2, 3, RatioOf(2)), map[int]int{2: 8, 3: 4}, map[int]int{2: 8, 3: 3}},
		{"X", 9, NewPair("X", 9, 2, 3, SumTo(10)), map[int]int{2: 8, 3: 2}, map[int]int{2: 8, 3: 3}},
		{"anti-knight", 9, NewPair("anti-knight", 9, 2, 13, Differ), map[int]int{2: 8, 13: 2}, map[int]int{2: 8, 13: 8}},
		{"thermometer", 9, NewThermo(9, []int{2, 3, 4}), map[int]int{2: 2, 3: 5, 4: 9}, map[int]int{2: 2, 3: 5, 4: 5}},
		{"slow thermometer", 9, NewSlowThermo(9, []int{2, 3, 4}), map[int]int{2: 2, 3: 5, 4: 5}, map[int]int{2: 2, 3: 5, 4: 4}},
		{"whispers", 9, NewWhispers(9, []int{2, 3}), map[int]int{2: 2, 3: 7}, map[int]int{2: 2, 3: 6}},
		{"palindrome", 9, NewPalindrome(9, []int{2, 3, 4}), map[int]int{2: 2, 3: 7, 4: 2}, map[int]int{2: 2, 3: 7, 4: 3}},
		{"clone", 9, NewClone(9, []int{2, 3}, []int{20, 21}), map[int]int{2: 2, 3: 7, 20: 2, 21: 7}, map[int]int{2: 2, 3: 7, 20: 2, 21: 6}},
		{"nabner", 9, NewNabner(9, []int{2, 3, 4}), map[int]int{2: 2, 3: 4, 4: 9}, map[int]int{2: 2, 3: 4, 4: 5}},
		{"between", 9, NewBetween(9, []int{2, 3, 4}), map[int]int{2: 2, 3: 4, 4: 9}, map[int]int{2: 2, 3: 9, 4: 9}},
		{"renban", 9, NewRenban(9, []int{2, 3, 4}), map[int]int{2: 4, 3: 3, 4: 5}, map[int]int{2: 4, 3: 3, 4: 6}},
		{"entropic", 9, NewEntropic(9, []int{2, 3, 4, 5}), map[int]int{2: 1, 3: 4, 4: 7, 5: 2}, map[int]int{2: 1, 3: 4, 4: 7, 5: 8}},
		{"modular", 9, NewModular(9, []int{2, 3, 4}), map[int]int{2: 1, 3: 2, 4: 3}, map[int]int{2: 1, 3: 2, 4: 4}},
		{"zipper", 9, NewZipper(9, []int{2, 3, 4}), map[int]int{2: 1, 3: 5, 4: 4}, map[int]int{2: 1, 3: 5, 4: 3}},
		{"even zipper", 9, NewZipper(9, []int{2, 3, 4, 5}), map[int]int{2: 1, 3: 5, 4: 2, 5: 6}, map[int]int{2: 1, 3: 5, 4: 2, 5: 7}},
		{"arrow", 9, NewArrow(9, []int{2}, []int{3, 4}), map[int]int{2: 9, 3: 5, 4: 4}, map[int]int{2: 9, 3: 5, 4: 3}},
		{"pill arrow", 9, NewArrow(9, []int{2, 3}, []int{4, 5}), map[int]int{2: 1, 3: 2, 4: 5, 5: 7}, map[int]int{2: 2, 3: 1, 4: 5, 5: 7}},
		{"little killer", 9, NewLittleKiller(9, []int{2, 12}, 9), map[int]int{2: 4, 12: 5}, map[int]int{2: 4, 12: 4}},
		{"double arrow", 9, NewDoubleArrow(9, []int{2, 3, 4}), map[int]int{2: 4, 3: 9, 4: 5}, map[int]int{2: 4, 3: 8, 4: 5}},
		{"region sum", 9, NewRegionSum(9, [][]int{{2}, {3, 4}}), map[int]int{2: 9, 3: 4, 4: 5}, map[int]int{2: 9, 3: 4, 4: 6}},
		{"sandwich", 4, NewSandwich(4, []int{0, 1, 2, 3}, 2), map[int]int{0: 1, 1: 2, 2: 4, 3: 3}, map[int]int{0: 1, 1: 3, 2: 4, 3: 2}},
		{"X-sum", 4, NewXSum(4, []int{0, 1, 2, 3}, 6), map[int]int{0: 2, 1: 4, 2: 1, 3: 3}, map[int]int{0: 2, 1: 3, 2: 1, 3: 4}},
		{"skyscraper", 4, NewSkyscraper(4, []int{0, 1, 2, 3}, 2), map[int]int{0: 2, 1: 4, 2: 1, 3: 3}, map[int]int{0: 2, 1: 3, 2: 1, 3: 4}},
		{"quadruple", 9, NewQuadruple(9, []int{0, 1, 9, 10}, []int{3, 3}), map[int]int{0: 3, 1: 1, 9: 2, 10: 3}, map[int]int{0: 3, 1: 1, 9: 2, 10: 4}},
		{"odd", 9, NewMask("odd", 9, 5, Odd), map[int]int{5: 7}, map[int]int{5: 8}},
		{"Dutch whispers", 9, NewWhispersGap(9, 4, []int{2, 3}), map[int]int{2: 2, 3: 6}, map[int]int{2: 2, 3: 5}},
		{"lockout ends too close", 9, NewLockout(9, []int{2, 3, 4}, 4), map[int]int{2: 2, 3: 8, 4: 6}, map[int]int{2: 3, 3: 8, 4: 6}},
		{"lockout middle inside", 9, NewLockout(9, []int{2, 3, 4}, 4), map[int]int{2: 2, 3: 9, 4: 6}, map[int]int{2: 2, 3: 6, 4: 6}},
		{"row indexer", 4, mustIndexer(t, "row indexer", 4, []int{1}, [][]int{{1, 5, 9, 13}}), map[int]int{1: 3, 9: 1}, map[int]int{1: 3, 9: 2}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			fill := func(m map[int]int) []int {
				vals := make([]int, tt.size*tt.size)
				for i := range vals {
					vals[i] = 1
				}
				for c, v := range m {
					vals[c] = v
				}
				return vals
			}
			if tt.k.Broken(fill(tt.good)) {
				t.Errorf("%s rejects the right digits %v", tt.k, tt.good)
			}
			if !tt.k.Broken(fill(tt.wrong)) {
				t.Errorf("%s accepts the wrong digits %v", tt.k, tt.wrong)
			}
		})
	}
}

func mustIndexer(tb testing.TB, kind string, size int, index []int, lines [][]int) *Indexer {
	tb.Helper()
	x, err := NewIndexer(kind, size, index, lines)
	if err != nil {
		tb.Fatal(err)
	}
	return x
}

func TestIndexerErrors(t *testing.T) {
	if _, err := NewIndexer("row indexer", 4, []int{0}, [][]int{{4, 8, 12, 1}}); !errors.Is(err, ErrCell) {
		t.Errorf("a cell outside its line: %v, want ErrCell", err)
	}
	if _, err := NewIndexer("row indexer", 4, []int{0}, [][]int{{0, 4}}); !errors.Is(err, ErrRegion) {
		t.Errorf("a line of 2 cells on 4×4: %v, want ErrRegion", err)
	}
}
