package sudoku

import (
	"reflect"
	"strings"
	"testing"
)

// The boards of LeetCode problem 36 (Valid Sudoku), examples 1 and 2, and of
// problem 37 (Sudoku Solver), whose example board is example 1 of problem 36.
const (
	leetcodeValid = "53..7....|6..195...|.98....6.|8...6...3|4..8.3..1|7...2...6|.6....28.|...419..5|....8..79"
	// Example 2 differs from example 1 only in its first cell: 8 for 5.
	leetcodeInvalid = "83..7....|6..195...|.98....6.|8...6...3|4..8.3..1|7...2...6|.6....28.|...419..5|....8..79"
	// The answer published with problem 37.
	leetcodeSolved = "534678912|672195348|198342567|859761423|426853791|713924856|961537284|287419635|345286179"
)

func leetcodeBoard(tb testing.TB, s string) Grid {
	tb.Helper()
	return parseLine(tb, strings.ReplaceAll(s, "|", ""))
}

func TestValidate(t *testing.T) {
	tests := []struct {
		name  string
		shape Shape
		set   [][3]int // row, col, digit (from 0 for positions)
		board string   // or a one-line board
		want  []Conflict
	}{
		{name: "leetcode 36 example 1", board: leetcodeValid},
		{name: "leetcode 37 answer", board: leetcodeSolved},
		{
			name:  "leetcode 36 example 2",
			board: leetcodeInvalid,
			want: []Conflict{
				{Unit{Column, 1}, 8, []Cell{{0, 0}, {3, 0}}},
				{Unit{Box, 1}, 8, []Cell{{0, 0}, {2, 2}}},
			},
		},
		{name: "empty 9×9", shape: Classic},
		{name: "zero grid"},
		{
			name:  "three times in a row",
			shape: Classic,
			set:   [][3]int{{4, 0, 7}, {4, 5, 7}, {4, 8, 7}},
			want:  []Conflict{{Unit{Row, 5}, 7, []Cell{{4, 0}, {4, 5}, {4, 8}}}},
		},
		{
			name:  "row, column and box, in that order",
			shape: Classic,
			set:   [][3]int{{0, 0, 1}, {0, 1, 1}, {8, 8, 2}, {6, 8, 2}, {8, 0, 3}},
			want: []Conflict{
				{Unit{Row, 1}, 1, []Cell{{0, 0}, {0, 1}}},
				{Unit{Column, 9}, 2, []Cell{{6, 8}, {8, 8}}},
				{Unit{Box, 1}, 1, []Cell{{0, 0}, {0, 1}}},
				{Unit{Box, 9}, 2, []Cell{{6, 8}, {8, 8}}},
			},
		},
		{
			name:  "6×6 box 4 is the right half of rows 3-4",
			shape: Shape{2, 3},
			set:   [][3]int{{2, 3, 6}, {3, 5, 6}},
			want:  []Conflict{{Unit{Box, 4}, 6, []Cell{{2, 3}, {3, 5}}}},
		},
		{
			name:  "25×25 last box",
			shape: Shape{5, 5},
			set:   [][3]int{{20, 20, 25}, {24, 24, 25}, {0, 0, 25}},
			want:  []Conflict{{Unit{Box, 25}, 25, []Cell{{20, 20}, {24, 24}}}},
		},
		{
			name:  "4×4 two digits in one column",
			shape: Shape{2, 2},
			set:   [][3]int{{0, 3, 4}, {3, 3, 4}, {1, 3, 2}, {2, 3, 2}},
			want: []Conflict{
				{Unit{Column, 4}, 2, []Cell{{1, 3}, {2, 3}}},
				{Unit{Column, 4}, 4, []Cell{{0, 3}, {3, 3}}},
			},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var g Grid
			if tt.board != "" {
				g = leetcodeBoard(t, tt.board)
			} else if tt.shape != (Shape{}) {
				var err error
				if g, err = New(tt.shape); err != nil {
					t.Fatal(err)
				}
				for _, s := range tt.set {
					g.Set(s[0], s[1], s[2])
				}
			}
			got := Validate(g)
			if !reflect.DeepEqual(got, tt.want) {
				t.Fatalf("Validate = %v, want %v", got, tt.want)
			}
		})
	}
}

func TestLeetCode37(t *testing.T) {
	res, err := Solve(t.Context(), leetcodeBoard(t, leetcodeValid), 0)
	if err != nil || res.Status != Unique {
		t.Fatalf("status %v err %v", res.Status, err)
	}
	if want := leetcodeBoard(t, leetcodeSolved); res.Solution != want {
		t.Fatalf("solution %s, want %s", gridLine(res.Solution), gridLine(want))
	}
}

func TestConflictString(t *testing.T) {
	c := Validate(leetcodeBoard(t, leetcodeInvalid))
	if got, want := c[1].String(), "box 1 has 8 twice: r1c1, r3c3"; got != want {
		t.Errorf("String = %q, want %q", got, want)
	}
	three := Conflict{Unit{Row, 2}, 4, []Cell{{1, 0}, {1, 1}, {1, 2}}}
	if got, want := three.String(), "row 2 has 4 3 times: r2c1, r2c2, r2c3"; got != want {
		t.Errorf("String = %q, want %q", got, want)
	}
}
