package generate

import (
	"context"
	"testing"

	"github.com/sudokubot/sudokubot/sudoku"
)

// TestGradeUpTo checks the step-by-step rating against the engine's Rate:
// the same rating and hardest technique below the ceiling, "over" above it.
func TestGradeUpTo(t *testing.T) {
	ctx := context.Background()
	over, under := 0, 0
	for seed := uint32(0); seed < 80; seed++ {
		p, _, err := candidate(ctx, sudoku.Classic, false, seed, plan{})
		if err != nil {
			t.Fatal(err)
		}
		if solvedWithin(&p, tierWings) {
			continue // the quick ones tell little
		}
		want, err := gradePuzzle(ctx, p)
		if err != nil {
			t.Fatal(err)
		}
		got, isOver, err := gradeUpTo(ctx, p, 61)
		if err != nil {
			t.Fatal(err)
		}
		switch {
		case want.rating > 61 && isOver:
			over++
		case want.rating <= 61 && !isOver && got == want:
			under++
		default:
			t.Errorf("%s: gradeUpTo %+v over=%v, the engine's Rate %+v", line(p), got, isOver, want)
		}
	}
	if over == 0 || under == 0 {
		t.Errorf("%d over 6.1, %d at or under: one side untested", over, under)
	}
}
