package variant

import (
	"context"
	"errors"
	"testing"
)

// A puzzle beyond a limit is refused with a LimitError naming it; one at
// the limit is taken.
func TestLimits(t *testing.T) {
	n := 9
	pairs := func(k int) []Constraint {
		out := make([]Constraint, k)
		for i := range out {
			out[i] = NewPair("anti-knight", n, 0, 11, Differ)
		}
		return out
	}
	groups := func(k int) []Group {
		out := make([]Group, k)
		for i := range out {
			out[i] = Group{Name: "extra region at r1c1 r1c2", Cells: []int{0, 1}}
		}
		return out
	}
	grid := make([]int, n*n)
	tests := []struct {
		name  string
		p     Puzzle
		want  error
		where string
		got   int
	}{
		{"rules at the limit", Puzzle{Size: n, Givens: grid, Constraints: pairs(MaxRules)}, nil, "", 0},
		{"too many rules", Puzzle{Size: n, Givens: grid, Constraints: pairs(MaxRules + 1)}, ErrTooManyRules, "", MaxRules + 1},
		{"groups at the limit", Puzzle{Size: n, Givens: grid, Groups: groups(MaxGroups)}, nil, "", 0},
		{"too many groups", Puzzle{Size: n, Givens: grid, Groups: groups(MaxGroups + 1)}, ErrTooManyGroups, "", MaxGroups + 1},
		{"a cage of the whole grid", Puzzle{Size: n, Givens: grid, Constraints: []Constraint{
			NewCage("killer cage", n, seq(n*n), 405, false)}}, nil, "", 0},
		{"a cage of more cells than the grid", Puzzle{Size: n, Givens: grid, Constraints: []Constraint{
			NewCage("killer cage", n, append(seq(n*n), 0), 406, false)}}, ErrRuleTooLarge, "killer cage at r1c1", n*n + 1},
		{"a group of more cells than the grid", Puzzle{Size: n, Givens: grid, Groups: []Group{
			{Name: "extra region at r1c1 r1c2 r1c3", Cells: append(seq(n*n), 5)}}}, ErrRuleTooLarge, "extra region at r1c1 …", n*n + 1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := tt.p.Validate()
			if tt.want == nil {
				if err != nil {
					t.Fatalf("Validate: %v", err)
				}
				return
			}
			var le *LimitError
			if !errors.As(err, &le) || !errors.Is(err, tt.want) {
				t.Fatalf("Validate: %v, want a LimitError of %v", err, tt.want)
			}
			if le.Where != tt.where || le.Got != tt.got {
				t.Errorf("where %q got %d, want %q and %d (%v)", le.Where, le.Got, tt.where, tt.got, err)
			}
			if _, err := Solve(context.Background(), &tt.p, 2); !errors.Is(err, tt.want) {
				t.Errorf("Solve: %v, want %v", err, tt.want)
			}
		})
	}
}

func seq(k int) []int {
	out := make([]int, k)
	for i := range out {
		out[i] = i
	}
	return out
}

// A context that has ended stops the solve before it gives any answer,
// even for a puzzle propagation alone would settle.
func TestSolveEndedContext(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	p := &Puzzle{Size: 4, Givens: []int{1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 0}}
	res, err := Solve(ctx, p, 2)
	if !errors.Is(err, context.Canceled) || len(res.Solutions) > 0 {
		t.Fatalf("Solve = %v, %v; want the context's error and no answer", res.Status, err)
	}
	if _, err := TrueCandidates(ctx, p); !errors.Is(err, context.Canceled) {
		t.Fatalf("TrueCandidates: %v, want the context's error", err)
	}
}
