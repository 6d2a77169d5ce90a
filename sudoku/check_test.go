package sudoku

import (
	"context"
	"errors"
	"testing"
)

func TestCheck(t *testing.T) {
	p := pairs(t, "unique.csv")[0]
	puzzle, solution := p[0], p[1]
	empty := -1 // the first empty cell of the puzzle
	for i := 0; i < 81; i++ {
		if puzzle.At(i) == 0 {
			empty = i
			break
		}
	}
	right := puzzle
	right.cells[empty] = solution.cells[empty]
	// A wrong digit that breaks no rule yet.
	var wrong Grid
search:
	for i := 0; i < 81; i++ {
		for v := 1; v <= 9 && puzzle.At(i) == 0; v++ {
			wrong = puzzle
			wrong.cells[i] = uint8(v)
			if v != solution.At(i) && Validate(wrong) == nil {
				break search
			}
		}
	}
	conflict := puzzle
	conflict.cells[empty] = 0
	for v := 1; v <= 9; v++ {
		conflict.cells[empty] = uint8(v)
		if Validate(conflict) != nil {
			break
		}
	}
	empty9, _ := New(Classic)

	tests := []struct {
		name     string
		g        Grid
		status   Status
		complete bool
		isErr    error
	}{
		{"puzzle", puzzle, Unique, false, nil},
		{"one right digit", right, Unique, false, nil},
		{"one wrong digit", wrong, None, false, nil},
		{"a conflict", conflict, Invalid, false, ErrInvalidGrid},
		{"solved", solution, Unique, true, nil},
		{"empty", empty9, Multiple, false, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := Check(context.Background(), tt.g)
			if !errors.Is(err, tt.isErr) || (tt.isErr == nil && err != nil) {
				t.Fatalf("err %v, want %v", err, tt.isErr)
			}
			if got.Status != tt.status || got.Complete != tt.complete {
				t.Fatalf("status %v complete %v, want %v %v", got.Status, got.Complete, tt.status, tt.complete)
			}
			if got.Filled != tt.g.Filled() || got.Cells != 81 {
				t.Fatalf("filled %d of %d, want %d of 81", got.Filled, got.Cells, tt.g.Filled())
			}
			if (got.Status == Invalid) != (len(got.Conflicts) > 0) {
				t.Fatalf("conflicts %v with status %v", got.Conflicts, got.Status)
			}
			if got.Solvable() != (tt.status == Unique || tt.status == Multiple) {
				t.Fatalf("Solvable = %v", got.Solvable())
			}
		})
	}
}

func TestCheckDeadline(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	got, err := Check(ctx, pairs(t, "unique.csv")[0][0])
	if got.Status != Cancelled || !errors.Is(err, context.Canceled) {
		t.Fatalf("status %v err %v, want cancelled", got.Status, err)
	}
}
